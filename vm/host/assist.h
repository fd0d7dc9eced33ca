/*
 * assist.h -- the host side of ASSIST's instructions: the pseudo-
 * instructions of Penn State's ASSIST assembler-interpreter (XDECI,
 * XDECO, XHEXI, XHEXO, XREAD, XPRNT, XPNCH, XDUMP, XLIMD, XGET, XPUT).
 *
 * The machine's microcode decodes an ASSIST instruction and hands it to
 * assist_call(), which does the work against guest storage through the
 * access interface of services.h (struct svc_storage), so this file
 * knows nothing of the VM and is unit-tested on a plain byte array.
 *
 * Encodings (ASSIST_OPS below is the single source of names and costs):
 *
 *   52 XDECO R1,D2(X2,B2)     RX
 *   53 XDECI R1,D2(X2,B2)     RX
 *   61 XHEXI R1,D2(X2,B2)     RX
 *   62 XHEXO R1,D2(X2,B2)     RX
 *   E0 mask  D1(X1,B1),D2(B2) SS-like, 6 bytes:
 *      +--------+----+----+----+-------------+----+-------------+
 *      |  E0    |mask| X1 | B1 |     D1      | B2 |     D2      |
 *      +--------+----+----+----+-------------+----+-------------+
 *      0        8    12   16   20            32   36           47
 *      addr = D1(X1,B1), len = D2(B2); mask 0 XREAD, 2 XPRNT, 4 XPNCH,
 *      6 XDUMP, 8 XLIMD, A XGET, C XPUT.
 *
 * Addresses are 24 bits: addr is taken modulo 2**24.  A scan (XDECI,
 * XHEXI) does not wrap: passing X'FFFFFF' is an addressing exception.
 * EBCDIC is code page 037 (lib/ebcdic.h); text leaving the machine is
 * translated with its table as it stands (a non-printable code becomes
 * the Latin-1 control or symbol it maps to: XREAD, XPNCH to a punch
 * file, XGET, XPUT), but for the printed lines: XPRNT (and XPNCH with no
 * punch file of its own) prints a code that maps to a Latin-1 control
 * (C0, C1, DEL) as a blank, XPRNT's carriage control too, and
 * XDUMP's character column shows '.' for bytes that are not printable.
 *
 * XDECI R1,addr -- decimal input.
 *   Blanks (X'40') are skipped, with no bound but the end of storage.
 *   Then an optional sign, '+' X'4E' or '-' X'60', then 1 to 9 decimal
 *   digits X'F0'-X'F9'; the scan stops at the first byte that is not a
 *   digit.  So every value from -999999999 to 999999999 can be read;
 *   leading zeros count as digits ("0000000001" is ten digits: CC 3),
 *   and 2147483647 and -2147483648 cannot be read (ten digits: CC 3).
 *     success: R1 <- the value; CC 0 zero ("-0" too), 1 negative,
 *              2 positive.
 *     failure: CC 3, R1 unchanged:
 *              no digit (the first non-blank is neither sign nor digit):
 *                GR1 -> that byte;
 *              a sign alone (a sign and then a non-digit):
 *                GR1 -> the byte after the sign;
 *              ten or more digits: GR1 -> the first non-digit after all
 *                of them (the scan runs over every digit).
 *     always:  GR1 <- the address of the byte where the scan stopped.
 *              GR1 is set after R1, so with R1 = 1 the address wins and
 *              the value is lost (as in ASSIST: do not use R1 = 1).
 *   A byte that cannot be fetched: program interruption with the
 *   storage's code (4 protection, 5 addressing); nothing changes.
 *
 * XHEXI R1,addr -- hexadecimal input.  As XDECI, but no sign: 1 to 8
 *   digits 0-9 (X'F0'-X'F9') and A-F (X'C1'-X'C6', upper case only).
 *   R1 <- the 32-bit value; CC 0/1/2 by the value taken as signed
 *   (X'80000000' and up: CC 1).  CC 3 (R1 unchanged) on no digit or 9
 *   and more digits, GR1 as in XDECI ('+' is "no digit").
 *
 * XDECO R1,addr -- decimal output: the 12 bytes at addr <- (R1) as a
 *   signed decimal number, right-justified, leading blanks, '-' just
 *   before the first digit if negative ("-2147483648" fits).
 *   Registers and CC unchanged.
 *
 * XHEXO R1,addr -- the 8 bytes at addr <- (R1) as 8 EBCDIC hexadecimal
 *   digits (0-9, A-F).  Registers and CC unchanged.
 *
 * XREAD addr,len -- read a card.  The next line of the card file (the
 *   bounded reader of lineread.h; the newline dropped), ASCII -> EBCDIC
 *   byte for byte (a tab stays a tab, X'05'), blank padded to 80
 *   columns, cut at 80.  The first min(len, 80) bytes are stored at
 *   addr (len 0 means 80).  CC 0 read, CC 1 end of file (storage
 *   unchanged; no card file is an empty one).  With max_cards set, the
 *   read that would pass it stops the run (ASSIST_LIMIT, LIMIT_CARDS)
 *   before reading.  The target is checked before the card is read: a
 *   protected or missing target suppresses the instruction (the card
 *   stays unread).  A line is one card however long it is: a line longer
 *   than LINE_LIMIT leaves its rest in the stream (card_rest), and the
 *   next XREAD reads and drops it, LINE_LIMIT bytes a call: until the
 *   newline it ends with ASSIST_AGAIN (the host runs the instruction
 *   again), so an endless line (/dev/zero) ends at the cycle limit.
 *
 * XPRNT addr,len -- print a line.  The len bytes at addr (len > 133, more
 *   than a print line, is a specification exception (0006) and prints
 *   nothing; len 0 prints nothing): byte 1 is the ASA carriage
 *   control, bytes 2..len the text, EBCDIC -> host, a code of no
 *   printable character (a Latin-1 control) as a blank, trailing blanks
 *   dropped.  Two forms of output:
 *     raw (asa_raw = 1): the control character, the text, a newline;
 *     interpreted (the default), as POSIX asa(1): a separator, then the
 *       text; the newline that ends a line is held back ("pending") and
 *       is part of the next line's separator:
 *         control  first line   newline pending   after assist_sync
 *           ' '      ""           "\n"              ""
 *           '0'      "\n"         "\n\n"            "\n"
 *           '-'      "\n\n"       "\n\n\n"          "\n\n"
 *           '1'      ""           "\n\f"            "\f"
 *           '+'      ""           "\r"              ""
 *       any other control acts as ' '.  "First line" is the first of
 *       the print stream (no page eject before the first page).
 *       assist_sync() writes the pending newline (call it before anything
 *       else writes to the same stream); assist_finish() writes it at
 *       the end of the run.
 *   Counting (both forms): a line advances the paper ' ' 1, '0' 2,
 *   '-' 3, '+' 0, '1' 1 line on a new page; lines counts the advance.
 *   A page begins with the first line, at '1', and when a line would
 *   take a page past ASSIST_PAGE_LINES (60) lines (counted only, no form
 *   feed is written).  With max_lines or max_pages set (0: none), the
 *   line that would pass one is not printed: ASSIST_LIMIT, LIMIT_LINES
 *   or LIMIT_PAGES.
 *
 * XPNCH addr,len -- punch a card: the len bytes at addr (0 means 80,
 *   more than 80 cut to 80), EBCDIC -> host, trailing blanks dropped,
 *   a newline, to the punch file.  No punch file, or the punch file is
 *   the print stream: the card goes to the print stream as it is (the
 *   pending newline written first), not counted as a printed line.
 *   Counted in cards_punched; max_punch (0: none) -> LIMIT_PUNCH.
 *
 * XDUMP addr,len -- a snapshot, to the print stream as ' ' lines (the
 *   same separator and counting as XPRNT; a line limit reached in a dump
 *   ends it there with ASSIST_LIMIT).  addr = 0 and len = 0: the
 *   registers (as they were before the instruction); anything else: the
 *   storage [addr, addr+len).  Each XDUMP is one "call", numbered from
 *   1.  AT is psw_word2 in 8 hexadecimal digits.  The text printed
 *   (each line below is the text after the carriage control; "_" marks a
 *   blank where blanks are hard to count):
 *
 *     " BEGIN XSNAP - CALL     1 AT E0001026 USER REGISTERS"
 *     ""
 *     " REGS 0-7      " 8 words, each 8 hex digits, two blanks between
 *     " REGS 8-15     " likewise
 *     ""
 *
 *     " BEGIN XSNAP - CALL     2 AT E0001026 USER STORAGE"
 *     ""
 *     29 blanks "CORE ADDRESSES SPECIFIED-" 5 blanks "001000 TO 001040"
 *     " 001000" 4 blanks  w w w w  2 blanks  w w w w  4 blanks "*" 32 chars "*"
 *       (w: a word in 8 hex digits, one blank between the words of a group)
 *     "   LINES    001020-0010FF    SAME AS ABOVE"
 *     "   LINES    001100-0017FF    STORAGE NOT AVAILABLE"
 *     ""
 *
 *   The call number is right-justified in 5 columns.  TO shows addr+len,
 *   the first byte after the range (both modulo 2**24, 6 digits).  The
 *   lines cover whole 32-byte lines: from addr rounded down to a
 *   multiple of 32 to the line holding the last byte of the range (no
 *   line when len is 0); the range stops at the end of the 24-bit space.
 *   A line whose 32 bytes equal the line before it joins a run printed
 *   as one "SAME AS ABOVE" line naming the first byte of its first line
 *   and the last byte of its last line.  The characters are the bytes
 *   as EBCDIC, printable ones (letters, digits, blank and the usual
 *   specials) as themselves and every other as '.'.  A line that cannot
 *   be read whole is not shown: runs of them are one "STORAGE NOT
 *   AVAILABLE" line; the line after such a run is always printed in
 *   full.  XDUMP never causes a program interruption; registers and CC
 *   unchanged.
 *
 * XLIMD addr,len -- set the storage range a completion dump may show:
 *   limd_set = 1, limd_addr = addr, limd_len = len.  CC unchanged.
 *
 * XGET addr,len / XPUT addr,len -- records of a named file.  ASSIST's
 *   idea of files read and written by name, with IMP's binding: GR14
 *   holds the address of an 8-byte EBCDIC file name, blank padded; the
 *   host opens it through the open_file callback (by name and direction;
 *   the name arrives in host characters with the trailing blanks
 *   dropped).  Each (name, direction) is opened once and kept open in a
 *   table of ASSIST_MAX_FILES until assist_finish().  len 0 means 80,
 *   more than ASSIST_MAX_RECORD is cut to it.
 *     XGET: the next line (lineread.h), ASCII -> EBCDIC, blank padded or
 *       cut to len bytes, stored at addr; CC 0, CC 1 at end of file
 *       (storage unchanged).  A long line is one record, its rest
 *       dropped as XREAD drops a card's.
 *     XPUT: the len bytes at addr, EBCDIC -> host, trailing blanks
 *       dropped, a newline; CC 0.
 *     Both: CC 2, nothing moved, when the file is not available (no
 *     callback, the callback returned NULL, the table is full, or the
 *     file cannot be read).  The name and the record's storage are
 *     checked first: storage that cannot be reached is a program
 *     interruption, and no file is opened.
 *
 * Any other mask (odd, or E) or any other opcode: operation exception
 * (0001).  Storage that cannot be reached (other than in XDUMP): the
 * storage's code (a positive return of read/write; -1 means 5): the
 * instruction is suppressed, nothing is printed, read or changed.
 *
 * Output errors are not the guest's: the first failed write is recorded
 * (write_errno, write_what) and reported by assist_finish(); the guest
 * sees its CC as if the write had worked.  max_bytes (0: none) bounds
 * the bytes written to the print, punch and XPUT files together
 * (LIMIT_BYTES).
 *
 * Cost: every call costs the base cycles of its row in ASSIST_OPS plus
 * ASSIST_BYTE_CYCLES per byte moved between guest storage and the host
 * (bytes scanned by XDECI/XHEXI, stored by XDECO/XHEXO/XREAD/XGET,
 * fetched by XPRNT/XPNCH/XDUMP/XPUT, and the file name of XGET/XPUT);
 * XREAD and XGET also per byte read from the host, the newline and
 * dropped bytes included (as GETLINE).
 * An operation exception costs ASSIST_BAD_CYCLES.
 */
