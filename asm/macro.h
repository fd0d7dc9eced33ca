/*
 * macro.h -- the macro processor's data model, shared by macro.c (calls,
 * expansion, open code), macdef.c (definitions, libraries, OPSYN),
 * macfields.c (a statement's fields, parameters), lookahead.c (ordinary
 * symbols' attributes), setsym.c (SET symbols, substitution, conditional
 * assembly statements) and caexpr.c (their expressions).
 *
 * A macro definition is a prototype and a body of model statements kept
 * as text (the logical lines, continuations joined).  A call binds the
 * prototype's parameters to the call's operands (struct inv) and walks the
 * body: conditional assembly statements (SETx, AIF, AGO, ...) are executed,
 * the others have their variable symbols substituted and become statements
 * of their own, marked as generated (stmt_more.exp), or calls of further
 * macros.  Open code is one more invocation without parameters.
 */
#ifndef IMP_ASM_MACRO_H
#define IMP_ASM_MACRO_H

#include "internal.h"
#include "libdir.h"

#include <ctype.h>

#define MAC_DEPTH    100     /* nested macro calls (recursion without end stops here) */
#define MAC_ACTR     4096    /* branches (AIF, AGO) per invocation, unless ACTR says */
#define MAC_TEXT     4096    /* a generated statement or character value, bytes */
#define MAC_HASH     512     /* macro name table buckets */
#define MAC_STEPS    2000000L   /* model statements processed in all (a runaway stops) */
#define MAC_TEXTMAX  (64L << 20) /* bytes of generated text and SET values, in all */
#define MAC_BRANCHES 1000000L   /* open-code branches (AIF, AGO) in all, whatever ACTR says */

/* The fields of a statement: name, operation, operands (each ptr, len, column). */
struct fields {
    const char *name, *op, *opnd;
    int nlen, oplen, opndlen;
    int ncol, opcol, opndcol;
};

struct mline {                  /* one model statement */
    const char *text;           /* logical text (len 0: a comment) */
    int len;
    int file, line;             /* where it is written */
    struct fields f;            /* its fields, found once */
    int op;                     /* enum ca_op of its operation */
    int comment;                /* a '*' comment: generated as it is */
    int depth;                  /* 0: the macro's own; 1...: an inner definition's */
};

struct parm {
    const char *name;           /* without &, upper case */
    const char *def;            /* keyword: the default; positional: NULL */
};

struct macdef {
    const char *name;           /* upper case */
    const char *namep;          /* the name-field parameter, or NULL */
    struct parm *parms;
    int nparms, npos;           /* all; positional ones (first) */
    struct mline *body;
    int nbody, capbody;
    int file, line;             /* the prototype */
    int broken;                 /* the prototype has errors: calls are reported, not expanded */
    struct macdef *next;        /* hash chain */
};

struct setvar {                 /* a SET symbol; scalars have dim 0 and one value */
    const char *name;           /* without &, upper case */
    char type;                  /* 'A', 'B', 'C' */
    int dim;                    /* declared dimension, 0 for a scalar */
    int n;                      /* values held (n >= 1) */
    int64_t *a;                 /* A and B values */
    char **c;                   /* C values (malloc'ed) */
    struct setvar *next;
};

struct binding {                /* a name declared in a scope (LCLx: own; GBLx: the global) */
    struct setvar *v;
    int owned;
    struct binding *next;
};

/* One invocation of a macro (m NULL: open code). */
struct inv {
    const struct macdef *m;
    const char **val;           /* parameter values, by m->parms index */
    const char **pos;           /* &SYSLIST(0..npos) (0: the name field) */
    int npos;
    char ndx[12];               /* &SYSNDX */
    char sysect[SYM_MAX + 1];   /* &SYSECT: the section at the call, for all the expansion */
    struct binding *vars;
    int actr;
    const struct mexp *frame;   /* NULL in open code */
    int depth;
    /* the statement being executed, for diagnostics */
    const char *text;
    int len, file, line;
    int si;                     /* its statement, or -1 (made when a message needs one) */
    int jumpcol;                /* the column of the sequence symbol of its branch */
};

struct macproc {
    struct macdef *tab[MAC_HASH];
    struct binding *globals;    /* every global SET symbol (owned) */
    struct inv open;            /* open code */
    int sysndx;
    char sysect[SYM_MAX + 1];
    char date[9], time[6];
    /* a definition being read in open code (def.m not NULL) */
    struct defreader {
        struct macdef *m;
        int depth;              /* inner definitions open */
        int proto;              /* the prototype has been read */
        int bad;
        struct nameset seqs;    /* the macro's own sequence symbols so far (upper case) */
    } def;
    int defstmt;                /* its MACRO statement */
    /* sequence symbols of open code, and a forward AGO being followed */
    struct oseq {
        const char *name;       /* upper case */
        int file, line;
        size_t prev;            /* the one of the same name seen before it, + 1; 0: none */
    } *oseqs;
    size_t noseqs, caposeqs;
    /* by name: the last of each name seen, its index + 1 (open addressing,
       a power of two long, at most half full); a second one of a name
       elsewhere is an error */
    size_t *oseqhash, oseqhcap;
    char skipto[SYM_MAX + 2];
    int skipstmt, skipcol;      /* the branch's statement and its sequence symbol */
    int skipdepth;              /* macro definitions open in the statements skipped */
    struct nameset missing;     /* names looked for in the libraries and not found */
    struct libdirs libs;        /* the library folders, listed */
    struct arena tmp;           /* values of the statement being executed */
    int *symslot;               /* ordinary symbols defined so far: statement index + 1 */
    size_t symcap, nsym, indexed;   /* by name (mac_symattr); statements indexed */
    int attrdepth;                  /* EQUs followed to a length (a circle stops) */
    long attrwork;                  /* symbols looked up for one attribute (bounded) */
    int64_t symval;                 /* the last symbol looked up: an absolute EQU's value */
    int symval_ok;                  /* (if it could be known before pass 1) */
    int want_val;                   /* the next lookup wants that value, not the length */
    int aside;                      /* statements parsed for lookahead are in as->stmts */
    long steps, maxsteps;       /* model statements processed, and the limit */
    int stopped;                /* the limit was reached: no more expansion */
    long textbytes, setbytes;   /* generated text made, SET symbol values held */
    long maxtext;               /* their budget */
    long branches, maxbranches; /* open-code branches taken, and the limit */
    int replay;                 /* open code went back (AGO): its statements count as steps */
    int cur_fi, *cur_li;        /* the open code being read: its file, next line */
    struct ahead {              /* the names in the name fields of a file, by line */
        const char **names;     /* upper case; open addressing, NULL empty */
        int *lines;
        size_t cap;             /* 0: not indexed yet */
    } *ahead;                   /* by file index */
    size_t nahead;
    int rd_fi, *rd_li;          /* AREAD: the open-code file and its next line (rd_li NULL:
                                   no macro called from open code is being expanded) */
};

