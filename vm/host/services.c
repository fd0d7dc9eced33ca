/*
 * services.c -- the host services of DIAGNOSE X'83' (see services.h for
 * the function codes, the FCB layout and the error rules).
 *
 * Everything the guest can reach on the host goes through here: the
 * console streams given to svc_init() and the files bound by --file.
 * Text crosses the boundary translated (EBCDIC cp037 in storage, the
 * host's 8-bit text outside); binary records pass unchanged.
 */
#include "services.h"
#include "vm.h"                 /* VM_ADDR_MASK */

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ebcdic.h"
#include "lineread.h"

#define ADDR_LIMIT 0x1000000u

/* FCB field offsets and file modes (services.h) */
enum {
#define X(name, off, len, type, label, field) FCB_##name = off,
    SVC_FCB_FIELDS(X)
#undef X
};
enum {
#define X(value, name, label, what) MODE_##name = value,
    SVC_MODES(X)
#undef X
};

static const struct svc_info {
    uint32_t code;
    const char *name;
    unsigned base;
    unsigned svc;
} svc_table[] = {
#define X(code, svc, name, base, what) { code, #name, base, svc },
    SVC_FUNCS(X)
#undef X
};

static const struct svc_info *svc_info_of(uint32_t code)
{
    for (size_t i = 0; i < sizeof svc_table / sizeof svc_table[0]; i++)
        if (svc_table[i].code == code)
            return &svc_table[i];
    return NULL;
}

const char *svc_name(uint32_t code)
{
    const struct svc_info *in = svc_info_of(code);
    return in ? in->name : NULL;
}

int svc_code_of(unsigned svc)
{
    for (size_t i = 0; svc && i < sizeof svc_table / sizeof svc_table[0]; i++)
        if (svc_table[i].svc == svc)
            return (int)svc_table[i].code;
    return -1;
}

void svc_set_region(struct services *s, uint32_t lo, uint32_t hi)
{
    s->region_lo = (lo + 7) & ~7u;
    s->region_hi = hi & ~7u;
    if (s->region_hi < s->region_lo)
        s->region_hi = s->region_lo;
    s->nareas = 0;
}

void svc_limit_region(struct services *s, uint32_t hi)
{
    if ((hi & ~7u) < s->region_hi)
        s->region_hi = (hi & ~7u) < s->region_lo ? s->region_lo : (hi & ~7u);
}

void svc_init(struct services *s, FILE *in, FILE *out)
{
    memset(s, 0, sizeof *s);
    s->in = in;
    s->out = out;
    s->max_console = SVC_MAX_CONSOLE;
    s->max_files = SVC_MAX_FILES_OUT;
}

void svc_close_all(struct services *s)
{
    for (int i = 0; i < SVC_MAX_FILES; i++) {
        struct svc_file *f = &s->files[i];
        if (f->f && f->owned)
            fclose(f->f);
        else if (f->f)
            fflush(f->f);
        f->f = NULL;
    }
    for (int i = 0; i < s->nbinds; i++) {
        free(s->binds[i].path);
        s->binds[i].path = NULL;
    }
    s->nbinds = 0;
    free(s->areas);
    s->areas = NULL;
    s->nareas = s->maxareas = 0;
    if (s->out)
        fflush(s->out);
}

int svc_flush_all(struct services *s, char *err, size_t errsize)
{
    int rc = 0;
    for (int i = 0; i < SVC_MAX_FILES; i++) {
        struct svc_file *f = &s->files[i];
        if (!f->f)
            continue;
        int output = f->mode == MODE_TEXT_OUT || f->mode == MODE_BIN_OUT;
        errno = 0;
        int bad = f->owned ? fclose(f->f) != 0 : output && (fflush(f->f) != 0 || ferror(f->f));
        if (bad && output && rc == 0) {
            snprintf(err, errsize, "writing '%s': %s",
                     f->owned ? s->binds[f->bind].path : "standard output",
                     strerror(errno ? errno : EIO));
            rc = -1;
        }
        f->f = NULL;
    }
    errno = 0;
    if (s->out && (fflush(s->out) != 0 || ferror(s->out)) && rc == 0) {
        snprintf(err, errsize, "writing 'standard output': %s", strerror(errno ? errno : EIO));
        clearerr(s->out);           /* reported once */
        rc = -1;
    }
    return rc;
}

