# vm/imprun.mk -- imprun, the batch runner, and libimprun.a: host
# services, the loader and the reports (everything of imprun that does
# not need the machine itself, so unit tests can link it alone).

LIBIMPRUN_SRC := vm/services.c vm/loader.c $(wildcard vm/report-*.c)
LIBIMPRUN_OBJ := $(LIBIMPRUN_SRC:%.c=$(B)/%.o)
LIBIMPRUN     := $(B)/libimprun.a
# First in LIBS: it is linked before the libraries it uses.
LIBS          := $(LIBIMPRUN) $(LIBS)
DEPS          += $(LIBIMPRUN_OBJ:.o=.d)

$(LIBIMPRUN): $(LIBIMPRUN_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

# Unit tests link every library: make sure this one exists first.
$(UNIT_TESTS): $(LIBIMPRUN)
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-services*.c)): \
    ALL_CFLAGS += -Ivm -Imc
$(LIBIMPRUN_OBJ): ALL_CFLAGS += -Imc

# The program.  It needs the machine (libimpvm.a from vm/vm.mk); until
# that library exists only libimprun.a and its unit tests are built.
IMPRUN_SRC := vm/main.c vm/imprun-run.c vm/imprun-build.c vm/imprun-json.c
IMPRUN_OBJ := $(IMPRUN_SRC:%.c=$(B)/%.o)
DEPS       += $(IMPRUN_OBJ:.o=.d)
$(IMPRUN_OBJ): ALL_CFLAGS += -Imc

ifneq ($(filter %libimpvm.a,$(LIBS)),)
PROGRAMS  += $(BIN)/imprun
MAN_PAGES += man/imprun.1

# Libraries in a group: their order in LIBS follows the include order.
$(BIN)/imprun: $(IMPRUN_OBJ) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $(IMPRUN_OBJ) -Wl,--start-group $(LIBS) -Wl,--end-group
endif
