# wordcnt.s in GNU as syntax (s390x-linux-gnu-as -m31): implicit
# addresses written as SYMBOL-BASE(X,B) from the USINGs by hand,
# constants as .byte/.short/.long, EBCDIC text as hex bytes.
        .data
WORDCNT:
        stm     %r14,%r12,12(%r13)
        balr    %r12,0
B:                                      # USING *,R12
        st      %r13,SAVEAREA+4-B(0,%r12)
        la      %r2,SAVEAREA-B(0,%r12)
        st      %r2,8(0,%r13)
        lr      %r13,%r2
        sr      %r5,%r5
        la      %r3,CARD-B(0,%r12)
        la      %r4,80(0,0)             # L'CARD
        sr      %r6,%r6
SCAN:
        cli     0(%r3),0x40             # C' '
        bc      8,BLANK-B(0,%r12)
        ltr     %r6,%r6
        bc      7,NEXT-B(0,%r12)
        la      %r5,1(0,%r5)
        la      %r6,1(0,0)
        bc      15,NEXT-B(0,%r12)
BLANK:  sr      %r6,%r6
NEXT:   la      %r3,1(0,%r3)
        bct     %r4,SCAN-B(0,%r12)
        cvd     %r5,DWORD-B(0,%r12)
        unpk    COUNT-B(3,%r12),DWORD+6-B(2,%r12)
        oi      COUNT+3-1-B(%r12),0xf0
        mvc     MSGCNT-B(3,%r12),COUNT-B(%r12)
        la      %r1,MSG-B(0,%r12)
        lh      %r0,LITY-B(0,%r12)
        c       %r5,LITF9-B(0,%r12)
        bc      7,BAD-B(0,%r12)
        l       %r13,SAVEAREA+4-B(0,%r12)
        lm      %r14,%r12,12(%r13)
        sr      %r15,%r15
        bcr     15,%r14
BAD:    l       %r13,SAVEAREA+4-B(0,%r12)
        lm      %r14,%r12,12(%r13)
        la      %r15,8(0,0)
        bcr     15,%r14
        .balign 4,0
SAVEAREA: .skip 72
        .balign 8,0
DWORD:  .skip 8
CARD:   .byte 0xe3,0xc8,0xc5,0x40,0xd8,0xe4,0xc9,0xc3,0xd2,0x40,0xc2,0xd9,0xd6,0xe6,0xd5,0x40,0xc6,0xd6,0xe7,0x40,0x40,0xd1,0xe4,0xd4,0xd7,0xe2,0x40,0xd6,0xe5,0xc5,0xd9,0x40,0xe3,0xc8,0xc5,0x40,0xd3,0xc1,0xe9,0xe8,0x40,0xc4,0xd6,0xc7,0x40,0xe3,0xe6,0xc9,0xc3,0xc5,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40
COUNT:  .skip 3
MSG:    .byte 0xe6,0xd6,0xd9,0xc4,0xe2,0x7a,0x40
MSGCNT: .byte 0x40,0x40,0x40
        .balign 8,0                     # LTORG: 4-byte literals, then 2
LITF9:  .long   9
LITY:   .short  MSGCNT+3-MSG            # =Y(MSGLEN)
