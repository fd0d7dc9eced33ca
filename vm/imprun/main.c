/*
 * main.c -- imprun: run a program on the microcoded IMP machine.
 *
 *   imprun [options] FILE.load          a load module (impld output)
 *   imprun [options] --core IMAGE       a flat core image, IPL by restart
 *   imprun [options] SRC.s [SRC2.s...]  assemble, link and run
 *
 * This file parses the command line and decides the exit status; the
 * run itself is runner.c, the exit codes are the status table of
 * report/status.c, documented in imprun(1).
 */
#include <errno.h>
#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "assist.h"
#include "fileset.h"
#include "hpm.h"
#include "imprun.h"
#include "loader.h"
#include "number.h"
#include "obj.h"
#include "obj-limits.h"
#include "outfile.h"
#include "report.h"
#include "services.h"
#include "tmpclean.h"

#define DOC_ONLY (-1)             /* options.def: a line of --help, not an option */
#define IMPRUN_OPT(code, name, arg, form, group, set, help)  /* first: IMPRUN_GROUPS */
#include "options.def"
#undef IMPRUN_OPT
enum imprun_group {
#define G(code, heading, title) GROUP_##code,
    IMPRUN_GROUPS(G)
#undef G
};

enum {
    OPT_NONE = 255,
#define IMPRUN_OPT(code, name, arg, form, group, set, help) OPT_##code,
#include "options.def"
#undef IMPRUN_OPT
    OPT_HPM = 1000      /* OPT_HPM + k: the k-th setting of the monitors' table */
};

/* What an option does (options.def's set column). */
enum option_set { SET_STR, SET_ON, SET_OFF, SET_COUNT, SET_CALL, SET_NONE };
/* An option of CALL: 0, 2 after a usage message, or -1 (leave with 0). */
typedef int option_fn(char *arg, struct imprun_opts *o, struct services *svc);

/* The CALL functions, declared; each other row's field checked for its
 * type (a string for STR, a flag for ON and OFF, a count for COUNT). */
#define FIELD(f) (((struct imprun_opts *)0)->f)
#define STR(f)   _Static_assert(_Generic(FIELD(f), const char *: 1, default: 0), #f);
#define ON(f)    _Static_assert(_Generic(FIELD(f), int: 1, default: 0), #f);
#define OFF(f)   ON(f)
#define COUNT(f) _Static_assert(_Generic(FIELD(f), uint64_t: 1, default: 0), #f);
#define CALL(fn) static option_fn fn;
#define NONE
#define IMPRUN_OPT(code, name, arg, form, group, set, help) set
#include "options.def"
#undef IMPRUN_OPT
#undef STR
#undef ON
#undef OFF
#undef COUNT
#undef CALL
#undef NONE
#undef FIELD

