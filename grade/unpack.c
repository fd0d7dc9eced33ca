/*
 * unpack.c -- a submission handed in as an archive, unpacked safely.
 *
 * The archive is listed first (tar -tv, unzip -Z) and refused before
 * anything is written when an entry
 *   - has an absolute name or a ".." component (it would land outside),
 *   - is anything but a regular file or a folder (a symbolic or hard link
 *     could name any host file; a device or a FIFO has no place in a
 *     hand-in),
 *   - or when the entries pass UNPACK_MAX_FILES or UNPACK_MAX_BYTES in all
 *     (the listing is stopped as soon as they do: a "zip bomb" is never
 *     expanded).
 * Then tar or unzip extracts it, without owners or modes from the archive,
 * and the folder is walked again: a link found then (an archive that lied in
 * its listing) or a size past the bound refuses it after all.
 *
 * An archive holding one folder and nothing else (a student who packed the
 * folder, not its contents) is graded from that folder; an archive holding
 * nothing, as an empty folder.
 */
#define _GNU_SOURCE 1
#include "grade.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int archive_kind(const char *path, size_t *extlen)
{
    static const struct { const char *ext; int kind; } exts[] = {
        { ".tar.gz", ARCHIVE_TAR }, { ".tgz", ARCHIVE_TAR }, { ".tar", ARCHIVE_TAR },
        { ".zip", ARCHIVE_ZIP },
    };
    size_t len = strlen(path);
    for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
        size_t n = strlen(exts[i].ext);
        if (len > n && strcasecmp(path + len - n, exts[i].ext) == 0) {
            *extlen = n;
            return exts[i].kind;
        }
    }
    *extlen = 0;
    return ARCHIVE_NONE;
}

