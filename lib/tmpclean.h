/*
 * tmpclean.h -- temporary files and directories that must not outlive the
 * process when it is killed by SIGINT, SIGTERM, SIGHUP or SIGPIPE.
 *
 * tmpclean_install() sets a handler for those signals (one the process
 * ignores stays ignored).  The handler kills and reaps the registered
 * child process, removes every registered file, empties and removes every
 * registered directory (one level deep), then dies of the same signal
 * with the default action, so the parent sees the usual status.
 *
 * The table is the one piece of process-wide state in the libraries: a
 * signal handler can reach nothing else.  It holds TMPCLEAN_MAX paths;
 * registering more returns -1 (the path is then not protected).
 */
#ifndef IMP_TMPCLEAN_H
#define IMP_TMPCLEAN_H

#include <sys/types.h>

#define TMPCLEAN_MAX 40

void tmpclean_install(void);
/* Register path (a file, or a directory if is_dir); 0 or -1. */
int tmpclean_add(const char *path, int is_dir);
/* mkstemp(tmpl) and mkdtemp(tmpl) that register what they create before
 * the signals can arrive: a fatal signal delivered as the file or the
 * directory appears still finds it in the table.  Same results and errno
 * as mkstemp and mkdtemp. */
int tmpclean_mkstemp(char *tmpl);
char *tmpclean_mkdtemp(char *tmpl);
/* Unregister path (it was renamed, removed or is kept). */
void tmpclean_forget(const char *path);
/* The child process to kill first (0: none). */
void tmpclean_child(pid_t pid);

#endif
