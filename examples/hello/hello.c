// The smallest useful guest: prints a line through the proxy kernel's write syscall and
// returns the sum of 1..100 modulo 256 (5050 % 256 = 186) as its exit status.
#include "../../bench/src/common.h"

int main(void) {
    static const char msg[] = "hello from an rv64gc guest under npu-spike\n";
    sys_write(1, msg, sizeof msg - 1);
    int s = 0;
    for (int i = 1; i <= 100; i++) s += i;
    return s % 256;
}