static const struct imprun_option {
    int code;
    const char *name;
    int arg;
    const char *form, *help;
    enum imprun_group group;
    enum option_set set;
    size_t field;                   /* STR, ON, OFF, COUNT: its offset in imprun_opts */
    option_fn *fn;                  /* CALL */
} options[] = {
#define STR(f)   SET_STR, offsetof(struct imprun_opts, f), NULL
#define ON(f)    SET_ON, offsetof(struct imprun_opts, f), NULL
#define OFF(f)   SET_OFF, offsetof(struct imprun_opts, f), NULL
#define COUNT(f) SET_COUNT, offsetof(struct imprun_opts, f), NULL
#define CALL(fn) SET_CALL, 0, fn
#define NONE     SET_NONE, 0, NULL
#define IMPRUN_OPT(code, name, arg, form, group, set, help) \
    { OPT_##code, name, arg, form, help, GROUP_##group, set },
#include "options.def"
#undef IMPRUN_OPT
#undef STR
#undef ON
#undef OFF
#undef COUNT
#undef CALL
#undef NONE
};
#define NOPTIONS (sizeof options / sizeof options[0])

/* One option of --help: its form, then its help at column 25 (a long
 * form: on the next line), each "\n" of it a line of its own. */
static void usage_line(FILE *f, const char *form, const char *help)
{
    if (strlen(form) < 22)
        fprintf(f, "  %-22s", form);
    else
        fprintf(f, "  %s\n%24s", form, "");
    for (const char *h = help, *nl; *h; h = nl ? nl + 1 : h + strlen(h)) {
        nl = strchr(h, '\n');
        int n = nl ? (int)(nl - h) : (int)strlen(h);
        fprintf(f, "%s%.*s\n", h == help ? "" : "                        ", n, h);
    }
}

static void usage(FILE *f)
{
    static const char *const headings[] = {
#define G(code, heading, title) heading,
        IMPRUN_GROUPS(G)
#undef G
    };
    fputs("Usage: imprun [options] FILE.load\n"
          "       imprun [options] --core IMAGE\n"
          "       imprun [options] SRC.s [SRC2.s ...]\n"
          "Run a program on the microcoded IMP machine.\n"
          "\n", f);
    for (size_t g = 0; g < sizeof headings / sizeof headings[0]; g++) {
        if (g && headings[g])
            fprintf(f, "\n%s\n", headings[g]);
        if (g == GROUP_MONITORS)
            hpm_usage(f);
        for (size_t i = 0; i < NOPTIONS; i++)
            if (options[i].group == g)
                usage_line(f, options[i].form, options[i].help);
    }
    fputs("\n"
          "Exit status: 0 normal end with return code 0 (or a disabled wait),\n"
          "1 bad input, 2 usage, 3 return code not 0, 4 program interruption,\n"
          "5 other interruption without handler, 6 cycle or output limit,\n"
          "7 machine error.\n"
          "See imprun(1).\n",
          f);
}

/* The runner library's messages in imprun's words: "imprun: --OPTION=VALUE: text". */
static void say(void *ctx, const struct run_msg *m)
{
    (void)ctx;
    fputs("imprun: ", stderr);
    if (m->setting)
        fprintf(stderr, "--%s%s%s: ", m->setting, m->value ? "=" : "", m->value ? m->value : "");
    fprintf(stderr, "%s\n", m->text);
}

static int bad_usage(const char *fmt, const char *arg)
{
    fputs("imprun: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'imprun --help' for more information.\n", stderr);
    return 2;
}

/* Hexadecimal (plain, 0x.. or X'..'), as Hercules takes addresses. */
static int parse_hex(const char *s, uint32_t *out)
{
    uint64_t v;
    if (parse_number_in(s, NUM_HEX, 0, 0xFFFFFFFFu, &v) != 0)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

/* ADDR:LEN */
static int parse_dump(const char *s, struct dump_req *d)
{
    char buf[128];
    if (strlen(s) >= sizeof buf)
        return -1;
    snprintf(buf, sizeof buf, "%s", s);
    char *colon = strchr(buf, ':');
    if (!colon)
        return -1;
    *colon = '\0';
    return parse_hex(buf, &d->addr) != 0 || parse_hex(colon + 1, &d->len) != 0 ||
           d->addr > VM_ADDR_MASK || d->len == 0 || d->len > VM_MAX_STORAGE ? -1 : 0;
}

/* FILE:START:END (the file name may itself hold colons); s is cut into
   pieces, r->file points into it. */
static int parse_save(char *s, struct save_req *r)
{
    char *c2 = strrchr(s, ':');
    if (!c2 || c2 == s)
        return -1;
    *c2 = '\0';
    char *c1 = strrchr(s, ':');
    int bad = !c1 || c1 == s || parse_hex(c2 + 1, &r->end) != 0;
    if (!bad) {
        *c1 = '\0';
        bad = parse_hex(c1 + 1, &r->start) != 0 || r->start > r->end || r->end > VM_ADDR_MASK;
    }
    r->file = s;
    return bad ? -1 : 0;
}

#define MAX_HPM_SETTINGS 64

/* The getopt table: options.def's options, then every monitor's settings
 * (OPT_HPM + k). */
static void options_table(struct option *all)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < NOPTIONS; i++)
        if (options[i].name && options[i].arg != DOC_ONLY)
            all[n++] = (struct option){ options[i].name, options[i].arg, NULL, options[i].code };
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s->name && k < MAX_HPM_SETTINGS; s++)
            all[n++] = (struct option){ s->name, !s->arg[0] ? no_argument : s->optional ?
                                        optional_argument : required_argument, NULL,
                                        OPT_HPM + (int)k++ };
    all[n] = (struct option){ NULL, 0, NULL, 0 };
}

/* The k-th setting of the monitors' table. */
static const struct hpm_setting *hpm_setting_at(int k)
{
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s->name; s++)
            if (k-- == 0)
                return s;
    return NULL;
}

/* ---- the options of CALL (options.def), one function each ---- */

static int opt_origin(char *arg, struct imprun_opts *o, struct services *svc)
{
    uint64_t v;
    if (parse_number(arg, NUM_PLAIN, &v) != 0 || v >= ADDR_LIMIT || v % ORIGIN_ALIGN)
        return bad_usage("--origin: '%s' is not a doubleword-aligned address below "
                         "X'1000000' (0x10000 or X'10000')", arg);
    o->origin = (uint32_t)v;
    o->origin_text = arg;
    return 0;
}

