/*
 * vm.h -- the public API of libimpvm, the horizontally microcoded IMP
 * machine (a System/370 EC-mode subset, see imp(7) and impmc(5)).
 *
 * A struct vm is one whole machine: storage, registers, PSW, control
 * registers, timers, the control store and the micro-sequencer.  There are
 * no globals: a process may run many machines.  The library never prints
 * and never exits; every run ends with a status from VM_STATUSES.
 *
 * Typical use (a load module):
 *
 *     struct vm *vm = vm_new(NULL);               built-in microcode
 *     vm_store_bytes(vm, origin, text, len);      load the program
 *     vm_set_gr(vm, 15, entry); ...
 *     vm_set_psw(vm, VM_PSW_EC | entry);          EC mode, supervisor, key 0
 *     vm_set_host(vm, &host);                     DIAGNOSE X'83' services
 *     enum vm_status st = vm_run(vm, limit);
 *     printf("%s\n", vm_status_message(st));
 *     vm_free(vm);
 *
 * A core image (Hercules-style): vm_store_bytes(vm, 0, image, n);
 * vm_restart(vm); vm_run(...): the restart stores the current PSW at X'8'
 * and loads the PSW from the doubleword at 0.
 *
 * Virtual time: one microword is one cycle, storage references and some
 * units cost extra cycles (impmc(5), "CYCLES"); every timer is driven by
 * the cycle counter, so every run is deterministic.  One cycle is 1/16
 * microsecond of virtual time (the TOD clock advances by 256 in bit 63
 * units per cycle).
 */
#ifndef IMP_VM_H
#define IMP_VM_H

#include <stddef.h>
#include <stdint.h>

struct vm;
struct mc_word;

#define VM_ADDR_MASK       0xFFFFFFu    /* 24-bit addresses */
#define VM_DEFAULT_STORAGE (1u << 20)   /* 1 MiB */
#define VM_MAX_STORAGE     (VM_ADDR_MASK + 1)   /* 16 MiB */
#define VM_MAX_BREAKPOINTS 16
#define VM_MAX_WATCHPOINTS 16

struct vm_config {
    /* Storage size in bytes: a multiple of 4096, at most VM_MAX_STORAGE;
     * 0 means VM_DEFAULT_STORAGE.  An address at or beyond it raises an
     * addressing exception (0005). */
    uint32_t storage_size;
};

/*
 * Run outcomes: enum name, short name, scope, message.  vm_run and the
 * step functions return one; imprun prints the message.  Scope TASK: the
 * status ends the task that caused it; with several tasks the machine
 * goes on with the others (vm_task_info keeps it) and the run returns
 * VM_TASKS_ENDED when none is left.  MACHINE: the run stops.
 */
#define VM_STATUSES(X)                                                              \
    X(VM_EXIT,           "exit",         TASK,    "program ended (EXIT host service)")         \
    X(VM_ABEND,          "abend",        TASK,    "program ended abnormally (ABEND service)")  \
    X(VM_DISABLED_WAIT,  "disabled-wait",TASK,    "disabled wait state")                       \
    X(VM_ENABLED_WAIT,   "enabled-wait", TASK,    "enabled wait state with no interruption that can ever come") \
    X(VM_NO_PGM_HANDLER, "program-interruption", TASK, "program interruption with no handler (program new PSW is zero)") \
    X(VM_NO_SVC_HANDLER, "svc-interruption", TASK, "SVC interruption with no handler (SVC new PSW is zero)") \
    X(VM_NO_EXT_HANDLER, "external-interruption", TASK, "external interruption with no handler (external new PSW is zero)") \
    X(VM_NO_RESTART_PSW, "restart",      TASK,    "restart with a zero restart new PSW")      \
    X(VM_CYCLE_LIMIT,    "cycle-limit",  MACHINE, "cycle limit reached")                       \
    X(VM_BREAKPOINT,     "breakpoint",   MACHINE, "breakpoint")                                \
    X(VM_STEPPED,        "stepped",      MACHINE, "instruction step done")                     \
    X(VM_MICROSTEPPED,   "microstepped", MACHINE, "microstep done")                            \
    X(VM_STOP_REQUEST,   "stopped",      MACHINE, "stopped by request")                        \
    X(VM_BAD_MICROCODE,  "bad-microcode",MACHINE, "the microcode failed (bad control-store address or return stack)") \
    X(VM_HOST_ERROR,     "host-error",   MACHINE, "a host service failed")                     \
    X(VM_CHECK_STOP,     "check-stop",   MACHINE, "check-stop")                                \
    X(VM_WATCHPOINT,     "watchpoint",   MACHINE, "watchpoint: a watched storage location was referenced") \
    X(VM_TASKS_ENDED,    "tasks-ended",  MACHINE, "every task ended")

enum vm_status {
#define X(e, name, scope, msg) e,
    VM_STATUSES(X)
#undef X
    VM_NSTATUS
};
const char *vm_status_name(enum vm_status s);      /* "exit", "cycle-limit", ... */
const char *vm_status_message(enum vm_status s);

/* ---- creation and the control store ------------------------------------ */

/* A new machine with the built-in control store, storage zeroed, GRs 0,
 * PSW 0, CR0 X'000000E0', CR14 X'C2000000', CR15 512, other CRs 0 (the
 * S/370 initial values).  NULL if out of memory or cfg is invalid. */
