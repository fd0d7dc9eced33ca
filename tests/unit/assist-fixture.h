/*
 * assist-fixture.h -- the test fixture of the ASSIST host library's unit
 * tests (t-assist, t-assist-print): guest storage as a plain byte array
 * with protected and missing ranges, the card, print and punch streams
 * on temporary files, and one call of assist_call.
 */
#ifndef IMP_TESTS_ASSIST_FIXTURE_H
#define IMP_TESTS_ASSIST_FIXTURE_H

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assist.h"
#include "ebcdic.h"
#include "tap.h"

#define MEM_SIZE 0x4000u

/* Storage with an optional region that cannot be fetched (bad_code, e.g.
 * 4 protection or 5 addressing) and one that cannot be stored into
 * (code 4); past MEM_SIZE the callbacks return -1. */
struct mem {
    uint8_t b[MEM_SIZE];
    uint32_t bad_lo, bad_hi;
    int bad_code;
    uint32_t ro_lo, ro_hi;
};

static inline int overlaps(uint32_t addr, uint32_t len, uint32_t lo, uint32_t hi)
{
    return len > 0 && addr < hi && addr + len > lo;
}

static inline int mem_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    if (overlaps(addr, len, m->bad_lo, m->bad_hi)) return m->bad_code;
    memcpy(buf, m->b + addr, len);
    return 0;
}

static inline int mem_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    if (overlaps(addr, len, m->bad_lo, m->bad_hi)) return m->bad_code;
    if (overlaps(addr, len, m->ro_lo, m->ro_hi)) return 4;
    memcpy(m->b + addr, buf, len);
    return 0;
}

struct fixture {
    struct mem mem;
    struct svc_storage st;
    struct assist a;
    FILE *cards, *print, *punch;
    uint32_t gr[16];
    uint32_t psw2;
};

static inline void setup(struct fixture *x, const char *cards)
{
    memset(x, 0, sizeof *x);
    x->st = (struct svc_storage){ &x->mem, mem_read, mem_write, NULL };
    x->cards = tmpfile();
    x->print = tmpfile();
    x->punch = tmpfile();
    fputs(cards, x->cards);
    rewind(x->cards);
    assist_init(&x->a, x->cards, x->print, x->punch);
    for (int i = 0; i < 16; i++)
        x->gr[i] = 0xA0A0A000u + (uint32_t)i;
}

/* Everything written to f so far. */
static inline const char *contents(FILE *f)
{
    static char buf[16384];
    fflush(f);
    long pos = ftell(f);
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fseek(f, pos, SEEK_SET);
    return buf;
}

static inline const char *printed(struct fixture *x) { return contents(x->print); }

static inline void teardown(struct fixture *x)
{
    char err[128];
    assist_finish(&x->a, err, sizeof err);
    fclose(x->cards);
    fclose(x->print);
    fclose(x->punch);
}

static inline void put_ebcdic(struct fixture *x, uint32_t addr, const char *s)
{
    ebcdic_from_host(x->mem.b + addr, s, strlen(s));
}

/* n bytes at addr as host text (NUL-terminated, static). */
static inline const char *host_text(struct fixture *x, uint32_t addr, size_t n)
{
    static char buf[256];
    ebcdic_to_host(buf, x->mem.b + addr, n);
    buf[n] = '\0';
    return buf;
}

static inline struct assist_result call(struct fixture *x, unsigned opcode, unsigned r1,
                                 uint32_t addr, uint32_t len)
{
    struct assist_req rq = { .opcode = opcode, .r1 = r1, .addr = addr, .len = len,
                             .psw_word2 = x->psw2, .cc = 0 };
    memcpy(rq.gr, x->gr, sizeof rq.gr);
    struct assist_result res;
    assist_call(&x->a, &x->st, &rq, &res);
    return res;
}

/* ---- XDECI ---------------------------------------------------------------- */

/* XDECI R3 of text at 0x100; checks the CC, the value (if CC < 3) and GR1. */

#endif