static int opt_incdir(char *arg, struct imprun_opts *o, struct services *svc)
{
    const char **ni = realloc(o->incdirs, sizeof *ni * (size_t)(o->nincdirs + 1));
    if (!ni)
        return bad_usage("%s", "out of memory");
    o->incdirs = ni;
    o->incdirs[o->nincdirs++] = arg;
    return 0;
}

static int opt_max_cycles(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (parse_number_in(arg, NUM_DECIMAL, 1, UINT64_MAX, &o->max_cycles) != 0)
        return bad_usage("--max-cycles: '%s' is not a positive number", arg);
    return 0;
}

static int opt_storage(char *arg, struct imprun_opts *o, struct services *svc)
{
    uint64_t v;
    if (parse_number_in(arg, NUM_BINARY, 8192, 0x1000000, &v) != 0 || v % 4096)
        return bad_usage("--storage: '%s' is not a size from 8K to 16M in 4K steps", arg);
    o->storage = (uint32_t)v;
    return 0;
}

static int opt_file(char *arg, struct imprun_opts *o, struct services *svc)
{
    char err[300];
    if (svc_bind(svc, arg, err, sizeof err) != 0)
        return bad_usage("--file %s", err);
    return 0;
}

static int opt_dump(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (o->ndumps == IMPRUN_MAX_DUMPS || parse_dump(arg, &o->dumps[o->ndumps]) != 0)
        return bad_usage("--dump: '%s' is not ADDR:LEN in hex (at most 16 dumps)", arg);
    o->ndumps++;
    return 0;
}

static int opt_savecore(char *arg, struct imprun_opts *o, struct services *svc)
{
    /* parse_save cuts its argument up: the message shows it whole */
    char *copy = strdup(arg);
    int bad = !copy || o->nsaves == IMPRUN_MAX_DUMPS || parse_save(arg, &o->saves[o->nsaves]) != 0;
    if (bad || o->saves[o->nsaves].file[0] == '\0') {
        int st = bad_usage("--savecore: expected FILE:START:END (hex, START <= END), got '%s'",
                           copy ? copy : arg);
        free(copy);
        return st;
    }
    free(copy);
    o->nsaves++;
    return 0;
}

/* A size in bytes (K, M, G) for the limit --NAME; 0, or 2. */
static int size_limit(const char *name, const char *arg, uint64_t *v)
{
    if (parse_number(arg, NUM_BINARY, v) == 0)
        return 0;
    char err[300];
    snprintf(err, sizeof err, "--%s: '%.200s' is not a size (bytes, or K, M, G: "
             "2^10, 2^20, 2^30)", name, arg);
    return bad_usage("%s", err);
}

static int opt_max_console(char *arg, struct imprun_opts *o, struct services *svc)
{
    return size_limit("max-console", arg, &svc->max_console);
}

static int opt_max_output(char *arg, struct imprun_opts *o, struct services *svc)
{
    return size_limit("max-output", arg, &svc->max_files);
}

static int opt_max_trace(char *arg, struct imprun_opts *o, struct services *svc)
{
    return size_limit("max-trace", arg, &o->max_trace);
}

static int opt_trace(char *arg, struct imprun_opts *o, struct services *svc)
{
    o->trace = 1;
    if (!arg)
        return 0;
    const char *colon = strchr(arg, ':');
    char lo[16];
    if (!colon && *arg && ((*arg >= 'A' && *arg <= 'Z') || (*arg >= 'a' && *arg <= 'z') ||
                           strchr("@#$_", *arg))) {
        o->trace_csect = arg;       /* a CSECT: runner.c finds its bounds */
        o->trace_ranged = 1;
        return 0;
    }
    if (!colon || (size_t)(colon - arg) >= sizeof lo)
        return bad_usage("--trace: '%.200s' is not START:END (hex addresses) or a CSECT "
                         "name", arg);
    memcpy(lo, arg, (size_t)(colon - arg));
    lo[colon - arg] = '\0';
    if (parse_hex(lo, &o->trace_lo) != 0 || parse_hex(colon + 1, &o->trace_hi) != 0 ||
        o->trace_lo > o->trace_hi || o->trace_hi > VM_ADDR_MASK)
        return bad_usage("--trace: '%.200s' is not START:END (hex addresses, START <= END "
                         "<= FFFFFF)", arg);
    o->trace_ranged = 1;
    return 0;
}

