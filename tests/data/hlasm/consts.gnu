# consts.s in GNU as syntax; base 15 = CONSTS (C).  Packed, zoned and
# floating-point values worked out by hand in the comments.
        .data
C:      la      %r1,TABLE-C(0,%r15)
        l       %r2,FWORDS+8-C(0,%r15)
        lh      %r3,HALF-C(0,%r15)
        bcr     15,%r14
BLANKS: .byte 0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40,0x40
        .balign 4,0
FWORDS: .long   0,0,0
        .byte   0x0d,0x0a
        .byte   0b10110000
        .byte   0x12,0x5d               # P'-12.5': digits 125, sign D
        .byte   0xf1,0xf2,0xc3          # Z'123': zones F, last zone C
        .balign 2,0
HALF:   .short  -1
        .balign 4,0
NUMS:   .long   1,-2,3
HALVES: .short  32767,-32768
        .byte   0x00,0x12,0x34,0x56,0x7c        # PL5'+1234567'
        .byte   0xf0,0xf0,0xf0,0xf0,0xf4,0xd2   # ZL6'-42'
        .byte 0xc9,0xe3,0x7d,0xe2
        .byte 0xc1,0x50,0xc2
        .byte   0x0a,0xbc               # X'ABC'
        .byte   0,0,0,0xff              # XL4'FF'
        .byte   0x34,0x56               # XL2'123456'
        .byte 0xc1,0xc2,0xc3                      # CL3'ABCDEF'
        .byte   100                     # FL1'100'
        .byte   0xff,0xff,0xfe          # FL3'-2'
        .balign 8,0
PACKEND:
        .long   0,0                     # D'0'
        .long   0x41100000              # E'1': 1 = X'0.1' * 16**1: 64+1, fraction 100000
        .balign 8,0
        .long   0x40199999,0x9999999a   # D'0.1' = X'0.1999...' * 16**0, rounded up
        .long   0xc1180000              # E'-1.5' = -X'0.18' * 16**1
        .balign 2,0                     # 0H
        .byte 0xe7
        .balign 4,0
TABLE:  .long   TABLE-C,FWORDS+4-C
        .long   .-C                     # * is this value's own address
        .long   TABEND-TABLE
        .short  TABEND-TABLE
        .short  80                      # AL2(L'BLANKS)
        .byte   4,2,3                   # L'FWORDS, L'PACKED, L'ZONED
        .balign 2,0
        .short  HALVES-NUMS
        .balign 4,0
        .long   0                       # V(EXTSUB): an ER, 0 here
        .long   0                       # A(EXTSUB)
        .short  0xf000+HALF-C           # S(HALF): base 15
        .short  0xd008                  # S(8(13))
        .byte 0xc1,0xc2,0xc1,0xc2
        .byte   1,1,1
        .byte   7,7,7,7
        .byte   0,(FWORDS-C)>>8,FWORDS-C        # AL3(FWORDS)
TABEND: .byte 0xc5,0xd5,0xc4