#ifndef IMP_VM_ASSIST_H
#define IMP_VM_ASSIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "services.h"           /* struct svc_storage */

/*
 * opcode, mask (-1: an RX instruction, no mask), name, base cycles, what.
 * imp(7)'s table of ASSIST instructions is generated from these rows.
 */
#define ASSIST_OPS(X)                                                                   \
    X(0x52, -1,  XDECO, 40,  "the 12 bytes at D2(X2,B2) <- (R1) in decimal, "            \
                             "right-justified")                                         \
    X(0x53, -1,  XDECI, 40,  "R1 <- the decimal number at D2(X2,B2) (blanks skipped, "   \
                             "sign, 1-9 digits); GR1 <- where the scan stopped; "       \
                             "CC 0 zero, 1 negative, 2 positive, 3 no number")          \
    X(0x61, -1,  XHEXI, 40,  "R1 <- the hexadecimal number at D2(X2,B2) (1-8 digits); " \
                             "GR1 <- where the scan stopped; CC as XDECI")              \
    X(0x62, -1,  XHEXO, 30,  "the 8 bytes at D2(X2,B2) <- (R1) in hexadecimal")          \
    X(0xE0, 0x0, XREAD, 200, "read a card into len bytes at addr (blank padded); "       \
                             "CC 0 read, 1 end of file")                                \
    X(0xE0, 0x2, XPRNT, 200, "print len bytes at addr, the first an ASA carriage "       \
                             "control")                                                 \
    X(0xE0, 0x4, XPNCH, 200, "punch len bytes at addr as a card")                        \
    X(0xE0, 0x6, XDUMP, 500, "dump the registers (addr and len 0) or storage "           \
                             "[addr, addr+len)")                                        \
    X(0xE0, 0x8, XLIMD, 20,  "set the storage range of a completion dump")               \
    X(0xE0, 0xA, XGET,  200, "read a record of the file named at (GR14) into len bytes " \
                             "at addr; CC 0 read, 1 end of file, 2 not available")      \
    X(0xE0, 0xC, XPUT,  200, "write len bytes at addr as a record of the file named at " \
                             "(GR14); CC 0 written, 2 not available")

