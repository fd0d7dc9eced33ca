*---------------------------------------------------------------------
* IMPRT -- the IMP guest runtime: subroutines for coursework.
*
* Assemble it once and link it with your program:
*
*   impas -I vm/host/runtime vm/host/runtime/imprt.s -o imprt.o
*   impld -o prog.load prog.o imprt.o
*
* Every routine uses the standard linkage: R13 -> a 72-byte save
* area of the caller, R14 = return address, R15 = entry address,
* R1 -> a parameter list of fullword addresses.  R2-R14 come back
* unchanged; R15 holds the return code.  A call:
*
*          LA    1,PLIST             R1 -> parameter list
*          L     15,=V(IMPCHECK)     R15 = entry point
*          BALR  14,15               call; R15 = return code
*
* IMPCHECK  A(actual F), A(expected F), A(name CL16)
*           writes "OK name = actual" when actual = expected, or
*           "FAIL name = actual, expected expected" when not;
*           R15 <- 0 when equal, 8 when not.  Trailing blanks of
*           the name are not written.
*
* IMPDEC    A(value F), A(field CL12)
*           stores the value as signed decimal, right-justified
*           in the 12-byte field ("         -42"); R15 <- 0.
*
* The code never stores into itself: its work areas are the CSECT
* IMPRTW, so that imprun can protect the code (storage key 0, the
* program's key 8) the way an operating system protects its
* routines: a wild store into the runtime is a protection exception.
* Neither routine calls another, so neither needs a save area of its
* own; they keep the caller's registers in the caller's save area.
*---------------------------------------------------------------------
         COPY  IMPSVC
*
*---------------------------------------------------------------------
* IMPRTW -- the runtime's work areas (the program's key: writable).
*---------------------------------------------------------------------
IMPRTW   CSECT
DCPACK   DS    D                   IMPDEC: CVD's packed decimal
DCEDIT   DS    CL12                IMPDEC: the edited number
*
*---------------------------------------------------------------------
* IMPCHECK -- compare two fullwords and report.
*   R2 -> actual, R3 -> expected, R4 -> name, R7 = name length,
*   R5 = actual, R6 = expected, R8/R9 = text address/length for PUT
*---------------------------------------------------------------------
IMPCHECK CSECT
         STM   14,12,12(13)        save the caller's registers
         LR    12,15               R12 = base
         USING IMPCHECK,12
*
         LM    2,4,0(1)            the three parameter addresses
         LA    4,0(,4)             clear the end-of-list bit
         L     5,0(,2)             R5 = actual
         L     6,0(,3)             R6 = expected
         LA    7,15(,4)            R7 -> last byte of the name
CKTRIM   CR    7,4                 before the first byte?
         BL    CKLEN               yes: the name is all blanks
         CLI   0(7),C' '           a trailing blank?
         BNE   CKLEN
         BCTR  7,0                 drop it
         B     CKTRIM
CKLEN    SR    7,4                 R7 = (last - first) ...
         LA    7,1(,7)             ... + 1 = length to write
*
         LA    8,CKOK              assume equal: "OK "
         LA    9,L'CKOK
         CR    5,6
         BE    CKHEAD
         LA    8,CKFAIL            "FAIL "
         LA    9,L'CKFAIL
CKHEAD   LR    1,8                 "OK " or "FAIL "
         LR    0,9
         SVC   SV_PUT
         LR    1,4                 the name
         LR    0,7
         SVC   SV_PUT
         LA    8,CKEQ
         LA    9,L'CKEQ
         LR    1,8                 " = "
         LR    0,9
         SVC   SV_PUT
         LR    1,5                 the actual value
         SVC   SV_PUTDEC
         SR    15,15               return code 0 if equal
         CR    5,6
         BE    CKEND
         LA    8,CKEXP
         LA    9,L'CKEXP
         LR    1,8                 ", expected "
         LR    0,9
         SVC   SV_PUT
         LR    1,6                 the expected value
         SVC   SV_PUTDEC
         LA    15,8                return code 8
CKEND    SR    0,0                 end the line (no more text)
         SVC   SV_PUTLINE
*
         L     14,12(,13)          return address
         LM    0,12,20(13)         R0-R12 as they were; R15 = RC
         BR    14
*
CKOK     DC    C'OK '
CKFAIL   DC    C'FAIL '
CKEQ     DC    C' = '
CKEXP    DC    C', expected '
         LTORG
*
*---------------------------------------------------------------------
* IMPDEC -- a fullword as signed decimal in a 12-byte field.
*   CVD makes 8 bytes of packed decimal (15 digits and a sign); a
*   fullword needs at most 10 digits, so the edit uses the last 6
*   bytes (11 digits).  ED fills leading zeros with blanks; a minus
*   sign is then put just before the first digit.
*---------------------------------------------------------------------
IMPDEC   CSECT
         STM   14,12,12(13)        save the caller's registers
         LR    12,15               R12 = base
         USING IMPDEC,12
         L     11,=A(IMPRTW)       R11 -> the work areas
         USING IMPRTW,11
*
         LM    2,3,0(1)            R2 -> value, R3 -> field
         LA    3,0(,3)             clear the end-of-list bit
         L     5,0(,2)             R5 = value
         CVD   5,DCPACK            packed decimal, sign C or D
         MVC   DCEDIT,DCPAT        fresh pattern
         ED    DCEDIT,DCPACK+2     11 digits, fill blank
         LTR   5,5
         BNM   DCMOVE              not negative: done
         LA    4,DCEDIT            find the first non-blank
DCSCAN   CLI   0(4),C' '
         BNE   DCSIGN
         LA    4,1(,4)
         B     DCSCAN
DCSIGN   BCTR  4,0                 one to its left ...
         MVI   0(4),C'-'           ... goes the sign
DCMOVE   MVC   0(12,3),DCEDIT      store the result
*
         LM    14,12,12(13)        restore everything
         SR    15,15               return code 0
         BR    14
*
DCPAT    DC    X'40',9X'20',X'2120'  fill, 9 digits, start, digit
         LTORG
         END
