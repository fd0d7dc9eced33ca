/*
 * services.h -- host services: what DIAGNOSE X'83' does on IMP.
 *
 *   DIAG  R1,R3,code          RS format, supervisor state
 *
 * The function code is the effective address D2(B2); R1 and R3 name the
 * registers that carry the parameters (as VM/370's DIAGNOSE Rx,Ry,code).
 * The machine's DIAGNOSE microcode hands the code and the two register
 * contents to svc_call(), which does the work against guest storage
 * through a small access interface (struct svc_storage), so this file
 * knows nothing of the VM and is unit-tested on a plain byte array.
 *
 * Function codes (one table, SVC_FUNCS below, is the single source):
 *
 *   000 EXIT     end the program; return code = (R1)
 *   008 PUTLINE  write (R3) bytes at (R1) to the console, EBCDIC -> host, newline
 *   00C PUT      the same without the newline
 *   010 GETLINE  read a console line into (R1), at most (R3) bytes, host -> EBCDIC;
 *                R3 <- length; CC0 ok, CC1 end of file (R3 = 0), CC2 truncated,
 *                CC3 read error
 *   014 PUTDEC   write (R1) as a signed decimal number
 *   018 PUTHEX   write (R1) as 8 hexadecimal digits
 *   020 OPEN     (R1) = FCB; CC0 ok, CC3 failed
 *   024 CLOSE    (R1) = FCB; CC0 ok, CC3 not open
 *   028 GET      next record into the FCB buffer; CC0 ok, CC1 end of file,
 *                CC2 text line truncated to the buffer, CC3 error
 *   02C PUTREC   write a record from the FCB buffer; CC0 ok, CC3 error
 *   030 ABEND    end abnormally with completion code (R1)
 *   034 GETMAIN  R1 <- address of (R3) bytes of the region; CC0; no room:
 *                ends the program with S80A (MVS's GETMAIN R), CC3 for 0 bytes
 *   038 FREEMAIN give back (R3) bytes at (R1); CC0, CC3 not an area got
 *   03C TIME     R1 <- cycle count bits 32-63, R3 <- bits 0-31
 *   040 SUPER    (SVC only) continue in the supervisor or problem state
 *   100 SVCDISP  the nucleus's SVC dispatch (the host serves it)
 *
 * SVC numbers (the nucleus, imp(7)): each function but SVCDISP has one
 * (SVC_FUNCS); the SVC takes GR1 for R1 (GR15 for EXIT) and GR0 for R3.
 *
 * File control block (28 bytes, fullword aligned, big-endian words):
 *
 *   +0  CL8  name      EBCDIC, blank padded; bound by --file NAME=PATH
 *   +8  F    mode      0 text in, 1 text out, 2 binary in, 3 binary out
 *   +12 F    handle    set by OPEN, cleared by CLOSE
 *   +16 A    buffer    address of the record buffer
 *   +20 F    buflen    buffer length in bytes
 *   +24 F    reclen    record length: set by GET, read by PUTREC
 *
 * Errors: an unknown function code, an FCB that is not on a fullword
 * boundary, and an operand (text, buffer, FCB) that does not lie wholly
 * inside storage are specification exceptions (0006); an operand the
 * caller's key may not reach (the storage callbacks return 4) is a
 * protection exception (0004): the instruction is suppressed and nothing
 * is transferred.  Everything else that can go wrong with a
 * file (unbound name, open failure, bad mode, bad handle, record longer
 * than its buffer, host I/O error) sets CC3.
 *
 * Lines: a text line (GETLINE, GET in text mode) is read with the bounded
 * reader of lineread.h: a line longer than LINE_LIMIT (1 MiB) is cut
 * there (CC2) and its rest is read as the next line, so a call never
 * waits on an endless line.
 *
 * Quotas: the guest may write at most max_console bytes to the console
 * (files bound to "-" included) and max_files bytes to bound files, in
 * all, per run.  The write that would pass a quota is not done: the call
 * ends with SVC_FAILED and limit_hit says which quota (the run stops).
 *
 * Cost: every call costs SVC_BASE_CYCLES(code) plus SVC_BYTE_CYCLES per
 * byte moved between guest storage and the host (for text input, per
 * byte read from the host, dropped bytes included), in machine cycles.
 */
#ifndef IMP_VM_SERVICES_H
#define IMP_VM_SERVICES_H

#include <stdint.h>
#include <stdio.h>

/* code, SVC number, name, base cycles, what (imp(7)'s table of host
 * services is generated from these rows; the IMPSVC labels are HS_name for
 * the function code and SV_name for the SVC number).  SVC number 0: DIAGNOSE
 * only; function code 0x100 is the nucleus's SVC dispatch (imp(7), "The
 * problem-state environment") and SUPER is reached only through its SVC. */
