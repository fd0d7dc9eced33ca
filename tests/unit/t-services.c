/*
 * t-services.c -- the DIAGNOSE host services on a plain byte array, with
 * the console on temporary files: every function code, the FCB protocol,
 * EBCDIC translation, and every way a guest can get it wrong.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ebcdic.h"
#include "services.h"
#include "tap.h"

#define MEM_SIZE 0x4000u

struct mem { uint8_t b[MEM_SIZE]; };

static int mem_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    memcpy(buf, m->b + addr, len);
    return 0;
}

static int mem_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    struct mem *m = ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return -1;
    memcpy(m->b + addr, buf, len);
    return 0;
}

struct fixture {
    struct mem mem;
    struct svc_storage st;
    struct services s;
    FILE *in, *out;
    char dir[64];
};

static void setup(struct fixture *x, const char *input)
{
    memset(&x->mem, 0, sizeof x->mem);
    x->st = (struct svc_storage){ &x->mem, mem_read, mem_write, NULL };
    x->in = tmpfile();
    x->out = tmpfile();
    fputs(input, x->in);
    rewind(x->in);
    svc_init(&x->s, x->in, x->out);
}

/* Everything written to the console so far. */
static const char *output(struct fixture *x)
{
    static char buf[4096];
    fflush(x->out);
    long pos = ftell(x->out);
    rewind(x->out);
    size_t n = fread(buf, 1, sizeof buf - 1, x->out);
    buf[n] = '\0';
    fseek(x->out, pos, SEEK_SET);
    return buf;
}

static void teardown(struct fixture *x)
{
    svc_close_all(&x->s);
    fclose(x->in);
    fclose(x->out);
}

static void put_ebcdic(struct fixture *x, uint32_t addr, const char *s)
{
    ebcdic_from_host(x->mem.b + addr, s, strlen(s));
}

