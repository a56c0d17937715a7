// RVV integer stream (e32m8): a[i] = a[i] * b[i] + c[i] with vmul + vadd, repeated.
#include "vcommon.h"
#define N 4096
#define REPS 8000
static uint32_t a[N], b[N], c[N];
static int initialised = 1;

int main(void) {
    uint32_t s = 5;
    for (int i = 0; i < N; i++) { a[i] = lcg(&s); b[i] = lcg(&s) | 1; c[i] = lcg(&s); }
    for (int r = 0; r < REPS; r++)
        for (size_t i = 0; i < N;) {
            size_t vl = __riscv_vsetvl_e32m8(N - i);
            vuint32m8_t va = __riscv_vle32_v_u32m8(a + i, vl);
            vuint32m8_t vb = __riscv_vle32_v_u32m8(b + i, vl);
            vuint32m8_t vc = __riscv_vle32_v_u32m8(c + i, vl);
            va = __riscv_vadd_vv_u32m8(__riscv_vmul_vv_u32m8(va, vb, vl), vc, vl);
            __riscv_vse32_v_u32m8(a + i, va, vl);
            i += vl;
        }
    uint64_t sum = initialised;
    for (int i = 0; i < N; i++) sum = sum * 31 + a[i];
    report("vec_int_stream", sum);
    report_dec("elemops", (uint64_t)2 * N * REPS);
    return 0;
}
