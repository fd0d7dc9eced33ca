/*
 * pool.c -- the graders of a class, -j at a time.
 *
 * Each submission gets a scratch folder of its own, JOB = $TMPDIR/
 * impgrade.XXXXXX/N, and a process of its own that leads a new process
 * group: it unpacks an archive into JOB/sub (unpack.c), then becomes
 *
 *     sh EXERCISE/grade.t      in JOB/work, stdin /dev/null,
 *                              stdout and stderr to JOB/tap
 *
 * with a clean environment (SUBMISSION, IMP_BIN, EXERCISE, GRADE_WORK, PATH,
 * HOME and TMPDIR inside JOB, LC_ALL=C), no core files, files of at most
 * 64 MiB and a CPU-time bound.  The pool kills the whole group when the
 * host timeout passes, or when its leader has ended (so nothing the grader
 * started lives on).  Only then is JOB/tap read (at most --max-output bytes) and
 * parsed, the status decided, the result and feedback written, and JOB
 * removed: a submission never touches another's folder or the results.
 *
 * The pool waits with sigtimedwait() on SIGCHLD and the signals that stop
 * impgrade (INT, TERM, HUP), all blocked: on one of the latter it kills
 * every group still running, removes the scratch folders and dies of the
 * same signal.  So no handler, and no state outside struct pool.
 */
#define _GNU_SOURCE 1
#include "grade.h"
#include "readfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct slot {
    pid_t pid;              /* 0: free */
    int job;                /* index into the job list (-1: the reference) */
    double deadline;        /* monotonic seconds */
    int timed_out;
};

struct pool {
    const struct exercise *ex;
    const struct class *c;
    const struct grade_opts *o;
    struct diag *d;
    char root[PATH_MAX - 64];   /* the scratch root */
    int timeout;
    struct slot *slots;
    int nslots, running, done, total;
    int progress;           /* draw the bar on stderr */
    int failed;             /* a host error happened */
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void job_dir(const struct pool *p, int job, char *buf, size_t size)
{
    snprintf(buf, size, "%s/%d", p->root, job + 1);
}

/* The one folder an archive held, if that is all it held (besides a
   __MACOSX folder); else dir itself. */
static void archive_root(const char *dir, char *root, size_t size)
{
    snprintf(root, size, "%s", dir);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char only[256] = "";
    int n = 0;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
            strcmp(e->d_name, "__MACOSX") == 0)
            continue;
        n++;
        snprintf(only, sizeof only, "%s", e->d_name);
    }
    closedir(d);
    char sub[PATH_MAX + 256];
    struct stat st;
    if (n == 1 && snprintf(sub, sizeof sub, "%s/%s", dir, only) < (int)sizeof sub &&
        lstat(sub, &st) == 0 && S_ISDIR(st.st_mode) && strlen(sub) < size)
        memcpy(root, sub, strlen(sub) + 1);
}

static void write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t w = write(fd, text, strlen(text));
        (void)w;
        close(fd);
    }
}

