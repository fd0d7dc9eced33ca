* Built-in functions that give character values.
         LCLC  &C
&C       SETC  A2B(5).','.A2D(0).','.A2D(-3).','.A2X(-7)
         MNOTE *,'&C'
&C       SETC  SIGNED(7).','.SIGNED(-7).','.A2D(241)
         MNOTE *,'&C'
&C       SETC  C2X('A1').','.C2B('1').','.C2D('A')
         MNOTE *,'&C'
&C       SETC  X2C('C1C2').','.B2C('11110001').','.X2D('FFFFFFFF')
         MNOTE *,'&C'
&C       SETC  B2X('11111').','.X2B('F1').','.D2X('255')
         MNOTE *,'&C'
&C       SETC  (UPPER 'abc').(LOWER 'DEF').DEQUOTE('''hi''')
         MNOTE *,'&C'
&C       SETC  BYTE(193).(A2X 10).B2D('101').DCVAL('a&&&&b')
         MNOTE *,'&C'
T        CSECT
         END
