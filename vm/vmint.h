/*
 * vmint.h -- the inside of the machine (libimpvm private): struct vm and
 * what the files of vm/ give one another.  Nothing outside the machine
 * library includes it (t4430); clients use vm.h.
 *
 * In order: the storage geometry (the storage path is storage.h); the
 * branch history's ring (branch.c); the pending-work bits, which send the
 * next instruction fetch to its checks, and the sources of timed events
 * (events.def, timer.c); the monitors' and PER's state; the pre-decoded
 * microword (struct uop) and the decoded-instruction cache entry (struct
 * icent); tasks and paging (paging.c); struct vm itself -- registers,
 * PSW, the I-unit latches, the control store, timers, run control,
 * counters -- and then each file's functions, under its name.
 *
 * Pre-decoding: each microword of the image becomes a struct uop with its
 * fields unpacked, its cycle cost summed, and its bus sources resolved to
 * one of three kinds: a pointer slot (registers, latches: vm->src[] holds
 * the pointer, refreshed when the instruction or RN changes), a constant
 * (ZERO, LIT, LITH), or a computed value (PSW words, timers, ...).
 *
 * The fast path (fastpath.c) adds to each uop an operation code chosen from
 * its field combination (a case of the free-running loop, fpchoose.c),
 * operand cells resolved to pointers, and its possible successors as uop
 * pointers; and it keeps a cache of decoded instructions (struct icent)
 * checked against the bytes in storage at every fetch.
 */
#ifndef IMP_VMINT_H
#define IMP_VMINT_H

#include "microword.h"
#include "vm.h"

#include <stdatomic.h>

/* The engine's invariants, checked in a debug build (-DIMP_DEBUG: make
 * sanitize builds one) and free otherwise. */
#ifdef IMP_DEBUG
#include <assert.h>
#define VM_ASSERT(x) assert(x)
#else
#define VM_ASSERT(x) ((void)0)
#endif

/*
 * Storage geometry.  Addresses are 24 bits (VM_ADDR_MASK); the storage
 * path's page tables (storage.h) have one entry per 2 KiB page, the block
 * of a storage key, so 2 KiB and 4 KiB virtual pages both map onto them.
 * The host copy of storage has ST_PAD bytes after its end, so that the
 * decoded-instruction cache may read 8 bytes at any instruction.
 */
#define ST_SHIFT 11
#define ST_PAGE  (1u << ST_SHIFT)
#define ST_OFF   (ST_PAGE - 1)
#define ST_NPAGE ((VM_ADDR_MASK + 1) >> ST_SHIFT)
#define ST_PAD   8

/*
 * The branch history (branch.c).  The running task's taken branches go
 * into a ring of BR_RING entries: the branch instructions' addresses in
 * one array and, BR_RING words after each, the targets in another (two
 * arrays, so no compiler merges the two stores into a vector one).
 * vm->brp points at the next entry; the arrays sit in vm->br_mem at a
 * 256-byte boundary and the from-array is 256 bytes, so adding 4 to the
 * pointer's low byte alone steps it and wraps it: a branch costs two
 * loads, two stores and a byte add (br_note), in both engines.  The task
 * is not written per branch: when another task is loaded, the newest
 * entries go to vm->br_old with the task's id (br_fold) and the ring
 * starts again.  The last entry's target is BR_NONE after a reset, so a
 * ring that wrapped is known.
 */
#define BR_RING 64
#define BR_NONE 0xFFFFFFFFu             /* no 24-bit address */

/*
 * Pending work (vm->pending): something the next instruction fetch must
 * do before it fetches.  Raised and cleared only through pw_set(), which
 * also moves the fetch deadline (fp_deadline): the fast fetch tests one
 * deadline, and everything here sends it to the checked fetch.  Timer
 * updates are due by cycle (vm->next_event), not by a bit.
 */
#define PW_BITS(X)                                                              \
    X(IRQ,    1, "an enabled external interruption is pending")                \
    X(PSWBAD, 2, "the current PSW is invalid: the fetch raises 0006")          \
    X(WATCH,  4, "a watchpoint was hit: stop before the next instruction")     \
    X(STOP,   8, "a stop was requested (vm_request_stop)")                   \
    X(TRACED, 16, "a traced instruction ended: call the trace's done")        \
    X(TASK,   32, "dispatch: the slice ended, the task waits or it ended")       \
    X(MON,    64, "the instruction-frequency monitor settles after this fetch (hpm-iifm.c)") \
    X(SAMPLE, 128, "a sampling monitor may be due: the fetch asks hpm.c")    \
    X(PER,    256, "a PER event was recognized: the next fetch takes the program interruption")
enum {
#define X(name, bit, what) PW_##name = bit,
    PW_BITS(X)
#undef X
};

/* The sources of timed events (events.def): EV_TIMER ..., and how many. */
#include "events.def"
enum ev_source {
#define X(name, bit, what) EV_##name,
    VM_EVENT_SOURCES(X)
#undef X
    EV_COUNT
};

/* What the fetch word's DISPATCH sends to the `events' microcode. */
#define PW_EVENTS (PW_IRQ | PW_TASK)

/*
 * The instruction-frequency monitor (hpm-iifm.c; imp(7), "INSTRUCTION
 * FREQUENCY MONITORING").  The control block LOCR loads (IIFM_BLOCK
 * bytes): +0 H pattern (an opcode: X'00nn' or X'B2nn'), +2 H don't-care
 * bits, +4 X flags, +5 X 0, +6 H tasks (bit 15-n+1... see imp(7)), +8 F
 * slice in cycles, +12 A frequency table, +16 2F 0.  The microcode
 * accumulates the hardware's counters into CAT+X'E0' (D opcode counter,
 * D cycle counter) and into the table; STOCR stores the counters
 * (IIFM_RESULT bytes) at its operand.
 */
