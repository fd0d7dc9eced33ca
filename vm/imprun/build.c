/*
 * build.c -- "imprun prog.s": assemble and link in one step.
 *
 * Each source is assembled by impas into a private temporary directory,
 * the objects are linked by impld into a load module there, and the
 * caller runs it; build_cleanup() removes the directory.  impas and
 * impld are looked for next to imprun's own executable first (so a
 * build tree uses its own tools), then on PATH.  Their diagnostics go
 * straight to our stderr.  A fatal signal (tmpclean.h) stops the tool
 * running and removes the directory.  The guest runtime (lib/home.h) is on the COPY
 * search path, and its subroutines (IMPCHECK, IMPDEC) are a call library:
 * linked only when the program calls them.
 */
#include "imprun.h"
#include "home.h"
#include "obj.h"
#include "tmpclean.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Run argv[0] with argv, waiting for it; returns its exit status or -1. */
static int run_tool(char *const argv[], FILE *err)
{
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(err, "imprun: cannot start %s: %s\n", argv[0], strerror(errno));
        return -1;
    }
    if (pid == 0) {
        if (strchr(argv[0], '/'))
            execv(argv[0], argv);
        else
            execvp(argv[0], argv);
        fprintf(err, "imprun: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    tmpclean_child(pid);        /* a fatal signal stops it before cleaning */
    int st;
    int w;
    while ((w = (int)waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    tmpclean_child(0);
    if (w < 0)
        return -1;
    if (WIFEXITED(st))
        return WEXITSTATUS(st);
    fprintf(err, "imprun: %s died of signal %d\n", argv[0], WTERMSIG(st));
    return -1;
}

/* Assemble src into obj: impas -I incdirs... [-I rt] -o obj src; 0 or not. */
static int assemble(const char *impas, const char *const *incdirs, int ninc, const char *rt,
                    const char *obj, const char *src, FILE *err)
{
    const char **as = calloc((size_t)ninc * 2 + 8, sizeof *as);
    if (!as)
        return -1;
    int n = 0;
    as[n++] = impas;
    for (int i = 0; i < ninc; i++) {
        as[n++] = "-I";
        as[n++] = incdirs[i];
    }
    if (rt) {                   /* the runtime's COPY members come last */
        as[n++] = "-I";
        as[n++] = rt;
    }
    as[n++] = "-o";
    as[n++] = obj;
    as[n++] = src;
    as[n] = NULL;
    int rc = run_tool((char *const *)as, err);
    free(as);
    return rc;
}

int build_program(struct build *b, const char *self, char **sources, int nsources,
                  const char *const *incdirs, int ninc, const char *origin, FILE *err)
{
    const char *tmp = getenv("TMPDIR");
    memset(b, 0, sizeof *b);
    snprintf(b->dir, sizeof b->dir, "%s/imprun.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!tmpclean_mkdtemp(b->dir)) {  /* removed on SIGINT, SIGTERM, SIGHUP, SIGPIPE */
        fprintf(err, "imprun: cannot create a temporary directory: %s\n", strerror(errno));
        b->dir[0] = '\0';
        return -1;
    }
    char impas[PATH_MAX], impld[PATH_MAX], rt[PATH_MAX], rtsrc[PATH_MAX + 16];
    char rtobj[PATH_MAX + 16];
    home_tool("impas", impas, sizeof impas);
    home_tool("impld", impld, sizeof impld);
    int have_rt = home_runtime(rt, sizeof rt) == 0;

    char **ld = calloc((size_t)nsources + 12, sizeof *ld);
    char (*objs)[PATH_MAX + 16] = calloc((size_t)nsources, sizeof *objs);
    int rc = ld && objs ? 0 : -1;
    int n = 0;
    if (ld && objs) {
        ld[n++] = impld;
        for (int i = 0; i < nsources && rc == 0; i++) {
            snprintf(objs[i], sizeof objs[i], "%s/%d.o", b->dir, i + 1);
            if (assemble(impas, incdirs, ninc, have_rt ? rt : NULL, objs[i], sources[i],
                         err) != 0)
                rc = 1;
            ld[n++] = objs[i];
        }
    }
    if (rc == 0 && have_rt) {
        snprintf(rtsrc, sizeof rtsrc, "%s/imprt.s", rt);
        snprintf(rtobj, sizeof rtobj, "%s/imprt.o", b->dir);
        if (assemble(impas, NULL, 0, rt, rtobj, rtsrc, err) != 0)
            rc = 1;
        ld[n++] = "-L";
        ld[n++] = rtobj;
    }
    char originopt[64], ctl[PATH_MAX + 16];
    snprintf(b->load, sizeof b->load, "%s/a.load", b->dir);
    if (rc == 0 && have_rt) {
        /* the runtime's code on a page of its own: imprun protects it */
        snprintf(ctl, sizeof ctl, "%s/runtime.ctl", b->dir);
        FILE *f = fopen(ctl, "w");
        if (!f || fprintf(f, "PAGE %s\n", IMPRUN_RUNTIME_FIRST) < 0 || fclose(f) != 0) {
            fprintf(err, "imprun: cannot write '%s': %s\n", ctl, strerror(errno));
            rc = -1;
        } else {
            ld[n++] = "-c";
            ld[n++] = ctl;
        }
    }
    if (rc == 0) {
        ld[n++] = "-o";
        ld[n++] = b->load;
        if (origin) {
            snprintf(originopt, sizeof originopt, "--origin=%s", origin);
            ld[n++] = originopt;
        }
        ld[n] = NULL;
        if (run_tool(ld, err) != 0)
            rc = 1;
    }
    free(ld);
    free(objs);
    return rc;
}

/* Remove the temporary directory and whatever the tools left in it. */
void build_cleanup(struct build *b)
{
    if (!b->dir[0])
        return;
    DIR *d = opendir(b->dir);
    struct dirent *e;
    char path[PATH_MAX + 300];
    while (d && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", b->dir, e->d_name);
        remove(path);
    }
    if (d)
        closedir(d);
    rmdir(b->dir);
    tmpclean_forget(b->dir);
    b->dir[0] = '\0';
}

/* A source is any file that is not an IMP module: told by content. */
int imprun_is_source(const char *s)
{
    return obj_sniff(s) == OBJ_SNIFF_OTHER;
}

int imprun_classify(struct imprun_task *t)
{
    free(t->kind);
    t->kind = t->ninputs > 0 ? malloc((size_t)t->ninputs) : NULL;
    if (!t->kind)
        return t->ninputs > 0 ? -1 : 0;
    for (int i = 0; i < t->ninputs; i++)
        t->kind[i] = (unsigned char)obj_sniff(t->inputs[i]);
    return 0;
}

void imprun_unclassify(struct imprun_task *t)
{
    free(t->kind);
    t->kind = NULL;
}

int imprun_input_kind(const struct imprun_task *t, int i)
{
    return t->kind ? t->kind[i] : (int)obj_sniff(t->inputs[i]);
}

int imprun_input_is_source(const struct imprun_task *t, int i)
{
    return imprun_input_kind(t, i) == OBJ_SNIFF_OTHER;
}
