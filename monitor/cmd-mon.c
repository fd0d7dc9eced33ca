/*
 * cmd-mon.c -- configuring and saving: monitor, report, save, load,
 * reset, set, source, quit.  The monitors are configured in the options
 * imprun's command line fills (struct imprun_opts) and armed by the same
 * code (run_open), so a monitor's settings take effect at a reset, and
 * every replay of step back arms them the same way.
 */
#include "mon.h"
#include "cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "number.h"
#include "outfile.h"

/* A decimal number lo..hi from arg into *v; 0, or -1 after a message. */
static int number_in(struct mon *m, const char *what, const char *arg, uint64_t lo, uint64_t hi,
                     uint64_t *v)
{
    if (parse_number_in(arg, NUM_DECIMAL, lo, hi, v) != 0)
        return mon_error(m, "%s: '%s' is not a number from %llu to %llu", what, arg,
                         (unsigned long long)lo, (unsigned long long)hi);
    return 0;
}

/* The machine again after a change of its configuration. */
static int apply(struct mon *m, const char *what)
{
    if (!m->o.ntasks) {
        fprintf(m->out, "%s (takes effect when a program is loaded)\n", what);
        return 0;
    }
    fprintf(m->out, "%s (machine reset)\n", what);
    return mon_reset(m);
}

int cmd_monitor(struct mon *m, int argc, char **argv)
{
    struct imprun_opts *o = &m->o;
    char err[300], what[300];
    uint64_t v;
    if (argc == 1) {
        char *ia[] = { "info", "monitors", NULL };
        return cmd_info(m, 2, ia);
    }
    const char *name = argv[1], *spec = argc > 2 ? argv[2] : NULL;
    if (argc > 3)
        return mon_error(m, "monitor %s takes one specification", name);
    if (strcmp(name, "ias") == 0) {
        if (!spec || number_in(m, "monitor ias", spec, VM_IAS_MIN_PERIOD, 65535, &v))
            return spec ? -1 : mon_error(m, "monitor ias needs a period of 100 to 65535 cycles");
        o->ias_period = (uint32_t)v;
        snprintf(what, sizeof what, "ias: a sample every %u cycles", o->ias_period);
    } else if (strcmp(name, "ias-window") == 0) {
        if (!spec || imprun_parse_ias_window(o, spec, err, sizeof err) != 0)
            return mon_error(m, "monitor ias-window: %s", spec ? err : "needs WHERE[/BLOCK]");
        snprintf(what, sizeof what, "ias: window %d over %s", o->nias, spec);
    } else if (strcmp(name, "pcs") == 0) {
        v = 100;
        if (spec && number_in(m, "monitor pcs", spec, 1, VM_PCS_MAX_RATE, &v))
            return -1;
        o->pcs_rate = (uint32_t)v;
        snprintf(what, sizeof what, "pcs: %u samples per virtual second", o->pcs_rate);
    } else if (strcmp(name, "glean") == 0) {
        if (!spec || imprun_parse_glean(o, spec, err, sizeof err) != 0)
            return mon_error(m, "monitor glean: %s", spec ? err : "needs a specification");
        snprintf(what, sizeof what, "glean: %s", spec);
    } else if (strcmp(name, "csm") == 0) {
        if (imprun_parse_csm(o, spec, err, sizeof err) != 0)
            return mon_error(m, "monitor %s", err + 2);
        snprintf(what, sizeof what, "csm: a buffer of %u records%s%s", o->csm_records,
                 o->csm_method == CSM_PER ? ", by PER and IMPPERI"
                 : o->csm_method == CSM_ISR ? ", by the CSECT event and IMPPERI" : "",
                 o->csm_data ? ", data references too" : "");
    } else if (strcmp(name, "per") == 0) {
        if (!spec || imprun_parse_per(o, spec, err, sizeof err) != 0)
            return mon_error(m, "monitor per: %s",
                             spec ? err + 7 : "needs EVENTS[,range=WHERE][,gr=R+R...]");
        snprintf(what, sizeof what, "per: CR9 X'%08X'%s%s", (unsigned)o->per_cr9,
                 o->per_range[0] ? ", range " : "", o->per_range);
    } else if (strcmp(name, "iifm") == 0) {
        if (!spec || imprun_parse_iifm(o, spec, err, sizeof err) != 0)
            return mon_error(m, "monitor iifm: %s", spec ? err : "needs a specification");
        snprintf(what, sizeof what, "iifm: %s", spec);
    } else if (strcmp(name, "off") == 0) {
        if (!spec)
            return mon_error(m, "monitor off needs ias, pcs, glean, csm, iifm, per or all");
        int all = strcmp(spec, "all") == 0, known = 0;
        if (all || strcmp(spec, "ias") == 0)
            o->ias_period = 0, o->nias = 0, known = 1;
        if (all || strcmp(spec, "pcs") == 0)
            o->pcs_rate = 0, known = 1;
        if (all || strcmp(spec, "glean") == 0)
            o->glean_info = 0, known = 1;
        if (all || strcmp(spec, "csm") == 0)
            o->csm_records = 0, known = 1;
        if (all || strcmp(spec, "iifm") == 0)
            o->iifm = 0, known = 1;
        if (all || strcmp(spec, "per") == 0)
            o->per_cr9 = 0, known = 1;
        if (!known)
            return mon_error(m, "monitor off %s: no such monitor", spec);
        snprintf(what, sizeof what, "%s: off", spec);
    } else
        return mon_error(m, "monitor %s: not one of ias, ias-window, pcs, glean, csm, iifm, per, "
                         "off", name);
    return apply(m, what);
}

