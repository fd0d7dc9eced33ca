/*
 * cmd.c -- the command table (commands.def) and what reads it: lookup
 * by unique prefix, splitting a line into words, running a line, a
 * script, and `help'.
 */
#include "mon.h"
#include "cmd.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lineread.h"
#include "outfile.h"
#include "slip.h"

static const struct cmd table[] = {
#define MON_CMD(name, fn, cc, args, help) { name, args, help, fn, cc },
#include "commands.def"
#undef MON_CMD
};

const struct cmd *cmd_table(size_t *count)
{
    *count = sizeof table / sizeof table[0];
    return table;
}

const struct cmd *cmd_find(const char *word, char *err, size_t errsize)
{
    size_t n = strlen(word), count = sizeof table / sizeof table[0];
    const struct cmd *found = NULL;
    char list[256] = "";
    size_t used = 0;
    int matches = 0;
    for (size_t i = 0; i < count; i++)
        if (strcmp(table[i].name, word) == 0)
            return &table[i];
    for (size_t i = 0; i < count; i++) {
        if (strlen(table[i].name) < 2 || strncmp(table[i].name, word, n) != 0)
            continue;
        if (found && found->fn == table[i].fn)
            continue;                   /* a synonym of the one found */
        found = &table[i];
        matches++;
        if (used < sizeof list)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "",
                                     table[i].name);
    }
    if (matches == 1)
        return found;
    if (matches > 1) {
        snprintf(err, errsize, "ambiguous command '%s' (%s)", word, list);
        return NULL;
    }
    /* one typing slip away from a command (rnu, brek, uit): name it */
    char names[sizeof table / sizeof table[0]][16], mean[128];
    struct slip_near nn = { { NULL }, 0, 0 };
    for (size_t i = 0; i < count; i++) {
        size_t k = 0;
        for (; table[i].name[k] && k + 1 < sizeof names[i]; k++)
            names[i][k] = (char)toupper((unsigned char)table[i].name[k]);
        names[i][k] = '\0';
        if (k >= 2)
            slip_offer(&nn, word, n, names[i]);
    }
    slip_format(&nn, mean, sizeof mean);
    for (char *p = mean; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (mean[0])
        snprintf(err, errsize, "unknown command '%s'%s", word, mean);
    else
        snprintf(err, errsize, "unknown command '%s' (help lists the commands)", word);
    return NULL;
}

#define MAX_WORDS 32

/* Split line into words at blanks; "quoted words" keep their blanks.
 * The words point into buf.  Returns the count, or -1 if too many. */
static int split(char *buf, char **argv)
{
    int argc = 0;
    char *p = buf;
    for (;;) {
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '\0' || *p == '#')
            return argc;
        if (argc == MAX_WORDS)
            return -1;
        if (*p == '"') {
            argv[argc++] = ++p;
            while (*p && *p != '"')
                p++;
        } else {
            argv[argc++] = p;
            while (*p && !isspace((unsigned char)*p))
                p++;
        }
        if (*p == '\0')
            return argc;
        *p++ = '\0';
    }
}

int cmd_exec(struct mon *m, const char *line)
{
    char buf[1024], *argv[MAX_WORDS + 1];
    if (strlen(line) >= sizeof buf)
        return mon_error(m, "command line longer than %zu characters", sizeof buf - 1);
    strcpy(buf, line);
    int argc = split(buf, argv);
    if (argc < 0)
        return mon_error(m, "more than %d words on a command line", MAX_WORDS);
    if (argc == 0)
        return 0;
    argv[argc] = NULL;
    char err[320];
    const struct cmd *c = cmd_find(argv[0], err, sizeof err);
    if (!c)
        return mon_error(m, "%s", err);
    /* COMMAND ... > FILE: what it prints goes to FILE (any report saved);
       the file is installed only if the command succeeded */
    FILE *saved = NULL;
    struct outfile o;
    if (argc >= 3 && strcmp(argv[argc - 2], ">") == 0) {
        FILE *f = mon_output_open(m, &o, argv[argc - 1]);
        if (!f)
            return -1;
        saved = m->out;
        m->out = f;
        argc -= 2;
        argv[argc] = NULL;
    }
    int rc = c->fn(m, argc, argv);
    fflush(m->out);
    if (saved) {
        m->out = saved;
        if (rc == 0)
            rc = mon_output_commit(m, &o);
        else
            outfile_abort(&o);
    }
    return rc;
}

