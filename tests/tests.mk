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

$(B)/tests/unit/%.o: ALL_CFLAGS += -Itests -Wno-missing-prototypes

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
