//! What the guest asks of the outside world: the HTIF mailbox of bare-metal programs
//! and the proxy-kernel system calls of user-mode programs.

pub mod htif;
pub mod pk;

/// Linux errno values returned (negated) to the guest.
pub mod errno {
    pub const ENOENT: i64 = 2;
    pub const EBADF: i64 = 9;
    pub const ENOMEM: i64 = 12;
    pub const EACCES: i64 = 13;
    pub const EFAULT: i64 = 14;
    pub const EINVAL: i64 = 22;
    pub const ENOSYS: i64 = 38;
}