#define MON_SKIP_LIMIT 16     /* a line's rest skipped: at most this many LINE_LIMITs */

/* Skip what is left of a line the reader stopped at its limit: 0, or -1
 * if reading failed or the line goes on past MON_SKIP_LIMIT MiB (an
 * endless stream such as /dev/zero: the rest is not read). */
static int skip_rest(FILE *f, struct lineread *lr)
{
    char scrap[1];
    for (int k = 0; lr->unended; k++)
        if (k == MON_SKIP_LIMIT || line_read(f, scrap, 0, LINE_LIMIT, lr) == LINE_ERROR)
            return -1;
    return 0;
}

int cmd_source_file(struct mon *m, FILE *f, const char *name)
{
    char line[MON_MAX_LINE + 1], where[512];
    const char *outer = m->where;
    long lineno = 0;
    int bad = 0;
    struct lineread lr;
    enum line_result r = LINE_OK;
    if (m->nsourcing == MON_MAX_SOURCE)
        return mon_error(m, "%s: more than %d scripts open at once", name, MON_MAX_SOURCE);
    m->sourcing[m->nsourcing++] = name;
    while (!m->quit && (r = line_read(f, line, MON_MAX_LINE, LINE_LIMIT, &lr)) == LINE_OK) {
        lineno++;
        line[lr.len] = '\0';
        snprintf(where, sizeof where, "%s:%ld", name, lineno);
        m->where = where;
        if (lr.cut || lr.unended) {
            if (skip_rest(f, &lr) != 0) {
                bad = mon_error(m, "line longer than %d MiB: the rest of %s is not read",
                                MON_SKIP_LIMIT, name);
                break;
            }
            mon_error(m, "line longer than %d characters: not run", MON_MAX_LINE);
            bad = 1;
            continue;
        }
        if (memchr(line, '\0', lr.len)) {
            mon_error(m, "a NUL byte in the line: not run");
            bad = 1;
            continue;
        }
        if (m->opt.echo && line[0])
            fprintf(m->out, "> %s\n", line);
        if (cmd_exec(m, line) != 0)
            bad = 1;
    }
    if (r == LINE_ERROR || ferror(f))
        bad = mon_error(m, "%s: cannot read: %s", name, strerror(errno ? errno : EIO));
    m->where = outer;
    m->nsourcing--;
    return bad ? -1 : 0;
}

/* ---- help ----------------------------------------------------------------------- */

static void help_one(struct mon *m, const struct cmd *c)
{
    fprintf(m->out, "%s %s\n    %s\n", c->name, c->args, c->help);
}

int cmd_help(struct mon *m, int argc, char **argv)
{
    size_t count = sizeof table / sizeof table[0];
    if (argc > 2)
        return mon_error(m, "help takes at most one command");
    if (argc == 2) {
        char err[320];
        const struct cmd *c = cmd_find(argv[1], err, sizeof err);
        if (!c)
            return mon_error(m, "%s", err);
        help_one(m, c);
        return 0;
    }
    for (size_t i = 0; i < count; i++) {
        char head[80];
        snprintf(head, sizeof head, "%s %s", table[i].name, table[i].args);
        if (strlen(head) > 30)
            fprintf(m->out, "  %s\n  %-30s %s\n", head, "", table[i].help);
        else
            fprintf(m->out, "  %-30s %s\n", head, table[i].help);
    }
    fprintf(m->out, "Commands may be abbreviated to a unique prefix; COMMAND ... > FILE\n"
                    "writes what a command prints to FILE.\n");
    return 0;
}
