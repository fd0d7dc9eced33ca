# lib/lib.mk -- libimp.a: instruction table, diagnostics, EBCDIC, object
# and load modules, shared by every tool.

LIBIMP_SRC := lib/isa.c lib/diag.c lib/ebcdic.c lib/obj.c lib/obj-read.c lib/outfile.c lib/fileset.c lib/tmpclean.c lib/home.c lib/readfile.c lib/roff.c lib/number.c lib/lineread.c lib/sha256.c lib/symbols.c lib/slip.c
LIBIMP_OBJ := $(LIBIMP_SRC:%.c=$(B)/%.o)
LIBIMP     := $(B)/libimp.a
LIBS       += $(LIBIMP)
DEPS       += $(LIBIMP_OBJ:.o=.d)

$(B)/lib/isa.o: lib/isa.def

$(LIBIMP): $(LIBIMP_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^
