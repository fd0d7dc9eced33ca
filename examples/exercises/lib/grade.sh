# grade.sh -- the library every exercise's grader (grade.t) sources.
#
# A grader is a POSIX sh script that prints TAP.  It starts with
#
#     . "$(dirname "$0")/../lib/grade.sh"
#
# and is run by impgrade(1), or by hand:
#
#     SUBMISSION=/abs/dir IMP_BIN=/abs/bin prove examples/exercises/NN-name/grade.t
#
# The environment it reads:
#   SUBMISSION  the student's folder (default: the exercise's solution/)
#   IMP_BIN     the folder of impas, impld, imprun, ... (default: the build
#               tree's bin/ three levels above the exercise, else PATH)
#   EXERCISE    the exercise's folder (default: the grader's own folder)
#   GRADE_WORK  an empty scratch folder (default: a fresh one, removed at exit)
#
# Each test prints one TAP line, "ok N - [P] description" or
# "not ok N - [P] description", P being its points; the feedback a student
# needs follows a failed test as "#" lines.  The score is the sum of P over
# the tests passed, the maximum the sum of all P.  A grader calls its tests
# in the grader's own shell (not in a pipeline or a subshell: the counts
# would be lost) and sets no EXIT trap of its own (this library's prints the
# missing tests and the score, and removes a scratch folder it made).
#
# Functions (the contract between the exercises and impgrade):
#   grade_plan N                     the plan, 1..N
#   grade_build [OPTION...]          hand-in files -> $GRADE_WORK/prog.load
#   grade_run [OPTION...] [-- INPUT] prog.load under imprun, with limits
#   grade_ok POINTS 'what' CMD...    passes when CMD succeeds
#   grade_eq POINTS 'what' EXPECTED ACTUAL
#   grade_match POINTS 'what' FILE ERE
#   grade_clean_listing POINTS 'what' FILE.lst   0 errors, 0 warnings
#   grade_note 'text'                a feedback line
#   grade_value FILE KEY             the value of KEY=V, KEY: V, KEY  V or
#                                    "KEY": V, (imprun --json's first level);
#                                    in imprun --stats, a mnemonic's count
#   grade_return_code FILE           the return code in imprun --json's
#                                    FILE, or "none (STATUS)" for a run
#                                    that ended without one (a crash)
#   grade_skip_rest 'reason'         the tests left fail, with reason
#
# How a grading went (for impgrade's status column) is kept in
# $GRADE_WORK/.grade-status, one "event=value" a line: empty=1 (nothing
# handed in), build=failed, run=limit|abend|machine|timeout.

# ---------------------------------------------------------------- setup

grade_n=0                       # tests printed so far
grade_planned=0                 # the plan's N
grade_score=0                   # points of the tests passed
grade_max=0                     # points of all tests printed
grade_skip=                     # grade_skip_rest's reason, once called
grade_own_work=                 # a scratch folder to remove at exit

if [ -z "${EXERCISE:-}" ]; then
    EXERCISE=$(cd "$(dirname "$0")" && pwd)
fi
if [ -z "${SUBMISSION:-}" ]; then
    SUBMISSION=$EXERCISE/solution
fi
if [ -z "${IMP_BIN:-}" ]; then
    if [ -x "$EXERCISE/../../../bin/imprun" ]; then
        IMP_BIN=$(cd "$EXERCISE/../../../bin" && pwd)
    else
        IMP_BIN=$(dirname "$(command -v imprun || echo /usr/bin/imprun)")
    fi
fi
if [ -z "${GRADE_WORK:-}" ]; then
    GRADE_WORK=$(mktemp -d "${TMPDIR:-/tmp}/grade.XXXXXX") || exit 2
    grade_own_work=$GRADE_WORK
fi
# Macro and COPY members come from the submission and IMP's own libraries
# only: a folder named in the environment is not searched.
unset IMP_MACLIB
export SUBMISSION IMP_BIN EXERCISE GRADE_WORK
GRADE_RC=
unset _gnosuper                 # grade_run: imprun's --no-super, once known
LC_ALL=C
export LC_ALL

