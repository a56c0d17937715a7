//! What the guest asks of the outside world: the HTIF mailbox of bare-metal programs
//! and the proxy-kernel system calls of user-mode programs, with their files confined
//! to the runtime directory and outputs committed whole.

pub mod files;
pub mod htif;
pub mod linux;
pub mod pk;
pub mod runtime;
pub mod sandbox;

/// Linux errno values returned (negated) to the guest.
pub mod errno {
    pub const EPERM: i64 = 1;
    pub const ENOENT: i64 = 2;
    pub const EIO: i64 = 5;
    pub const EBADF: i64 = 9;
    pub const ENOMEM: i64 = 12;
    pub const EACCES: i64 = 13;
    pub const EFAULT: i64 = 14;
    pub const EEXIST: i64 = 17;
    pub const ENOTDIR: i64 = 20;
    pub const EISDIR: i64 = 21;
    pub const EINVAL: i64 = 22;
    pub const ESPIPE: i64 = 29;
    pub const ERANGE: i64 = 34;
    pub const ENAMETOOLONG: i64 = 36;
    pub const ENOSYS: i64 = 38;

    /// The errno of a host I/O error (the host is Linux, so the numbers agree;
    /// anything without one becomes EIO).
    pub fn from_io(e: &std::io::Error) -> i64 {
        e.raw_os_error().map_or(EIO, |n| n as i64)
    }
}