/* In the child: become the grader of submission s (NULL: the reference). */
static void grader_exec(const struct pool *p, const struct submission *s, const char *job)
{
    struct rlimit core = { 0, 0 }, fsize = { 64 << 20, 64 << 20 };
    rlim_t cpu = (rlim_t)p->timeout + 10;
    struct rlimit cpul = { cpu, cpu };
    setrlimit(RLIMIT_CORE, &core);
    setrlimit(RLIMIT_FSIZE, &fsize);
    setrlimit(RLIMIT_CPU, &cpul);
    char sub[PATH_MAX + 16], work[PATH_MAX + 16], tmp[PATH_MAX + 16], tap[PATH_MAX + 16];
    char why[PATH_MAX + 128];
    snprintf(work, sizeof work, "%s/work", job);
    snprintf(tmp, sizeof tmp, "%s/tmp", job);
    snprintf(tap, sizeof tap, "%s/tap", job);
    if (mkdir(work, 0700) != 0 || mkdir(tmp, 0700) != 0)
        _exit(126);
    if (!s)
        snprintf(sub, sizeof sub, "%s/solution", p->ex->dir);
    else if (s->archive != ARCHIVE_NONE) {
        char dir[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s/sub", job);
        if (mkdir(dir, 0700) != 0)
            _exit(126);
        if (unpack(s->path, s->archive, dir, why, sizeof why) != 0) {
            char path[PATH_MAX + 16];
            snprintf(path, sizeof path, "%s/unpack.err", job);
            write_text(path, why);
            _exit(3);
        }
        archive_root(dir, sub, sizeof sub);
    } else
        snprintf(sub, sizeof sub, "%s", s->path);

    int null = open("/dev/null", O_RDONLY);
    int out = open(tap, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (null < 0 || out < 0 || chdir(work) != 0)
        _exit(126);
    dup2(null, 0);
    dup2(out, 1);
    dup2(out, 2);
    close(null);
    close(out);

    static const char *const keep[] = { "PATH", "IMP_RUNTIME" };
    char *env[16];
    int n = 0;
    char buf[8][PATH_MAX + 32];
    for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++) {
        const char *v = getenv(keep[i]);
        if (v) {
            snprintf(buf[n], sizeof buf[n], "%s=%s", keep[i], v);
            env[n] = buf[n];
            n++;
        }
    }
    const char *set[][2] = { { "SUBMISSION", sub }, { "IMP_BIN", p->o->bindir },
                             { "EXERCISE", p->ex->dir }, { "GRADE_WORK", work },
                             { "HOME", work }, { "TMPDIR", tmp } };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        snprintf(buf[n], sizeof buf[n], "%s=%s", set[i][0], set[i][1]);
        env[n] = buf[n];
        n++;
    }
    env[n++] = "LC_ALL=C";
    env[n] = NULL;
    char grader[PATH_MAX + 16];
    snprintf(grader, sizeof grader, "%s/grade.t", p->ex->dir);
    char *argv[] = { "sh", grader, NULL };
    execve("/bin/sh", argv, env);
    _exit(127);
}

