//! The built-in proxy kernel: runs a static user-mode program the way riscv-pk does
//! and serves its Linux-numbered system calls on the host.
//!
//! Address space (riscv-pk with Sv39): user addresses run up to 2^38. The stack is
//! the top `min(DRAM pages / 32, 2048)` pages below that; the program break starts at
//! the page after the highest loaded byte; anonymous `mmap` takes the first free
//! range above the break. The initial stack is built as pk builds it: the program
//! headers at the very top, then the argument strings (argv[0] highest), then
//! `argc, argv[], NULL, envp[] (empty), NULL, auxv` 16-byte aligned at `sp`.
//! Time (`gettimeofday`, `clock_gettime`, `times`) is derived from the retired
//! instruction count at 1 GHz, as pk derives it from `rdcycle`, so runs are
//! deterministic.

use super::errno;
use super::files::{Files, SysResult};
use super::linux::{self, nr};
use super::sandbox::Sandbox;
use crate::loader::Program;
use crate::machine::{Hart, PRV_U};

/// Top of the user address space (riscv-pk: half of the Sv39 virtual range).
pub const USER_TOP: u64 = 1 << 38;
/// Lowest mapped user address: page 0 stays unmapped so null dereferences fault.
pub const USER_BASE: u64 = 0x1000;
const PAGE: u64 = 4096;
/// The simulated clock pk assumes: one instruction per nanosecond.
const CLOCK_HZ: u64 = 1_000_000_000;
/// Host buffer size for moving file data in and out of guest memory.
const CHUNK: usize = 1 << 20;

/// Size of the program-header copy at the top of the stack (pk's buffer).
const PHDR_AREA: usize = 1024;

const AT_NULL: u64 = 0;
const AT_PHDR: u64 = 3;
const AT_PHENT: u64 = 4;
const AT_PHNUM: u64 = 5;
const AT_PAGESZ: u64 = 6;
const AT_ENTRY: u64 = 9;
const AT_SECURE: u64 = 23;
const AT_RANDOM: u64 = 25;

const MAP_FIXED: u64 = 0x10;
const MAP_ANONYMOUS: u64 = 0x20;
const MAP_PRIVATE: u64 = 0x02;
const MREMAP_MAYMOVE: u64 = 1;

pub struct ProxyKernel {
    /// Current program break (page-rounded, as pk keeps it) and its bounds.
    pub brk: u64,
    brk_min: u64,
    brk_max: u64,
    /// Lowest address of the loaded image (page-aligned).
    image_lo: u64,
    /// The scratchpad window `[SV, SV + L·B)`.
    window: (u64, u64),
    /// Mapped ranges `[start, end)` other than the loaded image and the heap: the
    /// stack and every `mmap`, kept sorted.
    maps: Vec<(u64, u64)>,
    /// Where the next `mmap` search starts (pk's `vm_alloc_guess`).
    alloc_guess: u64,
    pub files: Files,
    /// Set when the guest calls exit/exit_group.
    pub exit_code: Option<i64>,
}

fn round_up(v: u64) -> u64 {
    v.div_ceil(PAGE) * PAGE
}

