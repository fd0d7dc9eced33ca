/*
 * profile.c -- the reader of the monitor data file (profile.h,
 * imp-profile(5)).
 *
 * The file is read line by line.  Each record names its section (a stage:
 * header, run, tasks, exact, monitor, then each monitor's section in the
 * order of vm/hpm/sections.def, end); a record may not come from an
 * earlier section than the one before it, and a section's detail records
 * need the section's header.  The monitors' records, and the counts
 * their headers announce, are their descriptors' (section.h, sec-NAME.c).
 * A record is dropped at its first bad field, reported at the field's
 * column; after the last line the announced counts are checked.  An
 * embedded load module is handed to the obj reader with the profile's
 * line numbers.
 */
#include "profile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "readfile.h"
#include "reader.h"
#include "section.h"

#define PROF_ERR_MAX 50     /* errors reported before the reader gives up */

const char *prof_monitor_name(enum prof_monitor_id m)
{
    static const char *const names[] = {
#define HPM_SECTION(e, name) #name,
#include "../vm/hpm/sections.def"
#undef HPM_SECTION
    };
    return (unsigned)m < PROF_NMON ? names[m] : "?";
}

/* ----------------------------------------------------------- the records */

static int rec_run(struct reader *r)
{
    struct profile *p = r->p;
    const char *v;
    long n = rd_need_kv(r, "status", &v);
    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof p->status)
        return rd_error_at(r, v, "status: too long");
    memcpy(p->status, v, (size_t)n);
    p->status[n] = '\0';
    r->run_line = r->lineno;
    if (rd_kv_dec(r, "cycles", &p->cycles) || rd_kv_dec(r, "instructions", &p->instructions) ||
        rd_kv_dec(r, "microwords", &p->microwords))
        return -1;
    return rd_end(r);
}

int rd_task_id(struct reader *r, const char *what, int zero_ok, unsigned *out)
{
    const char *s = r->cur + (r->cur > r->line);
    uint64_t id;
    if (rd_pos_dec(r, what, zero_ok ? 0 : 1, PROF_MAX_TASKS, &id) != 0)
        return -1;
    if (id && !r->p->tasks[id])
        return rd_error_at(r, s, "%s %u: no such task (no task record before)", what,
                           (unsigned)id);
    *out = (unsigned)id;
    return 0;
}

static int rec_task(struct reader *r)
{
    const char *s = r->cur + 1;
    uint64_t id;
    if (rd_pos_dec(r, "task id", 1, PROF_MAX_TASKS, &id) != 0)
        return -1;
    if (r->p->tasks[id])
        return rd_error_at(r, s, "task %u given twice", (unsigned)id);
    struct prof_task *t = calloc(1, sizeof *t);
    if (!t)
        return rd_nomem(r);
    r->p->tasks[id] = t;
    t->id = (unsigned)id;
    const char *v;
    long n;
    if (rd_kv_dec(r, "cycles", &t->cycles) || rd_kv_dec(r, "instructions", &t->instructions) ||
        (n = rd_need_kv(r, "name", &v)) < 0)
        return -1;
    if (n == 0)
        return rd_error_at(r, v, "name: empty");
    if (!(t->name = rd_dup_span(v, n)))
        return rd_nomem(r);
    return rd_end(r);
}

/* The first word of a line (after no blanks), for the module's extent. */
static int first_word_is(const char *s, const char *e, const char *w)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    size_t n = strlen(w);
    return (size_t)(e - s) >= n && memcmp(s, w, n) == 0 && (e - s == (long)n || s[n] == ' ' ||
                                                            s[n] == '\t' || s[n] == '\r');
}

static int is_profile_keyword(const char *s, const char *e);

/*
 * module ID, then the load module up to and including its END line (or
 * up to the next profile record, if END is missing: the obj reader then
 * says the module is truncated, at the right line).
 */