static int start(struct pool *p, struct slot *sl, int job, const sigset_t *oldmask)
{
    char dir[PATH_MAX];
    job_dir(p, job, dir, sizeof dir);
    if (mkdir(dir, 0700) != 0) {
        diag_error(p->d, "cannot create '%s': %s", dir, strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        diag_error(p->d, "cannot start a grader: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGHUP, SIG_DFL);
        signal(SIGPIPE, SIG_DFL);
        sigprocmask(SIG_SETMASK, oldmask, NULL);
        grader_exec(p, job < 0 ? NULL : &p->c->sub[job], dir);
    }
    setpgid(pid, pid);              /* either of us may run first */
    sl->pid = pid;
    sl->job = job;
    sl->deadline = now() + p->timeout;
    sl->timed_out = 0;
    p->running++;
    return 0;
}

/* The status of a grading from what the grader left. */
static enum status decide(const struct result *r, int complete, const char *events)
{
    if (strstr(events, "empty=1"))
        return ST_EMPTY;
    if (strstr(events, "build=failed"))
        return ST_BUILD_FAILED;
    if (!complete)
        return ST_GRADER_ERROR;
    if (r->score < r->max) {
        if (strstr(events, "run=timeout"))
            return ST_TIMEOUT;
        if (strstr(events, "run=limit"))
            return ST_LIMIT;
        if (strstr(events, "run=abend") || strstr(events, "run=machine"))
            return ST_CRASHED;
    }
    return ST_GRADED;
}

/* The last lines of text that are not TAP, for a grader that failed. */
static char *non_tap_tail(const char *text)
{
    char *tail = NULL;
    int kept = 0;
    for (const char *l = text; *l && kept < 200;) {
        size_t len = strcspn(l, "\n");
        if (len && l[0] != '#' && strncmp(l, "ok", 2) != 0 && strncmp(l, "not ok", 6) != 0 &&
            strncmp(l, "1..", 3) != 0) {
            text_append(&tail, l, len < 200 ? len : 200);
            kept++;
        }
        l += len + (l[len] == '\n');
    }
    return tail;
}

static int finish(struct pool *p, struct slot *sl, int wstatus)
{
    const struct submission *s = sl->job < 0 ? NULL : &p->c->sub[sl->job];
    char dir[PATH_MAX], path[PATH_MAX + 32];
    job_dir(p, sl->job, dir, sizeof dir);
    struct result r = { .status = ST_GRADED };
    int bad_archive = 0;
    r.id = strdup(s ? s->id : ".reference");
    char *text = NULL, *events = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/unpack.err", dir);
    if (sl->timed_out) {
        r.status = ST_TIMEOUT;
        char note[128];
        snprintf(note, sizeof note, "The grading was stopped after %d seconds.", p->timeout);
        r.note = strdup(note);
    } else if (read_file(path, 4096, &text, &len) == 0) {
        r.status = ST_BAD_ARCHIVE;
        bad_archive = 1;
        r.note = text;
        text = NULL;
    }
    snprintf(path, sizeof path, "%s/tap", dir);
    int err = read_file(path, p->o->max_output, &text, &len);
    int complete = 0;
    if (err == EFBIG) {
        /* the first max_output bytes still tell the tests run */
        FILE *f = fopen(path, "r");
        text = calloc(1, p->o->max_output + 1);
        if (f && text)
            len = fread(text, 1, p->o->max_output, f);
        if (f)
            fclose(f);
        if (!r.note)
            r.note = strdup("The grader's output passed its limit and was cut.");
    }
    if (text && !sl->timed_out)     /* how far a stopped grader got is timing */
        complete = tap_parse(text, &r);
    if (err == EFBIG)
        complete = 0;
    snprintf(path, sizeof path, "%s/work/.grade-status", dir);
    if (read_file(path, 4096, &events, &len) != 0)
        events = NULL;
    char sub[PATH_MAX + 16], fp[64];
    if (!s)
        snprintf(sub, sizeof sub, "%s/solution", p->ex->dir);
    else if (s->archive != ARCHIVE_NONE) {
        snprintf(path, sizeof path, "%s/sub", dir);
        archive_root(path, sub, sizeof sub);
    } else
        snprintf(sub, sizeof sub, "%s", s->path);
    if (!bad_archive && handin_fingerprint(sub, p->ex->handin, fp, sizeof fp) == 0)
        r.handin = strdup(fp);
    if (!sl->timed_out && !bad_archive) {
        r.status = decide(&r, complete && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0,
                          events ? events : "");
        if (r.status == ST_GRADER_ERROR && !r.note && text) {
            char *tail = non_tap_tail(text);
            if (!WIFEXITED(wstatus))
                text_append(&r.note, "The grader was killed by a signal.", 34);
            if (tail)
                text_append(&r.note, tail, strlen(tail));
            free(tail);
        }
    }
    int rc = 0;
    if (!r.id || result_write(&r, p->ex, p->o->out, p->d) != 0)
        rc = -1;
    else if (s && feedback_write(&r, p->ex, p->o->out, p->d) != 0)
        rc = -1;
    if (!s && !p->o->quiet && r.status == ST_GRADED && r.score < r.max)
        diag_warning(p->d, "the exercise's solution scores %d of %d", r.score, r.max);
    if (!s && !p->o->quiet && r.status != ST_GRADED)
        diag_warning(p->d, "the exercise's solution was not graded: %s",
                     status_name(r.status));
    free(text);
    free(events);
    result_free(&r);
    if (rm_tree(dir) != 0 && !p->o->quiet)
        diag_warning(p->d, "cannot remove '%s': %s", dir, strerror(errno));
    sl->pid = 0;
    p->running--;
    if (s)
        p->done++;
    return rc;
}

static void progress(const struct pool *p)
{
    if (!p->progress || p->total == 0)
        return;
    int width = 40, filled = (int)((long)p->done * width / p->total);
    fprintf(stderr, "\rimpgrade: [%.*s%*s] %d/%d", filled,
            "########################################", width - filled, "", p->done, p->total);
    if (p->done == p->total)
        fputc('\n', stderr);
    fflush(stderr);
}

/* Reap the graders that ended.  Each one's process group is killed first,
   while its leader is still a zombie: until it is reaped, no new process
   can take its id, so the kill cannot reach a stranger's group. */
static void reap(struct pool *p)
{
    for (;;) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid == 0)
            break;
        pid_t pid = si.si_pid;
        kill(-pid, SIGKILL);            /* whatever the grader left running */
        int st;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        for (int i = 0; i < p->nslots; i++)
            if (p->slots[i].pid == pid) {
                if (finish(p, &p->slots[i], st) != 0)
                    p->failed = 1;
                progress(p);
            }
    }
}