impl ProxyKernel {
    /// Builds the initial stack and points the hart at the program's entry in U-mode.
    /// `dram_size` (bytes of DRAM at 0x80000000) sizes the stack as pk does.
    pub fn start(
        hart: &mut Hart,
        prog: &Program,
        argv: &[String],
        dram_size: u64,
        sandbox: Sandbox,
    ) -> Result<ProxyKernel, String> {
        let brk_min = prog
            .segments
            .iter()
            .map(|s| s.vaddr + s.mem_size)
            .max()
            .unwrap_or(USER_BASE);
        let stack_pages = ((dram_size.min(USER_TOP) / PAGE) >> 5).clamp(1, 2048);
        let stack_bottom = USER_TOP - stack_pages * PAGE;
        let oops = |e: crate::machine::memory::MemFault| {
            format!("cannot build the stack at {:#x}", e.addr)
        };

        // pk copies its whole 1 KiB program-header buffer to the top of the stack.
        if prog.phdrs.len() > PHDR_AREA {
            return Err(format!(
                "{}: {} bytes of program headers do not fit pk's {PHDR_AREA}-byte buffer",
                prog.path.display(),
                prog.phdrs.len()
            ));
        }
        let mut area = prog.phdrs.clone();
        area.resize(PHDR_AREA, 0);
        let mut top = USER_TOP - PHDR_AREA as u64;
        hart.mem.write_bytes(top, &area).map_err(oops)?;
        let phdr = top;
        let mut ptrs = Vec::with_capacity(argv.len());
        for a in argv {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            top -= bytes.len() as u64;
            hart.mem.write_bytes(top, &bytes).map_err(oops)?;
            ptrs.push(top);
        }
        top &= !7;
        let phnum = prog.phdrs.len() as u64 / (prog.phent.max(1) as u64);
        let auxv = [
            (AT_ENTRY, prog.entry),
            (AT_PHNUM, phnum),
            (AT_PHENT, prog.phent as u64),
            (AT_PHDR, phdr),
            (AT_PAGESZ, PAGE),
            (AT_SECURE, 0),
            (AT_RANDOM, top),
            (AT_NULL, 0),
        ];
        let words = 1 + ptrs.len() + 1 + 1 + 2 * auxv.len();
        let sp = (top - 8 * words as u64) & !15;
        let mut w = vec![ptrs.len() as u64];
        w.extend(&ptrs);
        w.push(0); // argv[argc]
        w.push(0); // envp is empty
        for (k, v) in auxv {
            w.extend([k, v]);
        }
        let bytes: Vec<u8> = w.iter().flat_map(|v| v.to_le_bytes()).collect();
        hart.mem.write_bytes(sp, &bytes).map_err(oops)?;
        if sp < stack_bottom {
            return Err(format!(
                "the program arguments ({} bytes) do not fit the {} KiB user stack",
                USER_TOP - sp,
                stack_pages * 4
            ));
        }
        hart.x[2] = sp;
        hart.pc = prog.entry;
        hart.prv = PRV_U;
        // pk enables the FP (and vector) units for user programs.
        hart.csr.mstatus |= crate::machine::csr::mstatus::FS;
        let brk = round_up(brk_min);
        // The scratchpad window is never handed out by brk or mmap.
        let mut maps = vec![(stack_bottom, USER_TOP)];
        let mut brk_max = stack_bottom;
        let (sv, bytes) = (hart.npu.spad_base, round_up(hart.npu.spad_bytes()));
        if bytes > 0 && sv >= brk && sv + bytes <= stack_bottom {
            maps.insert(0, (sv - sv % PAGE, sv + bytes));
            brk_max = brk_max.min(sv - sv % PAGE);
        }
        Ok(ProxyKernel {
            brk,
            brk_min,
            window: (sv, sv.saturating_add(bytes)),
            image_lo: prog
                .segments
                .iter()
                .map(|s| s.vaddr)
                .min()
                .unwrap_or(USER_BASE)
                & !(PAGE - 1),
            brk_max,
            maps,
            alloc_guess: 0,
            files: Files::new(sandbox),
            exit_code: None,
        })
    }

    /// Serves the system call in a7 with arguments a0..a5; the result goes to a0.
    pub fn syscall(&mut self, hart: &mut Hart) {
        let n = hart.x[17];
        let a = [
            hart.x[10], hart.x[11], hart.x[12], hart.x[13], hart.x[14], hart.x[15],
        ];
        let ret = match self.dispatch(hart, n, a) {
            Ok(v) => v,
            Err(e) => e,
        };
        hart.x[10] = ret as u64;
    }

