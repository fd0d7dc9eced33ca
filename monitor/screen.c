/*
 * screen.c -- impmon's ncurses screen: the layouts of panes (views over
 * the model, pane-*.c), the key table, the log of what commands print,
 * the help page generated from the command and key tables, and the live
 * run: the machine runs in slices (mon_continue with a `between' hook)
 * of about 10 ms, and the screen is redrawn 12.5 times a second; a key
 * stops it.
 *
 * The command line is GNU readline in callback mode: curses reads the
 * keys (wgetch), hands them to readline one at a time through
 * rl_getc_function, and readline's line is drawn by our
 * rl_redisplay_function into the bottom row (readline never touches the
 * terminal).  History lives in $IMPMON_HISTORY or ~/.impmon_history.
 */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "mon.h"
#include "cmd.h"
#include "hpm.h"
#include "scr.h"
#include "screen.h"

/* One screen per process: readline's callbacks carry no context. */
static struct scr *the;
static volatile sig_atomic_t hangup, interrupted;

/* SIGHUP, SIGTERM: leave cleanly (endwin); SIGINT (Ctrl-C): stop a run
 * or clear the command line, never leave the terminal in curses mode. */
static void on_signal(int sig)
{
    if (sig == SIGINT)
        interrupted = 1;
    else
        hangup = 1;
}

double scr_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int scr_changed_attr(void) { return has_colors() ? COLOR_PAIR(1) | A_BOLD : A_REVERSE; }

void scr_put(const struct box *b, int r, int attr, const char *fmt, ...)
{
    char small[512], *buf = small;
    va_list ap;
    if (r < 0 || r >= b->h || b->w <= 0)
        return;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof small && (buf = malloc((size_t)n + 1)) != NULL) {
        va_start(ap, fmt);         /* a wide box: the whole text, up to its width */
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    attron(attr);
    mvaddnstr(b->y + r, b->x, buf ? buf : small, b->w);
    attroff(attr);
    if (buf != small)
        free(buf);
}

struct box scr_frame(const struct box *b, const char *title)
{
    if (b->h < 3 || b->w < 4)
        return (struct box){ b->y, b->x, 0, 0 };
    mvhline(b->y, b->x + 1, ACS_HLINE, b->w - 2);
    mvhline(b->y + b->h - 1, b->x + 1, ACS_HLINE, b->w - 2);
    mvvline(b->y + 1, b->x, ACS_VLINE, b->h - 2);
    mvvline(b->y + 1, b->x + b->w - 1, ACS_VLINE, b->h - 2);
    mvaddch(b->y, b->x, ACS_ULCORNER);
    mvaddch(b->y, b->x + b->w - 1, ACS_URCORNER);
    mvaddch(b->y + b->h - 1, b->x, ACS_LLCORNER);
    mvaddch(b->y + b->h - 1, b->x + b->w - 1, ACS_LRCORNER);
    attron(A_BOLD);
    mvaddnstr(b->y, b->x + 2, title, b->w - 4);
    attroff(A_BOLD);
    return (struct box){ b->y + 1, b->x + 1, b->h - 2, b->w - 2 };
}

/* ---- the log: what commands and the program print ------------------------------- */

static int log_rows(void);

static void log_line(struct scr *s, const char *text)
{
    int i = (s->log_head + s->nlog) % SCR_LOG_LINES;
    if (s->nlog == SCR_LOG_LINES) {
        free(s->log[s->log_head]);
        s->log_head = (s->log_head + 1) % SCR_LOG_LINES;
        i = (s->log_head + s->nlog - 1) % SCR_LOG_LINES;
    } else
        s->nlog++;
    s->log[i] = strdup(text);
}

/* Move what the sink holds into the log (whole lines, however long),
 * and empty it; the number of lines moved. */
static int log_drain(struct scr *s)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int count = 0;
    fflush(s->sink);
    rewind(s->sink);
    while ((n = getline(&line, &cap, s->sink)) >= 0) {
        line[strcspn(line, "\n")] = '\0';
        log_line(s, line);
        count++;
    }
    free(line);
    rewind(s->sink);
    if (ftruncate(fileno(s->sink), 0) != 0)
        log_line(s, "impmon: cannot empty the log file");
    s->log_scroll = 0;
    return count;
}

