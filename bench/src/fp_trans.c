// Transcendental-heavy scalar FP: our own exp (range reduction + polynomial), sin
// (reduction to [-pi/4, pi/4] + polynomials), a rational atan-like term with a divide,
// and sqrt, in f64 and f32, summed over a grid.
#include "common.h"
#define N 600000

// Round to nearest integer (fcvt.l.d, truncating, after a signed half offset).
static long rnd_d(double x) { return (long)(x >= 0 ? x + 0.5 : x - 0.5); }

static double exp_d(double x) {
    double kf = (double)rnd_d(x * 1.4426950408889634);
    double r = x - kf * 0.6931471805599453;
    double p = 1.0 + r * (1.0 + r * (0.5 + r * (1.0 / 6 + r * (1.0 / 24 + r * (1.0 / 120 + r * (1.0 / 720))))));
    union { double d; uint64_t u; } s = { .u = (uint64_t)((int64_t)kf + 1023) << 52 };
    return p * s.d;
}

static double sin_d(double x) {
    double q = (double)rnd_d(x * 0.6366197723675814);
    double r = x - q * 1.5707963267948966;
    double r2 = r * r;
    double s = r * (1 - r2 * (1.0 / 6 - r2 * (1.0 / 120 - r2 * (1.0 / 5040 - r2 / 362880))));
    double c = 1 - r2 * (0.5 - r2 * (1.0 / 24 - r2 * (1.0 / 720 - r2 / 40320)));
    int k = (int)q & 3;
    return k == 0 ? s : k == 1 ? c : k == 2 ? -s : -c;
}

static float exp_f(float x) {
    float kf = (float)rnd_d((double)(x * 1.442695f));
    float r = x - kf * 0.6931472f;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120)))));
    union { float f; uint32_t u; } s = { .u = (uint32_t)((int32_t)kf + 127) << 23 };
    return p * s.f;
}

int main(void) {
    double acc = 0;
    float accf = 0;
    for (int i = 0; i < N; i++) {
        double x = (double)(i % 2000) * 0.005 - 5.0;
        double e = exp_d(x * 0.5);
        double s = sin_d(x * 3.0);
        double t = x / (1.0 + 0.28 * x * x);
        acc += e * s + t + __builtin_sqrt(e + 1.0);
        float xf = (float)x;
        float ef = exp_f(xf * 0.25f);
        accf += ef / (1.0f + ef) + __builtin_sqrtf(ef);
    }
    union { double d; uint64_t u; } a = { acc };
    union { float f; uint32_t u; } b = { accf };
    report("fp_trans", a.u ^ (uint64_t)b.u << 16);
    return 0;
}
