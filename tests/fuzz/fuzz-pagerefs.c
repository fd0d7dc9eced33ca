/*
 * fuzz-pagerefs.c -- libFuzzer harness for page reference strings
 * (imp-pagerefs(5)): ps_read_file must accept or reject any bytes
 * without crashing, reading out of bounds, leaking or looping, and the
 * page-fault curve of anything it accepts must print (frames 1 to 64,
 * every policy) with LRU and OPT never rising and OPT never above the
 * others.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Ilib -Ivm/report \
 *       tests/fuzz/fuzz-pagerefs.c vm/report/pagesim.c vm/report/pagerefs.c \
 *       lib/lineread.c lib/diag.c lib/number.c -o fuzz-pagerefs
 *   ./fuzz-pagerefs -max_len=4096
 *
 * The reader takes a path: each input is written to one temporary file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "pagesim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXF 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[] = "/tmp/fuzz-pagerefs.XXXXXX";
    static int fd = -1;
    if (fd < 0 && (fd = mkstemp(path)) < 0)
        abort();
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    struct diag d;
    diag_init(&d, "fuzz");
    d.out = fopen("/dev/null", "w");
    struct ps_string s;
    if (ps_read_file(&s, path, &d) == 0) {
        uint64_t c[PS_NPOLICIES][MAXF + 1];
        for (int p = 0; p < PS_NPOLICIES; p++)
            if (ps_curve(&s, p, MAXF, c[p]) != 0)
                abort();
        for (unsigned f = 2; f <= MAXF; f++)
            if (c[PS_LRU][f] > c[PS_LRU][f - 1] || c[PS_OPT][f] > c[PS_OPT][f - 1])
                abort();
        for (unsigned f = 1; f <= MAXF; f++)
            for (int p = 0; p < PS_NPOLICIES; p++)
                if (c[PS_OPT][f] > c[p][f])
                    abort();
        if (ps_curve_print(d.out, &s, 1, MAXF) != 0)
            abort();
        ps_free(&s);
    }
    fclose(d.out);
    return 0;
}
