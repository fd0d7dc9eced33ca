*---------------------------------------------------------------------
* PAYROLL -- the IMP flagship demo: a weekly payroll report.
*
* Sources (one CSECT each, linked by impld):
*   payroll.s    PAYROLL   reads the time cards, drives the rest,
*                          prints the report
*                PAYDATA   the running totals (ENTRY PAYTOTS)
*   payparse.s   PAYPARSE  checks a card and packs its numbers
*   paycalc.s    PAYCALC   gross, tax and net pay; totals
*   payedit.s    PAYEDIT   edits a report line with ED
*   imprt.s      IMPCHECK  the runtime's self-check (vm/host/runtime)
*   PAYREC.s     the DSECTs they share (COPY PAYREC)
*
* Run:  imprun --file CARDS=payroll.txt payroll.load
*
* What it shows: a program in several separately assembled CSECTs,
* calls through V-type constants with parameter lists, data shared
* through ENTRY/EXTRN, DSECTs in a COPY member, packed decimal
* arithmetic and ED, files through an FCB, the host services by
* supervisor call (SVC SV_name, R1 and R0 the parameters), and a
* load map and a CSECT cross-reference from impld (make demo).
* payroll.ctl holds the impld control statements that order the
* CSECTs.
*---------------------------------------------------------------------
         COPY  IMPSVC
         COPY  PAYREC
PAYROLL  CSECT
         STM   14,12,12(13)
         BALR  12,0
         USING *,12
         ST    13,SAVE+4
         LA    2,SAVE
         ST    2,8(,13)
         LR    13,2
         SR    10,10               R10 = return code so far
*
         LA    1,CARDFCB           R1 -> the FCB
         SVC   SV_OPEN             the time cards
         BNZ   IOERR
         LA    1,TITLE             R1 -> the text
         LA    0,L'TITLE           R0 = its length
         SVC   SV_PUTLINE
         LA    1,HEADING
         LA    0,RPTLEN            (L'HEADING is the first piece's)
         SVC   SV_PUTLINE
*
* One card at a time: parse, pay, edit, print.
         SR    6,6                 R6 = card number
         SR    8,8                 R8 = cards rejected
NEXTCARD LA    1,CARDFCB
         SVC   SV_GET
         BC    4,ENDCARDS          CC 1: no more cards
         BC    1,IOERR             CC 3: error
         LA    6,1(,6)
         LA    1,PARSEPL           PAYPARSE(card, length, EMPREC)
         L     15,=V(PAYPARSE)
         BALR  14,15
         LTR   15,15
         BNZ   BADCARD
         LA    1,CALCPL            PAYCALC(EMPREC)
         L     15,=V(PAYCALC)
         BALR  14,15
         LA    1,EDITPL            PAYEDIT(EMPREC, LINE)
         L     15,=V(PAYEDIT)
         BALR  14,15
         LA    1,LINE
         LA    0,RPTLEN
         SVC   SV_PUTLINE
         B     NEXTCARD
*
BADCARD  LA    8,1(,8)
         LA    1,BADMSG1
         LA    0,L'BADMSG1
         SVC   SV_PUT              "*** card "
         LR    1,6
         SVC   SV_PUTDEC           its number
         LA    1,BADMSG2
         LA    0,L'BADMSG2
         SVC   SV_PUTLINE          " rejected: not a time card"
         B     NEXTCARD
*
* The totals line: the totals as an EMP record with no rate.
ENDCARDS LA    1,CARDFCB
         SVC   SV_CLOSE
         LA    1,RULE
         LA    0,RPTLEN
         SVC   SV_PUTLINE          a line of dashes
         L     9,=A(PAYTOTS)
         USING TOT,9
         LA    7,EMPREC
         USING EMP,7
         MVC   EMPNAME,=CL20'TOTAL'
         ZAP   EMPHRS,TOTHRS
         ZAP   EMPRATE,=P'0'
         ZAP   EMPGROSS,TOTGROSS
         ZAP   EMPTAX,TOTTAX
         ZAP   EMPNET,TOTNET
         DROP  7
         LA    1,EDITPL
         L     15,=V(PAYEDIT)
         BALR  14,15
         LA    1,LINE
         LA    0,RPTLEN
         SVC   SV_PUTLINE
*
         LA    1,PAIDMSG
         LA    0,L'PAIDMSG
         SVC   SV_PUT              "employees paid: "
         L     1,TOTCOUNT
         SVC   SV_PUTDEC
         LA    1,REJMSG
         LA    0,L'REJMSG
         SVC   SV_PUT              ", cards rejected: "
         LR    1,8
         SVC   SV_PUTDEC
         SR    0,0                 no text:
         SVC   SV_PUTLINE          end the line
*
* Self-check: gross = tax + net, to the cent.
         ZAP   WORK,TOTGROSS
         SP    WORK,TOTTAX
         SP    WORK,TOTNET
         DROP  9
         CVB   2,WORK
         ST    2,RESULT
         LA    1,CHECKPL
         L     15,=V(IMPCHECK)
         BALR  14,15
         OR    10,15
         B     RETURN
*
IOERR    LA    1,ERRMSG
         LA    0,L'ERRMSG
         SVC   SV_PUTLINE
         LA    10,12
RETURN   LR    15,10
         L     13,SAVE+4
         L     14,12(,13)
         LM    0,12,20(13)
         BR    14
*
SAVE     DC    18F'0'
RESULT   DC    F'0'
ZERO     DC    F'0'
         DS    0D
WORK     DC    PL8'0'
PARSEPL  DC    A(CARD),A(CARDRECL),X'80',AL3(EMPREC)
CALCPL   DC    X'80',AL3(EMPREC)
EDITPL   DC    A(EMPREC),X'80',AL3(LINE)
CHECKPL  DC    A(RESULT),A(ZERO),A(CHECKNM)
CHECKNM  DC    CL16'totals balance'
CARDFCB  DC    0F'0',CL8'CARDS'    the time cards, bound by imprun
         DC    A(FCB_TEXTIN),F'0',A(CARD),A(L'CARD)
CARDRECL DC    F'0'
TITLE    DC    C'IMP PAYROLL -- WEEKLY REPORT'
HEADING  DC    CL20'NAME',CL9'    HOURS',CL7'   RATE'
         DC    CL13'        GROSS',CL13'          TAX'
         DC    CL13'          NET'
RULE     DC    (RPTLEN)C'-'
BADMSG1  DC    C'*** card '
BADMSG2  DC    C' rejected: not a time card'
PAIDMSG  DC    C'employees paid: '
REJMSG   DC    C', cards rejected: '
ERRMSG   DC    C'FAIL cannot read the cards (CARDS)'
EMPREC   DS    CL(EMPLEN)
LINE     DS    CL(RPTLEN)
CARD     DS    CL80
         LTORG
*
*---------------------------------------------------------------------
* PAYDATA -- the totals, shared with PAYCALC through ENTRY PAYTOTS.
*---------------------------------------------------------------------
PAYDATA  CSECT
         ENTRY PAYTOTS
PAYTOTS  DC    F'0'                TOTCOUNT
         DC    PL4'0',PL5'0',PL5'0',PL5'0'   TOTHRS ... TOTNET
         END   PAYROLL