/* ---- bindings ----------------------------------------------------------- */

static int name_char_ok(int c)
{
    return isupper(c) || isdigit(c) || c == '@' || c == '#' || c == '$';
}

int svc_bind(struct services *s, const char *spec, char *err, size_t errsize)
{
    const char *eq = strchr(spec, '=');
    size_t n = eq ? (size_t)(eq - spec) : 0;
    if (!eq || n == 0 || n > SVC_NAME_LEN || eq[1] == '\0') {
        snprintf(err, errsize, "'%s': expected NAME=PATH with a name of 1-%d characters",
                 spec, SVC_NAME_LEN);
        return -1;
    }
    char name[SVC_NAME_LEN + 1];
    for (size_t i = 0; i < n; i++) {
        name[i] = (char)toupper((unsigned char)spec[i]);
        if (!name_char_ok((unsigned char)name[i])) {
            snprintf(err, errsize, "'%s': a file name may hold only A-Z 0-9 @ # $", spec);
            return -1;
        }
    }
    name[n] = '\0';
    int slot = 0;
    while (slot < s->nbinds && strcmp(s->binds[slot].name, name) != 0)
        slot++;
    if (slot == SVC_MAX_BINDS) {
        snprintf(err, errsize, "too many --file bindings (at most %d)", SVC_MAX_BINDS);
        return -1;
    }
    char *path = strdup(eq + 1);
    if (!path) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (slot == s->nbinds)
        s->nbinds++;
    else
        free(s->binds[slot].path);
    memcpy(s->binds[slot].name, name, n + 1);
    s->binds[slot].path = path;
    return 0;
}

/* The binding for an FCB name (8 EBCDIC bytes, blank padded), or NULL. */
static const struct svc_bind *bind_lookup(const struct services *s, const uint8_t *ename)
{
    char name[SVC_NAME_LEN + 1];
    int n = SVC_NAME_LEN;
    while (n > 0 && (ename[n - 1] == 0x40 || ename[n - 1] == 0x00))
        n--;
    for (int i = 0; i < n; i++) {
        name[i] = (char)toupper((unsigned char)ebcdic_char(ename[i]));
        if (!name_char_ok((unsigned char)name[i]))
            return NULL;        /* a blank or NUL inside the name matches nothing */
    }
    name[n] = '\0';
    if (n == 0)
        return NULL;
    for (int i = 0; i < s->nbinds; i++)
        if (strcmp(s->binds[i].name, name) == 0)
            return &s->binds[i];
    return NULL;
}

/* An FCB name for a message: trailing blanks dropped, odd bytes as '?'. */
static void ebcdic_to_host_name(const uint8_t *ename, char name[SVC_NAME_LEN + 1])
{
    int n = SVC_NAME_LEN;
    while (n > 0 && (ename[n - 1] == 0x40 || ename[n - 1] == 0x00))
        n--;
    for (int i = 0; i < n; i++) {
        int c = (unsigned char)ebcdic_char(ename[i]);
        name[i] = (char)(isgraph(c) && c != '\'' ? c : '?');
    }
    name[n] = '\0';
}

/* ---- guest storage ------------------------------------------------------ */

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* 1 if the len bytes at addr all lie in storage (no wrap past 16M). */
/* May the caller read (or, write = 1, store into) [addr, addr + len)?  0,
 * or the program-interruption code: 4 if its key may not, 6 if the range
 * is not wholly in storage (services.h, "Errors"). */
