/* bigread.elf in.raw out.raw
 * Reads a 1 MiB input with ONE read() into a static buffer (asks for 1 MiB +
 * 4 KiB; must get exactly 1048576 bytes, then 0 at EOF) and writes 8 bytes
 * to out.raw (open 0x41, 0644, one write): the byte sum mod 2^32 (u32 LE)
 * then the CRC-32 (IEEE 802.3 / zlib, u32 LE) of the input.
 * Exit 0, or 1 on a short read / I/O error. */
#include <stdio.h>
#include <stdint.h>
#include "rt.h"

#define SIZE (1u << 20)
static unsigned char buf[SIZE + 4096];

static uint32_t crc32(const unsigned char *p, size_t n)
{
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    uint32_t crc = 0xffffffffu;
    for (size_t i = 0; i < n; i++)
        crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return crc ^ 0xffffffffu;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bigread in.raw out.raw\n");
        return 1;
    }
    long fd = sys_open(argv[1], LX_O_RDONLY, 0);
    if (fd < 0) {
        fprintf(stderr, "bigread: open %s: %ld\n", argv[1], fd);
        return 1;
    }
    long n = sys_read((int)fd, buf, sizeof buf);
    long eof = sys_read((int)fd, buf + SIZE, 16);
    sys_close((int)fd);
    if (n != SIZE || eof != 0) {
        fprintf(stderr, "bigread: read %ld bytes (want %u), then %ld (want 0)\n", n, SIZE, eof);
        return 1;
    }
    uint32_t sum = 0;
    for (size_t i = 0; i < SIZE; i++)
        sum += buf[i];
    uint32_t crc = crc32(buf, SIZE);
    unsigned char res[8];
    for (int i = 0; i < 4; i++) {
        res[i] = (unsigned char)(sum >> (8 * i));
        res[4 + i] = (unsigned char)(crc >> (8 * i));
    }
    long ofd = sys_open(argv[2], LX_O_WRONLY | LX_O_CREAT, 0644);
    long w = ofd < 0 ? ofd : sys_write((int)ofd, res, sizeof res);
    if (w != 8) {
        fprintf(stderr, "bigread: write %s: %ld\n", argv[2], w);
        return 1;
    }
    sys_close((int)ofd);
    printf("bigread: sum 0x%08lx crc32 0x%08lx\n", (unsigned long)sum, (unsigned long)crc);
    return 0;
}
