/* The NPU flow's wrapper pattern: for each input open(path, 0) + one read();
 * compute; for each output open(path, 0x41 = O_WRONLY|O_CREAT, no O_TRUNC,
 * 0644) + one write().
 *   vecadd.elf x.raw y.raw out.raw [a]
 * x, y: N little-endian f32 each (N from the file size, fstat), out = x + y,
 * or out = a*x + y (rounded after the multiply, no fma) if the scalar
 * argument a (decimal string) is given.  Exit 0 on success, 1 on a usage or
 * I/O error (message on stderr). */
#include <stdio.h>
#include <stdlib.h>
#include "rt.h"

#define MAXN 65536
static float x[MAXN], y[MAXN], out[MAXN];

static long load(const char *path, float *buf)
{
    long fd = sys_open(path, LX_O_RDONLY, 0);
    if (fd < 0) {
        fprintf(stderr, "vecadd: open %s: %ld\n", path, fd);
        return -1;
    }
    struct lx_stat st;
    long r = sys_fstat((int)fd, &st);
    if (r < 0) {
        fprintf(stderr, "vecadd: fstat %s: %ld\n", path, r);
        return -1;
    }
    long got = sys_read((int)fd, buf, MAXN * sizeof(float));
    sys_close((int)fd);
    if (got != st.st_size || got % 4 != 0) {
        fprintf(stderr, "vecadd: read %s: %ld bytes, st_size %ld\n", path, got, (long)st.st_size);
        return -1;
    }
    return got / 4;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: vecadd x.raw y.raw out.raw [a]\n");
        return 1;
    }
    long n = load(argv[1], x);
    long m = load(argv[2], y);
    if (n < 0 || m < 0)
        return 1;
    if (n != m) {
        fprintf(stderr, "vecadd: x has %ld elements, y %ld\n", n, m);
        return 1;
    }
    if (argc > 4) {
        float a = strtof(argv[4], NULL);
        for (long i = 0; i < n; i++)
            out[i] = a * x[i] + y[i];
    } else {
        for (long i = 0; i < n; i++)
            out[i] = x[i] + y[i];
    }
    long fd = sys_open(argv[3], LX_O_WRONLY | LX_O_CREAT, 0644);
    if (fd < 0) {
        fprintf(stderr, "vecadd: open %s: %ld\n", argv[3], fd);
        return 1;
    }
    long w = sys_write((int)fd, out, n * sizeof(float));
    sys_close((int)fd);
    if (w != n * (long)sizeof(float)) {
        fprintf(stderr, "vecadd: write %s: %ld\n", argv[3], w);
        return 1;
    }
    printf("vecadd: n=%ld%s\n", n, argc > 4 ? " (saxpy)" : "");
    return 0;
}
