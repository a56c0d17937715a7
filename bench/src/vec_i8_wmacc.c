// RVV int8 multiply-accumulate: vwmacc int8 x int8 -> int16 (e8m4), vwredsum to int32 per pass.
#include "vcommon.h"
#define N 16384
#define REPS 3000
static int8_t a[N], b[N];
static int initialised = 1;

int main(void) {
    uint32_t s = 6;
    for (int i = 0; i < N; i++) { a[i] = (int8_t)lcg(&s); b[i] = (int8_t)(lcg(&s) % 9) - 4; }
    uint64_t sum = initialised;
    for (int r = 0; r < REPS; r++) {
        size_t vlmax = __riscv_vsetvlmax_e8m4();
        vint16m8_t acc = __riscv_vmv_v_x_i16m8(0, vlmax);
        for (size_t i = 0; i < N;) {
            size_t vl = __riscv_vsetvl_e8m4(N - i);
            vint8m4_t va = __riscv_vle8_v_i8m4(a + i, vl);
            vint8m4_t vb = __riscv_vle8_v_i8m4(b + i, vl);
            acc = __riscv_vwmacc_vv_i16m8_tu(acc, va, vb, vl);
            i += vl;
        }
        vint32m1_t z = __riscv_vmv_v_x_i32m1(0, 1);
        int32_t d = __riscv_vmv_x_s_i32m1_i32(__riscv_vwredsum_vs_i16m8_i32m1(acc, z, vlmax));
        sum = sum * 31 + (uint32_t)d;
        a[r % N] = (int8_t)d;
    }
    report("vec_i8_wmacc", sum);
    report_dec("elemops", (uint64_t)2 * N * REPS);
    return 0;
}
