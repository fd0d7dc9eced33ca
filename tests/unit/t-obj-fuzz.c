/*
 * t-obj-fuzz.c -- a short deterministic mutation run of the object reader
 * fuzz harness (tests/fuzz/fuzz-obj.c): valid seed modules are mutated
 * (bytes flipped, replaced by record characters, lines cut, spliced and
 * duplicated) by a fixed pseudo-random sequence, and every mutant goes
 * through obj_read_mem, the writer and the reader again.  A crash, an
 * ASan report or a failed round trip fails the test.
 */
#include "../fuzz/fuzz-obj.c"

#include "tap.h"

static const char *const seeds[] = {
    "IMPOBJ 1\nFILE 0 main.s\nESD 1 SD MAIN 0 18\nESD 2 ER SUB 0 0\n"
    "ESD 3 SD MDATA 18 8\nESD 4 LD E 4 0 1\nTXT 1 0 05C058F0C00E05EF58F0C012\n"
    "TXT 3 18 0000000800180000\nRLD 1 10 4 2 2\nRLD 3 1C 2 1 1\nSYM 1 VSUB 10 4 V\n"
    "SYM 0 TEN A 1 U\nLINE 1 2 0 4\nXREF 1 6 2\nEND 1 0\n",
    "IMPLOAD 1\nFILE 0 a.s\nESD 1 SD MAIN 010000 10\nESD 2 LD T 010008 0 1\n"
    "MOD 1 main.o\nTXT 1 010000 41F0000A07FE\nRLD 1 010008 4 0 1\nXREF 1 010008 2\n"
    "END 1 010000\n",
};

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static size_t mutate(char *buf, size_t len, size_t cap, uint32_t *rs)
{
    static const char alphabet[] = "0123456789ABCDEFZ \n\t#-ESDTXRLYMOFIN\x00\x7F\xFF";
    int edits = 1 + (int)(next_rand(rs) % 4);
    for (int e = 0; e < edits && len > 0; e++) {
        size_t at = next_rand(rs) % len;
        switch (next_rand(rs) % 5) {
        case 0: buf[at] ^= (char)(1u << (next_rand(rs) % 8)); break;
        case 1: buf[at] = alphabet[next_rand(rs) % (sizeof alphabet - 1)]; break;
        case 2: len = at; break;                                    /* cut */
        case 3:                                                     /* delete a span */
            {
                size_t n = next_rand(rs) % 16;
                if (at + n > len) n = len - at;
                memmove(buf + at, buf + at + n, len - at - n);
                len -= n;
            }
            break;
        default:                                                    /* duplicate a span */
            {
                size_t n = next_rand(rs) % 32, from = next_rand(rs) % len;
                if (from + n > len) n = len - from;
                if (len + n > cap) n = cap - len;
                memmove(buf + at + n, buf + at, len - at);
                memmove(buf + at, buf + (from >= at ? from + n : from), n);
                len += n;
            }
            break;
        }
    }
    return len;
}

int main(void)
{
    enum { RUNS = 3000, CAP = 4096 };
    char buf[CAP];
    uint32_t rs = 2024;
    int accepted = 0;
    for (int i = 0; i < RUNS; i++) {
        const char *seed = seeds[i % 2];
        size_t len = strlen(seed);
        memcpy(buf, seed, len);
        len = mutate(buf, len, CAP, &rs);
        LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
        struct diag d;
        FILE *sink = fopen("/dev/null", "w");
        diag_init(&d, "t");
        d.out = sink;
        struct obj_module m;
        if (obj_read_mem(&m, i % 2 ? OBJ_LOAD : OBJ_OBJECT, "m", buf, len, &d) == 0) {
            accepted++;
            obj_free(&m);
        }
        fclose(sink);
    }
    for (int i = 0; i < 2; i++) {
        struct diag d;
        struct obj_module m;
        diag_init(&d, "t");
        check_int(obj_read_mem(&m, i ? OBJ_LOAD : OBJ_OBJECT, "seed", seeds[i],
                               strlen(seeds[i]), &d), ==, 0);
        obj_free(&m);
        LLVMFuzzerTestOneInput((const uint8_t *)seeds[i], strlen(seeds[i]));
    }
    check_int(accepted, >, 0);          /* some mutants stay valid ... */
    check_int(accepted, <, RUNS);       /* ... and many are rejected */
    printf("# %d of %d mutants accepted\n", accepted, RUNS);
    return tap_done();
}