struct vm *vm_new(const struct vm_config *cfg);
void vm_free(struct vm *vm);

/*
 * Replace the control store (impmc(5) image).  On error return -1 with a
 * one-line message in err (e.g. "microcode.mcs: line 3: layout hash ..."),
 * and keep the old control store.  The micro-sequencer restarts at the
 * fetch vector.
 */
int vm_load_control_store_file(struct vm *vm, const char *path, char *err, size_t errsize);
int vm_load_control_store_text(struct vm *vm, const char *text, size_t len,
                               char *err, size_t errsize);
/* Back to the built-in microcode. */
int vm_load_default_control_store(struct vm *vm);
/* The built-in image text (mc/src/ assembled by impmc at build time). */
extern const char vm_default_control_store[];

/* ---- storage --------------------------------------------------------------- */

uint32_t vm_storage_size(const struct vm *vm);
/* Copy to/from real storage, no protection, no PER and no watchpoints
 * (the host's own access, through the storage path's page tables).  -1
 * (nothing copied) if [addr, addr+len) is not inside storage.  There is
 * no pointer into guest storage: every reference goes through the
 * machine's storage path (imp(7), "The storage path"). */
int vm_store_bytes(struct vm *vm, uint32_t addr, const void *src, size_t len);
int vm_fetch_bytes(const struct vm *vm, uint32_t addr, void *dst, size_t len);
/*
 * A store the host makes on the program's behalf (a host service's, an
 * ASSIST instruction's): copied as vm_store_bytes copies (the caller has
 * checked the program's key), then seen as the program's own store, made
 * by the instruction at iaddr, by PER storage alteration (CR9 bit 2, the
 * range CR10-CR11, the PSW's PER mask) and by write watchpoints.
 * deferred 0: the instruction is in progress (DIAGNOSE, ASSIST's): the
 * event goes with it.  deferred 1: an SVC's service, run by the nucleus
 * with PER off: the event is presented when the next PSW is loaded (the
 * nucleus's LPSW back to the program), if that PSW enables PER.  -1
 * (nothing copied) if the range is not inside storage.
 */
int vm_store_for_program(struct vm *vm, uint32_t addr, const void *src, size_t len,
                         uint32_t iaddr, int deferred);

/*
 * Storage keys (System/370 key-controlled protection), one per 2 KiB block
 * of the current task's storage: the key byte is the access key in bits
 * 0-3 and the fetch-protection bit VM_KEY_FETCH (bit 4); IMP keeps no
 * reference or change bits.  A store with a nonzero PSW key needs the
 * block's key to match; so does a fetch (operand or instruction) from a
 * fetch-protected block; otherwise a protection exception (0004).  Every
 * key starts at 0.  vm_set_storage_key sets the blocks that hold a byte of
 * [addr, addr + len): 0, or -1 if the range is empty or not in storage.
 */
#define VM_KEY_BLOCK 2048u
#define VM_KEY_FETCH 0x08u
int vm_set_storage_key(struct vm *vm, uint32_t addr, uint32_t len, unsigned key);
unsigned vm_get_storage_key(const struct vm *vm, uint32_t addr);

/* ---- registers and PSW --------------------------------------------------- */

uint32_t vm_get_gr(const struct vm *vm, unsigned n);
void vm_set_gr(struct vm *vm, unsigned n, uint32_t v);
uint32_t vm_get_cr(const struct vm *vm, unsigned n);
void vm_set_cr(struct vm *vm, unsigned n, uint32_t v);

/*
 * The PSW as a 64-bit value, bit 0 = the most significant bit (POP
 * numbering).  EC mode: bits 0-7 system mask (1 PER, 6 I/O, 7 external),
 * 8-11 key, 12 EC (must be 1), 13 M, 14 W wait, 15 P problem state,
 * 18-19 CC, 20-23 program mask, 40-63 instruction address.
 */
#define VM_PSW_EC   (UINT64_C(1) << 51)     /* bit 12 */
#define VM_PSW_WAIT (UINT64_C(1) << 49)     /* bit 14 */
#define VM_PSW_PROB (UINT64_C(1) << 48)     /* bit 15 */
#define VM_PSW_EXT  (UINT64_C(1) << 56)     /* bit 7: the external mask */
uint64_t vm_get_psw(const struct vm *vm);
/* Load the PSW as LPSW would, without the program interruption: returns 0,
 * or -1 if it is not a valid EC-mode PSW (it is loaded anyway, and the
 * next instruction fetch raises the early specification exception). */
int vm_set_psw(struct vm *vm, uint64_t psw);
unsigned vm_get_cc(const struct vm *vm);
void vm_set_cc(struct vm *vm, unsigned cc);

/* The operator's restart: the next vm_run starts with the restart vector of
 * the microcode (old PSW to X'8', new PSW from X'0'). */
void vm_restart(struct vm *vm);

/* ---- running ----------------------------------------------------------------- */

/*
 * Run until a status.  max_cycles bounds the cycles of this call (0: no
 * bound); VM_CYCLE_LIMIT is returned at the first instruction boundary at
 * or after the bound (or, if one instruction runs away inside the
 * microcode, 2^20 cycles later).  A run resumes where the previous stopped.
 */
