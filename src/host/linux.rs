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

/// What `stat` reports of a file: a host file's metadata, or a file the caller
/// serves from memory (a regular file of `size` bytes, mode 0644).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileStat {
    pub dev: u64,
    pub ino: u64,
    pub mode: u32,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
    pub rdev: u64,
    pub size: u64,
    pub blksize: u64,
    pub blocks: u64,
    /// (seconds, nanoseconds) of the last access, modification and status change.
    pub atime: (i64, i64),
    pub mtime: (i64, i64),
    pub ctime: (i64, i64),
}

impl From<&Metadata> for FileStat {
    fn from(m: &Metadata) -> FileStat {
        FileStat {
            dev: m.dev(),
            ino: m.ino(),
            mode: m.mode(),
            nlink: m.nlink(),
            uid: m.uid(),
            gid: m.gid(),
            rdev: m.rdev(),
            size: m.size(),
            blksize: m.blksize(),
            blocks: m.blocks(),
            atime: (m.atime(), m.atime_nsec()),
            mtime: (m.mtime(), m.mtime_nsec()),
            ctime: (m.ctime(), m.ctime_nsec()),
        }
    }
}

impl FileStat {
    /// A regular file of `size` bytes held in memory.
    pub fn memory(size: u64) -> FileStat {
        FileStat {
            mode: S_IFREG | 0o644,
            nlink: 1,
            size,
            blksize: 4096,
            blocks: size.div_ceil(512),
            ..FileStat::default()
        }
    }

    /// Whether this is a directory.
    pub fn is_dir(&self) -> bool {
        self.mode & S_IFMT == S_IFDIR
    }
}

const S_IFMT: u32 = 0o170000;
const S_IFDIR: u32 = 0o040000;
const S_IFREG: u32 = 0o100000;

/// `struct stat` (asm-generic, 128 bytes) of a file (`None`: the console).
pub fn stat_bytes(m: Option<&FileStat>) -> [u8; 128] {
    let mut b = [0u8; 128];
    let mut put =
        |off: usize, v: u64, n: usize| b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
    match m {
        Some(m) => {
            put(0, m.dev, 8);
            put(8, m.ino, 8);
            put(16, m.mode as u64, 4);
            put(20, m.nlink, 4);
            put(24, m.uid as u64, 4);
            put(28, m.gid as u64, 4);
            put(32, m.rdev, 8);
            put(48, m.size, 8);
            put(56, m.blksize, 4);
            put(64, m.blocks, 8);
            put(72, m.atime.0 as u64, 8);
            put(80, m.atime.1 as u64, 8);
            put(88, m.mtime.0 as u64, 8);
            put(96, m.mtime.1 as u64, 8);
            put(104, m.ctime.0 as u64, 8);
            put(112, m.ctime.1 as u64, 8);
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
pub fn statx_bytes(m: Option<&FileStat>) -> [u8; 256] {
    let mut b = [0u8; 256];
    let mut put =
        |off: usize, v: u64, n: usize| b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
    const STATX_BASIC_STATS: u64 = 0x7ff;
    put(0, STATX_BASIC_STATS, 4);
    match m {
        Some(m) => {
            put(4, m.blksize, 4);
            put(16, m.nlink, 4);
            put(20, m.uid as u64, 4);
            put(24, m.gid as u64, 4);
            put(28, m.mode as u64, 2);
            put(32, m.ino, 8);
            put(40, m.size, 8);
            put(48, m.blocks, 8);
            for (off, (s, ns)) in [(64, m.atime), (96, m.ctime), (112, m.mtime)] {
                put(off, s as u64, 8);
                put(off + 8, ns as u64, 4);
            }
            put(128, libc_major(m.rdev), 4);
            put(132, libc_minor(m.rdev), 4);
            put(136, libc_major(m.dev), 4);
            put(140, libc_minor(m.dev), 4);
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
