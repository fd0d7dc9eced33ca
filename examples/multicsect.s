*---------------------------------------------------------------------
* MULTICSECT -- the assembler's toolbox in one program.
*
* What it shows:
*  - three control sections in one assembly: code (MCMAIN), a data
*    CSECT (MCDATA) and a constants CSECT (MCCONST), each reached
*    through its own base register: USING *,12 / USING MCDATA,11 /
*    USING MCCONST,8, loaded from address literals =A(...);
*  - a DSECT brought in with COPY PARTREC and a fourth USING on it
*    (R6 steps through the records of the table);
*  - EQU with a length attribute (LNAME EQU LINE+12,12), so that
*    MVC LNAME,PARTNAME moves exactly 12 bytes;
*  - literals (=F, =A, =V, =P, =C) and LTORG placing them;
*  - every DC type of the IMP assembler: C X B H F P Z A Y S V,
*    with duplication factors and length modifiers (CL5 XL3 AL2
*    FL1 PL3 3HL2 BL2).  The program compares the bytes it was
*    assembled into with a hand-written X'...' image of what the
*    System/370 formats say they must be;
*  - packed to binary (ZAP, CVB) and a product in a register pair.
*
* Expected output: see multicsect.expected.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  PARTREC
MCMAIN   CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12                base 1: this code
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
         L     11,=A(MCDATA)
         USING MCDATA,11           base 2: the data CSECT
         L     8,=A(MCCONST)
         USING MCCONST,8           base 3: the constants CSECT
*
* 1. The constants: how many bytes match the expected image?
         SR    2,2                 R2 = bytes that match
         SR    3,3                 IC fills only the low byte,
         SR    5,5                 so clear the rest first
         LA    4,KLEN
KBYTE    IC    3,KSTART(2)         assembled byte
         IC    5,KIMAGE(2)         expected byte
         CR    3,5
         BNE   KDONE
         LA    2,1(,2)
         BCT   4,KBYTE
KDONE    LA    3,NMCONST
         BAL   14,CHK
*
* 2. A V-type constant and the base register must agree on where
*    MCMAIN is: BALR 12,0 (after the 4-byte STM) left R12 = MCMAIN+6,
*    with the link word's ILC, CC and program mask in bits 0-7;
*    LA clears those bits.
         L     2,KV                V(MCMAIN), relocated by impld
         LA    2,6(,2)             MCMAIN+6
         LA    0,0(,12)            R0 = R12, bits 0-7 cleared
         SR    2,0                 must be 0
         LA    3,NMVCON
         BAL   14,CHK
*
* 3. The inventory: R6 -> a record, mapped by the PART DSECT.
         USING PART,6              base 4: the current record
         LA    6,PARTS
         LA    7,NPARTS
         SR    9,9                 R9 = total value in cents
         SR    4,4                 R4 = total quantity
         SR    2,2                 R2 = largest line value so far
PLOOP    ZAP   DW,PARTPRIC         the price, 8 bytes for CVB
         CVB   1,DW                R1 = price in cents
         LH    3,PARTQTY
         AR    4,3                 total quantity
         MR    0,3                 R0:R1 = price * quantity
         AR    9,1                 total value
         CR    1,2                 the largest line?
         BNH   PNEXT
         LR    2,1
         MVC   LNO,PARTNO          remember its number ...
         MVC   LNAME,PARTNAME      ... and name (12 bytes: L'LNAME)
PNEXT    LA    6,PARTLEN(,6)
         BCT   7,PLOOP
         DROP  6
         LA    2,NPARTS
         LA    3,NMPARTS
         BAL   14,CHK
         LR    2,4
         LA    3,NMQTY
         BAL   14,CHK
         LR    2,9
         LA    3,NMVALUE
         BAL   14,CHK
         LA    1,LINE              R1 -> the line
         LA    0,L'LINE            R0 = its length
         SVC   SV_PUTLINE          "part S-2002 SPROCKET ..."
*
         LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
* CHK: R2 = actual, R3 -> CL16 name and F expected: IMPCHECK.
CHK      ST    14,CHKR14
         ST    2,RESULT
         ST    3,CHKPL+8
         LA    3,16(,3)
         ST    3,CHKPL+4
         LA    1,CHKPL
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         L     14,CHKR14
         BR    14
*
SAVE     DC    18F'0'
CHKR14   DC    F'0'
RESULT   DC    F'0'
CHKPL    DC    A(RESULT,0,0)
         LTORG ,                   the literals of MCMAIN go here
*
*---------------------------------------------------------------------
* MCDATA -- the data: an inventory table and the report line.
*---------------------------------------------------------------------
MCDATA   CSECT
         DS    0D
DW       DS    D
PARTS    DS    0H
         DC    CL6'W-1001',CL12'WIDGET',H'12',PL4'250'
         DC    CL6'S-2002',CL12'SPROCKET',H'5',PL4'1299'
         DC    CL6'F-3003',CL12'FLANGE',H'40',PL4'75'
         DC    CL6'G-4004',CL12'GASKET',H'100',PL4'5'
NPARTS   EQU   (*-PARTS)/PARTLEN
LINE     DC    C'part ------ ------------ is the largest line'
LNO      EQU   LINE+5,6            the part number in LINE
LNAME    EQU   LINE+12,12          the name in LINE
NMCONST  DC    CL16'constant bytes',A(KLEN)
NMVCON   DC    CL16'V-con+6 - R12',F'0'
NMPARTS  DC    CL16'parts',F'4'
NMQTY    DC    CL16'total quantity',F'157'
NMVALUE  DC    CL16'total value',F'12995'
*
*---------------------------------------------------------------------
* MCCONST -- one constant of each type, then the bytes they must
* assemble to.  Ordered so that no alignment padding is needed.
*---------------------------------------------------------------------
MCCONST  CSECT
KSTART   DS    0F
KF       DC    F'-1'               FFFFFFFF
KA       DC    A(KX-KC)            00000003: an absolute difference
KH       DC    H'-2'               FFFE
KY       DC    Y(KZ-KF)            0019
KS       DC    S(KP)               8017: base R8, displacement 23
KAL2     DC    AL2(300)            012C
KC       DC    C'IMP'              C9D4D7 (EBCDIC)
KX       DC    X'0A0B0C'           0A0B0C
KB       DC    B'10100101'         A5
KP       DC    P'-123'             123D
KZ       DC    Z'123'              F1F2C3
KFL1     DC    FL1'5'              05
KCL      DC    CL5'AB'             C1C2404040 (padded with blanks)
KXL      DC    XL3'1'              000001 (padded with zeros)
KPL      DC    PL3'5'              00005C
KHD      DC    3HL2'7'             000700070007
KBL      DC    BL2'1'              0001
KLEN     EQU   *-KSTART            48
KIMAGE   DC    X'FFFFFFFF00000003FFFE0019801701'
         DC    X'2CC9D4D70A0B0CA5123DF1F2C305C1'
         DC    X'C240404000000100005C0007000700'
         DC    X'070001'
KV       DC    V(MCMAIN)
         LTORG
         END   MCMAIN
