/* memprot.elf CASE: one access (or a few) that riscv-pk must refuse, or a
 * fault-only-first load whose vl the exit status reports.  Freestanding: own
 * _start, raw ecalls, no libc, so that the image is small and the layout fixed.
 * Every case that expects a segfault ends with "no fault" and exit 1 if the
 * access went through.  See ../README.md for the table of cases. */
typedef unsigned long u64;
typedef unsigned int u32;

#define SYS_write 64
#define SYS_exit 93
#define SYS_brk 214
#define SYS_munmap 215
#define SYS_mmap 222
#define SYS_mprotect 226
#define PROT_READ 1
#define PROT_WRITE 2
#define PROT_EXEC 4
#define MAP_PRIVATE 2
#define MAP_ANON 0x20
#define PAGE 4096UL

static long sys(long n, long a, long b, long c, long d, long e, long f)
{
    register long a0 __asm__("a0") = a, a1 __asm__("a1") = b, a2 __asm__("a2") = c;
    register long a3 __asm__("a3") = d, a4 __asm__("a4") = e, a5 __asm__("a5") = f;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a7) : "memory");
    return a0;
}

static void out(const char *s)
{
    long n = 0;
    while (s[n])
        n++;
    sys(SYS_write, 1, (long)s, n, 0, 0, 0);
}

static void hex(const char *what, u64 v)
{
    char b[40];
    int i = 0;
    while (what[i]) {
        b[i] = what[i];
        i++;
    }
    b[i++] = ' ';
    b[i++] = '0';
    b[i++] = 'x';
    for (int s = 60; s >= 0; s -= 4)
        b[i++] = "0123456789abcdef"[(v >> s) & 15];
    b[i++] = '\n';
    b[i] = 0;
    out(b);
}

static __attribute__((noreturn)) void quit(long code)
{
    for (;;)
        sys(SYS_exit, code, 0, 0, 0, 0, 0);
}

