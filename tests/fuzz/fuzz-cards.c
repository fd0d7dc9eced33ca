/*
 * fuzz-cards.c -- libFuzzer harness for card decks: the input is the
 * stream XREAD reads (and XGET's file), and a small ASSIST program's
 * instructions run over it against a plain byte array: XREAD each card,
 * XDECI and XHEXI across it, XPRNT and XPNCH it, XGET the same bytes as
 * records.  Any bytes must end in bounded calls without a crash, an
 * out-of-bounds access or a leak; a line is one card however long, so
 * the cards read never pass the lines in the input.
 *
 *   clang -g -fsanitize=fuzzer,address,undefined -Ilib -Ivm -Ivm/host \
 *       tests/fuzz/fuzz-cards.c vm/host/assist.c lib/ebcdic.c \
 *       lib/lineread.c -o fuzz-cards
 *   ./fuzz-cards
 *
 * tests/unit/t-cards-fuzz.c includes this file and drives it with a
 * short deterministic mutation run, so the suite exercises it on every
 * build.  A bounded campaign, -runs=20000 -max_len=4096 -seed=1 from two
 * seed decks, under ASan and UBSan (about two minutes): no report.  And
 * through the programs (t9200's mutations, IMP_FUZZ_COUNT raised), an
 * ASan + UBSan imprun ran 300 mutated card files each as --cards, as
 * standard input with --max-cards=0 and as XGET's file, and 100 mutated
 * whole $JOB decks (sanitized impas and impld too): 1000 runs, each
 * ending with a status of imprun and no report.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FZ_MEM = 0x1000, FZ_CARD = 0x100, FZ_REC = 0x200, FZ_NAME = 0x80, FZ_CALLS = 4096 };

struct fz_mem { uint8_t b[FZ_MEM]; };

static int fz_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    struct fz_mem *m = ctx;
    if (addr > FZ_MEM || len > FZ_MEM - addr)
        return 5;
    memcpy(buf, m->b + addr, len);
    return 0;
}

static int fz_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    struct fz_mem *m = ctx;
    if (addr > FZ_MEM || len > FZ_MEM - addr)
        return 5;
    memcpy(m->b + addr, buf, len);
    return 0;
}

struct fz_files { const uint8_t *data; size_t size; };

/* XGET's file IN: the same bytes again (XPUT's files: none). */
static FILE *fz_open(void *ctx, const char *name, int write)
{
    const struct fz_files *f = ctx;
    if (write || strcmp(name, "IN") != 0)
        return NULL;
    FILE *s = tmpfile();
    if (s && (fwrite(f->data, 1, f->size, s) != f->size || fseek(s, 0, SEEK_SET) != 0)) {
        fclose(s);
        s = NULL;
    }
    return s;
}

static struct assist_result fz_call(struct assist *a, const struct svc_storage *st,
                                    unsigned opcode, unsigned r1, uint32_t addr, uint32_t len,
                                    uint32_t *gr)
{
    struct assist_req rq = { opcode, r1, addr, len, { 0 }, 0, 0 };
    memcpy(rq.gr, gr, sizeof rq.gr);
    struct assist_result res;
    assist_call(a, st, &rq, &res);
    for (unsigned i = 0; i < 16; i++)
        if (res.set_gr & 1u << i)
            gr[i] = res.gr[i];
    return res;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct fz_mem mem;
    struct svc_storage st = { &mem, fz_read, fz_write, NULL };
    FILE *cards = tmpfile(), *out = fopen("/dev/null", "w");
    if (!cards || !out || fwrite(data, 1, size, cards) != size || fseek(cards, 0, SEEK_SET)) {
        if (cards)
            fclose(cards);
        if (out)
            fclose(out);
        return 0;
    }
    size_t lines = 1;                   /* a last line without a newline counts too */
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    struct fz_files files = { data, size };
    struct assist a;
    assist_init(&a, cards, out, out);
    a.open_file = fz_open;
    a.open_ctx = &files;
    a.max_bytes = 1u << 20;
    memset(mem.b, 0x40, sizeof mem.b);
    memcpy(mem.b + FZ_NAME, "\xC9\xD5\x40\x40\x40\x40\x40\x40", 8);     /* "IN" in EBCDIC */
    uint32_t gr[16] = { 0 };
    gr[14] = FZ_NAME;
    int calls = 0, eof = 0;
    while (!eof && calls++ < FZ_CALLS) {
        struct assist_result r = fz_call(&a, &st, 0xE0, 0x0, FZ_CARD, 80, gr);     /* XREAD */
        if (r.outcome == ASSIST_AGAIN)
            continue;                   /* the rest of a long line, dropped */
        if (r.outcome != ASSIST_CONTINUE || r.cc != 0) {
            eof = 1;
            break;
        }
        gr[1] = FZ_CARD;                /* XDECI and XHEXI across the card */
        for (int k = 0; k < 40; k++) {
            r = fz_call(&a, &st, 0x53, 5, gr[1], 0, gr);
            if (r.outcome != ASSIST_CONTINUE || r.cc == 3 || gr[1] >= FZ_CARD + 80)
                break;
        }
        gr[1] = FZ_CARD;
        r = fz_call(&a, &st, 0x61, 6, gr[1], 0, gr);
        fz_call(&a, &st, 0x52, 5, FZ_REC, 0, gr);                           /* XDECO */
        fz_call(&a, &st, 0x62, 6, FZ_REC + 12, 0, gr);                      /* XHEXO */
        fz_call(&a, &st, 0xE0, 0x2, FZ_CARD, 80, gr);                       /* XPRNT */
        fz_call(&a, &st, 0xE0, 0x4, FZ_CARD, 80, gr);                       /* XPNCH */
        r = fz_call(&a, &st, 0xE0, 0xA, FZ_REC, 200, gr);                   /* XGET */
        (void)r;
    }
    if (a.cards_read > lines)
        abort();                        /* a line read as more than one card */
    char err[256];
    (void)assist_finish(&a, err, sizeof err);
    fclose(cards);
    fclose(out);
    return 0;
}
