/*
 * tmpclean.c -- removing temporary files on a fatal signal.  Everything the
 * handler calls is async-signal-safe: kill, waitpid, unlink, unlinkat,
 * rmdir, open, close, getdents64 (as a raw system call), sigaction, raise.
 */
#define _GNU_SOURCE
#include "tmpclean.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

#define TMPCLEAN_SIGNALS(X) X(SIGINT) X(SIGTERM) X(SIGHUP) X(SIGPIPE)

struct tmpclean_entry {
    volatile sig_atomic_t used;     /* 0 free, 1 file, 2 directory */
    char path[PATH_MAX];
};

/* Process-wide: see tmpclean.h. */
static struct tmpclean_entry tmpclean_table[TMPCLEAN_MAX];
static volatile pid_t tmpclean_pid;

/* Remove the entries of directory path, one level deep. */
static void empty_dir(const char *path)
{
#if defined(__linux__) && defined(SYS_getdents64)
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    char buf[4096] __attribute__((aligned(8)));
    long n;
    while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0) {
        for (long off = 0; off < n;) {
            /* struct linux_dirent64: u64 ino, s64 off, u16 reclen, u8 type, name */
            unsigned short reclen;
            memcpy(&reclen, buf + off + 16, sizeof reclen);
            const char *name = buf + off + 19;
            if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
                unlinkat(fd, name, 0);
            off += reclen;
        }
    }
    close(fd);
#else
    (void)path;
#endif
}

static void on_signal(int sig)
{
    pid_t pid = tmpclean_pid;
    if (pid > 0) {
        kill(pid, SIGTERM);
        waitpid(pid, NULL, 0);
    }
    for (int i = 0; i < TMPCLEAN_MAX; i++) {
        struct tmpclean_entry *e = &tmpclean_table[i];
        if (e->used == 1)
            unlink(e->path);
        else if (e->used == 2) {
            empty_dir(e->path);
            rmdir(e->path);
        }
    }
    /* The handler was installed with SA_RESETHAND: the signal, blocked
       while we run, kills the process with the default action on return. */
    raise(sig);
}

void tmpclean_install(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
#define X(s) sigaddset(&sa.sa_mask, s);
    TMPCLEAN_SIGNALS(X)
#undef X
    sa.sa_flags = SA_RESETHAND;
#define X(s) \
    if (sigaction(s, NULL, &old) == 0 && old.sa_handler != SIG_IGN) \
        sigaction(s, &sa, NULL);
    TMPCLEAN_SIGNALS(X)
#undef X
}

/* Block the signals around a change of the table; restore with *old. */
static void block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
#define X(s) sigaddset(&set, s);
    TMPCLEAN_SIGNALS(X)
#undef X
    sigprocmask(SIG_BLOCK, &set, old);
}

int tmpclean_add(const char *path, int is_dir)
{
    size_t n = strlen(path);
    if (n >= PATH_MAX)
        return -1;
    sigset_t old;
    block(&old);
    int rc = -1;
    for (int i = 0; i < TMPCLEAN_MAX && rc < 0; i++)
        if (!tmpclean_table[i].used) {
            memcpy(tmpclean_table[i].path, path, n + 1);
            tmpclean_table[i].used = is_dir ? 2 : 1;
            rc = 0;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

/* The signals stay blocked from before the system call that creates the
 * file until it is in the table; one that came meanwhile is delivered when
 * the mask is restored, and its handler removes the file. */
int tmpclean_mkstemp(char *tmpl)
{
    sigset_t old;
    block(&old);
    int fd = mkstemp(tmpl);
    int e = errno;
    if (fd >= 0)
        tmpclean_add(tmpl, 0);
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return fd;
}

char *tmpclean_mkdtemp(char *tmpl)
{
    sigset_t old;
    block(&old);
    char *d = mkdtemp(tmpl);
    int e = errno;
    if (d)
        tmpclean_add(tmpl, 1);
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = e;
    return d;
}

void tmpclean_forget(const char *path)
{
    sigset_t old;
    block(&old);
    for (int i = 0; i < TMPCLEAN_MAX; i++)
        if (tmpclean_table[i].used && strcmp(tmpclean_table[i].path, path) == 0) {
            tmpclean_table[i].used = 0;
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void tmpclean_child(pid_t pid)
{
    sigset_t old;
    block(&old);
    tmpclean_pid = pid;
    sigprocmask(SIG_SETMASK, &old, NULL);
}
