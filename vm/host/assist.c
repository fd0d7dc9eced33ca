/*
 * assist.c -- ASSIST's instructions on the host side (see assist.h for
 * every rule: the scans of XDECI/XHEXI, the print stream's carriage
 * control, XDUMP's layout, limits and costs).
 *
 * One call = one instruction.  Guest storage is reached only through
 * struct svc_storage; the three streams (cards, print, punch) and the
 * XGET/XPUT files are the only host state touched.
 */
#include "assist.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ebcdic.h"
#include "lineread.h"

#define ADDR_LIMIT  0x1000000u      /* the end of the 24-bit space */
#define EB_BLANK    0x40
#define EB_PLUS     0x4E
#define EB_MINUS    0x60
#define EB_ZERO     0xF0
#define DUMP_LINE   32              /* bytes shown per dump line */
#define PRINT_WHAT  "the print stream"      /* in messages */

static const struct assist_info {
    unsigned opcode;
    int mask;
    const char *name;
    unsigned base;
} assist_table[] = {
#define X(opcode, mask, name, base, what) { opcode, mask, #name, base },
    ASSIST_OPS(X)
#undef X
};

/* The row of an instruction (mask only for X'E0'), or NULL. */
static const struct assist_info *info_of(unsigned opcode, unsigned mask)
{
    for (size_t i = 0; i < ASSIST_NOPS; i++) {
        const struct assist_info *in = &assist_table[i];
        if (in->opcode == opcode && (in->mask < 0 || (unsigned)in->mask == mask))
            return in;
    }
    return NULL;
}

const char *assist_name(unsigned opcode, unsigned mask)
{
    const struct assist_info *in = info_of(opcode, mask);
    return in ? in->name : NULL;
}

int assist_job(const struct assist *a)
{
    return a->deck || a->calls > 0;
}

void assist_init(struct assist *a, FILE *cards, FILE *print, FILE *punch)
{
    memset(a, 0, sizeof *a);
    a->cards = cards;
    a->print = print;
    a->punch = punch;
}

/* ---- results and storage -------------------------------------------------- */

/* The interruption code of a storage callback's nonzero return. */
static unsigned storage_pic(int rc)
{
    return rc > 0 ? (unsigned)rc : 5;
}

static void program_check(struct assist_result *res, unsigned pic)
{
    res->outcome = ASSIST_PROGCHECK;
    res->pic = pic;
    res->cc = -1;
    res->set_gr = 0;
}

static void limit_reached(struct assist *a, struct assist_result *res, enum assist_limit which)
{
    a->limit_hit = which;
    res->outcome = ASSIST_LIMIT;
    res->limit = which;
    res->cc = -1;
    res->set_gr = 0;
}

static void set_gr(struct assist_result *res, unsigned r, uint32_t v)
{
    res->gr[r & 15] = v;
    res->set_gr |= 1u << (r & 15);
}

/* Fetch len bytes at addr; 0 or the interruption code. */
static unsigned fetch(const struct svc_storage *st, uint32_t addr, void *buf, uint32_t len)
{
    if (len == 0)
        return 0;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return 5;
    int rc = st->read(st->ctx, addr, buf, len);
    return rc ? storage_pic(rc) : 0;
}

static unsigned store(const struct svc_storage *st, uint32_t addr, const void *buf, uint32_t len)
{
    if (len == 0)
        return 0;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return 5;
    int rc = st->write(st->ctx, addr, buf, len);
    return rc ? storage_pic(rc) : 0;
}

/*
 * 0 if the len bytes at addr may be stored into (asked of the storage's
 * check, or else fetched and stored back unchanged), else the
 * interruption code: lets an input instruction be suppressed before it
 * consumes a record, and stores nothing that PER could see.
 */
static unsigned probe_store(const struct svc_storage *st, uint32_t addr, uint32_t len)
{
    if (len == 0)
        return 0;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return 5;
    if (st->check) {                    /* asked, not stored: PER sees no store */
        int rc = st->check(st->ctx, addr, len, 1);
        return rc ? storage_pic(rc) : 0;
    }
    uint8_t buf[256];
    while (len > 0) {
        uint32_t k = len < sizeof buf ? len : (uint32_t)sizeof buf;
        unsigned pic = fetch(st, addr, buf, k);
        if (!pic)
            pic = store(st, addr, buf, k);
        if (pic)
            return pic;
        addr += k;
        len -= k;
    }
    return 0;
}

