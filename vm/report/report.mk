# vm/report/report.mk -- libimpreport.a: the reports of a run (status,
# the abend report, statistics, dumps, traces, JSON), each a collector that fills a struct
# and a printer that formats it, so imprun and the monitors share them;
# and the page reference strings with their replacement policies
# (pagesim.h: pagesim.c replays them, pagerefs.c reads and writes them).

LIBIMPREPORT_SRC := $(wildcard vm/report/*.c)
LIBIMPREPORT_OBJ := $(LIBIMPREPORT_SRC:%.c=$(B)/%.o)
LIBIMPREPORT     := $(B)/libimpreport.a
# Before libimphost.a (it uses the symbols and the host services).
LIBS             := $(LIBIMPREPORT) $(LIBS)
DEPS             += $(LIBIMPREPORT_OBJ:.o=.d)

$(LIBIMPREPORT_OBJ): ALL_CFLAGS += $(VM_SUB_INCLUDES)

$(LIBIMPREPORT): $(LIBIMPREPORT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

$(UNIT_TESTS): $(LIBIMPREPORT)
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-report*.c)): \
    ALL_CFLAGS += -Ivm -Imc $(VM_SUB_INCLUDES)
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-pagesim*.c)): \
    ALL_CFLAGS += -Ivm/report
# The page reference file format (vm/report/pagesim.h, pagerefs.c).
MAN_PAGES += man/imp-pagerefs.5
