/* Guest runtime for the npu-spike pk tests: raw Linux (riscv64, generic
 * numbering) system calls.  Every sys_* returns the kernel's raw result:
 * >= 0 on success, -errno on failure (no errno, no libc in between).
 * Flag and errno values are Linux's, not picolibc's (picolibc's <fcntl.h> has
 * O_EXCL = 0x800, its <errno.h> ENOSYS = 88, ...), so tests use the LX_* names
 * below. */
#ifndef RT_H
#define RT_H
#include <stddef.h>
#include <stdint.h>

#define SYS_getcwd        17
#define SYS_unlinkat      35
#define SYS_faccessat     48
#define SYS_openat        56
#define SYS_close         57
#define SYS_lseek         62
#define SYS_read          63
#define SYS_write         64
#define SYS_writev        66
#define SYS_pread64       67
#define SYS_pwrite64      68
#define SYS_newfstatat    79
#define SYS_fstat         80
#define SYS_exit          93
#define SYS_exit_group    94
#define SYS_clock_gettime 113
#define SYS_times         153
#define SYS_uname         160
#define SYS_gettimeofday  169
#define SYS_getpid        172
#define SYS_brk           214
#define SYS_munmap        215
#define SYS_mmap          222
#define SYS_statx         291

#define LX_AT_FDCWD   (-100)
#define LX_O_RDONLY   0
#define LX_O_WRONLY   1
#define LX_O_RDWR     2
#define LX_O_CREAT    0x40
#define LX_O_EXCL     0x80
#define LX_O_TRUNC    0x200
#define LX_O_APPEND   0x400
#define LX_SEEK_SET   0
#define LX_SEEK_CUR   1
#define LX_SEEK_END   2
#define LX_F_OK 0
#define LX_R_OK 4
#define LX_W_OK 2
#define LX_PROT_READ  1
#define LX_PROT_WRITE 2
#define LX_MAP_PRIVATE   0x02
#define LX_MAP_ANONYMOUS 0x20
#define LX_CLOCK_REALTIME  0
#define LX_CLOCK_MONOTONIC 1
#define LX_ENOENT 2
#define LX_EBADF  9
#define LX_EACCES 13
#define LX_EEXIST 17
#define LX_EINVAL 22

/* asm-generic struct stat (riscv64), 128 bytes */
struct lx_stat {
    uint64_t st_dev, st_ino;
    uint32_t st_mode, st_nlink, st_uid, st_gid;
    uint64_t st_rdev, __pad1;
    int64_t  st_size;
    int32_t  st_blksize, __pad2;
    int64_t  st_blocks;
    int64_t  st_atime_sec;  uint64_t st_atime_nsec;
    int64_t  st_mtime_sec;  uint64_t st_mtime_nsec;
    int64_t  st_ctime_sec;  uint64_t st_ctime_nsec;
    uint32_t __unused4, __unused5;
};
struct lx_timespec { int64_t tv_sec, tv_nsec; };
struct lx_timeval  { int64_t tv_sec, tv_usec; };
struct lx_tms      { int64_t tms_utime, tms_stime, tms_cutime, tms_cstime; };
struct lx_iovec    { const void *iov_base; size_t iov_len; };
struct lx_utsname  { char sysname[65], nodename[65], release[65], version[65], machine[65], domainname[65]; };

long rt_syscall(long n, long a0, long a1, long a2, long a3, long a4, long a5);

static inline long sys_openat(int dirfd, const char *path, int flags, int mode)
{ return rt_syscall(SYS_openat, dirfd, (long)path, flags, mode, 0, 0); }
static inline long sys_open(const char *path, int flags, int mode)
{ return sys_openat(LX_AT_FDCWD, path, flags, mode); }
static inline long sys_close(int fd) { return rt_syscall(SYS_close, fd, 0, 0, 0, 0, 0); }
static inline long sys_read(int fd, void *b, size_t n) { return rt_syscall(SYS_read, fd, (long)b, n, 0, 0, 0); }
static inline long sys_write(int fd, const void *b, size_t n) { return rt_syscall(SYS_write, fd, (long)b, n, 0, 0, 0); }
static inline long sys_writev(int fd, const struct lx_iovec *v, int n) { return rt_syscall(SYS_writev, fd, (long)v, n, 0, 0, 0); }
static inline long sys_pread(int fd, void *b, size_t n, long off) { return rt_syscall(SYS_pread64, fd, (long)b, n, off, 0, 0); }
static inline long sys_pwrite(int fd, const void *b, size_t n, long off) { return rt_syscall(SYS_pwrite64, fd, (long)b, n, off, 0, 0); }
static inline long sys_lseek(int fd, long off, int whence) { return rt_syscall(SYS_lseek, fd, off, whence, 0, 0, 0); }
static inline long sys_fstat(int fd, struct lx_stat *st) { return rt_syscall(SYS_fstat, fd, (long)st, 0, 0, 0, 0); }
static inline long sys_fstatat(int dirfd, const char *p, struct lx_stat *st, int flags)
{ return rt_syscall(SYS_newfstatat, dirfd, (long)p, (long)st, flags, 0, 0); }
static inline long sys_faccessat(int dirfd, const char *p, int mode)
{ return rt_syscall(SYS_faccessat, dirfd, (long)p, mode, 0, 0, 0); }
static inline long sys_unlinkat(int dirfd, const char *p, int flags)
{ return rt_syscall(SYS_unlinkat, dirfd, (long)p, flags, 0, 0, 0); }
static inline long sys_getcwd(char *b, size_t n) { return rt_syscall(SYS_getcwd, (long)b, n, 0, 0, 0, 0); }
static inline long sys_brk(void *p) { return rt_syscall(SYS_brk, (long)p, 0, 0, 0, 0, 0); }
static inline long sys_mmap(void *a, size_t len, int prot, int flags, int fd, long off)
{ return rt_syscall(SYS_mmap, (long)a, len, prot, flags, fd, off); }
static inline long sys_munmap(void *a, size_t len) { return rt_syscall(SYS_munmap, (long)a, len, 0, 0, 0, 0); }
static inline long sys_clock_gettime(int clk, struct lx_timespec *ts) { return rt_syscall(SYS_clock_gettime, clk, (long)ts, 0, 0, 0, 0); }
static inline long sys_gettimeofday(struct lx_timeval *tv) { return rt_syscall(SYS_gettimeofday, (long)tv, 0, 0, 0, 0, 0); }
static inline long sys_getpid(void) { return rt_syscall(SYS_getpid, 0, 0, 0, 0, 0, 0); }
static inline long sys_uname(struct lx_utsname *u) { return rt_syscall(SYS_uname, (long)u, 0, 0, 0, 0, 0); }
static inline long sys_times(struct lx_tms *t) { return rt_syscall(SYS_times, (long)t, 0, 0, 0, 0, 0); }
__attribute__((noreturn)) void sys_exit_group(int code);

/* Flush the stdout/stderr buffers of the picolibc console streams. */
void rt_flush(void);

#endif
