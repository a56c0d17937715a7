/* lanes_wmacc_i8 wrapper: ../main.c with the acc tile read as 16-bit words (int16). */
#define TILE_T unsigned short
#include "../main.c"