    fn dispatch(&mut self, hart: &mut Hart, n: u64, a: [u64; 6]) -> SysResult {
        let now = hart.instret;
        match n {
            nr::EXIT | nr::EXIT_GROUP => {
                self.exit_code = Some(a[0] as i64);
                Ok(0)
            }
            nr::READ => self.read(hart, a[0], a[1], a[2], None),
            nr::PREAD => self.read(hart, a[0], a[1], a[2], Some(a[3])),
            nr::WRITE => self.write(hart, a[0], a[1], a[2], None),
            nr::PWRITE => self.write(hart, a[0], a[1], a[2], Some(a[3])),
            nr::READV | nr::WRITEV => {
                let mut total = 0i64;
                for i in 0..a[2].min(1024) {
                    let base = guest_u64(hart, a[1] + 16 * i)?;
                    let len = guest_u64(hart, a[1] + 16 * i + 8)?;
                    let r = if n == nr::READV {
                        self.read(hart, a[0], base, len, None)?
                    } else {
                        self.write(hart, a[0], base, len, None)?
                    };
                    total += r;
                    if (r as u64) < len {
                        break;
                    }
                }
                Ok(total)
            }
            nr::OPENAT => {
                let path = self.at_path(hart, a[0], a[1])?;
                self.files.open(&path, a[2], a[3])
            }
            nr::OPEN => {
                let path = guest_str(hart, a[0])?;
                self.files.open(&path, a[1], a[2])
            }
            nr::CLOSE => self.files.close(a[0]),
            nr::LSEEK => self.files.lseek(a[0], a[1] as i64, a[2]),
            nr::FSTAT => {
                let m = self.files.fstat(a[0])?;
                put(hart, a[1], &linux::stat_bytes(m.as_ref()))
            }
            nr::FSTATAT | nr::STAT | nr::LSTAT => {
                let (path, buf, flags) = match n {
                    nr::FSTATAT => (self.at_path(hart, a[0], a[1])?, a[2], a[3]),
                    _ => (guest_str(hart, a[0])?, a[1], 0),
                };
                let m = if path.is_empty() && flags & linux::AT_EMPTY_PATH != 0 {
                    self.files.fstat(a[0])?
                } else {
                    Some(self.files.stat(&path)?)
                };
                put(hart, buf, &linux::stat_bytes(m.as_ref()))
            }
            nr::STATX => {
                let path = guest_str(hart, a[1])?;
                let m = if path.is_empty() && a[2] & linux::AT_EMPTY_PATH != 0 {
                    self.files.fstat(a[0])?
                } else {
                    let path = self.at_path(hart, a[0], a[1])?;
                    Some(self.files.stat(&path)?)
                };
                put(hart, a[4], &linux::statx_bytes(m.as_ref()))
            }
            nr::FACCESSAT => {
                let path = self.at_path(hart, a[0], a[1])?;
                self.files.access(&path, a[2])
            }
            nr::ACCESS => {
                let path = guest_str(hart, a[0])?;
                self.files.access(&path, a[1])
            }
            nr::UNLINKAT => {
                let path = self.at_path(hart, a[0], a[1])?;
                self.files.unlink(&path)
            }
            nr::UNLINK => {
                let path = guest_str(hart, a[0])?;
                self.files.unlink(&path)
            }
            nr::GETCWD => {
                let mut cwd = self.files.cwd().to_string_lossy().into_owned().into_bytes();
                cwd.push(0);
                if (a[1] as usize) < cwd.len() {
                    return Err(-errno::ERANGE);
                }
                put(hart, a[0], &cwd)?;
                Ok(cwd.len() as i64)
            }
            nr::FCNTL => match a[1] {
                1..=4 => Ok(0), // F_GETFD, F_SETFD, F_GETFL, F_SETFL
                _ => Err(-errno::EINVAL),
            },
            nr::BRK => Ok(self.brk(hart, a[0])),
            nr::MMAP => self.mmap(hart, a),
            nr::MUNMAP => self.munmap(hart, a[0], a[1]),
            nr::MREMAP => self.mremap(hart, a[0], a[1], a[2], a[3]),
            nr::MPROTECT | nr::RT_SIGACTION | nr::RT_SIGPROCMASK => {
                if n == nr::RT_SIGACTION && a[2] != 0 {
                    put(hart, a[2], &[0; 24])?;
                }
                Ok(0)
            }
            nr::GETTIMEOFDAY => {
                let tv = [now / CLOCK_HZ, (now % CLOCK_HZ) / 1000];
                put(hart, a[0], &words(&tv))
            }
            nr::CLOCK_GETTIME => {
                let ts = [now / CLOCK_HZ, now % CLOCK_HZ];
                put(hart, a[1], &words(&ts))
            }
            nr::TIMES => {
                put(hart, a[0], &words(&[now / 1000, 0, 0, 0]))?;
                Ok(0)
            }
            nr::UNAME => put(hart, a[0], &linux::utsname_bytes()),
            nr::GETRANDOM => {
                // pk's deterministic generator (a Knuth LCG seeded from the cycle count).
                let mut r = now;
                let mut out = Vec::with_capacity(a[1].min(1 << 20) as usize + 8);
                while out.len() < a[1].min(1 << 20) as usize {
                    r = r
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    out.extend_from_slice(&r.to_le_bytes());
                }
                out.truncate(a[1].min(1 << 20) as usize);
                put(hart, a[0], &out)?;
                Ok(out.len() as i64)
            }
            nr::GETPID | nr::GETUID | nr::GETEUID | nr::GETGID | nr::GETEGID | nr::GETTID => Ok(0),
            nr::SET_TID_ADDRESS => Ok(1),
            _ => {
                eprintln!(
                    "npu-spike: warning: unimplemented syscall {n} at pc {:#x}; returning -ENOSYS",
                    hart.pc.wrapping_sub(4)
                );
                Err(-errno::ENOSYS)
            }
        }
    }

