/*
 * abend-hints.c -- the hints of the abend report: from the failing
 * instruction, its operands, the registers, the branches and the
 * save-area chain that abend.c collected, the likely cause in words a
 * first-year student can act on (a base register never loaded, a packed
 * field never set, a program that ran into its data, a return address
 * changed, an odd register of a pair, a misaligned operand).
 */
#include "abend-int.h"

#include <string.h>

#include "isa.h"

/* ---- hints ---------------------------------------------------------------------- */

/* The CSECT that ends before addr (the nearest one below it), or NULL. */
static const char *csect_before(const struct symtab *t, uint32_t addr)
{
    struct sym_where w;
    for (uint32_t k = 1; k <= 0x1000 && k <= addr; k++)
        if (sym_lookup(t, addr - k, &w) == 0)
            return w.csect;
    return NULL;
}

/* The instruction's text with one blank between its fields: "BR 3". */
static void squeeze(char *dst, size_t size, const char *src)
{
    size_t n = 0;
    for (; *src && n + 1 < size; src++)
        if (*src != ' ' || (n && dst[n - 1] != ' '))
            dst[n++] = *src;
    dst[n] = '\0';
}

/* The failing instruction is XPRNT (X'E0', mask 2): its length operand
 * D2(B2) into *len; 0 if it is not. */
static int xprnt_length(const struct rep_abend *a, uint32_t *len)
{
    const struct rep_where *w = &a->where;
    if (w->nbytes < 6 || w->bytes[0] != 0xE0 || (w->bytes[1] >> 4) != 2)
        return 0;
    unsigned b2 = w->bytes[4] >> 4;
    uint32_t d2 = (uint32_t)(w->bytes[4] & 15) << 8 | w->bytes[5];
    *len = ((b2 ? a->regs.gr[b2] : 0) + d2) & VM_ADDR_MASK;
    return 1;
}

/* What the base register b of a bad operand address holds, in words,
 * into buf.  A base register that holds 0 (or ASSIST's X'F4F4F4F4') is
 * the one a USING named but nothing loaded. */
static void base_text(const struct rep_abend *a, unsigned b, char *buf, size_t size)
{
    uint32_t v = a->regs.gr[b];
    if (b == 0)
        snprintf(buf, size, "an address with no base register: check the USING that covers "
                            "the operand");
    else if (v == 0 && b == 13)
        snprintf(buf, size, "its base register 13, the save-area pointer, holds 0: it was "
                            "loaded from the back chain of a save area (at +4) that was never "
                            "stored (ST 13,SAVE+4 before LA 13,SAVE)");
    else if (v == 0)
        snprintf(buf, size, "its base register %u holds 0: was it ever loaded? A USING does "
                            "not load its register (BALR %u,0 or LR %u,15 before it does)",
                 b, b, b);
    else if (v == 0xF4F4F4F4u)          /* ASSIST's look: never loaded */
        snprintf(buf, size, "its base register %u holds X'F4F4F4F4': never loaded. A USING "
                            "does not load its register (BALR %u,0 or LR %u,15 before it does)",
                 b, b, b);
    else
        snprintf(buf, size, "its base register %u holds X'%08X': check the base register "
                            "(USING) and the register's value", b, v);
}

/* A protection exception on operand i, in low storage: the register
 * that formed its address, and what it holds. */
static void low_storage_hint(struct rep_abend *a, unsigned i)
{
    char h[240];
    int n = snprintf(h, sizeof h, "operand %u is at X'%06X', in low storage, which the "
                                  "program may not use: ", a->opnum[i], a->operand[i]);
    base_text(a, a->opbase[i], h + n, sizeof h - (size_t)n);
    add_hint(a, h);
}

/* The n bytes at addr are a valid packed decimal number: a digit 0-9 in
 * every nibble but the last, a sign A-F in the last. */