enum { IIFM_PROB = VM_IIFM_PROB, IIFM_SUP = VM_IIFM_SUP, IIFM_SLICE = VM_IIFM_SLICE,
       IIFM_ALL = VM_IIFM_TABLE_ALL };
#define IIFM_BLOCK     VM_IIFM_BLOCK
#define IIFM_RESULT    16
#define IIFM_TABLE     VM_IIFM_TABLE    /* a count and a cycle doubleword per decode index */
#define IIFM_MIN_SLICE 1000u            /* cycles */
#define IIFM_DRAIN     65536u           /* the hardware's counters are accumulated at least
                                           this often (program cycles) */
struct iifm {
    int on;
    uint16_t pattern, dontcare, tasks;
    uint8_t flags;
    uint32_t slice, table;
    uint8_t match[512];                 /* decode indexes the compare register matches */
    uint64_t base_count[512], base_cycles[512];   /* the open interval's start */
    int open;                           /* the open interval counts (state, task selected) */
    int open_prob;
    unsigned open_task;
    /* the hardware's counters, not yet accumulated by the microcode: the
       opcode and cycle counters, and (slicing, the table of every opcode)
       each opcode's */
    uint64_t hw_n, hw_c;
    uint64_t pend_n[512], pend_c[512];
    unsigned scan;                      /* SF=IFMNEXT's place in the opcodes */
    int due;                            /* the counters wait for the microcode */
    uint32_t item_addr, item_n, item_c; /* the item latched for it (IFMA, IFMN, IFMC) */
    uint64_t slice_end, drain_at;       /* in program cycles (hpm_program_cycles) */
    unsigned cur;                       /* slicing: the decode index counted */
    /* slicing: the slices begun; the program cycles at LOCR, and once
       stopped the program cycles counted (vm_iifm_state) */
    uint64_t slices, sliced;
};

/*
 * The hardware performance monitors (HPMs; hpm.c; imp(7), "THE SAMPLING
 * MONITORS"): the timers and triggers that enter the `monitor' vector, and what each
 * monitor's microcode costs.  The control blocks are in storage; the
 * microcode reads them at every event.
 */
enum { HPM_IAS = 1, HPM_PCS = 2, HPM_GLN = 4, HPM_CSM = 8,      /* MONEV's bits 28-31, 1 << m */
       HPM_DSM = 16,                    /* bit 27: data references latched (the CSECT monitor's) */
       HPM_IFM = 32 };                  /* bit 26: the frequency monitor's counters to accumulate */
#define DSM_QUEUE 8                     /* data references latched between two fetches */
struct hpm {
    unsigned on;                        /* MON_* enabled */
    unsigned ev;                        /* the events being served (MONEV) */
    uint64_t ias_next, ias_period;      /* interval timer 4: the next sample */
    uint64_t pcs_start, pcs_k, pcs_next; /* tick k is at start + k * second / rate */
    uint32_t pcs_rate;
    int gln_insns;                      /* the interval counts instructions */
    uint64_t gln_every, gln_next;       /* the next trigger (a cycle or an instruction count) */
    unsigned gln_n, gln_left, gln_idx;  /* records per trigger; left in this burst; index */
    uint64_t gln_last;                  /* instructions at the last record */
    int gln_full;                       /* the buffer filled: 1, 2 once DGLN saw it */
    int gln_int;                        /* its flag X'40': interrupt when full */
    int gln_pending;                    /* external interruption 1407 pending */
    uintptr_t csm_brp;                  /* vm->brp at the last fetch: a branch since? */
    uint32_t csm_lo, csm_hi;            /* the bounds comparator: the current CSECT */
    uint32_t csm_k;                     /* ... its index (X'FFFF': none) */
    uint32_t csm_blk, csm_tab, csm_n;   /* latched by ECSM: the block, the table, CSECTs */
    /* the block-indexed map (block +44; 0: none): its entries, the first
     * block's address, log2 of a block's bytes, the bytes it covers */
    uint32_t csm_map, csm_mbase, csm_mshift, csm_mspan;
    int csm_full, csm_due;
    /* the data CSECT monitor (ECSM's flag +40 bit 0): the storage path's
     * comparator, with the table as ECSM found it */
    int dsm;
    uint32_t *dsm_tab, dsm_n;           /* start, end pairs */
    uint32_t dsm_last;                  /* the last latched: kind << 16 | CSECT (X'FFFF': none) */
    uint32_t dsm_q[DSM_QUEUE][2];       /* from << 16 | to, kind << 24 */
    unsigned dsm_qn;
    uint64_t dsm_lost;                  /* references the full latch could not keep */
    uint64_t entry_insn;                /* instructions at the last entry from a fetch */
    uint32_t entry_upc;                 /* the microword the vector was entered from */
    int entered;
    unsigned cur;                       /* the monitor its cycles go to now (0: none yet) */
    uint64_t mark, mark_mw;             /* ... since this cycle and microword count */
    int in_vector;                      /* the vector's microcode runs (entered, no MONEND yet) */
    unsigned vector;                    /* ... which: MC_V_MONITOR, or MC_V_ACCUMULATE (IIFM alone) */
    uint64_t events[VM_HPM_COUNT], entries[VM_HPM_COUNT], cycles[VM_HPM_COUNT];
    uint64_t words[VM_HPM_COUNT];       /* microwords, as cycles */
    /* PER as a monitor's (vm_hpm_per_monitor): the monitor its cost goes
       to (1 + its index, 0: PER is the program's), and the handler's
       window, open from the PER interruption to the first fetch under a
       PSW with PER enabled again, since this cycle and microword (less
       the other monitors' cost in it: their sums at the mark) */
    unsigned isr_to;
    int isr;
    uint64_t isr_mark, isr_mark_mw, isr_other, isr_other_mw;
};

