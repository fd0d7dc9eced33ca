*---------------------------------------------------------------------
* PONG -- the other of two programs that share the processor.
*
* What it shows:
*  - two programs running at once as tasks, each in its own virtual
*    address space (both are linked at X'10000': the same addresses,
*    different storage);
*  - round-robin dispatching by the machine's microcode: each task
*    runs for a time slice, then the other one gets the processor;
*  - the console of each task: imprun puts the task number in front
*    of every line it writes ("[1] ...", "[2] ...").
*
* PING writes five numbered lines and burns about 30000 cycles of
* arithmetic between them (a sum of 1..N, checked); PONG does the
* same with its own lines.  With a time slice shorter than the
* computing, the lines of the two tasks interleave:
*
*   imprun --slice=20000 ping.s --task pong.s
*
* Alone (imprun pong.s) it runs the same and writes the same lines
* without the "[2] ".  Return code 0, or 8 if a sum came out wrong.
*
* Expected output: see pong.expected (of imprun pong.s, alone);
* ping.expected holds the output of the command above.
*---------------------------------------------------------------------
         COPY  IMPSVC              host-service SVC numbers
PONG     CSECT
         STM   14,12,12(13)        save the caller's registers
         BALR  12,0                R12 = address of the next byte
         USING *,12                ... and it is our base
         ST    13,SAVE+4           back chain
         LA    2,SAVE
         ST    2,8(,13)            forward chain
         LR    13,2                R13 -> our save area
         SR    10,10               R10 = return code so far
         LA    6,1                 R6 = line number, 1 to NLINES
*
* One line: "ping n: ..." with the digit n put into the text.
LINE     LA    2,X'F0'(,6)         the EBCDIC digit of R6
         STC   2,MSGNUM
         LA    1,MSG               R1 -> the text
         LA    0,L'MSG             R0 = its length
         SVC   SV_PUTLINE          write the line
*
* Compute between the lines: R3 = 1 + 2 + ... + N, counting down.
         SR    3,3                 R3 = sum
         L     4,N                 R4 = counter
ADDUP    AR    3,4                 sum = sum + counter
         BCT   4,ADDUP
         C     3,SUMN              N(N+1)/2?
         BE    NEXT
         LA    10,8                no: the return code says so
NEXT     LA    6,1(,6)             the next line
         C     6,NLINES
         BNH   LINE
*
         LA    1,DONE
         LA    0,L'DONE
         SVC   SV_PUTLINE
         LR    15,10               return code: 0 or 8
         L     13,SAVE+4           the caller's save area
         L     14,12(,13)          return address
         LM    0,12,20(13)         R0-R12 as they were
         BR    14
*
SAVE     DC    18F'0'              our save area
N        DC    F'5000'             terms of each sum
SUMN     DC    F'12502500'         5000 * 5001 / 2
NLINES   DC    F'5'
MSG      DC    C'pong n: tock'
MSGNUM   EQU   MSG+5,1             the digit n
DONE     DC    C'pong: done'
         END   PONG