/* ---- output --------------------------------------------------------------- */

/* Write n characters of host text to f, recording the first failure as
 * WHAT's: as UTF-8 to a stream that takes it, byte for byte to the punch. */
static void out_write(struct assist *a, FILE *f, const char *what, const void *p, size_t n)
{
    if (!f || n == 0)
        return;
    int utf8 = f == a->print ? a->utf8_print : f == a->punch ? 0 : a->utf8_files;
    errno = 0;
    if (host_text_write(f, p, n, utf8) != 0 && a->write_errno == 0) {
        a->write_errno = errno ? errno : EIO;
        snprintf(a->write_what, sizeof a->write_what, "%s", what);
    }
}

/* 0, or -1 with the run stopped when n more bytes would pass max_bytes. */
static int charge_bytes(struct assist *a, uint64_t n, struct assist_result *res)
{
    if (a->max_bytes && (n > a->max_bytes || a->bytes_out > a->max_bytes - n)) {
        limit_reached(a, res, ASSIST_LIMIT_BYTES);
        return -1;
    }
    a->bytes_out += n;
    return 0;
}

/* The length of host text t[0..n) without its trailing blanks. */
static size_t trim(const char *t, size_t n)
{
    while (n > 0 && t[n - 1] == ' ')
        n--;
    return n;
}

void assist_sync(struct assist *a)
{
    if (a->nl_pending) {
        out_write(a, a->print, PRINT_WHAT, "\n", 1);
        a->nl_pending = 0;
    }
    if (a->print)
        fflush(a->print);
}

/* What goes before a line with carriage control c in interpreted mode. */
static const char *separator(const struct assist *a, char c)
{
    switch (c) {
    case '0': return a->nl_pending ? "\n\n" : "\n";
    case '-': return a->nl_pending ? "\n\n\n" : "\n\n";
    case '1': return a->nl_pending ? "\n\f" : a->print_started ? "\f" : "";
    case '+': return a->nl_pending ? "\r" : "";
    default:  return a->nl_pending ? "\n" : "";
    }
}

/* Lines of paper a carriage control advances. */
static unsigned advance(char c)
{
    switch (c) {
    case '0': return 2;
    case '-': return 3;
    case '+': return 0;
    default:  return 1;
    }
}

/*
 * Print one line: host carriage control c and host text t[0..n).  Counts
 * it and applies the limits; 0, or -1 with the run stopped (nothing
 * printed).
 */
static int print_line(struct assist *a, char c, const char *t, size_t n,
                      struct assist_result *res)
{
    unsigned adv = advance(c);
    int new_page = c == '1' || a->pages == 0 || a->page_lines + adv > ASSIST_PAGE_LINES;
    if (a->max_lines && a->lines + adv > a->max_lines) {
        limit_reached(a, res, ASSIST_LIMIT_LINES);
        return -1;
    }
    if (a->max_pages && new_page && a->pages + 1 > a->max_pages) {
        limit_reached(a, res, ASSIST_LIMIT_PAGES);
        return -1;
    }
    n = trim(t, n);
    const char *sep = a->asa_raw ? "" : separator(a, c);
    size_t total = a->asa_raw ? n + 2 : strlen(sep) + n;
    if (charge_bytes(a, total, res) != 0)
        return -1;
    a->lines += adv;
    if (new_page) {
        a->pages++;
        a->page_lines = adv;
    } else {
        a->page_lines += adv;
    }
    if (a->asa_raw) {
        out_write(a, a->print, PRINT_WHAT, &c, 1);
        out_write(a, a->print, PRINT_WHAT, t, n);
        out_write(a, a->print, PRINT_WHAT, "\n", 1);
    } else {
        out_write(a, a->print, PRINT_WHAT, sep, strlen(sep));
        out_write(a, a->print, PRINT_WHAT, t, n);
        a->nl_pending = 1;
    }
    a->print_started = 1;
    return 0;
}

