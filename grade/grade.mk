# grade/grade.mk -- impgrade, a class of submissions graded by an
# exercise's TAP grader (examples/exercises/): the command line (main.c),
# the class and the exercise (class.c), archives (unpack.c), the graders
# run in parallel (pool.c), their TAP (tap.c), results and feedback
# (result.c), the table and summary (report.c), GNU parallel and Slurm
# (dist.c).

IMPGRADE_SRC := $(addprefix grade/,main.c class.c unpack.c pool.c tap.c result.c report.c dist.c)
IMPGRADE_OBJ := $(IMPGRADE_SRC:%.c=$(B)/%.o)
DEPS         += $(IMPGRADE_OBJ:.o=.d)

PROGRAMS  += $(BIN)/impgrade
MAN_PAGES += man/impgrade.1

$(BIN)/impgrade: $(IMPGRADE_OBJ) $(LIBIMP)
	$(CC) $(LDFLAGS) -o $@ $(IMPGRADE_OBJ) $(LIBIMP)
