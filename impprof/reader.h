/*
 * reader.h -- the state of one read of a profile and the line and field
 * reader profile.c parses records with (reader.c).  Private to the
 * reader of imp-profile(5) and the sections' records (sec-NAME.c).
 *
 * Every function taking a reader reports its errors itself, as
 * NAME:LINE:COL: error: ..., and returns -1 (a record with an error is
 * dropped at its first).
 */
#ifndef IMP_IMPPROF_READER_H
#define IMP_IMPPROF_READER_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/* Sections, in the order of the file: the monitors' (by enum
 * prof_monitor_id) from ST_SECTION on. */
enum stage { ST_HEADER, ST_RUN, ST_TASKS, ST_EXACT, ST_MONITOR, ST_SECTION,
             ST_END = ST_SECTION + PROF_NMON };

struct reader {
    struct profile *p;
    struct diag *d;
    const char *name;
    const char *text, *end;
    const char *line, *eol, *cur;   /* current line [line, eol), field cursor */
    int lineno;
    int errors;
    enum stage stage;
    int has_run, has_end;
    int run_line;                   /* the run record's line, for the late check of its cycles */
    unsigned headless;              /* sections whose detail records came without a header */
    int sec_line[PROF_NMON];        /* each section's header line, for late checks */
    uint64_t sec_count[PROF_NMON];  /* ... a count it announced that is not kept */
};

/* Report at the column of `at` in the current line (NULL: no column), the line
   shown with a caret; counts the error.  Returns -1 ("record bad"). */
int rd_error_at(struct reader *r, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "out of memory" at the current line; -1. */
int rd_nomem(struct reader *r);
/* Grow the array *vp of *n elements of size sz by one zeroed element: a
   pointer to it, or NULL on ENOMEM (the array unchanged). */
void *rd_grow(void *vp, size_t *n, size_t sz);
/* The next line into line/eol (a CR before its newline left out); 0 at the end. */
int rd_next_line(struct reader *r);
/* 1 if the current line is empty or holds only blanks and tabs. */
int rd_blank_line(const struct reader *r);
/* 0, or -1 after reporting a control byte (not tab) or one at or above X'7F'. */
int rd_check_text(struct reader *r);
/* The next field, between single blanks: *s and its length; 0 at the end
   of the line, -1 after reporting a second blank, a tab or a trailing blank. */
long rd_field(struct reader *r, const char **s);
/* A field that must be there: its length, or -1 after reporting "missing what". */
long rd_need(struct reader *r, const char *what, const char **s);
/* 0 at the end of the line, else -1 after reporting the extra field. */
int rd_end(struct reader *r);
/* s[0..n) as 1 to maxdig hex digits (either case): 0, or -1. */
int rd_parse_hex(const char *s, long n, int maxdig, uint32_t *out);
/* s[0..n) as an unsigned 64-bit decimal: 0, or -1 (not digits, too large). */
int rd_parse_dec(const char *s, long n, uint64_t *out);
/* The next field as KEY=VALUE with this key: the value *v and its length,
   or -1 after reporting. */
long rd_need_kv(struct reader *r, const char *key, const char **v);
/* KEY=decimal: 0 with *out, or -1 after reporting. */
int rd_kv_dec(struct reader *r, const char *key, uint64_t *out);
/* KEY=decimal within [lo, hi]. */
int rd_kv_dec_in(struct reader *r, const char *key, uint64_t lo, uint64_t hi, uint64_t *out);
/* KEY=1 to maxdig hex digits. */
int rd_kv_hex(struct reader *r, const char *key, int maxdig, uint32_t *out);
/* A decimal field within [lo, hi], named `what` in messages. */
int rd_pos_dec(struct reader *r, const char *what, uint64_t lo, uint64_t hi, uint64_t *out);
/* An address field: 1 to 8 hex digits. */
int rd_pos_addr(struct reader *r, const char *what, uint32_t *out);
/* An opcode: exactly 2 or 4 hex digits: 0, or -1. */
int rd_parse_opcode(const char *s, long n, unsigned *out);
/* A field of at most size - 1 characters, copied into out with a NUL. */
int rd_pos_token(struct reader *r, const char *what, char *out, size_t size);
/* A NUL-terminated copy of s[0..n), or NULL on ENOMEM. */
char *rd_dup_span(const char *s, long n);

/* ---- fields the sections share (profile.c) ---- */

/* A task id field (0 too if zero_ok) of a task given before. */
int rd_task_id(struct reader *r, const char *what, int zero_ok, unsigned *out);
/* OPCODE MNEMONIC COUNT CYCLES into a new element of *v (the what table). */
int rd_op_record(struct reader *r, struct prof_op **v, size_t *n, const char *what);

#endif
