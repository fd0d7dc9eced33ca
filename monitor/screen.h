/*
 * screen.h -- the ncurses screen over the model (screen.c, pane-*.c).
 */
#ifndef IMP_MONITOR_SCREEN_H
#define IMP_MONITOR_SCREEN_H

struct mon;

/* Run the interactive screen on m with programs files[0..n) and the
 * commands pre[0..npre) first; returns the exit status. */
int screen_main(struct mon *m, int n, char **files, const char **pre, int npre);

#endif
