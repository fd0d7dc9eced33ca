/*
 * gen-impmon1.c -- generate impmon(1) from its template and the command
 * table, so the manual's command list cannot drift from commands.def.
 *
 *   gen-impmon1 impmon.1.in > impmon.1
 *
 * The template is copied line by line; the line that is exactly
 *   .\" @COMMANDS@    becomes one .TP entry per row of commands.def
 *                     (a synonym row says what it stands for);
 *   .\" @SETTINGS@    one .TP entry per row of settings.def.
 * Exit 0 ok, 1 if the template cannot be read or output fails, 2 usage.
 */
#include <stdio.h>
#include <string.h>

#include "roff.h"

struct row { const char *name, *args, *help; };

static const struct row command_rows[] = {
#define MON_CMD(name, fn, cc, args, help) { name, args, help },
#include "commands.def"
#undef MON_CMD
};

static const struct row setting_rows[] = {
#define MON_SETTING(name, fn, what) { name, "VALUE", what },
#include "settings.def"
#undef MON_SETTING
};

/* One .TP entry per row: NAME ARGS, then the help line. */
static void entries(FILE *out, const struct row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        fputs(".TP\n.BI \"", out);
        roff_text(out, rows[i].name);
        fputs(" \" \"", out);
        roff_text(out, rows[i].args);
        fputs("\"\n", out);
        /* the help line, capitalised, with a full stop */
        char buf[256];
        snprintf(buf, sizeof buf, "%s", rows[i].help);
        if (buf[0] >= 'a' && buf[0] <= 'z')
            buf[0] = (char)(buf[0] - 'a' + 'A');
        roff_text(out, buf);
        fputs(".\n", out);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen-impmon1 impmon.1.in > impmon.1\n");
        return 2;
    }
    FILE *in = fopen(argv[1], "r");
    if (!in) {
        perror(argv[1]);
        return 1;
    }
    char line[1024];
    while (fgets(line, sizeof line, in)) {
        if (strcmp(line, ".\\\" @COMMANDS@\n") == 0)
            entries(stdout, command_rows, sizeof command_rows / sizeof command_rows[0]);
        else if (strcmp(line, ".\\\" @SETTINGS@\n") == 0)
            entries(stdout, setting_rows, sizeof setting_rows / sizeof setting_rows[0]);
        else
            fputs(line, stdout);
    }
    fclose(in);
    return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
