/*
 * fuzz-maclib.c -- libFuzzer harness for macro library members: the input
 * is written as the member FUZZMAC.mac of a library folder made once per
 * process, and a fixed source calls the macro FUZZMAC with operands of
 * every shape (none, positional, keyword, sublists, a name field), copies
 * the member with COPY, and calls it again after that.  Everything the
 * assembler does with a member -- reading it as a file, finding its
 * definition among comments and junk, expanding it -- meets the input.
 * Any crash, hang, leak or sanitizer report is a bug.
 *
 * The budgets are small (20,000 statements, 1 MiB of text) so that a
 * runaway member ends quickly instead of looking like a hang.
 *
 *   make fuzz-maclib && build/fuzz/fuzz-maclib -max_total_time=60 corpus/
 *   (seeds: asm/maclib/)
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "asm/asm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char source[] =
    "T        CSECT\n"
    "         USING *,15\n"
    "         FUZZMAC\n"
    "LBL      FUZZMAC A,(B,C),'D',X'10',KW=5,MF=(E,LIST)\n"
    "         FUZZMAC (1,(2,3)),,&&,=F'1',C'''',TEXT='HI THERE'\n"
    "         COPY  FUZZMAC\n"
    "         FUZZMAC 1,2,3,4,5,6,7,8,9\n"
    "LIST     DS    0F\n"
    "         END\n";

static char libdir[64];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!libdir[0]) {
        snprintf(libdir, sizeof libdir, "/tmp/fuzz-maclib.XXXXXX");
        if (!mkdtemp(libdir))
            abort();
    }
    char path[128];
    snprintf(path, sizeof path, "%s/FUZZMAC.mac", libdir);
    FILE *m = fopen(path, "wb");
    if (!m)
        abort();
    fwrite(data, 1, size, m);
    fclose(m);
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        return 0;
    struct diag d;
    diag_init(&d, "impas");
    d.out = null;
    d.max_errors = 0;
    const char *libs[] = { libdir };
    struct asm_options o = { .listing = null, .maclibs = libs, .nmaclibs = 1,
                             .macro_limit = 20000, .macro_text = 1 << 20 };
    struct assembler *as = asm_new(&d, &o);
    if (as) {
        asm_run_mem(as, "/nonexistent/fuzz.s", source, sizeof source - 1);
        asm_free(as);
    }
    fclose(null);
    return 0;
}
