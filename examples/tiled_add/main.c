/* tiled_add wrapper (NPU-flow convention, as examples/vecadd):
 *   kernel.elf x32.raw y32.raw x16.raw y16.raw out32.raw out16.raw
 * Inputs: open(path, 0) + one read() each; outputs: open(path, 0x41 =
 * O_WRONLY|O_CREAT, no O_TRUNC, 0644) + one write().  kernel() is kernel.S;
 * the f16 buffers hold raw IEEE half bits (uint16_t). */
#include "rt.h"

#define N32 256
#define N16 512

void kernel(const float *x32, const float *y32, float *o32,
            const uint16_t *x16, const uint16_t *y16, uint16_t *o16);

static float x32[N32], y32[N32], o32[N32];
static uint16_t x16[N16], y16[N16], o16[N16];

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
    if (argc < 7)
        return 1;
    if (!load(argv[1], x32, sizeof x32) || !load(argv[2], y32, sizeof y32) ||
        !load(argv[3], x16, sizeof x16) || !load(argv[4], y16, sizeof y16))
        return 2;
    kernel(x32, y32, o32, x16, y16, o16);
    if (!store(argv[5], o32, sizeof o32) || !store(argv[6], o16, sizeof o16))
        return 3;
    return 0;
}
