/* lanes_fma_f16 wrapper: ../main.c with the acc tile read as 16-bit words (f16 bits). */
#define TILE_T unsigned short
#include "../main.c"
