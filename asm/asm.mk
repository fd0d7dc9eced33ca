# asm/asm.mk -- impas, the assembler (see the top-level Makefile).
#
# The assembler core is a library ($(B)/libimpas.a) so the fuzzer and the
# unit tests can assemble buffers in memory; main.c is the command.
# flex and bison output goes to $(B)/gen/asm/.

IMPAS_SRC := asm/arena.c asm/optab.c asm/parse.c asm/quick.c asm/source.c asm/libdir.c asm/macro.c asm/macdef.c asm/macfields.c asm/lookahead.c asm/setsym.c asm/caexpr.c asm/builtin.c asm/symtab.c asm/expr.c \
             asm/section.c asm/using.c asm/literal.c asm/dc.c asm/insn.c asm/pass1.c \
             asm/pass2.c asm/emit.c asm/listing.c asm/asm.c
IMPAS_GEN := $(B)/gen/asm/lexer.c $(B)/gen/asm/parser.c
IMPAS_OBJ := $(IMPAS_SRC:%.c=$(B)/%.o) $(IMPAS_GEN:.c=.o)
LIBIMPAS  := $(B)/libimpas.a

PROGRAMS  += $(BIN)/impas
MAN_PAGES += man/impas.1
LIBS      := $(LIBIMPAS) $(LIBS)
DEPS      += $(IMPAS_SRC:%.c=$(B)/%.d) $(B)/asm/main.d $(IMPAS_GEN:.c=.d)

# One bison run writes both files: a grouped target (&:), so a parallel
# make runs it once and waits for both instead of racing two copies.
$(B)/gen/asm/parser.c $(B)/gen/asm/parser.h &: asm/parser.y
	@mkdir -p $(B)/gen/asm
	$(BISON) -Wall -o $(B)/gen/asm/parser.c --defines=$(B)/gen/asm/parser.h $<

$(B)/gen/asm/lexer.c: asm/lexer.l $(B)/gen/asm/parser.h
	@mkdir -p $(dir $@)
	$(FLEX) -o $@ $<

$(B)/gen/asm/%.o: $(B)/gen/asm/%.c
	$(CC) $(GEN_CFLAGS) -I. -MMD -MP -c -o $@ $<

# Every assembler object may include the generated parser header.
$(IMPAS_SRC:%.c=$(B)/%.o) $(B)/asm/main.o: $(B)/gen/asm/parser.h
$(B)/asm/%.o: ALL_CFLAGS += -I.

$(LIBIMPAS): $(IMPAS_OBJ)
	rm -f $@ && $(AR) rcs $@ $^

$(BIN)/impas: $(B)/asm/main.o $(LIBIMPAS) $(LIBIMP) | $(BIN)
	$(CC) $(LDFLAGS) -o $@ $(B)/asm/main.o $(LIBIMPAS) $(LIBIMP)

# libFuzzer harness (clang); a no-op message without clang.
.PHONY: fuzz-impas
fuzz-impas: $(IMPAS_SRC) $(IMPAS_GEN) tests/fuzz/fuzz-impas.c
	@if command -v clang >/dev/null 2>&1; then \
	    mkdir -p $(B)/fuzz && \
	    clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c11 -D_POSIX_C_SOURCE=200809L \
	        -DIMP_VERSION='"$(VERSION)"' -Ilib -I. -I$(B)/gen -o $(B)/fuzz/fuzz-impas \
	        tests/fuzz/fuzz-impas.c $(IMPAS_SRC) $(IMPAS_GEN) $(LIBIMP_SRC) && \
	    echo "built $(B)/fuzz/fuzz-impas; run: $(B)/fuzz/fuzz-impas examples/" ; \
	else echo "fuzz-impas needs clang with -fsanitize=fuzzer"; exit 1; fi

# libFuzzer harness for macro library members (clang): see tests/fuzz/fuzz-maclib.c.
.PHONY: fuzz-maclib
fuzz-maclib: $(IMPAS_SRC) $(IMPAS_GEN) tests/fuzz/fuzz-maclib.c
	@if command -v clang >/dev/null 2>&1; then \
	    mkdir -p $(B)/fuzz && \
	    clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c11 -D_POSIX_C_SOURCE=200809L \
	        -DIMP_VERSION='"$(VERSION)"' -Ilib -I. -I$(B)/gen -o $(B)/fuzz/fuzz-maclib \
	        tests/fuzz/fuzz-maclib.c $(IMPAS_SRC) $(IMPAS_GEN) $(LIBIMP_SRC) && \
	    echo "built $(B)/fuzz/fuzz-maclib; run: $(B)/fuzz/fuzz-maclib asm/maclib/" ; \
	else echo "fuzz-maclib needs clang with -fsanitize=fuzzer"; exit 1; fi

# The macro library (asm/maclib, impmac(7)) is installed beside the runtime.
MAN_PAGES += man/impmac.7
.PHONY: install-maclib
install: install-maclib
install-maclib:
	mkdir -p $(DESTDIR)$(PREFIX)/share/imp/maclib
	install -m 644 asm/maclib/*.mac $(DESTDIR)$(PREFIX)/share/imp/maclib/
