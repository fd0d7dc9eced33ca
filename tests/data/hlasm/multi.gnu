# multi.s in GNU as syntax: three CSECTs laid out one after another,
# each from the next doubleword; bases: MAIN B (R12), SUMUP (R11), MAXOF M (R10).
        .data
MAIN:   stm     %r14,%r12,12(%r13)
        balr    %r12,0
B:      st      %r13,MAINSAVE+4-B(0,%r12)
        la      %r13,MAINSAVE-B(0,%r12)
        la      %r1,PARMS-B(0,%r12)
        l       %r15,LVSUMUP-B(0,%r12)
        balr    %r14,%r15
        la      %r1,PARMS-B(0,%r12)
        l       %r15,LAMAXOF-B(0,%r12)
        balr    %r14,%r15
        .short  0x0700                  # CNOP 0,4
        bal     %r1,CALLPR-B(0,%r12)
        .long   RESULT-MAIN
        .long   0x80000000+BIGGEST-MAIN
CALLPR: l       %r15,LVPRINT-B(0,%r12)
        balr    %r14,%r15
        l       %r13,MAINSAVE+4-B(0,%r12)
        lm      %r14,%r12,12(%r13)
        sr      %r15,%r15
        bcr     15,%r14
        .balign 4,0
MAINSAVE: .skip 72
PARMS:  .long   N-MAIN,LIST-MAIN        # the third word is replaced (ORG *-4)
        .long   0x80000000+RESULT-MAIN
N:      .long   5
LIST:   .long   3,9,-4,12,7
RESULT: .skip   4
BIGGEST: .skip  4
        .balign 8,0
LVSUMUP: .long  SUMUP-MAIN              # V(SUMUP): defined here
LAMAXOF: .long  MAXOF-MAIN
LVPRINT: .long  0                       # V(PRINTIT): external
        .balign 8,0
SUMUP:  stm     %r14,%r12,12(%r13)
        lr      %r11,%r15
        lm      %r2,%r4,0(%r1)
        la      %r4,0(0,%r4)
        l       %r5,0(0,%r2)
        sr      %r6,%r6
SLOOP:  a       %r6,0(0,%r3)
        la      %r3,4(0,%r3)
        bct     %r5,SLOOP-SUMUP(0,%r11)
        st      %r6,0(0,%r4)
        c       %r6,LF27-SUMUP(0,%r11)
        bc      8,SOK-SUMUP(0,%r11)
        la      %r15,4(0,0)
        bc      15,SRET-SUMUP(0,%r11)
SOK:    sr      %r15,%r15
SRET:   l       %r14,12(0,%r13)
        lm      %r0,%r12,20(%r13)
        bcr     15,%r14
        .balign 8,0
LF27:   .long   27
        .balign 8,0
MAXOF:  stm     %r14,%r12,12(%r13)
        balr    %r10,0
M:      lm      %r2,%r3,0(%r1)
        l       %r5,0(0,%r2)
        l       %r6,0(0,%r3)
MLOOP:  c       %r6,0(0,%r3)
        bc      11,MNEXT-M(0,%r10)
        l       %r6,0(0,%r3)
MNEXT:  la      %r3,4(0,%r3)
        bct     %r5,MLOOP-M(0,%r10)
        l       %r7,LABIG-M(0,%r10)
        st      %r6,0(0,%r7)
        lm      %r14,%r12,12(%r13)
        sr      %r15,%r15
        bcr     15,%r14
        .balign 8,0
LABIG:  .long   BIGGEST-MAIN
