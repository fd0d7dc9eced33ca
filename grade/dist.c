/*
 * dist.c -- a class graded past one machine, by engines that exist.
 *
 * GNU parallel (--sshloginfile=FILE): one "impgrade --part" per submission
 * on the hosts of FILE (":" is this machine), all writing their results
 * into DIR; then the table here.  The folders (IMP's programs, the
 * exercise, the submissions, DIR) must have the same paths on every host,
 * as on a cluster's shared file system.
 *
 * Slurm (--emit-slurm=SCRIPT): a job-array script whose task K grades the
 * slice K/N of the class into DIR/part-K ("impgrade --part --slice=K/N");
 * "impgrade --merge -o DIR DIR/part-*" then makes one table.  The script
 * also runs outside Slurm with SLURM_ARRAY_TASK_ID set, which is how it is
 * tested.
 */
#define _GNU_SOURCE 1
#include "grade.h"
#include "outfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* s quoted for sh: 'it'\''s'. */
static void sh_quote(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

/* DIR/submissions.txt: the paths of the class, in the order of their ids. */
static int write_list(const char *out, const struct class *c, struct diag *d)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/submissions.txt", out);
    struct outfile o;
    FILE *f = outfile_open(&o, path, d);
    if (!f)
        return -1;
    for (int i = 0; i < c->n; i++)
        if (strchr(c->sub[i].path, '\n')) {
            diag_error(d, "submission '%s': a newline in its path", c->sub[i].path);
            outfile_abort(&o);
            return -1;
        } else
            fprintf(f, "%s\n", c->sub[i].path);
    return outfile_commit(&o, d);
}

int dist_emit_slurm(const char *script, const struct exercise *ex, const struct class *c,
                    const struct grade_opts *o, int tasks, const char *self, struct diag *d)
{
    char *out = realpath(o->out, NULL);
    if (!out) {
        diag_error(d, "'%s': %s", o->out, strerror(errno));
        return -1;
    }
    if (tasks > c->n)
        tasks = c->n > 0 ? c->n : 1;
    int timeout = o->timeout ? o->timeout : ex->timeout;
    int per_task = (c->n + tasks - 1) / tasks;
    long minutes = ((long)per_task * timeout + 59) / 60 + 5;
    int rc = write_list(out, c, d);
    struct outfile of;
    FILE *f = rc == 0 ? outfile_open(&of, script, d) : NULL;
    if (!f) {
        free(out);
        return -1;
    }
    fprintf(f, "#!/bin/sh\n"
               "# Grade exercise %s for %d submissions as a Slurm job array of %d tasks.\n"
               "# Written by impgrade --emit-slurm.  Task K grades the submissions K, K+%d,\n"
               "# K+%d, ... of %s/submissions.txt (in the order of their ids)\n"
               "# into %s/part-K.  When every task has ended, one table:\n"
               "#\n"
               "#   sbatch %s\n"
               "#   impgrade --merge -o %s %s/part-*\n"
               "#\n"
               "# (or sbatch --dependency=afterany:JOBID for the merge).  IMP's programs,\n"
               "# the exercise and the submissions must have the same paths on the nodes.\n"
               "# Outside Slurm, SLURM_ARRAY_TASK_ID=K sh %s runs task K here.\n"
               "#\n"
               "#SBATCH --job-name=impgrade-%s\n"
               "#SBATCH --array=0-%d\n"
               "#SBATCH --cpus-per-task=%d\n"
               "#SBATCH --time=%ld\n"
               "#SBATCH --output=%s/slurm-%%A_%%a.log\n"
               "set -eu\n"
               "task=${SLURM_ARRAY_TASK_ID:?run this script with sbatch, or set "
               "SLURM_ARRAY_TASK_ID}\n"
               "exec ",
            ex->name, c->n, tasks, tasks, 2 * tasks, out, out, script, out, out, script,
            ex->name, tasks - 1, o->jobs, minutes, out);
    sh_quote(f, self);
    fprintf(f, " --part --quiet --slice=\"$task/%d\" -j \"${SLURM_CPUS_PER_TASK:-1}\" \\\n"
               "    --timeout=%d --max-output=%zu --bin=",
            tasks, timeout, o->max_output);
    sh_quote(f, o->bindir);
    fputs(" \\\n    -o ", f);
    sh_quote(f, out);
    fputs("/part-\"$task\" --list=", f);
    sh_quote(f, out);
    fputs("/submissions.txt ", f);
    sh_quote(f, ex->dir);
    fputc('\n', f);
    rc = outfile_commit(&of, d);
    free(out);
    return rc;
}

int dist_parallel(const char *loginfile, const struct exercise *ex, const struct class *c,
                  const struct grade_opts *o, const char *self, struct diag *d)
{
    char *out = realpath(o->out, NULL);
    if (!out) {
        diag_error(d, "'%s': %s", o->out, strerror(errno));
        return -1;
    }
    if (access(loginfile, R_OK) != 0) {
        diag_error(d, "--sshloginfile '%s': %s", loginfile, strerror(errno));
        free(out);
        return -1;
    }
    int rc = write_list(out, c, d);
    if (rc == 0)
        rc = results_clear(out, d);     /* a table of this class alone */
    /* the reference solution here (it only sets the maximum) */
    struct class none = { 0 };
    if (rc == 0 && o->reference)
        rc = pool_grade(ex, &none, o, d);
    /* the command each host runs: {} is the submission, quoted by parallel */
    char *cmd = NULL;
    size_t cmdlen = 0;
    FILE *f = rc == 0 ? open_memstream(&cmd, &cmdlen) : NULL;
    if (f) {
        sh_quote(f, self);
        fprintf(f, " --part --quiet -j 1 --timeout=%d --max-output=%zu --bin=",
                o->timeout ? o->timeout : ex->timeout, o->max_output);
        sh_quote(f, o->bindir);
        fputs(" -o ", f);
        sh_quote(f, out);
        fputc(' ', f);
        sh_quote(f, ex->dir);
        fputs(" {}", f);
        fclose(f);
    } else if (rc == 0) {
        diag_error(d, "out of memory");
        rc = -1;
    }
    char list[PATH_MAX + 32], jobs[32];
    snprintf(list, sizeof list, "%s/submissions.txt", out);
    snprintf(jobs, sizeof jobs, "%d", o->jobs);
    if (rc == 0 && c->n > 0) {
        char *argv[] = { "parallel", "--will-cite", "--halt", "never", "--sshloginfile",
                         (char *)loginfile, "--jobs", jobs, "--arg-file", list, cmd, NULL };
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            execvp(argv[0], argv);
            fprintf(stderr, "impgrade: error: cannot run GNU parallel: %s\n", strerror(errno));
            _exit(127);
        }
        int st = 0;
        while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
            ;
        if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) == 127 || WEXITSTATUS(st) == 255) {
            diag_error(d, "GNU parallel failed (status %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
            rc = -1;
        } else if (WEXITSTATUS(st) != 0 && !o->quiet)
            diag_warning(d, "GNU parallel: %d of the jobs failed", WEXITSTATUS(st));
    }
    /* a job that failed on its host leaves no result: say which */
    for (int i = 0; rc == 0 && i < c->n; i++) {
        char path[PATH_MAX + 64];
        snprintf(path, sizeof path, "%s/results/%s.result", out, c->sub[i].id);
        if (access(path, R_OK) != 0) {
            diag_error(d, "no result for '%s': its job failed (see GNU parallel's messages)",
                       c->sub[i].id);
            rc = -1;
        }
    }
    if (rc == 0)
        rc = report_write(out, NULL, 0, d);
    free(cmd);
    free(out);
    return rc;
}
