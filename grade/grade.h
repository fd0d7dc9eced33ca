/*
 * grade.h -- impgrade: a class of submissions graded by an exercise's
 * TAP grader (examples/exercises/NN-name/grade.t).
 *
 * The flow, one stage a file:
 *
 *   main.c     the command line; the modes (grade, --part, --merge,
 *              --emit-slurm, --sshloginfile)
 *   class.c    the submissions: ids from names, --list files, --slice
 *   unpack.c   an archive unpacked into a scratch folder, safely
 *   pool.c     the graders run -j at a time, each in its own process group
 *              with a host timeout and an output cap
 *   tap.c      a grader's TAP into a struct result
 *   result.c   results kept as files (DIR/results/ID.result) and the
 *              feedback a student reads (DIR/feedback/ID.txt)
 *   report.c   scores.csv and summary.txt from the results of a folder
 *   dist.c     past one machine: GNU parallel over ssh logins, Slurm
 *   handin.c   a hand-in's fingerprint, to find copies
 *
 * Grading writes results first and the table from them, so a grading done
 * here and one done in pieces elsewhere (--part, then --merge) give the same
 * scores.csv.  Nothing here is global: the options and the class travel in
 * the structs below.
 */
#ifndef IMP_GRADE_H
#define IMP_GRADE_H

#include <limits.h>
#include <stddef.h>

#include "diag.h"

/* The statuses, in order of precedence (status.def). */
enum status {
#define X(e, name, msg) ST_##e,
#include "status.def"
#undef X
    ST_COUNT
};
const char *status_name(enum status s);
const char *status_message(enum status s);
/* The status named name; -1 if none. */
int status_lookup(const char *name);

/* One test of a grader's TAP: "ok N - [P] description". */
struct test {
    int num;
    int points;
    int passed;
    char *desc;
    char *diag;             /* its "#" lines, without the "# ", or NULL */
    int ndiag, dropped;     /* lines kept, and past TAP_MAX_DIAG */
};
/* The feedback lines kept per test (and before the first): a grader's
   flood stays out of the feedback files. */
#define TAP_MAX_DIAG 60
/* The bytes kept of one feedback line: a program's output of one endless
   line, shown as "actual:", is cut there and says how much more it had. */
#define TAP_MAX_LINE 240

/* What became of one submission. */
struct result {
    char *id;
    enum status status;
    int score, max;
    int ntests, cap;
    struct test *tests;
    char *general;          /* "#" lines before the first test, or NULL */
    int ngeneral, gdropped;
    char *note;             /* impgrade's own words (archive, timeout), or NULL */
    char *handin;           /* the hand-in's fingerprint (handin.c), or NULL */
};

void result_free(struct result *r);
/* Append a test (copies the strings); 0 or -1 (no memory). */
int result_add_test(struct result *r, int num, int points, int passed, const char *desc);
/* Append a line to *text (a NULL *text starts it); 0 or -1. */
int text_append(char **text, const char *line, size_t len);

/* The exercise: its folder, name and exercise.conf. */
struct exercise {
    char dir[PATH_MAX];     /* absolute */
    char name[256];         /* the folder's base name, 01-first */
    char title[256];
    int timeout;            /* seconds for one submission (timeout=, default 60) */
    char handin[1024];      /* handin=: the files a student hands in */
};
/* Read dir/exercise.conf and check dir/grade.t; 0 or -1 (reported). */
int exercise_load(struct exercise *ex, const char *dir, struct diag *d);

/* One submission to grade. */
struct submission {
    char *id;               /* base name without .tar, .tar.gz, .tgz, .zip */
    char *path;             /* absolute */
    int archive;            /* 0 folder, else an archive (enum in unpack.c) */
};