# The value of KEY in the exercise's exercise.conf (empty if none); of
# several lines of KEY, the last.
grade_conf() {
    [ -f "$EXERCISE/exercise.conf" ] || return 0
    # shellcheck disable=SC2016  # sed's $ (the last line), not the shell's
    sed -n -e "/^[[:space:]]*$1[[:space:]]*=/{s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//;h;}" \
        -e '${x;/./p;}' "$EXERCISE/exercise.conf"
}

# Record how the grading went (see above).
grade_status() {
    echo "$1" >>"$GRADE_WORK/.grade-status"
}

# Print each line of standard input as a TAP diagnostic, with prefix $1;
# at most $2 lines (default 20), then how many were left out.
grade_diag() {
    awk -v p="$1" -v max="${2:-20}" '
        NR <= max { sub(/\r$/, ""); print "#" p $0 }
        END { if (NR > max) print "#" p "... (" NR - max " more lines)" }'
}

# Quote $1 for eval.
grade_quote() {
    case $1 in
    *"'"*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf "'%s'" "$1" ;;
    esac
}

# At exit: the tests not run fail (after grade_skip_rest, or when the
# grader stopped early), then the score.  The exit status is 0 when every
# planned test was printed by the grader or after grade_skip_rest (failed
# tests are in the TAP, not in the status), else the grader's own.
grade_finish() {
    _grc=$?
    if [ "$grade_n" -eq "$grade_planned" ] || [ -n "$grade_skip" ]; then
        _grc=0
    elif [ "$_grc" -eq 0 ]; then
        _grc=1
    fi
    while [ "$grade_n" -lt "$grade_planned" ]; do
        grade_n=$((grade_n + 1))
        echo "not ok $grade_n - [0] ${grade_skip:-the grader stopped before this test}"
    done
    echo "# score: $grade_score/$grade_max"
    if [ -n "$grade_own_work" ]; then
        rm -rf "$grade_own_work"
    fi
    exit "$_grc"
}
trap grade_finish EXIT
trap 'exit 143' TERM
trap 'exit 130' INT

# ---------------------------------------------------------------- tests

grade_plan() {
    grade_planned=$1
    echo "1..$1"
}

# grade_check_points P: P must be a whole number (a grader's mistake if not).
grade_check_points() {
    case $1 in
    '' | *[!0-9]*)
        echo "Bail out! points must be a whole number, not '$1'"
        exit 2 ;;
    esac
}

# grade_result PASSED POINTS DESCRIPTION: print the TAP line, count.
grade_result() {
    grade_n=$((grade_n + 1))
    grade_max=$((grade_max + $2))
    case $3 in
    *'
'* | *'#'*) _gdesc=$(printf '%s' "$3" | tr '\n#' ' _') ;;
    *) _gdesc=$3 ;;
    esac
    if [ "$1" -eq 1 ]; then
        grade_score=$((grade_score + $2))
        echo "ok $grade_n - [$2] $_gdesc"
    else
        echo "not ok $grade_n - [$2] $_gdesc"
    fi
}

# After grade_skip_rest: fail this test without running it.
grade_skipped() {
    [ -n "$grade_skip" ] || return 1
    grade_result 0 "$1" "$2"
    echo "#   not run (see above)"
    return 0
}

grade_ok() {
    grade_check_points "$1"
    _gp=$1 _gwhat=$2
    shift 2
    grade_skipped "$_gp" "$_gwhat" && return 1
    if "$@" >"$GRADE_WORK/.grade-cmd" 2>&1; then
        grade_result 1 "$_gp" "$_gwhat"
        return 0
    fi
    grade_result 0 "$_gp" "$_gwhat"
    grade_diag '   ' 10 <"$GRADE_WORK/.grade-cmd"
    return 1
}

grade_eq() {
    grade_check_points "$1"
    grade_skipped "$1" "$2" && return 1
    if [ "$3" = "$4" ]; then
        grade_result 1 "$1" "$2"
        return 0
    fi
    grade_result 0 "$1" "$2"
    printf '%s\n' "$3" | awk 'NR == 1 { print "#   expected: " $0; next }
                              NR <= 20 { print "#             " $0 }'
    if [ -z "$4" ]; then
        echo "#   actual:   (nothing: no line, or an empty one)"
        return 1
    fi
    printf '%s\n' "$4" | awk 'NR == 1 { print "#   actual:   " $0; next }
                              NR <= 20 { print "#             " $0 }'
    return 1
}

