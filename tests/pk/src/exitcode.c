/* exitcode.elf CODE [how]
 * Exits with status CODE (decimal).  how: "return" (default: return from
 * main, i.e. exit() -> exit_group 94), "exit93" (raw exit syscall 93),
 * "exit94" (raw exit_group syscall 94).  The status seen by the host is
 * CODE & 0xff. */
#include <stdlib.h>
#include <string.h>
#include "rt.h"

int main(int argc, char **argv)
{
    int code = argc > 1 ? atoi(argv[1]) : 0;
    const char *how = argc > 2 ? argv[2] : "return";
    if (strcmp(how, "exit93") == 0) {
        rt_flush();
        for (;;)
            rt_syscall(SYS_exit, code, 0, 0, 0, 0, 0);
    }
    if (strcmp(how, "exit94") == 0)
        sys_exit_group(code);
    return code;
}
