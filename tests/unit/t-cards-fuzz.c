/*
 * t-cards-fuzz.c -- a short deterministic mutation run of the card-deck
 * fuzz harness (tests/fuzz/fuzz-cards.c): card decks are mutated (bytes
 * flipped, NULs and high bytes, lines cut, spliced and repeated, a line
 * of 2.5 MiB) by a fixed pseudo-random sequence, and each mutant is read
 * by XREAD and XGET and scanned by XDECI and XHEXI.  A crash, a sanitizer
 * report or a line read as two cards fails the test.
 */
#include "../fuzz/fuzz-cards.c"

#include "tap.h"

static const char seed[] =
    "ADAMS       90  85  77\n"
    "BAKER       60 100  -5  +7 12345678901\n"
    "C1F2 DEADBEEF 7FFFFFFF\r\n"
    "\tTAB 1 2 3\n"
    "LAST LINE WITHOUT A NEWLINE 42";

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static size_t mutate(uint8_t *buf, size_t len, size_t cap, uint32_t *rs)
{
    static const char alphabet[] = "0123456789ABCDEF+- \n\r\t\x00\x80\xFF";
    int edits = 1 + (int)(next_rand(rs) % 6);
    for (int e = 0; e < edits && len > 0; e++) {
        size_t at = next_rand(rs) % len;
        switch (next_rand(rs) % 5) {
        case 0: buf[at] ^= (uint8_t)(1u << (next_rand(rs) % 8)); break;
        case 1: buf[at] = (uint8_t)alphabet[next_rand(rs) % (sizeof alphabet - 1)]; break;
        case 2: len = at; break;
        case 3: {
            size_t n = next_rand(rs) % 24;
            if (at + n > len)
                n = len - at;
            memmove(buf + at, buf + at + n, len - at - n);
            len -= n;
            break;
        }
        default: {
            size_t n = next_rand(rs) % 64, from = next_rand(rs) % len;
            if (from + n > len)
                n = len - from;
            if (len + n > cap)
                n = cap - len;
            memmove(buf + at + n, buf + at, len - at);
            memmove(buf + at, buf + (from >= at ? from + n : from), n);
            len += n;
            break;
        }
        }
    }
    return len;
}

int main(int argc, char **argv)
{
    /* RUNS mutants (argv[1] for a longer campaign, e.g. under ASan) */
    long runs = argc > 1 ? strtol(argv[1], NULL, 10) : 600;
    enum { CAP = 8192 };
    static uint8_t buf[CAP];
    uint32_t rs = 360;
    for (long i = 0; i < runs; i++) {
        size_t len = sizeof seed - 1;
        memcpy(buf, seed, len);
        len = mutate(buf, len, CAP, &rs);
        LLVMFuzzerTestOneInput(buf, len);
    }
    check(1);                           /* no crash, no abort */
    /* one line of 2.5 MiB in the deck: one card, the next line the next */
    size_t big = (5u << 20) / 2;
    uint8_t *deck = malloc(big + 16);
    if (check(deck != NULL)) {
        memset(deck, '7', big);
        memcpy(deck + big, "\n 12 34\n", 8);
        LLVMFuzzerTestOneInput(deck, big + 8);
        free(deck);
    }
    printf("# %ld mutated decks read\n", runs);
    return tap_done();
}
