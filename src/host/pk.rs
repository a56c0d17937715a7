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
use crate::machine::memory::{MapError, UserMap, prot};
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
const MAP_POPULATE: u64 = 0x8000;
const MREMAP_MAYMOVE: u64 = 1;

pub struct ProxyKernel {
    /// Current program break (page-rounded, as pk keeps it) and its bounds.
    pub brk: u64,
    brk_min: u64,
    brk_max: u64,
    /// The scratchpad window `[SV, SV + L·B)` page-rounded: brk and mmap never
    /// hand it out (data accesses there bypass the user map anyway).
    window: (u64, u64),
    /// Where the next `mmap` search starts (pk's `vm_alloc_guess`: the end of the
    /// last mapping pk made, the stack's first).
    alloc_guess: u64,
    pub files: Files,
    /// Set when the guest calls exit/exit_group.
    pub exit_code: Option<i64>,
}

fn round_up(v: u64) -> u64 {
    v.div_ceil(PAGE) * PAGE
}

const fn page(a: u64) -> u64 {
    a / PAGE
}

/// pk's `get_prot`: ELF p_flags (X 1, W 2, R 4) to PROT_* bits.
fn elf_prot(flags: u32) -> u8 {
    let mut p = 0;
    if flags & 1 != 0 {
        p |= prot::EXEC;
    }
    if flags & 2 != 0 {
        p |= prot::WRITE;
    }
    if flags & 4 != 0 {
        p |= prot::READ;
    }
    p
}

