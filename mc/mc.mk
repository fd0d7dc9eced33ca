# mc/mc.mk -- the micro-assembler impmc and the microprogram (mc/src/*.mc).
#
# mc/microword.c and mc/image.c (the field table as data, control-store
# images) are shared with the VM: libimpvm.a holds them too, impmc links
# the objects directly (the VM's archive embeds impmc's output).

MC_CORE_OBJ := $(B)/mc/microword.o $(B)/mc/image.o
IMPMC_SRC   := $(addprefix mc/masm/,main.c parse.c symtab.c encode.c check.c emit.c fieldref.c)
IMPMC_GENC  := $(B)/gen/mc/masm/parser.c $(B)/gen/mc/masm/lexer.c
IMPMC_OBJ   := $(IMPMC_SRC:%.c=$(B)/%.o) $(IMPMC_GENC:.c=.o)
PROGRAMS    += $(BIN)/impmc
MAN_PAGES   += man/impmc.1 man/impmc.5
DEPS        += $(IMPMC_OBJ:.o=.d) $(MC_CORE_OBJ:.o=.d)

# The microprogram: every file in mc/src, in name order.  The order only
# decides where each microword lands in the control store; labels join
# the files, so a new file is picked up without naming it anywhere.
MC_SOURCES  := $(sort $(wildcard mc/src/*.mc))

$(B)/mc/%.o: ALL_CFLAGS += -Imc -Imc/masm -I$(B)/gen/mc/masm
$(B)/mc/masm/parse.o $(B)/mc/masm/main.o $(B)/mc/masm/encode.o: | $(B)/gen/mc/masm/parser.h $(B)/gen/mc/masm/lexer.h
$(MC_CORE_OBJ): mc/fields.def

# bison and flex each write two files in one run: grouped targets (&:), so
# a parallel make runs each generator once and waits for both files.
$(B)/gen/mc/masm/parser.c $(B)/gen/mc/masm/parser.h &: mc/masm/parser.y
	@mkdir -p $(B)/gen/mc/masm
	$(BISON) -o $(B)/gen/mc/masm/parser.c --defines=$(B)/gen/mc/masm/parser.h $<

$(B)/gen/mc/masm/lexer.c $(B)/gen/mc/masm/lexer.h &: mc/masm/lexer.l $(B)/gen/mc/masm/parser.h
	@mkdir -p $(B)/gen/mc/masm
	$(FLEX) --header-file=$(B)/gen/mc/masm/lexer.h -o $(B)/gen/mc/masm/lexer.c $<

$(B)/gen/mc/masm/%.o: $(B)/gen/mc/masm/%.c
	$(CC) $(GEN_CFLAGS) -Imc -Imc/masm -I$(B)/gen/mc/masm -MMD -MP -c -o $@ $<

$(BIN)/impmc: $(IMPMC_OBJ) $(MC_CORE_OBJ) $(LIBIMP) | $(BIN)
	$(CC) $(LDFLAGS) -o $@ $(IMPMC_OBJ) $(MC_CORE_OBJ) $(LIBIMP)

# The built-in control store: the microprogram assembled, as a C string
# (with the image, listing and map beside it, all from one impmc run).
$(B)/gen/vm/default_cs.c $(B)/gen/vm/default.mcs $(B)/gen/vm/default.lst \
$(B)/gen/vm/default.map &: $(BIN)/impmc $(MC_SOURCES)
	@mkdir -p $(B)/gen/vm
	$(BIN)/impmc -o $(B)/gen/vm/default.mcs -l $(B)/gen/vm/default.lst \
	    -m $(B)/gen/vm/default.map --emit-c=$(B)/gen/vm/default_cs.c $(MC_SOURCES)

# Regenerate the field reference inside man/impmc.5 from fields.def.
.PHONY: mc-manref
mc-manref: $(BIN)/impmc
	$(BIN)/impmc --fields > $(B)/impmc-fields.roff
	awk -v ref=$(B)/impmc-fields.roff '/^\.\\" BEGIN FIELDS/ { while ((getline l < ref) > 0) print l; skip = 1; next } \
	    /^\.\\" END FIELDS/ { skip = 0; next } !skip' man/impmc.5 > man/impmc.5.new && mv man/impmc.5.new man/impmc.5
