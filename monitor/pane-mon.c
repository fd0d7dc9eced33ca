/*
 * pane-mon.c -- the monitors' layout (F2): a pane for each monitor of
 * the table (vm/hpm/hpm.def) that has something to show -- armed by a
 * `monitor' setting or by the program's own instructions -- with the
 * counters beside them.  What a pane holds is its descriptor's view
 * (the `view' hook of struct hpm_class): this file knows no monitor by
 * name.  The key + shows one monitor at a time, larger, then all again.
 *
 * The panes are tiled in two columns, in table order: the left column
 * takes the first half (rounded up), the right the rest and the
 * counters at its foot (smaller, or left out, on a screen too short for
 * every monitor's pane to show two lines).  One monitor alone (+) has
 * the counters beside it, or, on a screen narrower than ZOOM_BESIDE,
 * the whole width.
 */
#include <curses.h>
#include <string.h>

#include "hpm.h"
#include "scr.h"

#define COUNTERS_ROWS 9         /* pane_counters' lines and its frame */
#define MIN_ROWS 4              /* a monitor's pane: its frame and two lines */
#define ZOOM_BESIDE 120         /* + : narrower than this, one monitor takes it all */

static void draw_line(void *ctx, int row, int heading, const char *text)
{
    scr_put(ctx, row, heading ? A_BOLD : 0, "%s", text);
}

/* Monitor c's view in a frame titled with its name, in b. */
static void pane_hpm(struct scr *s, const struct box *b, const struct hpm_class *c)
{
    char title[128];
    snprintf(title, sizeof title, "%s: %s", c->name, c->what);
    struct box in = scr_frame(b, title);
    struct hpm_view v = { .rows = in.h, .cols = in.w, .ctx = &in, .line = draw_line };
    if (in.h > 0)
        c->view(&v, &s->m->r);
}

/* No monitor to show: how to arm each, from the table. */
static void pane_none(const struct box *b)
{
    struct box in = scr_frame(b, "monitors");
    int r = 0;
    scr_put(&in, r++, A_BOLD, "no monitor is on; monitor SETTING [SPEC] arms one:");
    for (const struct hpm_class *const *c = hpm_classes; *c; c++)
        if ((*c)->view && (*c)->settings[0].name) {
            const struct hpm_setting *st = &(*c)->settings[0];
            scr_put(&in, r++, 0, "monitor %s %s  -- %s", st->name, st->arg, (*c)->what);
        }
}

/* Cells stacked in column box col: n of them, the last of height last
 * (0: an equal share). */
static struct box cell(const struct box *col, int i, int n, int last)
{
    int h = last ? col->h - last : col->h, k = last ? n - 1 : n;
    if (last && i == n - 1)
        return (struct box){ col->y + h, col->x, last, col->w };
    int y0 = col->y + h * i / k, y1 = col->y + h * (i + 1) / k;
    return (struct box){ y0, col->x, y1 - y0, col->w };
}

void pane_monitors(struct scr *s, const struct box *b)
{
    const struct hpm_class *shown[32];
    int n = 0;
    for (const struct hpm_class *const *c = hpm_classes; *c && n < 32; c++)
        if (s->m->loaded && hpm_shown(*c, &s->m->r))
            shown[n++] = *c;
    if (s->hpm_zoom > n)
        s->hpm_zoom = 0;
    if (s->hpm_zoom) {                  /* one monitor, with the counters beside it */
        shown[0] = shown[s->hpm_zoom - 1];
        n = 1;
        if (b->w < ZOOM_BESIDE) {       /* a narrow screen: the whole width, its */
            pane_hpm(s, b, shown[0]);   /* tables' last columns too */
            return;
        }
    }
    int wl = n > 0 ? b->w * (n == 1 ? 65 : 50) / 100 : b->w / 2;
    struct box left = { b->y, b->x, b->h, wl }, right = { b->y, b->x + wl, b->h, b->w - wl };
    if (!n) {
        pane_none(&left);
        pane_counters(s, &right);
        return;
    }
    int nl = n == 1 ? 1 : (n + 1) / 2, nr = n - nl + 1;  /* the right column: and the counters */
    int last = nr == 1 ? 0 : b->h / 2 < COUNTERS_ROWS ? b->h / 2 : COUNTERS_ROWS;
    if (nr > 1 && (b->h - last) / (nr - 1) < MIN_ROWS)   /* the monitors first: the */
        last = b->h - MIN_ROWS * (nr - 1);               /* counters shrink, or go */
    if (nr > 1 && last < MIN_ROWS) {
        for (int i = 0; i < nr - 1; i++) {
            struct box c = cell(&right, i, nr - 1, 0);
            pane_hpm(s, &c, shown[nl + i]);
        }
        nr = 0;
    }
    for (int i = 0; i < nl; i++) {
        struct box c = cell(&left, i, nl, 0);
        pane_hpm(s, &c, shown[i]);
    }
    for (int i = 0; i < nr - 1; i++) {
        struct box c = cell(&right, i, nr, last);
        pane_hpm(s, &c, shown[nl + i]);
    }
    if (nr) {
        struct box c = cell(&right, nr - 1, nr, last);
        pane_counters(s, &c);
    }
}