static int range_code(const struct svc_storage *st, uint32_t addr, uint32_t len, int write)
{
    uint8_t b;
    if (len == 0)
        return 0;
    if (addr >= ADDR_LIMIT || len > ADDR_LIMIT - addr)
        return 6;
    if (st->check) {
        int c = st->check(st->ctx, addr, len, write);
        return c == 0 ? 0 : c == 4 ? 4 : 6;
    }
    return st->read(st->ctx, addr, &b, 1) == 0 && st->read(st->ctx, addr + len - 1, &b, 1) == 0
               ? 0 : 6;
}

static void program_check(struct svc_result *res, uint16_t pic)
{
    res->outcome = SVC_PROGCHECK;
    res->pic = pic;
    res->cc = -1;
    res->set_r3 = 0;
    res->cycles = SVC_BAD_CYCLES;
}

/* ---- console ------------------------------------------------------------ */

/* Write len guest bytes at addr to f as host text (UTF-8 when utf8). */
static int put_text(const struct svc_storage *st, FILE *f, uint32_t addr, uint32_t len, int utf8)
{
    uint8_t e[256];
    char h[256];
    while (len > 0) {
        uint32_t k = len < sizeof e ? len : (uint32_t)sizeof e;
        if (st->read(st->ctx, addr, e, k) != 0)
            return -1;
        ebcdic_to_host(h, e, k);
        if (host_text_write(f, h, k, utf8) != 0)
            return -1;
        addr += k;
        len -= k;
    }
    return 0;
}

/*
 * Charge n more bytes of output to the console or to the bound files; 0,
 * or -1 with the call failed (nothing may be written) when that would pass
 * the quota.
 */
static int charge_out(struct services *s, FILE *f, uint64_t n, struct svc_result *res)
{
    int console = f == s->out;
    uint64_t *used = console ? &s->console_out : &s->files_out;
    uint64_t max = console ? s->max_console : s->max_files;
    if (n > max || *used > max - n) {
        s->limit_hit = console ? SVC_LIMIT_CONSOLE : SVC_LIMIT_FILES;
        res->outcome = SVC_FAILED;
        res->cc = -1;
        return -1;
    }
    *used += n;
    if (console && s->before_out)
        s->before_out(s->before_ctx);
    return 0;
}

/* A line read as UTF-8 (up to UTF8_MAX bytes a character) made host
 * text, at most max characters: more is a line cut (lr->cut). */
static void text_in(char *line, struct lineread *lr, size_t max)
{
    lr->len = utf8_to_latin1(line, lr->len);
    if (lr->len > max) {
        lr->len = max;
        lr->cut = 1;
    }
}

/* Store host text line[0..n) at addr in EBCDIC. */
static int store_text(const struct svc_storage *st, uint32_t addr, const char *line, uint32_t n)
{
    uint8_t e[256];
    while (n > 0) {
        uint32_t k = n < sizeof e ? n : (uint32_t)sizeof e;
        ebcdic_from_host(e, line, k);
        if (st->write(st->ctx, addr, e, k) != 0)
            return -1;
        addr += k;
        line += k;
        n -= k;
    }
    return 0;
}

static void do_put(struct services *s, const struct svc_storage *st, const struct svc_request *rq,
                   struct svc_result *res, int newline)
{
    uint32_t addr = rq->r1 & VM_ADDR_MASK, len = rq->r3;
    int pc = range_code(st, addr, len, 0);
    if (pc) {
        program_check(res, (uint16_t)pc);
        return;
    }
    if (charge_out(s, s->out, (uint64_t)len + (newline != 0), res) != 0)
        return;
    put_text(st, s->out, addr, len, s->utf8_console);
    if (newline)
        putc('\n', s->out);
    s->bytes_out += len;
    res->cycles += (uint64_t)len * SVC_BYTE_CYCLES;
}