/* A ' ' line of text (a NUL-terminated string), as XDUMP prints. */
static int print_text(struct assist *a, const char *s, struct assist_result *res)
{
    return print_line(a, ' ', s, strlen(s), res);
}

/* ---- XDECI, XHEXI, XDECO, XHEXO ------------------------------------------- */

static int digit_value(uint8_t e, int hex)
{
    if (e >= 0xF0 && e <= 0xF9)
        return e - EB_ZERO;
    if (hex && e >= 0xC1 && e <= 0xC6)
        return e - 0xC1 + 10;
    return -1;
}

/* The byte at *addr (which must stay below 2**24); 0 or the code. */
static unsigned scan_byte(const struct svc_storage *st, uint32_t addr, uint8_t *e,
                          struct assist_result *res)
{
    if (addr >= ADDR_LIMIT)
        return 5;
    res->cycles += ASSIST_BYTE_CYCLES;
    return fetch(st, addr, e, 1);
}

/* XDECI (hex 0) and XHEXI (hex 1): the scan of assist.h. */
static void do_scan_in(const struct svc_storage *st, const struct assist_req *rq, int hex,
                       struct assist_result *res)
{
    uint32_t p = rq->addr & ASSIST_ADDR_MASK;
    unsigned maxdig = hex ? 8 : 9;
    uint8_t e;
    unsigned pic;
    while (!(pic = scan_byte(st, p, &e, res)) && e == EB_BLANK)
        p++;
    int neg = 0;
    if (!pic && !hex && (e == EB_PLUS || e == EB_MINUS)) {
        neg = e == EB_MINUS;
        pic = scan_byte(st, ++p, &e, res);
    }
    uint32_t v = 0;
    unsigned ndig = 0;
    int d;
    while (!pic && (d = digit_value(e, hex)) >= 0) {
        v = hex ? v << 4 | (uint32_t)d : v * 10 + (uint32_t)d;   /* meaningful up to maxdig */
        ndig++;
        pic = scan_byte(st, ++p, &e, res);
    }
    if (pic) {
        program_check(res, pic);
        return;
    }
    if (ndig == 0 || ndig > maxdig) {
        res->cc = 3;
    } else {
        uint32_t r = neg ? (uint32_t)0 - v : v;
        set_gr(res, rq->r1, r);
        res->cc = r == 0 ? 0 : (r & 0x80000000u) ? 1 : 2;
    }
    set_gr(res, 1, p);
}

/* XDECO (hex 0) and XHEXO (hex 1). */
static void do_num_out(const struct svc_storage *st, const struct assist_req *rq, int hex,
                       struct assist_result *res)
{
    uint32_t v = rq->gr[rq->r1 & 15];
    char text[16];
    uint8_t e[16];
    int n;
    if (hex) {
        n = snprintf(text, sizeof text, "%08" PRIX32, v);
    } else {
        int64_t sv = (v & 0x80000000u) ? (int64_t)v - 0x100000000 : (int64_t)v;
        n = snprintf(text, sizeof text, "%12" PRId64, sv);
    }
    ebcdic_from_host(e, text, (size_t)n);
    unsigned pic = store(st, rq->addr & ASSIST_ADDR_MASK, e, (uint32_t)n);
    if (pic) {
        program_check(res, pic);
        return;
    }
    res->cycles += (uint64_t)n * ASSIST_BYTE_CYCLES;
}

/* ---- XREAD, XPRNT, XPNCH -------------------------------------------------- */

/*
 * Read a line of f into rec[0..len), ASCII -> EBCDIC, blank padded; the
 * line_read result.  Every byte taken from f is charged; *rest <- 1 if
 * the line goes on past LINE_LIMIT (its rest is still in f).
 */
