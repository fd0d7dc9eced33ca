# asm/ld/ld.mk -- build fragment for impld, the linkage editor (see the
# top-level Makefile).

IMPLD_SRC := $(wildcard asm/ld/*.c)
IMPLD_OBJ := $(IMPLD_SRC:%.c=$(B)/%.o)
PROGRAMS  += $(BIN)/impld
MAN_PAGES += man/impld.1 man/impobj.5
DEPS      += $(IMPLD_OBJ:.o=.d)

$(BIN)/impld: $(IMPLD_OBJ) $(LIBIMP) | $(BIN)
	$(CC) $(LDFLAGS) -o $@ $(IMPLD_OBJ) $(LIBIMP)
