/*
 * cmd-run.c -- the commands that move the machine: run, continue, stop,
 * step, microstep, back, uback, until.  The work is the model's
 * (model.c); these parse the arguments.
 */
#include "mon.h"
#include "cmd.h"

#include <string.h>

int cmd_count(struct mon *m, const char *what, const char *arg, uint64_t *n)
{
    int64_t v;
    char err[200];
    if (expr_eval(m, arg, &v, err, sizeof err) != 0)
        return mon_error(m, "%s: '%s': %s", what, arg, err);
    if (v < 1)
        return mon_error(m, "%s: '%s' is not a count of 1 or more", what, arg);
    *n = (uint64_t)v;
    return 0;
}

void cmd_join(int argc, char **argv, int from, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = from; i < argc && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i > from ? " " : "", argv[i]);
}

/* The optional count of argv[1] (default 1) into *n; 0 or -1. */
static int opt_count(struct mon *m, int argc, char **argv, uint64_t dflt, uint64_t *n)
{
    *n = dflt;
    if (argc > 2)
        return mon_error(m, "%s takes at most one count", argv[0]);
    return argc == 2 ? cmd_count(m, argv[0], argv[1], n) : 0;
}

int cmd_run(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    if (opt_count(m, argc, argv, 0, &n))
        return -1;
    return mon_run(m, n) == VM_HOST_ERROR && !m->loaded ? -1 : 0;
}

int cmd_continue(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    if (opt_count(m, argc, argv, 0, &n))
        return -1;
    return mon_continue(m, n) == VM_HOST_ERROR && !m->loaded ? -1 : 0;
}

int cmd_stop(struct mon *m, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(m->out, "the machine is not running\n");
    return 0;
}

int cmd_step(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    if (opt_count(m, argc, argv, 1, &n))
        return -1;
    if (!m->loaded || m->ended)
        return mon_step(m, n), -1;
    mon_step(m, n);
    return 0;
}

int cmd_microstep(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    if (opt_count(m, argc, argv, 1, &n))
        return -1;
    if (!m->loaded || m->ended)
        return mon_microstep(m, n), -1;
    mon_microstep(m, n);
    return 0;
}

int cmd_back(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    return opt_count(m, argc, argv, 1, &n) ? -1 : mon_back(m, n, 0);
}

int cmd_uback(struct mon *m, int argc, char **argv)
{
    uint64_t n;
    return opt_count(m, argc, argv, 1, &n) ? -1 : mon_back(m, n, 1);
}

int cmd_until(struct mon *m, int argc, char **argv)
{
    char text[200], err[300];
    uint32_t addr;
    if (argc < 2)
        return mon_error(m, "until needs a place: SYMBOL, ADDR or FILE:LINE");
    cmd_join(argc, argv, 1, text, sizeof text);
    if (where_parse(m, text, &addr, err, sizeof err) != 0)
        return mon_error(m, "until %s: %s", text, err);
    struct mon_break b = { .kind = BK_ADDR, .addr = addr, .temp = 1 };
    snprintf(b.text, sizeof b.text, "%s", text);
    if (!m->loaded || m->ended)
        return mon_continue(m, 0), -1;
    if (mon_break_add(m, &b) < 0)
        return -1;
    mon_continue(m, 0);
    for (int i = 0; i < MON_MAX_BREAKS; i++)    /* not reached: it goes all the same */
        if (m->brk[i].id && m->brk[i].temp)
            mon_break_delete(m, m->brk[i].id);
    return 0;
}