static void put_word(struct fixture *x, uint32_t addr, uint32_t v)
{
    uint8_t *p = x->mem.b + addr;
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static uint32_t get_word(struct fixture *x, uint32_t addr)
{
    const uint8_t *p = x->mem.b + addr;
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static struct svc_result call(struct fixture *x, uint32_t code, uint32_t r1, uint32_t r3)
{
    struct svc_request rq = { code, r1, r3, 0, 0 };
    struct svc_result res;
    svc_call(&x->s, &x->st, &rq, &res);
    return res;
}

/* An FCB at addr: name (host text), mode, buffer, buffer length. */
static void make_fcb(struct fixture *x, uint32_t addr, const char *name, uint32_t mode,
                     uint32_t buf, uint32_t buflen)
{
    memset(x->mem.b + addr, 0x40, 8);
    put_ebcdic(x, addr, name);
    put_word(x, addr + 8, mode);
    put_word(x, addr + 12, 0xDEADBEEF);
    put_word(x, addr + 16, buf);
    put_word(x, addr + 20, buflen);
    put_word(x, addr + 24, 0);
}

static void test_console(void)
{
    struct fixture x;
    setup(&x, "hello\nthis line is long\n\nlast");
    put_ebcdic(&x, 0x100, "Hi, 370!");
    struct svc_result r = call(&x, SVC_PUTLINE, 0x100, 8);
    check_int(r.outcome, ==, SVC_CONTINUE);
    check_int(r.cc, ==, -1);
    check_int(r.cycles, ==, 50 + 8 * SVC_BYTE_CYCLES);
    call(&x, SVC_PUT, 0x100, 2);
    call(&x, SVC_PUTDEC, (uint32_t)-1234, 0);
    call(&x, SVC_PUT, 0x103, 1);
    call(&x, SVC_PUTHEX, 0xC1F0, 0);
    call(&x, SVC_PUT, 0x100, 0);
    call(&x, SVC_PUTDEC, 0x80000000u, 0);
    check_str(output(&x), "Hi, 370!\nHi-1234 0000C1F0-2147483648");

    r = call(&x, SVC_GETLINE, 0x200, 10);
    check_int(r.cc, ==, 0);
    check(r.set_r3 && r.r3 == 5);
    check(memcmp(x.mem.b + 0x200, "\x88\x85\x93\x93\x96", 5) == 0);   /* hello */
    x.mem.b[0x300 + 4] = 0x55;
    r = call(&x, SVC_GETLINE, 0x300, 4);
    check_int(r.cc, ==, 2);
    check_int(r.r3, ==, 4);
    check_uint(x.mem.b[0x304], ==, 0x55);                   /* nothing past R3 */
    r = call(&x, SVC_GETLINE, 0x300, 4);                     /* the rest was dropped */
    check_int(r.cc, ==, 0);
    check_int(r.r3, ==, 0);
    r = call(&x, SVC_GETLINE, 0x300, 80);
    check_int(r.cc, ==, 0);
    check_int(r.r3, ==, 4);                                 /* "last" without newline */
    r = call(&x, SVC_GETLINE, 0x300, 80);
    check_int(r.cc, ==, 1);
    check(r.set_r3 && r.r3 == 0);
    teardown(&x);
}

static void test_exit_and_errors(void)
{
    struct fixture x;
    setup(&x, "");
    struct svc_result r = call(&x, SVC_EXIT, 12, 0);
    check_int(r.outcome, ==, SVC_ENDED);
    check_int(r.rc, ==, 12);
    r = call(&x, 0x004, 0, 0);
    check_int(r.outcome, ==, SVC_PROGCHECK);
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, 0xFFF, 0, 0);
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, SVC_PUTLINE, MEM_SIZE - 4, 5);              /* one byte too far */
    check_int(r.outcome, ==, SVC_PROGCHECK);
    check_uint(r.pic, ==, 0x0006);
    put_ebcdic(&x, MEM_SIZE - 4, "TAIL");
    r = call(&x, SVC_PUTLINE, MEM_SIZE - 4, 4);
    check_int(r.outcome, ==, SVC_CONTINUE);
    r = call(&x, SVC_PUTLINE, 0x100, 0xFFFFFFFFu);           /* huge length */
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, SVC_GETLINE, 0xFFFFFF, 2);                  /* wraps past 16M */
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, SVC_OPEN, 0x102, 0);                        /* misaligned FCB */
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, SVC_OPEN, MEM_SIZE - 8, 0);                 /* FCB past the end */
    check_uint(r.pic, ==, 0x0006);
    r = call(&x, SVC_PUTLINE, 0x01000100, 0);                /* high byte ignored */
    check_int(r.outcome, ==, SVC_CONTINUE);
    check_str(output(&x), "TAIL\n\n");
    teardown(&x);
}

