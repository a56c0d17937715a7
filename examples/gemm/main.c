/* gemm wrapper (NPU-flow convention, as examples/vecadd):
 *   kernel.elf x.raw w.raw y.raw
 * Inputs: open(path, 0) + one read() each; output: open(path, 0x41 =
 * O_WRONLY|O_CREAT, no O_TRUNC, 0644) + one write().  kernel() is kernel.S. */
#include "rt.h"

#define M 8
#define K 4

void kernel(const float *x, const float *w, float *y);

static float x[M * K], w[K * K], y[M * K];

static int load(const char *path, void *buf, long bytes)
{
    long fd = sys_open(path, LX_O_RDONLY, 0);
    if (fd < 0)
        return 0;
    long n = sys_read((int)fd, buf, bytes);
    sys_close((int)fd);
    return n == bytes;
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 1;
    if (!load(argv[1], x, sizeof x) || !load(argv[2], w, sizeof w))
        return 2;
    kernel(x, w, y);
    long fd = sys_open(argv[3], LX_O_WRONLY | LX_O_CREAT, 0644);
    if (fd < 0)
        return 3;
    long n = sys_write((int)fd, y, sizeof y);
    sys_close((int)fd);
    return n == (long)sizeof y ? 0 : 4;
}
