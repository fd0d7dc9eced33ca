/*
 * cmd.h -- the handlers of commands.def, one per row (synonyms share).
 * Each returns 0, or -1 after mon_error.
 */
#ifndef IMP_MONITOR_CMD_H
#define IMP_MONITOR_CMD_H

#include <stddef.h>
#include <stdint.h>

struct mon;

#define MON_CMD(name, fn, cc, args, help) int fn(struct mon *m, int argc, char **argv);
#include "commands.def"
#undef MON_CMD

/* Helpers for handlers (cmd-run.c). */
/* argv[i] as a count (decimal or X'..'; 1 or more): 0 or -1 after a message. */
int cmd_count(struct mon *m, const char *what, const char *arg, uint64_t *n);
/* argv[from..argc) joined by blanks into buf. */
void cmd_join(int argc, char **argv, int from, char *buf, size_t size);

#endif