static enum line_result read_record(FILE *f, uint8_t *rec, uint32_t len, int *rest, int utf8,
                                    struct assist_result *res)
{
    size_t cap = utf8 ? (size_t)len * UTF8_MAX : len;     /* bytes for len characters */
    char *line = malloc(cap ? cap : 1);
    if (!line)
        return LINE_ERROR;
    struct lineread lr;
    enum line_result got = line_read(f, line, cap, LINE_LIMIT, &lr);
    res->cycles += (uint64_t)lr.consumed * ASSIST_BYTE_CYCLES;
    if (got == LINE_OK && utf8) {       /* UTF-8: as many characters as a record holds */
        lr.len = utf8_to_latin1(line, lr.len);
        if (lr.len > len)
            lr.len = len;
    }
    if (got == LINE_OK) {
        ebcdic_from_host(rec, line, lr.len);
        memset(rec + lr.len, EB_BLANK, len - lr.len);
        *rest = lr.unended;
    }
    free(line);
    return got;
}

/*
 * The rest of the last record's line, read and dropped, LINE_LIMIT bytes
 * a call, each byte charged: 0 once it is gone (*rest <- 0), 1 if the
 * line still goes on: the instruction ends with ASSIST_AGAIN and is run
 * again, so the cycle limit is checked between the pieces.
 */
static int drop_rest(FILE *f, int *rest, struct assist_result *res)
{
    if (!*rest)
        return 0;
    struct lineread lr;
    enum line_result got = line_read(f, NULL, 0, LINE_LIMIT, &lr);
    res->cycles += (uint64_t)lr.consumed * ASSIST_BYTE_CYCLES;
    *rest = got == LINE_OK && lr.unended;
    if (*rest) {
        res->outcome = ASSIST_AGAIN;
        res->cc = -1;
    }
    return *rest;
}

static void do_xread(struct assist *a, const struct svc_storage *st,
                     const struct assist_req *rq, struct assist_result *res)
{
    uint32_t addr = rq->addr & ASSIST_ADDR_MASK;
    uint32_t len = rq->len == 0 || rq->len > ASSIST_CARD_LEN ? ASSIST_CARD_LEN : rq->len;
    if (a->max_cards && a->cards_read >= a->max_cards) {
        limit_reached(a, res, ASSIST_LIMIT_CARDS);
        return;
    }
    unsigned pic = probe_store(st, addr, len);
    if (pic) {
        program_check(res, pic);
        return;
    }
    uint8_t card[ASSIST_CARD_LEN];
    if (a->print)
        fflush(a->print);       /* a prompt shows before the card is read */
    if (a->cards && drop_rest(a->cards, &a->card_rest, res))
        return;
    if (!a->cards || read_record(a->cards, card, ASSIST_CARD_LEN, &a->card_rest, a->utf8_cards, res) != LINE_OK) {
        res->cc = 1;
        a->eof_reads++;
        a->eof_iaddr = (rq->psw_word2 - 6) & ASSIST_ADDR_MASK;     /* XREAD is 6 bytes */
        return;
    }
    store(st, addr, card, len);
    a->cards_read++;
    res->cc = 0;
    res->cycles += (uint64_t)len * ASSIST_BYTE_CYCLES;
}

/* Fetch len bytes at addr as host text into a new buffer (*out); 0 or the code. */
static unsigned fetch_text(const struct svc_storage *st, uint32_t addr, uint32_t len,
                           char **out)
{
    uint8_t *e = malloc(len ? len : 1);
    char *t = malloc(len ? len : 1);
    unsigned pic = e && t ? fetch(st, addr, e, len) : 5;
    if (!pic)
        ebcdic_to_host(t, e, len);
    free(e);
    if (pic) {
        free(t);
        t = NULL;
    }
    *out = t;
    return pic;
}

/*
 * A print line as the printer shows it: a code of no printable character
 * (a C0 or C1 control of Latin-1: X'00' of a line never set, X'27' that
 * is ESC) prints as a blank, as the line printer left the column blank
 * when no character of its train matched; so the printed output is text
 * a terminal shows as it is, and trailing ones are dropped as blanks.
 */
static void blank_unprintable(char *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c < 0x20 || (c >= 0x7F && c < 0xA0))
            t[i] = ' ';
    }
}

