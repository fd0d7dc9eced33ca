/*
 * t-profile.c -- the reader of imp-profile(5) (impprof/profile.c):
 * every record into its fields, the embedded load module, the messages
 * of bad profiles (line, column, wording), and no read past the text for
 * any cut of it (run under make sanitize, an overread is a failure).
 */
#include "tap.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"

static const char good[] =
    "IMPPROF 1\n"
    "# a comment\n"
    "\n"
    "run status=ok cycles=659 instructions=206 microwords=428\n"
    "task 1 cycles=600 instructions=200 name=prog.load\n"
    "task 2 cycles=59 instructions=6 name=other.load\n"
    "module 1\n"
    "IMPLOAD 1\n"
    "FILE 0 prog.s\n"
    "ESD 1 SD PROG 010000 10\n"
    "TXT 1 010000 1B33414000641A344640F0061BFF07FE\n"
    "SYM 1 ADDUP 010006 2 I\n"
    "END 1 010000\n"
    "exact 1A AR 100 300\n"
    "exact B2E6 ? 1 7\n"
    "monitor pcs entries=66 cycles=66\n"
    "ias period=10 samples=65 wait=1 windows=1\n"
    "window 1 low=10000 high=10011 block=4 out=3 task=0 label=-\n"
    "count 1 0 2\n"
    "count 1 4 30\n"
    "pcs rate=10 ticks=66 lost=2 slots=64 used=2\n"
    "sample 0 F00 1\n"
    "sample 2 FFFFFFFF 18446744073709551615\n"
    "glean info=ia,psw,gr every=5 unit=insns n=2 size=100 records=1 full=1\n"
    "rec 0 psw=070C0000.80010006 ia=10006 gr=0,1,2,3,4,5,6,7,8,9,A,B,C,D,E,FFFFFFFF burst=1\n"
    "iifm pattern=46 dontcare=FFFF flags=supervisor,slice slice=1000 count=5 cycles=15\r\n"
    "freq 46 BCT 5 15\n"
    "end";                      /* no newline at the end */

/* Parse text (copied into a buffer of exactly its length); the messages
   into msgs. */
static int parse(struct profile *p, const char *text, size_t len, char *msgs, size_t size)
{
    char *buf = malloc(len ? len : 1);
    memcpy(buf, text, len);
    char *out = NULL;
    size_t outlen = 0;
    FILE *f = open_memstream(&out, &outlen);
    struct diag d;
    diag_init(&d, "t-profile");
    d.out = f;
    int rc = profile_parse(p, "x.prof", buf, len, &d);
    fclose(f);
    snprintf(msgs, size, "%s", out ? out : "");
    free(out);
    free(buf);
    return rc;
}

/* The first line of the messages of text with line `line` (1-based)
   replaced by repl (NULL: deleted). */
static int parse_edited(const char *line_repl, int line, char *msgs, size_t size)
{
    char text[4096];
    size_t n = 0;
    const char *s = good;
    for (int ln = 1; *s; ln++) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        if (ln != line)
            memcpy(text + n, s, len), n += len;
        else if (line_repl)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", line_repl);
        s += len;
    }
    struct profile p;
    int rc = parse(&p, text, n, msgs, size);
    char *nl = strchr(msgs, '\n');
    if (nl)
        *nl = '\0';
    return rc;
}

static void test_good(void)
{
    struct profile p;
    char msgs[1024];
    check_int(parse(&p, good, strlen(good), msgs, sizeof msgs), ==, 0);
    check_str(msgs, "");
    check_str(p.status, "ok");
    check_uint(p.cycles, ==, 659);
    check_uint(p.microwords, ==, 428);
    check(p.tasks[1] && p.tasks[2] && !p.tasks[3]);
    check_str(p.tasks[2]->name, "other.load");
    check_int(p.tasks[1]->has_module, ==, 1);
    check_int(p.tasks[1]->module_line, ==, 8);
    check_int(p.tasks[2]->has_module, ==, 0);
    check_uint(p.tasks[1]->module.ntxt, ==, 1);
    check_uint(p.nexact, ==, 2);
    check_uint(p.exact[1].opcode, ==, 0xB2E6);
    check_str(p.exact[1].mnemonic, "?");
    check_int(p.has_monitor[PROF_PCS], ==, 1);
    check_int(p.has_monitor[PROF_IAS], ==, 0);
    check_uint(p.ias_wait, ==, 1);
    check_uint(p.nwindows, ==, 1);
    check_uint(p.windows[0].high, ==, 0x10011);
    check_str(p.windows[0].label, "-");
    check_uint(p.windows[0].nblocks, ==, 2);
    check_uint(p.windows[0].blocks[1].index, ==, 4);    /* the short last block */
    check_uint(p.nsamples, ==, 2);
    check_uint(p.samples[1].addr, ==, 0xFFFFFFFF);
    check_uint(p.samples[1].count, ==, UINT64_MAX);
    check_uint(p.glean_info, ==, 1u << GK_IA | 1u << GK_PSW | 1u << GK_GR);
    check_int(p.glean_insns, ==, 1);
    check_int(p.glean_full, ==, 1);
    check_uint(p.nrecs, ==, 1);
    check_uint(p.recs[0].psw[1], ==, 0x80010006);
    check_uint(p.recs[0].gr[15], ==, 0xFFFFFFFF);
    check_uint(p.recs[0].burst, ==, 1);
    check_uint(p.recs[0].has, ==, 1u << GK_IA | 1u << GK_PSW | 1u << GK_GR | 1u << GK_BURST);
    check_uint(p.iifm_pattern, ==, 0x46);
    check_uint(p.iifm_flags, ==, PROF_IIFM_SUPERVISOR | PROF_IIFM_SLICE);
    check_uint(p.nfreq, ==, 1);
    check(profile_task_module(&p, 0) == p.tasks[1]);
    check(profile_task_module(&p, 2) == NULL);
    profile_free(&p);
}

