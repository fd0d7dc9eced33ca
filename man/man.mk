# man/man.mk -- build fragment (see the top-level Makefile)
