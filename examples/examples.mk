# examples/examples.mk -- build fragment (see the top-level Makefile)
