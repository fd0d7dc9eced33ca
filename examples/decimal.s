*---------------------------------------------------------------------
* DECIMAL -- numbers as people read them: packed decimal and ED.
*
* What it shows:
*  - CVD: binary to packed decimal (8 bytes, sign C or D);
*  - UNPK and the classic OI of the last byte with X'F0': UNPK
*    leaves the sign in the zone of the last digit (X'C0'), the OI
*    turns it into an ordinary digit (X'F0');
*  - ED with a pattern: X'40' fill, X'20' digit selectors, X'21'
*    significance starter, commas (X'6B') and a decimal point
*    (X'4B') that vanish while no digit is significant, and "CR"
*    that stays only when the number is negative;
*  - packed arithmetic: ZAP and AP on fields of different lengths;
*  - PACK and CVB: characters back to a binary number;
*  - EX to give CLC a length held in a register;
*  - IMPDEC from the runtime, which does steps 1 and 2 for you.
*
* Every edited field is printed between brackets, so the blanks
* that ED leaves are visible, and compared with what it must be.
*
* Expected output: see decimal.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
DECIMAL  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
* 1. CVD, UNPK, OI: 90210 as seven digits with leading zeros.
         L     2,=F'90210'
         CVD   2,DW                DW = X'000000000090210C'
         UNPK  ZONED7,DW+4(4)      seven zoned digits, last X'C0'
         OI    ZONED7+6,X'F0'      X'C0' -> X'F0', a printable 0
         LA    4,ZONED7
         LA    5,L'ZONED7
         LA    6,EXUNPK
         LA    7,LBUNPK
         LA    8,L'LBUNPK
         BAL   14,TEXTCHK
*
* 2. ED with commas: seven digits as d,ddd,ddd.
         L     2,=F'1234567'
         CVD   2,DW
         MVC   EDIT10,PATCOMMA     ED destroys its pattern: copy it
         ED    EDIT10,DW+4         edit the last 4 bytes (7 digits)
         LA    4,EDIT10
         LA    5,L'EDIT10
         LA    6,EXCOM1
         LA    7,LBCOMMA
         LA    8,L'LBCOMMA
         BAL   14,TEXTCHK
         L     2,=F'4500'
         CVD   2,DW
         MVC   EDIT10,PATCOMMA
         ED    EDIT10,DW+4         the leading comma becomes fill
         LA    4,EDIT10
         LA    6,EXCOM2
         BAL   14,TEXTCHK          (R5, R7, R8 as before)
*
* 3. Money: amounts in cents, packed, added with AP.
         ZAP   TOTAL,AMT1          TOTAL = 250.00
         MVC   EDIT12,PATMONEY
         ED    EDIT12,TOTAL        positive: no CR
         LA    4,EDIT12
         LA    5,L'EDIT12
         LA    6,EXMON1
         LA    7,LBMONEY
         LA    8,L'LBMONEY
         BAL   14,TEXTCHK
         AP    TOTAL,AMT2          - 1,485.56
         AP    TOTAL,AMT3          + 12.34 = -1,223.22
         MVC   EDIT12,PATMONEY
         ED    EDIT12,TOTAL        negative: CR stays
         LA    4,EDIT12
         LA    6,EXMON2
         BAL   14,TEXTCHK
*
* 4. PACK and CVB: the characters '4711' back to binary.
         PACK  DW,ZIN              DW = X'000000000004711F'
         CVB   2,DW                R2 = 4711
         ST    2,RESULT
         LA    1,CHECK1
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
*
* 5. The runtime's IMPDEC: a fullword as a 12-byte edited field.
         LA    1,DECPL1            IMPDEC(-42, FIELD12)
         L     15,=V(IMPDEC)
         BALR  14,15
         LA    4,FIELD12
         LA    5,L'FIELD12
         LA    6,EXDEC1
         LA    7,LBDEC
         LA    8,L'LBDEC
         BAL   14,TEXTCHK
         LA    1,DECPL2            IMPDEC(-2147483648, FIELD12)
         L     15,=V(IMPDEC)
         BALR  14,15
         LA    6,EXDEC2
         BAL   14,TEXTCHK