struct class {
    struct submission *sub;
    int n, cap;
};
/* Add path as a submission; 0 or -1 (reported: unreadable, bad name). */
int class_add(struct class *c, const char *path, struct diag *d);
/* Add the paths of file, one a line; 0 or -1. */
int class_add_list(struct class *c, const char *file, struct diag *d);
/* Sort by id and refuse twice the same id; 0 or -1. */
int class_sort(struct class *c, struct diag *d);
/* Keep the submissions i with i % n == k; 0 or -1 on a bad "K/N". */
int class_slice(struct class *c, const char *spec, struct diag *d);
void class_free(struct class *c);

/* unpack.c: the archive kinds. */
enum { ARCHIVE_NONE, ARCHIVE_TAR, ARCHIVE_ZIP };
/* The kind of archive path names by its extension, and the length of the
   extension in *extlen. */
int archive_kind(const char *path, size_t *extlen);
/*
 * Unpack archive path into the empty folder dir, refusing (before anything
 * is written) absolute names, "..", links, devices, more than
 * UNPACK_MAX_FILES entries or UNPACK_MAX_BYTES in all.  0, or -1 with the
 * reason in why.  Runs tar(1) or unzip(1); called in the grading process.
 */
#define UNPACK_MAX_FILES 1000
#define UNPACK_MAX_BYTES (16L << 20)
int unpack(const char *path, int kind, const char *dir, char *why, size_t whysize);

/* handin.c: the fingerprint of the files names (handin=) in folder dir,
   in out ("HASH-LENGTH"); 0, or -1 when one is missing or no plain file,
   or all are empty. */
int handin_fingerprint(const char *dir, const char *names, char *out, size_t size);

/* The options of one grading. */
struct grade_opts {
    int jobs;               /* graders at once */
    const char *out;        /* the output folder */
    const char *bindir;     /* IMP_BIN for the graders */
    int timeout;            /* seconds, 0: the exercise's */
    size_t max_output;      /* bytes of TAP read from a grader */
    int quiet;              /* no progress bar, no messages but errors */
    int reference;          /* grade solution/ too, for the maximum */
};

/* Grade every submission of c into o->out/results and o->out/feedback;
   0, or -1 on a host error (reported). */
int pool_grade(const struct exercise *ex, const struct class *c, const struct grade_opts *o,
               struct diag *d);

/* Parse a grader's output text (NUL-terminated) into r's tests, score, max;
   returns 1 if the TAP is complete (a plan, every test once), else 0. */
int tap_parse(const char *text, struct result *r);

/* result.c */
int result_write(const struct result *r, const struct exercise *ex, const char *dir,
                 struct diag *d);
/* Read dir/results/NAME; 0, or -1 (reported). */
int result_read(const char *path, struct result *r, char *exname, size_t exsize,
                char *title, size_t titlesize, struct diag *d);
int feedback_write(const struct result *r, const struct exercise *ex, const char *dir,
                   struct diag *d);

/* report.c: scores.csv and summary.txt in out from the results in each of
   dirs (out itself when ndirs is 0); 0 or -1. */
int report_write(const char *out, char *const *dirs, int ndirs, struct diag *d);

/* dist.c */
int dist_emit_slurm(const char *script, const struct exercise *ex, const struct class *c,
                    const struct grade_opts *o, int tasks, const char *self, struct diag *d);
int dist_parallel(const char *loginfile, const struct exercise *ex, const struct class *c,
                  const struct grade_opts *o, const char *self, struct diag *d);

/* Remove the results (results/NAME.result) and feedback (feedback/NAME.txt) of
   an earlier grading from dir, so its table holds this class alone; the
   folder's other files stay.  0, or -1 (reported). */
int results_clear(const char *dir, struct diag *d);
/* 0 when every result in dir (if any) is of exercise exname; else -1,
   reported: --regrade adds to a class of the same exercise only. */
int results_same_exercise(const char *dir, const char *exname, struct diag *d);

/* Make dir and its parents (like mkdir -p); 0 or -1 with errno. */
int mkdir_p(const char *dir);
/* Remove the tree at path (no links followed); 0 or -1. */
int rm_tree(const char *path);

#endif
