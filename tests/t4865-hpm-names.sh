#!/bin/sh
# t4865-hpm-names.sh -- one name, one table: a monitor of vm/hpm/hpm.def
# is named in code only in its own places -- its descriptor
# (vm/hpm/NAME.c), its section of impprof (impprof/sec-NAME.c), the
# tables (hpm.def, sections.def), its microcode (mc/), its manuals,
# tests and examples -- and in the exceptions listed below, each with
# its reason.  "Named in code" is an identifier with the name as an
# underscore-joined part (ias_period, VM_HPM_IAS, hpm_ias) or a string
# literal that is the name, an option of it or a setting ("ias",
# "--ias", "ias-window", "per="); comments are prose and are left out.
# An exception that is no longer needed fails too: the list only shrinks.
. "$(dirname "$0")/test-lib.sh"

# The exceptions: NAME FILE, then why the name is there.
EXCEPTIONS='
ias   vm/hpm.c            the hardware: the sampler'"'"'s timer, its entry to the monitor vector
pcs   vm/hpm.c            the hardware: the PC-sampling clock
glean vm/hpm.c            the hardware: the gleaning trigger
csm   vm/hpm.c            the hardware: the CSECT comparators
iifm  vm/hpm.c            the hardware: the request for the accumulation vector, its cost
ias   vm/vm.h             the machine'"'"'s interface: VM_HPM_IAS, the window limits
pcs   vm/vm.h             the machine'"'"'s interface: VM_HPM_PCS
glean vm/vm.h             the machine'"'"'s interface: VM_HPM_GLEAN, the info bits
csm   vm/vm.h             the machine'"'"'s interface: VM_HPM_CSM, the CSECT event
iifm  vm/vm.h             the machine'"'"'s interface: VM_HPM_IIFM, LOCR'"'"'s control block, vm_iifm_*
ias   vm/vmint.h          the machine'"'"'s state: the sampler'"'"'s registers
pcs   vm/vmint.h          the machine'"'"'s state: the PCS clock
csm   vm/vmint.h          the machine'"'"'s state: the CSECT map the engine checks
iifm  vm/vmint.h          the machine'"'"'s state: the opcode compare register and counters
csm   vm/engine.c         the engine: the CSECT comparison at a taken branch
iifm  vm/engine.c         the engine: the counters'"'"' mark at a fetch
csm   vm/fastpath.c       the fast path: the same CSECT comparison, inlined
iifm  vm/fetch.c          the fast path'"'"'s fetch outside the loop: the same mark
csm   vm/fpchoose.c       the fast path is left while the CSECT monitor is armed
iifm  vm/hpm-iifm.c       the hardware of IIFM (LOCR/STOCR, the counters)
csm   vm/hpm-per.c        the hardware: the CSECT event of PER (CR9 bit 4)
iifm  vm/paging.c         a task switch closes an IIFM interval (task filter)
iifm  vm/psw.c            a PSW-state change closes an IIFM interval (state filter)
iifm  vm/datapath.c       the hardware: the bus sources the accumulation microcode reads
csm   vm/datapath.c       the hardware: the bus sources the CSECT monitor microcode reads
per   vm/hpm.c            PER is architected: the cost counter of its firmware checks
per   vm/datapath.c       PER is architected S/370: storage-alteration events of any program
per   vm/decode.c         PER is architected: instruction-fetch events
per   vm/engine.c         PER is architected: successful-branch events
per   vm/fastpath.c       PER is architected: the fast path leaves for PER
per   vm/fetch.c          PER is architected: the fetch outside the loop checks for it
per   vm/per-checks.def   PER is architected: the firmware cost of its checks, one row each
per   vm/hpm-per.c        PER is architected: its event recognition
per   vm/paging.c         PER is architected: its events under paging
per   vm/psw.c            PER is architected: PSW bit 1
per   vm/storage.c        PER is architected: storage-alteration ranges
per   vm/vm.c             PER is architected: the machine resets its registers
per   vm/vm.h             PER is architected: its interface (VM_PSW_PER, events)
per   vm/vmint.h          PER is architected: its state
per   vm/report/report.h  the abend report names a PER event (interruption 0080)
per   vm/report/status.c  the abend report names a PER event (interruption 0080)
per   monitor/cmd-break.c impmon'"'"'s info break shows PER as a watchpoint
per   vm/hpm/csm.c        the CSECT monitor'"'"'s way of recording by PER (--csm=4,per)
csm   vm/hpm/per.c        PER'"'"'s CSECT event is called csm (--per=csm)
per   impprof/sec-csm.c   the CSECT monitor'"'"'s recording method named per
ias   vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
pcs   vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
glean vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
csm   vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
iifm  vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
per   vm/imprun/imprun.h  a setting with a field of its own in struct imprun_opts
pcs   vm/imprun/run.h     the run'"'"'s addresses of the areas a monitor took (struct imprun_mon)
glean vm/imprun/run.h     the run'"'"'s addresses of the areas a monitor took (struct imprun_mon)
csm   vm/imprun/run.h     the run'"'"'s CSECT table (struct imprun_mon)
ias   impprof/profile.h   a section'"'"'s data in struct profile, read by exports and ordering
pcs   impprof/profile.h   a section'"'"'s data in struct profile, read by exports and ordering
glean impprof/profile.h   a section'"'"'s data in struct profile, read by exports and ordering
csm   impprof/profile.h   a section'"'"'s data in struct profile, read by exports and ordering
iifm  impprof/profile.h   a section'"'"'s data in struct profile, read by exports and ordering
per   impprof/profile.h   the CSECT monitor'"'"'s recording method (PROF_CSM_PER); PER'"'"'s section data
ias   impprof/export.c    --callgrind and --folded are built from the IAS windows
pcs   impprof/export.c    --callgrind and --folded are built from the PC samples
ias   impprof/main.c      --window chooses the IAS window --svg draws
csm   impprof/order.c     the CSECT ordering is computed from the CSECT monitor'"'"'s records
ias   monitor/pane-code.c impmon'"'"'s code pane shows the IAS histogram beside the code
per   grade/dist.c        per_task: the English word, not the monitor
'

