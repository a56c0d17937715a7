//! Spike's host-target interface: the guest writes a command to `tohost` and the host
//! answers through `fromhost`. Device 0 is the syscall proxy (exit codes and a
//! `magic_mem` syscall block), device 1 the console.

use super::errno;
use crate::machine::Hart;
use std::io::Write;

pub struct Htif {
    pub tohost: u64,
    pub fromhost: Option<u64>,
    /// Exit code once the guest has reported one.
    pub exit_code: Option<u64>,
}

const SYS_WRITE: u64 = 64;
const SYS_EXIT: u64 = 93;

impl Htif {
    pub fn new(tohost: u64, fromhost: Option<u64>) -> Htif {
        Htif {
            tohost,
            fromhost,
            exit_code: None,
        }
    }

    /// Handles a pending `tohost` command, if any. Returns the exit code once the
    /// program has finished.
    pub fn poll(&mut self, hart: &mut Hart) -> Option<u64> {
        let cmd: u64 = hart.mem.load(self.tohost).ok()?;
        if cmd == 0 {
            return None;
        }
        let _ = hart.mem.store::<u64>(self.tohost, 0);
        let device = cmd >> 56;
        let command = (cmd >> 48) & 0xff;
        let payload = cmd & 0xffff_ffff_ffff;
        let response = match (device, command) {
            (0, 0) if payload & 1 != 0 => {
                self.exit_code = Some(payload >> 1);
                return self.exit_code;
            }
            (0, 0) => {
                self.syscall(hart, payload);
                if self.exit_code.is_some() {
                    return self.exit_code;
                }
                1
            }
            (1, 1) => {
                let mut out = std::io::stdout().lock();
                let _ = out.write_all(&[payload as u8]);
                let _ = out.flush();
                0x100 | (payload & 0xff)
            }
            // Console reads and unknown devices get no answer, as in Spike.
            _ => return None,
        };
        if let Some(fh) = self.fromhost {
            let _ = hart
                .mem
                .store::<u64>(fh, (device << 56) | (command << 48) | response);
        }
        None
    }

    /// A syscall block at `addr`: [number, a0, a1, ...]; the result goes back into word 0.
    fn syscall(&mut self, hart: &mut Hart, addr: u64) {
        let mut args = [0u64; 8];
        for (k, a) in args.iter_mut().enumerate() {
            *a = hart.mem.load(addr + 8 * k as u64).unwrap_or(0);
        }
        let ret: i64 = match args[0] {
            SYS_WRITE => {
                let (fd, buf, len) = (args[1], args[2], args[3].min(1 << 24) as usize);
                let mut data = vec![0u8; len];
                if hart.mem.read_bytes(buf, &mut data).is_err() {
                    -errno::EFAULT
                } else {
                    let ok = match fd {
                        1 => std::io::stdout().lock().write_all(&data).is_ok(),
                        2 => std::io::stderr().lock().write_all(&data).is_ok(),
                        _ => false,
                    };
                    if ok { len as i64 } else { -errno::EBADF }
                }
            }
            SYS_EXIT => {
                self.exit_code = Some(args[1]);
                0
            }
            _ => -errno::ENOSYS,
        };
        let _ = hart.mem.store::<u64>(addr, ret as u64);
    }
}

/// Writes the `begin_signature`..`end_signature` region as Spike's `+signature=FILE`
/// does: `granularity` bytes per line, most significant byte first, in hex.
pub fn signature_text(bytes: &[u8], granularity: usize) -> String {
    let mut s = String::new();
    let g = granularity.max(1);
    let mut i = 0;
    while i < bytes.len() {
        for j in (1..=g).rev() {
            let b = if i + j <= bytes.len() {
                bytes[i + j - 1]
            } else {
                0
            };
            s.push_str(&format!("{b:02x}"));
        }
        s.push('\n');
        i += g;
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn signature_lines_are_little_endian_words_printed_big_endian() {
        let bytes = [0x01, 0x02, 0x03, 0x04, 0xaa, 0xbb, 0xcc, 0xdd];
        assert_eq!(super::signature_text(&bytes, 4), "04030201\nddccbbaa\n");
        assert_eq!(
            super::signature_text(&bytes[..6], 4),
            "04030201\n0000bbaa\n"
        );
    }
}