grade_match() {
    grade_check_points "$1"
    grade_skipped "$1" "$2" && return 1
    if [ -f "$3" ] && grep -E -q -e "$4" "$3" 2>/dev/null; then
        grade_result 1 "$1" "$2"
        return 0
    fi
    grade_result 0 "$1" "$2"
    _gname=${3#"$GRADE_WORK"/}
    echo "#   expected: a line matching /$4/ in $_gname"
    if [ ! -f "$3" ]; then
        echo "#   actual:   $_gname does not exist"
    elif [ ! -s "$3" ]; then
        echo "#   actual:   $_gname is empty"
    else
        echo "#   actual:   $_gname begins"
        grade_diag '     | ' 8 <"$3"
    fi
    return 1
}

# After grade_skip_rest a note is of a test not run: a hint on what its
# result shows, which there is none of.
# grade_clean_listing P 'what' FILE.lst: passes when the listing counts
# 0 errors and 0 warnings; on failure the count and the messages the
# listing closes with, as FILE:LINE: error|warning: text.
grade_clean_listing() {
    grade_check_points "$1"
    grade_skipped "$1" "$2" && return 1
    _gcount=$(grep -E '^[0-9]+ errors?, [0-9]+ warnings?$' "$3" 2>/dev/null | tail -n 1)
    if [ "$_gcount" = '0 errors, 0 warnings' ]; then
        grade_result 1 "$1" "$2"
        return 0
    fi
    grade_result 0 "$1" "$2"
    echo "#   expected: 0 errors, 0 warnings"
    echo "#   actual:   ${_gcount:-no count: ${3##*/} was not written}"
    [ -n "$_gcount" ] || return 1
    awk -v c="$_gcount" 'found && /^  statement [0-9]+ \(/ {
                             sub(/^  statement [0-9]+ \(/, ""); sub(/\): /, ": "); print; next }
                         $0 == c { found = 1 }' "$3" | grade_unscratch |
        awk -v x="$EXERCISE/" '{ while ((i = index($0, x)) > 0)
                                     $0 = substr($0, 1, i - 1) substr($0, i + length(x)); print }' |
        grade_diag '     ' 10
    return 1
}

grade_note() {
    [ -n "$grade_skip" ] && return 0
    printf '%s\n' "$1" | sed 's/^/# /'
}

# imprun --json names an output limit's end by the machine's status
# (host-error; stopped for the trace) and exit code 6: a student reads
# output-limit.
grade_return_code() {
    _grv=$(grade_value "$1" return_code)
    case $_grv in
    '' | null)
        _gst=$(grade_value "$1" status) || _gst='no run'
        case $_gst:$(grade_value "$1" exit_code) in
        host-error:6 | stopped:6) _gst=output-limit ;;
        esac
        printf 'none (%s)\n' "$_gst" ;;
    *) printf '%s\n' "$_grv" ;;
    esac
}

grade_value() {
    [ -f "$1" ] || return 1
    awk -v key="$2" '
        {
            line = $0
            sub(/^[ \t]+/, "", line)
            # imprun --stats: "47  BC  2  6 ..." gives BC its count
            if (alt == "" && NF >= 3 && $2 == key && $1 ~ /^[0-9A-F][0-9A-F]+$/)
                alt = $3
            if (substr(line, 1, length(key)) == key)
                rest = substr(line, length(key) + 1)
            else if (substr(line, 1, length(key) + 2) == "\"" key "\"")
                rest = substr(line, length(key) + 3)        # JSON: "key": value,
            else
                next
            if (rest !~ /^[ \t]*[=:]/ && rest !~ /^[ \t]+[^ \t]/)
                next
            sub(/^[ \t]*[=:]?[ \t]*/, "", rest)
            sub(/[ \t\r]+$/, "", rest)
            sub(/,$/, "", rest)
            if (rest ~ /^".*"$/)
                rest = substr(rest, 2, length(rest) - 2)
            print rest
            found = 1
            exit
        }
        END {
            if (!found && alt != "") { print alt; found = 1 }
            exit found ? 0 : 1
        }' "$1"
}

