# vm/host/host.mk -- libimphost.a: the host side of a run, everything that
# stands between the machine and the files and program it runs: the
# DIAGNOSE host services (services.c), ASSIST's instructions (assist.c),
# the loader of load modules and core images (loader.c) and the
# symbolizer (symbols.c).  runtime/ holds
# the guest's side of the services: COPY members and the runtime imprt.s
# (installed in $(PREFIX)/share/imp/runtime, found by lib/home.c).

LIBIMPHOST_SRC := $(addprefix vm/host/,services.c assist.c loader.c symbols.c)
LIBIMPHOST_OBJ := $(LIBIMPHOST_SRC:%.c=$(B)/%.o)
LIBIMPHOST     := $(B)/libimphost.a
# Most dependent first: it is linked before the libraries it uses.
LIBS           := $(LIBIMPHOST) $(LIBS)
DEPS           += $(LIBIMPHOST_OBJ:.o=.d)

# The headers of the host side and of the reports, for their users.
VM_SUB_INCLUDES := -Ivm/host -Ivm/report

$(LIBIMPHOST): $(LIBIMPHOST_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^

# Unit tests link every library: make sure this one exists first.
$(UNIT_TESTS): $(LIBIMPHOST)
$(patsubst tests/unit/%.c,$(B)/tests/unit/%.o,$(wildcard tests/unit/t-services*.c tests/unit/t-assist*.c tests/unit/t-cards*.c)): \
    ALL_CFLAGS += -Ivm -Imc $(VM_SUB_INCLUDES)
