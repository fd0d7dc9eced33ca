#!/bin/sh
# t4420-storage-path: guest storage is reached only through the storage
# path (vm/storage.h and vm/storage.c): no other file of the machine or of
# the tools touches the host copy of storage, and no API hands out a
# pointer into it.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/test-lib.sh"

# The files that may name the host copy (vm->real), and why; nothing else.
#   vm/storage.c, vm/storage.h   the storage path
#   vm/vm.c                      allocates and frees it (checked below)
allowed='vm/storage.c vm/storage.h vm/vm.c'
searched='vm lib asm mc monitor'

# bypasses DIR: list the lines under DIR that name the host copy outside
# the allowed files; fail if there are none.
bypasses() {
	(cd "$1" &&
	 grep -rn --include="*.c" --include="*.h" -e "->real\b" $searched) >found || return 1
	for f in $allowed; do
		grep -v -e "^$f:" found >found.rest
		mv found.rest found
	done
	cat found &&
	test -s found
}

test_expect_success 'the search finds the host copy where it is allowed' '
	(cd "$top" && grep -n -e "->real\b" vm/storage.h vm/vm.c) >uses &&
	test_grep "vm->real = calloc" uses &&
	test_grep "^vm/storage.h:" uses
'

test_expect_success 'no file outside the storage path names the host copy (vm->real)' '
	! bypasses "$top"
'

test_expect_success 'a bypass added to a copy of the tree is found' '
	mkdir -p copy &&
	(cd "$top" && tar cf - $searched) | (cd copy && tar xf -) &&
	! bypasses copy &&
	printf "%s\n" "static unsigned peek(struct vm *vm) { return vm->real[0]; }" >>copy/vm/engine.c &&
	bypasses copy >out &&
	test_grep "^vm/engine.c:" out
'

test_expect_success 'vm.c only allocates and frees it' '
	cd "$top" &&
	grep -q "vm->real = calloc" vm/vm.c &&
	! (grep -n -e "->real\b" vm/vm.c | grep -v -E "calloc|free\(vm->real\)|!vm->real")
'

test_expect_success 'the public header gives no pointer into storage' '
	cd "$top" &&
	grep -q "vm_fetch_bytes" vm/vm.h &&
	! grep -n "vm_storage(" vm/vm.h
'

test_done
