# mc/mc.mk -- build fragment (see the top-level Makefile)