/* Start argv with stdout on a pipe (*fd), stdin and stderr on /dev/null. */
static pid_t spawn_reading(char *const argv[], int *fd)
{
    int p[2];
    if (pipe(p) != 0)
        return -1;
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(p[1], 1);
        dup2(null, 2);
        close(p[0]);
        close(p[1]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(p[1]);
    *fd = p[0];
    return pid;
}

static int wait_ok(pid_t pid)
{
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* A C-quoted name of tar --quoting-style=c at s ('"' first): unquoted into
   out; returns the character after the closing quote, or NULL. */
static const char *unquote(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (s++; *s && *s != '"'; s++) {
        int ch = (unsigned char)*s;
        if (ch == '\\' && s[1]) {
            s++;
            switch (*s) {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'f': ch = '\f'; break;
            case 'v': ch = '\v'; break;
            case 'a': ch = '\a'; break;
            case 'b': ch = '\b'; break;
            default:
                if (*s >= '0' && *s <= '7') {
                    ch = 0;
                    for (int k = 0; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
                        ch = ch * 8 + (*s - '0');
                    s--;
                } else
                    ch = (unsigned char)*s;
            }
        }
        if (n + 1 < size)
            out[n++] = (char)ch;
    }
    out[n] = '\0';
    return *s == '"' ? s + 1 : NULL;
}

/* Skip n blank-separated fields of s. */
static const char *skip_fields(const char *s, int n)
{
    for (int i = 0; i < n; i++) {
        s += strspn(s, " ");
        if (!*s)
            return NULL;
        s += strcspn(s, " ");
    }
    return s;
}

/* Is name safe: relative, no ".." component? */
static int name_safe(const char *name)
{
    if (name[0] == '/')
        return 0;
    for (const char *p = name; *p;) {
        size_t len = strcspn(p, "/");
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return 0;
        p += len;
        p += strspn(p, "/");
    }
    return 1;
}

static const char *type_word(int t)
{
    switch (t) {
    case 'l': return "a symbolic link";
    case 'h': return "a hard link";
    case 'c': case 'b': return "a device";
    case 'p': return "a FIFO";
    default: return "not a plain file";
    }
}

/* One listing line: 0 to go on, -1 refused (why), 1 not an entry. */
static int check_entry(const char *line, int kind, long *files, long *bytes, char *why,
                       size_t whysize)
{
    char name[PATH_MAX];
    const char *p;
    long size;
    int type = line[0];
    if (kind == ARCHIVE_TAR) {
        /* -rw-r--r-- user/group SIZE DATE TIME "name" [-> "target"] */
        p = skip_fields(line, 2);
        if (!p || (type != '-' && type != 'd' && type != 'l' && type != 'h' &&
                   type != 'c' && type != 'b' && type != 'p'))
            return 1;
        size = strtol(p, NULL, 10);
        p = skip_fields(p, 3);
        if (!p)
            return 1;
        p += strspn(p, " ");
        if (*p != '"' || !unquote(p, name, sizeof name))
            return 1;
    } else {
        /* -rw-r--r--  3.0 unx  SIZE tx stor DATE TIME name; "?rw-------"
           when the archive gave no file type (Python's zipfile, some
           Windows tools): unzip makes a plain file of it (and walk_check
           sees what it made) */
        if (strlen(line) < 10 || !strchr("-dlcbps?", type) || line[10] == ':')
            return 1;
        if (type == '?')
            type = '-';
        p = skip_fields(line, 3);
        if (!p)
            return 1;
        size = strtol(p, NULL, 10);
        p = skip_fields(p, 5);
        if (!p || *p != ' ')
            return 1;
        snprintf(name, sizeof name, "%s", p + 1);
    }
    if (!name_safe(name)) {
        snprintf(why, whysize, "'%s' would be unpacked outside the folder", name);
        return -1;
    }
    if (type != '-' && type != 'd') {
        snprintf(why, whysize, "'%s' is %s: hand in plain files", name, type_word(type));
        return -1;
    }
    if (++*files > UNPACK_MAX_FILES) {
        snprintf(why, whysize, "more than %d entries", UNPACK_MAX_FILES);
        return -1;
    }
    *bytes += size > 0 ? size : 0;
    if (*bytes > UNPACK_MAX_BYTES) {
        snprintf(why, whysize, "it unpacks to more than %ld MiB", UNPACK_MAX_BYTES >> 20);
        return -1;
    }
    return 0;
}

static int list_check(const char *path, int kind, char *why, size_t whysize)
{
    char *tar[] = { "tar", "-tvf", (char *)path, "--quoting-style=c", NULL };
    char *zip[] = { "unzip", "-Z", (char *)path, NULL };
    int fd;
    pid_t pid = spawn_reading(kind == ARCHIVE_TAR ? tar : zip, &fd);
    if (pid < 0) {
        snprintf(why, whysize, "cannot list it: %s", strerror(errno));
        return -1;
    }
    FILE *f = fdopen(fd, "r");
    char line[PATH_MAX + 256];
    long files = 0, bytes = 0;
    int rc = 0, entries = 0, said_empty = 0;
    while (rc == 0 && f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strcmp(line, "Empty zipfile.") == 0)
            said_empty = 1;             /* unzip's words, with status 1 */
        int r = check_entry(line, kind, &files, &bytes, why, whysize);
        if (r < 0)
            rc = -1;
        else if (r == 0)
            entries++;
    }
    if (rc != 0)
        kill(pid, SIGKILL);
    if (f)
        fclose(f);
    else
        close(fd);
    int ok = wait_ok(pid);
    if (rc == 0 && !ok && !said_empty) {
        snprintf(why, whysize, "not a readable %s archive", kind == ARCHIVE_TAR ? "tar" : "zip");
        rc = -1;
    }
    if (rc == 0 && entries == 0)
        return 1;                       /* nothing in it: an empty hand-in */
    return rc;
}

/* Walk dir: no links, no more than the bounds; make everything readable. */
static int walk_check(const char *dir, long *files, long *bytes, char *why, size_t whysize)
{
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(why, whysize, "cannot read what it unpacked: %s", strerror(errno));
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char sub[PATH_MAX];
        struct stat st;
        if (snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name) >= (int)sizeof sub ||
            lstat(sub, &st) != 0) {
            snprintf(why, whysize, "a name too long in it");
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            chmod(sub, 0755);
            rc = walk_check(sub, files, bytes, why, whysize);
        } else if (!S_ISREG(st.st_mode)) {
            snprintf(why, whysize, "'%s' is not a plain file", e->d_name);
            rc = -1;
        } else {
            chmod(sub, 0644);
            *bytes += st.st_size;
            if (++*files > UNPACK_MAX_FILES || *bytes > UNPACK_MAX_BYTES) {
                snprintf(why, whysize, "it unpacks to more than the bounds");
                rc = -1;
            }
        }
    }
    closedir(d);
    return rc;
}

int unpack(const char *path, int kind, const char *dir, char *why, size_t whysize)
{
    int listed = list_check(path, kind, why, whysize);
    if (listed != 0)
        return listed < 0 ? -1 : 0;     /* an empty archive: an empty folder */
    char *tar[] = { "tar", "-xf", (char *)path, "-C", (char *)dir, "--no-same-owner",
                    "--no-same-permissions", NULL };
    char *zip[] = { "unzip", "-qq", "-o", (char *)path, "-d", (char *)dir, NULL };
    int fd;
    pid_t pid = spawn_reading(kind == ARCHIVE_TAR ? tar : zip, &fd);
    if (pid < 0) {
        snprintf(why, whysize, "cannot unpack it: %s", strerror(errno));
        return -1;
    }
    char buf[512];
    while (read(fd, buf, sizeof buf) > 0)
        ;
    close(fd);
    if (!wait_ok(pid)) {
        snprintf(why, whysize, "%s could not unpack it", kind == ARCHIVE_TAR ? "tar" : "unzip");
        return -1;
    }
    long files = 0, bytes = 0;
    return walk_check(dir, &files, &bytes, why, whysize);
}
