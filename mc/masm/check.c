/*
 * check.c -- impmc's whole-program checks and the dispatch table:
 * the vectors exist, every instruction of lib/isa.def has its entry point
 * (a label named after the mnemonic) or is reported, every microword is
 * reachable, no label is unused, and no path falls off the end.
 */
#include "masm.h"
#include "isa.h"

#include <stdlib.h>
#include <string.h>

static enum mc_decode decode_class(enum isa_format f)
{
    switch (f) {
    case FMT_RR: case FMT_RR_M: case FMT_RR_R1: case FMT_RR_I: return MC_DEC_RR;
    case FMT_RX: case FMT_RX_M: return MC_DEC_RX;
    case FMT_RS: case FMT_RS_SH: case FMT_RS_M: return MC_DEC_RS;
    case FMT_SI: return MC_DEC_SI;
    case FMT_S: case FMT_S2: return MC_DEC_S;
    case FMT_RXSS: return MC_DEC_RXSS;
    default: return MC_DEC_SS;
    }
}

static struct loc nowhere(void) { struct loc l = { 0, 0, 0 }; return l; }

static int vectors(struct masm *m)
{
    for (int v = 0; v < MC_NVECTORS; v++) {
        struct symbol *s = masm_lookup(m, mc_vector_names[v]);
        if ((!s || !s->is_label) && v == MC_V_ACCUMULATE) {
            /* optional: the monitor vector's, whose microcode then leaves
               the frequency monitor's counts to the end of the run */
            m->img.vector[v] = m->img.vector[MC_V_MONITOR];
            continue;
        }
        if (!s || !s->is_label) {
            diag_error(&m->diag, "the microprogram has no '%s' label (a required vector)",
                       mc_vector_names[v]);
            continue;
        }
        s->used = 1;
        m->img.vector[v] = (uint16_t)s->value;
    }
    return m->diag.errors ? -1 : 0;
}

static void dispatch(struct masm *m)
{
    for (int i = 0; i < MC_NDISPATCH; i++) {
        m->img.dispatch[i] = m->img.vector[MC_V_UNDEF];
        m->img.decode[i] = i >= 256 ? MC_DEC_S : i < 0x40 ? MC_DEC_RR : i < 0xC0 ? MC_DEC_RX
                                                                                  : MC_DEC_SS;
    }
    int missing = 0, missing_impx = 0;
    for (size_t k = 0; k < isa_count; k++) {
        const struct isa_insn *in = &isa_table[k];
        unsigned idx = in->opcode > 0xFF ? mc_dispatch_index((uint8_t)(in->opcode >> 8),
                                                             (uint8_t)in->opcode)
                                         : in->opcode;
        m->img.decode[idx] = (uint8_t)decode_class((enum isa_format)in->format);
        struct symbol *s = masm_lookup(m, in->name);
        if (s && s->is_label) {
            s->used = 1;
            m->img.dispatch[idx] = (uint16_t)s->value;
            continue;
        }
        if (in->tier == IMPX)
            missing_impx++;
        else {
            missing++;
            diag_report(&m->diag, DIAG_WARNING, NULL, 0, 0, NULL,
                        "%s (%s, opcode %04X) has no microcode: it raises an operation exception",
                        in->name, isa_tier_name((enum isa_tier)in->tier), in->opcode);
        }
    }
    if (missing_impx)
        diag_report(&m->diag, DIAG_NOTE, NULL, 0, 0, NULL,
                    "%d IMP monitor instructions have no microcode yet (operation exception)",
                    missing_impx);
    (void)missing;
}

/* Mark words reachable from the vectors and the dispatch entries. */
static void reach(struct masm *m, unsigned char *seen)
{
    unsigned n = m->nwords, *stack = malloc((n * 3 + 8) * sizeof *stack), top = 0;
    if (!stack)
        return;
    for (int v = 0; v < MC_NVECTORS; v++)
        stack[top++] = m->img.vector[v];
    for (int i = 0; i < MC_NDISPATCH; i++)
        if (m->img.dispatch[i] != m->img.vector[MC_V_UNDEF] && !seen[m->img.dispatch[i]]) {
            seen[m->img.dispatch[i]] = 2;       /* queued */
            stack[top++] = m->img.dispatch[i];
        }
    while (top) {
        unsigned a = stack[--top];
        if (seen[a] == 1)
            continue;
        seen[a] = 1;
        const struct mc_word *w = &m->img.words[a];
        const struct mc_seq_prop *p = &mc_seq_prop[MC_GET(w, SEQ)];
        unsigned next[2], k = 0;
        /* the words SEQ names (fields.def: then, else; a CALL's return
         * point too); the fetch vector and the dispatch entries are roots */
        const uint8_t to[2] = { p->then, p->els };
        for (int j = 0; j < 2 && (j == 0 || p->els != p->then); j++)
            if (to[j] == MC_TO_NEXT)
                next[k++] = a + 1;
            else if (to[j] == MC_TO_ADDR)
                next[k++] = MC_GET(w, ADDR);
        for (unsigned j = 0; j < k; j++) {
            if (next[j] >= n) {
                struct stmt *s = m->word_stmt[a];
                masm_report(m, DIAG_ERROR, s->loc,
                            "execution can run past the last microword");
                continue;
            }
            if (seen[next[j]] != 1 && top < n * 3 + 8)
                stack[top++] = next[j];
        }
    }
    free(stack);
}

int masm_check(struct masm *m)
{
    if (vectors(m) < 0)
        return -1;
    dispatch(m);
    unsigned char *seen = calloc(m->nwords, 1);
    if (!seen)
        return -1;
    reach(m, seen);
    for (unsigned a = 0; a < m->nwords; a++)
        if (seen[a] != 1) {
            struct stmt *s = m->word_stmt[a];
            masm_report(m, DIAG_WARNING, s->loc, "unreachable microword");
            /* report only the first of a run */
            while (a + 1 < m->nwords && seen[a + 1] != 1)
                a++;
        }
    free(seen);
    for (int i = 0; i < m->nsyms; i++)
        if (!m->syms[i].used)
            masm_report(m, DIAG_WARNING, m->syms[i].loc, "%s '%s' is never used",
                        m->syms[i].is_label ? "label" : "name", m->syms[i].name);
    (void)nowhere;
    m->img.syms = calloc((size_t)m->nsyms + 1, sizeof *m->img.syms);
    for (int i = 0; m->img.syms && i < m->nsyms; i++)
        if (m->syms[i].is_label) {
            m->img.syms[m->img.nsyms].name = strdup(m->syms[i].name);
            m->img.syms[m->img.nsyms++].addr = (uint16_t)m->syms[i].value;
        }
    return m->diag.errors ? -1 : 0;
}