/* The rows line k of the log takes in a box w wide: long lines wrap. */
static int log_height(const struct scr *s, int k, int w)
{
    size_t len = strlen(s->log[(s->log_head + k) % SCR_LOG_LINES]);
    return w <= 0 || len == 0 ? 1 : (int)((len + (size_t)w - 1) / (size_t)w);
}

/* The log, bottom up: the last line log_scroll lines from the end at the
 * bottom, each line wrapped to the width (nothing is cut). */
void pane_log(struct scr *s, const struct box *b)
{
    char title[80];
    if (s->log_scroll)
        snprintf(title, sizeof title, "log: %d more line%s below (PgDn), PgUp scrolls back",
                 s->log_scroll, s->log_scroll == 1 ? "" : "s");
    else
        snprintf(title, sizeof title, "log (PgUp scrolls back)");
    struct box in = scr_frame(b, title);
    int r = in.h;
    for (int k = s->nlog - 1 - s->log_scroll; k >= 0 && r > 0; k--) {
        const char *t = s->log[(s->log_head + k) % SCR_LOG_LINES];
        int h = log_height(s, k, in.w), attr = strstr(t, "error:") ? A_BOLD : 0;
        r -= h;
        for (int j = 0; j < h; j++)
            if (r + j >= 0)
                scr_put(&in, r + j, attr, "%s", t + (size_t)j * (size_t)in.w);
    }
}

/* After `help': if its lines (the last n of the log) do not fit in the
 * log pane, scroll back to show their start; the title says what is
 * below.  (What other commands print is shown by its end, as a run's
 * last lines are what matters.) */
static void log_show_start(struct scr *s, int n)
{
    int h = log_rows() - 2, w = COLS - 2, rows = 0;
    for (int k = s->nlog - n; k < s->nlog; k++)
        rows += k >= 0 ? log_height(s, k, w) : 0;
    if (rows <= h)
        return;
    int k = s->nlog - n;            /* the first line of the output at the top */
    for (rows = 0; k < s->nlog && rows + log_height(s, k, w) <= h; k++)
        rows += log_height(s, k, w);
    s->log_scroll = s->nlog - k;
}

/* ---- layouts ---------------------------------------------------------------------- */

typedef void pane_fn(struct scr *s, const struct box *b);
/* A pane's place in the body, in percent of its height and width; need,
 * if set, the rows the pane needs in a box w columns wide: the layout
 * gives them to it from the pane above or below it (the registers, all
 * sixteen of them on a screen of 80x24). */
typedef int pane_need(int w);
struct place { pane_fn *pane; int y0, x0, y1, x1; pane_need *need; };
struct layout { const char *name; struct place p[5]; };

static const struct layout layouts[] = {
    { "machine",   { { pane_regs, 0, 0, 45, 50, pane_regs_rows },
                     { pane_counters, 45, 0, 100, 50, NULL },
                     { pane_disasm, 0, 50, 65, 100, NULL },
                     { pane_storage, 65, 50, 100, 100, NULL } } },
    { "monitors",  { { pane_monitors, 0, 0, 100, 100, NULL } } },
    { "opcodes",   { { pane_opcodes, 0, 0, 100, 55, NULL },
                     { pane_counters, 0, 55, 45, 100, NULL },
                     { pane_regs, 45, 55, 100, 100, pane_regs_rows } } },
    { "paging",    { { pane_frames, 0, 0, 100, 60, NULL }, { pane_tasks, 0, 60, 55, 100, NULL },
                     { pane_counters, 55, 60, 100, 100, NULL } } },
    { "microcode", { { pane_micro, 0, 0, 100, 55, NULL },
                     { pane_disasm, 0, 55, 60, 100, NULL },
                     { pane_regs, 60, 55, 100, 100, pane_regs_rows } } },
};

#define PANE_MIN_ROWS 3                 /* a frame and a line */