static int rec_module(struct reader *r)
{
    unsigned id;
    const char *s = r->cur + 1;
    if (rd_task_id(r, "module's task", 0, &id) != 0)
        return -1;
    if (id == 0)
        return rd_error_at(r, s, "module 0: tasks are numbered from 1");
    struct prof_task *t = r->p->tasks[id];
    const char *v;
    long n = r->cur < r->eol ? rd_need_kv(r, "delta", &v) : 0;
    if (n < 0)
        return -1;
    if (n > 0) {                        /* delta=[-]DECIMAL: where it was loaded */
        uint64_t mag;
        int neg = *v == '-';
        if (rd_parse_dec(v + neg, n - neg, &mag) != 0 || mag > 0xFFFFFF)
            return rd_error_at(r, v, "delta: '%.*s' is not a load displacement (-16M to 16M)",
                               (int)(n > 24 ? 24 : n), v);
        t->delta = neg ? -(int64_t)mag : (int64_t)mag;
    }
    if (rd_end(r) != 0)
        return -1;
    if (t->has_module)
        return rd_error_at(r, s, "task %u's module given twice", id);
    /* Find the module's last line without moving the reader. */
    const char *nl0 = memchr(r->eol, '\n', (size_t)(r->end - r->eol));
    const char *start = nl0 ? nl0 + 1 : r->end;
    const char *q = start, *stop = start;
    int lines = 0;
    while (q < r->end) {
        const char *nl = memchr(q, '\n', (size_t)(r->end - q));
        const char *e = nl ? nl : r->end;
        if (lines > 0 && is_profile_keyword(q, e))
            break;
        lines++;
        stop = nl ? nl + 1 : r->end;
        if (first_word_is(q, e, "END"))
            break;
        q = stop;
    }
    struct obj_module m;
    int first = r->lineno + 1;
    int rc = obj_read_mem_at(&m, OBJ_LOAD, r->name, first, start, (size_t)(stop - start), r->d);
    /* Step over the module's lines. */
    for (int i = 0; i < lines; i++)
        rd_next_line(r);
    if (rc != 0) {
        r->errors++;
        return -1;
    }
    t->module = m;
    t->has_module = 1;
    t->module_line = first;
    return 0;
}

int rd_op_record(struct reader *r, struct prof_op **v, size_t *n, const char *what)
{
    const char *s;
    long len = rd_need(r, "opcode", &s);
    unsigned opc;
    if (len < 0)
        return -1;
    if (rd_parse_opcode(s, len, &opc) != 0)
        return rd_error_at(r, s, "opcode '%.*s' is not 2 or 4 hex digits",
                           (int)(len > 24 ? 24 : len), s);
    for (size_t i = 0; i < *n; i++)
        if ((*v)[i].opcode == opc)
            return rd_error_at(r, s, "opcode %.*s given twice in the %s table", (int)len, s,
                               what);
    struct prof_op op = { .opcode = opc };
    if (rd_pos_token(r, "mnemonic", op.mnemonic, sizeof op.mnemonic) ||
        rd_pos_dec(r, "count", 1, UINT64_MAX, &op.count) ||
        rd_pos_dec(r, "cycles", 0, UINT64_MAX, &op.cycles) || rd_end(r))
        return -1;
    struct prof_op *e = rd_grow(v, n, sizeof op);
    if (!e)
        return rd_nomem(r);
    *e = op;
    return 0;
}

static int rec_exact(struct reader *r) { return rd_op_record(r, &r->p->exact, &r->p->nexact, "exact"); }