static void test_bind(void)
{
    struct fixture x;
    char err[200];
    setup(&x, "");
    check_int(svc_bind(&x.s, "in=a.txt", err, sizeof err), ==, 0);
    check_str(x.s.binds[0].name, "IN");
    check_int(svc_bind(&x.s, "IN=b.txt", err, sizeof err), ==, 0);   /* replaces */
    check_int(x.s.nbinds, ==, 1);
    check_str(x.s.binds[0].path, "b.txt");
    check_int(svc_bind(&x.s, "OUT$1=c", err, sizeof err), ==, 0);
    check_int(svc_bind(&x.s, "toolongname=x", err, sizeof err), ==, -1);
    check(strstr(err, "toolongname") != NULL);
    check_int(svc_bind(&x.s, "=x", err, sizeof err), ==, -1);
    check_int(svc_bind(&x.s, "NAME", err, sizeof err), ==, -1);
    check_int(svc_bind(&x.s, "NAME=", err, sizeof err), ==, -1);
    check_int(svc_bind(&x.s, "A-B=x", err, sizeof err), ==, -1);
    check_int(x.s.nbinds, ==, 2);
    teardown(&x);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static void test_text_files(const char *dir)
{
    struct fixture x;
    char err[200], spec[300], in[256], out[256];
    snprintf(in, sizeof in, "%s/in.txt", dir);
    snprintf(out, sizeof out, "%s/out.txt", dir);
    write_file(in, "ABC\r\nlonger line\n");
    setup(&x, "");
    snprintf(spec, sizeof spec, "input=%s", in);
    svc_bind(&x.s, spec, err, sizeof err);
    snprintf(spec, sizeof spec, "OUTPUT=%s", out);
    svc_bind(&x.s, spec, err, sizeof err);

    make_fcb(&x, 0x400, "INPUT", 0, 0x1000, 6);
    make_fcb(&x, 0x420, "output", 1, 0x1000, 6);
    struct svc_result r = call(&x, SVC_OPEN, 0x400, 0);
    check_int(r.cc, ==, 0);
    check_uint(get_word(&x, 0x40C), ==, 1);
    check_int(call(&x, SVC_OPEN, 0x420, 0).cc, ==, 0);
    check_uint(get_word(&x, 0x42C), ==, 2);
    r = call(&x, SVC_GET, 0x400, 0);
    check_int(r.cc, ==, 0);
    check_uint(get_word(&x, 0x418), ==, 3);                  /* CR LF removed */
    check(memcmp(x.mem.b + 0x1000, "\xC1\xC2\xC3", 3) == 0);
    check_int(call(&x, SVC_PUTREC, 0x400, 0).cc, ==, 3);     /* input file */
    put_word(&x, 0x438, 3);
    check_int(call(&x, SVC_PUTREC, 0x420, 0).cc, ==, 0);
    r = call(&x, SVC_GET, 0x400, 0);
    check_int(r.cc, ==, 2);                                  /* truncated to 6 */
    check_uint(get_word(&x, 0x418), ==, 6);
    put_word(&x, 0x438, 6);
    check_int(call(&x, SVC_PUTREC, 0x420, 0).cc, ==, 0);
    put_word(&x, 0x438, 7);                                  /* longer than buffer */
    check_int(call(&x, SVC_PUTREC, 0x420, 0).cc, ==, 3);
    r = call(&x, SVC_GET, 0x400, 0);
    check_int(r.cc, ==, 1);
    check_uint(get_word(&x, 0x418), ==, 0);
    check_int(call(&x, SVC_GET, 0x420, 0).cc, ==, 3);        /* output file */
    check_int(call(&x, SVC_CLOSE, 0x400, 0).cc, ==, 0);
    check_uint(get_word(&x, 0x40C), ==, 0);
    check_int(call(&x, SVC_CLOSE, 0x400, 0).cc, ==, 3);      /* not open */
    check_int(call(&x, SVC_GET, 0x400, 0).cc, ==, 3);
    check_int(call(&x, SVC_CLOSE, 0x420, 0).cc, ==, 0);

    FILE *f = fopen(out, "r");
    char got[64] = "";
    size_t n = fread(got, 1, sizeof got - 1, f);
    got[n] = '\0';
    fclose(f);
    check_str(got, "ABC\nlonger\n");
    teardown(&x);
}

static void test_binary_files(const char *dir)
{
    struct fixture x;
    char err[200], spec[300], in[256], out[256];
    snprintf(in, sizeof in, "%s/in.bin", dir);
    snprintf(out, sizeof out, "%s/out.bin", dir);
    FILE *f = fopen(in, "wb");
    fwrite("\x00\x01\xC1\n\xFF", 1, 5, f);
    fclose(f);
    setup(&x, "");
    snprintf(spec, sizeof spec, "BIN=%s", in);
    svc_bind(&x.s, spec, err, sizeof err);
    snprintf(spec, sizeof spec, "BOUT=%s", out);
    svc_bind(&x.s, spec, err, sizeof err);
    make_fcb(&x, 0x400, "BIN", 2, 0x1000, 4);
    make_fcb(&x, 0x420, "BOUT", 3, 0x1000, 4);
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 0);
    check_int(call(&x, SVC_OPEN, 0x420, 0).cc, ==, 0);
    check_int(call(&x, SVC_GET, 0x400, 0).cc, ==, 0);
    check_uint(get_word(&x, 0x418), ==, 4);
    check(memcmp(x.mem.b + 0x1000, "\x00\x01\xC1\n", 4) == 0);
    put_word(&x, 0x438, 4);
    check_int(call(&x, SVC_PUTREC, 0x420, 0).cc, ==, 0);
    check_int(call(&x, SVC_GET, 0x400, 0).cc, ==, 0);
    check_uint(get_word(&x, 0x418), ==, 1);
    put_word(&x, 0x438, 1);
    check_int(call(&x, SVC_PUTREC, 0x420, 0).cc, ==, 0);
    check_int(call(&x, SVC_GET, 0x400, 0).cc, ==, 1);
    svc_close_all(&x.s);                                    /* closes both */
    f = fopen(out, "rb");
    uint8_t got[16];
    size_t n = fread(got, 1, sizeof got, f);
    fclose(f);
    check_int(n, ==, 5);
    check(memcmp(got, "\x00\x01\xC1\n\xFF", 5) == 0);
    fclose(x.in);
    fclose(x.out);
}