static int opt_asa(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (strcmp(arg, "raw") != 0 && strcmp(arg, "interpret") != 0)
        return bad_usage("--asa: '%s' is not raw or interpret", arg);
    o->asa_raw = strcmp(arg, "raw") == 0;
    return 0;
}

/* Does the user's locale (LC_ALL, LC_CTYPE, LANG) write text in UTF-8?
 * Asked without changing imprun's own locale, which stays "C". */
static int locale_is_utf8(void)
{
    locale_t l = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
    if (l == (locale_t)0)
        return 0;
    const char *cs = nl_langinfo_l(CODESET, l);
    int utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
    freelocale(l);
    return utf8;
}

/* The host text of each task's console, bound files and ASSIST files
 * (imprun(1), --charset): --charset=auto reads and writes UTF-8 on
 * standard input and output when they are a terminal and the locale's
 * text is UTF-8, and ISO 8859-1 bytes in files and pipes, so what a run
 * writes there is the same wherever it runs; --punch takes the bytes
 * whatever is chosen. */
static void set_charsets(const struct imprun_opts *o, struct services *svcs,
                         struct assist *assts, int ntasks)
{
    int files = o->charset == CHARSET_UTF8;
    int utf8 = o->charset == CHARSET_AUTO && locale_is_utf8();
    int console = files || (utf8 && isatty(STDOUT_FILENO));
    int in = files || (utf8 && isatty(STDIN_FILENO));
    for (int k = 0; k < ntasks; k++) {
        svcs[k].utf8_console = console;
        svcs[k].utf8_in = in;
        svcs[k].utf8_files = files;
        assts[k].utf8_files = files;
    }
}

static int opt_charset(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (strcmp(arg, "auto") == 0)
        o->charset = CHARSET_AUTO;
    else if (strcmp(arg, "utf-8") == 0 || strcmp(arg, "UTF-8") == 0 || strcmp(arg, "utf8") == 0)
        o->charset = CHARSET_UTF8;
    else if (strcmp(arg, "latin-1") == 0 || strcmp(arg, "latin1") == 0 ||
             strcmp(arg, "ISO-8859-1") == 0)
        o->charset = CHARSET_LATIN1;
    else
        return bad_usage("--charset: '%s' is not auto, utf-8 or latin-1", arg);
    return 0;
}

/* The paging options turn paging on. */
static int opt_frames(char *arg, struct imprun_opts *o, struct services *svc)
{
    uint64_t v;
    if (parse_number_in(arg, NUM_DECIMAL, 0, VM_MAX_STORAGE / 2048, &v) != 0)
        return bad_usage("--frames: '%s' is not a number of frames (at most 8192)", arg);
    if (v == 0)
        return bad_usage("--frames=%s: paging needs at least one frame", arg);
    o->pcfg.frames = (uint32_t)v;
    o->paging = 1;
    return 0;
}

static int opt_page_size(char *arg, struct imprun_opts *o, struct services *svc)
{
    uint64_t v;
    if (parse_number(arg, NUM_BINARY, &v) != 0 || (v != 2048 && v != 4096))
        return bad_usage("--page-size: '%s' is not 2K or 4K (2048 or 4096)", arg);
    o->pcfg.page_size = (uint32_t)v;
    o->paging = 1;
    return 0;
}

static int opt_policy(char *arg, struct imprun_opts *o, struct services *svc)
{
    for (int p = 0; p < VM_NPOLICY; p++)
        if (strcmp(arg, vm_policy_name((enum vm_policy)p)) == 0) {
            o->pcfg.policy = (enum vm_policy)p;
            o->paging = 1;
            return 0;
        }
    return bad_usage("--policy: '%s' is not lru, fifo or clock (OPT needs the future: "
                     "imprun reports it beside the policy, and --replay computes it)", arg);
}

static int opt_replacement(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (strcmp(arg, "global") != 0 && strcmp(arg, "local") != 0)
        return bad_usage("--replacement: '%s' is not global or local", arg);
    o->pcfg.local = strcmp(arg, "local") == 0;
    o->paging = 1;
    return 0;
}

/* A latency of --page-in or --page-out; 0, or 2. */
static int latency(const char *arg, uint32_t *cycles, struct imprun_opts *o)
{
    uint64_t v;
    if (parse_number_in(arg, NUM_DECIMAL, 0, 100000000, &v) != 0)
        return bad_usage("--page-in, --page-out: '%s' is not a number of cycles (0 to "
                         "100000000)", arg);
    *cycles = (uint32_t)v;
    o->paging = 1;
    return 0;
}

