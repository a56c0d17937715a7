// RVV f16 dot product (Zvfh): widening vfwmacc f16 x f16 -> f32 (e16m4), vfredusum at the end.
#include "vcommon.h"
#define N 8192
#define REPS 3000
static _Float16 a[N], b[N];
static int initialised = 1;

int main(void) {
    uint32_t s = 4;
    for (int i = 0; i < N; i++) { a[i] = (_Float16)frand(&s); b[i] = (_Float16)frand(&s); }
    uint64_t sum = initialised;
    for (int r = 0; r < REPS; r++) {
        size_t vlmax = __riscv_vsetvlmax_e16m4();
        vfloat32m8_t acc = __riscv_vfmv_v_f_f32m8(0.0f, vlmax);
        for (size_t i = 0; i < N;) {
            size_t vl = __riscv_vsetvl_e16m4(N - i);
            vfloat16m4_t va = __riscv_vle16_v_f16m4(a + i, vl);
            vfloat16m4_t vb = __riscv_vle16_v_f16m4(b + i, vl);
            acc = __riscv_vfwmacc_vv_f32m8_tu(acc, va, vb, vl);
            i += vl;
        }
        vfloat32m1_t z = __riscv_vfmv_v_f_f32m1(0.0f, 1);
        float d = __riscv_vfmv_f_s_f32m1_f32(__riscv_vfredusum_vs_f32m8_f32m1(acc, z, vlmax));
        sum = sum * 31 + fbits(d);
        a[r % N] = (_Float16)(d * 1e-3f);
    }
    report("vec_dot_f16", sum);
    report_dec("elemops", (uint64_t)2 * N * REPS);
    return 0;
}
