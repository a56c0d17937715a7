// Helpers shared by the RVV benchmark kernels (clang-19 RVV intrinsics, no libc).
#include "common.h"
#include <riscv_vector.h>

// Prints "name <decimal>\n" (element-operation counts for bench/run.sh).
static void report_dec(const char *name, uint64_t v) {
    char buf[64], dig[24];
    int n = 0, k = 0;
    while (name[n]) { buf[n] = name[n]; n++; }
    buf[n++] = ' ';
    do { dig[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    while (k) buf[n++] = dig[--k];
    buf[n++] = '\n';
    sys_write(1, buf, n);
}

static uint32_t lcg(uint32_t *s) { *s = *s * 1103515245u + 12345u; return *s >> 8; }
// uniform in [-0.5, 0.5)
static float frand(uint32_t *s) { return (float)lcg(s) / 16777216.0f - 0.5f; }
static uint64_t fbits(float f) { union { float f; uint32_t u; } x = { f }; return x.u; }