static void do_xprnt(struct assist *a, const struct svc_storage *st,
                     const struct assist_req *rq, struct assist_result *res)
{
    uint32_t len = rq->len;
    if (len > ASSIST_LINE_LEN) {        /* longer than a print line: ASSIST refuses it */
        program_check(res, 0x0006);
        return;
    }
    if (len == 0)
        return;
    char *t;
    unsigned pic = fetch_text(st, rq->addr & ASSIST_ADDR_MASK, len, &t);
    if (pic) {
        program_check(res, pic);
        return;
    }
    blank_unprintable(t, len);
    if (print_line(a, t[0], t + 1, len - 1, res) == 0)
        res->cycles += (uint64_t)len * ASSIST_BYTE_CYCLES;
    free(t);
}

static void do_xpnch(struct assist *a, const struct svc_storage *st,
                     const struct assist_req *rq, struct assist_result *res)
{
    uint32_t len = rq->len == 0 || rq->len > ASSIST_CARD_LEN ? ASSIST_CARD_LEN : rq->len;
    char *t;
    unsigned pic = fetch_text(st, rq->addr & ASSIST_ADDR_MASK, len, &t);
    if (pic) {
        program_check(res, pic);
        return;
    }
    if (!a->punch || a->punch == a->print)
        blank_unprintable(t, len);      /* a card on the printed output: as XPRNT */
    size_t n = trim(t, len);
    if (a->max_punch && a->cards_punched >= a->max_punch) {
        limit_reached(a, res, ASSIST_LIMIT_PUNCH);
    } else if (charge_bytes(a, n + 1, res) == 0) {
        FILE *f = a->punch;
        const char *what = "the punch";
        if (!f || f == a->print) {
            assist_sync(a);
            f = a->print;
            what = PRINT_WHAT;
        }
        out_write(a, f, what, t, n);
        out_write(a, f, what, "\n", 1);
        a->cards_punched++;
        res->cycles += (uint64_t)len * ASSIST_BYTE_CYCLES;
    }
    free(t);
}

/* ---- XDUMP ---------------------------------------------------------------- */

static void dump_header(struct assist *a, const struct assist_req *rq, const char *what,
                        char *buf, size_t size)
{
    snprintf(buf, size, " BEGIN XSNAP - CALL %5" PRIu64 " AT %08" PRIX32 " %s",
             a->dumps, rq->psw_word2, what);
}

static int dump_registers(struct assist *a, const struct assist_req *rq,
                          struct assist_result *res)
{
    char line[160];
    dump_header(a, rq, "USER REGISTERS", line, sizeof line);
    if (print_text(a, line, res) || print_text(a, "", res))
        return -1;
    for (int half = 0; half < 2; half++) {
        int n = snprintf(line, sizeof line, " REGS %s     ", half ? "8-15" : "0-7 ");
        for (int r = 0; r < 8; r++)
            n += snprintf(line + n, sizeof line - (size_t)n, "%s%08" PRIX32,
                          r ? "  " : "", rq->gr[half * 8 + r]);
        if (print_text(a, line, res))
            return -1;
    }
    return print_text(a, "", res);
}

/* The character XDUMP shows for EBCDIC byte e. */
static char dump_char(uint8_t e)
{
    char c = ebcdic_char(e);
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        return c;
    if (c != '\0' && strchr(" .<(+|&!$*);-/,%_>?:#@'=\"", c))
        return c;
    return '.';
}

/* One line of 32 bytes at addr. */
static void dump_format(const uint8_t *b, uint32_t addr, char *out, size_t size)
{
    int n = snprintf(out, size, " %06" PRIX32 "    ", addr);
    for (int w = 0; w < 8; w++) {
        const uint8_t *p = b + 4 * w;
        n += snprintf(out + n, size - (size_t)n, "%s%02X%02X%02X%02X",
                      w == 0 ? "" : w == 4 ? "  " : " ", p[0], p[1], p[2], p[3]);
    }
    n += snprintf(out + n, size - (size_t)n, "    *");
    for (int i = 0; i < DUMP_LINE; i++)
        out[n++] = dump_char(b[i]);
    out[n++] = '*';
    out[n] = '\0';
}