static int opt_page_in(char *arg, struct imprun_opts *o, struct services *svc)
{
    return latency(arg, &o->pcfg.pagein_cycles, o);
}

static int opt_page_out(char *arg, struct imprun_opts *o, struct services *svc)
{
    return latency(arg, &o->pcfg.pageout_cycles, o);
}

static int opt_slice(char *arg, struct imprun_opts *o, struct services *svc)
{
    if (parse_number_in(arg, NUM_DECIMAL, 1, UINT32_MAX, &o->slice) != 0)
        return bad_usage("--slice: '%s' is not a number of cycles (1 or more)", arg);
    o->paging = 1;
    return 0;
}

static int opt_page_refs(char *arg, struct imprun_opts *o, struct services *svc)
{
    o->page_refs = arg;
    o->paging = 1;
    return 0;
}

static int opt_curve(char *arg, struct imprun_opts *o, struct services *svc)
{
    uint64_t lo, hi;
    const char *colon = strchr(arg, ':');
    char a[24];
    if (!colon || (size_t)(colon - arg) >= sizeof a)
        return bad_usage("--curve: '%s' is not LO:HI (frame counts)", arg);
    memcpy(a, arg, (size_t)(colon - arg));
    a[colon - arg] = '\0';
    if (parse_number_in(a, NUM_DECIMAL, 1, 8192, &lo) != 0 ||
        parse_number_in(colon + 1, NUM_DECIMAL, 1, 8192, &hi) != 0 || lo > hi)
        return bad_usage("--curve: '%s' is not LO:HI with 1 <= LO <= HI <= 8192", arg);
    o->curve_lo = (unsigned)lo;
    o->curve_hi = (unsigned)hi;
    return 0;
}

static int opt_help(char *arg, struct imprun_opts *o, struct services *svc)
{
    /* the text is longer than stdio's buffer: held whole, a write error
       (a full disk) is seen with its errno when it is flushed */
    static char buf[8192];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    usage(stdout);
    return -1;
}

static int opt_version(char *arg, struct imprun_opts *o, struct services *svc)
{
    printf("imprun (IMP) %s\n", IMP_VERSION);
    return -1;
}

/* A monitor's setting: its descriptor parses it. */
static int hpm_option(const struct hpm_setting *s, char *arg, struct imprun_opts *o)
{
    char err[300];
    if (s->parse(o, arg, err, sizeof err) == 0)
        return 0;
    char msg[sizeof err + 64];
    snprintf(msg, sizeof msg, "--%s: %s", s->name, err);
    return bad_usage("%s", msg);
}

/* Parse one option by its row of options.def (or the monitors' table);
 * 0, or the exit status to leave with (2, or -1 for 0). */
static int parse_option(int c, char *arg, struct imprun_opts *o, struct services *svc)
{
    if (c >= OPT_HPM) {
        const struct hpm_setting *s = hpm_setting_at(c - OPT_HPM);
        o->hpm_given |= UINT64_C(1) << (c - OPT_HPM);
        return s ? hpm_option(s, arg, o) : 2;
    }
    c = c == 'q' ? OPT_QUIET : c == 'I' ? OPT_INCDIR : c;
    if (c <= OPT_NONE || c > OPT_NONE + (int)NOPTIONS)
        return 2;
    const struct imprun_option *r = &options[c - OPT_NONE - 1];
    char *field = (char *)o + r->field;
    switch (r->set) {
    /* the field's type is the one options.def's row says (checked above) */
    case SET_STR: *(const char **)(void *)field = arg; break;
    case SET_ON: *(int *)(void *)field = 1; break;
    case SET_OFF: *(int *)(void *)field = 0; break;
    case SET_COUNT: {
        uint64_t v;
        if (parse_number_in(arg, NUM_DECIMAL, 0, UINT64_MAX, &v) != 0) {
            char msg[300];
            snprintf(msg, sizeof msg, "--%s: '%.200s' is not a number (0: no limit)", r->name,
                     arg);
            return bad_usage("%s", msg);
        }
        *(uint64_t *)(void *)field = v;
        break;
    }
    case SET_CALL: return r->fn(arg, o, svc);
    case SET_NONE: break;
    }
    return 0;
}