/*
 * Program-event recording (hpm-per.c; imp(7), "PROGRAM-EVENT RECORDING"): the
 * events CR9 arms, enabled by the PSW's PER mask (bit 1), decoded from the
 * control registers by per_update whenever the PSW or CR5, CR9-11 change.
 * The event bits are those of the PER code at X'96' (and of CR9 bits 0-4
 * shifted down by 24): an event recognized during an instruction is noted
 * in `ev' and PW_PER raised; the next fetch takes the interruption.
 */
enum { PER_SB = 0x80, PER_IF = 0x40, PER_SA = 0x20, PER_GRA = 0x10, PER_CSM = 0x08 };
enum per_check {
#define PER_CHECK(name, key, cycles, when) PER_CK_##name,
#include "per-checks.def"
#undef PER_CHECK
    PER_NCHECKS
};
#define PER_EVENTS(X)                                                           \
    X(SB,  "sb",  "successful branch")                                          \
    X(IF,  "if",  "instruction fetch")                                          \
    X(SA,  "sa",  "storage alteration")                                         \
    X(GRA, "gra", "general-register alteration")                                \
    X(CSM, "csm", "CSECT change (the CSECT monitor)")
struct per {
    unsigned en;                        /* PER_* armed and enabled (0: PER off) */
    uint32_t lo, span;                  /* the range: lo .. lo + span (mod 16M) */
    uint32_t if_n;                      /* span + 1 if IF is enabled, else 0 */
    uint16_t gra_mask;                  /* CR9 16-31: GR0 is bit 15 */
    int gra;                            /* GRA enabled with a mask: the reference engine runs */
    int sa_mapped;                      /* SA armed: every page is out of vm->wr */
    uintptr_t brp;                      /* vm->brp at the last fetch: a branch since? */
    unsigned ev;                        /* events of the instruction in progress */
    uint32_t addr;                      /* ... their PER address */
    unsigned code;                      /* latched by SF=PERPGM for X'96' (PERC) */
    uint32_t laddr;                     /* ... and X'98' (PERA) */
    int host_pending;                   /* an SVC's service stored into the range: */
    uint32_t host_iaddr;                /* ... an SA event for the SVC at the next PSW */
    int intr;                           /* the interruption being taken includes PER */
    uint64_t events[5], interrupts;     /* counts, by PER_EVENTS order */
    /* the firmware's checks (per-checks.def): cycles at every fetch;
       owed by a branch, a store or a GR write (these two once an
       instruction: `marked'), paid at the next fetch of an instruction
       and counted then (fw_count holds the checks paid for) */
    unsigned fw_insn, fw_owed, fw_marked, fw_owed_n[PER_NCHECKS];
    uint64_t fw_cycles, fw_count[PER_NCHECKS];
};

enum { SRCK_PTR, SRCK_CONST, SRCK_CALC };
enum { DSTK_NONE, DSTK_PTR, DSTK_CALC };
enum { NSRC = 1 << MC_WIDTH_A, NDST = 1 << MC_WIDTH_D };  /* every code a field can hold */
_Static_assert(MC_WIDTH_A == MC_WIDTH_B, "the A and B buses choose from the same sources");
#define SF_BADMC 31     /* internal: the sentinel word after the last one */

/*
 * The I-unit latches that depend only on the instruction's bytes (and ILC,
 * EXEC): one block, so the fast path sets them from its cache with one
 * copy.  struct vm holds them as anonymous members (vm->r1, vm->i2, ...)
 * overlaid by the named block vm->il.
 */
#define ILATCH_MEMBERS                                                      \
    uint32_t i2, f1, f2, len, len1, len2, nreg4, opc, ilc;                 \
    unsigned didx;                          /* dispatch index */            \
    uint8_t ilen, r1, r2, exec;
struct ilatch { ILATCH_MEMBERS };

struct uop {
    /* what every fast-path case reads first, in its first 64 bytes */
    uint16_t self;          /* this word's control-store address */
    uint16_t op;            /* the case of the free-running loop (fastpath.c) */
    uint8_t cycles;         /* 1 + the extra cycles of its values */
    uint8_t ucond;          /* condition deciding between nt and nf; 0: always nf */
    uint8_t cc;
    uint8_t need;           /* flags this word's ALU sets that may be read later (fastpath.c) */
    const void *h;          /* GNU C: the address of its case in fp_run (fastpath.c) */
    const uint32_t *const *pa, *const *pb;  /* cells holding the A and B operand pointers */
    uint32_t *const *pd;    /* cell holding the destination pointer */
    uint32_t *cd;           /* a bound word's destination register (pd points here) */
    const struct uop *nt, *nf;  /* next microword when ucond is true / false (or no ucond) */
    const uint32_t *agm;        /* AG before MEM: MAR <- *agm (itself if none) */
    const uint32_t *agm2, *pat; /* MAR2 <- *agm2; the address register MEM uses (AT) */
    const uint32_t *ca, *cb;    /* constant operands: pa/pb point here */
    uint8_t a, b, alu, d, mem, at, ag, rnc, ctr, sf, seq, cond;
    uint8_t keep;           /* of need, the flags a later word may read (not its own CC or cond) */
    unsigned akind : 2, bkind : 2, dkind : 2;  /* SRCK_*, DSTK_* */
    unsigned pre : 1;       /* AG before MEM, or a storage read/probe */
    unsigned post : 1;      /* AG step, CTR or RNC after */
    uint16_t addr;
    uint32_t aconst, bconst;
};

