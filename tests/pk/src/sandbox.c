/* Sandbox escape attempts.  Expectations are npu-spike-only: run with the
 * runtime directory R as the sandbox root and cwd, where the harness has made
 *   R/inside.txt                 (any non-empty content; printed)
 *   R/sub/                       (a directory)
 *   R/escape_link -> ../outside.txt   (symlink)
 *   R/../outside.txt             (the file the attempts aim at)
 * Every escape attempt must return -EACCES (-13) under npu-spike.  One line
 * per attempt: "attempt <name> <raw return> <blocked|ESCAPED|other-error>";
 * then "getcwd <ret> <path>" and "legal inside.txt <ret> <content>".
 * Exit status = number of attempts that SUCCEEDED (returned >= 0),
 * + 100 if the legal open/read of inside.txt failed.
 * Under qemu-riscv64 (no sandbox) every attempt succeeds (exit 8): that is
 * how check-qemu.sh confirms the attempts really aim outside R.
 * unlinkat is last because, without a sandbox, it deletes ../outside.txt. */
#include <stdio.h>
#include <string.h>
#include "rt.h"

static int escapes;

static void report(const char *name, long r)
{
    const char *verdict = r >= 0 ? "ESCAPED" : r == -LX_EACCES ? "blocked" : "other-error";
    printf("attempt %s %ld %s\n", name, r, verdict);
    if (r >= 0)
        escapes++;
}

static void try_open(const char *name, const char *path, int flags)
{
    long fd = sys_open(path, flags, 0644);
    report(name, fd);
    if (fd >= 0)
        sys_close((int)fd);
}

int main(void)
{
    struct lx_stat st;
    char buf[256];

    try_open("open_dotdot", "../outside.txt", LX_O_RDONLY);
    try_open("open_abs_etc_passwd", "/etc/passwd", LX_O_RDONLY);
    try_open("open_sub_dotdot_dotdot", "sub/../../outside.txt", LX_O_RDONLY);
    try_open("open_symlink", "escape_link", LX_O_RDONLY);
    try_open("create_dotdot", "../new_file", LX_O_WRONLY | LX_O_CREAT);
    report("fstatat_dotdot", sys_fstatat(LX_AT_FDCWD, "../outside.txt", &st, 0));
    report("faccessat_dotdot", sys_faccessat(LX_AT_FDCWD, "../outside.txt", LX_F_OK));
    report("unlinkat_dotdot", sys_unlinkat(LX_AT_FDCWD, "../outside.txt", 0));

    memset(buf, 0, sizeof buf);
    long r = sys_getcwd(buf, sizeof buf);
    printf("getcwd %ld %s\n", r, r > 0 ? buf : "");

    int legal_bad = 0;
    long fd = sys_open("inside.txt", LX_O_RDONLY, 0);
    long n = fd;
    memset(buf, 0, sizeof buf);
    if (fd >= 0) {
        n = sys_read((int)fd, buf, sizeof buf - 1);
        sys_close((int)fd);
    }
    if (n > 0 && buf[n - 1] == '\n')
        buf[n - 1] = 0;
    printf("legal inside.txt %ld %s\n", n, n > 0 ? buf : "");
    if (n <= 0)
        legal_bad = 1;

    printf("sandbox: %d escapes%s\n", escapes, legal_bad ? ", legal access FAILED" : "");
    return escapes + (legal_bad ? 100 : 0);
}