int cmd_report(struct mon *m, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!mon_vm(m))
        return mon_error(m, "no program loaded (load FILE)");
    const struct imprun_opts *o = &m->o;
    if (!(o->ias_period || o->pcs_rate || o->glean_info || o->csm_records))
        return mon_error(m, "no sampling monitor is on (monitor ias|pcs|glean|csm)");
    fflush(m->out);
    imprun_mon_report(m->out, &m->r);
    return 0;
}

int cmd_save(struct mon *m, int argc, char **argv)
{
    if (argc != 2)
        return mon_error(m, "save needs a file name");
    if (!mon_vm(m))
        return mon_error(m, "no program loaded (load FILE)");
    struct outfile o;
    FILE *f = mon_output_open(m, &o, argv[1]);
    if (!f)
        return -1;
    imprun_profile_write(f, &m->r, m->stop.st);
    if (mon_output_commit(m, &o) != 0)
        return -1;
    fprintf(m->out, "saved %s\n", argv[1]);
    return 0;
}

int cmd_load(struct mon *m, int argc, char **argv)
{
    if (argc < 2)
        return mon_error(m, "load needs a program");
    if (mon_load(m, argv + 1, argc - 1) != 0)
        return -1;
    fprintf(m->out, "loaded %s\n", strcmp(argv[1], "--core") == 0 ? argv[argc - 1] : argv[1]);
    return 0;
}

int cmd_reset(struct mon *m, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (mon_reset(m) != 0)
        return -1;
    fprintf(m->out, "reset\n");
    return 0;
}

static int on_off(struct mon *m, const char *name, const char *arg, int *v)
{
    if (strcmp(arg, "on") == 0 || strcmp(arg, "1") == 0)
        *v = 1;
    else if (strcmp(arg, "off") == 0 || strcmp(arg, "0") == 0)
        *v = 0;
    else
        return mon_error(m, "set %s: '%s' is not on or off", name, arg);
    return 0;
}

/* ---- the settings of settings.def: set_NAME, show_NAME -------------------------- */

static int set_max_cycles(struct mon *m, const char *arg)
{
    return number_in(m, "set max-cycles", arg, 1, UINT64_MAX / 2, &m->opt.max_cycles);
}
static void show_max_cycles(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%llu", (unsigned long long)m->opt.max_cycles);
}

static int set_slice(struct mon *m, const char *arg)
{
    uint64_t v;
    if (number_in(m, "set slice", arg, 1000, 100000000, &v))
        return -1;
    m->opt.slice = (uint32_t)v;
    return 0;
}
static void show_slice(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%u", m->opt.slice);
}

static int set_echo(struct mon *m, const char *arg) { return on_off(m, "echo", arg, &m->opt.echo); }
static void show_echo(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%s", m->opt.echo ? "on" : "off");
}