/* The boxes of layout l in a body of `body' rows from row 1: each place
 * in proportion, then a pane short of the rows it needs grows into the
 * pane below it (or above), which keeps PANE_MIN_ROWS. */
static int layout_boxes(const struct layout *l, int body, struct box *b)
{
    int n = 0;
    for (; n < 5 && l->p[n].pane; n++) {
        const struct place *p = &l->p[n];
        int y0 = 1 + body * p->y0 / 100, y1 = 1 + body * p->y1 / 100;
        int x0 = COLS * p->x0 / 100, x1 = COLS * p->x1 / 100;
        b[n] = (struct box){ y0, x0, y1 - y0, x1 - x0 };
    }
    for (int i = 0; i < n; i++) {
        int short_by = l->p[i].need ? l->p[i].need(b[i].w) - b[i].h : 0;
        for (int j = 0; j < n && short_by > 0; j++) {
            if (j == i || b[j].x != b[i].x || b[j].w != b[i].w)
                continue;
            int d = b[j].h - PANE_MIN_ROWS < short_by ? b[j].h - PANE_MIN_ROWS : short_by;
            if (d <= 0)
                continue;
            if (b[j].y == b[i].y + b[i].h) {            /* below */
                b[j].y += d;
            } else if (b[j].y + b[j].h == b[i].y) {     /* above */
                b[i].y -= d;
            } else {
                continue;
            }
            b[j].h -= d;
            b[i].h += d;
            short_by -= d;
        }
    }
    return n;
}
#define NLAYOUTS ((int)(sizeof layouts / sizeof layouts[0]))

/* ---- keys -------------------------------------------------------------------------- */

enum key_when { KW_ALWAYS, KW_EMPTY };     /* KW_EMPTY: only with an empty command line */
struct key {
    int key;
    const char *name;
    enum key_when when;
    const char *help;
    void (*fn)(struct scr *s, int arg);
    int arg;
};

static void k_layout(struct scr *s, int n) { s->layout = n; }
static void k_help(struct scr *s, int n) { (void)n; s->help = !s->help; }
static void k_sort(struct scr *s, int n) { (void)n; s->opsort = (s->opsort + 1) % 3; }
/* The monitors' layout: the next monitor alone (pane_monitors wraps
 * past the last to all of them); on another layout, go there first. */
static void k_zoom(struct scr *s, int n)
{
    if (s->layout == n)
        s->hpm_zoom++;
    s->layout = n;
}
static void k_scroll(struct scr *s, int n)
{
    s->log_scroll += n;
    if (s->log_scroll < 0 || n == 0)
        s->log_scroll = 0;
    if (s->log_scroll > s->nlog)
        s->log_scroll = s->nlog;
}

static const struct key keys[] = {
    { KEY_F(1), "F1 or 1", KW_ALWAYS, "layout 1: registers, counters, disassembly, storage", k_layout, 0 },
    { KEY_F(2), "F2 or 2", KW_ALWAYS, "layout 2: a pane for each monitor on, counters", k_layout, 1 },
    { KEY_F(3), "F3 or 3", KW_ALWAYS, "layout 3: opcode frequency and CPI table", k_layout, 2 },
    { KEY_F(4), "F4 or 4", KW_ALWAYS, "layout 4: page frames and tasks", k_layout, 3 },
    { KEY_F(5), "F5 or 5", KW_ALWAYS, "layout 5: the microword field by field, datapath", k_layout, 4 },
    { '1', NULL, KW_EMPTY, NULL, k_layout, 0 },
    { '2', NULL, KW_EMPTY, NULL, k_layout, 1 },
    { '3', NULL, KW_EMPTY, NULL, k_layout, 2 },
    { '4', NULL, KW_EMPTY, NULL, k_layout, 3 },
    { '5', NULL, KW_EMPTY, NULL, k_layout, 4 },
    { '?', "?", KW_EMPTY, "this help (any key closes it)", k_help, 0 },
    { 'o', "o", KW_EMPTY, "opcode table: sort by count, CPI, cycles", k_sort, 0 },
    { '+', "+", KW_EMPTY, "monitors: the next one alone, larger; then all", k_zoom, 1 },
    { KEY_PPAGE, "PgUp/PgDn", KW_ALWAYS, "scroll the log", k_scroll, 5 },
    { KEY_NPAGE, NULL, KW_ALWAYS, NULL, k_scroll, -5 },
};

