# dsects.s in GNU as syntax.  DSECT fields are offsets: EMP (R3, and the
# labeled USINGs FROM = R3, TO = R4) and TOTALS (R5); code base B = R12.
        .data
D:      stm     %r14,%r12,12(%r13)
        balr    %r12,0
B:      la      %r5,RESULT-B(0,%r12)
        xc      0(4,%r5),0(%r5)         # TOTCOUNT = TOTALS+0
        zap     4(6,%r5),LITP0-B(1,%r12)        # TOTSAL = +4, PL6
        xc      10(2,%r5),10(%r5)       # TOTMGRS = +10, H
        l       %r3,HEAD-B(0,%r12)
WALK:   ltr     %r3,%r3
        bc      8,DONE-B(0,%r12)
        l       %r1,0(0,%r5)
        la      %r1,1(0,%r1)
        st      %r1,0(0,%r5)
        ap      4(6,%r5),16(4,%r3)      # EMPSAL = EMP+16, PL4
        tm      20(%r3),0x80            # EMPFLAG = +20, EMPMGR
        bc      14,NOTMGR-B(0,%r12)     # BNO
        lh      %r1,10(0,%r5)
        la      %r1,1(0,%r1)
        sth     %r1,10(0,%r5)
NOTMGR: l       %r3,0(0,%r3)            # EMPNEXT
        bc      15,WALK-B(0,%r12)
DONE:   l       %r3,HEAD-B(0,%r12)
        la      %r4,SPARE-B(0,%r12)
        mvc     4(12,%r4),4(%r3)        # TO.EMPNAME,FROM.EMPNAME
        zap     16(4,%r4),16(4,%r3)
        mvi     20(%r4),0
        xc      0(4,%r4),0(%r4)
        lm      %r14,%r12,12(%r13)
        sr      %r15,%r15
        bcr     15,%r14
        .balign 8,0
LITP0:  .byte   0x0c
        .balign 4,0
HEAD:   .long   E1-D
E1:     .long   E2-D
        .byte 0xe2,0xd4,0xc9,0xe3,0xc8,0x40,0x40,0x40,0x40,0x40,0x40,0x40
        .byte   0x00,0x01,0x50,0x0c,0
        .balign 4,0
E2:     .long   E3-D
        .byte 0xd1,0xd6,0xd5,0xc5,0xe2,0x40,0x40,0x40,0x40,0x40,0x40,0x40
        .byte   0x00,0x02,0x25,0x0c,0x80
        .balign 4,0
E3:     .long   0
        .byte 0xc2,0xd9,0xd6,0xe6,0xd5,0x40,0x40,0x40,0x40,0x40,0x40,0x40
        .byte   0x00,0x01,0x80,0x0c,0
        .balign 4,0
SPARE:  .skip   24                      # EMPLEN
RESULT: .skip   12
