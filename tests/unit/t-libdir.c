/*
 * t-libdir.c -- the macro library folders listed once and the name sets
 * (asm/libdir.c): a set keeps every name through its growth, a listed
 * folder answers for its .mac files only, an unlistable one is probed,
 * and a member added after the listing is not seen (the listing is the
 * folder as it was when first asked).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "../../asm/libdir.h"

static void touch(const char *dir, const char *name)
{
    char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    if (f)
        fclose(f);
}

int main(void)
{
    struct nameset s = { 0 };
    char name[32];
    for (int i = 0; i < 5000; i++) {
        snprintf(name, sizeof name, "N%d", i);
        nameset_add(&s, name);
    }
    nameset_add(&s, "N17");             /* again: kept once */
    check_uint(s.n, ==, 5000);
    int all = 1;
    for (int i = 0; i < 5000; i++) {
        snprintf(name, sizeof name, "N%d", i);
        all &= nameset_has(&s, name);
    }
    check(all);
    check(!nameset_has(&s, "N5000"));
    check(!nameset_has(&s, "n17"));     /* case matters: callers pass upper case */
    check(s.cap >= 2 * s.n);            /* at most half full */
    nameset_free(&s);
    check_uint(s.cap, ==, 0);

    char dir[] = "/tmp/t-libdir.XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    touch(dir, "SAVE.mac");
    touch(dir, "call.mac");
    touch(dir, "NOTES.txt");
    struct libdirs ls = { 0 };
    check(libdir_has(&ls, dir, "SAVE.mac"));
    check(libdir_has(&ls, dir, "call.mac"));
    check(!libdir_has(&ls, dir, "CALL.mac"));
    check(!libdir_has(&ls, dir, "NOTES.txt"));     /* only members are listed */
    check_uint(ls.n, ==, 1);
    check(ls.d[0].listed);
    touch(dir, "LATER.mac");
    check(!libdir_has(&ls, dir, "LATER.mac"));     /* listed once, when first asked */
    check_uint(ls.n, ==, 1);
    check(!libdir_has(&ls, "/nonexistent/folder", "SAVE.mac"));
    check_uint(ls.n, ==, 2);
    check(!ls.d[1].listed);
    libdirs_free(&ls);

    char p[256];
    const char *names[] = { "SAVE.mac", "call.mac", "NOTES.txt", "LATER.mac" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
    return tap_done();
}