/* ---- drawing --------------------------------------------------------------------- */

static int log_rows(void) { return LINES >= 40 ? 12 : LINES >= 30 ? 8 : 6; }

static void draw_help(struct scr *s)
{
    size_t n;
    const struct cmd *c = cmd_table(&n);
    struct box b = { 0, 0, LINES - 1, COLS };
    struct box in = scr_frame(&b, "impmon help (any key closes)");
    int r = 0, col2 = in.w / 2, nkeys = 4;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        nkeys += keys[i].name != NULL;
    struct box left = { in.y, in.x, in.h, col2 - 1 }, right = { in.y, in.x + col2, in.h, in.w - col2 };
    if (in.w < 110) {                   /* narrow: the keys above the commands */
        left = (struct box){ in.y, in.x, nkeys, in.w };
        right = (struct box){ in.y + nkeys + 1, in.x, in.h - nkeys - 1, in.w };
    }
    scr_put(&left, r++, A_BOLD, "keys");
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (keys[i].name)
            scr_put(&left, r++, 0, "%-10s %s", keys[i].name, keys[i].help);
    scr_put(&left, r++, 0, "%-10s %s", "other keys", "stop a running machine (typed on)");
    scr_put(&left, r++, 0, "%-10s %s", "Tab", "completes commands, symbols, files");
    scr_put(&left, r++, 0, "%-10s %s", "Ctrl-D", "on an empty line: quit");
    r = 0;
    scr_put(&right, r++, A_BOLD, "commands (any unique prefix; help CMD)");
    size_t shown = 0;
    for (size_t i = 0; i < n; i++)
        shown += strlen(c[i].name) > 1;
    if ((int)shown < right.h) {         /* room for a line each */
        for (size_t i = 0; i < n; i++)
            if (strlen(c[i].name) > 1)
                scr_put(&right, r++, 0, "%-9s %s", c[i].name, c[i].help);
    } else {                            /* a small terminal: the names, wrapped */
        char line[256];
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            if (strlen(c[i].name) < 2)
                continue;
            if (k + strlen(c[i].name) + 1 > (size_t)right.w && k) {
                scr_put(&right, r++, 0, "%s", line);
                k = 0;
            }
            k += (size_t)snprintf(line + k, sizeof line - k, "%s ", c[i].name);
        }
        if (k)
            scr_put(&right, r++, 0, "%s", line);
    }
    (void)s;
}

static void draw_status(struct scr *s)
{
    struct mon *m = s->m;
    char st[160];
    if (s->running)
        snprintf(st, sizeof st, "RUNNING -- typing stops it");
    else
        mon_state(m, st, sizeof st);
    attron(A_REVERSE);
    mvhline(0, 0, ' ', COLS);
    mvprintw(0, 0, " impmon  %s  [%d %s]  %s   ? help", m->prog[0] ? m->prog[0] : "",
             s->layout + 1, layouts[s->layout].name, st);
    attroff(A_REVERSE);
}

static void draw_prompt(void);

static void draw(struct scr *s)
{
    erase();
    if (LINES < SCR_MIN_ROWS || COLS < SCR_MIN_COLS) {
        mvprintw(0, 0, "impmon needs a terminal of at least %dx%d;", SCR_MIN_COLS, SCR_MIN_ROWS);
        mvprintw(1, 0, "this one is %dx%d.  Make it larger (or type quit).", COLS, LINES);
        draw_prompt();
        refresh();
        return;
    }
    if (s->help) {
        draw_help(s);
        draw_prompt();
        refresh();
        return;
    }
    draw_status(s);
    int body = LINES - 2 - log_rows();
    const struct layout *l = &layouts[s->layout];
    struct box boxes[5];
    int n = layout_boxes(l, body, boxes);
    for (int i = 0; i < n; i++)
        l->p[i].pane(s, &boxes[i]);
    struct box lb = { 1 + body, 0, log_rows(), COLS };
    pane_log(s, &lb);
    draw_prompt();
    refresh();
}