static int packed_ok(const uint8_t *b, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if ((b[i] >> 4) > 9)
            return 0;
        if (i + 1 < n ? (b[i] & 15) > 9 : (b[i] & 15) < 10)
            return 0;
    }
    return 1;
}

/* A data exception of a decimal instruction: the operand that is no
 * packed decimal number, its bytes, and what to do. */
static void decimal_hint(struct rep_abend *a, const struct vm *vm, const struct symtab *t)
{
    const struct rep_where *w = &a->where;
    if (w->nbytes < 2)
        return;
    const struct isa_insn *in = isa_by_opcode(w->bytes[0], w->bytes[1]);
    if (!in || in->cls != C_DECIMAL)
        return;
    for (unsigned i = 0; i < a->noperands; i++) {
        unsigned num = a->opnum[i], n;
        if (in->format == FMT_SS_LL)
            n = (num == 1 ? w->bytes[1] >> 4 : w->bytes[1] & 15) + 1u;
        else if (in->format == FMT_RX)
            n = 8;                      /* CVB */
        else
            return;                     /* ED, EDMK, SRP: not said here */
        if (num == 1 && in->opcode == 0xF8)
            continue;                   /* ZAP: operand 1 is only stored */
        uint8_t b[16];
        if (vm_fetch_bytes(vm, a->operand[i], b, n) != 0 || packed_ok(b, n))
            continue;
        char h[240], hex[40], name[60] = "";
        unsigned unset = 0;
        for (unsigned k = 0; k < n; k++) {
            snprintf(hex + 2 * k, sizeof hex - 2 * k, "%02X", b[k]);
            unset += b[k] == 0xF5;
        }
        struct sym_where sw;
        if (t && sym_lookup(t, a->operand[i], &sw) == 0 && sw.label)
            snprintf(name, sizeof name, sw.label_off ? " %.24s+X'%X'" : " %.24s", sw.label,
                     sw.label_off);
        if (unset == n)             /* ASSIST's look: storage never stored into */
            snprintf(h, sizeof h, "operand %u%s (%u bytes at X'%06X') holds X'%s', the bytes "
                     "of storage the program never set: give the field a value before %s "
                     "uses it (ZAP it from =P'0', or PACK a number into it)",
                     num, name, n, a->operand[i], hex, in->name);
        else
            snprintf(h, sizeof h, "operand %u%s (%u bytes at X'%06X') holds X'%s', which is "
                     "not packed decimal (a digit 0-9 in each half-byte, a sign A-F in the "
                     "last): a number in characters must be PACKed before %s uses it",
                     num, name, n, a->operand[i], hex, in->name);
        add_hint(a, h);
        return;
    }
}

/* A fixed-point divide exception of D or DR: a divisor of 0, or a
 * quotient too big because the high half of the dividend (the even
 * register) is not the sign of the low half -- never set. */
static void divide_hint(struct rep_abend *a, const struct vm *vm)
{
    const struct rep_where *w = &a->where;
    if (w->nbytes < 2 || (w->bytes[0] != 0x1D && w->bytes[0] != 0x5D))
        return;
    unsigned r1 = w->bytes[1] >> 4;
    uint32_t divisor = 0;
    if (w->bytes[0] == 0x1D) {
        divisor = a->regs.gr[w->bytes[1] & 15];
    } else {
        uint8_t b[4];
        if (a->noperands < 1 || vm_fetch_bytes(vm, a->operand[0], b, 4) != 0)
            return;
        divisor = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    }
    char h[240];
    if (r1 & 1)
        return;                         /* an odd R1 is a specification exception */
    uint32_t high = a->regs.gr[r1], low = a->regs.gr[r1 + 1];
    if (divisor == 0)
        snprintf(h, sizeof h, "the divisor is 0");
    else if (high != ((low & 0x80000000u) ? 0xFFFFFFFFu : 0))
        snprintf(h, sizeof h, "the quotient does not fit in 32 bits: the dividend is "
                 "registers %u:%u, and register %u, its high half, holds X'%08X', not the "
                 "sign of register %u: load the dividend into register %u and SRDA %u,32 "
                 "before the divide", r1, r1 + 1, r1, high, r1 + 1, r1, r1);
    else
        snprintf(h, sizeof h, "the quotient of the dividend in registers %u:%u by %d does "
                 "not fit in 32 bits", r1, r1 + 1, (int32_t)divisor);
    add_hint(a, h);
}

