/* The "nothing lost" case.   crash.elf in.raw out.raw
 * Reads in.raw (one read), opens out.raw like the NPU wrapper
 * (open(path, 0x41 = O_WRONLY|O_CREAT, 0644), no O_TRUNC) and writes 16
 * bytes: "PARTIAL:" followed by the first 8 bytes of the input; then executes
 * an illegal instruction (unimp) before any exit.
 * Under npu-spike: unhandled trap, exit status 255, and out.raw is expected
 * to be left unchanged.  Under qemu-riscv64 (real files): SIGILL (status 132
 * from a shell) and out.raw HAS the 16 bytes at offset 0. */
#include <stdio.h>
#include <string.h>
#include "rt.h"

static unsigned char in[4096];
static unsigned char msg[16] = "PARTIAL:";

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: crash in.raw out.raw\n");
        return 1;
    }
    long fd = sys_open(argv[1], LX_O_RDONLY, 0);
    long n = fd < 0 ? fd : sys_read((int)fd, in, sizeof in);
    printf("crash: read %s: %ld\n", argv[1], n);
    if (n < 8)
        return 2;
    memcpy(msg + 8, in, 8);
    long ofd = sys_open(argv[2], LX_O_WRONLY | LX_O_CREAT, 0644);
    long w = ofd < 0 ? ofd : sys_write((int)ofd, msg, sizeof msg);
    printf("crash: wrote %s: %ld; now executing unimp\n", argv[2], w);
    rt_flush();
    __asm__ volatile("unimp");
    printf("crash: survived unimp\n");
    return 3;
}
