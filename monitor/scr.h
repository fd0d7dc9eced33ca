/*
 * scr.h -- the screen's own state and the panes (pane-*.c).  A pane is a
 * view: it reads the model (struct mon, the machine through vm.h) and
 * draws into its box of the screen; it never changes the model.  The
 * layouts (screen.c) place panes in boxes; the key table binds keys.
 */
#ifndef IMP_MONITOR_SCR_H
#define IMP_MONITOR_SCR_H

#include <stdint.h>
#include <stdio.h>

#include "mon.h"

#define SCR_LOG_LINES 500
#define SCR_MIN_ROWS 24
#define SCR_MIN_COLS 80

struct box { int y, x, h, w; };

struct scr {
    struct mon *m;
    int layout;                 /* index into the layout table */
    int help;                   /* the help page is up */
    FILE *sink;                 /* what commands and the program print */
    char *log[SCR_LOG_LINES];   /* the log pane's ring */
    int nlog, log_head, log_scroll;
    uint32_t before_gr[16];     /* registers before the last command or run */
    uint64_t before_psw;
    int running;                /* a run is going: the status line says so */
    double run_t0;              /* its start (host seconds) */
    uint64_t run_insns0, run_cycles0;
    double host_mips;           /* of the last live run */
    double last_draw, fps;      /* refreshes of a live run */
    unsigned draws;
    int opsort;                 /* opcode pane: 0 count, 1 CPI, 2 cycles */
    int hpm_zoom;               /* monitors' layout: 0 every pane, k the k-th alone (key +) */
    uint32_t mem_addr;          /* storage pane's address */
    int mem_set;
    int quit;
};

/* Text into box b at row r (0-based inside the box), clipped to it. */
void scr_put(const struct box *b, int r, int attr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A frame with a title around b; returns the inside. */
struct box scr_frame(const struct box *b, const char *title);
double scr_now(void);
/* The attribute of a changed value. */
int scr_changed_attr(void);

#define SCR_PANES(X)                                                    \
    X(regs,     "registers")                                            \
    X(disasm,   "disassembly")                                          \
    X(storage,  "storage")                                              \
    X(counters, "counters")                                             \
    X(monitors, "a pane for each monitor on")                          \
    X(opcodes,  "opcodes")                                              \
    X(frames,   "page frames")                                          \
    X(tasks,    "tasks")                                                \
    X(micro,    "microword")                                            \
    X(log,      "log")

#define X(name, title) void pane_##name(struct scr *s, const struct box *b);
SCR_PANES(X)
#undef X

/* The rows (frame included) the registers pane needs to show all sixteen
 * in a box w columns wide: the layout gives it at least as many. */
int pane_regs_rows(int w);

#endif