static void test_open_failures(const char *dir)
{
    struct fixture x;
    char err[200], spec[300];
    setup(&x, "");
    snprintf(spec, sizeof spec, "MISSING=%s/no/such/file", dir);
    svc_bind(&x.s, spec, err, sizeof err);
    svc_bind(&x.s, "CON=-", err, sizeof err);
    make_fcb(&x, 0x400, "UNBOUND", 0, 0x1000, 4);
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 3);
    check_uint(get_word(&x, 0x40C), ==, 0xDEADBEEF);          /* handle untouched */
    make_fcb(&x, 0x400, "MISSING", 0, 0x1000, 4);
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 3);
    make_fcb(&x, 0x400, "MISSING", 1, 0x1000, 4);            /* no such directory */
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 3);
    make_fcb(&x, 0x400, "CON", 4, 0x1000, 4);                /* bad mode */
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 3);
    make_fcb(&x, 0x400, "", 0, 0x1000, 4);                   /* blank name */
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 3);
    make_fcb(&x, 0x400, "CON", 1, MEM_SIZE - 2, 4);           /* console as a file */
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 0);
    put_ebcdic(&x, MEM_SIZE - 2, "OK");
    put_word(&x, 0x418, 2);
    check_int(call(&x, SVC_PUTREC, 0x400, 0).cc, ==, 0);
    put_word(&x, 0x418, 5);                                  /* reclen > buflen */
    check_int(call(&x, SVC_PUTREC, 0x400, 0).cc, ==, 3);
    put_word(&x, 0x414, 8);
    put_word(&x, 0x418, 3);                                  /* buffer past the end */
    struct svc_result r = call(&x, SVC_PUTREC, 0x400, 0);
    check_int(r.outcome, ==, SVC_PROGCHECK);
    check_uint(r.pic, ==, 0x0006);
    put_word(&x, 0x40C, 99);                                 /* forged handle */
    check_int(call(&x, SVC_PUTREC, 0x400, 0).cc, ==, 3);
    check_str(output(&x), "OK\n");
    /* all slots in use */
    int opened = 1, last = 0;
    for (int i = 0; i < SVC_MAX_FILES + 2; i++) {
        make_fcb(&x, 0x500, "CON", 1, 0x1000, 4);
        last = call(&x, SVC_OPEN, 0x500, 0).cc;
        opened += last == 0;
    }
    check_int(opened, ==, SVC_MAX_FILES);
    check_int(last, ==, 3);
    teardown(&x);
}

/* The console and bound-file quotas: the write that would pass one is not
   done, the call fails and says which; a NUL inside an FCB name matches
   no binding. */
/* A key check that refuses stores into [0x1000, 0x1800) and both below 0x800. */
static int mem_check(void *ctx, uint32_t addr, uint32_t len, int write)
{
    (void)ctx;
    if (addr > MEM_SIZE || len > MEM_SIZE - addr) return 5;
    if (addr < 0x800) return 4;
    if (write && addr < 0x1800 && addr + len > 0x1000) return 4;
    return 0;
}