/* ---- readline ---------------------------------------------------------------------- */

static int pending_key = EOF;

static int rl_getc_cb(FILE *f)
{
    (void)f;
    int c = pending_key;
    pending_key = EOF;
    return c;
}

static int rl_avail_cb(void) { return pending_key != EOF; }

static void draw_prompt(void)
{
    const char *prompt = rl_display_prompt ? rl_display_prompt : "";
    const char *line = rl_line_buffer ? rl_line_buffer : "";
    int plen = (int)strlen(prompt), width = COLS - plen - 1;
    int start = rl_point > width ? rl_point - width : 0;
    move(LINES - 1, 0);
    clrtoeol();
    attron(A_BOLD);
    addstr(prompt);
    attroff(A_BOLD);
    addnstr(line + start, width > 0 ? width : 0);
    move(LINES - 1, plen + rl_point - start);
}

static void rl_redisplay_cb(void)
{
    draw_prompt();
    refresh();
}

static void rl_noprep(int meta) { (void)meta; }
static void rl_nodeprep(void) {}

/* The live run's hook between slices: redraw at 10 Hz or more, stop on a key. */
static int handle_key(struct scr *s, int ch, int empty);

static int between(void *ctx, struct mon *m)
{
    struct scr *s = ctx;
    double now = scr_now();
    if (hangup || interrupted) {
        interrupted = 0;
        return 1;
    }
    if (now - s->last_draw >= 0.08) {      /* 12.5 Hz */
        const struct vm_counters *c = vm_counters(m->r.vm);
        double dt = now - s->run_t0;
        s->host_mips = dt > 0 ? (double)(c->instructions - s->run_insns0) / dt / 1e6 : 0;
        s->draws++;
        s->fps = dt > 0 ? s->draws / dt : 0;
        log_drain(s);
        draw(s);
        s->last_draw = now;
    }
    int ch = getch();
    if (ch == KEY_RESIZE || ch == ERR)
        return 0;
    if (handle_key(s, ch, 1)) {         /* a layout, the help, the log: it runs on */
        draw(s);
        return 0;
    }
    if (ch < 128 && isprint(ch))        /* the first letter of a command: kept */
        ungetch(ch);
    return 1;
}

static void snapshot(struct scr *s)
{
    struct vm *vm = mon_vm(s->m);
    for (unsigned n = 0; vm && n < 16; n++)
        s->before_gr[n] = vm_get_gr(vm, n);
    s->before_psw = vm ? vm_get_psw(vm) : 0;
}

static void on_line(char *line)
{
    struct scr *s = the;
    if (!line) {                        /* Ctrl-D on an empty line */
        s->quit = 1;
        return;
    }
    if (*line)
        add_history(line);
    fprintf(s->sink, "impmon> %s\n", line);
    snapshot(s);
    struct mon *m = s->m;
    s->running = 1;
    s->run_t0 = s->last_draw = scr_now();
    s->draws = 0;
    s->run_insns0 = m->loaded ? vm_counters(m->r.vm)->instructions : 0;
    nodelay(stdscr, TRUE);
    m->examined = 0;
    cmd_exec(m, line);
    nodelay(stdscr, FALSE);
    timeout(200);
    s->running = 0;
    if (m->quit)
        s->quit = 1;
    double dt = scr_now() - s->run_t0;
    if (m->loaded && dt > 0.05)
        s->host_mips = (double)(vm_counters(m->r.vm)->instructions - s->run_insns0) / dt / 1e6;
    int n = log_drain(s);
    char word[32] = "", err[320];
    sscanf(line, "%31s", word);
    const struct cmd *c = word[0] ? cmd_find(word, err, sizeof err) : NULL;
    if (c && c->fn == cmd_help)         /* reference text: from its start */
        log_show_start(s, n);
    free(line);
}

/* ---- completion ------------------------------------------------------------------- */

static char **words;
static size_t nwords, capwords;

