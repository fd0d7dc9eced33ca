*---------------------------------------------------------------------
* PAYREC -- COPY member of the payroll demo: the records the
* CSECTs pass to each other, as DSECTs.
*---------------------------------------------------------------------
*
* EMP: one employee, parsed (PAYPARSE) and paid (PAYCALC).
* Amounts are packed decimal: hours in tenths, money in cents.
EMP      DSECT
EMPNAME  DS    CL20                name
EMPHRS   DS    PL4                 hours worked, tenths (042.5 = 425)
EMPRATE  DS    PL3                 hourly rate, cents
EMPGROSS DS    PL5                 gross pay, cents
EMPTAX   DS    PL5                 tax withheld, cents
EMPNET   DS    PL5                 net pay, cents
EMPLEN   EQU   *-EMP
*
* TOT: the running totals, kept in PAYDATA (ENTRY PAYTOTS).
TOT      DSECT
TOTCOUNT DS    F                   employees paid
TOTHRS   DS    PL4
TOTGROSS DS    PL5
TOTTAX   DS    PL5
TOTNET   DS    PL5
TOTLEN   EQU   *-TOT
*
* RPT: one line of the report, as PAYEDIT fills it.
RPT      DSECT
RPTNAME  DS    CL20
RPTHRS   DS    CL9                 "     42.5"
RPTRATE  DS    CL7                 "  31.25"
RPTGROSS DS    CL13                "     1,367.19"
RPTTAX   DS    CL13
RPTNET   DS    CL13
RPTLEN   EQU   *-RPT               75
*
* Input records, fixed columns (offsets from 0):
INNAME   EQU   0,20                name
INHRS    EQU   20,4                hours "dd.d"
INRATE   EQU   25,5                rate "dd.dd"
INMIN    EQU   30                  shortest valid record
