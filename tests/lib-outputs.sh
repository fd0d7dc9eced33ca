# lib-outputs.sh -- helpers for the output-file tests (t01xx), sourced
# after test-lib.sh.
#
#   write_programs       hi.s (prints Hello), unclosed.s (writes a record to
#                        the file bound to OUT and never closes it), loop.s
#                        (loops for ever), and base.mc (a tiny microprogram);
#                        hi.o, hi.load, unclosed.load built from them
#   full_device          sets FULL to a device that is always full: a node
#                        made in the scratch directory when root (so no tool
#                        can ever touch the system's), else /dev/full
#   is_root              true when running as root

is_root() { [ "$(id -u)" = 0 ]; }

full_device() {
    if is_root; then
        rm -f "$TRASH/full.dev" && mknod "$TRASH/full.dev" c 1 7 2>/dev/null &&
            FULL="$TRASH/full.dev"
    else
        FULL=/dev/full
    fi
}

write_programs() {
    cat >hi.s <<'EOT'
HI       CSECT
         USING HI,15
         LA    1,MSG
         LA    0,5
         SVC   35                  PUTLINE
         LA    15,0
         BR    14
MSG      DC    C'Hello'
         END   HI
EOT
    cat >unclosed.s <<'EOT'
P        CSECT
         USING P,15
         LA    1,FCB
         SVC   19                  OPEN
         SVC   22                  PUTREC
         LA    15,0
         BR    14                  ends without CLOSE
         DS    0F
FCB      DC    CL8'OUT',F'1',F'0',A(BUF),F'5',F'5'
BUF      DC    C'HELLO'
         END   P
EOT
    cat >loop.s <<'EOT'
LOOP     CSECT
         USING LOOP,15
AGAIN    B     AGAIN
         END   LOOP
EOT
    cat >base.mc <<'EOT'
fetch:   SF=IFETCH DISPATCH events
events:  END
undef:   A=#1 ALU=PASSA D=PIC GOTO trap
trap:    SF=NOPGM GOTO trap
restart: SF=NORST GOTO restart
monitor: SF=MONEND END
EOT
    impas hi.s && impld -o hi.load hi.o &&
    impas unclosed.s && impld -o unclosed.load unclosed.o
}
