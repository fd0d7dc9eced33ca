#!/bin/sh
# t4420-storage-path: guest storage is reached only through the storage
# path (vm/storage.h and vm/storage.c): no other file of the machine or of
# the tools touches the host copy of storage, and no API hands out a
# pointer into it.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/test-lib.sh"

test_expect_success 'no file outside the storage path names the host copy (vm->real)' '
	cd "$top" &&
	! (grep -rn --include="*.c" --include="*.h" -E "->real\b" vm lib asm mc monitor |
	   grep -v -E "^vm/(storage\.[ch]|vm\.c):")
'

test_expect_success 'vm.c only allocates and frees it' '
	cd "$top" &&
	grep -q "vm->real = calloc" vm/vm.c &&
	! (grep -n -E "->real\b" vm/vm.c | grep -v -E "calloc|free\(vm->real\)|!vm->real")
'

test_expect_success 'the public header gives no pointer into storage' '
	cd "$top" &&
	grep -q "vm_fetch_bytes" vm/vm.h &&
	! grep -n "vm_storage(" vm/vm.h
'

test_done
