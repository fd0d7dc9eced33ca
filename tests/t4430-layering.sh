#!/bin/sh
# t4430-layering: the libraries keep to their layers.  The machine
# library (libimpvm: vm/*.[ch], mc/microword.[ch], mc/image.c) never prints,
# exits or includes curses; nothing outside the machine library includes
# its internal headers (every header of vm/ but vm.h); the runner library
# (libimprun: vm/imprun/ but main.c) writes nothing to stderr.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/test-lib.sh"

# The files of each layer, relative to the top.
# (vm/mk*.c are programs of the build that write sources, not the library.)
machine() { (cd "$top" && ls vm/*.c vm/*.h mc/microword.c mc/microword.h mc/image.c | grep -v "^vm/mk"); }
internal() { (cd "$top" && ls vm/*.h | grep -v -x vm/vm.h | sed 's,^vm/,,'); }
runner() { (cd "$top" && ls vm/imprun/*.c vm/imprun/*.h vm/hpm/*.c vm/hpm/*.h | grep -v -x vm/imprun/main.c); }

# code DIR FILE...: the files' text without comments (the compiler's
# preprocessor, which leaves #include lines and macros alone) and with
# every string literal emptied, each line prefixed by its file name.
# The texts of the tree's files are kept in pp/; a copy's file with the
# same bytes as the tree's is given the tree's text (the copies below
# differ from the tree in a few files only).
code() {
	d=$1
	shift
	for f in "$@"; do
		if [ "$d" != "$top" ] && [ -f "pp/$f" ] && cmp -s "$d/$f" "$top/$f"; then
			cat "pp/$f"
		elif [ "$d" = "$top" ]; then
			case " $pp_dirs " in *" ${f%/*} "*) ;; *)
				mkdir -p "pp/${f%/*}" && pp_dirs="$pp_dirs ${f%/*}" || return 1 ;;
			esac
			cc -fpreprocessed -dD -E -P "$d/$f" 2>/dev/null | sed -e 's/"\([^"\\]\|\\.\)*"/""/g' -e "s,^,$f: ," >"pp/$f" &&
			cat "pp/$f" || return 1
		else
			cc -fpreprocessed -dD -E -P "$d/$f" 2>/dev/null | sed -e 's/"\([^"\\]\|\\.\)*"/""/g' -e "s,^,$f: ," || return 1
		fi
	done
}
pp_dirs=

# What each rule forbids, as an extended regular expression.
calls='(^|[^[:alnum:]_])(printf|vprintf|puts|putchar|perror|exit|_exit|quick_exit|abort)[[:space:]]*\('
streams='(^|[^[:alnum:]_])(stdout|stderr)([^[:alnum:]_]|$)'
curses='#[[:space:]]*include[[:space:]]*[<"](n?curses|ncursesw/[a-z]*|term|panel|readline/[a-z]*)\.h'

# violations DIR: the lines of DIR's machine library that print, exit or
# include curses (none: fail).
violations() {
	code "$1" $(machine) >text &&
	grep -E -e "$calls" -e "$streams" -e "$curses" text
}

test_expect_success 'the layers have files' '
	machine >m && test_grep "^vm/engine.c$" m && test_grep "^mc/image.c$" m &&
	! test_grep "^vm/mkfastpath.c$" m &&
	internal >i && test_grep "^vmint.h$" i && ! test_grep "^vm.h$" i &&
	runner >r && test_grep "^vm/imprun/runner.c$" r && test_grep "^vm/hpm/table.c$" r &&
	! test_grep "main.c" r
'

test_expect_success 'the machine library never prints, exits or includes curses' '
	! violations "$top"
'

test_expect_success 'a print, an exit and curses added to a copy are found' '
	mkdir -p copy &&
	(cd "$top" && tar cf - vm/*.c vm/*.h mc) | (cd copy && tar xf -) &&
	! violations copy &&
	printf "%s\n" "/* printf(\"x\") in a comment is no print */" >>copy/vm/engine.c &&
	printf "%s\n" "static const char *s = \"exit(1)\";" >>copy/vm/psw.c &&
	! violations copy &&
	printf "%s\n" "static void say(void) { fputs(\"x\", stderr); }" >>copy/vm/timer.c &&
	printf "%s\n" "static void quit(void) { exit(3); }" >>copy/mc/image.c &&
	printf "%s\n" "#include <ncurses.h>" >>copy/vm/vmint.h &&
	violations copy >out &&
	test_grep "^vm/timer.c: .*stderr" out &&
	test_grep "^mc/image.c: .*exit(3)" out &&
	test_grep "^vm/vmint.h: #include <ncurses.h>" out
'

# includers DIR: the files under DIR outside the machine library that
# include one of its internal headers (none: fail).
includers() {
	hdrs=$(internal | sed 's/\./\\./g' | paste -s -d "|" -) &&
	(cd "$1" &&
	 grep -rn -E --include="*.c" --include="*.h" --include="*.y" --include="*.l" \
	      "#[[:space:]]*include[[:space:]]*\"([^\"]*/)?($hdrs)\"" \
	      vm asm lib mc monitor tests bench) >inc || return 1
	grep -v -E "^vm/[^/]*:" inc
}

test_expect_success 'nothing outside the machine library includes its internal headers' '
	! includers "$top"
'

test_expect_success 'an include of vmint.h added to a copy of the runner is found' '
	mkdir -p copy2 &&
	(cd "$top" && tar cf - vm asm lib mc monitor tests/unit bench) | (cd copy2 && tar xf -) &&
	! includers copy2 &&
	printf "%s\n" "#include \"../vmint.h\"" >>copy2/vm/imprun/runner.c &&
	includers copy2 >out &&
	test_grep "^vm/imprun/runner.c:" out
'

# The runner library reports through its caller's sink (run_say): it
# names no stream of its own.
test_expect_success 'the runner library writes nothing to stderr' '
	code "$top" $(runner) >runner.text &&
	! grep -E "(^|[^[:alnum:]_])stderr([^[:alnum:]_]|$)" runner.text
'

test_done