enum assist_op {
#define X(opcode, mask, name, base, what) ASSIST_##name,
    ASSIST_OPS(X)
#undef X
    ASSIST_NOPS
};

#define ASSIST_BYTE_CYCLES  1       /* per byte moved */
#define ASSIST_BAD_CYCLES   20      /* an operation exception */
#define ASSIST_ADDR_MASK    0x00FFFFFFu
#define ASSIST_CARD_LEN     80
#define ASSIST_LINE_LEN     133     /* control byte and 132 columns */
#define ASSIST_PAGE_LINES   60      /* lines on a page */
#define ASSIST_NAME_LEN     8       /* XGET/XPUT file names */
#define ASSIST_MAX_FILES    8       /* XGET/XPUT files open at once */
#define ASSIST_MAX_RECORD   32760   /* longest XGET/XPUT record */

/* One ASSIST instruction (as struct vm_assist_call) and the state it meets. */
#define ASSIST_NONUM_TEXT 12             /* bytes kept of what XDECI found */

struct assist_req {
    unsigned opcode, r1;        /* r1: the R1 field, or X'E0''s mask */
    uint32_t addr, len;
    uint32_t gr[16];            /* the registers before the instruction */
    uint32_t psw_word2;         /* BC-mode style 2nd PSW word for XDUMP's "AT": ILC CC PM IA */
    unsigned cc;                /* current CC */
};