enum vm_status vm_run(struct vm *vm, uint64_t max_cycles);
/* Execute to the end of one instruction (or an interruption): VM_STEPPED. */
enum vm_status vm_step_insn(struct vm *vm);
/* Execute exactly one microword: VM_MICROSTEPPED (or a stop status). */
enum vm_status vm_step_micro(struct vm *vm);

/*
 * Breakpoints on instruction addresses.  A run stops with VM_BREAKPOINT
 * when the instruction at a breakpoint is the next to be fetched and no
 * interruption is taken first: before the fetch microword, whose cycles
 * are not yet counted.  A run resumed from there executes the instruction
 * (it stops there again only after another instruction has run).  The
 * free-running engine keeps its speed: the instruction at a breakpoint is
 * never held in the decoded-instruction cache, every other one is.
 */
int vm_set_breakpoint(struct vm *vm, uint32_t addr);     /* -1 if full */
void vm_clear_breakpoint(struct vm *vm, uint32_t addr);

/*
 * Watchpoints on storage: a reference by the program (an operand read for
 * VM_WATCH_READ, a store for VM_WATCH_WRITE, a host service's store for
 * it by vm_store_for_program; not the instruction fetch, not the
 * machine's own stores such as old PSWs and the interval timer, not the
 * host's vm_store_bytes) to a byte of [addr, addr + len) completes,
 * and the run stops with VM_WATCHPOINT before the next instruction (or the
 * interruption the reference caused).  Only the pages of the watched
 * ranges leave the fast storage path.  vm_set_watchpoint returns -1 if the
 * table is full or the range is empty or wraps; a range at an address
 * already watched replaces it.
 */
enum { VM_WATCH_READ = 1, VM_WATCH_WRITE = 2 };
struct vm_watchpoint {
    uint32_t addr, len;
    unsigned kind;              /* VM_WATCH_READ | VM_WATCH_WRITE */
};
struct vm_watch_hit {
    uint32_t addr;              /* the reference's first byte */
    unsigned len;               /* 1, 2 or 4; a host store's: its length */
    unsigned kind;              /* VM_WATCH_READ or VM_WATCH_WRITE */
    uint32_t value;             /* the value read or stored */
    uint32_t iaddr;             /* the instruction that made it */
    struct vm_watchpoint watch; /* the watchpoint it hit */
    int host;                   /* 1: the host stored for it (vm_store_for_program);
                                   value is the first 4 bytes stored */
};
int vm_set_watchpoint(struct vm *vm, uint32_t addr, uint32_t len, unsigned kind);
void vm_clear_watchpoint(struct vm *vm, uint32_t addr);
/* The reference that stopped the last run with VM_WATCHPOINT. */
const struct vm_watch_hit *vm_last_watch(const struct vm *vm);

/*
 * Ask a run to stop: it returns VM_STOP_REQUEST at the next instruction
 * boundary, within one timer period (at most 209 cycles of its time).
 * Safe to call from a signal handler or from a callback of the run; a
 * live monitor calls it to interrupt a long slice.  A request made while
 * no run is going stops the next run before its first instruction.
 */
void vm_request_stop(struct vm *vm);

/* ---- counters ------------------------------------------------------------------ */

/* Per-opcode arrays are indexed like the dispatch: 0-255 one-byte opcodes,
 * 256 + op1 for B2xx (mc_dispatch_index). */
struct vm_counters {
    uint64_t cycles;            /* virtual time since vm_new */
    uint64_t microwords;        /* microwords executed */
    uint64_t instructions;      /* instructions fetched (EX targets not counted) */
    uint64_t op_count[512];
    uint64_t op_cycles[512];    /* cycles from an instruction's fetch to the next fetch */
};
const struct vm_counters *vm_counters(const struct vm *vm);
/*
 * The opcode counters (op_count, op_cycles) are on from vm_new.  A host
 * that never reads them may turn them off: a fetch then counts only the
 * instruction, which makes a plain run faster, and the two arrays keep
 * what they held.  cycles, microwords and instructions never change with
 * them.  The instruction-frequency monitor keeps them on while it counts
 * (its counts are theirs).  Turned on again, op_cycles charges the
 * instruction in progress from that moment.
 */
void vm_count_opcodes(struct vm *vm, int on);
/* Charge extra cycles (a host service's documented cost). */
void vm_add_cycles(struct vm *vm, uint64_t n);

/* ---- virtual storage, paging and tasks (imp(7), "Tasks and paging") ------------ */

/*
 * Paging off (the default): one task, storage is real, and nothing below
 * changes a count.  vm_set_paging turns it on, once, before anything is
 * stored: every task then has its own virtual address space of
 * storage_size bytes (vm_config), addresses are translated on every
 * instruction fetch and operand reference, and a page that is not in a
 * real frame is brought in below the architecture (a page fault: the
 * victim frame chosen by the policy, written out first if it is dirty).
 * The faulting instruction completes; its task then waits the page-out
 * and page-in latencies while other tasks run, and its CPU is charged
 * VM_FAULT_CYCLES for the fault.  The machine's own references (old
 * PSWs are the program's; the interval timer at X'50' is the machine's)
 * and the host's vm_store_bytes / vm_fetch_bytes never fault.
 */
