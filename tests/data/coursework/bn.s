* Built-in functions that give numbers and truth values; bits in SETA.
         LCLA  &A
         LCLB  &B
&A       SETA  C2A('A')+X2A('10')+B2A('11')+D2A('-5')
         MNOTE *,'&A'
&A       SETA  DCLEN('a''''b')
         MNOTE *,'&A'
&A       SETA  (12 AND 10)*1000+(12 OR 3)*10+(5 XOR 1)
         MNOTE *,'&A'
&A       SETA  (1 SLL 4)+(256 SRL 4)+(-16 SRA 2)+(NOT 0)
         MNOTE *,'&A'
&B       SETB  (ISBIN('101') AND ISHEX('C1') AND ISSYM('A$1'))
         MNOTE *,'&B'
&B       SETB  (ISBIN('102') OR ISHEX('G') OR ISSYM('1A'))
         MNOTE *,'&B'
&B       SETB  (ISDEC('2147483647') AND NOT ISDEC('2147483648'))
         MNOTE *,'&B'
&A       SETA  INDEX('ABCDEF','CD')*10+FIND('ABCDEF','XYE')
         MNOTE *,'&A'
T        CSECT
         END
