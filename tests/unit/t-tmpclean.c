/*
 * t-tmpclean.c -- lib/tmpclean.c: a fatal signal that arrives just as a
 * temporary file or directory is created still removes it.
 *
 * This program defines mkstemp and mkdtemp itself, so the libraries call
 * these versions: each creates what it is asked to, then raises the
 * signal chosen by the test -- the moment at which a loaded machine may
 * deliver a kill sent by a process that saw the new name appear.  Each case
 * runs in a child in a private directory; the child must die of the signal
 * and leave the directory empty.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "tmpclean.h"
#include "tap.h"

static int signal_on_create;    /* raised by mkstemp and mkdtemp when set */

/* The XXXXXX of tmpl from the process id and a counter: enough for the
 * few names of one test's process; 0, or -1 with EINVAL. */
static int fill_name(char *tmpl)
{
    static unsigned serial;
    size_t n = strlen(tmpl);
    if (n < 6 || strcmp(tmpl + n - 6, "XXXXXX") != 0) {
        errno = EINVAL;
        return -1;
    }
    snprintf(tmpl + n - 6, 7, "%03u%03u", (unsigned)getpid() % 1000, serial++ % 1000);
    return 0;
}

/* make(NAME) on the names fill_name gives tmpl, until one does not exist
 * yet: another process whose id ends in the same three digits (a suite
 * run beside this one) may hold a name.  make's result, or -1. */
static int first_free(char *tmpl, int (*make)(const char *))
{
    size_t n = strlen(tmpl);
    for (int tries = 0; tries < 1000; tries++) {
        if (tries)
            memcpy(tmpl + n - 6, "XXXXXX", 6);
        if (fill_name(tmpl) != 0)
            return -1;
        int r = make(tmpl);
        if (r >= 0 || errno != EEXIST)
            return r;
    }
    return -1;
}
static int make_file(const char *name) { return open(name, O_RDWR | O_CREAT | O_EXCL, 0600); }
static int make_dir(const char *name) { return mkdir(name, 0700); }

int mkstemp(char *tmpl)
{
    int fd = first_free(tmpl, make_file);
    if (fd >= 0 && signal_on_create)
        raise(signal_on_create);
    return fd;
}

char *mkdtemp(char *tmpl)
{
    if (first_free(tmpl, make_dir) != 0)
        return NULL;
    if (signal_on_create)
        raise(signal_on_create);
    return tmpl;
}

static char dir[64];

static int dir_is_empty(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "test -z \"$(ls -A '%s')\"", dir);
    return system(cmd) == 0;
}

static void empty_dir(void)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'/* '%s'/.[!.]*", dir, dir);
    if (system(cmd) != 0)
        printf("# could not empty %s\n", dir);
}

enum make { MAKE_FILE, MAKE_DIR, MAKE_OUTFILE };

/* In a child: install the handler, create one thing with sig raised as it
 * appears.  The status the child ended with. */
static int create_killed(enum make what, int sig)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        char path[128];
        /* A background job of a shell without job control starts with
           SIGINT ignored, and tmpclean leaves an ignored signal alone:
           the test starts from the default actions. */
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        tmpclean_install();
        signal_on_create = sig;
        if (what == MAKE_FILE) {
            snprintf(path, sizeof path, "%s/f.XXXXXX", dir);
            tmpclean_mkstemp(path);
        } else if (what == MAKE_DIR) {
            snprintf(path, sizeof path, "%s/d.XXXXXX", dir);
            tmpclean_mkdtemp(path);
        } else {
            struct diag d;
            struct outfile o;
            diag_init(&d, "t-tmpclean");
            snprintf(path, sizeof path, "%s/out.txt", dir);
            outfile_open(&o, path, &d);
        }
        _exit(0);               /* not reached when the signal kills us */
    }
    int st;
    if (waitpid(pid, &st, 0) != pid)
        return -1;
    return st;
}

static void case_signal(enum make what, int sig, const char *name)
{
    int st = create_killed(what, sig);
    printf("# %s, %s raised as it appears\n", what == MAKE_FILE ? "tmpclean_mkstemp"
           : what == MAKE_DIR ? "tmpclean_mkdtemp" : "outfile_open", name);
    check(WIFSIGNALED(st));
    check_int(WIFSIGNALED(st) ? WTERMSIG(st) : -1, ==, sig);
    check(dir_is_empty());
    empty_dir();
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    const char *base = t && *t && strlen(t) < 40 ? t : "/tmp";
    snprintf(dir, sizeof dir, "%s/t-tmpclean.XXXXXX", base);
    /* The first name this process would make is held already (as by a
       process of a suite run beside this one whose id ends in the same
       three digits): mkdtemp goes on to another. */
    char taken[sizeof dir];
    snprintf(taken, sizeof taken, "%s/t-tmpclean.%03u000", base, (unsigned)getpid() % 1000);
    int squat = mkdir(taken, 0700) == 0;
    if (!mkdtemp(dir)) {
        printf("Bail out! cannot make a directory for the test\n");
        if (squat)
            rmdir(taken);
        return 1;
    }
    check(strcmp(dir, taken) != 0);
    if (squat)
        rmdir(taken);

    static const struct { int sig; const char *name; } sigs[] = {
        { SIGTERM, "SIGTERM" }, { SIGINT, "SIGINT" }, { SIGHUP, "SIGHUP" }, { SIGPIPE, "SIGPIPE" },
    };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        case_signal(MAKE_FILE, sigs[i].sig, sigs[i].name);
        case_signal(MAKE_DIR, sigs[i].sig, sigs[i].name);
        case_signal(MAKE_OUTFILE, sigs[i].sig, sigs[i].name);
    }

    /* Without a signal: the file is made and stays, the errno of a
       failure is mkstemp's, and the caller's signal mask is unchanged. */
    sigset_t before, after;
    sigprocmask(SIG_SETMASK, NULL, &before);
    char path[128];
    snprintf(path, sizeof path, "%s/keep.XXXXXX", dir);
    int fd = tmpclean_mkstemp(path);
    check(fd >= 0);
    check(access(path, F_OK) == 0);
    if (fd >= 0)
        close(fd);
    tmpclean_forget(path);
    sigprocmask(SIG_SETMASK, NULL, &after);
    check(sigismember(&after, SIGTERM) == sigismember(&before, SIGTERM));
    check(sigismember(&after, SIGINT) == sigismember(&before, SIGINT));
    snprintf(path, sizeof path, "%s/no/such/f.XXXXXX", dir);
    errno = 0;
    check_int(tmpclean_mkstemp(path), ==, -1);
    check_int(errno, ==, ENOENT);
    snprintf(path, sizeof path, "%s/no/such/d.XXXXXX", dir);
    errno = 0;
    check(tmpclean_mkdtemp(path) == NULL);
    check_int(errno, ==, ENOENT);

    empty_dir();
    rmdir(dir);
    return tap_done();
}
