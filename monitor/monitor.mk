# monitor/monitor.mk -- impmon, the interactive monitor: the model of the
# machine (model.c, where.c, expr.c, regs.c), the command table
# (commands.def, cmd.c, cmd-*.c) and the ncurses + readline screen
# (screen.c, pane-*.c).  It loads its machine with imprun's run_open
# (libimprun.a, vm/imprun/imprun.mk).

IMPMON_SRC := $(addprefix monitor/,main.c model.c where.c expr.c regs.c cmd.c cmd-run.c \
              cmd-break.c cmd-data.c cmd-mon.c output.c screen.c pane-regs.c pane-code.c pane-stats.c \
              pane-mon.c pane-paging.c pane-micro.c)
IMPMON_OBJ := $(IMPMON_SRC:%.c=$(B)/%.o)
DEPS       += $(IMPMON_OBJ:.o=.d)
$(IMPMON_OBJ): ALL_CFLAGS += -Ivm -Imc -Ivm/imprun -Ivm/hpm -Ivm/host -Ivm/report
IMPMON_LIBS := -lreadline -lncurses

PROGRAMS  += $(BIN)/impmon

# This fragment is read before those of vm/host, vm/report, impprof and
# vm/imprun: their libraries are named here, $(LIBS) is complete only in
# the recipe.
IMPMON_LATE_LIBS := $(addprefix $(B)/,libimprun.a libimpprof.a libimpreport.a libimphost.a)
$(BIN)/impmon: $(IMPMON_OBJ) $(IMPMON_LATE_LIBS) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $(IMPMON_OBJ) -Wl,--start-group $(B)/libimprun.a $(LIBS) -Wl,--end-group $(IMPMON_LIBS)

# impmon(1): its command list generated from commands.def by gen-impmon1
# (as gen-imp7 makes imp(7) from the instruction table).
GEN_IMPMON1 := $(B)/monitor/gen-impmon1
IMPMON1     := $(B)/man/impmon.1
MAN_PAGES   += $(IMPMON1)
DEPS        += $(B)/monitor/gen-impmon1.d
all: $(IMPMON1)

$(GEN_IMPMON1): $(B)/monitor/gen-impmon1.o $(B)/libimp.a
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libimp.a

$(IMPMON1): man/impmon.1.in $(GEN_IMPMON1)
	@mkdir -p $(dir $@)
	$(GEN_IMPMON1) man/impmon.1.in > $@.tmp && mv $@.tmp $@

# make bench also measures impmon's live refresh rate and speed against
# imprun (bench/impmon.sh).
.PHONY: bench-impmon
bench: bench-impmon
bench-impmon: all
	sh bench/impmon.sh $(BIN)