/* Check one task's program files agree with each other; 0 or 2. */
static int check_task_inputs(const struct imprun_opts *o, const struct imprun_task *t, int k)
{
    if (o->core && k == 0 && t->ninputs > 0)
        return bad_usage("--core takes no other program file ('%s')", t->inputs[0]);
    if (!o->core && t->ninputs == 0)
        return k == 0 ? bad_usage("%s", "no program to run (FILE.load, --core IMAGE or SRC.s)")
                      : bad_usage("%s", "--task names no program");
    if (o->core && t->origin_text)
        return bad_usage("%s", "--origin does not apply to a core image");
    int sources = 0;
    for (int i = 0; i < t->ninputs; i++)
        sources += imprun_input_is_source(t, i);
    if (sources > 0 && sources < t->ninputs) {
        int i = 0;
        while (imprun_input_is_source(t, i))
            i++;
        return bad_usage("cannot mix sources and load modules ('%s')", t->inputs[i]);
    }
    if (sources == 0 && t->ninputs > 1)
        return bad_usage("one load module at a time ('%s')", t->inputs[1]);
    return 0;
}

/* A monitor's other settings (--ias-window, --pcs-slots) shape what its
 * first one arms: given alone they would be dropped without a word; 0 or 2. */
static int check_hpm_settings(const struct imprun_opts *o)
{
    int k = 0;
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s->name; s++, k++)
            if (s != (*c)->settings && k < MAX_HPM_SETTINGS &&
                (o->hpm_given >> k & 1) && !(*c)->on(o)) {
                char msg[300];
                snprintf(msg, sizeof msg, "--%s sets up %s, which is not armed: give --%s too",
                         s->name, (*c)->what, (*c)->settings[0].name);
                return bad_usage("%s", msg);
            }
    return 0;
}

/* Check the inputs agree with each other; 0 or 2. */
static int check_inputs(const struct imprun_opts *o)
{
    if (o->replay) {
        if (o->core || o->ninputs > 0 || o->ntasks > 1)
            return bad_usage("%s", "--replay runs no program: give it alone (with --curve)");
        return 0;
    }
    if (o->core && o->ntasks > 1)
        return bad_usage("%s", "--core runs one core image: --task needs load modules or sources");
    for (int k = 0; k < o->ntasks; k++) {
        int st = check_task_inputs(o, &o->task[k], k);
        if (st)
            return st;
    }
    /* the paging configuration against the storage the tasks have */
    if (o->paging) {
        uint64_t pages = (uint64_t)o->storage / o->pcfg.page_size * (uint64_t)o->ntasks;
        if (o->pcfg.frames > pages) {
            char msg[200];
            snprintf(msg, sizeof msg, "--frames=%u: more frames than the %llu pages of virtual "
                     "storage the tasks have (--storage, --page-size)", o->pcfg.frames,
                     (unsigned long long)pages);
            return bad_usage("%s", msg);
        }
        if (o->pcfg.local && o->pcfg.frames < (uint32_t)o->ntasks)
            return bad_usage("%s", "--replacement=local: fewer frames than tasks");
    }
    return 0;
}

/* The load module of task t, read once: into t->mod, and the sources it
 * names (the abend report and the trace read them for their lines) into
 * fs as inputs; 0, or -1 if one is an output already there (reported).
 * A module that cannot be read adds nothing: its messages are kept in
 * t->mod_err for the run to print where it loads the module. */
static int read_module(struct fileset *fs, struct imprun_task *t)
{
    if (t->ninputs != 1 || imprun_input_kind(t, 0) != OBJ_SNIFF_LOAD)
        return 0;
    struct obj_module *m = malloc(sizeof *m);
    char *text = NULL;
    size_t len = 0;
    struct diag d;
    diag_init(&d, "imprun");
    d.out = m ? open_memstream(&text, &len) : NULL;
    if (!d.out) {                       /* out of memory: the run reads it */
        free(m);
        return 0;
    }
    int rc = obj_read(m, OBJ_LOAD, t->inputs[0], &d);
    fclose(d.out);
    if (rc != 0) {
        free(m);
        t->mod_err = text;
        return 0;
    }
    free(text);
    t->mod = m;
    int bad = 0;
    for (size_t i = 0; i < m->nfiles && !bad; i++)
        bad = fileset_add(fs, FILE_IN, m->files[i], "a source the load module names");
    return bad ? -1 : 0;
}

/* What read_module kept. */
static void free_modules(struct imprun_opts *o)
{
    for (int k = 0; k < o->ntasks; k++) {
        struct imprun_task *t = &o->task[k];
        if (t->mod) {
            struct obj_module *m = (struct obj_module *)t->mod;
            obj_free(m);
            free(m);
        }
        free((char *)t->mod_err);
        t->mod = NULL;
        t->mod_err = NULL;
        imprun_unclassify(t);
    }
}

