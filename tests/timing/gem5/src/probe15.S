/* probe15: memory-bound vector loops (real3's vfma_m4 taken apart) */
#include "bench.h"
    .option norvc
    .text
    .globl _start
_start:
    la      s0, buf
#define TL(LM, N, BODY) \
    WIN_BEGIN; la a0, matA; la a1, matB; la a2, matC; li a3, N; \
1:  vsetvli t0, a3, e32, LM, ta, ma; BODY; slli t1, t0, 2; add a0, a0, t1; add a1, a1, t1; add a2, a2, t1; sub a3, a3, t0; bnez a3, 1b; WIN_END
#define FMA4 vle32.v v8, (a0); vle32.v v12, (a1); vle32.v v16, (a2); vfmacc.vv v16, v8, v12; vse32.v v16, (a2)
#define NOST4 vle32.v v8, (a0); vle32.v v12, (a1); vle32.v v16, (a2); vfmacc.vv v16, v8, v12
#define LDST4 vle32.v v8, (a0); vle32.v v12, (a1); vle32.v v16, (a2); vse32.v v16, (a2)
#define LD1ST4 vle32.v v16, (a2); vse32.v v16, (a1)
#define ST4 vse32.v v16, (a2)
#define LD4 vle32.v v16, (a2)
    TL(m4, 512, FMA4)
    TL(m4, 512, NOST4)
    TL(m4, 512, LDST4)
    TL(m4, 512, LD1ST4)
    TL(m4, 512, ST4)
    TL(m4, 512, LD4)
#define ADD1 vle32.v v1, (a0); vle32.v v2, (a1); vfadd.vv v3, v1, v2; vse32.v v3, (a2)
    TL(m1, 200, ADD1)
    TL(m1, 256, ADD1)
    TL(m1, 256, LD4)
    TL(m1, 256, ST4)
    EXIT0
    .data
    .balign 64
buf:  .skip 64
matA: .skip 2048
matB: .skip 2048
matC: .skip 2048
