/* Cycle-binary helpers for tests/timing.rs: the NPU unit instructions (shared with
 * tests/npu_units) and the gem5 m5 markers (custom-3, npu-isa.md §5.1). */
#include "units.h"
#define M5_RESET       .insn r 0x7b, 0, 0x40, x0, x0, x0
#define M5_DUMP        .insn r 0x7b, 0, 0x41, x0, x0, x0
#define M5_DUMPRESET   .insn r 0x7b, 0, 0x42, x0, x0, x0
#define M5_WORK_BEGIN  .insn r 0x7b, 0, 0x5a, x0, x0, x0
#define M5_EXIT        .insn r 0x7b, 0, 0x21, x0, x0, x0
#define M5_FAIL        .insn r 0x7b, 0, 0x22, x0, x0, x0
#define VERF(vd, vs2)  .insn r CUSTOM_2, 3, 0x10, x##vd, x0, x##vs2
#define VTANH(vd, vs2) .insn r CUSTOM_2, 3, 0x12, x##vd, x0, x##vs2
#define VSIN(vd, vs2)  .insn r CUSTOM_2, 3, 0x14, x##vd, x0, x##vs2
#define VCOS(vd, vs2)  .insn r CUSTOM_2, 3, 0x14, x##vd, x1, x##vs2
#define VLOG(vd, vs2)  .insn r CUSTOM_2, 3, 0x14, x##vd, x2, x##vs2
#define VATAN(vd, vs2) .insn r CUSTOM_2, 3, 0x14, x##vd, x3, x##vs2
