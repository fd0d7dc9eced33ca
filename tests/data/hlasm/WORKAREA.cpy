*        WORKAREA -- COPY member of the corpus: a work area layout
WORK     DS    0D
WKCOUNT  DS    F
WKTOTAL  DS    F
WKNAME   DS    CL16
WKLEN    EQU   *-WORK
