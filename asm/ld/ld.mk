# asm/ld/ld.mk -- build fragment for impld (see the top-level Makefile)