static void do_getline(struct services *s, const struct svc_storage *st,
                       const struct svc_request *rq, struct svc_result *res)
{
    uint32_t addr = rq->r1 & VM_ADDR_MASK, max = rq->r3;
    int pc = range_code(st, addr, max, 1);
    if (pc) {
        program_check(res, (uint16_t)pc);
        return;
    }
    size_t cap = s->utf8_in ? (size_t)max * UTF8_MAX : max;    /* bytes for max characters */
    char *line = malloc(cap ? cap : 1);
    if (!line) {
        res->cc = 3;
        return;
    }
    if (s->out && s->before_out)
        s->before_out(s->before_ctx);
    if (s->out)
        fflush(s->out);
    struct lineread lr;
    enum line_result got = line_read(s->in, line, cap, LINE_LIMIT, &lr);
    if (got == LINE_OK && s->utf8_in)
        text_in(line, &lr, max);
    res->set_r3 = 1;
    res->r3 = 0;
    res->cycles += (uint64_t)lr.consumed * SVC_BYTE_CYCLES;
    if (got == LINE_ERROR) {
        res->cc = 3;
    } else if (got == LINE_EOF) {
        res->cc = 1;
    } else {
        store_text(st, addr, line, (uint32_t)lr.len);
        res->cc = lr.cut || lr.unended ? 2 : 0;
        res->r3 = (uint32_t)lr.len;
        s->bytes_in += (uint64_t)lr.len;
    }
    free(line);
}

static void do_putnum(struct services *s, const struct svc_request *rq, struct svc_result *res)
{
    char text[16];
    int n;
    if (rq->code == SVC_PUTDEC) {
        int64_t v = rq->r1 & 0x80000000u ? (int64_t)rq->r1 - 0x100000000 : (int64_t)rq->r1;
        n = snprintf(text, sizeof text, "%" PRId64, v);
    } else {
        n = snprintf(text, sizeof text, "%08" PRIX32, rq->r1);
    }
    if (charge_out(s, s->out, (uint64_t)n, res) != 0)
        return;
    n = fputs(text, s->out) == EOF ? -1 : n;
    if (n > 0) {
        s->bytes_out += (uint64_t)n;
        res->cycles += (uint64_t)n * SVC_BYTE_CYCLES;
    }
}

/* ---- files -------------------------------------------------------------- */

/* The FCB at (R1), read into fcb[]; 0, or -1 after setting a program check. */
static int fcb_fetch(const struct svc_storage *st, uint32_t r1, uint8_t fcb[SVC_FCB_LEN],
                     struct svc_result *res)
{
    uint32_t addr = r1 & VM_ADDR_MASK;
    if (addr & 3) {
        program_check(res, 0x0006);
        return -1;
    }
    int pc = range_code(st, addr, SVC_FCB_LEN, 1);
    if (pc || st->read(st->ctx, addr, fcb, SVC_FCB_LEN) != 0) {
        program_check(res, (uint16_t)(pc ? pc : 6));
        return -1;
    }
    return 0;
}

static void fcb_store_word(const struct svc_storage *st, uint32_t r1, int off, uint32_t v)
{
    uint8_t w[4];
    put32(w, v);
    st->write(st->ctx, (r1 & VM_ADDR_MASK) + (uint32_t)off, w, 4);
}

/* The open file an FCB's handle names, or NULL. */
static struct svc_file *fcb_file(struct services *s, const uint8_t *fcb)
{
    uint32_t h = get32(fcb + FCB_HANDLE);
    if (h < 1 || h > SVC_MAX_FILES || !s->files[h - 1].f)
        return NULL;
    return &s->files[h - 1];
}

