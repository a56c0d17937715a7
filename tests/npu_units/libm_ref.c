/* Reference values for the SFU tests (tests/npu_units.rs), computed on the host with
 * glibc's libm, independently of npu-spike.
 *
 *   libm_ref FUNC KIND < inputs > outputs
 *
 * FUNC: erf tanh exp sin cos log atan. KIND: h (IEEE half bit patterns, u16 little
 * endian: widened to float, the float function, narrowed with the C cast in the default
 * round-to-nearest-even mode; a NaN result is the default half NaN 0x7E00, npu-isa.md
 * §4.8), s (float bit patterns, u32: the float function, e.g. erff), d (double bit
 * patterns, u64: log or atan). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float f32(const char *fn, float x) {
    if (!strcmp(fn, "erf")) return erff(x);
    if (!strcmp(fn, "tanh")) return tanhf(x);
    if (!strcmp(fn, "exp")) return expf(x);
    if (!strcmp(fn, "sin")) return sinf(x);
    if (!strcmp(fn, "cos")) return cosf(x);
    if (!strcmp(fn, "log")) return logf(x);
    if (!strcmp(fn, "atan")) return atanf(x);
    fprintf(stderr, "unknown function %s\n", fn);
    exit(2);
}

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    const char *fn = argv[1];
    char kind = argv[2][0];
    if (kind == 'h') {
        uint16_t b;
        while (fread(&b, 2, 1, stdin) == 1) {
            _Float16 h;
            memcpy(&h, &b, 2);
            float y = f32(fn, (float)h);
            uint16_t o;
            if (isnan(y)) {
                o = 0x7e00;
            } else {
                _Float16 r = (_Float16)y;
                memcpy(&o, &r, 2);
            }
            fwrite(&o, 2, 1, stdout);
        }
    } else if (kind == 's') {
        float x;
        while (fread(&x, 4, 1, stdin) == 1) {
            float y = f32(fn, x);
            fwrite(&y, 4, 1, stdout);
        }
    } else if (kind == 'd') {
        double x;
        while (fread(&x, 8, 1, stdin) == 1) {
            double y;
            if (!strcmp(fn, "log")) y = log(x);
            else if (!strcmp(fn, "atan")) y = atan(x);
            else return 2;
            fwrite(&y, 8, 1, stdout);
        }
    } else {
        return 2;
    }
    return 0;
}
