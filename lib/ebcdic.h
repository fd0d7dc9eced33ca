/*
 * ebcdic.h -- EBCDIC (code page 037) translation at the host boundary.
 */
#ifndef IMP_EBCDIC_H
#define IMP_EBCDIC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern const uint8_t ebcdic_to_latin1[256];
extern const uint8_t latin1_to_ebcdic[256];

static inline uint8_t ebcdic_of(char c) { return latin1_to_ebcdic[(unsigned char)c]; }
static inline char ebcdic_char(uint8_t e) { return (char)ebcdic_to_latin1[e]; }

void ebcdic_from_host(uint8_t *dst, const char *src, size_t n);
void ebcdic_to_host(char *dst, const uint8_t *src, size_t n);

/*
 * The host's text is ISO 8859-1, one byte a character, as the tables
 * give it; a stream that wants UTF-8 gets each character from X'80' up
 * as its two-byte UTF-8 sequence (U+0080-U+00FF), so that the UTF-8 text
 * decodes back to exactly the same characters.  latin1_to_utf8 writes
 * src[0..n) so into dst (room for 2 * n bytes) and returns its length.
 * host_text_write writes n characters of host text to f, as UTF-8 when
 * utf8; 0, or -1 when f fails.
 */
size_t latin1_to_utf8(char *dst, const char *src, size_t n);
int host_text_write(FILE *f, const char *src, size_t n, int utf8);
/*
 * Input the other way: UTF-8 text s[0..n) made host text in place, each
 * character U+0000-U+00FF its byte, any other one the substitute
 * character X'1A' (EBCDIC SUB, X'3F'), and a byte that begins no valid
 * sequence itself (as ISO 8859-1); the new length.  A stream read as
 * UTF-8 takes up to UTF8_MAX bytes a character.
 */
#define UTF8_MAX 4
#define HOST_SUB 0x1A
size_t utf8_to_latin1(char *s, size_t n);

#endif
