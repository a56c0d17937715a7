/* softmax wrapper (NPU-flow convention, as examples/vecadd):
 *   kernel.elf x.raw y.raw
 * Input: open(path, 0) + one read(); output: open(path, 0x41 = O_WRONLY|O_CREAT,
 * no O_TRUNC, 0644) + one write().  kernel() is kernel.S. */
#include "rt.h"

#define R 8
#define C 32

void kernel(const float *x, float *y);

static float x[R * C], y[R * C];

int main(int argc, char **argv)
{
    if (argc < 3)
        return 1;
    long fd = sys_open(argv[1], LX_O_RDONLY, 0);
    if (fd < 0)
        return 2;
    long n = sys_read((int)fd, x, sizeof x);
    sys_close((int)fd);
    if (n != (long)sizeof x)
        return 2;
    kernel(x, y);
    fd = sys_open(argv[2], LX_O_WRONLY | LX_O_CREAT, 0644);
    if (fd < 0)
        return 3;
    n = sys_write((int)fd, y, sizeof y);
    sys_close((int)fd);
    return n == (long)sizeof y ? 0 : 4;
}
