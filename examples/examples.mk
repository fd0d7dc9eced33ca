# examples/examples.mk -- the example programs and the flagship demo.
#
#   make examples   assemble and link every example into $(B)/examples
#   make demo       assemble and link the payroll demo with a listing,
#                   a load map and a CSECT cross-reference, show them,
#                   and run it (tests/t5000-examples.sh checks it all)
#
# COPY members (IMPSVC, IMPFCB, IMPPSA) and the runtime imprt.s live in
# vm/host/runtime; every program is linked with the runtime object.

EX_RUNTIME := vm/host/runtime
EX_OUT     := $(B)/examples
EX_SRCS    := $(wildcard examples/[a-z]*.s)
EX_LOADS   := $(EX_SRCS:examples/%.s=$(EX_OUT)/%.load)
EX_IMPAS    = $(BIN)/impas -I $(EX_RUNTIME)
DEMO_OUT   := $(B)/demo
DEMO_MODS  := payroll payparse paycalc payedit
DEMO_OBJS  := $(DEMO_MODS:%=$(DEMO_OUT)/%.o) $(DEMO_OUT)/imprt.o

.PHONY: examples demo

examples: $(EX_LOADS)

$(EX_OUT)/imprt.o: $(EX_RUNTIME)/imprt.s $(EX_RUNTIME)/IMPSVC.s $(BIN)/impas
	@mkdir -p $(dir $@)
	$(EX_IMPAS) -o $@ $<

$(EX_OUT)/%.o: examples/%.s $(BIN)/impas
	@mkdir -p $(dir $@)
	$(EX_IMPAS) -l $(EX_OUT)/$*.lst -o $@ $<

$(EX_OUT)/%.load: $(EX_OUT)/%.o $(EX_OUT)/imprt.o $(BIN)/impld
	$(BIN)/impld -m $(EX_OUT)/$*.map -o $@ $< $(EX_OUT)/imprt.o

$(DEMO_OUT)/imprt.o: $(EX_RUNTIME)/imprt.s $(EX_RUNTIME)/IMPSVC.s $(BIN)/impas
	@mkdir -p $(dir $@)
	$(EX_IMPAS) -o $@ $<

$(DEMO_OUT)/%.o: examples/flagship/%.s examples/flagship/PAYREC.s $(BIN)/impas
	@mkdir -p $(dir $@)
	$(EX_IMPAS) -l $(DEMO_OUT)/$*.lst -o $@ $<

$(DEMO_OUT)/payroll.load: $(DEMO_OBJS) examples/flagship/payroll.ctl $(BIN)/impld
	$(BIN)/impld -c examples/flagship/payroll.ctl \
	    -m $(DEMO_OUT)/payroll.map -x $(DEMO_OUT)/payroll.xref \
	    -o $@ $(DEMO_OBJS)

demo: all $(DEMO_OUT)/payroll.load
	@echo
	@echo '==== listing of paycalc.s (excerpt; all listings in $(DEMO_OUT)/*.lst)'
	@sed -n '/PAYCALC  CSECT/,+44p' $(DEMO_OUT)/paycalc.lst
	@echo
	@echo '==== load map ($(DEMO_OUT)/payroll.map)'
	@cat $(DEMO_OUT)/payroll.map
	@echo
	@echo '==== CSECT cross-reference ($(DEMO_OUT)/payroll.xref)'
	@cat $(DEMO_OUT)/payroll.xref
	@echo
	@if [ -x $(BIN)/imprun ]; then \
	    echo '==== imprun --file CARDS=examples/flagship/payroll.txt payroll.load'; \
	    $(BIN)/imprun --file CARDS=examples/flagship/payroll.txt \
	        $(DEMO_OUT)/payroll.load; \
	else \
	    echo '==== $(BIN)/imprun is not built yet: the demo stops here'; \
	fi

# make reorder: the CSECT reordering experiment of examples/reorder (the
# Linz paper's Table I) on the large and the small program, and its
# section 6.2, the data CSECTs, on the program of gen.pl --data; the
# tables and plots go to $(B)/reorder, $(B)/reorder-small and
# $(B)/reorder-data.
.PHONY: reorder
reorder: $(BIN)/impas $(BIN)/impld $(BIN)/imprun $(BIN)/impprof
	perl examples/reorder/run.pl --bin=$(BIN) --out=$(B)/reorder
	perl examples/reorder/run.pl --small --bin=$(BIN) --out=$(B)/reorder-small
	perl examples/reorder/run.pl --data --bin=$(BIN) --out=$(B)/reorder-data

# make monitors-readme: examples/monitors/README.md from README.md.in,
# each seed's numbers measured by running its commands (seeds.pl);
# tests/t4835-monitor-seeds.sh checks that it is up to date.
.PHONY: monitors-readme
monitors-readme: $(BIN)/impas $(BIN)/impld $(BIN)/imprun $(BIN)/impprof
	perl examples/monitors/seeds.pl --bin=$(BIN) --write
