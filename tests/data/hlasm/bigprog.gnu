# bigprog.s in GNU as syntax; R11 = BIGPROG (G), R10 = G+4096, and R9 =
# TABLE for addresses in [TABLE,TABEND) only.
        .data
G:      stm     %r14,%r12,12(%r13)
        lr      %r11,%r15
        la      %r10,2048(0,%r11)
        la      %r10,2048(0,%r10)
        l       %r1,FAR-G-4096(0,%r10)
        mvc     FAR2-G-4096(4,%r10),NEAR-G(%r11)
        la      %r9,TABLE-G(0,%r11)
        l       %r2,8(0,%r9)            # TABLE+8 through R9: displacement 8 < 4008
        l       %r3,TABEND-G(0,%r11)    # TABEND is outside R9's range
        xc      WKCOUNT-G(4,%r11),WKCOUNT-G(%r11)
        mvc     WKNAME-G(16,%r11),LIT-G(%r11)
        lm      %r14,%r12,12(%r13)
        sr      %r15,%r15
        bcr     15,%r14
        .balign 8,0
LIT:    .byte 0xc2,0xc9,0xc7,0xd7,0xd9,0xd6,0xc7,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40
NEAR:   .byte 0xd5,0xc5,0xc1,0xd9
        .balign 8,0
WORK:
WKCOUNT: .skip  4
WKTOTAL: .skip  4
WKNAME: .skip   16
        .skip   4000-(.-G)
TABLE:  .long   1,1,1,1,1
TABEND: .long   2
        .skip   200
FAR:    .long   4096
FAR2:   .skip   4
