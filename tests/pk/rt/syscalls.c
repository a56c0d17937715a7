/* Syscall layer and the few libc hooks picolibc needs, for the pk / Linux
 * user ABI.  See ../README.md ("picolibc") for what picolibc wants. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>
#include <sys/types.h>
#include "rt.h"

long rt_syscall(long n, long a0, long a1, long a2, long a3, long a4, long a5)
{
    register long r_a0 __asm__("a0") = a0;
    register long r_a1 __asm__("a1") = a1;
    register long r_a2 __asm__("a2") = a2;
    register long r_a3 __asm__("a3") = a3;
    register long r_a4 __asm__("a4") = a4;
    register long r_a5 __asm__("a5") = a5;
    register long r_a7 __asm__("a7") = n;
    __asm__ volatile("ecall"
                     : "+r"(r_a0)
                     : "r"(r_a1), "r"(r_a2), "r"(r_a3), "r"(r_a4), "r"(r_a5), "r"(r_a7)
                     : "memory");
    return r_a0;
}

void sys_exit_group(int code)
{
    for (;;)
        rt_syscall(SYS_exit_group, code, 0, 0, 0, 0, 0);
}

/* ---- TLS: picolibc keeps errno (and a few other things) thread-local. ---- */
extern char __rt_tdata_start[], __rt_tdata_end[];
extern char __rt_tls_size[], __rt_tls_align[];   /* absolute symbols */
#define RT_TLS_MAX 256
static char rt_tls_block[RT_TLS_MAX] __attribute__((aligned(64)));

/* ---- console streams: line-buffered stdout/stderr on fds 1/2 ---- */
struct rt_out { char buf[512]; unsigned len; int fd; };
static struct rt_out rt_stdout_buf = { .fd = 1 };
static struct rt_out rt_stderr_buf = { .fd = 2 };

static void rt_out_flush(struct rt_out *o)
{
    unsigned off = 0;
    while (off < o->len) {
        long r = sys_write(o->fd, o->buf + off, o->len - off);
        if (r <= 0)
            break;
        off += (unsigned)r;
    }
    o->len = 0;
}

static int rt_put(char c, struct rt_out *o)
{
    o->buf[o->len++] = c;
    if (c == '\n' || o->len == sizeof o->buf)
        rt_out_flush(o);
    return (unsigned char)c;
}

static int put_stdout(char c, FILE *f) { (void)f; return rt_put(c, &rt_stdout_buf); }
static int put_stderr(char c, FILE *f) { (void)f; return rt_put(c, &rt_stderr_buf); }
static int flush_stdout(FILE *f) { (void)f; rt_out_flush(&rt_stdout_buf); return 0; }
static int flush_stderr(FILE *f) { (void)f; rt_out_flush(&rt_stderr_buf); return 0; }
static int get_stdin(FILE *f)
{
    unsigned char c;
    (void)f;
    return sys_read(0, &c, 1) == 1 ? c : EOF;
}

static FILE rt_stdin = FDEV_SETUP_STREAM(NULL, get_stdin, NULL, _FDEV_SETUP_READ);
static FILE rt_stdout = FDEV_SETUP_STREAM(put_stdout, NULL, flush_stdout, _FDEV_SETUP_WRITE);
static FILE rt_stderr = FDEV_SETUP_STREAM(put_stderr, NULL, flush_stderr, _FDEV_SETUP_WRITE);
FILE *const stdin = &rt_stdin;
FILE *const stdout = &rt_stdout;
FILE *const stderr = &rt_stderr;

void rt_flush(void)
{
    rt_out_flush(&rt_stdout_buf);
    rt_out_flush(&rt_stderr_buf);
}

/* Called by crt0 before main. */
void __rt_init(void)
{
    size_t size = (size_t)__rt_tls_size;
    size_t init = (size_t)(__rt_tdata_end - __rt_tdata_start);
    if (size > RT_TLS_MAX || (size_t)__rt_tls_align > 64)
        __builtin_trap();   /* grow RT_TLS_MAX */
    memcpy(rt_tls_block, __rt_tdata_start, init);
    memset(rt_tls_block + init, 0, size - init);
    __asm__ volatile("mv tp, %0" : : "r"(rt_tls_block));
}

/* ---- libc hooks ---- */
static long rt_ret(long r)
{
    if (r < 0 && r > -4096) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

ssize_t read(int fd, void *buf, size_t n) { return rt_ret(sys_read(fd, buf, n)); }
ssize_t write(int fd, const void *buf, size_t n) { return rt_ret(sys_write(fd, buf, n)); }
int close(int fd) { return (int)rt_ret(sys_close(fd)); }
off_t lseek(int fd, off_t off, int whence) { return rt_ret(sys_lseek(fd, off, whence)); }

/* flags/mode are passed through unchanged: use Linux values (LX_O_*). */
int open(const char *path, int flags, ...)
{
    va_list ap;
    va_start(ap, flags);
    int mode = va_arg(ap, int);
    va_end(ap);
    return (int)rt_ret(sys_open(path, flags, mode));
}

void _exit(int code)
{
    rt_flush();
    sys_exit_group(code);
}

/* malloc's heap, grown with brk (picolibc's own sbrk wants __heap_start/__heap_end). */
void *sbrk(ptrdiff_t incr)
{
    static char *cur;
    if (!cur)
        cur = (char *)sys_brk(0);
    char *old = cur;
    char *want = old + incr;
    char *got = (char *)sys_brk(want);
    if (got != want) {
        errno = ENOMEM;
        return (void *)-1;
    }
    cur = got;
    return old;
}