/* The run of lines [first, last] (their first byte addresses) as one line. */
static int dump_run(struct assist *a, uint32_t first, uint32_t last, const char *what,
                    struct assist_result *res)
{
    char line[96];
    snprintf(line, sizeof line, "   LINES    %06" PRIX32 "-%06" PRIX32 "    %s",
             first, last + DUMP_LINE - 1, what);
    return print_text(a, line, res);
}

enum run_kind { RUN_NONE, RUN_SAME, RUN_GONE };

static int dump_storage(struct assist *a, const struct svc_storage *st,
                        const struct assist_req *rq, struct assist_result *res)
{
    static const char *const run_text[] = { "", "SAME AS ABOVE", "STORAGE NOT AVAILABLE" };
    uint32_t start = rq->addr & ASSIST_ADDR_MASK;
    uint32_t end = rq->len >= ADDR_LIMIT - start ? ADDR_LIMIT : start + rq->len;
    char line[160];
    dump_header(a, rq, "USER STORAGE", line, sizeof line);
    if (print_text(a, line, res) || print_text(a, "", res))
        return -1;
    snprintf(line, sizeof line, "%29sCORE ADDRESSES SPECIFIED-     %06" PRIX32 " TO %06" PRIX32,
             "", start, (start + rq->len) & ASSIST_ADDR_MASK);
    if (print_text(a, line, res))
        return -1;
    uint8_t prev[DUMP_LINE], cur[DUMP_LINE];
    int have_prev = 0;
    enum run_kind run = RUN_NONE;
    uint32_t run_first = 0, run_last = 0;
    for (uint32_t p = start & ~(uint32_t)(DUMP_LINE - 1); p < end; p += DUMP_LINE) {
        int ok = fetch(st, p, cur, DUMP_LINE) == 0;
        enum run_kind kind = !ok ? RUN_GONE
                           : have_prev && memcmp(cur, prev, DUMP_LINE) == 0 ? RUN_SAME
                           : RUN_NONE;
        if (ok)
            res->cycles += DUMP_LINE * ASSIST_BYTE_CYCLES;
        if (run != RUN_NONE && kind != run) {
            if (dump_run(a, run_first, run_last, run_text[run], res))
                return -1;
            run = RUN_NONE;
        }
        if (kind != RUN_NONE) {
            if (run == RUN_NONE)
                run_first = p;
            run = kind;
            run_last = p;
        } else {
            dump_format(cur, p, line, sizeof line);
            if (print_text(a, line, res))
                return -1;
        }
        have_prev = ok;
        if (ok)
            memcpy(prev, cur, DUMP_LINE);
    }
    if (run != RUN_NONE && dump_run(a, run_first, run_last, run_text[run], res))
        return -1;
    return print_text(a, "", res);
}

static void do_xdump(struct assist *a, const struct svc_storage *st,
                     const struct assist_req *rq, struct assist_result *res)
{
    a->dumps++;
    if ((rq->addr & ASSIST_ADDR_MASK) == 0 && rq->len == 0)
        dump_registers(a, rq, res);
    else
        dump_storage(a, st, rq, res);
}

/* ---- XGET, XPUT ----------------------------------------------------------- */

/* The file name at (GR14) in host characters, trailing blanks dropped;
 * 0 or the interruption code. */
static unsigned fetch_name(const struct svc_storage *st, const struct assist_req *rq,
                           char name[ASSIST_NAME_LEN + 1], struct assist_result *res)
{
    uint8_t e[ASSIST_NAME_LEN];
    unsigned pic = fetch(st, rq->gr[14] & ASSIST_ADDR_MASK, e, ASSIST_NAME_LEN);
    if (pic)
        return pic;
    res->cycles += ASSIST_NAME_LEN * ASSIST_BYTE_CYCLES;
    ebcdic_to_host(name, e, ASSIST_NAME_LEN);
    name[trim(name, ASSIST_NAME_LEN)] = '\0';
    return 0;
}

/* The open file NAME for direction write, opened if need be; NULL if not
 * available. */
