/*
 * fuzz-obj.c -- libFuzzer harness for the object/load module reader:
 * obj_read_mem must reject or accept any bytes without crashing, reading
 * out of bounds or leaking, and anything it accepts must write out and
 * read back as the same text.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Ilib \
 *       tests/fuzz/fuzz-obj.c lib/obj.c lib/diag.c -o fuzz-obj
 *   ./fuzz-obj
 *
 * tests/unit/t-obj-fuzz.c includes this file and drives it with a short
 * deterministic mutation run, so the suite exercises it on every build.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *module_text(const struct obj_module *m)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return NULL;
    obj_write_stream(m, f);
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct diag d;
    FILE *sink = fopen("/dev/null", "w");
    diag_init(&d, "fuzz-obj");
    d.out = sink ? sink : stderr;
    for (int kind = OBJ_OBJECT; kind <= OBJ_LOAD; kind++) {
        struct obj_module m;
        if (obj_read_mem(&m, (enum obj_kind)kind, "fuzz", (const char *)data, size, &d) != 0)
            continue;
        char *once = module_text(&m);
        struct obj_module again;
        if (once && obj_read_mem(&again, (enum obj_kind)kind, "again", once, strlen(once),
                                 &d) == 0) {
            char *twice = module_text(&again);
            if (twice && strcmp(once, twice) != 0)
                abort();    /* a module that does not survive its own round trip */
            free(twice);
            obj_free(&again);
        } else if (once) {
            abort();        /* the writer produced something the reader rejects */
        }
        free(once);
        obj_free(&m);
    }
    if (sink)
        fclose(sink);
    return 0;
}