/* On INT, TERM or HUP: kill every grader, clean up, die of sig. */
static void stop_all(struct pool *p, int sig, const sigset_t *oldmask)
{
    for (int i = 0; i < p->nslots; i++)
        if (p->slots[i].pid) {
            kill(-p->slots[i].pid, SIGKILL);
            waitpid(p->slots[i].pid, NULL, 0);
        }
    rm_tree(p->root);
    if (p->progress)
        fputc('\n', stderr);
    signal(sig, SIG_DFL);
    sigprocmask(SIG_SETMASK, oldmask, NULL);
    raise(sig);
    _exit(128 + sig);
}

/* The reference solution not graded (--part, --no-reference): a result
   that holds only its fingerprint, for the summary to tell copies of it,
   unless one is there (the reference graded into a shared folder). */
static void reference_fingerprint(const struct exercise *ex, const struct grade_opts *o,
                                  struct diag *d)
{
    char sol[PATH_MAX + 16], path[PATH_MAX + 32], fp[64];
    snprintf(sol, sizeof sol, "%s/solution", ex->dir);
    snprintf(path, sizeof path, "%s/results/.reference.result", o->out);
    if (access(path, F_OK) == 0 || handin_fingerprint(sol, ex->handin, fp, sizeof fp) != 0)
        return;
    struct result r = { .id = strdup(".reference"), .status = ST_GRADED, .handin = strdup(fp) };
    if (r.id && r.handin)
        result_write(&r, ex, o->out, d);
    result_free(&r);
}

int pool_grade(const struct exercise *ex, const struct class *c, const struct grade_opts *o,
               struct diag *d)
{
    struct pool p = { .ex = ex, .c = c, .o = o, .d = d, .total = c->n };
    p.timeout = o->timeout ? o->timeout : ex->timeout;
    p.progress = !o->quiet && isatty(2);
    char dir[PATH_MAX + 32];
    for (const char *sub = "results"; sub; sub = strcmp(sub, "results") == 0 ? "feedback" : NULL) {
        snprintf(dir, sizeof dir, "%s/%s", o->out, sub);
        if (mkdir_p(dir) != 0) {
            diag_error(d, "cannot create '%s': %s", dir, strerror(errno));
            return -1;
        }
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(p.root, sizeof p.root, "%s/impgrade.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(p.root)) {
        diag_error(d, "cannot create a scratch folder in %s: %s", tmp && *tmp ? tmp : "/tmp",
                   strerror(errno));
        return -1;
    }
    int first = -1;
    snprintf(dir, sizeof dir, "%s/solution", ex->dir);
    struct stat st;
    if (!o->reference || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        first = 0;
    p.nslots = o->jobs;
    p.slots = calloc((size_t)p.nslots, sizeof *p.slots);
    if (!p.slots) {
        rm_tree(p.root);
        diag_error(d, "out of memory");
        return -1;
    }
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, &old);
    int next = first;
    progress(&p);
    while ((next < c->n || p.running > 0) && !p.failed) {
        for (int i = 0; i < p.nslots && next < c->n && !p.failed; i++)
            if (!p.slots[i].pid) {
                if (start(&p, &p.slots[i], next, &old) != 0)
                    p.failed = 1;
                next++;
            }
        struct timespec ts = { 0, 50 * 1000 * 1000 };
        int sig = sigtimedwait(&set, NULL, &ts);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
            stop_all(&p, sig, &old);
        reap(&p);
        double t = now();
        for (int i = 0; i < p.nslots; i++)
            if (p.slots[i].pid && !p.slots[i].timed_out && t > p.slots[i].deadline) {
                p.slots[i].timed_out = 1;
                kill(-p.slots[i].pid, SIGKILL);
            }
    }
    for (int i = 0; i < p.nslots; i++)     /* after a host error */
        if (p.slots[i].pid) {
            kill(-p.slots[i].pid, SIGKILL);
            waitpid(p.slots[i].pid, NULL, 0);
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
    free(p.slots);
    rm_tree(p.root);
    if (!p.failed && first == 0)
        reference_fingerprint(ex, o, d);
    return p.failed ? -1 : 0;
}
