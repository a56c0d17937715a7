// RVV f32 vfmacc stream (e32m8): acc[i] += a[i] * b[i] over 4096 floats, repeated.
#include "vcommon.h"
#define N 4096
#define REPS 8000
static float a[N], b[N], acc[N];
static int initialised = 1;

int main(void) {
    uint32_t s = 2;
    for (int i = 0; i < N; i++) { a[i] = frand(&s); b[i] = frand(&s) * 1e-2f; acc[i] = 0; }
    for (int r = 0; r < REPS; r++)
        for (size_t i = 0; i < N;) {
            size_t vl = __riscv_vsetvl_e32m8(N - i);
            vfloat32m8_t va = __riscv_vle32_v_f32m8(a + i, vl);
            vfloat32m8_t vb = __riscv_vle32_v_f32m8(b + i, vl);
            vfloat32m8_t vc = __riscv_vle32_v_f32m8(acc + i, vl);
            __riscv_vse32_v_f32m8(acc + i, __riscv_vfmacc_vv_f32m8(vc, va, vb, vl), vl);
            i += vl;
        }
    uint64_t sum = initialised;
    for (int i = 0; i < N; i++) sum = sum * 31 + fbits(acc[i]);
    report("vec_fmacc_f32", sum);
    report_dec("elemops", (uint64_t)2 * N * REPS);
    return 0;
}
