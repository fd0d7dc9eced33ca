#!/bin/sh
# programs.sh DIR [small|large] -- write the three benchmark programs as GNU-as
# sources (s390x-linux-gnu-as -m31; flat core images, restart PSW at 0):
#
#   DIR/bct.s     a BCT loop              (2 instructions per iteration)
#   DIR/sieve.s   sieve of Eratosthenes over a 1 MiB byte array (X'100000'),
#                 repeated; the prime count goes to X'204'
#   DIR/sort.s    insertion sort of 8000 pseudo-random fullwords
#   DIR/calls.s   calls through standard linkage among 32 routines, each a
#                 CSECT of its own (256 bytes apart, its own base register)
#
# Every program counts the instructions it executes in GR11, exactly (per
# path constants and loop trip counts; the counting is part of the count),
# stores the count at X'200' and a result at X'204', and ends in a disabled
# wait (PSW X'000A0000 00000000').  A program check ends in the disabled
# wait X'000A0000 00000BAD'.  With `small`, tiny sizes (for checking the
# counts against an instruction trace); with `large`, 4-5 times the work of
# the default sizes (run.sh times both and divides the difference).
set -e
dir=$1
case $2 in
small) bctn=10 sieven=1024 lim=32 reps=2 sortm=8 callr=2 ;;
large) bctn=500000000 sieven=1048576 lim=1024 reps=40 sortm=16000 callr=250000 ;;
*) bctn=100000000 sieven=1048576 lim=1024 reps=8 sortm=8000 callr=50000 ;;
esac

header() {
cat <<HDR
# $1 -- IMP benchmark program (bench/programs.sh; GNU as -m31 core image)
        .text
origin: .long 0x00080000, 0x400         # restart PSW: EC, disabled, IA 400
        .org 0x68
        .long 0x000a0000, 0x00000bad    # program new PSW: stop, marked BAD
        .org 0x200
        .long 0, 0                      # instruction count, result
        .org 0x380
        .long 0x000a0000, 0             # the final disabled wait
        .org 0x400
HDR
}

# --- BCT loop: 2N + 8 instructions --------------------------------------
{ header bct.s; cat <<SRC
        l     2,n-origin(0,0)
        sr    3,3
loop:   ar    3,2
        bct   2,loop-origin(0,0)
        l     11,n-origin(0,0)
        ar    11,11
        a     11,k-origin(0,0)
        st    11,0x200(0,0)
        st    3,0x204(0,0)
        lpsw  0x380(0)
        .align 4
n:      .long $bctn
k:      .long 8
SRC
} >"$dir/bct.s"

# --- sieve ----------------------------------------------------------------
# per repetition: clear 2 + 3*(N/256); outer setup 3; every i in 2..LIM-1:
# 6 (cli bne la la c bl); a prime i: 13 more + 2 per marked multiple (added
# from the trip count); counting 5 + 4*(N-2) + 3; the `a` and bct: 2.
krep=$(( 2 + 3 * (sieven / 256) + 3 + 6 * (lim - 2) + 5 + 4 * (sieven - 2) + 3 + 2 ))
{ header sieve.s; cat <<SRC
        l     13,reps-origin(0,0)
        sr    11,11
rep:    l     4,arr-origin(0,0)         # clear the array, 256 bytes a time
        l     5,blocks-origin(0,0)
clr:    xc    0(256,4),0(4)
        la    4,256(0,4)
        bct   5,clr-origin(0,0)
        la    7,2(0,0)                  # i
        l     8,arr-origin(0,0)
        la    8,2(0,8)                  # &flag[i]
outer:  cli   0(8),0
        bne   next-origin(0,0)
        lr    1,7                       # prime: mark i*i, i*i+i, ...
        mr    0,7
        l     9,arr-origin(0,0)
        ar    9,1                       # &flag[i*i]
        lcr   1,1
        a     1,nm1-origin(0,0)         # N-1 - i*i
        sr    0,0
        dr    0,7
        la    1,1(0,1)                  # trip count
        ar    1,1
        ar    11,1                      # 2 instructions per trip
        lr    14,7                      # increment i, limit in GR15
inner:  mvi   0(9),1
        bxle  9,14,inner-origin(0)
        a     11,kprime-origin(0,0)
next:   la    7,1(0,7)
        la    8,1(0,8)
        c     7,lim-origin(0,0)
        bl    outer-origin(0,0)
        l     9,arr-origin(0,0)         # count the composites, branch-free
        la    9,2(0,9)
        sr    10,10
        sr    3,3
        l     5,nm2-origin(0,0)
cnt:    ic    3,0(0,9)
        ar    10,3
        la    9,1(0,9)
        bct   5,cnt-origin(0,0)
        l     3,nm2-origin(0,0)
        sr    3,10                      # primes below N
        st    3,0x204(0,0)
        a     11,krep-origin(0,0)
        bct   13,rep-origin(0,0)
        a     11,kfix-origin(0,0)
        st    11,0x200(0,0)
        lpsw  0x380(0)
        .align 4
reps:   .long $reps
arr:    .long 0x100000
blocks: .long $((sieven / 256))
nm1:    .long $((sieven - 1))
nm2:    .long $((sieven - 2))
lim:    .long $lim
kprime: .long 13
krep:   .long $krep
kfix:   .long 5
SRC
} >"$dir/sieve.s"
# GR15 (the BXLE limit) is set once, before the loop: patch it in front.
sed -i "s|^        l     13,reps-origin(0,0)|        l     15,last-origin(0,0)\n&|" "$dir/sieve.s"
printf 'last:   .long %d\n' $((0x100000 + sieven - 1)) >>"$dir/sieve.s"
sed -i 's/^kfix:   .long 5/kfix:   .long 6/' "$dir/sieve.s"