static int set_storage(struct mon *m, const char *arg)
{
    uint64_t v;
    if (number_in(m, "set storage", arg, 8192, VM_MAX_STORAGE, &v))
        return -1;
    if (v % 4096)
        return mon_error(m, "set storage: %s is not a multiple of 4096", arg);
    m->o.storage = (uint32_t)v;
    return 1;
}
static void show_storage(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%u", m->o.storage);
}

static int set_supervisor(struct mon *m, const char *arg)
{
    return on_off(m, "supervisor", arg, &m->o.supervisor) ? -1 : 1;
}
static void show_supervisor(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%s", m->o.supervisor ? "on" : "off");
}

static int set_no_super(struct mon *m, const char *arg)
{
    return on_off(m, "no-super", arg, &m->o.no_super) ? -1 : 1;
}
static void show_no_super(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%s", m->o.no_super ? "on" : "off");
}

static int set_frames(struct mon *m, const char *arg)
{
    uint64_t v;
    if (number_in(m, "set frames", arg, 1, VM_MAX_STORAGE / 2048, &v))
        return -1;
    m->o.pcfg.frames = (uint32_t)v;
    m->o.paging = 1;
    return 1;
}
static void show_frames(const struct mon *m, char *buf, size_t size)
{
    if (m->o.paging)
        snprintf(buf, size, "%u", m->o.pcfg.frames);
    else
        snprintf(buf, size, "off (paging is off)");
}

static int set_policy(struct mon *m, const char *arg)
{
    for (int p = 0; p < VM_NPOLICY; p++)
        if (strcmp(arg, vm_policy_name((enum vm_policy)p)) == 0) {
            m->o.pcfg.policy = (enum vm_policy)p;
            m->o.paging = 1;
            return 1;
        }
    return mon_error(m, "set policy: '%s' is not lru, fifo or clock", arg);
}
static void show_policy(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%s", vm_policy_name(m->o.pcfg.policy));
}

static int set_page_size(struct mon *m, const char *arg)
{
    if (strcmp(arg, "2048") != 0 && strcmp(arg, "4096") != 0)
        return mon_error(m, "set page-size: '%s' is not 2048 or 4096", arg);
    m->o.pcfg.page_size = (uint32_t)atoi(arg);
    m->o.paging = 1;
    return 1;
}
static void show_page_size(const struct mon *m, char *buf, size_t size)
{
    snprintf(buf, size, "%u", m->o.pcfg.page_size);
}

/* A setter returns 0 (done), 1 (done, and the machine must reset) or -1. */
static const struct setting {
    const char *name;
    int (*set)(struct mon *m, const char *arg);
    void (*show)(const struct mon *m, char *buf, size_t size);
    const char *what;
} settings[] = {
#define MON_SETTING(name, fn, what) { name, set_##fn, show_##fn, what },
#include "settings.def"
#undef MON_SETTING
};

int cmd_set(struct mon *m, int argc, char **argv)
{
    size_t n = sizeof settings / sizeof settings[0];
    char buf[64], what[200];
    if (argc == 1) {
        for (size_t i = 0; i < n; i++) {
            settings[i].show(m, buf, sizeof buf);
            fprintf(m->out, "%-11s %-20s %s\n", settings[i].name, buf, settings[i].what);
        }
        return 0;
    }
    if (argc != 3)
        return mon_error(m, "set needs OPTION VALUE (set alone lists them)");
    for (size_t i = 0; i < n; i++)
        if (strcmp(argv[1], settings[i].name) == 0) {
            int rc = settings[i].set(m, argv[2]);
            snprintf(what, sizeof what, "%s %s", argv[1], argv[2]);
            return rc == 1 ? apply(m, what) : rc;
        }
    return mon_error(m, "set: no option '%s' (set alone lists them)", argv[1]);
}

int cmd_source(struct mon *m, int argc, char **argv)
{
    if (argc != 2)
        return mon_error(m, "source needs a file name");
    if (m->nsourcing == MON_MAX_SOURCE)
        return mon_error(m, "source %s: more than %d scripts open at once (does a script "
                         "source itself?)", argv[1], MON_MAX_SOURCE);
    FILE *f = fopen(argv[1], "r");
    if (!f)
        return mon_error(m, "source: cannot open '%s': %s", argv[1], strerror(errno));
    int rc = cmd_source_file(m, f, argv[1]);
    fclose(f);
    return rc;
}

int cmd_quit(struct mon *m, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    m->quit = 1;
    return 0;
}