#define SVC_FUNCS(X)                                                                    \
    X(0x000, 3,   EXIT,    20,  "end the program; return code = (R1) (SVC: GR15)")        \
    X(0x008, 35,  PUTLINE, 50,  "write (R3) bytes at address (R1) to the console, then a "    \
                                "newline")                                              \
    X(0x00C, 36,  PUT,     50,  "the same without the newline")                         \
    X(0x010, 37,  GETLINE, 100, "read a console line into (R1), at most (R3) bytes; "    \
                                "R3 <- length; CC 0 ok, 1 end of file (R3 = 0), 2 line " \
                                "truncated")                                            \
    X(0x014, 38,  PUTDEC,  50,  "write (R1) as a signed decimal number")                \
    X(0x018, 39,  PUTHEX,  50,  "write (R1) as 8 hexadecimal digits")                   \
    X(0x020, 19,  OPEN,    500, "open the FCB at (R1); CC 0 ok, 3 failed")              \
    X(0x024, 20,  CLOSE,   200, "close the FCB at (R1)")                                \
    X(0x028, 21,  GET,     100, "read the next record into the FCB's buffer; CC 0 ok, "  \
                                "1 end of file, 3 error")                               \
    X(0x02C, 22,  PUTREC,  100, "write a record from the FCB's buffer; CC 0 ok, 3 error") \
    X(0x030, 13,  ABEND,   50,  "end the program abnormally; (R1) bits 8-19 system, "    \
                                "20-31 user completion code")                           \
    X(0x034, 4,   GETMAIN, 100, "(R1) <- address of (R3) bytes of the region, doubleword " \
                                "aligned; CC 0; no room: abend S80A; 0 bytes: CC 3, R1 = 0") \
    X(0x038, 5,   FREEMAIN,100, "give back the (R3) bytes at (R1) got by GETMAIN; CC 0 "  \
                                "ok, 3 not an area got")                                \
    X(0x03C, 11,  TIME,    20,  "(R1) <- virtual time in cycles, low word; (R3) <- high " \
                                "word (16 cycles a microsecond)")                       \
    X(0x040, 250, SUPER,   50,  "SVC only: return in the supervisor state with key 0 "   \
                                "(R1 = 0) or in the problem state with the program's "  \
                                "key (R1 = 1)")                                         \
    X(0x100, 0,   SVCDISP, 30,  "the nucleus's SVC dispatch: serve the SVC whose number " \
                                "is at X'8A' for the program interrupted at X'20'")

enum svc_code {
#define X(code, svc, name, base, what) SVC_##name = code,
    SVC_FUNCS(X)
#undef X
};

/*
 * The file control block, one row per field: its name (services.c's
 * FCB_*), offset, length, assembler type, the IMPFCB label and the name
 * imprun(1) gives it.  And the file modes (the fullword at +8): value,
 * name (MODE_*), the IMPSVC label, meaning.  The COPY members and the
 * manual pages repeat these and SVC_FUNCS; tests/unit/t-services-tables.c
 * checks every value there.
 */
#define SVC_FCB_FIELDS(X)                            \
    X(NAME,    0, 8, CL8, FCBNAME, "name")            \
    X(MODE,    8, 4, F,   FCBMODE, "mode")            \
    X(HANDLE, 12, 4, F,   FCBHNDL, "handle")          \
    X(BUF,    16, 4, A,   FCBBUF,  "buffer")          \
    X(BUFLEN, 20, 4, F,   FCBBUFL, "buflen")          \
    X(RECLEN, 24, 4, F,   FCBRECL, "reclen")

#define SVC_MODES(X)                                  \
    X(0, TEXT_IN,  FCB_TEXTIN,  "text input")         \
    X(1, TEXT_OUT, FCB_TEXTOUT, "text output")        \
    X(2, BIN_IN,   FCB_BININ,   "binary input")       \
    X(3, BIN_OUT,  FCB_BINOUT,  "binary output")

#define SVC_BYTE_CYCLES 1       /* per byte moved */
#define SVC_BAD_CYCLES  20      /* a call that ends in an exception */

#define SVC_FCB_LEN     28
#define SVC_NAME_LEN    8       /* file names: 1-8 characters */
#define SVC_MAX_FILES   16      /* files open at once */
#define SVC_MAX_BINDS   32      /* --file bindings */
#define SVC_GETMAIN_ABEND 0x80Au /* system completion code when the region runs out */
#define SVC_SUPER_ABEND 0x047u  /* and of SUPER refused (no_super), as MVS ends an
                                   unauthorized program's restricted SVC */
#define SVC_MAX_CONSOLE ((uint64_t)16 << 20)    /* default console quota: 16 MiB */
#define SVC_MAX_FILES_OUT ((uint64_t)64 << 20)  /* default bound-file quota: 64 MiB */

/* Guest storage as the services see it.  read/write move len bytes at
 * addr and return 0, or (moving nothing) 4 if the caller's key may not
 * reach a byte of the range, or -1 or 5 if one lies outside storage. */
struct svc_storage {
    void *ctx;
    int (*read)(void *ctx, uint32_t addr, void *buf, uint32_t len);
    int (*write)(void *ctx, uint32_t addr, const void *buf, uint32_t len);
    /* optional: 0 if the caller may read (write = 0) or store into the
       range, else 4 (its key) or 5 (not in storage) */
    int (*check)(void *ctx, uint32_t addr, uint32_t len, int write);
};

