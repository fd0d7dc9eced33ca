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

#include "hpm.h"
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

/* apply, and if the machine cannot be set up with the change (a window
 * names no symbol of the program, an area or the program does not fit):
 * the configuration as it was (before), and the program loaded again
 * with it, not left unloaded.  command names the change in the error. */
static int apply_or_undo(struct mon *m, const char *what, const struct imprun_opts *before,
                         const char *command)
{
    if (apply(m, what) == 0)
        return 0;
    m->o = *before;
    if (m->o.ntasks && mon_reset(m) == 0)
        return mon_error(m, "%s: not done; the machine is reset as it was", command);
    return -1;
}

/* The monitors' names (settings: every setting's) joined by sep, into buf. */
static void names(char *buf, size_t size, const char *sep, int settings)
{
    size_t k = 0;
    buf[0] = '\0';
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        for (const struct hpm_setting *s = (*c)->settings; s->name; s++) {
            if (k < size)
                k += (size_t)snprintf(buf + k, size - k, "%s%s", k ? sep : "",
                                      settings ? s->name : (*c)->name);
            if (!settings)
                break;
        }
}

int cmd_monitor(struct mon *m, int argc, char **argv)
{
    struct imprun_opts *o = &m->o;
    char err[300], what[300], list[300];
    if (argc == 1) {
        char *ia[] = { "info", "monitors", NULL };
        return cmd_info(m, 2, ia);
    }
    const char *name = argv[1], *spec = argc > 2 ? argv[2] : NULL;
    if (argc > 3)
        return mon_error(m, "monitor %s takes one specification", name);
    if (strcmp(name, "off") == 0) {
        names(list, sizeof list, ", ", 0);
        if (!spec)
            return mon_error(m, "monitor off needs %s or all", list);
        int all = strcmp(spec, "all") == 0, known = 0;
        for (const struct hpm_class *const *c = hpm_classes; *c; c++)
            if (all || strcmp(spec, (*c)->name) == 0) {
                (*c)->off(o);
                known = 1;
            }
        if (!known)
            return mon_error(m, "monitor off %s: no such monitor", spec);
        snprintf(what, sizeof what, "%s: off", spec);
        return apply(m, what);
    }
    const struct hpm_setting *s = hpm_setting_find(name, NULL);
    if (!s) {
        names(list, sizeof list, ", ", 1);
        return mon_error(m, "monitor %s: not one of %s, off", name, list);
    }
    if (!spec && s->arg[0] && !s->optional)
        return mon_error(m, "monitor %s: needs %s", name, s->arg);
    struct imprun_opts before = *o;
    if (s->parse(o, spec, err, sizeof err) != 0)
        return mon_error(m, "monitor %s: %s", name, err);
    s->said(o, spec, what, sizeof what);
    char command[300];
    snprintf(command, sizeof command, "monitor %s%s%s", name, spec ? " " : "", spec ? spec : "");
    return apply_or_undo(m, what, &before, command);
}

int cmd_report(struct mon *m, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!mon_vm(m))
        return mon_error(m, "no program loaded (load FILE)");
    if (!hpm_any_on(&m->o)) {
        char list[300] = "";
        size_t k = 0;
        for (const struct hpm_class *const *c = hpm_classes; *c; c++)
            if ((*c)->summary && k < sizeof list)
                k += (size_t)snprintf(list + k, sizeof list - k, "%s%s", k ? "|" : "", (*c)->name);
        return mon_error(m, "no monitor with a report is on (monitor %s)", list);
    }
    fflush(m->out);
    imprun_mon_report(m->out, &m->r);
    return 0;
}

static void view_line(void *ctx, int row, int heading, const char *text)
{
    (void)row;
    (void)heading;
    fprintf(ctx, "%s\n", text);
}

/* One monitor's view as text, under a line naming it. */
static void view_print(struct mon *m, const struct hpm_class *c)
{
    struct hpm_view v = { .rows = MON_VIEW_ROWS, .cols = MON_VIEW_COLS, .ctx = m->out,
                          .line = view_line };
    fprintf(m->out, "%s: %s\n", c->name, c->what);
    c->view(&v, &m->r);
}

int cmd_view(struct mon *m, int argc, char **argv)
{
    if (!mon_vm(m))
        return mon_error(m, "no program loaded (load FILE)");
    int shown = 0, rc = 0;
    for (const struct hpm_class *const *c = hpm_classes; *c && argc == 1; c++)
        if (hpm_shown(*c, &m->r)) {
            view_print(m, *c);
            shown++;
        }
    if (argc == 1 && !shown) {
        char list[300];
        names(list, sizeof list, ", ", 0);
        return mon_error(m, "no monitor is on (monitor NAME ... turns one on: %s)", list);
    }
    for (int i = 1; i < argc; i++) {
        const struct hpm_class *c = hpm_find(argv[i]);
        if (!c || !c->view)
            rc = mon_error(m, "view %s: no monitor of that name has a view", argv[i]);
        else if (!hpm_shown(c, &m->r))
            rc = mon_error(m, "view %s: the monitor is off (monitor %s ... turns it on)",
                           argv[i], c->settings[0].name);
        else
            view_print(m, c);
    }
    return rc;
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
    uint64_t v;                         /* as imprun --storage takes it: 64K, 1M */
    if (parse_number_in(arg, NUM_BINARY, 8192, VM_MAX_STORAGE, &v) != 0 || v % 4096)
        return mon_error(m, "set storage: '%s' is not a size from 8K to 16M in 4K steps", arg);
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
            struct imprun_opts before = m->o;
            int rc = settings[i].set(m, argv[2]);
            snprintf(what, sizeof what, "%s %s", argv[1], argv[2]);
            char command[sizeof what + 8];
            snprintf(command, sizeof command, "set %s", what);
            return rc == 1 ? apply_or_undo(m, what, &before, command) : rc;
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