/* The source statement of w defines storage (DC or DS), not an
 * instruction: its operation field, after the name field, says so. */
static int is_data_statement(const struct rep_where *w)
{
    if (!w->have_source || w->source[0] == '*')
        return 0;
    const char *p = w->source;
    while (*p && *p != ' ')             /* the name field */
        p++;
    while (*p == ' ')
        p++;
    return (p[0] == 'D' || p[0] == 'd') && strchr("CScs", p[1]) && p[1] &&
           (p[2] == ' ' || p[2] == '\0');
}

/* The failing "instruction" is data: what ran into it, in words. */
static void data_hint(struct rep_abend *a)
{
    char h[240], text[120];
    const struct rep_where *w = &a->where;
    squeeze(text, sizeof text, w->source);
    if (a->wild >= 0)
        snprintf(h, sizeof h, "the branch went into data: line %d (%.60s) defines storage, "
                              "not an instruction", w->sym.line, text);
    else
        snprintf(h, sizeof h, "the program ran past its last instruction into its data: line "
                              "%d (%.60s) defines storage, not an instruction; a return "
                              "(BR 14) or a branch back is missing before it", w->sym.line,
                 text);
    add_hint(a, h);
}

/* The wild branch b was BR 14 (BCR 15,14): a return that did not return.
 * Either LM 14,12,12(13) just before it loaded R14 from a save area that
 * holds no return address (R13 was changed and not restored), or the
 * program put something else in R14. */
static void return_hint(struct rep_abend *a, const struct vm *vm,
                        const struct rep_abend_branch *b)
{
    if (b->from.nbytes < 2 || b->from.bytes[0] != 0x07 || b->from.bytes[1] != 0xFE)
        return;
    char h[240];
    uint8_t lm[4];
    uint32_t r13 = a->regs.gr[13] & VM_ADDR_MASK;
    if (vm_fetch_bytes(vm, b->b.from - 4, lm, 4) == 0 && lm[0] == 0x98 &&
        (lm[1] >> 4) == 14 && lm[2] == 0xD0 && lm[3] == 0x0C)
        snprintf(h, sizeof h, "BR 14 went to X'%06X', the word LM 14,12,12(13) had just loaded "
                              "from the save area at R13 (X'%06X'), which holds no return "
                              "address: R13 was changed and not restored before the LM "
                              "(L 13,4(,13) first)", b->b.to, r13);
    else
        snprintf(h, sizeof h, "BR 14 went to X'%06X', not back to the caller: register 14 "
                              "holds the return address, and the program put something else "
                              "in it; use another register, or restore R14 (LM 14,12,12(13)) "
                              "before BR 14", b->b.to);
    add_hint(a, h);
}

/* The failing instruction names an even-odd pair (M, D, SLDA, MVCL ...)
 * with an odd register: say which, into h; 0 if it does not. */
static int pair_hint(const struct rep_where *w, char *h, size_t size)
{
    if (w->nbytes < 2)
        return 0;
    const struct isa_insn *in = isa_by_opcode(w->bytes[0], w->bytes[1]);
    if (!in)
        return 0;
    unsigned r1 = w->bytes[1] >> 4, r2 = w->bytes[1] & 15, r = 16;
    if ((in->flags & F_PAIR1) && (r1 & 1))
        r = r1;
    else if ((in->flags & F_PAIR2) && (r2 & 1))
        r = r2;
    else if ((in->flags & F_PAIR3) && (r2 & 1))     /* RS: R3 is where R2 is */
        r = r2;
    if (r == 16)
        return 0;
    snprintf(h, size, "%s works on an even-odd pair of registers named by its even one; "
                      "register %u is odd (for %s %u,... the pair is %u:%u)", in->name, r,
             in->name, r - 1, r - 1, r);
    return 1;
}