#define VM_MAX_TASKS    16
#define VM_FAULT_CYCLES 100             /* CPU cycles of the microcode's fault service */
#define VM_POLICIES(X)                                                          \
    X(VM_LRU,   "lru",   "least recently used")                                \
    X(VM_FIFO,  "fifo",  "first in, first out")                                \
    X(VM_CLOCK, "clock", "second chance: a reference bit per frame and a hand")
enum vm_policy {
#define X(e, name, what) e,
    VM_POLICIES(X)
#undef X
    VM_NPOLICY
};
const char *vm_policy_name(enum vm_policy p);
struct vm_paging {
    uint32_t frames;            /* real frames (> 0) */
    uint32_t page_size;         /* 2048 or 4096 */
    enum vm_policy policy;
    uint32_t pagein_cycles;     /* latency of a page-in (the task waits) */
    uint32_t pageout_cycles;    /* latency of writing a dirty victim first */
    int local;                  /* 1: each task replaces among its own frames
                                   (frames split evenly, imp(7)); 0: global */
};
/* 0, or -1 with a one-line reason in err: zero frames, a page size other
 * than 2048 or 4096, more real storage than 16 MiB, paging already on. */
int vm_set_paging(struct vm *vm, const struct vm_paging *cfg, char *err, size_t errsize);
int vm_paging_on(const struct vm *vm);
/* The configuration paging was turned on with, and the time slice: 0, or
 * -1 if paging is off. */
int vm_paging_config(const struct vm *vm, struct vm_paging *cfg, uint64_t *slice);

/*
 * Tasks (paging on): task 1 exists from the start; vm_add_task makes the
 * next (2, 3, ... up to VM_MAX_TASKS) with its own empty address space,
 * registers 0, the initial control registers and a zero PSW; -1 if
 * paging is off or there are VM_MAX_TASKS.  vm_select_task makes the
 * registers, PSW, CC and storage calls of this API act on task id, and
 * the next run starts with it.  The microcode dispatches the tasks that
 * are ready round-robin, each for a time slice of `slice` cycles.
 */
int vm_add_task(struct vm *vm);
int vm_select_task(struct vm *vm, unsigned id);         /* -1: no such task */
unsigned vm_task_count(const struct vm *vm);
/* The task whose state the machine holds (1 with paging off); 0 while
 * the machine waits with no task to run. */
unsigned vm_current_task(const struct vm *vm);
void vm_set_slice(struct vm *vm, uint64_t cycles);       /* 0: the default */
#define VM_DEFAULT_SLICE 160000u        /* cycles: 10 ms of virtual time */
struct vm_task_info {
    unsigned id;
    int ended;                  /* 1: status says how */
    enum vm_status status;
    uint64_t cpu_cycles;        /* cycles it ran (its faults' service included) */
    uint64_t wait_cycles;       /* cycles it waited for page-outs and page-ins */
    uint64_t elapsed_cycles;    /* from its start to its end (or now) */
    uint64_t instructions, pageins, pageouts, dispatches;
    uint32_t frames;            /* frames it holds now */
};
int vm_task_info(const struct vm *vm, unsigned id, struct vm_task_info *out);
/* Called when a status of scope TASK ends task id, the machine still
 * holding its state (registers, PSW, the interruption), before the next
 * task is dispatched: a runner reports it here. */
typedef void vm_task_end_fn(void *ctx, struct vm *vm, unsigned id, enum vm_status st);
void vm_set_task_end(struct vm *vm, vm_task_end_fn *fn, void *ctx);
struct vm_paging_stats {
    uint64_t pageins, pageouts;
    uint64_t wait_cycles;       /* the machine in the wait state: no task could run */
    uint64_t elapsed_cycles;    /* since paging went on */
    uint64_t dispatches, references;
    uint32_t frames_used, frames_fixed;
};
void vm_paging_stats(const struct vm *vm, struct vm_paging_stats *out);
/*
 * The page reference string: fn is called for each reference the
 * machine makes by task and page, in order, with runs collapsed (a
 * reference to the page of the one before it is not reported, unless it
 * is the first store after reads).  `write` is 1 for a store.  Instruction
 * fetches and operands alike; not the machine's own references.
 */
typedef void vm_ref_fn(void *ctx, unsigned task, uint32_t page, int write);
void vm_set_page_refs(struct vm *vm, vm_ref_fn *fn, void *ctx);
/* Fix the pages of [addr, addr + len) of the selected task in real
 * frames (bringing them in, counted as page-ins) so that no reference to
 * them faults, or release them (fix = 0).  -1 if that would leave no
 * frame to replace, or the range is outside storage. */
int vm_fix_pages(struct vm *vm, uint32_t addr, uint32_t len, int fix);

/* ---- host services (DIAGNOSE X'83') and ASSIST ---------------------------------- */

enum vm_host_result {
    VM_HOST_OK,         /* done; the instruction completes (CC as the host set it) */
    VM_HOST_EXIT,       /* done, and the program ends: vm_run returns VM_EXIT */
    VM_HOST_BAD_CODE,   /* unknown function code: specification exception 0006 */
    VM_HOST_FAIL,       /* the host cannot go on: vm_run returns VM_HOST_ERROR */
    VM_HOST_PROGRAM,    /* program interruption, code in *pic */
    VM_HOST_ABEND,      /* the task ends with VM_ABEND */
    VM_HOST_NOPGM       /* the program interruption stored at X'28' and X'8C' had no
                           handler: vm_run returns VM_NO_PGM_HANDLER (an interrupt
                           service routine hands the program's own exceptions back) */
};