enum assist_outcome {
    ASSIST_CONTINUE,            /* completed: cc, set_gr apply */
    ASSIST_PROGCHECK,           /* program interruption with code pic; nothing changed */
    ASSIST_LIMIT,               /* a limit was reached: the run stops (limit says which) */
    ASSIST_AGAIN,               /* not completed, cycles charged: run the instruction again */
};

enum assist_limit {
    ASSIST_LIMIT_NONE, ASSIST_LIMIT_CARDS, ASSIST_LIMIT_LINES, ASSIST_LIMIT_PAGES,
    ASSIST_LIMIT_BYTES, ASSIST_LIMIT_PUNCH,
};

struct assist_result {
    enum assist_outcome outcome;
    int cc;                     /* new CC or -1 unchanged */
    unsigned set_gr;            /* bit n: gr[n] below is the new value of register n */
    uint32_t gr[16];            /* the registers (a copy of the request's, changed ones set) */
    unsigned pic;               /* ASSIST_PROGCHECK */
    enum assist_limit limit;    /* ASSIST_LIMIT */
    uint64_t cycles;            /* cost in machine cycles */
};

/* An XGET/XPUT file, kept open by name and direction. */
struct assist_file {
    char name[ASSIST_NAME_LEN + 1];     /* host characters; "" = slot free */
    int write;
    FILE *f;
    int rest;                           /* the last record's line goes on in f */
};