/* A decoded instruction (fastpath.c): valid while the ilen bytes at hp
 * are still `bytes` (compared at every fetch), hp is still where the page
 * of ia is (a change of a page's mapping calls fp_forget_task_page) and the
 * control store is the one it was decoded for (the cache is flushed on
 * every load).  An instruction whose bytes cross a page, or that is at a
 * breakpoint or traced, is never cached.
 * 128 bytes, so that the cache is indexed by a shift; the base and index
 * registers are byte offsets in struct vm (of a GR or of the zero cell). */
struct icent {
    uint32_t tag;                           /* ia + 1; 0: empty */
    uint16_t d1, d2;
    uint64_t bytes, mask;                   /* the first 8 bytes at ia, as loaded; ilen-byte mask */
    const uint8_t *hp;                      /* where those bytes are (host; storage.h) */
    struct ilatch il;                       /* with exec 0 */
    uint8_t eas;                            /* IC_EA1 | IC_EA2: the addresses its format computes */
    uint16_t b1o, b2o, x2o;                 /* offsetof(struct vm, gr[B1]) ... or of zero */
    uint16_t gpo[5];                        /* offsets of GR[R1], [R1+1], [R2], [R2+1], [R2|1] */
    const struct uop *entry;                /* its bound entry word, or the exit to the cs one */
    /* Chained (fp_bind): the slot of the instruction that follows and
     * the tag that slot holds while it is that instruction; NULL if its
     * bound words do not end in OP_NEXTI. */
    const struct icent *succ;
    uint32_t succ_tag;
    uint32_t nia;                           /* the address that follows it (IA after its fetch) */
    uint8_t spare[8];                       /* to 128 bytes: the cache is indexed by a shift */
};
/* The register cell e->gpo[i] names. */
static inline uint32_t *ic_gp(const struct vm *vm, const struct icent *e, unsigned i)
{
    return (uint32_t *)(uintptr_t)((const char *)vm + e->gpo[i]);
}
#define IC_SIZE 8192                        /* entries, indexed by halfword address */
enum { IC_EA1 = 1, IC_EA2 = 2 };
/* Bound words per cache entry: the first microwords of an instruction's
 * path, copied with its registers and latches resolved (fpchoose.c). */
#define TR_MAX 6
/* The most cycles the bound words of a path without a loop can take. */
#define BOUND_CYCLES (TR_MAX * 255u)
/* Who wants the opcode counters (vm_counters' op_count and op_cycles):
 * the host (vm_count_opcodes, on from vm_new) and the instruction-
 * frequency monitor while it counts.  With none, a fetch counts the
 * instruction and keeps last_op, nothing more (opc_set, vm.c). */
enum { OPC_HOST = 1, OPC_IIFM = 2 };
void opc_set(struct vm *vm, unsigned who, int on);
#define OPC_ON(vm) ((vm)->opc_want != 0)
/* A bound word's condition CCM with the mask M1 folded in (uop.ucond). */
#define UC_CCM 32

/*
 * Paging (paging.c).  A real frame, and a task: the architected state of
 * a task that is not running (the running one's is in struct vm), its
 * address space (page table, page file, storage keys) and its storage
 * path tables, and its counts.
 */
struct frame {
    uint8_t task;                           /* owner, 0: free */
    uint8_t dirty, ref, fixed;
    uint32_t vpage;
    uint64_t loaded, used;                  /* reference numbers: load (FIFO), last use (LRU) */
};
enum { TS_READY, TS_PAGEWAIT, TS_TIMERWAIT, TS_ENDED };
/* The blocks whose access changes between two PSW keys (storage.c). */
struct key_change {
    uint32_t *pages, n, size;
    uint8_t from, to;
    /* The pages' entries under key `to', and the flat prefixes, as the
     * last change made them (saved: 1); any other remapping of a page of
     * the task (st_map_one) makes them old. */
    uint8_t **rd, **wr;
    uint32_t rd_flat, wr_flat;
    int saved;
};
struct task {
    unsigned id;
    uint8_t state;
    enum vm_status status;                  /* TS_ENDED: how */
    uint64_t ready_at;                      /* TS_*WAIT: the cycle it can run again */
    uint64_t blocked_at;                    /* TS_PAGEWAIT: since when */
    /* architected state, saved while it does not run */
    uint32_t gr[16], cr[16];
    uint8_t sysmask, key, emwp, cc, pm, psw_bad, psw_junk1;
    uint32_t ia, psw_junk0;
    uint64_t cpt_value, cpt_cycle, ckc, itimer_units;
    uint8_t itimer_pending;
    /* address space */
    uint32_t *pt;                           /* virtual page -> frame + 1, 0: not resident */
    uint8_t **file;                         /* virtual page -> its page-file copy (NULL: zeros) */
    uint8_t *skey;                          /* storage key per 2 KiB block */
    uint8_t **rd, **wr;                     /* the storage path's tables for it (storage.h) */
    uint8_t wr_key;                         /* the key its wr table was built for */
    struct key_change kc[2];                /* the last two key changes' blocks */
    int kc_next;
    /* local replacement: its frames in the order it took them, the hand */
    uint32_t *ring, nring, quota, hand;
    /* counts */
    uint64_t start, ended_at, cpu, wait, instructions, pageins, pageouts, dispatches;
    uint64_t start_insn;                    /* vm->ctr.instructions when it was dispatched */
    uint32_t frames;
};
struct paging {
    int on;
    uint32_t nframes, psize, pshift;        /* page size and its log2 */
    enum vm_policy policy;
    int local;
    uint32_t pagein, pageout;
    uint64_t slice;
    struct frame *frame;
    uint32_t hand;                          /* CLOCK, global */
    uint32_t *pt;                           /* the running task's page table */
    uint64_t refno;                         /* references reported so far: LRU's clock */
    uint64_t loads;                         /* pages brought in so far: FIFO's clock */
    uint64_t fault_cpu, fault_wait;         /* owed by the running task at the next dispatch */
    uint64_t yield_until;                   /* IDLE in a task: its timer wait ends then */
    uint64_t acct;                          /* cycles accounted up to here (cpu or wait) */
    uint64_t start, wait, pageins, pageouts, dispatches;
    uint32_t fixed;
    int running;                            /* the current task is dispatched (not waiting) */
    int stopped;                            /* the wait stopped at the run's limit */
    int track;                              /* the reference string is produced (track_update) */
    vm_ref_fn *ref_fn;
    void *ref_ctx;
    vm_task_end_fn *end_fn;
    void *end_ctx;
};

