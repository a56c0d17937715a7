// Tiny freestanding helpers shared by the benchmark kernels.
#include <stdint.h>
#include <stddef.h>

static inline long sys_write(int fd, const void *buf, size_t n) {
    register long a0 __asm__("a0") = fd;
    register long a1 __asm__("a1") = (long)buf;
    register long a2 __asm__("a2") = (long)n;
    register long a7 __asm__("a7") = 64;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
    return a0;
}

// Prints "name <hex checksum>\n" so runs can be compared for equal results.
static void report(const char *name, uint64_t v) {
    char buf[64];
    int n = 0;
    while (name[n]) { buf[n] = name[n]; n++; }
    buf[n++] = ' ';
    for (int i = 60; i >= 0; i -= 4) buf[n++] = "0123456789abcdef"[(v >> i) & 15];
    buf[n++] = '\n';
    sys_write(1, buf, n);
}

void *memset(void *d, int c, size_t n) { unsigned char *p = d; while (n--) *p++ = (unsigned char)c; return d; }
void *memcpy(void *d, const void *s, size_t n) { unsigned char *p = d; const unsigned char *q = s; while (n--) *p++ = *q++; return d; }
