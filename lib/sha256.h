/*
 * sha256.h -- SHA-256 (FIPS 180-4), for the content hash of each source
 * file that object and load modules record (impobj(5), HASH): a report
 * shows a source line only from the file that was assembled.
 *
 *   struct sha256 h;
 *   sha256_init(&h);
 *   sha256_add(&h, data, len);          as often as needed
 *   sha256_hex(&h, hex);                64 hex digits and a NUL
 */
#ifndef IMP_SHA256_H
#define IMP_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_HEX 65                   /* 64 digits and the NUL */

struct sha256 {
    uint32_t h[8];
    uint64_t bytes;                     /* added so far */
    uint8_t block[64];                  /* a partial block */
    int hw;                             /* the processor's SHA instructions do the rounds
                                           (sha256_init sets it where there are some;
                                           clear it for the portable code) */
};

void sha256_init(struct sha256 *s);
void sha256_add(struct sha256 *s, const void *data, size_t len);
/* Finish: the digest in lower-case hex into hex[SHA256_HEX]; s is spent. */
void sha256_hex(struct sha256 *s, char hex[SHA256_HEX]);
/* The digest of len bytes at data, in hex. */
void sha256_of(const void *data, size_t len, char hex[SHA256_HEX]);

#endif
