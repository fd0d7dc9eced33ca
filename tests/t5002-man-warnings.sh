#!/bin/sh
# t5002: every man page, written by hand or generated, formats without a
# single warning of groff at its strictest (-ww): a macro where words
# were meant, a line that cannot be adjusted, a table wider than the
# page.  A page whose first line is '\" t asks for tbl, as man(1) reads
# it, and is checked through tbl.
. "$(dirname "$0")/test-lib.sh"

BUILD=${IMP_BUILD:-$IMP_TOP/build}
ls "$IMP_TOP"/man/*.[1-8] "$BUILD"/man/*.[1-8] 2>/dev/null >pages

test_expect_success 'the hand-written and the generated pages are all there' '
    for p in impas.1 impld.1 impmc.1 impprof.1 impgrade.1 impobj.5 impmc.5 \
             imp-profile.5 imp-pagerefs.5 impmac.7 imp.7 imprun.1 impmon.1; do
        grep -q "/$p\$" pages || { echo "no page $p"; exit 1; }
    done
'

# groff's own options for a page: -t when its first line asks for tbl
preprocess() {
    case $(head -n 1 "$1") in
    "'\\\" "*t*) echo -t ;;
    esac
}

if test_have groff; then
    test_expect_success 'groff -man -ww formats every page without a warning' '
        while read -r p; do
            groff $(preprocess "$p") -man -Tutf8 -ww -z "$p" 2>err || { echo "$p fails"; exit 1; }
            test ! -s err || { echo "$p:"; cat err; exit 1; }
        done <pages
    '
    test_expect_success 'a page with a table declares tbl on its first line' '
        while read -r p; do
            if grep -q "^\.TS" "$p"; then
                test "$(preprocess "$p")" = -t || { echo "$p lacks '"'"'\\\" t"; exit 1; }
            fi
        done <pages
    '
    # the check catches what it is for: a line that starts with a dot
    test_expect_success 'the check sees a stray request' '
        printf ".TH X 1\n.SH NAME\nx\n...; y\n" >bad.1 &&
        groff -man -Tutf8 -ww -z bad.1 2>err && test_grep "not defined" err
    '
else
    test_skip 'groff formats every page without a warning' 'no groff'
fi
if test_have man; then
    test_expect_success 'man --warnings formats every page at 80 columns' '
        while read -r p; do
            MANWIDTH=80 man --warnings -l "$p" >out 2>err || { echo "$p fails"; exit 1; }
            test ! -s err || { echo "$p:"; cat err; exit 1; }
        done <pages
    '
else
    test_skip 'man --warnings formats every page' 'no man'
fi
test_done