grade_skip_rest() {
    [ -n "$grade_skip" ] && return 0
    grade_note "$1"
    grade_skip=$1
    if [ -s "$GRADE_WORK/build.err" ]; then
        grade_errors_first <"$GRADE_WORK/build.err" | grade_diag '   ' 15
    fi
    return 0
}

# Diagnostics (standard input) with the errors first: a message is its
# "error:" or "warning:" line and the lines after it (the source line, the
# caret, its notes); the errors keep their order, then the rest, and a
# message repeated is shown once, with how many more times it came.  So
# the error that stopped a build is in the lines a student is shown, not
# after a page of warnings.
grade_errors_first() {
    awk '
        function close_msg() {
            if (cur == "") return
            if (cur in seen) { more[seen[cur]]++ }
            else { seen[cur] = ++n; text[n] = cur; err[n] = iserr; more[n] = 0 }
            cur = ""
        }
        / (error|fatal error|warning): / && !/^[ \t]/ {
            close_msg(); cur = $0; iserr = ($0 ~ / (error|fatal error): /); next
        }
        cur == "" { pre = pre $0 "\n"; next }
        { cur = cur "\n" $0 }
        END {
            close_msg()
            printf "%s", pre
            for (pass = 1; pass >= 0; pass--)
                for (i = 1; i <= n; i++)
                    if (err[i] == pass) {
                        print text[i]
                        if (more[i]) print "  (and " more[i] " more times)"
                    }
        }'
}

# ---------------------------------------------------------------- build

# The guest runtime's folder (COPY IMPSVC, ..., imprt.s), as imprun finds it.
grade_runtime() {
    for _gd in "${IMP_RUNTIME:-}" "$IMP_BIN/../share/imp/runtime" "$IMP_BIN/../vm/host/runtime"; do
        if [ -n "$_gd" ] && [ -f "$_gd/IMPSVC.s" ]; then
            echo "$_gd"
            return 0
        fi
    done
    return 1
}