/* One ASSIST instruction, decoded by the microcode and handed to the host. */
struct vm_assist_call {
    unsigned opcode;    /* 0x52 XDECO, 0x53 XDECI, 0x61 XHEXI, 0x62 XHEXO, 0xE0 the family */
    unsigned r1;        /* RX: the R1 field; X'E0': the mask nibble (byte 1 bits 0-3):
                           0 XREAD, 2 XPRNT, 4 XPNCH, 6 XDUMP, 8 XLIMD, A XGET, C XPUT */
    uint32_t addr;      /* RX: D2(X2,B2); X'E0': D1(X1,B1) (X1 = byte 1 bits 4-7) */
    uint32_t len;       /* X'E0': D2(B2) of bytes 4-5 (B2 = 0: the displacement) */
};

/*
 * The DIAG microcode calls diagnose() with the function code (the
 * effective address D2(B2)) and the numbers (0-15) of the R1 and R3
 * registers; the callback reads and writes registers, storage and the CC
 * through this API and may charge cycles with vm_add_cycles.  With no host
 * set, every DIAGNOSE is a specification exception.
 *
 * The ASSIST instructions (XDECI, XDECO, XHEXI, XHEXO and the X'E0'
 * family XREAD ... XPUT) call assist() the same way, the instruction
 * address already past them.  It returns VM_HOST_OK (done, with whatever
 * registers, storage and CC it set), VM_HOST_PROGRAM with *pic set (the
 * instruction is suppressed and a program interruption with that code is
 * taken, e.g. 4 protection, 5 addressing, 6 specification), VM_HOST_EXIT,
 * VM_HOST_FAIL, or VM_HOST_ABEND (VM_HOST_BAD_CODE: the hook does not
 * know the instruction, an operation exception).  With no assist callback
 * the ASSIST opcodes are operation exceptions (0001), as on a machine
 * without ASSIST.
 */
struct vm_host {
    void *ctx;
    enum vm_host_result (*diagnose)(void *ctx, struct vm *vm, uint32_t code,
                                    unsigned r1, unsigned r3);
    enum vm_host_result (*assist)(void *ctx, struct vm *vm,
                                  const struct vm_assist_call *c, unsigned *pic);
};
void vm_set_host(struct vm *vm, const struct vm_host *host);    /* copied; NULL clears */

/* ---- the instruction-frequency monitor (imp(7), "INSTRUCTION FREQUENCY MONITORING") ----
 *
 * What LOCR and STOCR do, for an embedder that arms the monitor without
 * guest code: vm_iifm_start loads the control block at addr (LOCR: 0, or
 * the program-interruption code LOCR would raise: 5 or 6) and counting
 * starts with the next instruction; vm_iifm_stop stops it and gives the
 * opcode and cycle counters (the instruction a run stopped at is not
 * counted, as STOCR itself is not).  Counting costs nothing between the
 * marks (a state or task change, a slice's end).
 */
#define VM_IIFM_BLOCK 24            /* bytes of the control block */
enum { VM_IIFM_PROB = 0x80, VM_IIFM_SUP = 0x40, VM_IIFM_SLICE = 0x20,      /* its flags (+4) */
       VM_IIFM_TABLE_ALL = 0x10 };  /* every opcode matched into its entry of the table */
/* Does the opcode of decode index idx match pattern in every bit that is
 * not a don't-care?  (The compare register's test.) */
int vm_iifm_matches(unsigned pattern, unsigned dontcare, unsigned idx);
#define VM_IIFM_TABLE (512 * 16)    /* bytes of the frequency table (slicing, every opcode) */
int vm_iifm_start(struct vm *vm, uint32_t addr);
/* (What the hardware still holds when the run is over is added to the
 * counters and the table in storage at no cost: no microcode runs.) */
void vm_iifm_stop(struct vm *vm, uint64_t *count, uint64_t *cycles);
int vm_iifm_active(const struct vm *vm);
/* The monitor as it stands, without stopping it (a live view, a report in
 * the middle of a run): the control block it was started with, and the
 * counters vm_iifm_stop would give now.  After a stop, on is 0 and the
 * counters are the final ones. */
struct vm_iifm_state {
    int on;
    unsigned pattern, dontcare, flags, tasks;   /* the control block's fields */
    uint32_t slice, table;
    int cur;                        /* slicing: the decode index counted now; -1: not slicing */
    uint64_t count, cycles;
    /* slicing: the current slice's counts, not yet added to cur's entry
       of the table (a stop adds them) */
    uint64_t slice_count, slice_cycles;
    /* slicing: the slices begun since LOCR (the one under way counted) and
       the program cycles since LOCR (to STOCR, once stopped).  Slice j
       (from 0) counted step j mod K of the K steps vm_iifm_steps lists, so
       step k had (slices - 1 - k) / K + 1 of them if slices > k, else none:
       an opcode with no slice was never looked at, which a count of 0
       does not say */
    uint64_t slices, sliced_cycles;
};
void vm_iifm_state(const struct vm *vm, struct vm_iifm_state *out);
/* The decode indexes time slicing steps through for pattern and
 * dontcare: the opcodes the ISA defines that match, in opcode order
 * (X'00nn', then X'B2nn'), into steps (room for 512); their number. */