/// The user address space riscv-pk's `load_elf` and `run_loaded_program` set up,
/// in pk's order: the PT_LOAD segments from the last to the first (later ones
/// replace earlier ones' pages where they share a page), each as
/// * its file bytes, from the page holding `p_vaddr` to the end of the page holding
///   the last file byte, mapped with the segment's protection plus write (and
///   populated when `p_vaddr` is not page-aligned, pk's MAP_POPULATE);
/// * the rest of `p_memsz` (the bss beyond that page) as an anonymous mapping with
///   the segment's protection, starting at the next page boundary, so that a
///   segment with no file bytes and an unaligned start leaves its first page
///   unmapped, as under pk;
/// * then, for a segment without write permission, `mprotect` of
///   `[p_vaddr & ~4095, p_vaddr + p_memsz)` to its protection;
///
/// then the stack, `[stack_bottom, USER_TOP)` read+write+execute.
fn pk_user_map(prog: &Program, stack_bottom: u64, window: (u64, u64)) -> Result<UserMap, String> {
    let mut map = UserMap::new(window);
    let flags = prog.segment_flags();
    for (s, &f) in prog.segments.iter().zip(&flags).rev() {
        let p = elf_prot(f);
        let prepad = s.vaddr % PAGE;
        let filesz = s.data.len() as u64;
        let start = s.vaddr - prepad;
        if filesz != 0 {
            map.map(
                page(start),
                page(round_up(s.vaddr + filesz)),
                p | prot::WRITE,
            );
            if prepad != 0 {
                map.touch(page(start), page(round_up(s.vaddr + filesz)));
            }
        }
        // pk zeroes the bytes before p_vaddr in its first page (`memset_user`); a
        // segment with no file bytes and an unaligned start has not mapped that
        // page, and pk's loader itself faults there.
        if prepad != 0 && !map.all_mapped(page(start), page(start) + 1) {
            eprintln!(
                "npu-spike: warning: {}: riscv-pk cannot load this program: segment {:#x}..{:#x} has no file bytes and does not start on a page boundary, so pk leaves page {start:#x} unmapped and its loader faults there (Spike + pk end with `Kernel store segfault @ 0x{start:016x}`, status 255); npu-spike maps the page with the segment's protection and runs it",
                prog.path.display(),
                s.vaddr,
                s.vaddr + s.mem_size
            );
            map.map(page(start), page(start) + 1, p);
        }
        let mapped = round_up(filesz + prepad) - prepad;
        if s.mem_size > mapped {
            map.map(
                page(s.vaddr + mapped),
                page(round_up(s.vaddr + s.mem_size)),
                p,
            );
        }
        if p & prot::WRITE == 0
            && map
                .protect(page(start), page(round_up(s.vaddr + s.mem_size)), p)
                .is_err()
        {
            return Err(format!(
                "{}: segment at {:#x}..{:#x} cannot be mapped as riscv-pk maps it (part of it is not mapped)",
                prog.path.display(),
                s.vaddr,
                s.vaddr + s.mem_size
            ));
        }
    }
    map.map(page(stack_bottom), page(USER_TOP), prot::ALL);
    Ok(map)
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
        let (sv, spad) = (hart.npu.spad_base, hart.npu.spad_bytes());
        let mut map = pk_user_map(prog, stack_bottom, (sv, sv.saturating_add(spad)))?;
        // A program built in memory (no program headers: the fuzz and unit-test
        // harnesses) keeps the unprotected memory it was written for.
        map.open = prog.phdrs.is_empty();
        hart.mem.set_user_map(map);

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
        hart.mem.kernel_write(top, &area).map_err(oops)?;
        let phdr = top;
        let mut ptrs = Vec::with_capacity(argv.len());
        for a in argv {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            top -= bytes.len() as u64;
            hart.mem.kernel_write(top, &bytes).map_err(oops)?;
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
        if sp < stack_bottom {
            return Err(format!(
                "the program arguments ({} bytes) do not fit the {} KiB user stack",
                USER_TOP - sp,
                stack_pages * 4
            ));
        }
        hart.mem.kernel_write(sp, &bytes).map_err(oops)?;
        hart.x[2] = sp;
        hart.pc = prog.entry;
        hart.prv = PRV_U;
        // pk enables the FP (and vector) units for user programs.
        hart.csr.mstatus |= crate::machine::csr::mstatus::FS;
        let brk = round_up(brk_min);
        // The scratchpad window is never handed out by brk or mmap.
        let mut brk_max = stack_bottom;
        let window = (sv - sv % PAGE, round_up(sv.saturating_add(spad)));
        if spad > 0 && window.0 >= brk && window.1 <= stack_bottom {
            brk_max = brk_max.min(window.0);
        }
        Ok(ProxyKernel {
            brk,
            brk_min,
            window: if spad > 0 { window } else { (0, 0) },
            brk_max,
            alloc_guess: USER_TOP,
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
            nr::MPROTECT => self.mprotect(hart, a[0], a[1], a[2]),
            nr::RT_SIGACTION | nr::RT_SIGPROCMASK => {
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

    /// Whether `[addr, addr + len)` lies in memory the guest has mapped (any
    /// protection) or in the scratchpad window. A buffer anywhere else is `EFAULT`;
    /// this also keeps a wild length from walking (and allocating) the whole
    /// address space.
    fn mapped(&self, hart: &Hart, addr: u64, len: u64) -> bool {
        let Some(end) = addr.checked_add(len) else {
            return false;
        };
        if len == 0 {
            return true;
        }
        let Some(map) = hart.mem.user_map() else {
            return false;
        };
        if map.open {
            // No protection, but no wild length either.
            return end <= USER_TOP && len <= 1 << 32;
        }
        let (w0, w1) = (
            hart.npu.spad_base,
            hart.npu.spad_base.saturating_add(hart.npu.spad_bytes()),
        );
        let mut p = page(addr);
        while p <= page(end - 1) {
            let (lo, hi) = (p * PAGE, p * PAGE + PAGE);
            let in_window = lo.max(addr) >= w0 && hi.min(end) <= w1;
            if !in_window && !map.all_mapped(p, p + 1) {
                return false;
            }
            p += 1;
        }
        true
    }

    fn read(&mut self, hart: &mut Hart, fd: u64, buf: u64, len: u64, at: Option<u64>) -> SysResult {
        if !self.mapped(hart, buf, len) {
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
        if !self.mapped(hart, buf, len) {
            return Err(-errno::EFAULT);
        }
        let mut done = 0u64;
        let mut host = vec![0u8; (len as usize).min(CHUNK)];
        while done < len {
            let n = ((len - done) as usize).min(CHUNK);
            hart.mem
                .kernel_read(buf + done, &mut host[..n])
                .map_err(|_| -errno::EFAULT)?;
            self.files.write(fd, &host[..n], at.map(|o| o + done))?;
            done += n as u64;
        }
        Ok(done as i64)
    }

    /// pk's `brk`: out-of-range requests return the current break unchanged; the
    /// heap grows by a read+write+execute mapping (pk maps it with prot -1) and
    /// shrinks by unmapping.
    fn brk(&mut self, hart: &mut Hart, addr: u64) -> i64 {
        if addr < self.brk_min || addr > self.brk_max {
            return self.brk as i64;
        }
        let new = round_up(addr);
        if new < self.brk {
            self.unmap(hart, new, self.brk - new);
        } else if new > self.brk {
            let old = self.brk;
            hart.mem.zero_range(old, new - old);
            hart.mem
                .change_user_map(|m| m.map(page(old), page(new), prot::ALL));
            self.alloc_guess = new;
        }
        self.brk = new;
        addr as i64
    }

    /// Whether `[start, end)` (pages) overlaps the scratchpad window.
    fn in_window(&self, start: u64, end: u64) -> bool {
        start < page(self.window.1) && page(self.window.0) < end
    }

    /// pk's first-fit search (`__vm_alloc_at`) for `pages` free pages from page
    /// `from`, below the top of the user space and outside the window.
    fn find_free(&self, hart: &Hart, from: u64, pages: u64) -> Option<u64> {
        let map = hart.mem.user_map()?;
        let mut from = from;
        loop {
            let c = map.find_free(from, pages, page(USER_TOP))?;
            if !self.in_window(c, c + pages) {
                return Some(c);
            }
            from = page(self.window.1);
        }
    }

    fn mmap(&mut self, hart: &mut Hart, a: [u64; 6]) -> SysResult {
        let (addr, len, prot_bits, flags, fd, off) = (a[0], a[1], a[2], a[3], a[4], a[5]);
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
            addr
        } else {
            let pages = page(size);
            self.find_free(hart, page(self.alloc_guess), pages)
                .or_else(|| self.find_free(hart, page(self.brk), pages))
                .ok_or(-errno::ENOMEM)?
                * PAGE
        };
        hart.mem.zero_range(start, size);
        let p = (prot_bits & 7) as u8;
        hart.mem.change_user_map(|m| {
            m.map(page(start), page(start + size), p);
            if flags & MAP_POPULATE != 0 {
                m.touch(page(start), page(start + size));
            }
        });
        self.alloc_guess = start + size;
        if start < self.brk_max {
            self.brk_max = start;
        }
        if flags & MAP_ANONYMOUS == 0 {
            // A private file mapping: a copy of the file's bytes (the rest stays zero),
            // placed without populating anything (pk reads each page on first touch).
            let mut buf = vec![0u8; (len as usize).min(CHUNK)];
            let mut done = 0u64;
            while done < len {
                let n = ((len - done) as usize).min(CHUNK);
                let got = self.files.read(fd, &mut buf[..n], Some(off + done))?;
                if got == 0 {
                    break;
                }
                hart.mem
                    .poke_bytes(start + done, &buf[..got as usize])
                    .map_err(|_| -errno::EFAULT)?;
                done += got as u64;
            }
        }
        Ok(start as i64)
    }

    /// Unmaps `[start, start + size)` (page-aligned) and zeroes it, so that a later
    /// mapping reads zeros as pk's fresh pages do.
    fn unmap(&mut self, hart: &mut Hart, start: u64, size: u64) {
        hart.mem.zero_range(start, size);
        hart.mem
            .change_user_map(|m| m.unmap(page(start), page(round_up(start + size))));
    }

    fn munmap(&mut self, hart: &mut Hart, addr: u64, len: u64) -> SysResult {
        if !addr.is_multiple_of(PAGE) || addr.checked_add(len).is_none_or(|e| e > USER_TOP) {
            return Err(-errno::EINVAL);
        }
        self.unmap(hart, addr, round_up(len));
        Ok(0)
    }

    /// pk's `do_mprotect`: page by page, stopping at the first page that is not
    /// mapped (-ENOMEM) or whose mapping lacks a requested permission (-EACCES).
    fn mprotect(&mut self, hart: &mut Hart, addr: u64, len: u64, p: u64) -> SysResult {
        if !addr.is_multiple_of(PAGE) {
            return Err(-errno::EINVAL);
        }
        let end = addr.saturating_add(len).min(USER_TOP);
        let r = hart
            .mem
            .change_user_map(|m| m.protect(page(addr), page(round_up(end)), (p & 7) as u8));
        match r {
            Some(Ok(())) | None => Ok(0),
            Some(Err(MapError::NotMapped)) => Err(-errno::ENOMEM),
            Some(Err(MapError::Denied)) => Err(-errno::EACCES),
        }
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
        let p = hart
            .mem
            .user_map()
            .and_then(|m| m.prot_of(page(old)))
            .ok_or(-errno::EFAULT)?;
        let (grow_at, grow) = (page(old + old_size), page(new_size - old_size));
        let free_after = old.checked_add(new_size).is_some_and(|e| e <= USER_TOP)
            && self.find_free(hart, grow_at, grow) == Some(grow_at);
        if free_after {
            hart.mem.zero_range(old + old_size, new_size - old_size);
            hart.mem
                .change_user_map(|m| m.map(grow_at, grow_at + grow, p));
            return Ok(old as i64);
        }
        if flags & MREMAP_MAYMOVE == 0 {
            return Err(-errno::ENOMEM);
        }
        let new = self.mmap(
            hart,
            [0, new_size, p as u64, MAP_PRIVATE | MAP_ANONYMOUS, 0, 0],
        )? as u64;
        let mut buf = vec![0u8; (old_size as usize).min(CHUNK)];
        let mut done = 0u64;
        while done < old_size {
            let n = ((old_size - done) as usize).min(CHUNK);
            hart.mem
                .kernel_read(old + done, &mut buf[..n])
                .map_err(|_| -errno::EFAULT)?;
            hart.mem
                .kernel_write(new + done, &buf[..n])
                .map_err(|_| -errno::EFAULT)?;
            done += n as u64;
        }
        self.unmap(hart, old, old_size);
        Ok(new as i64)
    }
}

/// Copies `bytes` to guest address `addr`; 0 or -EFAULT.
fn put(hart: &mut Hart, addr: u64, bytes: &[u8]) -> SysResult {
    hart.mem
        .kernel_write(addr, bytes)
        .map(|_| 0)
        .map_err(|_| -errno::EFAULT)
}

fn words(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn guest_u64(hart: &mut Hart, addr: u64) -> Result<u64, i64> {
    let mut b = [0u8; 8];
    hart.mem
        .kernel_read(addr, &mut b)
        .map_err(|_| -errno::EFAULT)?;
    Ok(u64::from_le_bytes(b))
}

/// A NUL-terminated guest string (paths: at most 4096 bytes, like PATH_MAX).
fn guest_str(hart: &mut Hart, addr: u64) -> Result<String, i64> {
    let mut out = Vec::new();
    for i in 0..4096 {
        let mut b = [0u8; 1];
        hart.mem
            .kernel_read(addr.wrapping_add(i), &mut b)
            .map_err(|_| -errno::EFAULT)?;
        let b = b[0];
        if b == 0 {
            return String::from_utf8(out).map_err(|_| -errno::EINVAL);
        }
        out.push(b);
    }
    Err(-errno::ENAMETOOLONG)
}
