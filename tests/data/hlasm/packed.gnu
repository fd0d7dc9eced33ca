# packed.s in GNU as syntax; base B = R12 after BALR.
        .data
P:      balr    %r12,0
B:      pack    QTY-B(2,%r12),QTYZ-B(2,%r12)
        zap     TOTAL-B(4,%r12),LP0-B(1,%r12)
        zap     WORK-B(6,%r12),PRICE-B(2,%r12)
        mp      WORK-B(6,%r12),QTY-B(2,%r12)
        ap      TOTAL-B(4,%r12),WORK-B(6,%r12)
        sp      TOTAL-B(4,%r12),DISC-B(2,%r12)
        zap     WORK-B(6,%r12),TOTAL-B(4,%r12)
        dp      WORK-B(6,%r12),LP3-B(1,%r12)
        cp      WORK-B(4,%r12),LP0-B(1,%r12)    # WORK(L'WORK-2)
        bc      13,ZERO-B(0,%r12)
        mvc     EDITED-B(10,%r12),PATTERN-B(%r12)
        ed      EDITED-B(10,%r12),TOTAL+1-B(%r12)
        unpk    ZONED-B(7,%r12),TOTAL-B(4,%r12)
        oi      ZONED+6-B(%r12),0xf0
        zap     DWORD-B(8,%r12),TOTAL-B(4,%r12)
        cvb     %r3,DWORD-B(0,%r12)
        cvd     %r3,DWORD2-B(0,%r12)
ZERO:   sr      %r15,%r15
        bcr     15,%r14
QTYZ:   .byte   0xf1,0xc2               # Z'12'
QTY:    .skip   2
PRICE:  .byte   0x25,0x0c               # P'250'
DISC:   .byte   0x07,0x5d               # PL2'-75'
TOTAL:  .skip   4
WORK:   .skip   6
ZONED:  .skip   7
        .balign 8,0
DWORD:  .skip   8
DWORD2: .skip   8
PATTERN: .byte  0x40,0x20,0x20,0x6b,0x20,0x20,0x21,0x4b,0x20,0x20
EDITED: .skip   10
        .balign 8,0
LP0:    .byte   0x0c                    # =P'0'
LP3:    .byte   0x3c                    # =P'3'
