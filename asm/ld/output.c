/*
 * output.c -- the files impld writes: the load module, the map and
 * cross-reference listings and the flat core image.  They go through
 * outfile.h (temporary files renamed into place; devices, FIFOs and "-"
 * written directly) and are committed all or none, so an error never
 * leaves a partial file or a set of files from two different links.
 *
 * Core image (contracts: --core): byte i of the file is storage address i,
 * from 0 to the end of the program; storage below the origin is zero
 * except, with restart_psw, the restart new PSW at 0:
 *     X'00080000' | entry      EC mode, supervisor, key 0, disabled
 */
#include <string.h>

#include "outfile.h"

#include "ld.h"

static void write_core(const struct linker *l, FILE *f, int restart_psw)
{
    uint8_t low[256] = { 0 };
    if (restart_psw) {
        low[1] = 0x08;
        low[5] = (uint8_t)(l->entry >> 16);
        low[6] = (uint8_t)(l->entry >> 8);
        low[7] = (uint8_t)l->entry;
    }
    for (uint32_t a = 0; a < l->origin;) {
        uint32_t n = l->origin - a < sizeof low ? l->origin - a : (uint32_t)sizeof low;
        fwrite(low, 1, n, f);
        if (a == 0)
            memset(low, 0, 8);
        a += n;
    }
    fwrite(l->image, 1, l->end - l->origin, f);
}

int ld_write_outputs(const struct linker *l, const struct ld_outputs *o)
{
    if (o->core && o->restart_psw && l->origin < 8) {
        diag_error(l->d, "--core: the restart PSW at 0 would overlap the program "
                         "(origin %X); use --no-restart-psw or a higher origin",
                   (unsigned)l->origin);
        return -1;
    }
    enum { OUT, MAP, XREF, CORE, N };
    const char *path[N] = { o->out, o->map, o->xref, o->core };
    struct outfile of[N];
    struct outfile *all[N] = { NULL };
    for (int i = 0; i < N; i++) {
        if (!path[i])
            continue;
        if (!outfile_open(&of[i], path[i], l->d)) {
            for (int k = 0; k < i; k++)
                if (all[k])
                    outfile_abort(all[k]);
            return -1;
        }
        all[i] = &of[i];
    }
    int bad = obj_write_stream(&l->out, of[OUT].f) != 0 && !ferror(of[OUT].f);
    if (all[MAP])
        ld_write_map(l, of[MAP].f);
    if (all[XREF])
        ld_write_xref(l, of[XREF].f);
    if (all[CORE])
        write_core(l, of[CORE].f, o->restart_psw);
    if (bad) {
        diag_error(l->d, "out of memory");
        for (int i = 0; i < N; i++)
            if (all[i])
                outfile_abort(all[i]);
        return -1;
    }
    return outfile_commit_all(all, N, l->d);     /* write errors are found here */
}
