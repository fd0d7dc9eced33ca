# vm/vm.mk -- build fragment (see the top-level Makefile)