static int rec_monitor(struct reader *r)
{
    const char *s;
    long n = rd_need(r, "monitor name", &s);
    if (n < 0)
        return -1;
    int m;
    for (m = 0; m < PROF_NMON; m++)
        if (strlen(prof_monitor_name(m)) == (size_t)n && !memcmp(s, prof_monitor_name(m), n))
            break;
    if (m == PROF_NMON) {
        char known[128] = "";
        for (int i = 0, k = 0; i < PROF_NMON && k < (int)sizeof known; i++)
            k += snprintf(known + k, sizeof known - (size_t)k, "%s%s", i == 0 ? ""
                          : i == PROF_NMON - 1 ? " or " : ", ", prof_monitor_name(i));
        return rd_error_at(r, s, "unknown monitor '%.*s' (%s)", (int)(n > 24 ? 24 : n), s,
                           known);
    }
    if (r->p->has_monitor[m])
        return rd_error_at(r, s, "monitor %s given twice", prof_monitor_name(m));
    r->p->has_monitor[m] = 1;
    if (rd_kv_dec(r, "entries", &r->p->mon_entries[m]) || rd_kv_dec(r, "cycles", &r->p->mon_cycles[m]))
        return -1;
    if (r->cur < r->eol) {              /* (older files have no microwords) */
        if (rd_kv_dec(r, "microwords", &r->p->mon_words[m]))
            return -1;
        r->p->has_mon_words[m] = 1;
    }
    return rd_end(r);
}

/* text NAME ADDR HEX: 1 to 256 bytes of code outside every module. */
static int rec_text(struct reader *r)
{
    struct prof_text x;
    memset(&x, 0, sizeof x);
    if (rd_pos_token(r, "text's name", x.name, sizeof x.name) != 0 ||
        rd_pos_addr(r, "text's address", &x.addr) != 0)
        return -1;
    const char *h;
    long n = rd_need(r, "text's bytes", &h);
    if (n < 0)
        return -1;
    if (n % 2 || n > 512)
        return rd_error_at(r, h, "text: 1 to 256 bytes, two hexadecimal digits each");
    if (rd_end(r) != 0)
        return -1;
    if (!(x.bytes = malloc((size_t)n / 2)))
        return rd_nomem(r);
    x.len = (size_t)n / 2;
    for (size_t i = 0; i < x.len; i++) {
        uint32_t b;
        if (rd_parse_hex(h + 2 * i, 2, 2, &b) != 0) {
            free(x.bytes);
            return rd_error_at(r, h + 2 * i, "text: '%.2s' is not a hexadecimal byte", h + 2 * i);
        }
        x.bytes[i] = (uint8_t)b;
    }
    if ((uint64_t)x.addr + x.len > 0x1000000u) {
        free(x.bytes);
        return rd_error_at(r, h, "text: the bytes go past the 24-bit address space");
    }
    struct prof_text *t = rd_grow(&r->p->texts, &r->p->ntexts, sizeof *t);
    if (!t) {
        free(x.bytes);
        return rd_nomem(r);
    }
    *t = x;
    return 0;
}

static int rec_end(struct reader *r) { r->has_end = 1; return rd_end(r); }

/*
 * The records: keyword, section (stage), whether it comes at most once
 * (the run, a section's header, end), parser.  A record of a section
 * that is not "once" is a detail record: it needs the section's header
 * first.  The monitors' sections bring their own (prof_sections).
 */
struct record_kind {
    const char *name;
    enum stage stage;
    int once;                       /* at most one */
    int (*parse)(struct reader *r);
};

static const struct record_kind record_kinds[] = {
    { "run", ST_RUN, 1, rec_run },
    { "task", ST_TASKS, 0, rec_task },
    { "module", ST_TASKS, 0, rec_module },
    { "text", ST_TASKS, 0, rec_text },
    { "exact", ST_EXACT, 0, rec_exact },
    { "monitor", ST_MONITOR, 0, rec_monitor },
    { "end", ST_END, 1, rec_end },
};
#define NKINDS (sizeof record_kinds / sizeof record_kinds[0])

/* The record named s[0..n) into *k; 0, or -1 if there is none. */
static int kind_of(const char *s, long n, struct record_kind *k)
{
    for (size_t i = 0; i < NKINDS; i++)
        if (strlen(record_kinds[i].name) == (size_t)n && !memcmp(s, record_kinds[i].name, n)) {
            *k = record_kinds[i];
            return 0;
        }
    for (int m = 0; m < PROF_NMON; m++)
        for (const struct prof_record *c = prof_sections[m]->records; c->name; c++)
            if (strlen(c->name) == (size_t)n && !memcmp(s, c->name, n)) {
                *k = (struct record_kind){ c->name, ST_SECTION + m, c->once, c->parse };
                return 0;
            }
    return -1;
}

