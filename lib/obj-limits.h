/*
 * obj-limits.h -- limits shared by the object-module writer and reader.
 */
#ifndef IMP_OBJ_LIMITS_H
#define IMP_OBJ_LIMITS_H

/* Limits that keep hostile input from costing unbounded memory or time. */
enum {
    ADDR_LIMIT    = 0x1000000,      /* 24-bit addresses: nothing may end past 16 MiB */
    ID_LIMIT      = 1000000,        /* ESD ids, file numbers, line numbers */
    FILE_LIMIT    = 64 << 20,       /* largest module file read */
    READ_ERR_MAX  = 20,             /* errors reported per file before giving up */
    TXT_PER_LINE  = 32,             /* bytes per TXT record written */
    ORIGIN_ALIGN  = 8,              /* --origin of impld and imprun: a doubleword */
};

/* Shared between the writer and the reader (not part of the public API). */
int obj_name_char(int c);                 /* A-Z 0-9 @ # $ _ */
int obj_path_byte_plain(int c);           /* written as is in a path, not as %XX */
extern const char *const obj_esd_type_names[3];    /* "SD", "LD", "ER" */

#endif
