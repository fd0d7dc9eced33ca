# IMP -- one non-recursive Makefile.  Each folder contributes a fragment
# (lib/lib.mk, asm/asm.mk, ...) that appends to the variables below; all
# rules run from the top of the tree.
#
#   make            build every program into bin/
#   make check      build, then run the test suite (prove's harness, two
#                   jobs; the unit tests build beside the first scripts)
#                   and print the ten slowest tests
#   make check-slow the slow checks: clean parallel builds, long fuzzing
#   make sanitize   the same suite on an ASan + UBSan build (build-san/, bin-san/)
#   make check-variants  the suite on the plain-switch engine (-DFP_NO_LABELS,
#                   build-sw/, bin-sw/) and on a clang build (build-clang/,
#                   bin-clang/), as CI runs it
#   make unit-tests the C unit-test programs (build/tests/t-*)
#   make demo       the flagship demo
#   make bench      benchmarks (bench/)
#   make install    PREFIX=/usr/local DESTDIR=
#   make clean

VERSION   := 0.1.0
CC        ?= cc
CFLAGS    ?= -O2 -g
LDFLAGS   ?=
FLEX      ?= flex
BISON     ?= bison
PERL      ?= perl
PREFIX    ?= /usr/local
DESTDIR   ?=

# Rules that write several files in one command are grouped targets (&:),
# which GNU make has from 4.3 on; older makes would race them under -j.
ifeq ($(filter grouped-target,$(.FEATURES)),)
$(error GNU make 4.3 or later is needed (grouped targets))
endif

B   ?= build
BIN ?= bin

WARN := -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wno-unused-parameter
ALL_CFLAGS = $(WARN) -D_POSIX_C_SOURCE=200809L -DIMP_VERSION='"$(VERSION)"' \
             -Ilib -I$(B)/gen $(CFLAGS)
# Generated scanners and parsers are not held to -Wpedantic and friends.
GEN_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -DIMP_VERSION='"$(VERSION)"' \
             -Ilib -I$(B)/gen $(CFLAGS) -Wno-unused-function

PROGRAMS   :=
LIBS       :=
UNIT_TESTS :=
MAN_PAGES  :=
DEPS        =

.SECONDARY:
.PHONY: all check check-slow unit-tests sanitize check-variants demo bench install clean setup
all:

include lib/lib.mk
include asm/asm.mk
include asm/ld/ld.mk
include mc/mc.mk
include vm/vm.mk
include monitor/monitor.mk
include tests/tests.mk
include man/man.mk
include examples/examples.mk
include bench/bench.mk
include vm/host/host.mk
include vm/report/report.mk
include vm/imprun/imprun.mk
include impprof/impprof.mk
include grade/grade.mk

all: $(PROGRAMS)

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BIN)/%: | $(BIN)
$(BIN):
	@mkdir -p $@

# The suite runs through tests/suite.pl: three jobs (the screen tests
# wait on tmux, a third job uses the core they leave), the longest tests
# first, the unit-test programs built by a make of their own beside the
# first scripts; each test's wall-clock and CPU seconds go to
# $(B)/tests/check-times, which also orders the next run.
# The unit tests build one at a time beside the test jobs; the line
# names $(MAKE) only through UNIT_BUILD, so make -n check shows the suite
# instead of running it.
UNIT_BUILD = $(MAKE) -j1 --no-print-directory unit-tests
check: all
	@mkdir -p $(B)/tests
	IMP_BIN=$(abspath $(BIN)) IMP_ORACLE_BIN=$(abspath $(B)/oracle) $(PERL) tests/suite.pl --jobs=3 \
	    --times=$(B)/tests/check-times --build='$(UNIT_BUILD)' \
	    $(CHECK_FIRST:%=--first=%) $(CHECK_SCRIPTS) $(UNIT_TESTS)

check-slow: all $(SLOW_UNITS)
	@mkdir -p $(B)/tests
	IMP_BIN=$(abspath $(BIN)) IMP_ORACLE_BIN=$(abspath $(B)/oracle) $(SLOW_ENV) \
	    $(PERL) tests/suite.pl --jobs=2 \
	    --times=$(B)/tests/check-slow-times $(SLOW_SCRIPTS) $(SLOW_UNITS)

unit-tests: $(UNIT_TESTS)

sanitize:
	$(MAKE) B=build-san BIN=bin-san \
	    CFLAGS='-O1 -g -DIMP_DEBUG -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined' \
	    LDFLAGS='-fsanitize=address,undefined' check

# The engine's other dispatch (a plain switch instead of labels as values)
# and the other compiler, each in its own build and bin folders.
check-variants:
	$(MAKE) B=build-sw BIN=bin-sw CFLAGS='-O2 -g -DFP_NO_LABELS' check
	$(MAKE) B=build-clang BIN=bin-clang CC=clang check

setup:
	sh tools/install-deps.sh

install: all
	mkdir -p $(DESTDIR)$(PREFIX)/bin
	for p in $(PROGRAMS); do install -m 755 $$p $(DESTDIR)$(PREFIX)/bin/; done
	mkdir -p $(DESTDIR)$(PREFIX)/share/imp/runtime
	install -m 644 vm/host/runtime/*.s $(DESTDIR)$(PREFIX)/share/imp/runtime/
	for m in $(MAN_PAGES); do \
	    s=$${m##*.}; mkdir -p $(DESTDIR)$(PREFIX)/share/man/man$$s; \
	    install -m 644 $$m $(DESTDIR)$(PREFIX)/share/man/man$$s/; done

clean:
	rm -rf build build-san build-sw build-clang bin bin-san bin-sw bin-clang

-include $(DEPS)