/* A specification exception of an RS or S instruction whose operand is
 * not on a word boundary (CS, CDS, LPSW, LCTL ... need theirs aligned;
 * the SS and RX instructions of System/370 do not): into h, 1; else 0. */
static int misaligned_hint(const struct rep_abend *a, char *h, size_t size)
{
    const struct rep_where *w = &a->where;
    const struct isa_insn *in = w->nbytes >= 2 ? isa_by_opcode(w->bytes[0], w->bytes[1]) : NULL;
    if (!in || a->noperands == 0 || !(a->operand[0] & 3) ||
        (in->format != FMT_RS && in->format != FMT_S && in->format != FMT_S2))
        return 0;
    snprintf(h, size, "operand %u is at X'%06X', not on a fullword boundary (a multiple of "
                      "4): %s needs its operand aligned; a DS 0F (or DS 0D) before the "
                      "field's DC aligns it", a->opnum[0], a->operand[0], in->name);
    return 1;
}

/* A wild RX branch (B, BC, BCT, BAL, BAS) through a base register: the
 * register that formed the target, and what it holds -- a base register
 * of a USING that the program loaded with something else. */
static void branch_base_hint(struct rep_abend *a, const struct rep_abend_branch *b)
{
    const struct rep_where *f = &b->from;
    if (f->nbytes < 4)
        return;
    switch (f->bytes[0]) {
    case 0x45: case 0x46: case 0x47: case 0x4D:     /* BAL, BCT, BC, BAS */
        break;
    default:
        return;
    }
    unsigned x = f->bytes[1] & 15, base = f->bytes[2] >> 4;
    uint32_t d = (uint32_t)(f->bytes[2] & 15) << 8 | f->bytes[3];
    if (base == 0 || x != 0)
        return;
    char h[240];
    snprintf(h, sizeof h, "its target is register %u + %u, and register %u holds X'%08X': if "
                          "it is the base register of a USING, the program changed it after "
                          "the USING (a LA, L or LR into register %u?)", base, d, base,
             a->regs.gr[base], base);
    add_hint(a, h);
}