/*
 * Refuse an output that is an input, another output or a bound file, and
 * two names bound to one file (one could truncate what the other reads),
 * or a source a load module names; 0 or 2.
 */
static int check_files(struct imprun_opts *o)
{
    struct diag d;
    struct fileset fs;
    diag_init(&d, "imprun");
    fileset_init(&fs, &d);
    int bad = fileset_add(&fs, FILE_IN, o->core, "the core image (--core)") ||
              fileset_add(&fs, FILE_IN, o->microcode, "the microcode (--microcode)");
    for (int k = 0; k < o->ntasks && !bad; k++)
        for (int i = 0; i < o->task[k].ninputs && !bad; i++)
            bad = fileset_add(&fs, FILE_IN, o->task[k].inputs[i], "the program");
    bad = bad || fileset_add(&fs, FILE_IN, o->replay, "the reference string (--replay)") ||
          fileset_add(&fs, FILE_IN, o->cards, "the cards (--cards)");
    char what[VM_MAX_TASKS][SVC_MAX_BINDS][SVC_NAME_LEN + 16];
    for (int k = 0; k < o->ntasks && !bad; k++) {
        const struct services *ts = o->task[k].svc;
        for (int i = 0; i < ts->nbinds && !bad; i++) {
            snprintf(what[k][i], sizeof what[k][i], "--file %s", ts->binds[i].name);
            bad = fileset_add(&fs, FILE_BOUND, ts->binds[i].path, what[k][i]);
        }
    }
    bad = bad || fileset_add(&fs, FILE_OUT, o->report, "the report (--report)") ||
          fileset_add(&fs, FILE_OUT, o->json, "the JSON report (--json)") ||
          fileset_add(&fs, FILE_OUT, o->page_refs, "the reference string (--page-refs)") ||
          fileset_add(&fs, FILE_OUT, o->profile, "the profile (--profile)") ||
          fileset_add(&fs, FILE_BOUND, o->print, "the print file (--print)") ||
          fileset_add(&fs, FILE_BOUND, o->punch, "the punch file (--punch)");
    for (int i = 0; i < o->nsaves && !bad; i++)
        bad = fileset_add(&fs, FILE_OUT, o->saves[i].file, "the core save (--savecore)");
    for (int k = 0; k < o->ntasks && !bad && !o->core; k++)
        bad = read_module(&fs, &o->task[k]) != 0;
    fileset_free(&fs);
    return bad ? EXIT_USAGE : 0;
}

/* The options of a --task segment: its own files and origin only. */
static int task_option(int c, char *arg, struct imprun_opts *o, struct imprun_task *t,
                       const char *given)
{
    if (c != OPT_FILE && c != OPT_ORIGIN)
        return bad_usage("'%s' applies to the whole machine: give it before the first program",
                         given);
    struct imprun_opts one = *o;
    int st = parse_option(c, arg, &one, t->svc);
    if (st == 0 && c == OPT_ORIGIN) {
        t->origin = one.origin;
        t->origin_text = one.origin_text;
    }
    return st;
}

/* Parse argv[0..argc) with getopt: the whole command (task NULL) or the
 * segment of one --task (argv[0] is "--task"); its operands go to t. */
static int parse_segment(int argc, char **argv, struct imprun_opts *o, struct imprun_task *t,
                         struct services *svc, int whole, const struct option *opts)
{
    int c, st = 0;
    optind = 0;         /* GNU getopt: start again on a new vector */
    opterr = 0;
    while (st == 0 && (c = getopt_long(argc, argv, "+qI:", opts, NULL)) != -1) {
        if (c == '?') {
            st = optopt == 'I' ? bad_usage("%s", "option '-I' needs a directory")
               : optopt && optopt < 256 ? bad_usage("unknown option '-%s'", (char[]){ (char)optopt, 0 })
                                         : bad_usage("unknown or incomplete option '%s'",
                                                     argv[optind - 1]);
            break;
        }
        st = whole ? parse_option(c, optarg, o, svc)
                   : task_option(c, optarg, o, t, c == 'I' ? "-I" : argv[optind - 1]);
    }
    t->inputs = argv + optind;
    t->ninputs = argc - optind;
    return st;
}

