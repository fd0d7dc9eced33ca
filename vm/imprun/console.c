/*
 * console.c -- the consoles of several tasks: each task's console output
 * goes to standard output with its task number in front of every line
 * ("[2] HELLO"), so that interleaved output stays readable; task 1 reads
 * standard input, the others read an empty console (bind a file with
 * --file for their input).  One task: the console is stdin and stdout,
 * untouched.
 */
#define _GNU_SOURCE             /* fopencookie */
#include "imprun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "services.h"

struct prefixed {
    FILE *to;
    unsigned id;
    int at_start;               /* the next byte begins a line */
};

static ssize_t prefixed_write(void *cookie, const char *buf, size_t n)
{
    struct prefixed *p = cookie;
    for (size_t i = 0; i < n; i++) {
        if (p->at_start && fprintf(p->to, "[%u] ", p->id) < 0)
            return -1;
        if (putc(buf[i], p->to) == EOF)
            return -1;
        p->at_start = buf[i] == '\n';
    }
    return (ssize_t)n;
}

static int prefixed_close(void *cookie)
{
    struct prefixed *p = cookie;
    int rc = p->at_start ? 0 : putc('\n', p->to) == EOF ? -1 : 0;   /* end its last line */
    free(p);
    return rc;
}

int tasks_console(struct imprun_opts *o, struct services *svcs)
{
    cookie_io_functions_t io = { .write = prefixed_write, .close = prefixed_close };
    for (int k = 0; k < o->ntasks; k++) {
        struct prefixed *p = calloc(1, sizeof *p);
        if (!p)
            return -1;
        *p = (struct prefixed){ stdout, (unsigned)k + 1, 1 };
        FILE *f = fopencookie(p, "w", io);
        if (!f) {
            free(p);
            return -1;
        }
        setvbuf(f, NULL, _IOLBF, 0);
        svcs[k].out = f;
        if (k > 0 && !(svcs[k].in = fopen("/dev/null", "r")))
            return -1;
    }
    return 0;
}

void tasks_console_close(struct imprun_opts *o)
{
    if (o->ntasks < 2)
        return;
    for (int k = 0; k < o->ntasks; k++) {
        struct services *s = o->task[k].svc;
        if (!s)                         /* its segment was never parsed */
            continue;
        if (s->out && s->out != stdout)
            fclose(s->out);
        if (k > 0 && s->in)
            fclose(s->in);
        s->out = NULL;
        s->in = NULL;
    }
}
