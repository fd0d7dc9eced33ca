# xlate.s in GNU as syntax; tables built with .org as HLASM's ORG does.
        .data
X:      balr    %r12,0
B:
        tr      TEXT-B(17,%r12),UPPER-B(%r12)
        sr      %r2,%r2
        trt     TEXT-B(17,%r12),DELIMS-B(%r12)
        bc      8,NONE-B(0,%r12)
        la      %r3,TEXT-B(0,%r12)
        sr      %r1,%r3
        stc     %r1,WORDLEN-B(0,%r12)
        stc     %r2,WORDEND-B(0,%r12)
NONE:   clc     TEXT-B(17,%r12),EXPECT-B(%r12)
        bc      7,WRONG-B(0,%r12)
        sr      %r15,%r15
        bcr     15,%r14
WRONG:  la      %r15,4(0,0)
        bcr     15,%r14
WORDLEN: .byte  0
WORDEND: .byte  0
TEXT:   .byte 0x88,0x85,0x93,0x93,0x96,0x6b,0x40,0x82,0x89,0x87,0x40,0xe6,0x96,0x99,0x93,0x84,0x4b
EXPECT: .byte 0xc8,0xc5,0xd3,0xd3,0xd6,0x6b,0x40,0xc2,0xc9,0xc7,0x40,0xe6,0xd6,0xd9,0xd3,0xc4,0x4b
        .balign 4,0
        .macro  seq from,to             # bytes from..to, each its own value
        .set    v,\from
        .rept   \to-\from+1
        .byte   v
        .set    v,v+1
        .endr
        .endm
UPPER:  seq     0,0x80                  # DC 256AL1(*-UPPER), then the ORGs
        .byte 0xc1,0xc2,0xc3,0xc4,0xc5,0xc6,0xc7,0xc8,0xc9                # at C'a' = X'81'
        seq     0x8a,0x90
        .byte 0xd1,0xd2,0xd3,0xd4,0xd5,0xd6,0xd7,0xd8,0xd9                # at C'j' = X'91'
        seq     0x9a,0xa1
        .byte 0xe2,0xe3,0xe4,0xe5,0xe6,0xe7,0xe8,0xe9                 # at C's' = X'A2'
        seq     0xaa,0xff
DELIMS: .fill   0x40,1,0
        .byte   4                       # C' ' = X'40'
        .fill   0x4b-0x41,1,0
        .byte   12                      # C'.' = X'4B'
        .fill   0x6b-0x4c,1,0
        .byte   8                       # C',' = X'6B'
        .fill   0x100-0x6c,1,0
TABEND:
        .long   TABEND-UPPER
