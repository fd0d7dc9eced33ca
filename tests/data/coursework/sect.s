* &SYSECT is the section at the call for the whole expansion.
         MACRO
         DATA  &V
DATAS    CSECT
         DC    C'&V'
&SYSECT  CSECT
         DC    C'&SYSECT'
         MEND
CODE     CSECT
         DATA  X
         DC    C'Y'
         END
