# asm/asm.mk -- build fragment (see the top-level Makefile)
