# man/man.mk -- imp(7), generated at build time from man/imp.7.in, the
# instruction table (lib/isa.def) and the host services (vm/host/services.h) by
# man/gen-imp7, into $(B)/man/imp.7.
# The other pages are written by hand and listed by their owners' fragments.

GEN_IMP7 := $(B)/man/gen-imp7
IMP7     := $(B)/man/imp.7
MAN_PAGES += $(IMP7)
DEPS      += $(B)/man/gen-imp7.d
# Tests find the generated page through this (see tests/t5001-imp7.sh).
export IMP_BUILD := $(abspath $(B))

all: $(IMP7)

# The host-services table comes from vm/host/services.h (its macros only).
$(B)/man/gen-imp7.o: ALL_CFLAGS += -Ivm -Ivm/host

$(GEN_IMP7): $(B)/man/gen-imp7.o $(LIBIMP)
	$(CC) $(LDFLAGS) -o $@ $< $(LIBIMP)

$(IMP7): man/imp.7.in $(GEN_IMP7)
	$(GEN_IMP7) man/imp.7.in > $@.tmp && mv $@.tmp $@

.PHONY: man
man: $(IMP7)
