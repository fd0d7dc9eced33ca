/*
 * output.c -- the files impld writes besides the load module: the map and
 * cross-reference listings and the flat core image, each written to a
 * temporary file in the same directory and renamed into place, so an
 * error never leaves a partial file.  "-" writes a listing to stdout.
 *
 * Core image (contracts: --core): byte i of the file is storage address i,
 * from 0 to the end of the program; storage below the origin is zero
 * except, with restart_psw, the restart new PSW at 0:
 *     X'00080000' | entry      EC mode, supervisor, key 0, disabled
 */
#include <string.h>

#include "outfile.h"

#include "ld.h"

int ld_write_atomic(struct diag *d, const char *path,
                    void (*fn)(const struct linker *l, FILE *f), const struct linker *l)
{
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    fn(l, f);
    return outfile_commit(&o, d);
}

int ld_write_core(const struct linker *l, const char *path, int restart_psw)
{
    if (restart_psw && l->origin < 8) {
        diag_error(l->d, "--core: the restart PSW at 0 would overlap the program "
                         "(origin %X); use --no-restart-psw or a higher origin",
                   (unsigned)l->origin);
        return -1;
    }
    struct outfile o;
    FILE *f = outfile_open(&o, path, l->d);
    if (!f)
        return -1;
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
    return outfile_commit(&o, l->d);
}
