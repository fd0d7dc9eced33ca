# grade/grade.mk -- impgrade, a class of submissions graded by an
# exercise's TAP grader (examples/exercises/): the command line (main.c),
# the class and the exercise (class.c), archives (unpack.c), the graders
# run in parallel (pool.c), their TAP (tap.c), results and feedback
# (result.c), the table and summary (report.c), GNU parallel and Slurm
# (dist.c), a hand-in's fingerprint (handin.c).

IMPGRADE_SRC := $(addprefix grade/,main.c class.c unpack.c pool.c tap.c result.c report.c dist.c handin.c)
IMPGRADE_OBJ := $(IMPGRADE_SRC:%.c=$(B)/%.o)
DEPS         += $(IMPGRADE_OBJ:.o=.d)

# Everything but main.c is libimpgrade.a, for the unit test t-grade
# (tests/unit/t-grade.c), which links it alone with libimp.
LIBIMPGRADE := $(B)/libimpgrade.a
$(LIBIMPGRADE): $(filter-out $(B)/grade/main.o,$(IMPGRADE_OBJ))
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

PROGRAMS  += $(BIN)/impgrade
MAN_PAGES += man/impgrade.1

$(BIN)/impgrade: $(B)/grade/main.o $(LIBIMPGRADE) $(LIBIMP)
	$(CC) $(LDFLAGS) -o $@ $(B)/grade/main.o $(LIBIMPGRADE) $(LIBIMP)

$(B)/tests/unit/t-grade.o: ALL_CFLAGS += -Igrade
$(B)/tests/t-grade: $(B)/tests/unit/t-grade.o $(LIBIMPGRADE) $(LIBIMP)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBIMPGRADE) $(LIBIMP)
