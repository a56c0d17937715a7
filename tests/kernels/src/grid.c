/* A launch-grid kernel for the kernel-object tests of tests/kernel_object.rs,
 * written the way the Triton route's wrappers are (PyTorchSim spike_run.py):
 *
 *   grid.elf x.raw out.raw SCALE ALPHA MODE REPS [LO HI]
 *
 * x: int32[64] (in); out: int32[64] (out or inout: read, then written whole).
 * The grid has G = 8 programs; program p owns elements [8p, 8p+8) and, for each,
 * does out[i] += x[i]*SCALE + (int)(ALPHA*p), the product summed REPS times and
 * divided back (REPS only makes the run longer). Only programs LO..HI-1 run
 * (default 0..8). MODE 1: each program also sets out[0] = p + 1 (ranges clash);
 * MODE 2: each program writes dma_access/p<p>.raw; MODE 3: each program writes an
 * unkeyed indirect_access/indirect_index<n>.raw (n counting from 0 in this
 * process) and a keyed indirect_access/indirect_index_<p>_0.raw, both holding p.
 * Prints its argv on one line. Exit 2: a file would not load or store. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "rt.h"

#define N 64
#define G 8

static int32_t x[N], out[N];

static int load(const char *path, void *buf, long bytes)
{
    long fd = sys_open(path, LX_O_RDONLY, 0);
    if (fd < 0)
        return 0;
    long n = sys_read((int)fd, buf, bytes);
    sys_close((int)fd);
    return n == bytes;
}

static int store(const char *path, const void *buf, long bytes)
{
    long fd = sys_open(path, LX_O_WRONLY | LX_O_CREAT, 0644);
    if (fd < 0)
        return 0;
    long n = sys_write((int)fd, buf, bytes);
    sys_close((int)fd);
    return n == bytes;
}

int main(int argc, char **argv)
{
    if (argc != 7 && argc != 9)
        return 1;
    printf("argv:");
    for (int i = 1; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
    if (!load(argv[1], x, sizeof x) || !load(argv[2], out, sizeof out))
        return 2;
    long scale = strtol(argv[3], 0, 10);
    double alpha = strtod(argv[4], 0);
    long mode = strtol(argv[5], 0, 10);
    long reps = strtol(argv[6], 0, 10);
    long lo = 0, hi = G;
    if (argc == 9) {
        lo = strtol(argv[7], 0, 10);
        hi = strtol(argv[8], 0, 10);
    }
    long unkeyed = 0;
    for (long p = lo; p < hi; p++) {
        for (int i = p * (N / G); i < (p + 1) * (N / G); i++) {
            volatile int32_t v = 0;
            for (long r = 0; r < reps; r++)
                v += x[i] * (int32_t)scale;
            out[i] += v / (int32_t)reps + (int32_t)(alpha * (double)p);
        }
        int32_t tag = (int32_t)p;
        char name[64];
        if (mode == 1)
            out[0] = (int32_t)(p + 1);
        if (mode == 2) {
            snprintf(name, sizeof name, "dma_access/p%ld.raw", p);
            if (!store(name, &tag, sizeof tag))
                return 2;
        }
        if (mode == 3) {
            int64_t t = p;
            snprintf(name, sizeof name, "indirect_access/indirect_index%ld.raw", unkeyed++);
            if (!store(name, &t, sizeof t))
                return 2;
            snprintf(name, sizeof name, "indirect_access/indirect_index_%ld_0.raw", p);
            if (!store(name, &t, sizeof t))
                return 2;
        }
    }
    if (!store(argv[2], out, sizeof out))
        return 2;
    return 0;
}
