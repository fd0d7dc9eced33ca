# movestr.s in GNU as syntax; the base is MOVESTR itself (R15, then R12).
        .data
M:
        bc      15,START-M(0,%r15)
        .byte   EYEEND-EYE              # AL1(L'EYECATCH)
EYE:    .byte 0xd4,0xd6,0xe5,0xc5,0xe2,0xe3,0xd9,0x40,0xf1,0x4b,0xf0
EYEEND: .balign 2,0
START:  stm     %r14,%r12,12(%r13)
        lr      %r12,%r15
        la      %r15,SAVE-M(0,%r12)
        st      %r13,4(0,%r15)
        st      %r15,8(0,%r13)
        lr      %r13,%r15
        la      %r3,OUT-M(0,%r12)
        la      %r4,NAMES-M(0,%r12)
        la      %r5,3(0,0)              # NNAMES
LOOP:   sr      %r2,%r2
        ic      %r2,0(0,%r4)
        bctr    %r2,0
        la      %r4,1(0,%r4)
        ex      %r2,MOVE-M(0,%r12)
        la      %r3,1(%r2,%r3)
        la      %r4,1(%r2,%r4)
        mvi     0(%r3),0x6b             # C','
        la      %r3,1(0,%r3)
        bct     %r5,LOOP-M(0,%r12)
        bctr    %r3,0
        mvi     0(%r3),0x40
        mvc     COPY-M(12,%r12),IN-M(%r12)
        mvc     COPY+12-M(8,%r12),LIT-M(%r12)   # L'COPY-L'IN = 20-12
        la      %r1,FIELD-M(0,%r12)
        la      %r1,12(0,%r1)           # L'FIELD(,R1)
        la      %r0,FIELDEND-M(0,%r12)
        cr      %r0,%r1
        bc      7,FAIL-M(0,%r12)
        sr      %r15,%r15
        bc      15,EXIT-M(0,%r12)
FAIL:   la      %r15,12(0,0)
EXIT:   l       %r13,4(0,%r13)
        l       %r14,12(0,%r13)
        lm      %r0,%r12,20(%r13)
        bcr     15,%r14
MOVE:   mvc     0(1,%r3),0(%r4)         # HLASM 0(0,R3): length code 0 too
        .balign 4,0
SAVE:   .skip   72
NAMES:  .byte   5
        .byte 0xc1,0xd3,0xc9,0xc3,0xc5
        .byte   3
        .byte 0xc2,0xd6,0xc2
        .byte   9
        .byte 0xc3,0xc8,0xc1,0xd9,0xd3,0xd6,0xe3,0xe3,0xc5
NAMESEND:
IN:     .byte 0xc8,0xc5,0xd3,0xd3,0xd6,0x6b,0x40,0xe6,0xd6,0xd9,0xd3,0xc4
COPY:   .skip   20
FIELD:  .skip   12
FIELDEND:
OUT:    .skip   NAMESEND-NAMES
        .balign 8,0
LIT:    .byte 0x60,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40