# grade_build [OPTION...]: impld's options (-e NAME, --entry=NAME, -c FILE,
# --control=FILE, --origin=ADDR, --page-size=N, -L OBJ) go to impld, the
# others (--sysparm=S, -I DIR, --werror, -W error) to impas; "--ld" passes
# every option after it to impld.
grade_build() {
    [ -n "$grade_skip" ] && return 1
    _gerr=$GRADE_WORK/build.err
    : >"$_gerr"
    _gasopt='' _gldopt='' _gctl='' _gtold=''
    while [ $# -gt 0 ]; do
        case $_gtold$1 in
        --ld) _gtold=ld ;;
        -c | --control | ld-c | ld--control) _gctl=$2; shift ;;
        --control=* | ld--control=*) _gctl=${1#*=} ;;
        ld*) _gldopt="$_gldopt $(grade_quote "$1")" ;;
        -e | -L | --entry | --library)
            _gldopt="$_gldopt $(grade_quote "$1") $(grade_quote "$2")"; shift ;;
        --entry=* | --library=* | --origin=* | --page-size=*)
            _gldopt="$_gldopt $(grade_quote "$1")" ;;
        -I | -W)
            _gasopt="$_gasopt $(grade_quote "$1") $(grade_quote "$2")"; shift ;;
        *) _gasopt="$_gasopt $(grade_quote "$1")" ;;
        esac
        shift
    done
    case $_gctl in '' | /*) ;; *) _gctl=$EXERCISE/$_gctl ;; esac
    # The hand-in files, regular files only (a link could name any host file).
    _ghandin=$(grade_conf handin)
    _ghave=0 _gmissing='' _grefused=0
    for _gf in $_ghandin; do
        _gsrc=$SUBMISSION/$_gf
        if [ -L "$_gsrc" ]; then
            echo "$_gf: a symbolic link: hand in the file itself" >>"$_gerr"
            _grefused=1
        elif [ -d "$_gsrc" ]; then
            echo "$_gf: a folder: hand in the file itself" >>"$_gerr"
            _grefused=1 _ghave=1
        elif [ -f "$_gsrc" ] && [ "$(wc -c <"$_gsrc")" -gt 16777216 ]; then
            echo "$_gf: $(wc -c <"$_gsrc") bytes, more than the 16 MiB a hand-in file may have" >>"$_gerr"
            _grefused=1 _ghave=1
        elif [ -f "$_gsrc" ]; then
            if ! cat "$_gsrc" >"$GRADE_WORK/$(basename "$_gf")"; then
                echo "$_gf: cannot be read" >>"$_gerr"
                grade_status build=failed
                return 1
            fi
            [ -s "$_gsrc" ] && _ghave=1
        else
            _gmissing="$_gmissing $_gf"
        fi
    done
    # Nothing handed in: an empty folder, or files of 0 bytes and nothing
    # else (a link, say, is something: it gets its own message below).
    if [ "$_ghave" -eq 0 ] &&
       [ -z "$(find "$SUBMISSION/." ! -type d ! \( -type f -size 0 \) 2>/dev/null | sed -n 1p)" ]; then
        # shellcheck disable=SC2086  # handin= is a list of names
        echo "nothing handed in: expected$(printf ' %s' $_ghandin)" >>"$_gerr"
        grade_status empty=1
        grade_status build=failed
        return 1
    fi
    if [ -n "$_gmissing" ]; then
        # shellcheck disable=SC2086
        echo "missing:$_gmissing (expected$(printf ' %s' $_ghandin))" >>"$_gerr"
        grade_found_instead $_gmissing >>"$_gerr"
    fi
    if [ -n "$_gmissing" ] || [ "$_grefused" -ne 0 ]; then
        grade_status build=failed
        return 1
    fi
    # A hand-in that is no source text (a load module, a word processor's
    # file, UTF-16) would only make a page of assembler errors.
    _gbad=0
    for _gf in $_ghandin; do
        case $_gf in *.s) ;; *) continue ;; esac
        if _gwhy=$(grade_not_source "$SUBMISSION/$_gf"); then
            echo "$_gf: $_gwhy" >>"$_gerr"
            _gbad=1
        fi
    done
    if [ "$_gbad" -ne 0 ]; then
        grade_status build=failed
        return 1
    fi
    _grt=$(grade_runtime) || _grt=
    _ginc=
    [ -d "$EXERCISE/support" ] && _ginc="-I $(grade_quote "$EXERCISE/support")"
    [ -n "$_grt" ] && _ginc="$_ginc -I $(grade_quote "$_grt")"
    _gobjs='' _gok=1
    for _gf in $_ghandin; do
        case $_gf in *.s) ;; *) continue ;; esac
        _gb=$(basename "$_gf" .s)
        if ! (cd "$GRADE_WORK" &&
              eval "\"\$IMP_BIN/impas\" --max-errors=30 $_gasopt $_ginc -l $(grade_quote "$_gb.lst") \
                   -o $(grade_quote "$_gb.o") $(grade_quote "$_gb.s")") >>"$_gerr" 2>&1; then
            _gok=0
        fi
        _gobjs="$_gobjs $(grade_quote "$GRADE_WORK/$_gb.o")"
    done
    if [ -d "$EXERCISE/support" ]; then
        for _gs in "$EXERCISE"/support/*.s; do
            [ -f "$_gs" ] || continue
            _go=$GRADE_WORK/support-$(basename "$_gs" .s).o
            # (the same for every build of a grading: assembled once)
            [ -f "$_go" ] || "$IMP_BIN/impas" -I "$_grt" -o "$_go" "$_gs" >>"$_gerr" 2>&1 || _gok=0
            _gobjs="$_gobjs $(grade_quote "$_go")"
        done
    fi
    if [ -n "$_grt" ]; then
        [ -f "$GRADE_WORK/imprt.o" ] ||
            "$IMP_BIN/impas" -I "$_grt" -o "$GRADE_WORK/imprt.o" "$_grt/imprt.s" >>"$_gerr" 2>&1 || _gok=0
        _gldopt="$_gldopt -L $(grade_quote "$GRADE_WORK/imprt.o")"
    fi
    if [ "$_gok" -ne 1 ]; then
        grade_status build=failed
        return 1
    fi
    # The runtime's code on a page of its own, as imprun links it: the
    # control statements given (-c FILE; its last line ended if it was
    # not), then PAGE IMPCHECK, in a file of FILE's name, so that impld's
    # messages name FILE with its own line numbers.
    _gcf=$GRADE_WORK/prog.ctl
    if [ -n "$_gctl" ]; then
        mkdir -p "$GRADE_WORK/.ctl" || return 1
        _gcf=$GRADE_WORK/.ctl/$(basename "$_gctl")
    fi
    : >"$_gcf"
    if [ -n "$_gctl" ]; then
        cat "$_gctl" >>"$_gcf"
        [ -s "$_gcf" ] && [ -n "$(tail -c 1 "$_gcf")" ] && echo >>"$_gcf"
    fi
    [ -n "$_grt" ] && echo "PAGE IMPCHECK" >>"$_gcf"
    if ! eval "\"\$IMP_BIN/impld\" --max-errors=30 -c \"\$_gcf\" \
               -m \"\$GRADE_WORK/prog.map\" -o \"\$GRADE_WORK/prog.load\" $_gldopt $_gobjs" \
            >"$GRADE_WORK/.link.err" 2>&1; then
        grade_unscratch <"$GRADE_WORK/.link.err" >>"$_gerr"
        grade_status build=failed
        return 1
    fi
    grade_unscratch <"$GRADE_WORK/.link.err" >>"$_gerr"
    return 0
}

# grade_found_instead NAME...: for each hand-in NAME missing, what the
# submission holds that may be it (the same name in another case, in a
# folder, or with another extension), or else the files it holds.
grade_found_instead() {
    _gall=$(cd "$SUBMISSION" && find . -type f ! -name '.*' ! -path '*/.*' 2>/dev/null |
            sed 's|^\./||' | LC_ALL=C sort)
    _gsaid=0
    for _gm in "$@"; do
        _gstem=${_gm%.*}
        _glike=$(printf '%s\n' "$_gall" | awk -v m="$_gm" -v st="$_gstem" '
            { b = $0; sub(/.*[\/\\]/, "", b); lb = tolower(b); s = lb; sub(/\.[^.]*$/, "", s) }
            lb == tolower(m) || s == tolower(st) { print; exit }')
        [ -n "$_glike" ] || continue
        _gsaid=1
        case $_glike in
        *\\*) echo "  found $_glike: a name with backslashes, which this zip tool wrote for folders; put $_gm at the top of the archive, in no folder" ;;
        */*) echo "  found $_glike: hand it in at the top of the submission, as $_gm" ;;
        *.load | *.o | *.obj)
            echo "  found $_glike: the assembler's or linkage editor's output; hand in the source $_gm" ;;
        *)
            if [ "$(printf '%s' "$_glike" | tr '[:upper:]' '[:lower:]')" = \
                 "$(printf '%s' "$_gm" | tr '[:upper:]' '[:lower:]')" ]; then
                echo "  found $_glike: file names are case-sensitive; rename it $_gm"
            else
                echo "  found $_glike: rename it $_gm"
            fi ;;
        esac
    done
    if [ "$_gsaid" -eq 0 ] && [ -n "$_gall" ]; then
        printf '%s\n' "$_gall" | awk 'NR <= 8 { l = l (NR > 1 ? " " : "") $0 }
            END { if (NR > 8) l = l " ... (" NR - 8 " more)"; print "  the submission holds: " l }'
    fi
}

# grade_not_source FILE: succeeds, printing why, when FILE is plainly no
# assembler source: a module IMP made, an archive or document, UTF-16 or
# UTF-8 with a byte-order mark, binary data (a NUL byte).
grade_not_source() {
    _ghead=$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')
    case $_ghead in
    494d504f424a20*) echo 'an object module (impas'"'"'s output), not assembler source: hand in the source' ;;
    494d504c4f414420*) echo 'a load module (impld'"'"'s output), not assembler source: hand in the source' ;;
    504b0304*) echo 'a zip archive (a word processor'"'"'s document?), not assembler source: save it as plain text' ;;
    25504446*) echo 'a PDF document, not assembler source: hand in the plain text file' ;;
    fffe* | feff*) echo 'UTF-16 text, which the assembler does not read: save it as plain text (ASCII or UTF-8)' ;;
    efbbbf*) echo 'it begins with a byte-order mark (bytes EF BB BF), which the assembler does not accept: save it without one (plain ASCII or UTF-8)' ;;
    *)
        [ "$(tr -d '\000' <"$1" | wc -c)" -ne "$(wc -c <"$1")" ] || return 1
        echo 'binary data (NUL bytes), not assembler source: hand in the plain text file' ;;
    esac
}

# Standard input to output with the scratch folder's name taken out of
# the paths ($GRADE_WORK/.ctl/order.ctl: order.ctl): the folder differs
# from one grading to the next, and the feedback must not.
grade_unscratch() {
    awk -v w="$GRADE_WORK/" '
        {
            out = ""
            while ((i = index($0, w)) > 0) {
                out = out substr($0, 1, i - 1)
                $0 = substr($0, i + length(w))
                if (substr($0, 1, 5) == ".ctl/")
                    $0 = substr($0, 6)
            }
            print out $0
        }'
}

# ---------------------------------------------------------------- run

# grade_run [OPTION...] [-- INPUT]: run prog.load in $GRADE_WORK (relative
# --file paths and report files land there) with standard input from INPUT
# (relative to the exercise; default none).  The limits: cycles
# $GRADE_MAX_CYCLES (default 50M), 256K of console, 1M of files, 2000 printed
# lines, $GRADE_RUN_TIMEOUT host seconds (default 30); then exercise.conf's
# limits= and the options given, which may raise them.  Returns 0 once run,
# whatever the program did: that is $GRADE_RC (imprun's exit status; 124 when
# the host timeout stopped it).  A run that did not end by itself (a program
# interruption, a limit, a machine error, the timeout) adds a feedback line
# with imprun's message.
grade_run() {
    [ -n "$grade_skip" ] && return 1
    [ -f "$GRADE_WORK/prog.load" ] || return 1
    _gopts='' _ginput=/dev/null
    while [ $# -gt 0 ]; do
        if [ "$1" = -- ]; then
            _ginput=$2
            case $_ginput in /*) ;; *) _ginput=$EXERCISE/$_ginput ;; esac
            break
        fi
        _gopts="$_gopts $(grade_quote "$1")"
        shift
    done
    if [ -z "${_gnosuper+set}" ]; then     # asked once a grading
        _gnosuper=
        if "$IMP_BIN/imprun" --help 2>/dev/null | grep -q -e '--no-super'; then
            _gnosuper=--no-super
        fi
    fi
    _gtmo=
    if command -v timeout >/dev/null 2>&1; then
        _gtmo="timeout -k 2 ${GRADE_RUN_TIMEOUT:-30}"
    fi
    # shellcheck disable=SC2046  # limits= is a list of words
    (cd "$GRADE_WORK" &&
     eval "exec $_gtmo \"\$IMP_BIN/imprun\" --max-cycles=${GRADE_MAX_CYCLES:-50M} \
           --max-console=256K --max-output=1M --max-trace=1M --max-lines=2000 \
           $_gnosuper $(grade_conf limits) $_gopts prog.load") \
        <"$_ginput" >"$GRADE_WORK/out" 2>"$GRADE_WORK/err"
    GRADE_RC=$?
    case $GRADE_RC in
    4 | 5) grade_status run=abend ;;
    6) grade_status run=limit ;;
    7) grade_status run=machine ;;
    124 | 137) grade_status run=timeout ;;
    esac
    # A run that did not end by itself: what imprun said, as feedback.
    case $GRADE_RC in
    4 | 5 | 6 | 7)
        grade_note 'the run did not end normally:'
        grep -v '^imprun: note:' "$GRADE_WORK/err" | grep -A2 -m1 '^imprun: ' |
            grade_diag '   ' 3 ;;
    124 | 137)
        grade_note "the run was stopped after ${GRADE_RUN_TIMEOUT:-30} seconds of host time" ;;
    esac
    return 0
}