/* "run, task, ..., end": every record's keyword, for a message. */
static void kinds_list(char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i + 1 < NKINDS; i++)
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s, ", record_kinds[i].name);
    for (int m = 0; m < PROF_NMON; m++)
        for (const struct prof_record *c = prof_sections[m]->records; c->name; c++)
            n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s, ", c->name);
    snprintf(buf + n, n < size ? size - n : 0, "%s", record_kinds[NKINDS - 1].name);
}

static int is_profile_keyword(const char *s, const char *e)
{
    const char *w = s;
    while (w < e && *w != ' ' && *w != '\r')
        w++;
    struct record_kind k;
    return kind_of(s, w - s, &k) == 0;
}

/* The header flag of a section: 1 once its header record was read. */
static int *section_flag(struct profile *p, enum stage st)
{
    return st >= ST_SECTION && st < ST_END ? prof_sections[st - ST_SECTION]->has(p) : NULL;
}

static void read_record(struct reader *r)
{
    const char *s;
    long n = rd_field(r, &s);
    if (n <= 0 || *s == '#')
        return;
    struct record_kind kind, *k = &kind;
    if (kind_of(s, n, k) != 0) {
        char known[256];
        kinds_list(known, sizeof known);
        rd_error_at(r, s, "unknown record '%.*s' (imp-profile version 1 knows %s)",
                    (int)(n > 24 ? 24 : n), s, known);
        return;
    }
    if (r->has_end) {
        rd_error_at(r, s, "record after end");
        return;
    }
    if (k->stage != ST_RUN && !r->has_run) {
        if (r->errors == 0)     /* else the run line was probably the bad one */
            rd_error_at(r, s, "expected the run record first");
        r->has_run = 1;         /* said once */
    }
    if (k->stage < r->stage) {
        rd_error_at(r, s, "'%s' out of order (records come in the order of imp-profile(5))",
                    k->name);
        return;
    }
    int *flag = section_flag(r->p, k->stage);
    if (k->once) {
        if (k->stage == ST_RUN ? r->has_run && r->stage >= ST_RUN : flag && *flag) {
            rd_error_at(r, s, "'%s' given twice", k->name);
            return;
        }
        if (flag)
            *flag = 1;          /* even if the header is bad: no cascade below */
        if (k->stage == ST_RUN)
            r->has_run = 1;
    } else if (flag && !*flag) {
        if (!(r->headless & 1u << k->stage))    /* once a section */
            rd_error_at(r, s, "'%s' before the '%s' record of its section", k->name,
                        prof_sections[k->stage - ST_SECTION]->name);
        r->headless |= 1u << k->stage;
        return;
    }
    r->stage = k->stage;
    k->parse(r);
}

static int check_header(struct reader *r)
{
    while (rd_next_line(r)) {
        if (rd_check_text(r) != 0)
            return -1;
        if (rd_blank_line(r) || *r->line == '#')
            continue;
        const char *s;
        long n = rd_field(r, &s);
        if (n < 0)
            return -1;
        if (n != 7 || memcmp(s, "IMPPROF", 7) != 0)
            return rd_error_at(r, s, "not an IMP profile (expected 'IMPPROF 1')");
        n = rd_field(r, &s);
        if (n < 0)
            return -1;
        if (n != 1 || *s != '1')
            return rd_error_at(r, n ? s : r->eol, "unsupported profile version '%.*s' "
                               "(expected 1)", (int)(n > 8 ? 8 : n), n ? s : "");
        r->stage = ST_HEADER;
        return rd_end(r);
    }
    r->lineno = r->lineno ? r->lineno : 1;
    r->line = NULL;
    return rd_error_at(r, NULL, "empty file (expected 'IMPPROF 1')");
}