static void do_open(struct services *s, const struct svc_storage *st,
                    const struct svc_request *rq, struct svc_result *res)
{
    static const char *const fmode[] = { "r", "w", "rb", "wb" };
    uint8_t fcb[SVC_FCB_LEN];
    if (fcb_fetch(st, rq->r1, fcb, res) != 0)
        return;
    uint32_t mode = get32(fcb + FCB_MODE);
    const struct svc_bind *b = bind_lookup(s, fcb + FCB_NAME);
    int slot = 0;
    while (slot < SVC_MAX_FILES && s->files[slot].f)
        slot++;
    res->cc = 3;
    char name[SVC_NAME_LEN + 1];
    ebcdic_to_host_name(fcb + FCB_NAME, name);
    if (mode > MODE_BIN_OUT)
        snprintf(s->note, sizeof s->note, "OPEN of file '%s': mode %u is not a file mode (0-3)",
                 name, mode);
    else if (!b)
        snprintf(s->note, sizeof s->note, "OPEN of file '%s': no --file %s=PATH binds it", name,
                 name[0] ? name : "NAME");
    else if (slot == SVC_MAX_FILES)
        snprintf(s->note, sizeof s->note, "OPEN of file '%s': %d files are open already", name,
                 SVC_MAX_FILES);
    if (mode > MODE_BIN_OUT || !b || slot == SVC_MAX_FILES)
        return;
    struct svc_file *f = &s->files[slot];
    int output = mode == MODE_TEXT_OUT || mode == MODE_BIN_OUT;
    if (strcmp(b->path, "-") == 0) {
        f->f = output ? s->out : s->in;
        f->owned = 0;
    } else {
        f->f = fopen(b->path, fmode[mode]);
        f->owned = 1;
    }
    if (!f->f) {
        snprintf(s->note, sizeof s->note, "OPEN of file '%s': cannot open '%s': %s", name,
                 b->path, strerror(errno));
        return;
    }
    f->mode = (int)mode;
    f->bind = (int)(b - s->binds);
    fcb_store_word(st, rq->r1, FCB_HANDLE, (uint32_t)slot + 1);
    res->cc = 0;
}

static void do_close(struct services *s, const struct svc_storage *st,
                     const struct svc_request *rq, struct svc_result *res)
{
    uint8_t fcb[SVC_FCB_LEN];
    if (fcb_fetch(st, rq->r1, fcb, res) != 0)
        return;
    struct svc_file *f = fcb_file(s, fcb);
    res->cc = 3;
    if (!f)
        return;
    int bad = f->owned ? fclose(f->f) != 0 : fflush(f->f) != 0;
    f->f = NULL;
    fcb_store_word(st, rq->r1, FCB_HANDLE, 0);
    res->cc = bad ? 3 : 0;
}

static void do_get(struct services *s, const struct svc_storage *st,
                   const struct svc_request *rq, struct svc_result *res)
{
    uint8_t fcb[SVC_FCB_LEN];
    if (fcb_fetch(st, rq->r1, fcb, res) != 0)
        return;
    uint32_t buf = get32(fcb + FCB_BUF) & VM_ADDR_MASK, buflen = get32(fcb + FCB_BUFLEN);
    struct svc_file *f = fcb_file(s, fcb);
    res->cc = 3;
    if (!f || (f->mode != MODE_TEXT_IN && f->mode != MODE_BIN_IN))
        return;
    int pc = range_code(st, buf, buflen, 1);
    if (pc) {
        program_check(res, (uint16_t)pc);
        return;
    }
    int utf8 = f->mode == MODE_TEXT_IN && (f->f == s->in ? s->utf8_in : s->utf8_files);
    size_t cap = utf8 ? (size_t)buflen * UTF8_MAX : buflen;    /* bytes for buflen characters */
    char *data = malloc(cap ? cap : 1);
    if (!data)
        return;
    long n;
    int truncated = 0;
    if (f->mode == MODE_TEXT_IN) {
        struct lineread lr;
        enum line_result got = line_read(f->f, data, cap, LINE_LIMIT, &lr);
        if (got == LINE_OK && utf8)
            text_in(data, &lr, buflen);
        res->cycles += (uint64_t)lr.consumed * SVC_BYTE_CYCLES;
        n = got == LINE_OK ? (long)lr.len : -1;
        truncated = lr.cut || lr.unended;
        if (n >= 0)
            store_text(st, buf, data, (uint32_t)n);
    } else {
        n = (long)fread(data, 1, buflen, f->f);
        if (n == 0 && buflen > 0)
            n = -1;
        else
            st->write(st->ctx, buf, data, (uint32_t)n);
    }
    free(data);
    if (ferror(f->f))
        return;
    fcb_store_word(st, rq->r1, FCB_RECLEN, n < 0 ? 0 : (uint32_t)n);
    res->cc = n < 0 ? 1 : truncated ? 2 : 0;
    if (n > 0) {
        s->bytes_in += (uint64_t)n;
        if (f->mode == MODE_BIN_IN)     /* text lines were charged as read */
            res->cycles += (uint64_t)n * SVC_BYTE_CYCLES;
    }
}

