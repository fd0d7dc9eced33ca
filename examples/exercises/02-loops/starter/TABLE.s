*---------------------------------------------------------------------
* TABLE -- exercise 02: the sum, the smallest and the largest entry
* of a table, in one loop.
*
* COPY NUMBERS (below) defines N, a fullword count (at least 1), and
* NUMS, N fullwords.  Write three lines:
*     SUM n
*     MIN n
*     MAX n
* and return with return code 0.  See README.md.
*---------------------------------------------------------------------
         COPY  IMPSVC
TABLE    CSECT
         USING TABLE,15
*        your loop here: BCT (or BXLE) over the N entries of NUMS
*        then the three lines: SV_PUT 4 characters, SV_PUTDEC the
*        number, SV_PUTLINE with R0 = 0 to end the line
         SR    15,15
         BR    14
*
         COPY  NUMBERS
         END   TABLE