static struct assist_file *named_file(struct assist *a, const char *name, int write)
{
    struct assist_file *free_slot = NULL;
    for (int i = 0; i < ASSIST_MAX_FILES; i++) {
        struct assist_file *f = &a->files[i];
        if (f->f && f->write == write && strcmp(f->name, name) == 0)
            return f;
        if (!f->f && !free_slot)
            free_slot = f;
    }
    if (!free_slot || !a->open_file)
        return NULL;
    FILE *f = a->open_file(a->open_ctx, name, write);
    if (!f)
        return NULL;
    snprintf(free_slot->name, sizeof free_slot->name, "%s", name);
    free_slot->write = write;
    free_slot->f = f;
    free_slot->rest = 0;
    return free_slot;
}

static uint32_t record_len(uint32_t len)
{
    return len == 0 ? ASSIST_CARD_LEN : len > ASSIST_MAX_RECORD ? ASSIST_MAX_RECORD : len;
}

static void do_xget(struct assist *a, const struct svc_storage *st,
                    const struct assist_req *rq, struct assist_result *res)
{
    uint32_t addr = rq->addr & ASSIST_ADDR_MASK, len = record_len(rq->len);
    char name[ASSIST_NAME_LEN + 1];
    unsigned pic = fetch_name(st, rq, name, res);
    if (!pic)
        pic = probe_store(st, addr, len);
    if (pic) {
        program_check(res, pic);
        return;
    }
    struct assist_file *file = named_file(a, name, 0);
    res->cc = 2;
    uint8_t *rec = malloc(len);
    if (!file || !rec) {
        free(rec);
        return;
    }
    if (drop_rest(file->f, &file->rest, res)) {
        free(rec);
        return;
    }
    enum line_result got = read_record(file->f, rec, len, &file->rest, a->utf8_files, res);
    if (got == LINE_OK) {
        store(st, addr, rec, len);
        a->records_in++;
        res->cycles += (uint64_t)len * ASSIST_BYTE_CYCLES;
        res->cc = 0;
    } else if (got == LINE_EOF) {
        res->cc = 1;
    }
    free(rec);
}

static void do_xput(struct assist *a, const struct svc_storage *st,
                    const struct assist_req *rq, struct assist_result *res)
{
    uint32_t len = record_len(rq->len);
    char name[ASSIST_NAME_LEN + 1];
    char *t = NULL;
    unsigned pic = fetch_name(st, rq, name, res);
    if (!pic)
        pic = fetch_text(st, rq->addr & ASSIST_ADDR_MASK, len, &t);
    if (pic) {
        program_check(res, pic);
        return;
    }
    struct assist_file *file = named_file(a, name, 1);
    size_t n = trim(t, len);
    if (!file) {
        res->cc = 2;
    } else if (charge_bytes(a, n + 1, res) == 0) {
        char what[32];
        snprintf(what, sizeof what, "file %s", file->name);
        out_write(a, file->f, what, t, n);
        out_write(a, file->f, what, "\n", 1);
        a->records_out++;
        res->cycles += (uint64_t)len * ASSIST_BYTE_CYCLES;
        res->cc = 0;
    }
    free(t);
}

/* ---- dispatch and the end of a run ---------------------------------------- */

/* An XDECI that found no number (CC 3) leaves its register as it was.  If
 * none of the branches right after it (up to 4 BC or BCR) tests CC 3, the
 * program goes on with the old value: count it, for imprun's note.  Only
 * reads storage: the run is not changed. */
