/*
 * class.c -- the exercise and the submissions of a class: ids from names,
 * --list files, --slice, and the status table (status.def).
 *
 * A submission's id is its base name without the archive extension; ids
 * are the rows of scores.csv and the names of the feedback files, so they
 * must be unique and be file names: letters, digits and . _ - + @ only,
 * not starting with a dot.
 */
#define _GNU_SOURCE 1
#include "grade.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const status_names[] = {
#define X(e, name, msg) name,
#include "status.def"
#undef X
};
static const char *const status_messages[] = {
#define X(e, name, msg) msg,
#include "status.def"
#undef X
};

const char *status_name(enum status s) { return status_names[s]; }
const char *status_message(enum status s) { return status_messages[s]; }

int status_lookup(const char *name)
{
    for (int i = 0; i < ST_COUNT; i++)
        if (strcmp(status_names[i], name) == 0)
            return i;
    return -1;
}

int mkdir_p(const char *dir)
{
    char buf[PATH_MAX];
    if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    if (stat(buf, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int rm_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISDIR(st.st_mode))
        return unlink(path);
    chmod(path, 0700);                  /* a grader may have made it read-only */
    DIR *dir = opendir(path);
    int rc = 0;
    if (dir) {
        struct dirent *e;
        while ((e = readdir(dir))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char sub[PATH_MAX];
            if (snprintf(sub, sizeof sub, "%s/%s", path, e->d_name) >= (int)sizeof sub)
                rc = -1;
            else if (rm_tree(sub) != 0)
                rc = -1;
        }
        closedir(dir);
    }
    return rmdir(path) == 0 ? rc : -1;
}

/* exercise.conf: key=value lines; # starts a comment line. */
int exercise_load(struct exercise *ex, const char *dir, struct diag *d)
{
    memset(ex, 0, sizeof *ex);
    ex->timeout = 60;
    if (!realpath(dir, ex->dir)) {
        diag_error(d, "exercise '%s': %s", dir, strerror(errno));
        return -1;
    }
    const char *base = strrchr(ex->dir, '/');
    snprintf(ex->name, sizeof ex->name, "%.255s", base ? base + 1 : ex->dir);
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/grade.t", ex->dir);
    if (access(path, R_OK) != 0) {
        diag_error(d, "exercise '%s' has no grader: %s: %s", dir, path, strerror(errno));
        return -1;
    }
    snprintf(path, sizeof path, "%s/exercise.conf", ex->dir);
    char shown[PATH_MAX + 32];          /* the file as the user named it */
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/')
        dl--;
    snprintf(shown, sizeof shown, "%.*s/exercise.conf", (int)(dl < PATH_MAX ? dl : PATH_MAX),
             dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        diag_error(d, "exercise '%s': cannot read %s: %s", dir, shown, strerror(errno));
        return -1;
    }
    char line[1024];
    int lineno = 0, rc = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        char *eq = strchr(line, '=');
        if (line[0] == '#' || line[strspn(line, " \t")] == '\0')
            continue;
        if (!eq) {
            diag_report(d, DIAG_ERROR, shown, lineno, 1, line, "expected key=value");
            rc = -1;
            continue;
        }
        *eq = '\0';
        const char *val = eq + 1;
        if (strcmp(line, "title") == 0)
            snprintf(ex->title, sizeof ex->title, "%s", val);
        else if (strcmp(line, "timeout") == 0) {
            char *end;
            long t = strtol(val, &end, 10);
            if (end == val || *end || t < 1 || t > 86400) {
                *eq = '=';
                diag_report(d, DIAG_ERROR, shown, lineno, (int)(val - line) + 1, line,
                            "timeout= wants seconds from 1 to 86400");
                rc = -1;
            } else
                ex->timeout = (int)t;
        }
        else if (strcmp(line, "handin") == 0)
            snprintf(ex->handin, sizeof ex->handin, "%s", val);
        else if (strcmp(line, "limits") != 0) {
            *eq = '=';              /* (limits= is grade.sh's) */
            diag_report(d, DIAG_WARNING, shown, lineno, 1, line,
                        "unknown key (title, handin, limits, timeout)");
        }
    }
    fclose(f);
    if (!ex->title[0])
        snprintf(ex->title, sizeof ex->title, "%s", ex->name);
    return rc;
}