static void test_os_services(void)
{
    struct fixture x;
    struct svc_result r;
    setup(&x, "");
    /* GETMAIN: doubleword-rounded first fit in the region; FREEMAIN exact areas */
    svc_set_region(&x.s, 0x2003, 0x2100);           /* rounded in: 2008..2100 */
    struct svc_request g1 = { SVC_GETMAIN, 0, 10, 0, 0 };
    svc_call(&x.s, &x.st, &g1, &r);
    check_int(r.cc, ==, 0);
    check(r.set_r1);
    check_uint(r.r1, ==, 0x2008);
    struct svc_request g2 = { SVC_GETMAIN, 0, 0x20, 0, 0 };
    svc_call(&x.s, &x.st, &g2, &r);
    check_uint(r.r1, ==, 0x2018);                   /* 10 rounded to 16 */
    struct svc_request big = { SVC_GETMAIN, 0, 0x100, 0, 0 };
    svc_call(&x.s, &x.st, &big, &r);               /* no room: S80A, as MVS */
    check_int(r.outcome, ==, SVC_ABENDED);
    check_uint(r.rc, ==, 0x80A000u);
    check(strstr(x.s.note, "GETMAIN of 256 bytes") != NULL);
    check(strstr(x.s.note, "200 bytes free, the largest free area 200 bytes") != NULL);
    x.s.note[0] = '\0';
    struct svc_request none = { SVC_GETMAIN, 0, 0, 0, 0 };
    svc_call(&x.s, &x.st, &none, &r);              /* 0 bytes: CC 3, R1 = 0 */
    check_int(r.outcome, ==, SVC_CONTINUE);
    check_int(r.cc, ==, 3);
    check_uint(r.r1, ==, 0);
    struct svc_request f1 = { SVC_FREEMAIN, 0x2008, 10, 0, 0 };
    svc_call(&x.s, &x.st, &f1, &r);
    check_int(r.cc, ==, 0);
    svc_call(&x.s, &x.st, &f1, &r);                 /* not held any more */
    check_int(r.cc, ==, 3);
    struct svc_request g3 = { SVC_GETMAIN, 0, 8, 0, 0 };
    svc_call(&x.s, &x.st, &g3, &r);
    check_uint(r.r1, ==, 0x2008);                   /* the freed gap again */
    /* as many areas as the region holds: no cap at 256 */
    svc_set_region(&x.s, 0x10000, 0x10000 + 8 * 5000);
    int got = 0;
    for (int i = 0; i < 5000; i++) {
        svc_call(&x.s, &x.st, &g3, &r);
        got += r.outcome == SVC_CONTINUE && r.cc == 0 && r.r1 == 0x10000u + 8u * (uint32_t)i;
    }
    check_int(got, ==, 5000);
    svc_call(&x.s, &x.st, &g3, &r);                 /* the 5001st: the region is full */
    check_int(r.outcome, ==, SVC_ABENDED);
    check(strstr(x.s.note, "5000 areas held, 0 bytes free") != NULL);
    /* TIME: the cycle count, low word in R1, high in R3 */
    struct svc_request tm = { SVC_TIME, 0, 0, 0x123456789ull, 0 };
    svc_call(&x.s, &x.st, &tm, &r);
    check(r.set_r1 && r.set_r3);
    check_uint(r.r1, ==, 0x23456789);
    check_uint(r.r3, ==, 1);
    /* ABEND ends with the completion code; SUPER only through an SVC */
    struct svc_request ab = { SVC_ABEND, 0x00000064, 0, 0, 0 };
    svc_call(&x.s, &x.st, &ab, &r);
    check_int(r.outcome, ==, SVC_ABENDED);
    check_uint(r.rc, ==, 100);
    struct svc_request su = { SVC_SUPER, 0, 0, 0, 0 };
    svc_call(&x.s, &x.st, &su, &r);
    check_int(r.outcome, ==, SVC_PROGCHECK);
    su.via_svc = 1;
    svc_call(&x.s, &x.st, &su, &r);
    check_int(r.outcome, ==, SVC_CONTINUE);
    check_int(r.state, ==, 1);
    su.r1 = 1;
    svc_call(&x.s, &x.st, &su, &r);
    check_int(r.state, ==, 2);
    su.r1 = 2;
    svc_call(&x.s, &x.st, &su, &r);
    check_int(r.outcome, ==, SVC_PROGCHECK);
    struct svc_request disp = { SVC_SVCDISP, 0, 0, 0, 0 };
    svc_call(&x.s, &x.st, &disp, &r);               /* the embedder's, never served here */
    check_int(r.outcome, ==, SVC_PROGCHECK);
    /* protection: the check callback's 4 is a protection exception, 5 stays 6 */
    x.st.check = mem_check;
    put_ebcdic(&x, 0x1000, "READ ME");
    struct svc_request put = { SVC_PUTLINE, 0x1000, 7, 0, 0 };
    svc_call(&x.s, &x.st, &put, &r);                /* reading the key-protected block: fine */
    check_int(r.outcome, ==, SVC_CONTINUE);
    struct svc_request low = { SVC_PUTLINE, 0x100, 4, 0, 0 };
    svc_call(&x.s, &x.st, &low, &r);                /* fetch-protected */
    check_int(r.outcome, ==, SVC_PROGCHECK);
    check_uint(r.pic, ==, 4);
    fputs("typed\n", x.in);
    rewind(x.in);
    struct svc_request gl = { SVC_GETLINE, 0x1100, 20, 0, 0 };
    svc_call(&x.s, &x.st, &gl, &r);                 /* a store into it: protection */
    check_uint(r.pic, ==, 4);
    struct svc_request out = { SVC_PUTLINE, MEM_SIZE - 2, 4, 0, 0 };
    svc_call(&x.s, &x.st, &out, &r);
    check_uint(r.pic, ==, 6);
    check_str(output(&x), "READ ME\n");
    teardown(&x);
}

