# impprof/impprof.mk -- impprof, the reports of a profile written by
# imprun --profile (imp-profile(5)): the command line (main.c), the
# reader of the file (profile.c on reader.c: no printing, no exit), each
# monitor's section (sec-NAME.c, by vm/hpm/sections.def: its records,
# its report tables, its plot), addresses and opcodes (where.c), the
# report tables and their text form (report.c, table.c) and the other
# forms: CSV, JSON, SVG, callgrind and folded stacks (export.c).  It
# links the host side's symbols and the reports' opcode names and JSON
# quoting.

IMPPROF_SRC := $(addprefix impprof/,main.c export.c)
IMPPROF_OBJ := $(IMPPROF_SRC:%.c=$(B)/%.o)
DEPS        += $(IMPPROF_OBJ:.o=.d) $(LIBIMPPROF_OBJ:.o=.d)

# The reader, the monitors' sections (sec-*.c, one per row of
# vm/hpm/sections.def: their records and their report), the report
# tables and the CSECT ordering (order*.c) are a library of their own,
# so the unit tests link them (tests/unit/t-profile.c, t-order.c).
LIBIMPPROF_OBJ := $(B)/impprof/profile.o $(B)/impprof/reader.o \
                  $(B)/impprof/order.o $(B)/impprof/order-alg.o \
                  $(B)/impprof/order-imp.o \
                  $(patsubst %.c,$(B)/%.o,$(wildcard impprof/sec-*.c)) \
                  $(B)/impprof/sections.o $(B)/impprof/report.o \
                  $(B)/impprof/table.o $(B)/impprof/where.o
LIBIMPPROF     := $(B)/libimpprof.a
LIBS           := $(LIBIMPPROF) $(LIBS)
# It reads files only, but names opcodes and quotes JSON as the reports do
# (report.h, which sees the machine's header for its types).
$(IMPPROF_OBJ) $(LIBIMPPROF_OBJ): ALL_CFLAGS += -Ivm -Imc $(VM_SUB_INCLUDES)

$(LIBIMPPROF): $(LIBIMPPROF_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

$(UNIT_TESTS): $(LIBIMPPROF)
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-profile*.c tests/unit/t-order.c)): \
    ALL_CFLAGS += -Iimpprof

PROGRAMS  += $(BIN)/impprof
MAN_PAGES += man/impprof.1 man/imp-profile.5

$(BIN)/impprof: $(IMPPROF_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $(IMPPROF_OBJ) -Wl,--start-group $(LIBS) -Wl,--end-group

# imprun links every library of LIBS, this one among them, but its rule
# (vm/imprun/imprun.mk) is read before this file adds it to LIBS.
$(BIN)/imprun: $(LIBIMPPROF)
# ... and so does the generator of imprun(1), which links the runner.
$(GEN_IMPRUN1): $(LIBIMPPROF)