struct vm {
    /* architected registers */
    uint32_t gr[16], cr[16];
    /* PSW, kept unpacked */
    uint8_t sysmask, key, emwp, cc, pm;     /* emwp: PSW bits 12-15 */
    uint32_t ia;
    uint8_t psw_bad;
    uint32_t psw_junk0;                     /* bits 16-17, 24-31 of an invalid PSW */
    uint8_t psw_junk1;                      /* bits 32-39 of an invalid PSW */
    /* datapath */
    uint32_t w[8], mdr, q, mar, mar2, cnt, rn, pic, y;
    uint8_t fz, fn, fc, fv;
    /* I-unit latches of the current instruction */
    uint8_t ibytes[6];
    union {
        struct ilatch il;
        struct { ILATCH_MEMBERS };
    };
    uint8_t evskip;
    uint8_t fp_refetch;                     /* fp_set_fetch changed the fetch's case */
    uint32_t ea1, ea2, iaddr;
    uint32_t *src[NSRC];                    /* pointer slots by source code */
    uint32_t *dst[NDST];
    /* sequencer and control store */
    unsigned upc;
    uint16_t rstack[MC_RSTACK];
    unsigned rsp;
    struct uop *cs;                         /* nwords + 1 (the sentinel) */
    struct uop *xstub;                      /* nwords + 1 exits to cs words (fpchoose.c) */
    struct uop brstub;                      /* a taken BRT/BRNT: IA <- EA2, fetch (fpchoose.c) */
    struct uop nextstub;                    /* a chained instruction's fall-through (OP_NEXTI) */
    struct mc_image img;
    /* storage (storage.c, storage.h) */
    uint8_t *real;                          /* real storage: memsize bytes and ST_PAD more */
    uint8_t *skey;                          /* storage key per 2 KiB block (the current task's) */
    uint32_t memsize;                       /* bytes of (virtual) storage; frames: paging.c */
    /* the page reference string's filter (paging.c): a reference whose
     * address agrees with ref_rd (a read) or ref_wr (a store) under
     * ref_mask is to the page of the last one reported.  ref_mask is 0
     * when no string is produced (paging off too): never reported */
    uint32_t ref_mask;
    uint32_t ref_rd, ref_wr;
    uint32_t rd_flat, wr_flat;              /* the flat prefixes of vm->rd, vm->wr (storage.h) */
    unsigned nwatch;
    struct vm_watchpoint watch[VM_MAX_WATCHPOINTS];
    struct vm_watch_hit watch_hit;          /* the last watchpoint hit (PW_WATCH) */
    int watch_deferred;                     /* an SVC's service hit it: stop once the
                                               program's PSW is back (st_psw_loaded) */
    /* timers (timer.c) */
    uint64_t tod_epoch;                     /* TOD = tod_epoch + 256 * cycles */
    uint64_t cpt_value, cpt_cycle;          /* CPU timer = value - 256 * (cycles - cycle) */
    uint64_t ckc;
    uint64_t tod_latch, cpt_latch;          /* read by TODL, CPTL */
    uint64_t ev[EV_COUNT];                  /* each event source's deadline (events.def) */
    uint64_t next_event;                    /* the earliest: cycle of the next timer update */
    uint64_t itimer_units;                  /* interval-timer units accounted so far */
    uint8_t itimer_pending;
    /* run control */
    atomic_uint pending;                    /* PW_* bits: work for the next fetch (pw_raise) */
    uint64_t limit, hard_limit;
    uint64_t fetch_deadline;                /* fp_deadline(): below it, a fetch needs no check */
    unsigned fetch_cycles;                  /* cycles of a fetch microword (OP_FETCH) */
    enum vm_status stop;                    /* set by a special function; 0 = none */
    uint8_t fetched;
    uint64_t bp_resume;                     /* instructions + 1 when stopped at a breakpoint */
    uint32_t bp[VM_MAX_BREAKPOINTS];
    unsigned nbp;
    struct vm_counters ctr;
    uint64_t last_fetch_cycle;              /* (kept while the opcode counters are on) */
    unsigned last_op;
    uint8_t opc_want;                       /* OPC_*: who wants the opcode counters */
    struct vm_host host;
    struct vm_trace trace;
    struct vm_interrupt last_int;
    /* fast path (fastpath.c) */
    uint32_t zero, sink;                    /* a zero operand; a destination that goes nowhere */
    uint32_t *sinkp;                        /* -> sink: the cell for D=NONE */
    uint8_t ic_used;                        /* some icent may be valid */
    uint8_t fp_linked;                      /* every uop's h is set (fp_run, GNU C) */
    const struct icent *cur;                /* latches not yet set from this entry (lazy) */
    const void *const *fp_h;                /* fp_run's case addresses by operation (GNU C) */
    const void *const *fp_hb;               /* the same for bound words: no runaway check */
    struct icent ic[IC_SIZE];
    struct uop *tr;                         /* IC_SIZE * TR_MAX bound words */
    uint32_t ic_tag;                        /* the current task's cache tag: ia + ic_tag */
    /* the branch history (branch.c) */
    uint32_t *br_from;                      /* the ring in br_mem: from[i], to = from + BR_RING */
    uintptr_t brp;                          /* the next entry of br_from (low byte: its offset) */
    uint32_t br_mem[3 * BR_RING];           /* room for both arrays at a 256-byte boundary */
    unsigned br_nold;                       /* entries of br_old, oldest first */
    struct vm_branch br_old[VM_BRANCH_HISTORY];     /* earlier tasks' (br_fold) */
    /* the page tables of the storage path (storage.h): the host address of
     * each 2 KiB page for reads (operands and instruction fetch) and for
     * stores, or NULL: take the slow path.  The current task's. */
    uint8_t **rd, **wr;
    /* tasks and paging (paging.c) */
    struct task *task[VM_MAX_TASKS + 1];    /* by id; [0] unused */
    unsigned ntasks, tcur;                  /* tcur: the task whose state is in here */
    struct paging pg;
    struct iifm iifm;
    struct hpm hpm;
    struct per per;
};

