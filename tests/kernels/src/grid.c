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
 * MODE 4: the same two dumps, written the way a real kernel's are: by the NPU's DMA
 * under the simulator's --base-path (npu-isa.md §3.10), not by the guest. Each program
 * makes one indirect MVIN of one 8-byte element of x whose index is p (so the dump
 * holds p); the unkeyed transfers come first, then, after DMA_INDEX_KEY p, a keyed
 * one per program (a key, once set, names every later dump).
 * Prints its argv on one line. Exit 2: a file would not load or store. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "rt.h"

#define N 64
#define G 8

static int32_t x[N], out[N];

/* The kernel object's target.spad_vaddr (tests/kernel_object.rs): lane 0's bank. */
#define SV 0xD0000000UL

/* The 160-byte DMA descriptor (npu-isa.md §3.3). */
struct desc {
    int32_t dim_size[4], dim_low[4], dim_high[4];
    uint64_t mm_stride[4], spad_stride[4];
    uint16_t element_size, vlane_stride;
    uint8_t vlane_split_axis, elem_dtype;
    uint16_t flags;
    uint64_t indirect_addr;
    uint16_t indirect_stride, indirect_esize;
    uint8_t indirect_dim, reserved;
    uint16_t indirect_lanes;
    uint64_t fill, memory_base, memory_bytes;
};
_Static_assert(sizeof(struct desc) == 160, "descriptor layout");

/* One indirect MVIN of x[2p..2p+1] (8 bytes at index p from x) into the scratchpad;
 * its index tile (one int64) sits at SV. */
static void indirect_mvin(long p)
{
    static struct desc d = {
        .dim_size = {1, 1, 1, 1}, .mm_stride = {1, 1, 1, 1}, .spad_stride = {1, 1, 1, 1},
        .element_size = 8, .vlane_stride = 1, .vlane_split_axis = 3, .flags = 1,
        .indirect_addr = SV, .indirect_stride = 1, .indirect_esize = 8,
    };
    *(volatile int64_t *)SV = p;
    __asm__ volatile(".insn r 0x2b, 3, 7, x0, %0, x0" ::"r"(&d) : "memory");
    __asm__ volatile(".insn r 0x2b, 3, 2, x0, %0, %1" ::"r"(x), "r"(SV + 64) : "memory");
}

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
    if (mode == 4) {
        for (long p = lo; p < hi; p++)
            indirect_mvin(p);
        for (long p = lo; p < hi; p++) {
            __asm__ volatile(".insn r 0x2b, 3, 8, x0, %0, x0" ::"r"(p) : "memory");
            indirect_mvin(p);
        }
    }
    if (!store(argv[2], out, sizeof out))
        return 2;
    return 0;
}
