# tests/tests.mk -- C unit tests: tests/unit/t-NAME.c becomes build/tests/t-NAME,
# linked with every library, and run by prove beside the shell tests.

UNIT_SRC   := $(wildcard tests/unit/t-*.c)
UNIT_TESTS := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
DEPS       += $(UNIT_SRC:%.c=$(B)/%.d)

# Libraries a unit test may need, most dependent first.
UNIT_LIBS = $(filter-out $(LIBIMP),$(LIBS)) $(LIBIMP)

$(B)/tests/t-%: $(B)/tests/unit/t-%.o $(UNIT_LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $< $(UNIT_LIBS)

# The test programs are compiled without optimization (-O0 after CFLAGS:
# a third of the compiler's time at -O2 -g, and the same run times, for
# the code they test is the libraries', built with CFLAGS): the first
# make check after a build compiles them all beside the first scripts.
$(B)/tests/unit/%.o: ALL_CFLAGS += -Itests -Wno-missing-prototypes -O0

# libFuzzer harness of the page reference string reader and the curve
# (clang); a no-op message without clang.
.PHONY: fuzz-pagerefs
fuzz-pagerefs: tests/fuzz/fuzz-pagerefs.c vm/report/pagesim.c vm/report/pagerefs.c
	@if command -v clang >/dev/null 2>&1; then \
	    mkdir -p $(B)/fuzz && \
	    clang -g -O1 -fsanitize=fuzzer,address,undefined -std=c11 -D_POSIX_C_SOURCE=200809L \
	        -DIMP_VERSION='"$(VERSION)"' -Ilib -Ivm/report -o $(B)/fuzz/fuzz-pagerefs \
	        tests/fuzz/fuzz-pagerefs.c vm/report/pagesim.c vm/report/pagerefs.c $(LIBIMP_SRC) && \
	    echo "built $(B)/fuzz/fuzz-pagerefs; run: $(B)/fuzz/fuzz-pagerefs -max_len=4096" ; \
	else echo "fuzz-pagerefs needs clang with -fsanitize=fuzzer"; exit 1; fi

# The suite's two parts.  make check runs every script but the slow ones
# and every unit-test program; make check-slow runs the slow ones: t0010's
# two clean parallel builds, t7010's class of 45 graded, and the fuzzing
# scripts and the engine's random programs at their long length (make
# check runs those at their short length).  CI runs both.
SLOW_ONLY     := tests/t0010-parallel-build.sh tests/t7010-impgrade-class.sh
SLOW_FUZZ     := tests/t9200-fuzz-inputs.sh
SLOW_SCRIPTS  := $(SLOW_ONLY) $(SLOW_FUZZ)
# the engine's random programs: 40 seeds in make check, 1,500 here
SLOW_UNITS    := $(B)/tests/t-vm-random
SLOW_ENV      := IMP_FUZZ_COUNT=100 IMP_RANDOM_COUNT=1500
CHECK_SCRIPTS := $(filter-out $(SLOW_ONLY),$(sort $(wildcard tests/t[0-9]*.sh)))
# The longest scripts of make check, longest first: they start first when
# there is no earlier run's $(B)/tests/check-times to order by, so that
# the jobs end together.
CHECK_FIRST   := tests/t7000-impgrade.sh tests/t5020-exercises-monitors.sh \
                 tests/t4835-monitor-seeds.sh tests/t4750-reorder.sh \
                 tests/t4700-paging.sh tests/t9200-fuzz-inputs.sh \
                 tests/t4755-reorder-data.sh tests/t1165-impas-macro-limits.sh \
                 tests/t4840-csm-methods.sh tests/t4730-paging-examples.sh \
                 tests/t4900-impprof.sh tests/t4875-monitor-cost.sh
