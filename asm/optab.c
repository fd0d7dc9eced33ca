/*
 * optab.c -- the operation table: a hash index over the instruction table
 * of lib/isa.def (instructions and extended branch mnemonics) and the
 * assembler's directives, so the scanner finds an operation in O(1).  It
 * holds pointers into isa_table/isa_ext_table; nothing is copied.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"
#include "slip.h"

static const struct { const char *name; enum dir_code dir; int noops; } directives[] = {
    { "CSECT", D_CSECT, 1 }, { "DSECT", D_DSECT, 1 }, { "START", D_START, 0 },
    { "END", D_END, 0 },     { "ENTRY", D_ENTRY, 0 }, { "EXTRN", D_EXTRN, 0 },
    { "WXTRN", D_WXTRN, 0 }, { "DC", D_DC, 0 },       { "DS", D_DS, 0 },
    { "EQU", D_EQU, 0 },     { "ORG", D_ORG, 0 },     { "LTORG", D_LTORG, 1 },
    { "USING", D_USING, 0 }, { "DROP", D_DROP, 0 },   { "CNOP", D_CNOP, 0 },
    { "COPY", D_COPY, 0 },   { "TITLE", D_TITLE, 0 }, { "SPACE", D_SPACE, 0 },
    { "EJECT", D_EJECT, 1 }, { "PRINT", D_PRINT, 0 }, { "AMODE", D_AMODE, 0 },
    { "RMODE", D_RMODE, 0 },
};

#define OPTAB_SIZE 1024     /* power of two, > 2 * entries */

struct optab {
    struct opent ent[OPTAB_SIZE / 2];       /* the instructions, directives, OPSYNs */
    int n;
    short slot[OPTAB_SIZE];  /* index+1 into ent, 0 empty */
};

/* ASCII upper case (operation names are ASCII; impas runs in the C locale). */
static unsigned char upper(char c)
{
    return (unsigned char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
}

static unsigned hash_upper(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ upper(s[i])) * 16777619u;
    return h;
}

static int insert(struct optab *t, struct opent e)
{
    if (t->n >= (int)(sizeof t->ent / sizeof t->ent[0]))
        return -1;
    e.len = (unsigned char)strlen(e.name);
    unsigned h = hash_upper(e.name, e.len) & (OPTAB_SIZE - 1);
    while (t->slot[h])
        h = (h + 1) & (OPTAB_SIZE - 1);
    t->ent[t->n] = e;
    t->slot[h] = (short)++t->n;
    return 0;
}

void optab_remove(struct optab *t, const char *name, size_t n)
{
    const struct opent *e;
    while ((e = optab_find(t, name, n)) != NULL)
        t->ent[e - t->ent].gone = 1;
}

int optab_alias(struct optab *t, const char *name, const struct opent *old)
{
    struct opent e = *old;
    e.name = name;
    e.gone = 0;
    optab_remove(t, name, strlen(name));
    return insert(t, e);
}

struct optab *optab_new(void)
{
    struct optab *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    for (size_t i = 0; i < isa_count; i++)
        insert(t, (struct opent){ .name = isa_table[i].name, .kind = OPK_INSN,
                                  .insn = &isa_table[i], .mask = -1 });
    for (size_t i = 0; i < isa_ext_count; i++)
        insert(t, (struct opent){ .name = isa_ext_table[i].name, .kind = OPK_EXT,
                                  .insn = isa_ext_table[i].base, .mask = isa_ext_table[i].mask });
    for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++)
        insert(t, (struct opent){ .name = directives[i].name, .kind = OPK_DIR,
                                  .dir = directives[i].dir, .noops = directives[i].noops,
                                  .mask = -1 });
    return t;
}

void optab_free(struct optab *t) { free(t); }

/*
 * Macro instructions of IBM's libraries that students type from habit.
 * IMP's macro library (asm/maclib) has most of them; when a name is not
 * found there (no library, or a macro IMP lacks) it gets one message
 * saying so and what to write instead.  kind 1: a register-equate macro (the statement still
 * defines R0-R15, so that one error is all the source gets).
 */
