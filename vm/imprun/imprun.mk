# vm/imprun/imprun.mk -- imprun, the batch runner: the command line
# (main.c), one run (runner.c), the monitors of a run (hpms.c, over the
# descriptors of vm/hpm/), the one-step assemble and link (build.c),
# the consoles of several tasks (console.c), --replay (replay.c)
# and the --json file (json-out.c).  It links the machine, the host side
# and the reports (vm/vm.mk, vm/host/host.mk, vm/report/report.mk).

# Everything but main.c is libimprun.a, which impmon (monitor/) links too:
# it loads its machine with run_open (run.h).
IMPRUN_SRC := $(addprefix vm/imprun/,main.c runner.c build.c json-out.c console.c replay.c hpms.c host.c) \
              $(wildcard vm/hpm/*.c)
IMPRUN_OBJ := $(IMPRUN_SRC:%.c=$(B)/%.o)
LIBIMPRUN_OBJ := $(filter-out $(B)/vm/imprun/main.o,$(IMPRUN_OBJ))
LIBIMPRUN  := $(B)/libimprun.a
DEPS       += $(IMPRUN_OBJ:.o=.d)
$(IMPRUN_OBJ): ALL_CFLAGS += $(VM_SUB_INCLUDES) -Ivm/imprun -Ivm/hpm

$(LIBIMPRUN): $(LIBIMPRUN_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

PROGRAMS  += $(BIN)/imprun

# imprun(1): its OPTIONS generated from options.def and the monitors'
# settings by gen-imprun1 (as gen-impmon1 makes impmon(1)'s commands).
# The generator is a program of man/ (as gen-imp7), not of the runner
# library, which never prints.
GEN_IMPRUN1 := $(B)/man/gen-imprun1
IMPRUN1     := $(B)/man/imprun.1
MAN_PAGES   += $(IMPRUN1)
DEPS        += $(B)/man/gen-imprun1.d
all: $(IMPRUN1)
$(B)/man/gen-imprun1.o: ALL_CFLAGS += -Ivm -Imc $(VM_SUB_INCLUDES) -Ivm/imprun -Ivm/hpm

$(GEN_IMPRUN1): $(B)/man/gen-imprun1.o $(LIBIMPRUN) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $< -Wl,--start-group $(LIBIMPRUN) $(LIBS) -Wl,--end-group

$(IMPRUN1): man/imprun.1.in $(GEN_IMPRUN1)
	@mkdir -p $(dir $@)
	$(GEN_IMPRUN1) man/imprun.1.in > $@.tmp && mv $@.tmp $@

# Libraries in a group: their order in LIBS follows the include order.
$(BIN)/imprun: $(B)/vm/imprun/main.o $(LIBIMPRUN) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $(B)/vm/imprun/main.o -Wl,--start-group $(LIBIMPRUN) $(LIBS) -Wl,--end-group

# The runtime's interrupt service routine of the PER CSECT monitors
# (--csm=per, --csm=csm), assembled by impas and installed by copying.
PERI_INC := $(B)/gen/vm/imprun/peri.inc
$(B)/vm/hpm/csm.o: $(PERI_INC)
$(B)/vm/hpm/csm.o: ALL_CFLAGS += -I$(B)/gen/vm/imprun
$(PERI_INC): vm/host/runtime/IMPPERI.s tools/obj2c.awk $(BIN)/impas
	@mkdir -p $(dir $@)
	$(BIN)/impas -o $@.o vm/host/runtime/IMPPERI.s
	awk -v name=peri_code -f tools/obj2c.awk $@.o > $@.tmp && mv $@.tmp $@