*
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
*---------------------------------------------------------------------
* TEXTCHK: compare a field with its expected text and report
*   "OK label [field]" or "FAIL label [field] expected [text]".
*   R4 -> field, R5 = its length, R6 -> expected text (same length),
*   R7 -> label, R8 = label length.  Sets R10 = 8 on a mismatch.
*   Uses R0, R1 (the SVC parameters: R1 -> text, R0 = length) and
*   R9; R4-R8 come back unchanged.
*---------------------------------------------------------------------
TEXTCHK  ST    14,TCR14
         SR    9,9                 R9 = 0: equal so far
         BCTR  5,0                 length - 1, as SS lengths are coded
         EX    5,TCCLC             CLC 0(length,4),0(6)
         LA    5,1(,5)             the length again
         BE    TCHEAD
         LA    9,1                 R9 = 1: different
         LA    10,8                return code 8
TCHEAD   LA    1,TCOK
         LA    0,L'TCOK
         LTR   9,9
         BZ    TCPUT
         LA    1,TCFAIL
         LA    0,L'TCFAIL
TCPUT    SVC   SV_PUT              "OK " or "FAIL "
         LR    1,7
         LR    0,8
         SVC   SV_PUT              label
         LA    1,TCOPEN
         LA    0,L'TCOPEN
         SVC   SV_PUT              " ["
         LR    1,4
         LR    0,5
         SVC   SV_PUT              the field
         LA    1,TCCLOSE
         LA    0,L'TCCLOSE
         SVC   SV_PUT              "]"
         LTR   9,9
         BZ    TCEND
         LA    1,TCEXP
         LA    0,L'TCEXP
         SVC   SV_PUT              " expected ["
         LR    1,6
         LR    0,5
         SVC   SV_PUT              the expected text
         LA    1,TCCLOSE
         LA    0,L'TCCLOSE
         SVC   SV_PUT              "]"
TCEND    SR    0,0                 no text:
         SVC   SV_PUTLINE          end the line
         L     14,TCR14
         BR    14
TCCLC    CLC   0(0,4),0(6)         executed by EX with the length
*
SAVE     DC    18F'0'
TCR14    DC    F'0'
RESULT   DC    F'0'
CHECK1   DC    A(RESULT),A(E4711),A(LBCVB)
E4711    DC    F'4711'
LBCVB    DC    CL16'cvb'
DECPL1   DC    A(DECV1),X'80',AL3(FIELD12)
DECPL2   DC    A(DECV2),X'80',AL3(FIELD12)
DECV1    DC    F'-42'
DECV2    DC    F'-2147483648'      the most negative fullword
FIELD12  DS    CL12
LBDEC    DC    C'impdec'
EXDEC1   DC    C'         -42'
EXDEC2   DC    C' -2147483648'
         DS    0D
DW       DS    D                   work doubleword for CVD, CVB
ZONED7   DS    CL7
EDIT10   DS    CL10
EDIT12   DS    CL12
* Pattern bytes: 40 fill, 20 digit, 6B comma, 20 20 20, 6B comma,
* 20, 21 digit that starts significance, 20: 7 digits, d,ddd,ddd
PATCOMMA DC    X'40206B2020206B202120'
* Pattern bytes: 40 fill, 20 20, 6B comma, 20 21 20, 4B point,
* 20 20, C3D9 'CR': 7 digits, dd,ddd.dd and CR when negative
PATMONEY DC    X'4020206B2021204B2020C3D9'
TOTAL    DC    PL4'0'              7 digits and a sign
AMT1     DC    P'25000'            250.00
AMT2     DC    P'-148556'          -1,485.56
AMT3     DC    P'1234'             12.34
ZIN      DC    C'4711'             zoned decimal: X'F4F7F1F1'
LBUNPK   DC    C'unpk'
LBCOMMA  DC    C'commas'
LBMONEY  DC    C'money'
EXUNPK   DC    C'0090210'
EXCOM1   DC    C' 1,234,567'
EXCOM2   DC    C'     4,500'
EXMON1   DC    C'    250.00  '
EXMON2   DC    C'  1,223.22CR'
TCOK     DC    C'OK '
TCFAIL   DC    C'FAIL '
TCOPEN   DC    C' ['
TCCLOSE  DC    C']'
TCEXP    DC    C' expected ['
         LTORG
         END   DECIMAL
