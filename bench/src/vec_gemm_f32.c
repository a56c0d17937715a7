// RVV f32 GEMM: C += A * B, 64x64, row-times-broadcast with vfmacc.vf (e32m4).
#include "vcommon.h"
#define N 64
#define REPS 400
static float A[N][N], B[N][N], C[N][N];
static int initialised = 1;

int main(void) {
    uint32_t s = 3;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) { A[i][j] = frand(&s); B[i][j] = frand(&s); C[i][j] = 0; }
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < N; i++)
            for (size_t j = 0; j < N;) {
                size_t vl = __riscv_vsetvl_e32m4(N - j);
                vfloat32m4_t c = __riscv_vle32_v_f32m4(&C[i][j], vl);
                for (int k = 0; k < N; k++)
                    c = __riscv_vfmacc_vf_f32m4(c, A[i][k], __riscv_vle32_v_f32m4(&B[k][j], vl), vl);
                __riscv_vse32_v_f32m4(&C[i][j], c, vl);
                j += vl;
            }
    uint64_t sum = initialised;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) sum = sum * 31 + fbits(C[i][j]);
    report("vec_gemm_f32", sum);
    report_dec("elemops", (uint64_t)2 * N * N * N * REPS);
    return 0;
}
