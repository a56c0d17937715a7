/* Bundled example: the NPU flow's wrapper around one kernel.
 *   kernel.elf x.raw y.raw out.raw        (run in runtime/, see manifest.json)
 * Inputs: open(path, 0) + one read() each; output: open(path, 0x41 =
 * O_WRONLY|O_CREAT, no O_TRUNC, 0644) + one write().  N = 256 f32.
 * kernel() is a separate, non-inlined function with a single ret at its end,
 * so build.sh can take its address range [start, first ret) for the manifest's
 * kernel_addr. */
#include "rt.h"

#define N 256

static float x[N], y[N], out[N];

__attribute__((noinline, used)) void kernel(const float *a, const float *b, float *c)
{
    for (int i = 0; i < N; i++)
        c[i] = a[i] + b[i];
}

static int load(const char *path, float *buf)
{
    long fd = sys_open(path, LX_O_RDONLY, 0);
    if (fd < 0)
        return 0;
    long n = sys_read((int)fd, buf, N * sizeof(float));
    sys_close((int)fd);
    return n == N * (long)sizeof(float);
}

int main(int argc, char **argv)
{
    if (argc < 4)
        return 1;
    if (!load(argv[1], x) || !load(argv[2], y))
        return 2;
    kernel(x, y, out);
    long fd = sys_open(argv[3], LX_O_WRONLY | LX_O_CREAT, 0644);
    if (fd < 0)
        return 3;
    long w = sys_write((int)fd, out, sizeof out);
    sys_close((int)fd);
    return w == (long)sizeof out ? 0 : 4;
}