# --- insertion sort -------------------------------------------------------
# fill 3 + 5M; setup 8; each of the M-1 outer steps 9, or 8 when the key
# goes to a[0] (counted in GR12), plus 6 per element moved (GR8); the sum
# below: 11 instructions; then 2 stores, lpsw.
{ header sort.s; cat <<SRC
        sr    11,11
        sr    12,12
        l     2,arr-origin(0,0)         # fill with a linear congruential sequence
        l     5,m-origin(0,0)
        l     1,seed-origin(0,0)
fill:   m     0,mul-origin(0,0)
        a     1,add-origin(0,0)
        st    1,0(0,2)
        la    2,4(0,2)
        bct   5,fill-origin(0,0)
        l     2,arr-origin(0,0)
        la    2,4(0,2)                  # &a[i], i = 1
        l     5,m1-origin(0,0)
        l     6,minus4-origin(0,0)
        l     7,arrm4-origin(0,0)       # BXH comparand: stop below a[0]
        sr    8,8
        la    9,1(0,0)
        sr    10,10
outer:  l     3,0(0,2)                  # key
        lr    4,2
        ar    4,6                       # &a[j-1]
inner:  l     10,0(0,4)
        cr    10,3
        bnh   place-origin(0,0)
        st    10,4(0,4)
        alr   8,9
        bxh   4,6,inner-origin(0)
        alr   12,9                      # key goes to a[0]
        bc    15,place-origin(0,0)
place:  st    3,4(0,4)
        la    2,4(0,2)
        bct   5,outer-origin(0,0)
        lr    1,8                       # count += 6*moves + 9*(M-1) - first + k
        sll   1,1
        lr    0,1
        sll   0,1
        ar    1,0
        ar    11,1
        a     11,k9-origin(0,0)
        sr    11,12
        a     11,kfix-origin(0,0)
        l     3,mid-origin(0,0)
        l     3,0(0,3)
        st    3,0x204(0,0)
        st    11,0x200(0,0)
        lpsw  0x380(0)
        .align 4
arr:    .long 0x10000
arrm4:  .long 0x10000 - 4
mid:    .long 0x10000 + 4 * ($sortm / 2)
m:      .long $sortm
m1:     .long $((sortm - 1))
seed:   .long 12345
mul:    .long 1103515245
add:    .long 12345
minus4: .long -4
k9:     .long $((9 * (sortm - 1)))
kfix:   .long $((2 + 3 + 5 * sortm + 8 + 9 + 3 + 2))
SRC
} >"$dir/sort.s"

# --- calls ------------------------------------------------------------------
# A main loop calls 16 routines through a table of addresses (L 15; BALR
# 14,15), each of which calls a leaf routine of its own: 32 routines, each
# at its own 256-byte boundary (X'1000' up: a CSECT apiece) with the
# standard linkage of a save area chain (STM 14,12; LR 12,15 as the base;
# the new save area chained both ways; L 13,4(13); LM 14,12; BR 14).  Each
# adds its own constant, read through its base register, to the word at
# X'204'.  Per repetition: 68 instructions in the main loop (4 per call,
# 2 set-up, the count's A and the BCT), 14 in a routine, 12 in a leaf:
# 484; the rest: 5 before the loop, 3 after it.
{ header calls.s; cat <<SRC
        la    13,0x800(0,0)             # the first save area
        sr    11,11
        sr    3,3
        st    3,0x204(0,0)
        l     10,reps-origin(0,0)
rep:    la    7,table-origin(0,0)
        la    6,16(0,0)
call:   l     15,0(0,7)
        balr  14,15
        la    7,4(0,7)
        bct   6,call-origin(0,0)
        a     11,krep-origin(0,0)
        bct   10,rep-origin(0,0)
        a     11,kfix-origin(0,0)
        st    11,0x200(0,0)
        lpsw  0x380(0)
        .align 4
reps:   .long $callr
krep:   .long 484
kfix:   .long 8
table:
SRC
k=0
while [ $k -lt 16 ]; do printf '        .long 0x%x\n' $((0x1000 + 256 * k)); k=$((k + 1)); done
k=0
while [ $k -lt 32 ]; do
    printf '        .org 0x%x\nr%d:\n' $((0x1000 + 256 * k)) $k
    cat <<SRC
        stm   14,12,12(13)
        lr    12,15                     # the routine's base register
        la    2,72(0,13)                # its save area, chained both ways
        st    13,4(0,2)
        st    2,8(0,13)
        lr    13,2
        l     3,0x204(0,0)
        a     3,c$k-r$k(0,12)
        st    3,0x204(0,0)
SRC
    [ $k -lt 16 ] && cat <<SRC
        l     15,a$k-r$k(0,12)          # its leaf routine
        balr  14,15
SRC
    cat <<SRC
        l     13,4(0,13)
        lm    14,12,12(13)
        br    14
        .align 4
c$k:    .long $((k + 1))
SRC
    [ $k -lt 16 ] && printf 'a%d:     .long 0x%x\n' $k $((0x1000 + 256 * (k + 16)))
    k=$((k + 1))
done
} >"$dir/calls.s"
