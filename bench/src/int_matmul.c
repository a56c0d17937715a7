// Scalar integer benchmark: 64x64 int32 matrix multiply, repeated, plus a CRC-32 pass
// over the result (the mix of a tight multiply-accumulate loop and bit twiddling).
#include "common.h"
#define N 64
#define REPS 300
static int32_t a[N][N], b[N][N], c[N][N];
// Initialised data, so the data segment is not bss-only (riscv-pk fails to load those).
static int32_t bias = 1;

static uint32_t crc32(const uint8_t *p, size_t n, uint32_t crc) {
    crc = ~crc;
    while (n--) {
        crc ^= *p++;
        for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & -(crc & 1));
    }
    return ~crc;
}

int main(void) {
    uint32_t seed = 12345;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1103515245u + 12345u; a[i][j] = (int32_t)(seed >> 16) % 100;
            seed = seed * 1103515245u + 12345u; b[i][j] = (int32_t)(seed >> 16) % 100;
        }
    uint32_t crc = 0;
    for (int r = 0; r < REPS; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                int32_t s = r + bias;
                for (int k = 0; k < N; k++) s += a[i][k] * b[k][j];
                c[i][j] = s;
            }
        crc = crc32((const uint8_t *)c, sizeof c / 8, crc);
    }
    report("int_matmul", crc);
    return 0;
}
