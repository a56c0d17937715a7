//! The Linux riscv64 user ABI as the proxy kernel presents it: system call numbers,
//! open flags, and the byte layouts of `struct stat`, `struct statx`, `struct utsname`.

use std::fs::Metadata;
use std::os::unix::fs::MetadataExt;

/// System call numbers (Linux generic numbering, plus pk's legacy ones >= 1024).
pub mod nr {
    pub const GETCWD: u64 = 17;
    pub const FCNTL: u64 = 25;
    pub const UNLINKAT: u64 = 35;
    pub const FACCESSAT: u64 = 48;
    pub const OPENAT: u64 = 56;
    pub const CLOSE: u64 = 57;
    pub const LSEEK: u64 = 62;
    pub const READ: u64 = 63;
    pub const WRITE: u64 = 64;
    pub const READV: u64 = 65;
    pub const WRITEV: u64 = 66;
    pub const PREAD: u64 = 67;
    pub const PWRITE: u64 = 68;
    pub const FSTATAT: u64 = 79;
    pub const FSTAT: u64 = 80;
    pub const EXIT: u64 = 93;
    pub const EXIT_GROUP: u64 = 94;
    pub const SET_TID_ADDRESS: u64 = 96;
    pub const CLOCK_GETTIME: u64 = 113;
    pub const RT_SIGACTION: u64 = 134;
    pub const RT_SIGPROCMASK: u64 = 135;
    pub const TIMES: u64 = 153;
    pub const UNAME: u64 = 160;
    pub const GETTIMEOFDAY: u64 = 169;
    pub const GETPID: u64 = 172;
    pub const GETUID: u64 = 174;
    pub const GETEUID: u64 = 175;
    pub const GETGID: u64 = 176;
    pub const GETEGID: u64 = 177;
    pub const GETTID: u64 = 178;
    pub const BRK: u64 = 214;
    pub const MUNMAP: u64 = 215;
    pub const MREMAP: u64 = 216;
    pub const MMAP: u64 = 222;
    pub const MPROTECT: u64 = 226;
    pub const GETRANDOM: u64 = 278;
    pub const STATX: u64 = 291;
    pub const OPEN: u64 = 1024;
    pub const UNLINK: u64 = 1026;
    pub const ACCESS: u64 = 1033;
    pub const STAT: u64 = 1038;
    pub const LSTAT: u64 = 1039;
}

pub const O_RDONLY: u64 = 0;
pub const O_WRONLY: u64 = 1;
pub const O_ACCMODE: u64 = 3;
pub const O_CREAT: u64 = 0x40;
pub const O_EXCL: u64 = 0x80;
pub const O_TRUNC: u64 = 0x200;
pub const O_APPEND: u64 = 0x400;

pub const AT_FDCWD: i64 = -100;
pub const AT_EMPTY_PATH: u64 = 0x1000;

const S_IFCHR: u32 = 0o020000;

/// `struct stat` (asm-generic, 128 bytes) of a host file.
pub fn stat_bytes(m: Option<&Metadata>) -> [u8; 128] {
    let mut b = [0u8; 128];
    let mut put =
        |off: usize, v: u64, n: usize| b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
    match m {
        Some(m) => {
            put(0, m.dev(), 8);
            put(8, m.ino(), 8);
            put(16, m.mode() as u64, 4);
            put(20, m.nlink(), 4);
            put(24, m.uid() as u64, 4);
            put(28, m.gid() as u64, 4);
            put(32, m.rdev(), 8);
            put(48, m.size(), 8);
            put(56, m.blksize(), 4);
            put(64, m.blocks(), 8);
            put(72, m.atime() as u64, 8);
            put(80, m.atime_nsec() as u64, 8);
            put(88, m.mtime() as u64, 8);
            put(96, m.mtime_nsec() as u64, 8);
            put(104, m.ctime() as u64, 8);
            put(112, m.ctime_nsec() as u64, 8);
        }
        // The console: a character device, as a terminal would report.
        None => {
            put(16, (S_IFCHR | 0o620) as u64, 4);
            put(20, 1, 4);
            put(56, 1024, 4);
        }
    }
    b
}

/// `struct statx` (256 bytes) with the basic fields (mask STATX_BASIC_STATS).
pub fn statx_bytes(m: Option<&Metadata>) -> [u8; 256] {
    let mut b = [0u8; 256];
    let mut put =
        |off: usize, v: u64, n: usize| b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
    const STATX_BASIC_STATS: u64 = 0x7ff;
    put(0, STATX_BASIC_STATS, 4);
    match m {
        Some(m) => {
            put(4, m.blksize(), 4);
            put(16, m.nlink(), 4);
            put(20, m.uid() as u64, 4);
            put(24, m.gid() as u64, 4);
            put(28, m.mode() as u64, 2);
            put(32, m.ino(), 8);
            put(40, m.size(), 8);
            put(48, m.blocks(), 8);
            for (off, s, ns) in [
                (64, m.atime(), m.atime_nsec()),
                (96, m.ctime(), m.ctime_nsec()),
                (112, m.mtime(), m.mtime_nsec()),
            ] {
                put(off, s as u64, 8);
                put(off + 8, ns as u64, 4);
            }
            put(128, libc_major(m.rdev()), 4);
            put(132, libc_minor(m.rdev()), 4);
            put(136, libc_major(m.dev()), 4);
            put(140, libc_minor(m.dev()), 4);
        }
        None => {
            put(4, 1024, 4);
            put(16, 1, 4);
            put(28, (S_IFCHR | 0o620) as u64, 2);
        }
    }
    b
}

fn libc_major(dev: u64) -> u64 {
    ((dev >> 32) & 0xffff_f000) | ((dev >> 8) & 0xfff)
}

fn libc_minor(dev: u64) -> u64 {
    ((dev >> 12) & 0xffff_ff00) | (dev & 0xff)
}

/// `struct utsname` as riscv-pk fills it (six 65-byte fields).
pub fn utsname_bytes() -> [u8; 390] {
    let mut b = [0u8; 390];
    for (i, s) in ["Proxy Kernel", "", "4.15.0", "", "", ""]
        .iter()
        .enumerate()
    {
        b[i * 65..i * 65 + s.len()].copy_from_slice(s.as_bytes());
    }
    b
}