#define STOP_NONE ((enum vm_status)-1)
#define STOP_REFETCH ((enum vm_status)-2)  /* fp_run: the fetch vector's case changed */

/* The address-register steps after MEM (AG = INC ... DECB), 24-bit. */
static inline void ag_step(struct vm *vm, unsigned ag)
{
    switch (ag) {
    case MC_AG_INC: vm->mar = (vm->mar + 1) & VM_ADDR_MASK; break;
    case MC_AG_INC2: vm->mar2 = (vm->mar2 + 1) & VM_ADDR_MASK; break;
    case MC_AG_INCB: vm->mar = (vm->mar + 1) & VM_ADDR_MASK;
                     vm->mar2 = (vm->mar2 + 1) & VM_ADDR_MASK; break;
    case MC_AG_INCW: vm->mar = (vm->mar + 4) & VM_ADDR_MASK; break;
    case MC_AG_DEC: vm->mar = (vm->mar - 1) & VM_ADDR_MASK; break;
    case MC_AG_DEC2: vm->mar2 = (vm->mar2 - 1) & VM_ADDR_MASK; break;
    case MC_AG_DECB: vm->mar = (vm->mar - 1) & VM_ADDR_MASK;
                     vm->mar2 = (vm->mar2 - 1) & VM_ADDR_MASK; break;
    default: break;
    }
}

/* RN <- rn (0-15), with the slots of the GRN and CRN operands. */
static inline void dp_set_rn(struct vm *vm, unsigned rn)
{
    vm->rn = rn;
    vm->src[MC_SRC_GRN] = vm->dst[MC_DST_GRN] = &vm->gr[rn];
    vm->src[MC_SRC_CRN] = &vm->cr[rn];
}

/* datapath.c */
uint32_t dp_source(struct vm *vm, unsigned sel, const struct uop *u);
void dp_dest(struct vm *vm, unsigned sel, uint32_t y);
void dp_refresh_slots(struct vm *vm);
void dp_init_slots(struct vm *vm);

/* decode.c: 0 ok, else the program-interruption code */
int iu_fetch(struct vm *vm, const uint8_t **host);   /* *host: storage.h st_ifetch */

/* iifm.c */
/* LOCR's and STOCR's work on the block at addr: 0 or a PIC (5, 6). */
int iifm_load(struct vm *vm, uint32_t addr);
int iifm_store(struct vm *vm, uint32_t addr);   /* SF=STOCR: stop; the microcode stores */
void iifm_fetched(struct vm *vm);       /* after a fetch is counted, PW_MON set */
void iifm_mark(struct vm *vm);          /* the PSW's state or the task may have changed */
void iifm_next(struct vm *vm);          /* SF=IFMNEXT: latch the next item to accumulate */
uint32_t iifm_source(const struct vm *vm, unsigned sel);   /* IFMA, IFMN, IFMC */
int iu_exfetch(struct vm *vm);

/* monitor.c */
#define HPM_ENTER (-2)                  /* special(): go to the monitor vector */
#define PER_ENTER (-3)                  /* special(): a PER interruption (trap, PIC 0) */
#define IDLE_BOUND (-4)                 /* tm_idle, special(): the wait reached the run's
                                           bound; the IDLE word stops, not counted */
/* An event due?  Take it (1: go to the monitor vector), or 0.  at_fetch:
 * from an instruction fetch (once per instruction), else from the wait. */
/* An event due: the vector is entered (1) instead of the word of
 * word_cycles (a fetch's: at_fetch, or the wait's), whose cycles are the
 * monitors' from then on. */
int hpm_enter(struct vm *vm, int at_fetch, unsigned word_cycles);
/* The vector's cycles so far go to its monitor (a run stops in it). */
void hpm_settle_cost(struct vm *vm);
/* The cycles that were the program's: the run's less every monitor's. */
uint64_t hpm_program_cycles(const struct vm *vm);
/* PER as a monitor's: the PER interruption opens the handler's window
 * (at the fetch that takes it); a fetch closes it once the PSW enables
 * PER again (1: the fetch is the handler's, not counted). */