static void do_putrec(struct services *s, const struct svc_storage *st,
                      const struct svc_request *rq, struct svc_result *res)
{
    uint8_t fcb[SVC_FCB_LEN];
    if (fcb_fetch(st, rq->r1, fcb, res) != 0)
        return;
    uint32_t buf = get32(fcb + FCB_BUF) & VM_ADDR_MASK, buflen = get32(fcb + FCB_BUFLEN);
    uint32_t reclen = get32(fcb + FCB_RECLEN);
    struct svc_file *f = fcb_file(s, fcb);
    res->cc = 3;
    if (!f || (f->mode != MODE_TEXT_OUT && f->mode != MODE_BIN_OUT) || reclen > buflen)
        return;
    int pc = range_code(st, buf, reclen, 0);
    if (pc) {
        program_check(res, (uint16_t)pc);
        return;
    }
    if (charge_out(s, f->f, (uint64_t)reclen + (f->mode == MODE_TEXT_OUT), res) != 0)
        return;
    int bad;
    if (f->mode == MODE_TEXT_OUT) {
        int utf8 = f->f == s->out ? s->utf8_console : s->utf8_files;     /* "-": the console */
        bad = put_text(st, f->f, buf, reclen, utf8) != 0 || putc('\n', f->f) == EOF;
    } else {
        bad = 0;
        uint8_t chunk[256];
        for (uint32_t done = 0; !bad && done < reclen; ) {
            uint32_t k = reclen - done < sizeof chunk ? reclen - done : (uint32_t)sizeof chunk;
            bad = st->read(st->ctx, buf + done, chunk, k) != 0 || fwrite(chunk, 1, k, f->f) != k;
            done += k;
        }
    }
    if (bad)
        return;
    res->cc = 0;
    s->bytes_out += reclen;
    res->cycles += (uint64_t)reclen * SVC_BYTE_CYCLES;
}

/* ---- the region ---------------------------------------------------------- */

/*
 * The region has no gap of len bytes: the program ends as MVS ends an
 * unconditional GETMAIN that cannot be satisfied (S80A), and the note
 * says what was asked and what is left.
 */
static void region_exhausted(struct services *s, uint64_t asked, struct svc_result *res)
{
    uint64_t free_all = 0, largest = 0;
    uint32_t at = s->region_lo;
    for (size_t i = 0; i <= s->nareas; i++) {
        uint32_t end = i < s->nareas ? s->areas[i].addr : s->region_hi;
        uint64_t gap = end > at ? end - at : 0;
        free_all += gap;
        largest = gap > largest ? gap : largest;
        if (i < s->nareas)
            at = s->areas[i].addr + s->areas[i].len;
    }
    res->outcome = SVC_ABENDED;
    res->rc = SVC_GETMAIN_ABEND << 12;
    snprintf(s->note, sizeof s->note, "GETMAIN of %" PRIu64 " bytes: the region has no room "
             "(%zu areas held, %" PRIu64 " bytes free, the largest free area %" PRIu64
             " bytes; --storage makes it larger)", asked, s->nareas, free_all, largest);
}