int main(int argc, char **argv)
{
    static struct services svcs[VM_MAX_TASKS];
    static struct assist assts[VM_MAX_TASKS];
    struct imprun_opts o;
    struct option opts[NOPTIONS + MAX_HPM_SETTINGS + 1];
    options_table(opts);
    memset(&o, 0, sizeof o);
    o.max_cycles = IMPRUN_DEFAULT_CYCLES;
    o.assist_fill = -1;
    o.max_trace = TRACE_LIMIT;
    o.storage = IMPRUN_DEFAULT_STORAGE;
    o.origin = LOADER_AT_LINK;
    o.pcfg = (struct vm_paging){ 0, IMPRUN_PAGE_SIZE, VM_LRU, IMPRUN_PAGE_IN, IMPRUN_PAGE_OUT, 0 };
    svc_init(&svcs[0], stdin, stdout);

    /* the command is cut at each --task: [options] PROG... [--task [options] PROG...]... */
    int cut[VM_MAX_TASKS + 1], nseg = 1, st = 0;
    cut[0] = 0;
    for (int i = 1; i < argc && st == 0; i++)
        if (strcmp(argv[i], "--task") == 0) {
            if (nseg == VM_MAX_TASKS)
                st = bad_usage("more than %s tasks", "16");
            else
                cut[nseg++] = i;
        }
    cut[nseg] = argc;
    o.ntasks = nseg;
    o.task[0].origin = LOADER_AT_LINK;
    o.task[0].svc = &svcs[0];
    o.task[0].asst = &assts[0];
    o.max_lines = IMPRUN_MAX_LINES;
    hpm_defaults(&o);
    o.max_pages = IMPRUN_MAX_PAGES;
    o.max_cards = IMPRUN_MAX_CARDS;
    o.max_punch = IMPRUN_MAX_PUNCH;
    if (st == 0)
        st = parse_segment(cut[1], argv, &o, &o.task[0], &svcs[0], 1, opts);
    o.inputs = o.task[0].inputs;
    o.ninputs = o.task[0].ninputs;
    o.task[0].origin = o.origin;
    o.task[0].origin_text = o.origin_text;
    for (int k = 1; k < nseg && st == 0; k++) {
        svc_init(&svcs[k], NULL, stdout);
        svcs[k].max_console = svcs[0].max_console;
        svcs[k].max_files = svcs[0].max_files;
        o.task[k].origin = LOADER_AT_LINK;
        o.task[k].svc = &svcs[k];
        o.task[k].asst = &assts[k];
        st = parse_segment(cut[k + 1] - cut[k], argv + cut[k], &o, &o.task[k], &svcs[k], 0, opts);
    }
    if (nseg > 1)
        o.paging = 1;
    if (st == 0 && o.paging && o.pcfg.frames == 0) {      /* every page fits */
        uint64_t all = (uint64_t)o.storage * (uint64_t)o.ntasks;
        o.pcfg.frames = (uint32_t)((all < VM_MAX_STORAGE ? all : VM_MAX_STORAGE) / o.pcfg.page_size);
    }
    for (int k = 0; k < nseg && st == 0; k++) {
        struct assist *a = &assts[k];
        assist_init(a, NULL, NULL, NULL);
        a->asa_raw = o.asa_raw;
        a->max_lines = o.max_lines;
        a->max_pages = o.max_pages;
        a->max_cards = o.max_cards;
        a->max_punch = o.max_punch;
        a->max_bytes = svcs[0].max_files;
    }
    if (st == 0)
        set_charsets(&o, svcs, assts, nseg);
    if (st == 0)
        st = check_hpm_settings(&o);
    for (int k = 0; k < nseg && st == 0; k++)
        (void)imprun_classify(&o.task[k]);     /* out of memory: told at each use */
    if (st == 0)
        st = check_inputs(&o);
    if (st == 0)
        st = check_files(&o);
    if (st == 0 && nseg > 1 && tasks_console(&o, svcs) != 0) {
        fprintf(stderr, "imprun: cannot set up the tasks' consoles: %s\n", strerror(errno));
        st = EXIT_RUN_MACHINE;
    }
    if (st == 0) {
        tmpclean_install();
        const struct run_sink sink = { say, NULL, "imprun", stderr };
        st = o.replay ? imprun_replay(&o, &sink) : imprun_main(&o, argv[0], &sink);
    }
    struct diag d;
    diag_init(&d, "imprun");
    tasks_console_close(&o);            /* the tasks' lines into stdout */
    if (outfile_close_stdout(&d) != 0 && st <= 0)
        st = st < 0 ? EXIT_USAGE : EXIT_BAD_INPUT;
    for (int k = 0; k < nseg; k++)
        if (o.task[k].svc)
            svc_close_all(o.task[k].svc);
    free_modules(&o);
    free(o.incdirs);
    return st < 0 ? 0 : st;
}