int vm_iifm_steps(unsigned pattern, unsigned dontcare, unsigned *steps);
/* Entry d of the frequency table (slicing, or every opcode's) as it
 * stands: what the microcode accumulated in storage, what the hardware
 * still holds and the open interval's. */
void vm_iifm_entry(const struct vm *vm, unsigned d, uint64_t *count, uint64_t *cycles);

/* ---- the sampling monitors (imp(7), "THE SAMPLING MONITORS") -----------------------
 *
 * The instruction-address sampler (EIAS/DIAS, its block's address at
 * CAT+X'A8'), program-counter sampling (EPCS/DPCS), gleaning
 * (EGLN/DGLN) and the microcode-only CSECT monitor (ECSM/DCSM).  Their work is microcode, entered at the `monitor' vector
 * when an event is due; vm_hpm_op does what the enabling and
 * disabling instructions do, for an embedder that arms them without
 * guest code: 0 with *cc set, or the program-interruption code the
 * instruction would raise (5, 6).  The control blocks and what the
 * microcode stores are in real storage (with tasks, task 1's address
 * space).
 */
#define VM_CAT        0x200u        /* the control address table: 256 bytes of the PSA */
#define VM_CAT_IAS    0xA8u         /* its word with the IAS block's address */
#define VM_CAT_PCS    0xACu         /* ... the PC-sampling block's (EPCS stores it) */
#define VM_CAT_GLEAN  0xB0u         /* ... the gleaning block's (EGLN stores it) */
#define VM_CAT_CSM    0xB4u         /* ... the CSECT monitor's block's (ECSM stores it) */
#define VM_CAT_IIFM   0xE0u         /* ... the frequency monitor's counters: 2 D (LOCR clears
                                       them, its microcode accumulates into them) */
#define VM_CSM_BLOCK  48u
#define VM_CSM_ENTRY  8u            /* a CSECT: +0 A start, +4 A end (not in it) */
#define VM_CSM_RECORD 16u           /* a transition: imp(7), "The CSECT monitor" */
#define VM_CSM_MAX    65535u        /* CSECTs in its table */
#define VM_CSM_DATA   0x80000000u   /* its flags (+40): record operand references too */
#define VM_CSM_MAPHDR 16u           /* the block-indexed map (+44): +0 F its bytes, +4 A base, +8 F shift, +12 F blocks */
#define VM_CSM_MAPENT 16u           /* ... an entry a block: imp(7), "The microcode-only CSECT monitor" */
#define VM_IAS_HEADER 8u            /* bytes of the IAS block before its descriptors */
#define VM_IAS_WINDOW 20u           /* bytes of a window descriptor */
#define VM_IAS_MAX_WINDOWS 16u
#define VM_IAS_MIN_PERIOD 100u      /* cycles */
#define VM_PCS_BLOCK  32u
#define VM_PCS_ENTRY  8u            /* +0 F count, +4 F task id (byte 0) and address */
#define VM_PCS_MAX_RATE 160000u     /* ticks per virtual second: one every 100 cycles */
#define VM_GLEAN_BLOCK 32u
#define VM_GLEAN_MIN_CYCLES 100u
#define VM_CYCLES_PER_SECOND 16000000u
/* The gleaning info mask (+0 H of its block), in the order a record holds them. */
#define VM_GLEAN_INFO(X)                                                    \
    X(IA,      0x8000, 4,  "ia",      "the address of the instruction just executed") \
    X(PSW,     0x4000, 8,  "psw",     "the current PSW (the next instruction's address)") \
    X(GR,      0x2000, 64, "gr",      "general registers 0-15") \
    X(OP,      0x1000, 4,  "op",      "the opcode of the instruction just executed") \
    X(CYCLES,  0x0800, 8,  "cycles",  "the cycle counter") \
    X(TASK,    0x0400, 4,  "task",    "the running task's id (0: none)") \
    X(PAGEINS, 0x0200, 4,  "pageins", "page-ins so far") \
    X(CR,      0x0100, 64, "cr",      "control registers 0-15") \
    X(TIMER,   0x0080, 4,  "timer",   "the interval timer (the running task's word at X'50')") \
    X(KEY,     0x0040, 4,  "key",     "the PSW key, in bits 28-31") \
    X(UADDR,   0x0020, 4,  "uaddr",   "microword addresses: bits 0-15 the word the monitor vector was entered from (the fetch vector, or the wait's word), bits 16-31 the entry of the microcode of the instruction just executed")
enum {
#define X(n, bit, len, name, what) VM_GLEAN_##n = bit,
    VM_GLEAN_INFO(X)
#undef X
};
enum {                              /* its flags (+4) */
    VM_GLEAN_INSNS = 0x80,          /* the interval counts instructions */
    VM_GLEAN_INTERRUPT = 0x40       /* a full buffer requests external interruption 1407 */
};
/* The gleaning interruption ("completion of sampling", seed 001): its
 * external-interruption code, and its subclass mask in CR0 (bit 23). */