    /// The path argument of an `*at` call: relative paths are taken against the
    /// working directory (AT_FDCWD) or an open directory.
    fn at_path(&mut self, hart: &mut Hart, dirfd: u64, ptr: u64) -> Result<String, i64> {
        let path = guest_str(hart, ptr)?;
        if path.starts_with('/') || dirfd as i64 == linux::AT_FDCWD {
            return Ok(path);
        }
        Err(-errno::EBADF)
    }

    /// Whether `[addr, addr + len)` lies in memory the guest has mapped: its image and
    /// heap, the stack, its `mmap`s and the scratchpad window. A buffer anywhere else
    /// is `EFAULT`, as under pk (where the page would not be mapped); this also keeps
    /// a wild length from walking (and allocating) the whole address space.
    fn mapped(&self, addr: u64, len: u64) -> bool {
        let Some(end) = addr.checked_add(len) else {
            return false;
        };
        if len == 0 {
            return true;
        }
        let mut ranges: Vec<(u64, u64)> = self.maps.clone();
        ranges.push((self.image_lo, self.brk.max(round_up(self.brk_min))));
        ranges.push(self.window);
        ranges.sort_unstable();
        // Walk the sorted ranges, extending coverage from addr while they touch.
        let mut covered = addr;
        for (s, e) in ranges {
            if s <= covered && e > covered {
                covered = e;
                if covered >= end {
                    return true;
                }
            }
        }
        covered >= end
    }

    fn read(&mut self, hart: &mut Hart, fd: u64, buf: u64, len: u64, at: Option<u64>) -> SysResult {
        if !self.mapped(buf, len) {
            return Err(-errno::EFAULT);
        }
        let mut done = 0u64;
        let mut host = vec![0u8; (len as usize).min(CHUNK)];
        while done < len {
            let n = ((len - done) as usize).min(CHUNK);
            let got = self.files.read(fd, &mut host[..n], at.map(|o| o + done))?;
            if got == 0 {
                break;
            }
            put(hart, buf + done, &host[..got as usize])?;
            done += got as u64;
            if (got as usize) < n && at.is_none() && fd == 0 {
                break; // a console read returns what is there
            }
        }
        Ok(done as i64)
    }

