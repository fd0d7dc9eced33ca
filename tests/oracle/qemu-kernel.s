# qemu-kernel.s -- problem-state instructions whose results and condition
# codes qemu-s390x (user mode) and IMP must agree on (t1930).  GNU-as
# syntax, included by a wrapper for each machine: GR4 -> data (qemu-data.s);
# CCCAP r puts the PSW's condition code in bits 2-3 of GR r's top byte
# (IPM on qemu, BALR on IMP), and CC i keeps it as byte i of ccs.
# The decimal instructions are not here: qemu 7.2 has no AP, ZAP, ED,
# CVB, ... (they are checked against Hercules, t3500).
	.macro CC i
	CCCAP 1
	srl   1,28
	n     1,k3-data(0,4)
	stc   1,ccs-data+\i(0,4)
	.endm
	# 0 TRT stops at the last byte: CC2, R1, R2's low byte
	trt   s1-data(4,4),tab-data(4)
	CC 0
	sr    1,1
	# 1 CLCL, the shorter operand padded: first higher, CC2
	la    6,c1-data(0,4)
	la    7,5(0,0)
	la    8,c2-data(0,4)
	l     9,cpad-data(0,4)
	clcl  6,8
	CC 1
	st    7,res-data+0(0,4)
	st    9,res-data+4(0,4)
	# 2 MVCL with destructive overlap: CC3, nothing moved
	la    6,c1+1-data(0,4)
	la    7,3(0,0)
	la    8,c1-data(0,4)
	la    9,3(0,0)
	mvcl  6,8
	CC 2
	# 3 MVCL with padding: CC2
	la    6,m1-data(0,4)
	la    7,8(0,0)
	la    8,c2-data(0,4)
	l     9,cpad2-data(0,4)
	mvcl  6,8
	CC 3
	# 4 ICM mask 0101, first byte's high bit: CC1
	icm   3,5,kicm-data(4)
	CC 4
	st    3,res-data+8(0,4)
	# 5 CLM with mask 0101
	clm   3,5,kclm-data(4)
	CC 5
	# 6 SLDA overflow: CC3
	l     2,kbig-data(0,4)
	l     3,kbig-data(0,4)
	slda  2,1
	CC 6
	stm   2,3,res-data+12(4)
	# 7 AL: zero with carry, CC2
	l     2,kff-data(0,4)
	al    2,kone-data(0,4)
	CC 7
	# 8 SL: borrow, CC1
	sr    2,2
	sl    2,kone-data(0,4)
	CC 8
	# 9 AH overflow: CC3
	l     2,kmax-data(0,4)
	ah    2,khalf-data(0,4)
	CC 9
	st    2,res-data+20(0,4)
	# 10 EX of TR with the length in a register
	la    5,2(0,0)
	ex    5,xtr-data(0,4)
	CC 10
	# 11 SRDA of a negative pair: CC1
	l     2,kneg1-data(0,4)
	srda  2,40
	CC 11
	stm   2,3,res-data+24(4)
	# 12 EX of CLC, equal: CC0
	la    5,3(0,0)
	ex    5,xclc-data(0,4)
	CC 12
	# 13 MVC one byte to the right: propagation
	mvc   p1+1-data(7,4),p1-data(4)
	# 14 NC, OC, XC and TM
	nc    b1-data(2,4),b2-data(4)
	CC 14
	oc    b3-data(2,4),b2-data(4)
	CC 15
	xc    b4-data(2,4),b4-data(4)
	CC 16
	tm    b2-data(4),0x0f
	CC 17
	# 18 LPR of the largest negative: CC3
	l     2,kmin-data(0,4)
	lpr   2,2
	CC 18
	st    2,res-data+32(0,4)
	# 19 SLA overflow keeps the sign: CC3
	l     2,kbig-data(0,4)
	sla   2,2
	CC 19
	st    2,res-data+36(0,4)
	# 20 MH and M, D
	l     3,kbig-data(0,4)
	mh    3,khalf-data(0,4)
	st    3,res-data+40(0,4)
	l     3,kseven-data(0,4)
	m     2,kneg1-data(0,4)
	stm   2,3,res-data+44(4)
	l     2,kzero-data(0,4)
	l     3,khund-data(0,4)
	d     2,kseven-data(0,4)
	stm   2,3,res-data+52(4)
	# 21 CLC low: CC1; CLI high: CC2
	clc   c2-data(3,4),c1+1-data(4)
	CC 21
	cli   c1-data(4),0x40
	CC 22
	# 23 BXLE loop: the sum of 1..10
	sr    2,2
	la    6,1(0,0)
	la    8,1(0,0)
	la    9,10(0,0)
	basr  10,0
	ar    2,6
	bxle  6,8,0(10)
	st    2,res-data+60(0,4)
	# 24 CVD of a negative number
	l     2,kneg1-data(0,4)
	cvd   2,pk9-data(0,4)
	# 27 ICM with mask 0: CC0, the register unchanged
	l     3,kneg1-data(0,4)
	icm   3,0,kicm-data(4)
	CC 27
	st    3,res-data+64(0,4)
	# 28 CLM with mask 0: CC0
	clm   3,0,kclm-data(4)
	CC 28
	# 29 TRT that finds nothing: CC0, R1 and R2 unchanged
	la    1,7(0,0)
	la    2,9(0,0)
	trt   c2-data(3,4),tab-data(4)
	CC 29
	stm   1,2,res-data+68(4)
	# 30 CLCL and MVCL of nothing: CC0
	la    6,c1-data(0,4)
	sr    7,7
	la    8,c2-data(0,4)
	sr    9,9
	clcl  6,8
	CC 30
	mvcl  6,8
	CC 31
	# 25 LTR and LCR of zero
	sr    2,2
	lcr   2,2
	CC 25
	l     2,kneg1-data(0,4)
	ltr   2,2
	CC 26