/* OPEN's notes say why a file did not open. */
static void test_open_notes(void)
{
    struct fixture x;
    struct svc_result r;
    setup(&x, "");
    put_ebcdic(&x, 0x100, "NOSUCH  ");
    put_word(&x, 0x108, 0);
    struct svc_request op = { SVC_OPEN, 0x100, 0, 0, 0 };
    svc_call(&x.s, &x.st, &op, &r);
    check_int(r.cc, ==, 3);
    check(strstr(x.s.note, "OPEN of file 'NOSUCH'") != NULL);
    check(strstr(x.s.note, "--file NOSUCH=PATH") != NULL);
    char err[200];
    check_int(svc_bind(&x.s, "NOSUCH=/nonexistent/dir/file", err, sizeof err), ==, 0);
    svc_call(&x.s, &x.st, &op, &r);
    check_int(r.cc, ==, 3);
    check(strstr(x.s.note, "cannot open '/nonexistent/dir/file'") != NULL);
    put_word(&x, 0x108, 9);
    svc_call(&x.s, &x.st, &op, &r);
    check(strstr(x.s.note, "mode 9 is not a file mode") != NULL);
    struct svc_request pd = { SVC_PUTDEC, 5, 0, 0, 0 };
    svc_call(&x.s, &x.st, &pd, &r);                 /* the next call clears it */
    check_str(x.s.note, "");
    teardown(&x);
}

static void test_quotas(const char *dir)
{
    struct fixture x;
    char err[200], spec[300];
    setup(&x, "");
    x.s.max_console = 10;
    put_ebcdic(&x, 0x100, "ABCDEFGHIJ");
    check_int(call(&x, SVC_PUTLINE, 0x100, 4).outcome, ==, SVC_CONTINUE);   /* 5 bytes */
    check_int(call(&x, SVC_PUTHEX, 0x12345678, 0).outcome, ==, SVC_FAILED); /* 8 more */
    check_int(x.s.limit_hit, ==, SVC_LIMIT_CONSOLE);
    check_int(call(&x, SVC_PUT, 0x100, 5).outcome, ==, SVC_CONTINUE);       /* exactly 10 */
    check_int(call(&x, SVC_PUT, 0x100, 1).outcome, ==, SVC_FAILED);
    check_str(output(&x), "ABCD\nABCDE");

    snprintf(spec, sizeof spec, "OUT=%s/quota.txt", dir);
    check_int(svc_bind(&x.s, spec, err, sizeof err), ==, 0);
    x.s.max_files = 7;
    x.s.limit_hit = SVC_LIMIT_NONE;
    make_fcb(&x, 0x400, "OUT", 1, 0x100, 10);
    check_int(call(&x, SVC_OPEN, 0x400, 0).cc, ==, 0);
    put_word(&x, 0x418, 3);
    check_int(call(&x, SVC_PUTREC, 0x400, 0).cc, ==, 0);                     /* 4 bytes */
    check_int(call(&x, SVC_PUTREC, 0x400, 0).outcome, ==, SVC_FAILED);       /* 8 > 7 */
    check_int(x.s.limit_hit, ==, SVC_LIMIT_FILES);
    check_int(call(&x, SVC_CLOSE, 0x400, 0).cc, ==, 0);

    /* "OU\0T": the NUL does not end the name */
    make_fcb(&x, 0x500, "OU", 1, 0x100, 10);
    x.mem.b[0x502] = 0x00;
    x.mem.b[0x503] = 0xE3;                                   /* T */
    check_int(call(&x, SVC_OPEN, 0x500, 0).cc, ==, 3);
    x.mem.b[0x503] = 0x40;                                   /* "OU", then only padding */
    snprintf(spec, sizeof spec, "OU=%s/ou.txt", dir);
    check_int(svc_bind(&x.s, spec, err, sizeof err), ==, 0);
    check_int(call(&x, SVC_OPEN, 0x500, 0).cc, ==, 0);
    check_int(call(&x, SVC_CLOSE, 0x500, 0).cc, ==, 0);
    teardown(&x);
}