    fn write(
        &mut self,
        hart: &mut Hart,
        fd: u64,
        buf: u64,
        len: u64,
        at: Option<u64>,
    ) -> SysResult {
        if !self.mapped(buf, len) {
            return Err(-errno::EFAULT);
        }
        let mut done = 0u64;
        let mut host = vec![0u8; (len as usize).min(CHUNK)];
        while done < len {
            let n = ((len - done) as usize).min(CHUNK);
            hart.mem
                .read_bytes(buf + done, &mut host[..n])
                .map_err(|_| -errno::EFAULT)?;
            self.files.write(fd, &host[..n], at.map(|o| o + done))?;
            done += n as u64;
        }
        Ok(done as i64)
    }

    /// pk's `brk`: out-of-range requests return the current break unchanged.
    fn brk(&mut self, hart: &mut Hart, addr: u64) -> i64 {
        if addr < self.brk_min || addr > self.brk_max {
            return self.brk as i64;
        }
        let new = round_up(addr);
        if new < self.brk {
            hart.mem.zero_range(new, self.brk - new);
        }
        self.brk = new;
        addr as i64
    }

    fn overlaps(&self, start: u64, end: u64) -> bool {
        start < self.brk || self.maps.iter().any(|&(s, e)| start < e && s < end)
    }

    fn mmap(&mut self, hart: &mut Hart, a: [u64; 6]) -> SysResult {
        let (addr, len, flags, fd, off) = (a[0], a[1], a[3], a[4], a[5]);
        if flags & MAP_PRIVATE == 0 || len == 0 || !off.is_multiple_of(PAGE) {
            return Err(-errno::EINVAL);
        }
        if len > USER_TOP {
            return Err(-errno::ENOMEM);
        }
        if flags & MAP_ANONYMOUS == 0 {
            self.files.fstat(fd)?; // a bad descriptor fails before anything is mapped
        }
        let size = round_up(len);
        let start = if flags & MAP_FIXED != 0 {
            if addr % PAGE != 0
                || addr < USER_BASE
                || addr.checked_add(size).is_none_or(|e| e > USER_TOP)
            {
                return Err(-errno::EINVAL);
            }
            self.unmap(hart, addr, size);
            addr
        } else {
            let from = if self.alloc_guess != 0 {
                self.alloc_guess
            } else {
                self.brk
            };
            self.find_free(from, size)
                .or_else(|| self.find_free(self.brk, size))
                .ok_or(-errno::ENOMEM)?
        };
        let pos = self.maps.partition_point(|&(s, _)| s < start);
        self.maps.insert(pos, (start, start + size));
        self.alloc_guess = start + size;
        if start < self.brk_max {
            self.brk_max = start;
        }
        if flags & MAP_ANONYMOUS == 0 {
            // A private file mapping: a copy of the file's bytes (the rest stays zero).
            let mut buf = vec![0u8; (len as usize).min(CHUNK)];
            let mut done = 0u64;
            while done < len {
                let n = ((len - done) as usize).min(CHUNK);
                let got = self.files.read(fd, &mut buf[..n], Some(off + done))?;
                if got == 0 {
                    break;
                }
                put(hart, start + done, &buf[..got as usize])?;
                done += got as u64;
            }
        }
        Ok(start as i64)
    }

    /// First page-aligned gap of `size` bytes at or above `from`, below the stack.
    fn find_free(&self, from: u64, size: u64) -> Option<u64> {
        let mut cand = round_up(from.max(self.brk));
        for &(s, e) in &self.maps {
            if e <= cand {
                continue;
            }
            if cand.checked_add(size)? <= s {
                return Some(cand);
            }
            cand = e;
        }
        (cand.checked_add(size)? <= USER_TOP).then_some(cand)
    }

