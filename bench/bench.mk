# bench/bench.mk -- build fragment (see the top-level Makefile)