void abend_hints(struct rep_abend *a, const struct vm *vm, const struct symtab *t)
{
    char h[240];
    const struct rep_where *w = &a->where;
    unsigned c = a->pic & 0xFF7Fu;
    if (a->wild >= 0) {
        const struct rep_abend_branch *b = &a->branch[a->wild];
        char from[120] = "", insn[80];
        if (b->from.found)
            snprintf(from, sizeof from, " %s+X'%X'", b->from.sym.csect, b->from.sym.csect_off);
        squeeze(insn, sizeof insn, b->from.nbytes ? b->from.insn : "a branch");
        if (a->wild_lost)
            snprintf(h, sizeof h, "a wild branch: the program came from X'%06X'%s by %s, to "
                                  "where there are no instructions: check the register or "
                                  "address it branched to", b->b.from, from, insn);
        else
            snprintf(h, sizeof h, "the program came here by the branch at X'%06X'%s (%s)",
                     b->b.from, from, insn);
        add_hint(a, h);
        return_hint(a, vm, b);
        if (a->wild_lost)
            branch_base_hint(a, b);
    }
    uint32_t entry;
    int at_entry = a->nbranch == 0 && w->found && rep_entry(t, &entry) && entry == w->addr;
    if (a->have_pic && !at_entry && is_data_statement(w)) {
        data_hint(a);       /* the operands of data mean nothing: no more hints */
        return;
    }
    if (!a->have_pic) {
        if (a->status.status == VM_CYCLE_LIMIT)
            add_hint(a, "the program ran out of time: a loop that never ends? the last "
                        "branches show where it went round");
        return;
    }
    if (c == 4)
        for (unsigned i = 0; i < a->noperands; i++)
            if (a->operand[i] < 0x1000) {
                low_storage_hint(a, i);
                break;
            }
    int zeros = w->nbytes >= 2 && w->bytes[0] == 0 && w->bytes[1] == 0;
    if (c == 1 && at_entry)
        add_hint(a, "this is the program's entry point, and no instruction: the program "
                    "started here; the END operand (or ENTRY, or impld -e) should name its "
                    "first instruction");
    else if (c == 1 && !a->have_syms && zeros)
        add_hint(a, "the instructions ran into zeros (data or padding, not code): a missing "
                    "branch back or a missing return");
    else if (c == 1 && (!w->found || zeros)) {
        const char *cs = w->found ? w->sym.csect : csect_before(t, w->addr);
        if (w->found)
            snprintf(h, sizeof h, "the instructions ran into zeros inside CSECT %s (data or "
                                  "padding, not code): a missing branch back or a missing "
                                  "return", cs);
        else if (cs)
            snprintf(h, sizeof h, "the program ran past the end of CSECT %s into padding: a "
                                  "missing branch back or a missing return", cs);
        else
            snprintf(h, sizeof h, "the instruction is outside every CSECT of the program: a "
                                  "missing return, or a branch to a bad address");
        add_hint(a, h);
    }
    if (c == 5) {
        /* the first byte outside storage: the instruction's own, an
           operand that starts there, or else one that runs past the end
           (it starts inside: the first byte out is the end of storage) */
        uint32_t bad = w->addr;
        int found = w->addr >= a->storage, op = -1;
        for (unsigned i = 0; i < a->noperands && !found; i++)
            if (a->operand[i] >= a->storage) {
                bad = a->operand[i];
                found = 1;
                op = (int)i;
            }
        if (!found && a->noperands > 0) {
            bad = a->storage;
            found = 1;
        }
        if (op >= 0) {
            int n = snprintf(h, sizeof h, "operand %u is at X'%06X', outside storage (the "
                                          "machine has %u bytes, X'000000'-X'%06X'): ",
                             a->opnum[op], bad, a->storage, a->storage - 1);
            base_text(a, a->opbase[op], h + n, sizeof h - (size_t)n);
        } else if (found)
            snprintf(h, sizeof h, "the byte at X'%06X' is outside storage: the machine has %u "
                                  "bytes (X'000000'-X'%06X'); check the register that forms "
                                  "the address", bad, a->storage, a->storage - 1);
        else
            snprintf(h, sizeof h, "an address outside storage: the machine has %u bytes "
                                  "(X'000000'-X'%06X')", a->storage, a->storage - 1);
        add_hint(a, h);
    }
    if (c == 7)
        decimal_hint(a, vm, t);
    if (c == 9)
        divide_hint(a, vm);
    uint32_t xlen;
    if (c == 6 && xprnt_length(a, &xlen) && xlen > 133) {
        snprintf(h, sizeof h, "XPRNT of %u bytes: a print line is at most 133 (the carriage "
                              "control character and 132 columns), as in ASSIST", xlen);
        add_hint(a, h);
    } else if (c == 6) {
        if (w->addr & 1)
            snprintf(h, sizeof h, "the instruction address X'%06X' is odd: a branch to a bad "
                                  "address", w->addr);
        else if (pair_hint(w, h, sizeof h))
            ;
        else if (misaligned_hint(a, h, sizeof h))
            ;
        else
            snprintf(h, sizeof h, "a specification exception: an operand not on its boundary "
                                  "(a fullword at a multiple of 4), an odd register where an "
                                  "even-odd pair is needed, or a bad address");
        add_hint(a, h);
    }
}