    fn unmap(&mut self, hart: &mut Hart, start: u64, size: u64) {
        let end = start + size;
        hart.mem.zero_range(start, size);
        let mut kept = Vec::with_capacity(self.maps.len() + 1);
        for &(s, e) in &self.maps {
            if e <= start || s >= end {
                kept.push((s, e));
                continue;
            }
            if s < start {
                kept.push((s, start));
            }
            if e > end {
                kept.push((end, e));
            }
        }
        self.maps = kept;
    }

    fn munmap(&mut self, hart: &mut Hart, addr: u64, len: u64) -> SysResult {
        if !addr.is_multiple_of(PAGE) || addr.checked_add(len).is_none_or(|e| e > USER_TOP) {
            return Err(-errno::EINVAL);
        }
        self.unmap(hart, addr, round_up(len));
        Ok(0)
    }

    fn mremap(
        &mut self,
        hart: &mut Hart,
        old: u64,
        old_len: u64,
        new_len: u64,
        flags: u64,
    ) -> SysResult {
        // An old address beyond user space is refused before any address arithmetic
        // (old + size could wrap; found by the libFuzzer syscalls target).
        if !old.is_multiple_of(PAGE)
            || new_len == 0
            || old > USER_TOP
            || old_len > USER_TOP
            || new_len > USER_TOP
        {
            return Err(-errno::EINVAL);
        }
        let (old_size, new_size) = (round_up(old_len), round_up(new_len));
        if new_size <= old_size {
            self.unmap(hart, old + new_size, old_size - new_size);
            return Ok(old as i64);
        }
        if !self.overlaps(old + old_size, old + new_size) {
            let i = self.maps.iter().position(|&(s, e)| s <= old && old < e);
            if let Some(i) = i
                && self.maps[i].1 == old + old_size
            {
                self.maps[i].1 = old + new_size;
                return Ok(old as i64);
            }
        }
        if flags & MREMAP_MAYMOVE == 0 {
            return Err(-errno::ENOMEM);
        }
        let new = self.mmap(hart, [0, new_size, 3, MAP_PRIVATE | MAP_ANONYMOUS, 0, 0])? as u64;
        let mut buf = vec![0u8; (old_size as usize).min(CHUNK)];
        let mut done = 0u64;
        while done < old_size {
            let n = ((old_size - done) as usize).min(CHUNK);
            hart.mem
                .read_bytes(old + done, &mut buf[..n])
                .map_err(|_| -errno::EFAULT)?;
            put(hart, new + done, &buf[..n])?;
            done += n as u64;
        }
        self.unmap(hart, old, old_size);
        Ok(new as i64)
    }
}

/// Copies `bytes` to guest address `addr`; 0 or -EFAULT.
fn put(hart: &mut Hart, addr: u64, bytes: &[u8]) -> SysResult {
    hart.mem
        .write_bytes(addr, bytes)
        .map(|_| 0)
        .map_err(|_| -errno::EFAULT)
}

fn words(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn guest_u64(hart: &mut Hart, addr: u64) -> Result<u64, i64> {
    hart.mem.load::<u64>(addr).map_err(|_| -errno::EFAULT)
}

/// A NUL-terminated guest string (paths: at most 4096 bytes, like PATH_MAX).
fn guest_str(hart: &mut Hart, addr: u64) -> Result<String, i64> {
    let mut out = Vec::new();
    for i in 0..4096 {
        let b = hart.mem.load::<u8>(addr + i).map_err(|_| -errno::EFAULT)?;
        if b == 0 {
            return String::from_utf8(out).map_err(|_| -errno::EINVAL);
        }
        out.push(b);
    }
    Err(-errno::ENAMETOOLONG)
}
