# vm/vm.mk -- libimpvm.a, the microcoded machine (vm/*.c, the shared
# microword/image code of mc/, and the built-in control store generated
# from mc/src/*.mc by impmc).  The folders below vm/ use the library and
# have fragments of their own: host/ (host services, loader, symbols, the
# guest runtime), report/ (the reports) and imprun/ (the batch runner).

LIBIMPVM_SRC := $(addprefix vm/,vm.c branch.c engine.c fastpath.c fetch.c icache.c fpchoose.c liveness.c datapath.c decode.c storage.c paging.c psw.c timer.c hpm-iifm.c hpm.c hpm-per.c frames.c)
LIBIMPVM_OBJ := $(LIBIMPVM_SRC:%.c=$(B)/%.o) $(MC_CORE_OBJ) $(B)/gen/vm/default_cs.o
LIBIMPVM     := $(B)/libimpvm.a
# Most dependent first (tests link $(LIBS) in this order).
LIBS         := $(LIBIMPVM) $(LIBS)
DEPS         += $(LIBIMPVM_SRC:%.c=$(B)/%.d)

$(B)/vm/%.o: ALL_CFLAGS += -Imc -Ivm
# fp_run dispatches through labels as values (a GNU C extension, with a
# plain switch for other compilers): -Wpedantic would reject && and goto *.
$(B)/vm/fastpath.o: ALL_CFLAGS += -Wno-pedantic

# fp_run's cases that come from tables (the ALU functions and storage
# operations of mc/fields.def, the X cases of vm/fastpath.def), written
# as C by a program of the build (vm/mkfastpath.c) for fastpath.c to
# include.
FP_GEN := $(B)/gen/vm/fp-cases.c $(B)/gen/vm/fp-checked.c $(B)/gen/vm/fp-bound.c
DEPS   += $(B)/vm/mkfastpath.d
$(B)/vm/mkfastpath: vm/mkfastpath.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Imc -Ivm -MMD -MP -MF $@.d $(LDFLAGS) -o $@ $<
$(FP_GEN) &: $(B)/vm/mkfastpath
	@mkdir -p $(B)/gen/vm
	$(B)/vm/mkfastpath $(FP_GEN)
$(B)/vm/fastpath.o: $(FP_GEN)

$(B)/gen/vm/default_cs.o: $(B)/gen/vm/default_cs.c
	$(CC) $(GEN_CFLAGS) -c -o $@ $<

$(LIBIMPVM): $(LIBIMPVM_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

all: $(LIBIMPVM)

# The machine's unit tests see vm/ and mc/ headers.
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-vm-*.c tests/unit/t-mc-*.c)): \
    ALL_CFLAGS += -Ivm -Imc
