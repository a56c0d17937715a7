/* lanes_fma wrapper: main(reps, lanes) runs kernel(reps) (kernel.S), then prints
 * a checksum of every lane's acc tile (read through the flat scratchpad window at
 * SV + k·B + ACC) and the element operations the lanes did: 3·N·reps·lanes.
 * The f16 and int8 kernels (f16/, i8/) include this file with TILE_T, the unsigned
 * type of one acc element's bits, set to 16 bits. */
#include "rt.h"

#ifndef TILE_T
#define TILE_T unsigned
#endif

#define SV   0xD0000000UL
#define B    65536UL
#define ACC  0x2000UL
#define N    1024

void kernel(long reps);

static long num(const char *s)
{
    long v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10 + (*s++ - '0');
    return v;
}

static void put(const char *label, unsigned long v)
{
    char b[64];
    int n = 0;
    while (*label)
        b[n++] = *label++;
    char d[24];
    int k = 0;
    do {
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k)
        b[n++] = d[--k];
    b[n++] = '\n';
    sys_write(1, b, n);
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    long reps = num(argv[1]), lanes = num(argv[2]);
    kernel(reps);
    unsigned long sum = 1;
    for (long k = 0; k < lanes; k++) {
        const TILE_T *acc = (const TILE_T *)(SV + k * B + ACC);
        for (int i = 0; i < N; i++)
            sum = sum * 31 + acc[i];
    }
    put("checksum ", sum);
    put("elemops ", 3UL * N * (unsigned long)reps * (unsigned long)lanes);
    return 0;
}
