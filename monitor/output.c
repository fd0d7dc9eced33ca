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
#include "mon.h"

#include <stdlib.h>

#include "diag.h"
#include "fileset.h"
#include "outfile.h"

/* A diag that reports as mon_error does: "where: error: ..." on m->err. */
static void mon_diag(struct mon *m, struct diag *d)
{
    diag_init(d, m->where ? m->where : "impmon");
    d->out = m->err;
    d->max_errors = 0;
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
    struct diag d;
    struct fileset fs;
    mon_diag(m, &d);
    fflush(m->out);
    fileset_init(&fs, &d);
    int bad = add_inputs(m, &fs) != 0 || fileset_add(&fs, FILE_OUT, path, "the output") != 0;
    fileset_free(&fs);
    FILE *f = bad ? NULL : outfile_open(o, path, &d);
    fflush(m->err);
    if (!f)
        m->errors++;
    return f;
}

int mon_output_commit(struct mon *m, struct outfile *o)
{
    struct diag d;
    mon_diag(m, &d);
    if (outfile_commit(o, &d) == 0)
        return 0;
    fflush(m->err);
    m->errors++;
    return -1;
}