static int same(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

static u64 ld(u64 a) { return *(volatile u64 *)a; }
static void st(u64 a, u64 v) { *(volatile u64 *)a = v; }
static u32 ld32(u64 a) { return *(volatile u32 *)a; }

static u64 mmap_anon(u64 len, long prot)
{
    return (u64)sys(SYS_mmap, 0, len, prot, MAP_PRIVATE | MAP_ANON, -1, 0);
}

/* Two fresh pages, the first written, the second unmapped: returns the hole. */
static u64 hole_after_page(void)
{
    u64 p = mmap_anon(2 * PAGE, PROT_READ | PROT_WRITE);
    st(p, 1);
    st(p + PAGE - 8, 2);
    sys(SYS_munmap, p + PAGE, PAGE, 0, 0, 0, 0);
    return p + PAGE;
}

static const char message[] = "read-only data";
static u64 data_word = 42;
static volatile char big_bss[6000]; /* the bss runs past the data page */
extern char _end[];

/* A function's code bytes copied elsewhere: addi a0,x0,7; ret */
static const u32 ret7[2] = {0x00700513, 0x00008067};

static long vsetvl_e32(long n)
{
    long vl;
    __asm__ volatile("vsetvli %0, %1, e32, m1, ta, ma" : "=r"(vl) : "r"(n));
    return vl;
}

static void no_fault(void)
{
    out("no fault\n");
    quit(1);
}

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    u64 brk0 = (u64)sys(SYS_brk, 0, 0, 0, 0, 0, 0);
    if (same(c, "load_hole")) {
        ld(0x40000000UL);
    } else if (same(c, "store_hole")) {
        st(0x40000000UL, 1);
    } else if (same(c, "fetch_hole")) {
        ((void (*)(void))0x40000000UL)();
    } else if (same(c, "load_null")) {
        ld(8);
    } else if (same(c, "load_high")) {
        ld(0x4000000000UL); /* 2^38: the top of the user space */
    } else if (same(c, "load_after_image")) {
        hex("brk", brk0);
        ld(brk0);
    } else if (same(c, "load_after_brk_grows")) {
        long r = sys(SYS_brk, brk0 + 2 * PAGE, 0, 0, 0, 0, 0);
        hex("brk", r);
        st(brk0, 5);
        st(brk0 + PAGE + 8, 6);
        if (ld(brk0) + ld(brk0 + PAGE + 8) != 11)
            quit(2);
        ld(brk0 + 2 * PAGE);
    } else if (same(c, "load_after_brk_shrinks")) {
        sys(SYS_brk, brk0 + 2 * PAGE, 0, 0, 0, 0, 0);
        st(brk0 + PAGE, 5);
        sys(SYS_brk, brk0 + 16, 0, 0, 0, 0, 0);
        ld(brk0 + 8); /* still mapped: the break rounds up to a page */
        ld(brk0 + PAGE);
    } else if (same(c, "load_after_munmap")) {
        u64 p = mmap_anon(3 * PAGE, PROT_READ | PROT_WRITE);
        hex("mmap", p);
        st(p + PAGE, 3);
        sys(SYS_munmap, p + PAGE, PAGE, 0, 0, 0, 0);
        ld(p); /* neighbours stay */
        ld(p + 2 * PAGE);
        ld(p + PAGE + 16);
    } else if (same(c, "store_after_mprotect")) {
        u64 p = mmap_anon(2 * PAGE, PROT_READ | PROT_WRITE);
        st(p, 7);
        st(p + PAGE, 8);
        long r = sys(SYS_mprotect, p, PAGE, PROT_READ, 0, 0, 0);
        if (r != 0 || ld(p) != 7)
            quit(2);
        st(p + PAGE + 8, 9); /* the second page keeps its write permission */
        st(p + 24, 1);
    } else if (same(c, "store_after_mprotect_untouched")) {
        /* Neither page touched: pk changes the protection of the whole mapping. */
        u64 p = mmap_anon(2 * PAGE, PROT_READ | PROT_WRITE);
        long r = sys(SYS_mprotect, p, PAGE, PROT_READ, 0, 0, 0);
        if (r != 0)
            quit(2);
        st(p + PAGE + 8, 9);
    } else if (same(c, "load_after_mprotect_none")) {
        u64 p = mmap_anon(PAGE, PROT_READ | PROT_WRITE);
        st(p, 7);
        sys(SYS_mprotect, p, PAGE, 0, 0, 0, 0);
        ld(p + 32);
    } else if (same(c, "mprotect_results")) {
        /* The raw results pk gives: exit status = a small code per result. */
        u64 p = mmap_anon(PAGE, PROT_READ);
        long a = sys(SYS_mprotect, p, PAGE, PROT_READ | PROT_WRITE, 0, 0, 0); /* -EACCES */
        long b = sys(SYS_mprotect, p + 1, PAGE, PROT_READ, 0, 0, 0);          /* -EINVAL */
        long d = sys(SYS_mprotect, 0x40000000UL, PAGE, PROT_READ, 0, 0, 0);   /* -ENOMEM */
        hex("eacces", (u64)a);
        hex("einval", (u64)b);
        hex("enomem", (u64)d);
        quit((a == -13) + 2 * (b == -22) + 4 * (d == -12));
    } else if (same(c, "store_mmap_readonly")) {
        u64 p = mmap_anon(PAGE, PROT_READ);
        if (ld(p) != 0)
            quit(2);
        st(p + 40, 1);
    } else if (same(c, "fetch_mmap_noexec")) {
        u64 p = mmap_anon(PAGE, PROT_READ | PROT_WRITE);
        st(p, ((u64)ret7[1] << 32) | ret7[0]);
        ((void (*)(void))p)();
    } else if (same(c, "fetch_mmap_exec")) {
        u64 p = mmap_anon(PAGE, PROT_READ | PROT_WRITE | PROT_EXEC);
        st(p, ((u64)ret7[1] << 32) | ret7[0]);
        __asm__ volatile("fence.i" ::: "memory");
        quit(((long (*)(void))p)());
    } else if (same(c, "store_text")) {
        st((u64)&main, 0);
    } else if (same(c, "store_rodata")) {
        *(volatile char *)message = 'R';
    } else if (same(c, "fetch_data")) {
        ((void (*)(void))&data_word)();
    } else if (same(c, "load_bss_end")) {
        /* The last byte of the image is mapped, the next page is not. */
        u64 end = (u64)_end;
        *(volatile char *)(end - 1) = 1;
        ld((end + PAGE - 1) & ~(PAGE - 1));
    } else if (same(c, "bss_last_byte")) {
        big_bss[5999] = 1; /* in the bss-only page: lazily mapped, fine */
        quit(big_bss[5999] + big_bss[0]);
    } else if (same(c, "stack_below")) {
        u64 sp;
        __asm__ volatile("mv %0, sp" : "=r"(sp));
        u64 top = (sp + 0x10000) & ~0xffffUL; /* 2^38 */
        ld(top - 2048 * PAGE); /* the stack's lowest page */
        ld(top - 2048 * PAGE - 8);
    } else if (same(c, "misaligned_cross")) {
        u64 h = hole_after_page();
        ld(h - 4);
    } else if (same(c, "vle_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vle32.v v8, (%0)" ::"r"(h - 8) : "memory");
    } else if (same(c, "vse_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vmv.v.i v8, 3\n vse32.v v8, (%0)" ::"r"(h - 12) : "memory");
        if (ld32(h - 12) != 3)
            quit(3);
    } else if (same(c, "vlse_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vlse32.v v8, (%0), %1" ::"r"(h - 2 * 1000 - 4), "r"(1000L) : "memory");
    } else if (same(c, "vsse_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vmv.v.i v8, 1\n vsse32.v v8, (%0), %1" ::"r"(h - 4), "r"(-8L) : "memory");
        /* negative stride: element 0 at h-4 is fine, 1.. go down; then up into the hole */
        __asm__ volatile("vsse32.v v8, (%0), %1" ::"r"(h - 8), "r"(4096L) : "memory");
    } else if (same(c, "vluxei_cross")) {
        u64 h = hole_after_page();
        static const u32 idx[4] = {0, 4, 4096 + 12, 8};
        vsetvl_e32(4);
        __asm__ volatile("vle32.v v4, (%0)\n vluxei32.v v8, (%1), v4" ::"r"(idx), "r"(h - 16) : "memory");
    } else if (same(c, "vsoxei_cross")) {
        u64 h = hole_after_page();
        static const u32 idx[4] = {0, 4, 20, 8};
        vsetvl_e32(4);
        __asm__ volatile("vle32.v v4, (%0)\n vsoxei32.v v4, (%1), v4" ::"r"(idx), "r"(h - 16) : "memory");
    } else if (same(c, "vlseg_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        /* fields of 3 x 4 bytes per element: element 1's fields at h-12, h-8, h-4;
           element 2's first field is the hole's first byte */
        __asm__ volatile("vlseg3e32.v v8, (%0)" ::"r"(h - 24) : "memory");
    } else if (same(c, "vsseg_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vmv.v.i v8, 1\n vmv.v.i v9, 2\n vsseg2e32.v v8, (%0)" ::"r"(h - 20) : "memory");
    } else if (same(c, "vle_misaligned_cross")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vle32.v v8, (%0)" ::"r"(h - 6) : "memory");
    } else if (same(c, "vl1r_cross")) {
        u64 h = hole_after_page();
        __asm__ volatile("vl1re32.v v8, (%0)" ::"r"(h - 8) : "memory");
    } else if (same(c, "vleff_trunc")) {
        u64 h = hole_after_page();
        long vl = vsetvl_e32(4);
        __asm__ volatile("vle32ff.v v8, (%1)\n csrr %0, vl" : "=r"(vl) : "r"(h - 8) : "memory");
        quit(vl);
    } else if (same(c, "vleff_untouched")) {
        /* Both pages mapped, only the first touched: pk has not populated the
           second, so Spike faults there and vl stops at the page boundary. */
        u64 p = mmap_anon(2 * PAGE, PROT_READ | PROT_WRITE);
        st(p, 1);
        long vl = vsetvl_e32(4);
        __asm__ volatile("vle32ff.v v8, (%1)\n csrr %0, vl" : "=r"(vl) : "r"(p + PAGE - 4) : "memory");
        quit(10 + vl);
    } else if (same(c, "vleff_touched")) {
        u64 p = mmap_anon(2 * PAGE, PROT_READ | PROT_WRITE);
        st(p, 1);
        st(p + PAGE, 2);
        long vl = vsetvl_e32(4);
        __asm__ volatile("vle32ff.v v8, (%1)\n csrr %0, vl" : "=r"(vl) : "r"(p + PAGE - 4) : "memory");
        quit(20 + vl);
    } else if (same(c, "vleff_first")) {
        u64 h = hole_after_page();
        vsetvl_e32(4);
        __asm__ volatile("vle32ff.v v8, (%0)" ::"r"(h) : "memory");
    } else if (same(c, "vlsegff_trunc")) {
        u64 h = hole_after_page();
        long vl = vsetvl_e32(4);
        /* element 1's second field is the first in the hole */
        __asm__ volatile("vlseg2e32ff.v v8, (%1)\n csrr %0, vl" : "=r"(vl) : "r"(h - 12) : "memory");
        quit(30 + vl);
    } else if (same(c, "vleff_misaligned")) {
        u64 h = hole_after_page();
        long vl = vsetvl_e32(4);
        __asm__ volatile("vle32ff.v v8, (%1)\n csrr %0, vl" : "=r"(vl) : "r"(h - 10) : "memory");
        quit(40 + vl);
    } else {
        out("unknown case\n");
        quit(3);
    }
    no_fault();
    return 0;
}

__asm__(".section .text.init\n"
        ".globl _start\n"
        "_start:\n"
        "  ld a0, 0(sp)\n"
        "  addi a1, sp, 8\n"
        "  call main\n"
        "  li a7, 93\n"
        "  ecall\n");
