# flags.s in GNU as syntax; base B = R12 after BASR.  Immediates are the
# self-defining terms worked out by hand: X'FF'-BIT1 = X'BF', C'A' = X'C1'.
        .data
F:      basr    %r12,0
B:      mvi     FLAG-B(%r12),0xff
        ni      FLAG-B(%r12),0xbf       # X'FF'-BIT1
        oi      FLAG2-B(%r12),0x01      # B'00000001'
        xi      FLAG2-B(%r12),0x81      # BIT0+BIT7
        tm      FLAG-B(%r12),0xc1       # ALLBITS = X'80'+X'40'+X'01'
        bc      1,ALLON-B(0,%r12)       # BO
        bc      4,MIXED-B(0,%r12)       # BM
        bc      8,NONE-B(0,%r12)        # BZ
ALLON:  cli     CHAR-B(%r12),0xc1       # C'A'
        bc      4,LOW-B(0,%r12)
        cli     CHAR-B(%r12),0xa9       # C'z'
        bc      2,HIGH-B(0,%r12)
        mvi     CHAR-B(%r12),0x7d       # C''''
        la      %r1,0xc1(0,0)
        la      %r2,0x7f(0,0)
        la      %r3,10(0,0)
        l       %r4,LAB-B(0,%r12)
        l       %r5,LFM1-B(0,%r12)
        sll     %r5,4(0)
        srl     %r5,28(%r0)
        sra     %r5,1(0)
        icm     %r6,6,HALFW-B(%r12)
        stcm    %r6,3,HALFW-B(%r12)
        clm     %r6,3,HALFW-B(%r12)
MIXED:
NONE:
LOW:
HIGH:   svc     3
FLAG:   .byte   0
FLAG2:  .byte   0
CHAR:   .byte 0xd4
        .balign 2,0
HALFW:  .short  513
        .byte   0x80,0x40,0x01,0xc1
        .balign 8,0
LAB:    .long   0xc1c2                  # =A(C'AB')
LFM1:   .long   -1