#define VM_EXT_GLEAN     0x1407u
#define VM_CR0_GLEAN     0x00000100u
#define VM_CR0_ITIMER    0x00000080u    /* bit 24: the interval timer's */
/* The external-interruption codes the machine stores at X'86': code, CR0
 * bit, what it signals (imp(7), "External"). */
#define VM_EXT_CODES(X) \
    X(0x1004, 20, "clock comparator") \
    X(0x1005, 21, "CPU timer") \
    X(0x0080, 24, "interval timer") \
    X(VM_EXT_GLEAN, 23, "gleaning: the buffer is full")
#define VM_GLEAN_FULL  0x80000000u  /* its status (+28): the buffer filled */
#define VM_GLEAN_ENDED 0x40000000u  /* ... DGLN ended it */
/* The gleaned record's length for an info mask (4 for its header). */
unsigned vm_glean_record_len(unsigned info);

/* The monitors with cost counters.  VM_HPM_PER holds the firmware's PER
 * checks (imp(7), "What PER costs") while PER is not a monitor's (see
 * vm_hpm_per_monitor): its entries are the instructions checked; no
 * events (its interruptions are vm_per_stats'), no microwords. */
enum vm_hpm { VM_HPM_IAS, VM_HPM_PCS, VM_HPM_GLEAN, VM_HPM_CSM, VM_HPM_IIFM, VM_HPM_PER,
              VM_HPM_COUNT };
const char *vm_hpm_name(enum vm_hpm m);      /* "ias", "pcs", "glean", "csm", "iifm", "per" */
int vm_hpm_op(struct vm *vm, unsigned opcode, uint32_t ea, int *cc);
struct vm_hpm_stats {
    int on;                         /* enabled now */
    int full;                       /* gleaning, CSM: ended because the buffer filled */
    uint64_t events;                /* samples, ticks or records taken */
    uint64_t entries;               /* times its microcode ran */
    uint64_t cycles;                /* the cycles of its microcode: the probe effect */
    uint64_t microwords;            /* ... and its microwords */
};
/*
 * The monitors' cycles are not the program's: vm_counters' op_cycles
 * leave them out (an instruction is charged its cycles from its fetch to
 * the next, less the monitors' microcode between), so the per-opcode
 * counts are the same with any monitor armed, and the run's cycles are
 * the sum of op_cycles and every monitor's cycles.
 */
void vm_hpm_stats(const struct vm *vm, enum vm_hpm m, struct vm_hpm_stats *out);
/*
 * PER armed by the host as monitor m's (an interrupt service routine
 * that records its events): PER's cost is m's, not the program's -- the
 * firmware's checks, each PER interruption's microcode and the handler's
 * instructions, from the interruption to the first fetch under a PSW
 * with PER enabled again (the handler runs with the PER mask off, the
 * program with it on).  Its entries are the interruptions.  VM_HPM_COUNT:
 * PER is the program's again: its interruptions and handler are the
 * program's, the firmware's checks VM_HPM_PER's.
 */
void vm_hpm_per_monitor(struct vm *vm, enum vm_hpm m);
/* The monitor PER is armed for (vm_hpm_per_monitor), or VM_HPM_COUNT.
 * While CR9 names events, vm_hpm_stats says that monitor is on (in its
 * handler too, which runs with the PSW's PER mask off). */
enum vm_hpm vm_hpm_per_serves(const struct vm *vm);

/*
 * Program-event recording (imp(7), "PROGRAM-EVENT RECORDING"): armed by the
 * program (or its host) through CR9-11 and the PSW's PER mask.  CR9 bit 4
 * is IMP's CSECT-change event, the stripped-down CSECT monitor's.  The
 * counts: events recognized by kind (successful branch, instruction fetch,
 * storage alteration, GR alteration, CSECT change) and the program
 * interruptions that reported them.
 */
#define VM_CR9_SB  0x80000000u
#define VM_CR9_IF  0x40000000u
#define VM_CR9_SA  0x20000000u
#define VM_CR9_GRA 0x10000000u
#define VM_CR9_CSM 0x08000000u
#define VM_PSW_PER (UINT64_C(1) << 62)     /* the PSW's PER mask (bit 1) */
struct vm_per_stats {
    uint64_t events[5];
    uint64_t interrupts;
    uint64_t fw_cycles;         /* the firmware's checks (imp(7), "What PER costs") */
    uint64_t fw_count[8];       /* ... how many of each, by vm_per_check_name's order */
};
/* The name of firmware check i ("test", "if", ...), NULL past the last;
 * its cycles in *cycles. */
const char *vm_per_check_name(unsigned i, unsigned *cycles);
void vm_per_stats(const struct vm *vm, struct vm_per_stats *out);
/* The name of the event of PER code bit 0x80 >> i ("successful branch",
 * ..., "CSECT change (the CSECT monitor)"), NULL past the last. */
const char *vm_per_event_name(unsigned i);
const char *vm_per_event_key(unsigned i);   /* its short name: "sb", "if", "sa", "gra", "csm" */

/* ---- tracing (zero cost when not set) ------------------------------------------ */

