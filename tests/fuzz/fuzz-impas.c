/*
 * fuzz-impas.c -- libFuzzer harness for the assembler core: assemble the
 * input buffer in memory (no files, COPY always fails), with a listing
 * written to /dev/null, and throw everything away.  Any crash, hang,
 * leak or sanitizer report is a bug.
 *
 * Macro sources are inputs like any other (no library: COPY and macro
 * libraries need files); a small limit on the model statements keeps a
 * runaway expansion from looking like a hang (and 1 MiB of generated text).
 *
 *   make fuzz-impas && build/fuzz/fuzz-impas -max_total_time=60 corpus/
 *   (seeds: examples/, tests/data/macro/)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "asm/asm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        return 0;
    struct diag d;
    diag_init(&d, "impas");
    d.out = null;
    d.max_errors = 0;
    struct asm_options o = { .listing = null, .no_files = 1, .macro_limit = 20000,
                             .macro_text = 1 << 20 };
    struct assembler *as = asm_new(&d, &o);
    if (as) {
        asm_run_mem(as, "fuzz.s", (const char *)data, size);
        asm_free(as);
    }
    fclose(null);
    return 0;
}
