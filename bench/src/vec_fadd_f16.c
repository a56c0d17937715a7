// RVV f16 vfadd stream (Zvfh, e16m8): a[i] += b[i] over 4096 halves, repeated; the f16
// counterpart of vec_fadd_f32 (same element count, same repetitions).
#include "vcommon.h"
#define N 4096
#define REPS 8000
static _Float16 a[N], b[N];
static int initialised = 1;

static uint64_t hbits(_Float16 f) { union { _Float16 f; uint16_t u; } x = { f }; return x.u; }

int main(void) {
    uint32_t s = 1;
    for (int i = 0; i < N; i++) { a[i] = (_Float16)frand(&s); b[i] = (_Float16)(frand(&s) * 1e-3f); }
    for (int r = 0; r < REPS; r++)
        for (size_t i = 0; i < N;) {
            size_t vl = __riscv_vsetvl_e16m8(N - i);
            vfloat16m8_t va = __riscv_vle16_v_f16m8(a + i, vl);
            vfloat16m8_t vb = __riscv_vle16_v_f16m8(b + i, vl);
            __riscv_vse16_v_f16m8(a + i, __riscv_vfadd_vv_f16m8(va, vb, vl), vl);
            i += vl;
        }
    uint64_t sum = initialised;
    for (int i = 0; i < N; i++) sum = sum * 31 + hbits(a[i]);
    report("vec_fadd_f16", sum);
    report_dec("elemops", (uint64_t)N * REPS);
    return 0;
}