void hpm_isr_enter(struct vm *vm);
int hpm_isr_fetch(struct vm *vm);
void hpm_timer(struct vm *vm);          /* register the first deadline (EV_HPM) */
uint64_t hpm_deadline(const struct vm *vm);   /* the next timed event, or UINT64_MAX */
/* SF=MONCTL ... MONEND (of a word of word_cycles): 0 or a PIC */
int hpm_special(struct vm *vm, unsigned sf, unsigned word_cycles);
uint32_t hpm_source(const struct vm *vm);     /* MONEV */
uint32_t hpm_dsm_source(const struct vm *vm, int kind);   /* DSMQ (0), DSMK (1) */
/* CSMM: the address of IA's entry in the CSECT monitor's map, or 0 */
static inline uint32_t hpm_csm_map_entry(const struct vm *vm)
{
    const struct hpm *m = &vm->hpm;
    uint32_t off = (vm->ia - m->csm_mbase) & VM_ADDR_MASK;
    return m->csm_map && off < m->csm_mspan ? m->csm_map + (off >> m->csm_mshift) * 16 : 0;
}
void hpm_dsm_ref(struct vm *vm, uint32_t addr, int store);  /* the slow path: an operand */
int hpm_dsm_page(const struct vm *vm, uint32_t base);       /* ... its pages */
void hpm_dsm_free(struct vm *vm);
uint32_t tm_itimer(struct vm *vm);      /* the interval timer's word at X'50' (ITMR) */
uint32_t hpm_read4(struct vm *vm, uint32_t addr);     /* MEM=MRD4 */
void hpm_write4(struct vm *vm, uint32_t addr, uint32_t v);

/* branch.c */
/* A taken branch to `to` by the instruction at vm->iaddr (IA has been
 * loaded): both engines call it where IA is loaded by a branch -- D=IA
 * but the resumption of an interruptible instruction, a taken BRT/BRNT. */
static inline void br_note(struct vm *vm, uint32_t to)
{
    uint32_t *e = (uint32_t *)vm->brp;
    e[BR_RING] = to;
    e[0] = vm->iaddr;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    *(unsigned char *)&vm->brp += sizeof *e;        /* the low byte: one add */
#else
    vm->brp = (vm->brp & ~(uintptr_t)255) | ((vm->brp + sizeof *e) & 255);
#endif
}
void br_reset(struct vm *vm);               /* vm_new: no branch yet */
/* Another task is loaded: the running task's (vm->tcur) newest branches
 * go to br_old, and the ring is empty. */
void br_fold(struct vm *vm);

/* per.c */
void per_update(struct vm *vm);         /* the PSW, CR5 or CR9-11 changed */
void per_note(struct vm *vm, unsigned ev, uint32_t addr);
void per_fetch_end(struct vm *vm);      /* at a fetch: the last instruction's branch */
int per_program(struct vm *vm);         /* SF=PERPGM */
void per_drop(struct vm *vm);           /* SF=PERSVC: the SVC's events are dropped */
void per_store(struct vm *vm, uint32_t addr, unsigned len);     /* the slow path stored */
/* a new PSW was loaded (after per_update): an SVC's deferred SA event */
void per_psw_loaded(struct vm *vm);
/* ... and its deferred watchpoint stop */
void st_psw_loaded(struct vm *vm);
/* the host stored for the program (vm_store_for_program) */
void per_host_store(struct vm *vm, uint32_t addr, uint32_t len, uint32_t iaddr, int deferred);
int per_sa_page(const struct vm *vm, uint32_t base);  /* a page the slow path must see */
/* A check owed by the instruction in progress (once: `mark'), paid at the next fetch. */
void per_owe(struct vm *vm, enum per_check k, unsigned mark);
/* At a fetch of the instruction at ia (fetched): the instruction-fetch event. */
static inline void per_ifetch(struct vm *vm, uint32_t ia)
{
    if (((ia - vm->per.lo) & VM_ADDR_MASK) < vm->per.if_n)
        per_note(vm, PER_IF, ia);
}
/* A GR written by the reference engine (r: its number). */
static inline void per_gr(struct vm *vm, unsigned r)
{
    if (!(vm->per.fw_marked & 2))
        per_owe(vm, PER_CK_GR, 2);
    if (vm->per.gra_mask >> (15 - r) & 1)
        per_note(vm, PER_GRA, vm->iaddr);
}
/* The firmware's checks at the fetch of an instruction (PER enabled):
 * their cycles, to add to the clock and to no instruction's; they are
 * charged to the monitor PER serves (vm_hpm_per_monitor) or else to
 * VM_HPM_PER, so the program's cycles leave them out too. */
unsigned per_checks(struct vm *vm);

/* psw.c */
uint32_t psw_word0(const struct vm *vm);
void psw_load_word0(struct vm *vm, uint32_t v);
void psw_load_word1(struct vm *vm, uint32_t v);
void psw_set_sysmask(struct vm *vm, uint32_t v);

/* timer.c */
uint64_t tm_tod(const struct vm *vm);
void tm_set_tod(struct vm *vm, uint64_t v);
uint64_t tm_cpt(const struct vm *vm);
void tm_set_cpt(struct vm *vm, uint64_t v);
void tm_set_ckc(struct vm *vm, uint64_t v);
void tm_update(struct vm *vm);              /* bring timers and X'50' up to now */
/* Event source k's next deadline is cycle d (UINT64_MAX: none): the
 * timer update at or after d raises its bit (events.def). */
void ev_set(struct vm *vm, enum ev_source k, uint64_t d);
/* The monitors' pending external condition, if CR0 lets it in: its
 * code or 0; and its acknowledgement, when code is taken. */
uint32_t hpm_ext_code(const struct vm *vm);
void hpm_ext_ack(struct vm *vm, uint32_t code);
void tm_update_irq(struct vm *vm);          /* recompute vm->irq */
uint32_t tm_ext_code(const struct vm *vm);
void tm_ext_ack(struct vm *vm);
int tm_idle(struct vm *vm);                 /* 0: advanced; IDLE_BOUND; else a stop status */
/* The first cycle an enabled external interruption of the running task
 * becomes pending (UINT64_MAX: none can). */
uint64_t tm_next_irq(struct vm *vm);
/* The wait state's end: 0 with *when the cycle an enabled external
 * interruption is pending (now, if one already is), else
 * VM_DISABLED_WAIT or VM_ENABLED_WAIT (none can come). */