/* A character of a symbol: letters, digits, _ $ # @. */
static inline int mac_is_symch(int c)
{
    return isalnum(c) || c == '_' || c == '$' || c == '#' || c == '@';
}

/* FNV-1a of s[0, n) in upper case. */
static inline unsigned mac_hash(const char *s, size_t n)
{
    unsigned h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned)toupper((unsigned char)s[i])) * 16777619u;
    return h;
}

/* a[0, n) spelled as the upper-case name upper, in any case. */
static inline int mac_same_name(const char *a, size_t n, const char *upper)
{
    size_t i = 0;
    for (; i < n; i++)
        if (toupper((unsigned char)a[i]) != (unsigned char)upper[i] || !upper[i])
            return 0;
    return upper[i] == '\0';
}

/* macfields.c */
void mac_fields(const char *t, int len, struct fields *f);
/* The name and operation fields of t; the operands start at f->opndcol, their
   length is not known yet (mac_fields_operands). */
void mac_fields_head(const char *t, int len, struct fields *f);
/* The operands of t, after mac_fields_head: they end at a blank outside quotes and
   parentheses. */
void mac_fields_operands(const char *t, int len, struct fields *f);
/* The end of the operand starting at t[i] (a comma, blank or the end outside quotes and
   parentheses); quotes of attribute references (L'X) do not open strings. */
int mac_operand_end(const char *t, int len, int i, int stop_blank);
int mac_operand_open(const char *t, int e, int i);

/* setsym.c */
struct setvar *set_find(struct macproc *mp, struct inv *v, const char *name, size_t n);
void set_free_bindings(struct macproc *mp, struct binding *b);
/* Substitute the variable symbols of t[0,len) into out (MAC_TEXT bytes): its length,
   or -1 (reported).  In open code (v->m NULL) an unknown &X stays as written. */
int set_subst(struct assembler *as, struct inv *v, const char *t, int len, char *out, int col0);
/* Execute the conditional assembly statement f (opcode code): 0, or -1 to stop the
   invocation (MEXIT, ACTR); *jump gets a sequence symbol to go to, or "". */
enum ca_op { CA_NONE, CA_LCLA, CA_LCLB, CA_LCLC, CA_GBLA, CA_GBLB, CA_GBLC, CA_SETA,
             CA_SETB, CA_SETC, CA_AIF, CA_AGO, CA_ANOP, CA_ACTR, CA_MNOTE, CA_MEXIT,
             CA_MACRO, CA_MEND, CA_AREAD, CA_SETAF, CA_SETCF };
enum ca_op ca_lookup(const char *op, int n);
int ca_exec(struct assembler *as, struct inv *v, enum ca_op op, const struct fields *f,
            char *jump);
void ca_error(struct assembler *as, struct inv *v, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The value of parameter name (n bytes) of v, or NULL if v has none of that name. */
const char *mac_param(const struct inv *v, const char *name, size_t n);
/* Element k (1-based) of a sublist value "(a,b,c)" into out; its count if k is 0. */
int mac_sublist(const char *val, int k, const char **out, int *olen);

/* lookahead.c */
/* The type and length attributes of ordinary symbol name: 0 if known.  Defined before
   this point, or with ahead, later in the open code being read (HLASM's lookahead). */
int mac_symattr(struct assembler *as, const char *name, size_t n, char *type, int64_t *len,
                int ahead);

/* macdef.c */
struct macdef *mac_find(struct macproc *mp, const char *name, size_t n);
/* Feed one logical line of a definition being read; 1 when it is complete (and defined). */
void mac_def_drop(struct defreader *d);
int mac_def_feed(struct assembler *as, struct defreader *d, const char *t, int len, int file,
                 int line, int errsi);
/* The macro name (n bytes) from the libraries, or NULL; errors go to statement si. */
struct macdef *mac_lib_find(struct assembler *as, const char *name, size_t n, int si);
/* Whether a macro library has a member for macro name (it is not read). */
int mac_lib_has(struct assembler *as, const char *name, size_t n);
int mac_is_opsyn(const struct fields *f);
/* NEW OPSYN OLD (or NEW OPSYN: delete NEW), statement si. */
void mac_opsyn(struct assembler *as, int si, const struct fields *f);
/* s[0, n) upper-cased, in the assembly's arena. */
char *mac_upper_dup(struct assembler *as, const char *s, int n);

#endif
