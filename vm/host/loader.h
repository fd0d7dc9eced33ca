/*
 * loader.h -- turning a load module or a core image into storage contents.
 *
 * A load module (IMPLOAD, lib/obj.h) is placed either at the addresses it
 * was linked for or, with an explicit origin, moved there: every TXT
 * record shifts by delta = new origin - link origin, and every RLD field
 * gets delta added (subtracted for RLD_NEG), truncated to its length, as
 * a relocating loader does.  The result is one flat image of bytes
 * [base, base + len), zero where no TXT record says otherwise, that the
 * caller copies into the machine's storage.
 *
 * A core image is a file whose byte i is storage address i (impld --core).
 */
#ifndef IMP_VM_LOADER_H
#define IMP_VM_LOADER_H

#include <stddef.h>
#include <stdint.h>

#include "obj.h"

#define LOADER_AT_LINK UINT32_MAX       /* origin: where the module was linked */

struct load_image {
    uint32_t base;          /* storage address of data[0] */
    uint32_t len;           /* bytes in data */
    uint8_t *data;          /* malloc'd; zero-filled gaps */
    uint32_t link_origin;   /* lowest section address as linked */
    int64_t delta;          /* load address - link address */
    uint32_t entry;         /* entry point after relocation */
};

/*
 * Place module m at origin (or LOADER_AT_LINK) for a storage of
 * storage_size bytes.  Returns 0, or -1 with a message in err (the
 * image is then empty).  Errors: a module with no sections, an image
 * that would not fit in storage or in 24 bits, an RLD field outside the
 * text, no entry point and no section to start at.
 */
int loader_place(const struct obj_module *m, uint32_t origin, uint32_t storage_size,
                 struct load_image *img, char *err, size_t errsize);

/*
 * Read a core image file.  Returns 0 with img->base 0, or -1 with a
 * message in err: unreadable, empty, or larger than storage_size.
 */
int loader_read_core(const char *path, uint32_t storage_size, struct load_image *img,
                     char *err, size_t errsize);

void loader_free(struct load_image *img);

#endif