int tm_wait_end(struct vm *vm, uint64_t *when);

/* engine.c */
void eng_predecode(struct vm *vm);
int eng_at_breakpoint(const struct vm *vm, uint32_t ia);
/* Is the instruction at ia one the instruction trace calls back for? */
int eng_traced(const struct vm *vm, uint32_t ia);
/*
 * At the fetch word u, after its cycles are counted.  Both engines call
 * these at the same points, so they stop at the same cycle; a stop undoes
 * u's counts, sets vm->upc to u and vm->stop, and returns 1.
 * eng_fetch_events, once the timers are up to date: the trace's done, then
 * a pending stop request or watchpoint hit.  eng_fetch_break, when no
 * interruption is taken and the next instruction is at a breakpoint:
 * stop, unless the run is resuming from that very stop.
 */
int eng_fetch_events(struct vm *vm, const struct uop *u);
int eng_fetch_break(struct vm *vm, const struct uop *u);
enum vm_status eng_run(struct vm *vm, int mode);
/* One microword by its fields, all phases, vm->upc sequenced: the
 * reference every fast-path handler must agree with. */
void eng_exec_uop(struct vm *vm, const struct uop *u);

/* paging.c */
int pg_init_task1(struct vm *vm);           /* vm_new: task 1 and its tables */
void pg_free(struct vm *vm);
/* SF=TASKSW: account and save the running task, choose the next ready
 * one (waiting, the machine idle, when none is); 0, or VM_CYCLE_LIMIT
 * when the wait reaches the run's limit, or PG_MONITOR when it reaches a
 * monitor's event (both: PW_TASK stays raised, no task runs). */
#define PG_MONITOR 1
int pg_dispatch(struct vm *vm);
/* SF=IDLE with paging on: the task waits for its timers; 0 (it yields,
 * PW_TASK raised) or the status that ends it. */
int pg_idle(struct vm *vm);
/* A status of scope TASK ended the running task: 1 if another task is
 * left (the run goes on at the fetch vector), else 0. */
int pg_task_end(struct vm *vm, enum vm_status st);
/* The reference filter missed (storage.h; so the string is produced and
 * the page is in a frame): report the reference. */
void pg_note(struct vm *vm, uint32_t addr, int write);
/* The host address of addr for the program (a fault brings the page in;
 * write: the page becomes dirty), and its reference reported. */
uint8_t *pg_xlate(struct vm *vm, uint32_t addr, int write);
/* The host address of addr without a fault or a reference, for the
 * host's and the machine's own access: to read, the frame or the page
 * file (NULL: a page of zeros).  To write (write = 1): a dirty frame, or
 * the page file (made if need be; NULL if out of memory) -- a clean
 * frame stays clean, pg_store writes it and its page file alike. */
uint8_t *pg_peek(struct vm *vm, uint32_t addr, int write);
/* Store n bytes (inside one page) at addr that way: 0, or -1. */
int pg_store(struct vm *vm, uint32_t addr, const void *src, uint32_t n);
/* The same in task t's address space (the monitors': task 1's). */
uint8_t *pg_peek_in(struct vm *vm, struct task *t, uint32_t addr, int write);
int pg_store_in(struct vm *vm, struct task *t, uint32_t addr, const void *src, uint32_t n);

/* fastpath.c, fpchoose.c */
void fp_prepare(struct vm *vm);             /* after eng_predecode: handlers, cells; flush the cache */
/* The fetch vector's case for what is on: the paged fetch (paging), the
 * fetch with the CSECT monitor's comparator (which works paged or not),
 * or the plain one; paging on or off flushes the cache. */
void fp_set_fetch(struct vm *vm);
/* Recompute vm->fetch_deadline from the run's bounds, vm->next_event and
 * vm->pending: set_limit, pw_set and ev_set call it, nothing else needs to. */
void fp_deadline(struct vm *vm);
/* Raise (on != 0) or clear the pending-work bits `bits`.  pw_raise alone
 * may be called from a signal handler (vm_request_stop): it only sets the
 * bits, and the checked fetch, which runs at least every timer period
 * (tm_update), finds them. */
void pw_set(struct vm *vm, unsigned bits, int on);
static inline void pw_raise(struct vm *vm, unsigned bits)
{
    atomic_fetch_or_explicit(&vm->pending, bits, memory_order_relaxed);
}
static inline unsigned pw_get(const struct vm *vm)
{
    /* C11's atomic_load takes no const object; the word is never const */
    return atomic_load_explicit((atomic_uint *)&vm->pending, memory_order_relaxed);
}
enum vm_status fp_run(struct vm *vm);       /* the free-running loop */
/* Drop the cached instruction at ia / every one in a 2 KiB page. */
void fp_forget(struct vm *vm, uint32_t ia);
/* Drop task id's cached instructions in a 2 KiB page (its tag). */
void fp_forget_task_page(struct vm *vm, unsigned id, uint32_t page);
/* Where the cache keeps the instruction at ia (of any task: the tag
 * tells them apart). */
static inline struct icent *ic_slot(struct vm *vm, uint32_t ia)
{
    return &vm->ic[(ia >> 1) & (IC_SIZE - 1)];
}
void fp_flush(struct vm *vm);
enum { RUN_FREE, RUN_INSN, RUN_MICRO };

/* liveness.c: the flags a microword's ALU result must carry (uop.need:
   for its own CC and condition and for later words; uop.keep: for later
   words alone): Z N C V, and Y (the ALU output) tracked like a flag. */
enum { FZ = 1, FN = 2, FC = 4, FV = 8, FALL = 15, FY = 16, FLIVE = 31 };
void fp_flag_liveness(struct vm *vm);

#endif
