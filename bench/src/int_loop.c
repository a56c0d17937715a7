// Tight scalar integer loop: a register-only xorshift/multiply/add recurrence, the
// best case for an interpreter's dispatch (no memory access in the loop).
#include "common.h"
#define ITERS 40000000

int main(void) {
    uint64_t x = 88172645463325252ull, acc = 0, k = 0;
    for (long i = 0; i < ITERS; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += (x & 0xffff) + k;
        k = (k + 3) & 1023;
    }
    report("int_loop", acc ^ x);
    return 0;
}