/* What the headers announced against what followed. */
static void check_counts(struct reader *r)
{
    for (int m = 0; m < PROF_NMON; m++)
        if (prof_sections[m]->check && *prof_sections[m]->has(r->p))
            prof_sections[m]->check(r);
}

/*
 * The run's cycles are the program's and every monitor's (the exact
 * records hold the program's alone): fewer than the exact records' and
 * the monitors' together is a file no run wrote, and every share of
 * the run, and the IAS check, would be wrong.  A warning: the report
 * still shows what the file holds.
 */
static void check_cycles(struct reader *r)
{
    const struct profile *p = r->p;
    uint64_t exact = 0, mon = profile_monitor_cycles(p);
    for (size_t i = 0; i < p->nexact; i++)
        exact += p->exact[i].cycles;
    if (exact > UINT64_MAX - mon || exact + mon > p->cycles)
        diag_report(r->d, DIAG_WARNING, r->name, r->run_line, 0, NULL,
                    "the run's %llu cycles are fewer than the program's %llu (the exact "
                    "records) and the monitors' %llu: the run's cycles hold both",
                    (unsigned long long)p->cycles, (unsigned long long)exact,
                    (unsigned long long)mon);
}

int profile_parse(struct profile *p, const char *name, const char *text, size_t len,
                  struct diag *d)
{
    memset(p, 0, sizeof *p);
    struct reader r = { .p = p, .d = d, .name = name, .text = text, .end = text + len };
    if (check_header(&r) == 0) {
        while (r.errors < PROF_ERR_MAX && !d->capped && rd_next_line(&r))
            if (rd_check_text(&r) == 0 && !rd_blank_line(&r))
                read_record(&r);
        if (r.errors == 0 && !r.has_end) {
            r.errors++;
            diag_report(d, DIAG_ERROR, name, r.lineno + 1, 0, NULL,
                        "truncated profile: no end record");
        }
        if (r.errors == 0)
            check_counts(&r);
        if (r.errors == 0)
            check_cycles(&r);
    }
    if (r.errors) {
        profile_free(p);
        return -1;
    }
    return 0;
}

int profile_read(struct profile *p, const char *path, struct diag *d)
{
    memset(p, 0, sizeof *p);
    char *buf;
    size_t n;
    if (read_file_reported(path, PROF_FILE_LIMIT, &buf, &n, d) != 0)
        return -1;
    int rc = profile_parse(p, path, buf, n, d);
    free(buf);
    return rc;
}

void profile_free(struct profile *p)
{
    for (int i = 0; i <= PROF_MAX_TASKS; i++) {
        struct prof_task *t = p->tasks[i];
        if (!t)
            continue;
        if (t->has_module)
            obj_free(&t->module);
        free(t->name);
        free(t);
    }
    for (size_t i = 0; i < p->nwindows; i++) {
        free(p->windows[i].label);
        free(p->windows[i].blocks);
    }
    free(p->windows);
    for (size_t i = 0; i < p->ntexts; i++)
        free(p->texts[i].bytes);
    free(p->texts);
    free(p->exact);
    free(p->samples);
    free(p->recs);
    free(p->csects);
    free(p->trs);
    free(p->freq);
    free(p->checks);
    memset(p, 0, sizeof *p);
}

const struct prof_task *profile_task_module(const struct profile *p, unsigned id)
{
    if (id >= 1 && id <= PROF_MAX_TASKS)
        return p->tasks[id] && p->tasks[id]->has_module ? p->tasks[id] : NULL;
    const struct prof_task *only = NULL;
    for (int i = 1; i <= PROF_MAX_TASKS; i++) {
        if (!p->tasks[i] || !p->tasks[i]->has_module)
            continue;
        if (only)
            return p->tasks[1] && p->tasks[1]->has_module ? p->tasks[1] : NULL;
        only = p->tasks[i];
    }
    return only;
}

uint64_t profile_monitor_cycles(const struct profile *p)
{
    uint64_t all = 0;
    for (int m = 0; m < PROF_NMON; m++)
        if (p->has_monitor[m])
            all += p->mon_cycles[m];
    return all;
}
