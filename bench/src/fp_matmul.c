// Scalar FP benchmark: 48x48 f32 and f64 matrix multiplies with fused multiply-add,
// plus a division/sqrt pass, repeated.
#include "common.h"
#define N 48
#define REPS 200
static float af[N][N], bf[N][N], cf[N][N];
static double ad[N][N], bd[N][N], cd[N][N];

int main(void) {
    uint32_t seed = 777;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1103515245u + 12345u; af[i][j] = (float)(seed >> 8) / 16777216.0f - 0.5f;
            seed = seed * 1103515245u + 12345u; bf[i][j] = (float)(seed >> 8) / 16777216.0f + 0.25f;
            ad[i][j] = af[i][j] * 1.5; bd[i][j] = bf[i][j] - 0.125;
        }
    uint64_t sum = 0;
    for (int r = 0; r < REPS; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                float s = (float)r;
                double t = (double)r;
                for (int k = 0; k < N; k++) {
                    s = __builtin_fmaf(af[i][k], bf[k][j], s);
                    t = __builtin_fma(ad[i][k], bd[k][j], t);
                }
                cf[i][j] = s / (1.0f + (float)i);
                cd[i][j] = __builtin_sqrt(t * t + 1.0);
            }
        for (int i = 0; i < N; i++) {
            union { float f; uint32_t u; } x = { cf[i][i] };
            union { double d; uint64_t u; } y = { cd[i][N - 1 - i] };
            sum = sum * 31 + x.u + y.u;
        }
    }
    report("fp_matmul", sum);
    return 0;
}