static int id_ok(const char *id)
{
    if (!id[0] || id[0] == '.')
        return 0;
    for (const char *p = id; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("._-+@", *p)))
            return 0;
    return 1;
}

int class_add(struct class *c, const char *path, struct diag *d)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        diag_error(d, "submission '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t extlen = 0;
    int kind = S_ISDIR(st.st_mode) ? ARCHIVE_NONE : archive_kind(path, &extlen);
    if (!S_ISDIR(st.st_mode) && kind == ARCHIVE_NONE) {
        diag_error(d, "submission '%s': not a folder, .tar, .tar.gz, .tgz or .zip", path);
        return -1;
    }
    char *abs = realpath(path, NULL);
    if (!abs) {
        diag_error(d, "submission '%s': %s", path, strerror(errno));
        return -1;
    }
    /* the id: the name as given (not a link's target), without the extension */
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/')
        len--;
    size_t start = len;
    while (start > 0 && path[start - 1] != '/')
        start--;
    char *id = strndup(path + start, len - start - extlen);
    if (!id || !id_ok(id)) {
        diag_error(d, "submission '%s': its name '%s' is not an id (letters, digits, "
                   "'.', '_', '-', '+', '@'; no leading dot)", path, id ? id : "");
        free(id);
        free(abs);
        return -1;
    }
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 64;
        struct submission *s = realloc(c->sub, (size_t)cap * sizeof *s);
        if (!s) {
            free(id);
            free(abs);
            diag_error(d, "out of memory");
            return -1;
        }
        c->sub = s;
        c->cap = cap;
    }
    c->sub[c->n++] = (struct submission){ .id = id, .path = abs, .archive = kind };
    return 0;
}

int class_add_list(struct class *c, const char *file, struct diag *d)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        diag_error(d, "--list '%s': %s", file, strerror(errno));
        return -1;
    }
    char line[PATH_MAX + 2];
    int rc = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] && line[0] != '#' && class_add(c, line, d) != 0)
            rc = -1;
    }
    fclose(f);
    return rc;
}

static int by_id(const void *a, const void *b)
{
    return strcmp(((const struct submission *)a)->id, ((const struct submission *)b)->id);
}

int class_sort(struct class *c, struct diag *d)
{
    if (c->n > 1)
        qsort(c->sub, (size_t)c->n, sizeof *c->sub, by_id);
    int rc = 0;
    for (int i = 1; i < c->n; i++)
        if (strcmp(c->sub[i - 1].id, c->sub[i].id) == 0) {
            diag_error(d, "two submissions with the id '%s': %s and %s", c->sub[i].id,
                       c->sub[i - 1].path, c->sub[i].path);
            rc = -1;
        }
    return rc;
}

int class_slice(struct class *c, const char *spec, struct diag *d)
{
    int k, n;
    char extra;
    if (sscanf(spec, "%d/%d%c", &k, &n, &extra) != 2 || n < 1 || k < 0 || k >= n) {
        diag_error(d, "--slice wants K/N with 0 <= K < N, not '%s'", spec);
        return -1;
    }
    int m = 0;
    for (int i = 0; i < c->n; i++) {
        if (i % n == k)
            c->sub[m++] = c->sub[i];
        else {
            free(c->sub[i].id);
            free(c->sub[i].path);
        }
    }
    c->n = m;
    return 0;
}

void class_free(struct class *c)
{
    for (int i = 0; i < c->n; i++) {
        free(c->sub[i].id);
        free(c->sub[i].path);
    }
    free(c->sub);
    c->sub = NULL;
    c->n = c->cap = 0;
}
