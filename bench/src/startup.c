// Start-up case: does almost nothing, so the run time is the simulator's own start-up,
// load and exit (whole process).
#include "common.h"

int main(void) {
    report("startup", 42);
    return 0;
}