/* GETLINE on an endless line returns after LINE_LIMIT bytes with CC2. */
static void test_endless_line(void)
{
    struct fixture x;
    setup(&x, "");
    FILE *zero = fopen("/dev/zero", "r");
    check(zero != NULL);
    if (!zero) {
        teardown(&x);
        return;
    }
    x.s.in = zero;
    struct svc_result r = call(&x, SVC_GETLINE, 0x100, 16);
    check_int(r.cc, ==, 2);
    check_int(r.r3, ==, 16);
    check(r.cycles >= (uint64_t)1 << 20);                    /* every byte read costs */
    fclose(zero);
    x.s.in = x.in;
    teardown(&x);
}

/* The host text's UTF-8 both ways: U+0080-U+00FF round trip, other
 * characters become the substitute, and bytes of no valid sequence
 * (overlong, surrogate, cut short, a lone continuation) stay themselves. */
static void test_utf8_text(void)
{
    char all[256], utf[512];
    for (int i = 0; i < 256; i++)
        all[i] = (char)i;
    size_t n = latin1_to_utf8(utf, all, 256);
    check_uint(n, ==, 128 + 2 * 128);
    check_int((unsigned char)utf[0xE9 + 0x69], ==, 0xC3);     /* e-acute: C3 A9 */
    check_uint(utf8_to_latin1(utf, n), ==, 256);
    check(memcmp(utf, all, 256) == 0);
    static const struct { const char *in; const char *out; } cases[] = {
        { "\xE2\x82\xAC", "\x1A" },                 /* the euro sign: none in 8859-1 */
        { "\xF0\x9F\x98\x80x", "\x1Ax" },           /* past the BMP */
        { "\xC0\xAF", "\xC0\xAF" },                  /* overlong '/' */
        { "\xED\xA0\x80", "\xED\xA0\x80" },          /* a surrogate */
        { "ab\xC3", "ab\xC3" },                      /* cut short */
        { "\xA9", "\xA9" },                          /* a lone continuation */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char b[16];
        size_t k = strlen(cases[i].in);
        memcpy(b, cases[i].in, k);
        k = utf8_to_latin1(b, k);
        check_uint(k, ==, strlen(cases[i].out));
        check(memcmp(b, cases[i].out, k) == 0);
    }
}

int main(void)
{
    test_utf8_text();
    const char *tmp = getenv("TMPDIR");
    char tmpl[512];
    snprintf(tmpl, sizeof tmpl, "%s/t-services.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *d = mkdtemp(tmpl);
    check(d != NULL);
    if (!d) return tap_done();

    test_console();
    test_exit_and_errors();
    test_bind();
    test_text_files(d);
    test_binary_files(d);
    test_open_failures(d);
    test_quotas(d);
    test_endless_line();
    test_os_services();
    test_open_notes();
    check_str(svc_name(SVC_GETLINE), "GETLINE");
    check(svc_name(0x044) == NULL);
    check_str(svc_name(0x030), "ABEND");
    check_int(svc_code_of(3), ==, SVC_EXIT);
    check_int(svc_code_of(35), ==, SVC_PUTLINE);
    check_int(svc_code_of(0), ==, -1);
    check_int(svc_code_of(77), ==, -1);

    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d);
    check_int(system(cmd), ==, 0);
    return tap_done();
}
