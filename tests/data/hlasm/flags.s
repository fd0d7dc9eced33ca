*---------------------------------------------------------------------
* FLAGS -- bits and bytes: self-defining terms as immediates, masks
* made with EQU, TM and the branches that test its condition code.
*---------------------------------------------------------------------
         COPY  REGS
BIT0     EQU   X'80'
BIT1     EQU   X'40'
BIT7     EQU   B'00000001'
ALLBITS  EQU   BIT0+BIT1+BIT7
FLAGS    CSECT
         BASR  R12,0
         USING *,R12
         MVI   FLAG,X'FF'
         NI    FLAG,X'FF'-BIT1     clear one bit
         OI    FLAG2,B'00000001'
         XI    FLAG2,BIT0+BIT7
         TM    FLAG,ALLBITS
         BO    ALLON
         BM    MIXED
         BZ    NONE
ALLON    CLI   CHAR,C'A'
         BL    LOW
         CLI   CHAR,C'z'
         BH    HIGH
         MVI   CHAR,C''''          a quote
         LA    R1,C'A'             a character term as a number
         LA    R2,X'7F'
         LA    R3,B'1010'
         L     R4,=A(C'AB')
         L     R5,=F'-1'
         SLL   R5,4
         SRL   R5,28(R0)
         SRA   R5,1
         ICM   R6,B'0110',HALFW
         STCM  R6,3,HALFW
         CLM   R6,B'0011',HALFW
MIXED    DS    0H
NONE     DS    0H
LOW      DS    0H
HIGH     SVC   3
FLAG     DC    X'00'
FLAG2    DC    B'0'
CHAR     DC    C'M'
HALFW    DC    H'513'
MASKS    DC    AL1(BIT0,BIT1,BIT7,ALLBITS)
         END   FLAGS