# names ROOT: "NAME FILE" for every file of the tree at ROOT that names
# monitor NAME in code outside its own places.
names() {
    (cd "$1" &&
    files=$(find . \( -name build -o -name 'build-*' -o -name bin -o -name 'bin-*' -o -name .git \) -prune -o \
                -type f \( -name '*.[chly]' -o -name '*.def' -o -name '*.mk' -o -name Makefile \) -print |
            sed 's|^\./||' | grep -v -E '^(mc|man|tests|examples)/|^vm/hpm/(hpm|sections)\.def$' | sort) &&
    for n in $(sed -n 's/^HPM(\([a-z_0-9]*\)).*/\1/p' vm/hpm/hpm.def); do
        printf '%s\n' $files | grep -v -x -e "vm/hpm/$n.c" -e "impprof/sec-$n.c" |
            xargs perl -e '
                my $n = shift;
                for my $f (@ARGV) {
                    open my $h, "<", $f or next; local $/; my $t = <$h>; close $h;
                    $t =~ s{/\*.*?\*/}{}gs; $t =~ s{//[^\n]*}{}g;
                    $t =~ s{^\s*#(?!\s*(?:define|include|if|undef))[^\n]*}{}gm if $f =~ /\.mk$|Makefile$/;
                    print "$n $f\n" if $t =~ /\b\w*_\Q$n\E\b/i || $t =~ /\b\Q$n\E_\w/i ||
                                      $t =~ /"(?:--)?\Q$n\E(?:[-=,:][^"\n]*)?"/;
                }' "$n"
    done)
}

exceptions() { printf '%s\n' "$EXCEPTIONS" | awk 'NF { print $1, $2 }' | sort; }

test_expect_success 'every exception gives a reason' '
    printf "%s\n" "$EXCEPTIONS" | awk "NF && NF < 3 { print; bad = 1 } END { exit bad }"
'

test_expect_success 'no monitor is named in code outside its places and the exceptions' '
    names "$IMP_TOP" | sort >found &&
    test -s found &&
    exceptions >allowed &&
    comm -23 found allowed >strays &&
    test_cmp /dev/null strays
'

test_expect_success 'every exception is still needed (the list only shrinks)' '
    comm -13 found allowed >stale &&
    test_cmp /dev/null stale
'

test_expect_success 'the check finds a monitor named in a new place' '
    mkdir -p tree/vm/hpm tree/monitor tree/lib tree/impprof &&
    cp "$IMP_TOP"/vm/hpm/hpm.def "$IMP_TOP"/vm/hpm/*.c tree/vm/hpm/ &&
    printf "static const char *x = \"bht\";\n" >tree/monitor/pane-x.c &&
    printf "int pcs_extra;\n" >tree/lib/y.c &&
    printf "/* ias in a comment is prose */\nint n = VM_HPM_IAS;\n" >tree/impprof/z.c &&
    printf "/* glean */ static const char *w = \"the glean buffer\";\n" >tree/monitor/w.c &&
    names tree | sort >found &&
    test_grep "^bht monitor/pane-x.c\$" found &&
    test_grep "^pcs lib/y.c\$" found &&
    test_grep "^ias impprof/z.c\$" found &&
    ! grep -q "monitor/w.c" found
'

test_expect_success 'a mention planted in the tree fails the check' '
    mkdir -p planted &&
    (cd "$IMP_TOP" && git ls-files -z -- "*.[chly]" "*.def" "*.mk" Makefile | xargs -0 tar -cf -) |
        tar -xf - -C planted &&
    printf "static const char *planted = \"--iifm\";\n" >>planted/lib/diag.c &&
    names planted | sort >found2 &&
    comm -23 found2 allowed >strays2 &&
    test_grep "^iifm lib/diag.c\$" strays2
'

test_done