/* First fit in the gaps between the areas (kept in address order). */
static void do_getmain(struct services *s, const struct svc_request *rq, struct svc_result *res)
{
    uint64_t len = ((uint64_t)rq->r3 + 7) & ~(uint64_t)7;
    uint32_t at = s->region_lo;
    size_t i;
    res->set_r1 = 1;
    res->r1 = 0;
    res->cc = 3;
    if (len == 0)
        return;
    for (i = 0; i <= s->nareas; i++) {
        uint32_t end = i < s->nareas ? s->areas[i].addr : s->region_hi;
        if (end >= at && end - at >= len)
            break;
        if (i < s->nareas)
            at = s->areas[i].addr + s->areas[i].len;
    }
    if (i > s->nareas) {
        region_exhausted(s, rq->r3, res);
        return;
    }
    if (s->nareas == s->maxareas) {     /* at most one area per doubleword */
        size_t n = s->maxareas ? s->maxareas * 2 : 64;
        struct svc_area *a = realloc(s->areas, n * sizeof *a);
        if (!a) {                       /* (the host is out of memory) */
            region_exhausted(s, rq->r3, res);
            return;
        }
        s->areas = a;
        s->maxareas = n;
    }
    memmove(&s->areas[i + 1], &s->areas[i], (size_t)(s->nareas - i) * sizeof s->areas[0]);
    s->areas[i].addr = at;
    s->areas[i].len = (uint32_t)len;
    s->nareas++;
    res->r1 = at;
    res->cc = 0;
}

static void do_freemain(struct services *s, const struct svc_request *rq, struct svc_result *res)
{
    uint32_t addr = rq->r1 & VM_ADDR_MASK, len = (uint32_t)(((uint64_t)rq->r3 + 7) & ~(uint64_t)7);
    res->cc = 3;
    for (size_t i = 0; i < s->nareas; i++)
        if (s->areas[i].addr == addr && s->areas[i].len == len) {
            memmove(&s->areas[i], &s->areas[i + 1], (size_t)(s->nareas - i - 1) * sizeof s->areas[0]);
            s->nareas--;
            res->cc = 0;
            return;
        }
}

/* ---- dispatch ----------------------------------------------------------- */

void svc_call(struct services *s, const struct svc_storage *st, const struct svc_request *rq,
              struct svc_result *res)
{
    const struct svc_info *in = svc_info_of(rq->code);
    memset(res, 0, sizeof *res);
    res->outcome = SVC_CONTINUE;
    res->cc = -1;
    if (!in) {
        program_check(res, 0x0006);
        return;
    }
    res->cycles = in->base;
    s->calls++;
    s->note[0] = '\0';
    switch ((enum svc_code)rq->code) {
    case SVC_EXIT:
        res->outcome = SVC_ENDED;
        res->rc = rq->r1;
        break;
    case SVC_ABEND:
        res->outcome = SVC_ABENDED;
        res->rc = rq->r1 & 0xFFFFFF;
        break;
    case SVC_GETMAIN:  do_getmain(s, rq, res); break;
    case SVC_FREEMAIN: do_freemain(s, rq, res); break;
    case SVC_TIME:
        res->set_r1 = res->set_r3 = 1;
        res->r1 = (uint32_t)rq->cycles;
        res->r3 = (uint32_t)(rq->cycles >> 32);
        break;
    case SVC_SUPER:
        if (!rq->via_svc || rq->r1 > 1) {
            program_check(res, 0x0006);
        } else if (s->no_super) {
            res->outcome = SVC_ABENDED;
            res->rc = SVC_SUPER_ABEND << 12;
            snprintf(s->note, sizeof s->note, "SUPER (SVC 250) refused: this run does not let "
                     "a program take the supervisor state (--no-super)");
        } else {
            res->state = rq->r1 == 0 ? 1 : 2;
        }
        break;
    case SVC_SVCDISP:               /* the embedder serves it, never here */
        program_check(res, 0x0006);
        break;
    case SVC_PUTLINE: do_put(s, st, rq, res, 1); break;
    case SVC_PUT:     do_put(s, st, rq, res, 0); break;
    case SVC_GETLINE: do_getline(s, st, rq, res); break;
    case SVC_PUTDEC:
    case SVC_PUTHEX:  do_putnum(s, rq, res); break;
    case SVC_OPEN:    do_open(s, st, rq, res); break;
    case SVC_CLOSE:   do_close(s, st, rq, res); break;
    case SVC_GET:     do_get(s, st, rq, res); break;
    case SVC_PUTREC:  do_putrec(s, st, rq, res); break;
    }
}