static void add_word(void *ctx, const char *w)
{
    (void)ctx;
    if (nwords == capwords) {
        capwords = capwords ? capwords * 2 : 64;
        char **nw = realloc(words, capwords * sizeof *words);
        if (!nw)
            return;
        words = nw;
    }
    words[nwords++] = strdup(w);
}

static void clear_words(void)
{
    for (size_t i = 0; i < nwords; i++)
        free(words[i]);
    nwords = 0;
}

static char *word_gen(const char *text, int state)
{
    static size_t i;
    if (!state)
        i = 0;
    while (i < nwords) {
        const char *w = words[i++];
        if (strncasecmp(w, text, strlen(text)) == 0)
            return strdup(w);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    clear_words();
    rl_attempted_completion_over = 1;
    size_t n;
    const struct cmd *c = cmd_table(&n);
    if (start == 0) {
        for (size_t i = 0; i < n; i++)
            if (strlen(c[i].name) > 1)
                add_word(NULL, c[i].name);
        return rl_completion_matches(text, word_gen);
    }
    char first[32] = "", err[200];
    sscanf(rl_line_buffer, "%31s", first);
    const struct cmd *cmd = cmd_find(first, err, sizeof err);
    enum cmd_complete kind = cmd ? cmd->complete : CC_NONE;
    if (kind == CC_FILE) {
        rl_attempted_completion_over = 0;
        return NULL;
    }
    if (kind == CC_COMMAND)
        for (size_t i = 0; i < n; i++)
            add_word(NULL, c[i].name);
    if (kind == CC_REGISTER) {
        size_t nr;
        const struct reg_desc *r = reg_table(&nr);
        char name[16];
        for (size_t i = 0; i < nr; i++)
            for (unsigned k = 0; k < r[i].count; k++) {
                reg_name(&r[i], k, name, sizeof name);
                add_word(NULL, name);
            }
    }
    if (kind == CC_OPTION) {
        static const char *const opts[] = {
#define MON_SETTING(name, fn, what) name,
#include "settings.def"
#undef MON_SETTING
            "break", "branches", "tasks", "paging", "monitors", "symbols", "registers", "off",
        };
        for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
            add_word(NULL, opts[i]);
        for (const struct hpm_class *const *hc = hpm_classes; *hc; hc++)  /* monitor NAME */
            for (const struct hpm_setting *hs = (*hc)->settings; hs->name; hs++)
                add_word(NULL, hs->name);
    }
    if (kind == CC_SYMBOL || kind == CC_REGISTER)
        where_each_symbol(the->m, add_word, NULL);
    return rl_completion_matches(text, word_gen);
}

/* Several completions: list them in the log. */
static void show_matches(char **matches, int n, int longest)
{
    char line[512];
    size_t k = 0;
    (void)longest;
    for (int i = 1; i <= n; i++) {
        if (k + strlen(matches[i]) + 2 >= (size_t)COLS - 2 && k) {
            log_line(the, line);
            k = 0;
        }
        k += (size_t)snprintf(line + k, sizeof line - k, "%s  ", matches[i]);
    }
    if (k)
        log_line(the, line);
    draw(the);
}

/* ---- the main loop ------------------------------------------------------------------ */

static void history_path(char *buf, size_t size)
{
    const char *h = getenv("IMPMON_HISTORY"), *home = getenv("HOME");
    if (h && *h)
        snprintf(buf, size, "%s", h);
    else
        snprintf(buf, size, "%s/.impmon_history", home ? home : ".");
}

static void readline_setup(void)
{
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_getc_function = rl_getc_cb;
    rl_input_available_hook = rl_avail_cb;
    rl_redisplay_function = rl_redisplay_cb;
    rl_prep_term_function = rl_noprep;
    rl_deprep_term_function = rl_nodeprep;
    rl_attempted_completion_function = complete;
    rl_completion_display_matches_hook = show_matches;
    rl_outstream = the->m->devnull;
    rl_readline_name = "impmon";
    using_history();
    rl_callback_handler_install("impmon> ", on_line);
}

/* Feed one curses key to readline (the keys it has no code for as commands). */
static void feed(int ch)
{
    switch (ch) {
    case KEY_UP: rl_get_previous_history(1, 0); break;
    case KEY_DOWN: rl_get_next_history(1, 0); break;
    case KEY_LEFT: rl_backward_char(1, 0); break;
    case KEY_RIGHT: rl_forward_char(1, 0); break;
    case KEY_HOME: rl_beg_of_line(1, 0); break;
    case KEY_END: rl_end_of_line(1, 0); break;
    case KEY_DC: rl_delete(1, 0); break;
    case KEY_BACKSPACE: pending_key = 127; rl_callback_read_char(); break;
    case KEY_ENTER: pending_key = '\n'; rl_callback_read_char(); break;
    default:
        if (ch < 256) {
            pending_key = ch;
            rl_callback_read_char();
        }
        return;
    }
    rl_redisplay_cb();
}

/* Act on ch if it is a key of the table; empty: the command line is (a
 * live run's always is: its command was taken).  1 if it acted. */
static int handle_key(struct scr *s, int ch, int empty)
{
    if (s->help && ch != KEY_RESIZE) {
        s->help = 0;
        return 1;
    }
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (keys[i].key == ch && (keys[i].when == KW_ALWAYS || empty)) {
            keys[i].fn(s, keys[i].arg);
            return 1;
        }
    return 0;
}

int screen_main(struct mon *m, int n, char **files, const char **pre, int npre)
{
    struct scr s;
    memset(&s, 0, sizeof s);
    the = &s;
    s.m = m;
    s.sink = tmpfile();
    if (!s.sink || !isatty(0) || !isatty(1)) {
        fprintf(stderr, "impmon: the screen needs a terminal (use --batch or -x SCRIPT)\n");
        return 2;
    }
    m->out = m->err = m->console = s.sink;
    m->between = between;
    m->between_ctx = &s;
    m->where = NULL;
    struct sigaction sa;            /* sigaction: the handler stays (signal() may not) */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGHUP, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    char hist[1024];
    history_path(hist, sizeof hist);
    setlocale(LC_ALL, "");
    if (!initscr()) {
        fprintf(stderr, "impmon: cannot start the screen\n");
        return 2;
    }
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    timeout(200);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(1, COLOR_YELLOW, -1);
    }
    readline_setup();
    read_history(hist);
    /* Whatever writes to standard error while the screen is up (the
       assembler and linkage editor a load runs, a library's message)
       goes to the log, never over the screen. */
    fflush(stderr);
    int saved_err = dup(STDERR_FILENO);
    if (saved_err >= 0)
        dup2(fileno(s.sink), STDERR_FILENO);
    if (n > 0 && mon_load(m, files, n) == 0)
        fprintf(s.sink, "loaded %s; type help, or ? for the keys\n",
                strcmp(files[0], "--core") == 0 ? files[n - 1] : files[0]);
    for (int i = 0; i < npre; i++) {
        fprintf(s.sink, "impmon> %s\n", pre[i]);
        cmd_exec(m, pre[i]);
    }
    log_drain(&s);
    snapshot(&s);
    draw(&s);
    while (!s.quit && !hangup) {
        int ch = getch();
        if (interrupted) {              /* Ctrl-C: an empty line */
            interrupted = 0;
            rl_replace_line("", 0);
            rl_point = 0;
            draw(&s);
        }
        if (ch == ERR)
            continue;
        if (ch == KEY_RESIZE ||
            !handle_key(&s, ch, !rl_line_buffer || rl_line_buffer[0] == '\0'))
            feed(ch);
        draw(&s);
    }
    rl_callback_handler_remove();
    fflush(stderr);
    if (saved_err >= 0) {
        dup2(saved_err, STDERR_FILENO);
        close(saved_err);
    }
    endwin();
    write_history(hist);
    history_truncate_file(hist, 1000);
    for (int i = 0; i < s.nlog; i++)
        free(s.log[(s.log_head + i) % SCR_LOG_LINES]);
    clear_words();
    free(words);
    fclose(s.sink);
    return 0;
}
