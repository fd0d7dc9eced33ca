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
