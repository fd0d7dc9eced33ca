/*
 * sha256.c -- SHA-256 as FIPS 180-4 defines it: 64 rounds over 512-bit
 * blocks, big-endian words, the message padded with a 1 bit, zeros and
 * its length in bits.
 */
#include "sha256.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SHA_X86 1
#include <cpuid.h>
#include <immintrin.h>
#endif

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes (FIPS 180-4, 4.2.2). */
static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

static void compress(struct sha256 *s, const uint8_t *p)
{
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ w[i - 15] >> 3;
        uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ w[i - 2] >> 10;
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
    uint32_t e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] +
                      w[i];
        uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
    s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

#ifdef SHA_X86
/* The SHA extensions (CPUID leaf 7, EBX bit 29) and SSE4.1 (leaf 1, ECX bit 19). */
static int have_sha_ni(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & 1u << 19))
        return 0;
    if (__get_cpuid_max(0, NULL) < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b >> 29) & 1;
}

/*
 * n blocks with the SHA extensions: the same rounds, two at a time
 * (SHA256RNDS2), the state held as ABEF and CDGH as that instruction
 * wants it, and the message schedule four words at a time:
 *   W[t..t+3] = MSG2(MSG1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1])
 */
__attribute__((target("sha,sse4.1,ssse3")))
static void compress_ni(struct sha256 *s, const uint8_t *p, size_t n)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_loadu_si128((const __m128i *)&s->h[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&s->h[4]);
    __m128i badc = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    __m128i abef = _mm_alignr_epi8(badc, efgh, 8);
    __m128i cdgh = _mm_blend_epi16(efgh, badc, 0xF0);
    for (; n > 0; n--, p += 64) {
        __m128i abef0 = abef, cdgh0 = cdgh, w[4];
        for (int i = 0; i < 16; i++) {      /* rounds 4i .. 4i+3 */
            if (i < 4) {
                w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), bswap);
            } else {
                __m128i t = _mm_sha256msg1_epu32(w[i & 3], w[(i - 3) & 3]);
                t = _mm_add_epi32(t, _mm_alignr_epi8(w[(i - 1) & 3], w[(i - 2) & 3], 4));
                w[i & 3] = _mm_sha256msg2_epu32(t, w[(i - 1) & 3]);
            }
            __m128i wk = _mm_add_epi32(w[i & 3], _mm_loadu_si128((const __m128i *)&K[4 * i]));
            cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
            abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E));
        }
        abef = _mm_add_epi32(abef, abef0);
        cdgh = _mm_add_epi32(cdgh, cdgh0);
    }
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&s->h[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&s->h[4], _mm_alignr_epi8(dchg, feba, 8));
}
#endif

/* n whole blocks at p. */
static void blocks(struct sha256 *s, const uint8_t *p, size_t n)
{
#ifdef SHA_X86
    if (s->hw) {
        compress_ni(s, p, n);
        return;
    }
#endif
    for (; n > 0; n--, p += 64)
        compress(s, p);
}

void sha256_init(struct sha256 *s)
{
    static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    memcpy(s->h, h0, sizeof h0);
    s->bytes = 0;
#ifdef SHA_X86
    s->hw = have_sha_ni();
#else
    s->hw = 0;
#endif
}

void sha256_add(struct sha256 *s, const void *data, size_t len)
{
    const uint8_t *p = data;
    size_t have = (size_t)(s->bytes % 64);
    s->bytes += len;
    if (have) {                         /* fill the partial block first */
        size_t n = 64 - have < len ? 64 - have : len;
        memcpy(s->block + have, p, n);
        p += n;
        len -= n;
        if (have + n < 64)
            return;
        blocks(s, s->block, 1);
    }
    blocks(s, p, len / 64);
    p += len / 64 * 64;
    len %= 64;
    memcpy(s->block, p, len);
}

void sha256_hex(struct sha256 *s, char hex[SHA256_HEX])
{
    uint64_t bits = s->bytes * 8;
    static const uint8_t one = 0x80, zero = 0;
    sha256_add(s, &one, 1);
    while (s->bytes % 64 != 56)
        sha256_add(s, &zero, 1);
    uint8_t len[8];
    for (int i = 0; i < 8; i++)
        len[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha256_add(s, len, sizeof len);
    for (int i = 0; i < 8; i++)
        snprintf(hex + 8 * i, SHA256_HEX - 8 * (size_t)i, "%08x", (unsigned)s->h[i]);
}

void sha256_of(const void *data, size_t len, char hex[SHA256_HEX])
{
    struct sha256 s;
    sha256_init(&s);
    sha256_add(&s, data, len);
    sha256_hex(&s, hex);
}
