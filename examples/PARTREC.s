*---------------------------------------------------------------------
* PARTREC -- COPY member for multicsect.s: one inventory record.
* A DSECT describes storage without reserving any: USING PART,6
* lets PARTQTY mean "18 bytes past the address in R6".
*---------------------------------------------------------------------
PART     DSECT
PARTNO   DS    CL6                 part number
PARTNAME DS    CL12                description
PARTQTY  DS    H                   quantity on hand
PARTPRIC DS    PL4                 unit price in cents, packed
PARTLEN  EQU   *-PART              24 bytes a record
