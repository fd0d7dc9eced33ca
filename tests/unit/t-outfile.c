/*
 * t-outfile.c -- lib/outfile.c and lib/fileset.c on files made in a
 * private temporary directory: all or none, modes, links, FIFOs are
 * direct, the same-file rules.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fileset.h"
#include "outfile.h"
#include "tap.h"

static char dir[64];
static struct diag d;

static const char *at(const char *name)
{
    static char buf[4][128];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
    return buf[k];
}

static int write_one(const char *path, const char *text)
{
    struct outfile o;
    FILE *f = outfile_open(&o, path, &d);
    if (!f)
        return -1;
    fputs(text, f);
    return outfile_commit(&o, &d);
}

static int has(const char *path, const char *text)
{
    char buf[64] = { 0 };
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    return n == strlen(text) && memcmp(buf, text, n) == 0;
}

/* Number of entries in dir other than . and .. */
static int entries(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p) {
        if (fscanf(p, "%d", &n) != 1)
            n = -1;
        pclose(p);
    }
    return n;
}

static void test_modes_and_links(void)
{
    struct stat st, st2;
    check_int(write_one(at("new"), "one"), ==, 0);
    check(has(at("new"), "one"));

    check_int(write_one(at("m640"), "x"), ==, 0);
    chmod(at("m640"), 0640);
    check_int(write_one(at("m640"), "two"), ==, 0);
    check(stat(at("m640"), &st) == 0 && (st.st_mode & 0777) == 0640);
    check(has(at("m640"), "two"));

    check(symlink("m640", at("l1")) == 0 && symlink("l1", at("l2")) == 0);
    check_int(write_one(at("l2"), "three"), ==, 0);
    check(lstat(at("l2"), &st) == 0 && S_ISLNK(st.st_mode));
    check(has(at("m640"), "three"));

    check(symlink("made", at("dangling")) == 0);
    check_int(write_one(at("dangling"), "four"), ==, 0);
    check(lstat(at("dangling"), &st) == 0 && S_ISLNK(st.st_mode));
    check(has(at("made"), "four"));

    check(link(at("new"), at("hard")) == 0);
    check_int(write_one(at("new"), "five"), ==, 0);
    check(stat(at("new"), &st) == 0 && stat(at("hard"), &st2) == 0 && st.st_ino == st2.st_ino);
    check(has(at("hard"), "five"));

    check(mkfifo(at("fifo"), 0600) == 0);
    struct outfile o;
    /* A FIFO opened by a reader first: written directly, still a FIFO. */
    FILE *r = fopen(at("fifo"), "r+");      /* O_RDWR: does not block */
    check(r != NULL);
    check(outfile_open(&o, at("fifo"), &d) != NULL && o.kind == OUTFILE_DIRECT);
    fputs("six", o.f);
    check_int(outfile_commit(&o, &d), ==, 0);
    char buf[4] = { 0 };
    check(r && fread(buf, 1, 3, r) == 3 && memcmp(buf, "six", 3) == 0);
    if (r)
        fclose(r);
    check(lstat(at("fifo"), &st) == 0 && S_ISFIFO(st.st_mode));

    check(mkdir(at("sub"), 0700) == 0);
    check(outfile_open(&o, at("sub"), &d) == NULL);
}

static void test_all_or_none(void)
{
    struct stat st;
    if (stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) {
        printf("ok %d # skip no /dev/full\n", ++tap_n);
        return;
    }
    int before = entries();
    struct outfile a, b;
    check(outfile_open(&a, at("aon"), &d) != NULL);
    check(outfile_open(&b, "/dev/full", &d) != NULL);
    fputs("data", a.f);
    fputs("data", b.f);
    struct outfile *v[] = { &a, &b };
    int errors = d.errors;
    check_int(outfile_commit_all(v, 2, &d), ==, -1);
    check_int(d.errors, ==, errors + 1);
    check(access(at("aon"), F_OK) != 0);
    check_int(entries(), ==, before);        /* no temporary file left */

    check(outfile_open(&a, at("aon"), &d) != NULL);
    fputs("data", a.f);
    outfile_abort(&a);
    check(access(at("aon"), F_OK) != 0);
    check_int(entries(), ==, before);
}

static void test_fileset(void)
{
    struct fileset fs;
    check_int(write_one(at("in"), "in"), ==, 0);
    check(symlink("in", at("in-link")) == 0 && link(at("in"), at("in-hard")) == 0);

    fileset_init(&fs, &d);
    check_int(fileset_add(&fs, FILE_IN, at("in"), "input"), ==, 0);
    check_int(fileset_add(&fs, FILE_IN, at("in-hard"), "input"), ==, 0);
    check_int(fileset_add(&fs, FILE_OUT, at("in-link"), "output"), ==, -1);
    check_int(fileset_add(&fs, FILE_OUT, at("in-hard"), "output"), ==, -1);
    check_int(fileset_add(&fs, FILE_OUT, at("out"), "output"), ==, 0);
    check_int(fileset_add(&fs, FILE_OUT, at("sub/../out"), "output"), ==, -1);
    check_int(fileset_add(&fs, FILE_OUT, "-", "output"), ==, 0);
    check_int(fileset_add(&fs, FILE_OUT, "-", "output"), ==, 0);
    check_int(fileset_add(&fs, FILE_BOUND, at("in"), "--file A"), ==, 0);
    check_int(fileset_add(&fs, FILE_BOUND, at("in-link"), "--file B"), ==, -1);
    check_int(fileset_add(&fs, FILE_BOUND, at("out"), "--file C"), ==, -1);
    fileset_free(&fs);

    fileset_init(&fs, &d);
    check_int(fileset_add(&fs, FILE_OUT, at("fifo"), "output"), ==, 0);
    check_int(fileset_add(&fs, FILE_OUT, at("fifo"), "output"), ==, 0);
    fileset_free(&fs);

    check(symlink("loop2", at("loop1")) == 0 && symlink("loop1", at("loop2")) == 0);
    errno = 0;
    check(fileset_final_name(at("loop1")) == NULL && errno == ELOOP);
}

int main(void)
{
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/t-outfile.XXXXXX", t && *t && strlen(t) < 40 ? t : "/tmp");
    if (!mkdtemp(dir)) {
        printf("Bail out! cannot make a temporary directory\n");
        return 1;
    }
    diag_init(&d, "t-outfile");
    d.out = tmpfile();                  /* the messages are not checked here */
    test_modes_and_links();
    test_all_or_none();
    test_fileset();
    fclose(d.out);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd) != 0)
        printf("# could not remove %s\n", dir);
    return tap_done();
}