static void test_errors(void)
{
    char m[1024];
    check_int(parse_edited("IMPPROF 1 x", 1, m, sizeof m), ==, -1);
    check_str(m, "x.prof:1:11: error: unexpected field 'x'");
    check_int(parse_edited("run status=ok cycles=1 instructions=1", 4, m, sizeof m), ==, -1);
    check_str(m, "x.prof:4:38: error: missing microwords=");
    check_int(parse_edited("task 17 cycles=1 instructions=1 name=x", 5, m, sizeof m), ==, -1);
    check_str(m, "x.prof:5:6: error: task id 17 is out of range (1 to 16)");
    check_int(parse_edited("task 1 cycles=1 instructions=1 name=x", 6, m, sizeof m), ==, -1);
    check_str(m, "x.prof:6:6: error: task 1 given twice");
    check_int(parse_edited("ESD 1 SD PROG 010000 1", 10, m, sizeof m), ==, -1);
    check(strstr(m, "x.prof:11:") == m);        /* the obj reader, the profile's line */
    check_int(parse_edited("exact 1A3 AR 1 1", 14, m, sizeof m), ==, -1);
    check_str(m, "x.prof:14:7: error: opcode '1A3' is not 2 or 4 hex digits");
    check_int(parse_edited("monitor xyz entries=1 cycles=1", 16, m, sizeof m), ==, -1);
    check_str(m, "x.prof:16:9: error: unknown monitor 'xyz' (ias, pcs, glean, csm, iifm or per)");
    check_int(parse_edited("window 2 low=0 high=1 block=1 out=0 task=0 label=-", 18, m, sizeof m),
              ==, -1);
    check_str(m, "x.prof:18:8: error: window 2 out of order (expected window 1)");
    check_int(parse_edited("count 1 0 0", 19, m, sizeof m), ==, -1);
    check_str(m, "x.prof:19:11: error: count 0 is out of range (1 to 18446744073709551615)");
    check_int(parse_edited("count 1 5 1", 20, m, sizeof m), ==, -1);
    check_str(m, "x.prof:20:9: error: block index 5 is out of range (0 to 4)");
    check_int(parse_edited("glean info=ia,ia every=5 unit=insns n=2 size=100 records=1 full=1", 24,
                           m, sizeof m), ==, -1);
    check_str(m, "x.prof:24:15: error: info: ia given twice");
    check_int(parse_edited("rec 0 ia=10006 gr=1,2", 25, m, sizeof m), ==, -1);
    check(strstr(m, "error: gr: not 16 words") != NULL);
    check_int(parse_edited("rec 0 ia=10006 burst=2", 25, m, sizeof m), ==, -1);
    check_str(m, "x.prof:25:22: error: burst: not an index below n=2");
    check_int(parse_edited("rec 1 ia=10006", 25, m, sizeof m), ==, -1);
    check_str(m, "x.prof:25:5: error: record number 1 is out of range (0 to 0)");
    check_int(parse_edited("iifm pattern=46 dontcare=FFFF flags=often slice=1 count=5 cycles=15",
                           26, m, sizeof m), ==, -1);
    check(strstr(m, "x.prof:26:37: error: flags: 'often'") == m);
    check_int(parse_edited(NULL, 4, m, sizeof m), ==, -1);
    check_str(m, "x.prof:4:1: error: expected the run record first");
    check_int(parse_edited("\tend", 28, m, sizeof m), ==, -1);
    check_str(m, "x.prof:28:1: error: fields are separated by single blanks");
}

/* Every cut of the good profile is read without a crash or an overread;
   only the cuts that end on the full "end" record are valid. */
static void test_cuts(void)
{
    size_t len = strlen(good);
    int bad = 0, ok = 0;
    for (size_t n = 0; n <= len; n++) {
        struct profile p;
        char m[256];
        int rc = parse(&p, good, n, m, sizeof m);
        if (rc == 0) {
            ok++;
            profile_free(&p);
        } else if (!*m) {
            bad++;              /* an error with no message */
        }
    }
    check_int(ok, ==, 1);
    check_int(bad, ==, 0);
}

int main(void)
{
    test_good();
    test_errors();
    test_cuts();
    return tap_done();
}