struct assist {
    FILE *cards, *print, *punch;        /* not owned; NULL: none (punch: the print stream) */
    int asa_raw;                        /* 1: print lines raw, control byte and all */
    /* the host text of the print stream and of XPUT's files: 0 ISO 8859-1
       bytes, 1 UTF-8 (ebcdic.h); the punch, when it is not the print
       stream, always takes the bytes (assist_init: all 0) */
    int utf8_print, utf8_files;
    int utf8_cards;                     /* the cards are UTF-8 (XGET's files: utf8_files) */
    /* XGET/XPUT: open the file NAME (host characters, no padding) for reading
     * (write 0) or writing (write 1); NULL: not available.  The library closes
     * what it returns (assist_finish). */
    FILE *(*open_file)(void *ctx, const char *name, int write);
    void *open_ctx;
    struct assist_file files[ASSIST_MAX_FILES];

    /* limits, 0 = none */
    uint64_t max_cards, max_lines, max_pages, max_punch, max_bytes;
    enum assist_limit limit_hit;        /* the limit that stopped the run */

    int deck;                           /* 1: the program is a $JOB/$ENTRY deck */
    int card_rest;                      /* the last card's line goes on in cards */

    /* counters */
    uint64_t calls;                     /* instructions served */
    uint64_t cards_read, lines, pages, cards_punched, dumps;
    uint64_t records_in, records_out;   /* XGET, XPUT */
    uint64_t eof_reads;                 /* XREADs that found no card (CC 1) */
    uint32_t eof_iaddr;                 /* the address of the last of them */
    uint64_t nonum_untested;            /* XDECIs that found no number (CC 3), and no
                                           BC testing CC 3 right after them */
    uint32_t nonum_iaddr;               /* the address of the last of them, */
    unsigned nonum_reg;                 /* ... its register */
    uint8_t nonum_text[ASSIST_NONUM_TEXT];  /* what it found instead (EBCDIC), */
    unsigned nonum_len;                 /* ... up to the next blank */
    uint64_t bytes_out;                 /* written to print, punch and XPUT files */

    /* the print stream */
    unsigned page_lines;                /* lines on the current page */
    int print_started;                  /* 1: a line has been printed */
    int nl_pending;                     /* 1: the last line's newline is owed */

    /* XLIMD */
    int limd_set;
    uint32_t limd_addr, limd_len;

    /* the first output error */
    int write_errno;                    /* 0: none */
    char write_what[32];                /* "the print stream", "file OUT", ... */
};

/* 1 if the program runs as an ASSIST job: a $JOB/$ENTRY deck, or one
 * that has used an ASSIST instruction.  Such a job that returns ends
 * normally whatever register 15 holds, as under ASSIST. */
int assist_job(const struct assist *a);

/* A fresh state: no limits, interpreted printing, no file callback. */
void assist_init(struct assist *a, FILE *cards, FILE *print, FILE *punch);

/* Perform one ASSIST instruction.  Never fails on the host side: every
 * problem of the guest's making becomes a CC, a program interruption or
 * a limit in *res. */
void assist_call(struct assist *a, const struct svc_storage *st,
                 const struct assist_req *rq, struct assist_result *res);

/* Write a pending print newline and flush the print stream (call before
 * anything else writes to the same stream). */
void assist_sync(struct assist *a);

/* End of run: the pending newline, flush print and punch, close the
 * XGET/XPUT files.  0, or -1 with "writing WHAT: reason" in err (errsize
 * bytes) for the first output that failed. */
int assist_finish(struct assist *a, char *err, size_t errsize);

/* "XDECI" for a known opcode (and mask, for X'E0'), NULL otherwise. */
const char *assist_name(unsigned opcode, unsigned mask);

#endif
