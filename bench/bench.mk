# bench/bench.mk -- benchmarks and the oracle tools (tests/oracle).
#
#   make bench           assembler and machine benchmarks (bench/run.sh),
#                        each monitor's overhead in cycles and host time
#                        (bench/monitors.sh); they print results, they do
#                        not pass or fail
#   make oracle-record   regenerate the semantics core images and record
#                        Hercules' results in tests/oracle/golden
#
# The oracle generators are built with the project's warnings so they stay
# clean; make check gives the tests their folder (IMP_ORACLE_BIN), and
# a test run on its own compiles its own copy.

ORACLE_TOOLS := $(B)/oracle/gen-encodings $(B)/oracle/gen-semantics
DEPS += $(ORACLE_TOOLS:$(B)/oracle/%=$(B)/tests/oracle/%.d)

all: $(ORACLE_TOOLS)

$(B)/oracle/%: $(B)/tests/oracle/%.o $(LIBIMP)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBIMP)

.PHONY: oracle-record
bench: all $(B)/bench-observe
	sh bench/run.sh $(BIN) $(B)/bench-observe
	sh bench/monitors.sh $(BIN)

# impgrade: a class of 200 graded with -j2 (bench/grade.sh).
.PHONY: bench-grade
bench: bench-grade
bench-grade: all
	sh bench/grade.sh $(BIN)

# The speed of the machine observed (bench/observe.c).
DEPS += $(B)/bench/observe.d
$(B)/bench-observe: $(B)/bench/observe.o $(LIBIMPVM) $(LIBIMP)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBIMPVM) $(LIBIMP)

oracle-record:
	sh tests/oracle/record-semantics.sh

# A quick engine benchmark (not installed): make vmbench && $(B)/vmbench
.PHONY: vmbench
vmbench: $(B)/vmbench
DEPS += $(B)/bench/vmbench.d
$(B)/bench/vmbench.o: ALL_CFLAGS += -Ivm
$(B)/vmbench: $(B)/bench/vmbench.o $(LIBIMPVM) $(LIBIMP)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBIMPVM) $(LIBIMP)

# ---- the random differential test (tests/oracle/gen-random.c, t9100) ----
#   make oracle-record-random   record Hercules' results for seeds 1..300
#                               in tests/oracle/golden/random.txt
DEPS += $(B)/tests/oracle/gen-random.d $(B)/tests/oracle/gen-random-classes.d
all: $(B)/oracle/gen-random
$(B)/oracle/gen-random: $(B)/tests/oracle/gen-random.o $(B)/tests/oracle/gen-random-classes.o $(LIBIMP)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(LIBIMP)

.PHONY: oracle-record-random
oracle-record-random:
	sh tests/oracle/record-random.sh $(RANDOM_SKIP:%=-x %) 1 300
$(B)/bench/%.o: ALL_CFLAGS += -Ivm -Imc