static const struct macro_hint macros[] = {
    { "SAVE", 0, "SAVE is a macro not found in the macro libraries: save the caller's "
                 "registers with  STM 14,12,12(13)" },
    { "RETURN", 0, "RETURN is a macro not found in the macro libraries: write  L 13,4(,13)  "
                   "(if you chained save areas),  LM 14,12,12(13),  SR 15,15  (or LA 15,rc),  "
                   "BR 14" },
    { "YREGS", 1, "YREGS is a macro not found in the macro libraries: write  COPY REGS  "
                  "(R0 EQU 0 ... R15 EQU 15, a member of IMP's runtime)" },
    { "EQUREGS", 1, "EQUREGS is a macro not found in the macro libraries: write  COPY REGS  "
                    "(R0 EQU 0 ... R15 EQU 15, a member of IMP's runtime)" },
    { "REGEQU", 1, "REGEQU is a macro not found in the macro libraries: write  COPY REGS  "
                   "(R0 EQU 0 ... R15 EQU 15, a member of IMP's runtime)" },
    { "WTO", 0, "WTO is a macro not found in the macro libraries: write a line with the host "
                "service  DIAG 2,3,X'008'  (R2 -> text, R3 = its length; COPY IMPSVC: "
                "HS_PUTLINE)" },
    { "ABEND", 0, "ABEND is a macro not found in the macro libraries: end the program with  "
                  "DIAG 1,0,X'000'  (R1 = return code; COPY IMPSVC: HS_EXIT), or force a "
                  "program check with  DC H'0'" },
    { "CALL", 0, "CALL is a macro not found in the macro libraries: write  L 15,=V(name),  "
                 "LA 1,parameter-list,  BALR 14,15" },
    { "STORAGE", 0, "STORAGE is not in IMP's macro library: get storage with  GETMAIN R,LV=n  "
                    "and give it back with  FREEMAIN R,LV=n,A=(1),  or reserve it with DS" },
    { "GETMAIN", 0, "GETMAIN is a macro not found in the macro libraries: the GETMAIN service "
                    "is  SVC 4  (R0 = length; R1 <- address), or reserve the storage with DS" },
    { "FREEMAIN", 0, "FREEMAIN is a macro not found in the macro libraries: the FREEMAIN "
                     "service is  SVC 5  (R1 = address, R0 = length)" },
    { "OPEN", 0, "OPEN is a macro not found in the macro libraries: open a file with  "
                 "DIAG 1,0,X'020'  (R1 -> file control block; COPY IMPSVC, COPY IMPFCB)" },
    { "CLOSE", 0, "CLOSE is a macro not found in the macro libraries: close a file with  "
                  "DIAG 1,0,X'024'  (R1 -> file control block; COPY IMPSVC, COPY IMPFCB)" },
    { "GET", 0, "GET is a macro not found in the macro libraries: read a record with  "
                "DIAG 1,0,X'028'  (R1 -> file control block; COPY IMPSVC, COPY IMPFCB)" },
    { "PUT", 0, "PUT is a macro not found in the macro libraries: write a record with  "
                "DIAG 1,0,X'02C'  (R1 -> file control block; COPY IMPSVC, COPY IMPFCB)" },
    { "DCB", 0, "DCB is a macro not found in the macro libraries: describe a file with a "
                "28-byte file control block (COPY IMPFCB shows its layout; imp(7))" },
};

const struct macro_hint *optab_macro(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof macros / sizeof macros[0]; i++) {
        const char *m = macros[i].name;
        size_t k = 0;
        while (k < n && m[k] && toupper((unsigned char)name[k]) == m[k])
            k++;
        if (k == n && !m[k])
            return &macros[i];
    }
    return NULL;
}

static const struct later_insn later[] = {
#define LATER(mn, arch, use) { #mn, arch, use },
#include "later.def"
};

const struct later_insn *optab_later(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof later / sizeof later[0]; i++)
        if (strlen(later[i].name) == n && strncasecmp(later[i].name, name, n) == 0)
            return &later[i];
    return NULL;
}

/* The groups of absent.def: what each is, and what a program does instead. */
#define ABSENT_FLOAT  "floating-point", "IMP has no floating point: compute in binary " \
                      "(fullwords) or in packed decimal (AP, MP, DP, SRP)"
#define ABSENT_IO     "channel I/O", "IMP has no channels: files and the console are " \
                      "host services (COPY IMPSVC: SVC SV_OPEN, SV_GET, SV_PUTREC, SV_PUTLINE)"
#define ABSENT_KEYS   "storage-key or translation", "IMP's loader sets the storage keys " \
                      "and its paging is below the architecture: programs do not manage them"
#define ABSENT_SPACES "dual-address-space", "IMP has one address space: use MVC or MVCL"
#define ABSENT_MP     "multiprocessing", "IMP has one processor"
#define ABSENT_MOVE   "move-inverse", "reverse the bytes with a loop of IC and STC (or TR " \
                      "with a table)"

static const struct absent_insn absent[] = {
#define ABSENT(mn, group) { #mn, ABSENT_##group },
#include "absent.def"
};

const struct absent_insn *optab_absent(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++)
        if (strlen(absent[i].name) == n && strncasecmp(absent[i].name, name, n) == 0)
            return &absent[i];
    return NULL;
}

const struct opent *optab_find(const struct optab *t, const char *name, size_t n)
{
    if (n == 0 || n > 8)
        return NULL;
    unsigned h = hash_upper(name, n) & (OPTAB_SIZE - 1);
    while (t->slot[h]) {
        const struct opent *e = &t->ent[t->slot[h] - 1];
        if (e->len == n && !e->gone) {
            size_t i = 0;
            while (i < n && upper(name[i]) == (unsigned char)e->name[i])
                i++;
            if (i == n)
                return e;
        }
        h = (h + 1) & (OPTAB_SIZE - 1);
    }
    return NULL;
}

void optab_near(const struct optab *t, const char *name, size_t n, struct slip_near *nn)
{
    for (int i = 0; i < t->n; i++)
        if (!t->ent[i].gone)
            slip_offer(nn, name, n, t->ent[i].name);
}