/* One DIAGNOSE request and its outcome. */
struct svc_request {
    uint32_t code;          /* function code (the effective address) */
    uint32_t r1, r3;        /* contents of the registers named R1 and R3 */
    uint64_t cycles;        /* the machine's cycle count (TIME) */
    int via_svc;            /* 1: served for an SVC (SUPER needs it) */
};

enum svc_outcome {
    SVC_CONTINUE,           /* completed; cc (if >= 0) and r3 apply */
    SVC_ENDED,              /* EXIT: the program ends with rc */
    SVC_PROGCHECK,          /* program interruption with code pic */
    SVC_FAILED,             /* the host cannot go on: a quota (limit_hit) was reached */
    SVC_ABENDED,            /* ABEND: the program ends abnormally with code rc */
};

enum svc_limit { SVC_LIMIT_NONE, SVC_LIMIT_CONSOLE, SVC_LIMIT_FILES };

struct svc_result {
    enum svc_outcome outcome;
    int cc;                 /* new condition code, or -1: unchanged */
    int set_r3;             /* 1: the register named R3 <- r3 */
    uint32_t r3;
    int set_r1;             /* 1: the register named R1 <- r1 (GETMAIN, TIME) */
    uint32_t r1;
    int state;              /* SUPER: 1 supervisor state, key 0; 2 problem state */
    uint32_t rc;            /* SVC_ENDED: the return code; SVC_ABENDED: the code */
    uint16_t pic;           /* SVC_PROGCHECK: 0006 */
    uint64_t cycles;        /* cost of the call in machine cycles */
};

struct svc_bind {
    char name[SVC_NAME_LEN + 1];    /* upper case, no padding */
    char *path;                     /* "-" = the console streams */
};

struct svc_file {
    FILE *f;                /* NULL: slot free */
    int mode;               /* 0..3 as in the FCB */
    int owned;              /* 1: fclose on close (not a console stream) */
    int bind;               /* index of its binding in binds[] */
};

/* The host side of the services: console streams, bindings, open files. */
struct services {
    FILE *in, *out;         /* console (stdin, stdout by default) */
    struct svc_bind binds[SVC_MAX_BINDS];
    int nbinds;
    struct svc_file files[SVC_MAX_FILES];
    uint64_t calls;         /* DIAGNOSE calls served */
    uint64_t bytes_in, bytes_out;
    uint64_t max_console;   /* quotas (svc_init sets the defaults above) */
    uint64_t max_files;
    uint64_t console_out;   /* bytes written to the console */
    uint64_t files_out;     /* bytes written to bound files */
    enum svc_limit limit_hit;
    int no_super;           /* 1: SUPER is refused: the program ends with S047 */
    /* the host text the console (out) and the bound files take: 0 ISO
       8859-1 bytes, 1 UTF-8 (ebcdic.h, host_text_write); svc_init: 0 */
    int utf8_console, utf8_files;
    int utf8_in;            /* the console's input (in) is UTF-8 (the files': utf8_files) */
    /* the region GETMAIN serves: [region_lo, region_hi), doubleword aligned
       (svc_set_region; empty until set), and the areas given out */
    uint32_t region_lo, region_hi;
    struct svc_area { uint32_t addr, len; } *areas;     /* in address order */
    size_t nareas, maxareas;    /* as many as the region holds (svc_close_all frees) */
    /* called before the services write to the console (out): another
       writer of the same stream (ASSIST's print lines) settles first */
    void (*before_out)(void *ctx);
    void *before_ctx;
    /* a note for the user about the last call (an OPEN that failed), "" if none */
    char note[256];
};

void svc_init(struct services *s, FILE *in, FILE *out);
/* Close every file still open (flushing output). */
void svc_close_all(struct services *s);
/* Close every file still open and flush the console, keeping the
 * bindings; 0, or -1 with "writing 'PATH': reason" in err (errsize bytes)
 * for the first that could not be written. */
int svc_flush_all(struct services *s, char *err, size_t errsize);

/*
 * Bind NAME=PATH (the text of a --file option).  NAME is 1-8 characters
 * of A-Z 0-9 @ # $ (letters are folded to upper case).  Returns 0, or -1
 * with a message for the user in err (errsize bytes).  A later binding of
 * the same name replaces the earlier one.
 */
int svc_bind(struct services *s, const char *spec, char *err, size_t errsize);

/* Perform one request.  Never fails on the host side: every problem of
 * the guest's making becomes a condition code or a program interruption
 * in *res. */
void svc_call(struct services *s, const struct svc_storage *st, const struct svc_request *rq,
              struct svc_result *res);

/* "PUTLINE" for a known code, NULL otherwise. */
const char *svc_name(uint32_t code);
/* The function code an SVC number serves, or -1 if the number has none. */
int svc_code_of(unsigned svc);
/* The storage GETMAIN gives out: [lo, hi) (rounded inward to doublewords). */
void svc_set_region(struct services *s, uint32_t lo, uint32_t hi);
/* The region ends at hi at the latest (storage the monitors take). */
void svc_limit_region(struct services *s, uint32_t hi);

#endif
