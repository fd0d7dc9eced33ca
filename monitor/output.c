/*
 * output.c -- the files impmon's commands write (`save FILE',
 * `COMMAND ... > FILE'), through lib/'s output module as every IMP tool
 * writes its outputs: a regular file is replaced only once the whole
 * output is written; a FIFO or device is written in place, never
 * replaced by a regular file; a directory is refused.
 *
 * Before anything is opened, the same-file check of the other tools
 * (fileset.h) refuses an output that is one of impmon's inputs under any
 * name: the program files named to load, the load modules the machine
 * was loaded from, the sources those modules were assembled from, and
 * the scripts being read.
 */
#define _GNU_SOURCE
#include "mon.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fileset.h"
#include "outfile.h"

/* A diag whose messages are collected in memory, to be passed on by
 * relay() as mon_error's. */
struct mon_diag {
    struct diag d;
    char *text;
    size_t len;
};

static int mon_diag_open(struct mon_diag *md)
{
    diag_init(&md->d, "impmon");
    md->d.max_errors = 0;
    md->text = NULL;
    md->len = 0;
    md->d.out = open_memstream(&md->text, &md->len);
    return md->d.out ? 0 : -1;
}

/* Each "NAME: error: MESSAGE" line as "where: error: NAME: MESSAGE"
 * (the NAME "impmon" left out), counted; the number of lines. */
static int relay(struct mon *m, struct mon_diag *md)
{
    int n = 0;
    fclose(md->d.out);
    for (char *line = md->text, *next; line && *line; line = next) {
        next = line + strcspn(line, "\n");
        if (*next)
            *next++ = '\0';
        char *e = strstr(line, ": error: ");
        if (!e) {
            mon_error(m, "%s", line);
        } else {
            *e = '\0';
            int own = strcmp(line, "impmon") == 0;
            mon_error(m, "%s%s%s", own ? "" : line, own ? "" : ": ", e + 9);
        }
        n++;
    }
    free(md->text);
    return n;
}

/* Every input of m into fs; -1 if out names one of them (reported). */
static int add_inputs(struct mon *m, struct fileset *fs)
{
    for (int k = 0; k < VM_MAX_TASKS; k++) {
        if (m->prog[k] && fileset_add(fs, FILE_IN, m->prog[k], "the program") != 0)
            return -1;
        if (m->load[k] && fileset_add(fs, FILE_IN, m->load[k], "the load module") != 0)
            return -1;
    }
    for (int k = 0; m->loaded && k < m->o.ntasks; k++) {
        const struct obj_module *mod = m->r.tk[k].syms.m;
        for (size_t i = 0; mod && i < mod->nfiles; i++)
            if (fileset_add(fs, FILE_IN, mod->files[i], "the source") != 0)
                return -1;
    }
    for (int i = 0; i < m->nsourcing; i++)
        if (fileset_add(fs, FILE_IN, m->sourcing[i], "the script") != 0)
            return -1;
    return 0;
}

FILE *mon_output_open(struct mon *m, struct outfile *o, const char *path)
{
    struct mon_diag md;
    struct fileset fs;
    if (mon_diag_open(&md) != 0) {
        mon_error(m, "out of memory");
        return NULL;
    }
    fflush(m->out);
    fileset_init(&fs, &md.d);
    int bad = add_inputs(m, &fs) != 0 || fileset_add(&fs, FILE_OUT, path, "the output") != 0;
    fileset_free(&fs);
    FILE *f = bad ? NULL : outfile_open(o, path, &md.d);
    if (relay(m, &md) == 0 && !f)
        mon_error(m, "cannot write '%s'", path);
    return f;
}

int mon_output_commit(struct mon *m, struct outfile *o)
{
    struct mon_diag md;
    if (mon_diag_open(&md) != 0) {
        outfile_abort(o);
        return mon_error(m, "out of memory");
    }
    int rc = outfile_commit(o, &md.d);
    if (relay(m, &md) == 0 && rc != 0)
        mon_error(m, "cannot write '%s'", o->path);
    return rc != 0 ? -1 : 0;
}