static void nonum_check(struct assist *a, const struct svc_storage *st,
                        const struct assist_req *rq, const struct assist_result *res)
{
    uint32_t ia = rq->psw_word2 & ASSIST_ADDR_MASK, next = ia;
    uint8_t b[2];
    for (int k = 0; k < 4 && fetch(st, next, b, 2) == 0; k++) {
        unsigned mask = b[0] == 0x47 || (b[0] == 0x07 && (b[1] & 15)) ? b[1] >> 4 : 16;
        if (mask == 16)
            break;                      /* not a branch on condition */
        if (mask & 1)
            return;                     /* CC 3 is tested */
        next += b[0] == 0x47 ? 4 : 2;
    }
    a->nonum_untested++;
    a->nonum_iaddr = (ia - 4) & ASSIST_ADDR_MASK;      /* XDECI is 4 bytes */
    a->nonum_reg = rq->r1 & 15;
    uint32_t p = res->gr[1] & ASSIST_ADDR_MASK;
    a->nonum_len = 0;
    while (a->nonum_len < ASSIST_NONUM_TEXT &&
           fetch(st, p + a->nonum_len, &a->nonum_text[a->nonum_len], 1) == 0 &&
           a->nonum_text[a->nonum_len] != EB_BLANK)
        a->nonum_len++;
}

void assist_call(struct assist *a, const struct svc_storage *st,
                 const struct assist_req *rq, struct assist_result *res)
{
    memset(res, 0, sizeof *res);
    memcpy(res->gr, rq->gr, sizeof res->gr);
    res->outcome = ASSIST_CONTINUE;
    res->cc = -1;
    const struct assist_info *in = info_of(rq->opcode, rq->r1);
    if (!in) {
        program_check(res, 0x0001);
        res->cycles = ASSIST_BAD_CYCLES;
        return;
    }
    res->cycles = in->base;
    a->calls++;
    switch ((enum assist_op)(in - assist_table)) {
    case ASSIST_XDECO: do_num_out(st, rq, 0, res); break;
    case ASSIST_XDECI:
        do_scan_in(st, rq, 0, res);
        if (res->outcome == ASSIST_CONTINUE && res->cc == 3)
            nonum_check(a, st, rq, res);
        break;
    case ASSIST_XHEXI: do_scan_in(st, rq, 1, res); break;
    case ASSIST_XHEXO: do_num_out(st, rq, 1, res); break;
    case ASSIST_XREAD: do_xread(a, st, rq, res); break;
    case ASSIST_XPRNT: do_xprnt(a, st, rq, res); break;
    case ASSIST_XPNCH: do_xpnch(a, st, rq, res); break;
    case ASSIST_XDUMP: do_xdump(a, st, rq, res); break;
    case ASSIST_XLIMD:
        a->limd_set = 1;
        a->limd_addr = rq->addr & ASSIST_ADDR_MASK;
        a->limd_len = rq->len;
        break;
    case ASSIST_XGET:  do_xget(a, st, rq, res); break;
    case ASSIST_XPUT:  do_xput(a, st, rq, res); break;
    case ASSIST_NOPS:  break;
    }
}

/* Flush f (closing it if close), recording a failure as WHAT's. */
static void finish_stream(struct assist *a, FILE *f, int close, const char *what)
{
    if (!f)
        return;
    errno = 0;
    int bad = ferror(f) != 0;
    bad |= close ? fclose(f) != 0 : fflush(f) != 0;
    if (bad && a->write_errno == 0) {
        a->write_errno = errno ? errno : EIO;
        snprintf(a->write_what, sizeof a->write_what, "%s", what);
    }
}

int assist_finish(struct assist *a, char *err, size_t errsize)
{
    if (a->nl_pending && !a->asa_raw) {
        out_write(a, a->print, PRINT_WHAT, "\n", 1);
        a->nl_pending = 0;
    }
    if (a->print_started || a->dumps)           /* only a stream ASSIST wrote to */
        finish_stream(a, a->print, 0, PRINT_WHAT);
    if (a->punch != a->print && a->cards_punched)
        finish_stream(a, a->punch, 0, "the punch");
    for (int i = 0; i < ASSIST_MAX_FILES; i++) {
        struct assist_file *f = &a->files[i];
        if (!f->f)
            continue;
        char what[32];
        snprintf(what, sizeof what, "file %s", f->name);
        if (f->write)
            finish_stream(a, f->f, 1, what);
        else
            fclose(f->f);
        f->f = NULL;
        f->name[0] = '\0';
    }
    if (a->write_errno == 0)
        return 0;
    snprintf(err, errsize, "writing %s: %s", a->write_what, strerror(a->write_errno));
    return -1;
}
