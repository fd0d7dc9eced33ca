/*
 * home.c -- locate the running executable's directory and its neighbours.
 */
#define _DEFAULT_SOURCE     /* realpath */
#include "home.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int home_bindir(char *buf, size_t size)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return -1;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    if ((size_t)snprintf(buf, size, "%s", exe) >= size)
        return -1;
    return 0;
}

void home_tool(const char *name, char *buf, size_t size)
{
    char dir[PATH_MAX];
    if (home_bindir(dir, sizeof dir) == 0 &&
        (size_t)snprintf(buf, size, "%s/%s", dir, name) < size && access(buf, X_OK) == 0)
        return;
    snprintf(buf, size, "%s", name);
}

int home_runtime(char *buf, size_t size)
{
    static const char *const places[] = { "../share/imp/runtime", "../vm/host/runtime" };
    char dir[PATH_MAX], probe[PATH_MAX + 64];
    const char *env = getenv("IMP_RUNTIME");
    if (env && *env)
        return (size_t)snprintf(buf, size, "%s", env) < size ? 0 : -1;
    if (home_bindir(dir, sizeof dir) != 0)
        return -1;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(probe, sizeof probe, "%s/%s/IMPSVC.s", dir, places[i]);
        if (access(probe, R_OK) == 0 &&
            (size_t)snprintf(buf, size, "%s/%s", dir, places[i]) < size)
            return 0;
    }
    return -1;
}

int home_maclib(char *buf, size_t size)
{
    static const char *const places[] = { "../share/imp/maclib", "../asm/maclib" };
    char dir[PATH_MAX], probe[PATH_MAX + 64];
    if (home_bindir(dir, sizeof dir) != 0)
        return -1;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        snprintf(probe, sizeof probe, "%s/%s/SAVE.mac", dir, places[i]);
        if (access(probe, R_OK) != 0)
            continue;
        snprintf(probe, sizeof probe, "%s/%s", dir, places[i]);
        char real[PATH_MAX];                /* messages name it without "bin/.." */
        const char *p = realpath(probe, real) ? real : probe;
        if ((size_t)snprintf(buf, size, "%s", p) < size)
            return 0;
    }
    return -1;
}