/*
 * insn: after an instruction is fetched and decoded, before its microcode
 *       runs; addr is its address, bytes its 2, 4 or 6 bytes.  With
 *       `ranged`, only for instructions at lo <= addr <= hi: the others
 *       run at full speed (an instruction trace needs no microword loop).
 * done: at the instruction boundary after an instruction insn was called
 *       for (before the next fetch, or before the interruption it caused
 *       is taken... its results are in): a trace prints them here, even
 *       when the next instruction is outside the range.
 * micro: before each microword; upc is its control-store address (this
 *       one runs the machine one microword at a time).
 * A callback returning nonzero stops the run with VM_STOP_REQUEST (the
 * instruction or microword then runs when the run resumes).
 */
struct vm_trace {
    void *ctx;
    int (*insn)(void *ctx, struct vm *vm, uint32_t addr, const uint8_t *bytes, int len);
    int (*micro)(void *ctx, struct vm *vm, unsigned upc);
    void (*done)(void *ctx, struct vm *vm);
    int ranged;
    uint32_t lo, hi;
};
void vm_set_trace(struct vm *vm, const struct vm_trace *trace);  /* copied; NULL clears */

/* ---- interruptions ----------------------------------------------------------------- */

enum vm_int_class { VM_INT_NONE, VM_INT_PGM, VM_INT_SVC, VM_INT_EXT, VM_INT_RESTART };
struct vm_interrupt {
    enum vm_int_class cls;
    uint16_t code;          /* interruption code (program, SVC number, external) */
    uint8_t ilc;            /* 0-3 */
    uint64_t old_psw;       /* as stored in the old-PSW location */
};
/* Filled when a run stops with VM_NO_*_HANDLER (what had no handler). */
const struct vm_interrupt *vm_last_interrupt(const struct vm *vm);

/* ---- the branch history ------------------------------------------------------------- */

/*
 * The machine remembers its last VM_BRANCH_HISTORY successful branches:
 * each instruction that loaded IA by branching (a taken BC, BCR, BAL,
 * BALR, BAS, BASR, BCT, BCTR, BXH, BXLE, also as the target of EX), with
 * the address of the branch instruction (of the EX, when executed), the
 * target, and the task that branched.  A branch not taken, BCR 15,0 and
 * BALR 14,0 (R2 = 0) are no branches; neither are interruptions, LPSW
 * and the resumption of an interrupted MVCL or CLCL.  A report of an
 * abnormal end shows where the program came from.  vm_new starts empty;
 * the history costs a free-running machine a few host instructions per
 * branch.  vm_branch_history copies at most max entries, the newest ones,
 * oldest first, and returns how many.
 */
#define VM_BRANCH_HISTORY 16
struct vm_branch {
    uint32_t from, to;          /* the branch instruction's address, the target */
    unsigned task;              /* the task that branched (1 with paging off) */
};
unsigned vm_branch_history(const struct vm *vm, struct vm_branch *out, unsigned max);

/* ---- the microcode, for monitors ----------------------------------------------------- */

/*
 * A read-only view of the datapath, for a monitor: what the machine holds
 * between two microwords (after a run or a microstep returns).  Values
 * are copies; changing them changes nothing.
 */
struct vm_datapath {
    uint32_t w[8];              /* work registers W0-W7 */
    uint32_t mdr, q, mar, mar2, cnt, rn, pic, y;   /* MDR, Q, MAR, MAR2, CNT, RN, PIC, ALU out */
    unsigned fz : 1, fn : 1, fc : 1, fv : 1;       /* the ALU flags Z N C V */
    uint32_t ea1, ea2;          /* the I-unit's effective addresses */
    uint32_t iaddr;             /* the current instruction's address */
    uint8_t ibytes[6], ilen;    /* its bytes and length */
    uint8_t r1, r2, exec;       /* its register fields; exec: the target of EX */
    unsigned upc;               /* the next microword's control-store address */
    unsigned rsp;               /* micro-subroutine return stack depth */
    uint16_t rstack[16];        /* the return addresses, [0] the oldest */
    unsigned pending;           /* pending-work bits (imp(7): IRQ 1, PSWBAD 2, WATCH 4, STOP 8, TRACED 16) */
};
void vm_datapath(const struct vm *vm, struct vm_datapath *out);

unsigned vm_micro_pc(const struct vm *vm);
/* Is the machine between two instructions (at the fetch vector)?  If not,
 * it stopped inside the microcode of the instruction at
 * vm_instruction_address (the last one fetched). */
int vm_between_instructions(const struct vm *vm);
uint32_t vm_instruction_address(const struct vm *vm);
unsigned vm_control_store_size(const struct vm *vm);
/* Microword at addr (0 if out of range) and the label there (or NULL). */
int vm_control_store_word(const struct vm *vm, unsigned addr, struct mc_word *out);
const char *vm_control_store_label(const struct vm *vm, unsigned addr);


/* ---- the page-frame table, for monitors (frames.c) ------------------------------------ */

/*
 * With paging on, one row per real frame: the task holding it (0: free)
 * and its virtual page number, the dirty, reference and fixed bits, and
 * whether the global CLOCK hand points at it.  vm_frame_count is 0 with
 * paging off; vm_frame_info returns 0, or -1 for no such frame.
 */
struct vm_frame_info {
    unsigned task;
    uint32_t page;
    int dirty, ref, fixed, hand;
};
uint32_t vm_frame_count(const struct vm *vm);
int vm_frame_info(const struct vm *vm, uint32_t n, struct vm_frame_info *out);

#endif
