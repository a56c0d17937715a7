//! Vector loads and stores (RVV 1.0 chapter 7): unit-stride, strided, indexed
//! (ordered and unordered are the same on an in-order hart), segments (nf from bits
//! 31:29), fault-only-first, whole-register and mask loads/stores.
//!
//! Elements are accessed in order; before touching element i, vstart = i, so a fault
//! leaves vstart at the faulting element (Spike's behaviour), with the earlier fields
//! of a segment already written.

use super::{
    R, V, al, copy_bytes, done, overlap, overlap_widen, require, require_vec, require_vm, view,
};
use crate::machine::Insn;
use crate::machine::memory::{PAGE_SIZE, Scalar, prefetch_host};
use crate::machine::mmu::Access;
use crate::machine::npu::lanes::{Kind, LaneAddr};
use crate::machine::{Hart, Trap};

/// Kernel mode: lane `h.v.lane`'s view of an access based at X[rs1] (npu-isa.md §2.3).
#[inline(always)]
fn lane_addr(h: &Hart, i: &Insn, kind: Kind) -> Option<LaneAddr> {
    h.v.kernel
        .then(|| h.npu.lane_addr(h.x(i.rs1), h.v.lane, kind))
}

/// Fast path for contiguous accesses: copies `len` bytes between guest memory at `va`
/// and the register file at `p`, one page at a time. Returns false, having changed
/// nothing that the element-by-element path would not write again identically, when
/// any page faults or the elements are misaligned; the caller then runs the
/// exact element loop, which raises the trap at the right element.
fn bulk(h: &mut Hart, va: u64, p: *mut u8, len: usize, elem: usize, load: bool) -> bool {
    // Misaligned elements could straddle a faulting page boundary: exact path.
    if va & (elem as u64 - 1) != 0 {
        return false;
    }
    let mut done = 0;
    while done < len {
        let a = va.wrapping_add(done as u64);
        let n = (4096 - (a & 4095) as usize).min(len - done);
        let pa = if h.vm.data {
            match h.translate(a, if load { Access::Load } else { Access::Store }) {
                Ok(x) => x,
                Err(_) => return false,
            }
        } else {
            a
        };
        // SAFETY: the caller passes a register-file range of `len` bytes.
        let buf = unsafe { std::slice::from_raw_parts_mut(p.add(done), n) };
        let ok = if load {
            h.mem.read_user(pa, buf).is_ok()
        } else {
            h.mem.write_user(pa, buf).is_ok()
        };
        if !ok {
            return false;
        }
        done += n;
    }
    true
}

/// One-copy fast path for plain RVV (not an NPU lane, no address translation):
/// moves `len` bytes between guest memory at `va` and the register file at `p` with a
/// single copy when the access is aligned to `elem` and lies in one page that is in
/// the memory's translation cache (and, for a store, not watched). Returns false,
/// having changed nothing, otherwise.
///
/// Why this is exact: the element loop would run every element through the
/// `Hart::load`/`store` fast path on that same cached page (aligned, untranslated,
/// page wholly inside a region, and writable, i.e. holding neither decoded code nor
/// the HTIF mailbox, for stores), so no element could fault or raise a store event,
/// and the same bytes would move; the callers only come here unmasked with
/// vstart = 0, and neither path touches tail elements (past `len`).
#[inline(always)]
fn one_page(h: &mut Hart, va: u64, p: *mut u8, len: usize, elem: usize, load: bool) -> bool {
    if h.vm.data || h.v.kernel || va & (elem as u64 - 1) != 0 {
        return false;
    }
    let Some(host) = h.mem.host_range(va, len, !load) else {
        return false;
    };
    // SAFETY: `host` points at `len` bytes inside one live guest page (`host_range`);
    // the caller passes a register-file range of `len` bytes, a separate allocation.
    unsafe {
        let regs = std::slice::from_raw_parts_mut(p, len);
        let page = std::slice::from_raw_parts_mut(host, len);
        if load {
            regs.copy_from_slice(page);
        } else {
            page.copy_from_slice(regs);
        }
    }
    true
}

fn nf(i: &Insn) -> usize {
    (i.bits >> 29) as usize + 1
}

/// log2 of an element width in bytes.
const fn lg(bytes: usize) -> i32 {
    bytes.trailing_zeros() as i32
}

/// VI_CHECK_STORE/LOAD for an EEW of `eew_bytes`: returns the register stride of a
/// segment field (EMUL rounded up to one register).
fn chk_ldst(h: &Hart, i: &Insn, eew_bytes: usize, load: bool) -> Result<usize, Box<Trap>> {
    require_vec(h, i, false)?;
    let emul = lg(eew_bytes) - lg(h.v.sew as usize / 8) + h.v.lmul_log2;
    require!((-3..=3).contains(&emul), i);
    require!(al(i.rd, emul), i);
    let regs = 1usize << emul.max(0);
    let n = nf(i);
    require!(n * regs <= 8 && i.rd as usize + n * regs <= 32, i);
    require!(eew_bytes * 8 <= h.v.arch.elen as usize, i);
    if load {
        require_vm(i)?;
    }
    Ok(regs)
}

/// How many lanes ahead the lane loop asks the host cache for a lane's bank.
const PREFETCH_LANES: usize = 4;

/// Unit-stride (stride None) and strided loads/stores of `T` elements. On the NPU's
/// lanes (`span`) this runs the lanes itself, lane by lane exactly as the lane runner
/// would (same order, same checks, stopping at the first failing lane), so that it can
/// prefetch the banks a few lanes ahead: at L = 128 the banks of one instruction are
/// 128 separate host pages, and waiting for each in turn dominates the kernel.
fn ldst<T: Scalar, const LOAD: bool>(h: &mut Hart, i: &Insn, strided: bool) -> R {
    if h.v.span <= 1 || !h.v.kernel {
        return ldst_lane::<T, LOAD>(h, i, strided);
    }
    h.v.spanned = true;
    let (first, end, vstart) = (h.v.lane, h.v.lane + h.v.span, h.v.vstart);
    let plain = !strided && nf(i) == 1 && (i.bits >> 25) & 1 == 1 && vstart == 0 && h.v.vl > 0;
    let from = if plain {
        lanes_bulk::<T, LOAD>(h, i, first, end)?
    } else {
        first
    };
    let kind = if LOAD { Kind::Load } else { Kind::Store };
    let bytes = (h.v.vl as usize * nf(i) * T::SIZE).min(4096);
    let (rs1, vlenb) = (h.x(i.rs1), h.v.vlenb);
    let mut result = Ok(());
    for lane in from..end {
        let ahead = lane + PREFETCH_LANES;
        if ahead < end && !strided {
            h.mem
                .prefetch(h.npu.lane_addr(rs1, ahead, kind).base, bytes);
            let r = (i.rd as usize & 31) * vlenb;
            // SAFETY: r < 32 * VLENB, inside lane `ahead`'s register file.
            let regs = unsafe { h.v.lane_ptr(ahead).add(r) };
            prefetch_host(regs, bytes.min(32 * vlenb - r));
        }
        h.v.lane = lane;
        h.v.vstart = vstart;
        result = ldst_lane::<T, LOAD>(h, i, strided);
        if result.is_err() {
            break;
        }
    }
    h.v.lane = first;
    result
}

/// The common kernel-mode access, unit-stride, unmasked, vstart = 0, on lanes
/// `first..end`: one set of checks, then one copy per lane between its bank and its
/// registers. Returns the first lane it did not do (`end` when it did them all); the
/// caller runs that lane and the rest element by element, which raises any trap at
/// the exact lane and element. Lanes are done in order, so stopping early leaves
/// exactly the state the element path would have left before that lane.
///
/// Lane 0's checks stand for every lane: lane k's addresses are lane 0's plus k·B
/// (npu-isa.md §2.3), and so are its bank (`[SV + k·B, SV + (k+1)·B]`) and its stack
/// area (`SP' + k·B` and up), so lane k passes exactly when lane 0 does, provided
/// no bound wraps around (checked once). A broadcast load (base below 16 MiB) reads
/// the same bytes for every lane and has no lane checks.
///
/// Out of line: it runs once per instruction for L lanes, and inlined it would make
/// `ldst`'s single-lane path (plain RVV) pay for its registers.
#[inline(never)]
fn lanes_bulk<T: Scalar, const LOAD: bool>(
    h: &mut Hart,
    i: &Insn,
    first: usize,
    end: usize,
) -> Result<usize, Box<Trap>> {
    chk_ldst(h, i, T::SIZE, LOAD)?;
    let len = h.v.vl as usize * T::SIZE;
    let la = h.npu.lane_addr(
        h.x(i.rs1),
        first,
        if LOAD { Kind::Load } else { Kind::Store },
    );
    let last = la.base.wrapping_add((len - T::SIZE) as u64);
    let b = h.npu.spad_lane_bytes;
    let step = if la.is_checked() { b } else { 0 };
    let no_wrap = (end as u64 + 1)
        .checked_mul(b)
        .and_then(|span| h.npu.spad_base.checked_add(span))
        .is_some()
        && la
            .base
            .checked_add((end - first) as u64 * step + len as u64)
            .is_some();
    // An access that crosses a page is left to the element path.
    if h.vm.data
        || (la.base as usize % PAGE_SIZE) + len > PAGE_SIZE
        || !no_wrap
        || la.base & (T::SIZE as u64 - 1) != 0
        || !h.npu.lane_ok(&la, la.base)
        || !h.npu.lane_ok(&la, last)
    {
        return Ok(first);
    }
    // chk_ldst keeps rd's group (len bytes) inside a lane's 32 registers.
    let reg_off = (i.rd as usize & 31) * h.v.vlenb;
    let stride = h.v.lane_bytes();
    // SAFETY: first < lanes; the offset stays inside lane first's registers.
    let regs = unsafe { h.v.lane_ptr(first).add(reg_off) };
    let n = end - first;
    let mem = &h.mem;
    let done_to = if (step as usize).is_multiple_of(PAGE_SIZE) {
        // Every lane's access sits at the same offset in its page as lane 0's, which
        // lies inside one page (checked above): a one-byte look-up per lane finds it.
        let host = |k: usize| {
            mem.host_range(la.base + k as u64 * step, 1, !LOAD)
                .unwrap_or(std::ptr::null_mut())
        };
        bank_copies::<LOAD>(host, regs, stride, len, n)
    } else {
        let host = |k: usize| {
            mem.host_range(la.base + k as u64 * step, len, !LOAD)
                .unwrap_or(std::ptr::null_mut())
        };
        bank_copies::<LOAD>(host, regs, stride, len, n)
    };
    if done_to < n {
        return Ok(first + done_to);
    }
    done(h)?;
    Ok(end)
}

/// The lane loop of `lanes_bulk`: copies `len` bytes between lane k's bank (host
/// address `host(k)`, null when its page is not in the translation cache) and its
/// registers (`regs + k·stride`) for k = 0, 1, ... n − 1 in order, stopping at the
/// first null. Returns how many lanes it did. The copy size is dispatched once, so
/// that each lane's copy is a few fixed moves.
#[inline(always)]
fn bank_copies<const LOAD: bool>(
    host: impl Fn(usize) -> *mut u8,
    regs: *mut u8,
    stride: usize,
    len: usize,
    n: usize,
) -> usize {
    #[inline(always)]
    fn fixed<const N: usize>(src: *const u8, dst: *mut u8) {
        // SAFETY: the callers pass N = len valid, non-overlapping bytes.
        unsafe { (dst as *mut [u8; N]).write_unaligned((src as *const [u8; N]).read_unaligned()) }
    }
    match len {
        16 => lanes_copy::<LOAD>(host, regs, stride, len, n, fixed::<16>),
        32 => lanes_copy::<LOAD>(host, regs, stride, len, n, fixed::<32>),
        64 => lanes_copy::<LOAD>(host, regs, stride, len, n, fixed::<64>),
        128 => lanes_copy::<LOAD>(host, regs, stride, len, n, fixed::<128>),
        // SAFETY: as for `fixed`.
        _ => lanes_copy::<LOAD>(host, regs, stride, len, n, |s, d| unsafe {
            copy_bytes(s, d, len)
        }),
    }
}

#[inline(always)]
fn lanes_copy<const LOAD: bool>(
    host: impl Fn(usize) -> *mut u8,
    regs: *mut u8,
    stride: usize,
    len: usize,
    n: usize,
    copy: impl Fn(*const u8, *mut u8),
) -> usize {
    // The banks of consecutive lanes are separate host pages: look each lane's up
    // PREFETCH_LANES lanes ahead and ask the host cache for it (and for its
    // registers), so that the copies do not wait for memory one lane at a time.
    let prefetch = |p: *const u8| {
        if len <= 64 {
            // At most two cache lines: the first and the last byte's.
            prefetch_host(p, 1);
            prefetch_host(p.wrapping_add(len - 1), 1);
        } else {
            prefetch_host(p, len);
        }
    };
    let mut ahead = [std::ptr::null_mut(); PREFETCH_LANES];
    for (k, slot) in ahead.iter_mut().enumerate().take(n) {
        *slot = host(k);
    }
    for k in 0..n {
        let p = ahead[k % PREFETCH_LANES];
        if p.is_null() {
            return k;
        }
        if k + PREFETCH_LANES < n {
            let next = host(k + PREFETCH_LANES);
            prefetch(next);
            prefetch(regs.wrapping_add((k + PREFETCH_LANES) * stride));
            ahead[k % PREFETCH_LANES] = next;
        }
        // SAFETY: k < n lanes, and len bytes from regs + k·stride stay inside lane
        // k's registers (chk_ldst); p points at len bytes of a live guest page
        // (`host_range`), a separate allocation from the register file.
        let r = unsafe { regs.add(k * stride) };
        if LOAD {
            copy(p, r);
        } else {
            copy(r, p);
        }
    }
    n
}

#[inline(always)]
fn ldst_lane<T: Scalar, const LOAD: bool>(h: &mut Hart, i: &Insn, strided: bool) -> R {
    let regs = chk_ldst(h, i, T::SIZE, LOAD)?;
    h.dirty_vs();
    let n = nf(i);
    // Plain unit-stride, unmasked, vstart = 0: one copy when the access fits one page.
    if !strided && n == 1 && (i.bits >> 25) & 1 == 1 && h.v.vstart == 0 && h.v.vl > 0 {
        let (vl, base) = (h.v.vl as usize, h.x(i.rs1));
        let p = view(h, i).p::<u8>(i.rd);
        if one_page(h, base, p, vl * T::SIZE, T::SIZE, LOAD) {
            return done(h);
        }
    }
    let la = lane_addr(h, i, if LOAD { Kind::Load } else { Kind::Store });
    let base = la.map_or(h.x(i.rs1), |l| l.base);
    let stride = if strided {
        h.x(i.rs2)
    } else {
        (n * T::SIZE) as u64
    };
    let v = view(h, i);
    let last = base.wrapping_add(((v.vl.max(1) - 1) * T::SIZE) as u64);
    let checks_pass = la.is_none_or(|l| h.npu.lane_ok(&l, base) && h.npu.lane_ok(&l, last));
    if !strided && n == 1 && !v.masked && v.vstart == 0 && v.vl > 0 && checks_pass {
        let p = v.p::<u8>(i.rd);
        if bulk(h, base, p, v.vl * T::SIZE, T::SIZE, LOAD) {
            return done(h);
        }
    }
    for k in 0..v.vl {
        if k < v.vstart || !v.active(k) {
            continue;
        }
        h.v.vstart = k as u64;
        let a = base.wrapping_add((k as u64).wrapping_mul(stride));
        for f in 0..n {
            let addr = a.wrapping_add((f * T::SIZE) as u64);
            if let Some(l) = &la {
                h.npu.check_lane(l, addr)?;
            }
            let p = v.p::<T>(i.rd + (f * regs) as u8);
            // SAFETY: k < vl <= VLMAX of the EEW group; the field groups were checked.
            unsafe {
                if LOAD {
                    *p.add(k) = h.load::<T>(addr)?;
                } else {
                    h.store::<T>(addr, *p.add(k))?;
                }
            }
        }
    }
    done(h)
}

macro_rules! unit_strided {
    ($($ld:ident $st:ident $lds:ident $sts:ident: $t:ty;)*) => {$(
        pub fn $ld(h: &mut Hart, i: &Insn) -> R { ldst::<$t, true>(h, i, false) }
        pub fn $st(h: &mut Hart, i: &Insn) -> R { ldst::<$t, false>(h, i, false) }
        pub fn $lds(h: &mut Hart, i: &Insn) -> R { ldst::<$t, true>(h, i, true) }
        pub fn $sts(h: &mut Hart, i: &Insn) -> R { ldst::<$t, false>(h, i, true) }
    )*};
}
unit_strided! {
    vle8_v vse8_v vlse8_v vsse8_v: u8;
    vle16_v vse16_v vlse16_v vsse16_v: u16;
    vle32_v vse32_v vlse32_v vsse32_v: u32;
    vle64_v vse64_v vlse64_v vsse64_v: u64;
}

/// Fault-only-first: a fault on element 0 traps; a fault on a later element ends the
/// instruction with vl = that element.
fn ldff<T: Scalar>(h: &mut Hart, i: &Insn) -> R {
    let regs = chk_ldst(h, i, T::SIZE, true)?;
    h.dirty_vs();
    let n = nf(i);
    let base = h.x(i.rs1);
    let v = view(h, i);
    let mut emulated_first = false;
    'elems: for k in v.vstart..v.vl {
        if emulated_first {
            h.v.vl = 1;
            break;
        }
        if !v.active(k) {
            continue;
        }
        for f in 0..n {
            let addr = base.wrapping_add(((k * n + f) * T::SIZE) as u64);
            // After element 0, an element Spike would take a fault on ends the
            // instruction before pk can see it: under the proxy kernel that includes
            // a page mapped but not yet touched (pk's demand paging) and a misaligned
            // element (Spike raises the misaligned trap first).
            let misaligned =
                !addr.is_multiple_of(T::SIZE as u64) && !h.isa.misaligned && h.mem.paged();
            if k != 0 && (misaligned || !h.mem.probe_load(addr, T::SIZE)) {
                h.v.vl = k as u64;
                break 'elems;
            }
            // A misaligned element 0 traps to pk's emulation, which loads that one
            // element (all its fields) byte by byte and sets vl = 1.
            if k == 0 && misaligned {
                emulated_first = true;
            }
            match h.load::<T>(addr) {
                // SAFETY: as in `ldst`.
                Ok(x) => unsafe { *v.p::<T>(i.rd + (f * regs) as u8).add(k) = x },
                Err(t) if k == 0 => {
                    h.v.vstart = 0;
                    return Err(t.into());
                }
                Err(_) => {
                    h.v.vl = k as u64;
                    break 'elems;
                }
            }
        }
    }
    done(h)
}

pub fn vle8ff_v(h: &mut Hart, i: &Insn) -> R {
    ldff::<u8>(h, i)
}
pub fn vle16ff_v(h: &mut Hart, i: &Insn) -> R {
    ldff::<u16>(h, i)
}
pub fn vle32ff_v(h: &mut Hart, i: &Insn) -> R {
    ldff::<u32>(h, i)
}
pub fn vle64ff_v(h: &mut Hart, i: &Insn) -> R {
    ldff::<u64>(h, i)
}

/// Indexed loads/stores: `I` is the index element type, the data elements are SEW wide.
fn indexed<I: Scalar + Into<u64>, const LOAD: bool>(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, false)?;
    let (sew, l) = (h.v.sew as usize, h.v.lmul_log2);
    require!(I::SIZE * 8 <= h.v.arch.elen as usize, i);
    let emul = lg(I::SIZE) - lg(sew / 8) + l;
    require!((-3..=3).contains(&emul), i);
    let flmul = 1usize << l.max(0);
    require!(al(i.rd, l) && al(i.rs2, emul), i);
    let n = nf(i);
    require!(n * flmul <= 8 && i.rd as usize + n * flmul <= 32, i);
    if LOAD {
        for f in 0..n {
            let seg = i.rd + (flmul * f) as u8;
            if I::SIZE * 8 > sew {
                require!(seg == i.rs2 || !overlap(seg, l, i.rs2, emul), i);
            } else if I::SIZE * 8 < sew {
                if emul < 0 {
                    require!(!overlap(seg, l, i.rs2, emul), i);
                } else {
                    require!(!overlap_widen(seg, l, i.rs2, emul), i);
                }
            }
            if n >= 2 {
                require!(!overlap(seg, l, i.rs2, emul), i);
            }
        }
        require_vm(i)?;
    }
    h.dirty_vs();
    let v = view(h, i);
    match sew {
        8 => idx_loop::<I, u8, LOAD>(h, i, &v, n, flmul),
        16 => idx_loop::<I, u16, LOAD>(h, i, &v, n, flmul),
        32 => idx_loop::<I, u32, LOAD>(h, i, &v, n, flmul),
        _ => idx_loop::<I, u64, LOAD>(h, i, &v, n, flmul),
    }?;
    done(h)
}

#[inline(always)]
fn idx_loop<I: Scalar + Into<u64>, T: Scalar, const LOAD: bool>(
    h: &mut Hart,
    i: &Insn,
    v: &V,
    n: usize,
    flmul: usize,
) -> R {
    let base = h.x(i.rs1);
    for k in 0..v.vl {
        if k < v.vstart || !v.active(k) {
            continue;
        }
        // SAFETY: k < vl <= VLMAX of the checked index group.
        let off: u64 = unsafe { *v.p::<I>(i.rs2).add(k) }.into();
        h.v.vstart = k as u64;
        for f in 0..n {
            let addr = base.wrapping_add(off).wrapping_add((f * T::SIZE) as u64);
            let p = v.p::<T>(i.rd + (f * flmul) as u8);
            // SAFETY: k < VLMAX of the data group; the field groups were checked.
            unsafe {
                if LOAD {
                    *p.add(k) = h.load::<T>(addr)?;
                } else {
                    h.store::<T>(addr, *p.add(k))?;
                }
            }
        }
    }
    Ok(())
}

macro_rules! indexed_ops {
    ($($lu:ident $lo:ident $su:ident $so:ident: $t:ty;)*) => {$(
        pub fn $lu(h: &mut Hart, i: &Insn) -> R { indexed::<$t, true>(h, i) }
        pub fn $lo(h: &mut Hart, i: &Insn) -> R { indexed::<$t, true>(h, i) }
        pub fn $su(h: &mut Hart, i: &Insn) -> R { indexed::<$t, false>(h, i) }
        pub fn $so(h: &mut Hart, i: &Insn) -> R { indexed::<$t, false>(h, i) }
    )*};
}
indexed_ops! {
    vluxei8_v vloxei8_v vsuxei8_v vsoxei8_v: u8;
    vluxei16_v vloxei16_v vsuxei16_v vsoxei16_v: u16;
    vluxei32_v vloxei32_v vsuxei32_v vsoxei32_v: u32;
    vluxei64_v vloxei64_v vsuxei64_v vsoxei64_v: u64;
}

/// vl<n>re<eew>.v: n whole registers, independent of vtype (vstart counts elements).
fn load_whole<T: Scalar>(h: &mut Hart, i: &Insn) -> R {
    require!(h.vs_enabled(), i);
    require!(T::SIZE * 8 <= h.v.arch.elen as usize, i);
    let n = nf(i);
    require!(al(i.rd, lg(n)), i);
    h.dirty_vs();
    let count = n * h.v.vlenb / T::SIZE;
    let la = lane_addr(h, i, Kind::LoadWhole);
    let base = la.map_or(h.x(i.rs1), |l| l.base);
    let last = base.wrapping_add(((count - 1) * T::SIZE) as u64);
    let checks_pass = la.is_none_or(|l| h.npu.lane_ok(&l, base) && h.npu.lane_ok(&l, last));
    let p =
        h.v.lane_ptr(h.v.lane)
            .wrapping_add(i.rd as usize * h.v.vlenb) as *mut T;
    if h.v.vstart == 0
        && checks_pass
        && (one_page(h, base, p as *mut u8, count * T::SIZE, T::SIZE, true)
            || bulk(h, base, p as *mut u8, count * T::SIZE, T::SIZE, true))
    {
        return done(h);
    }
    for k in h.v.vstart as usize..count {
        h.v.vstart = k as u64;
        let addr = base.wrapping_add((k * T::SIZE) as u64);
        if let Some(l) = &la {
            h.npu.check_lane(l, addr)?;
        }
        let x = h.load::<T>(addr)?;
        // SAFETY: rd is aligned to n, so rd + n <= 32 and k < n * VLENB / size.
        unsafe { *p.add(k) = x };
    }
    done(h)
}

pub fn vl1re8_v(h: &mut Hart, i: &Insn) -> R {
    load_whole::<u8>(h, i)
}
pub fn vl1re16_v(h: &mut Hart, i: &Insn) -> R {
    load_whole::<u16>(h, i)
}
pub fn vl1re32_v(h: &mut Hart, i: &Insn) -> R {
    load_whole::<u32>(h, i)
}
pub fn vl1re64_v(h: &mut Hart, i: &Insn) -> R {
    load_whole::<u64>(h, i)
}

/// vs<n>r.v: n whole registers, stored byte by byte as Spike does (vstart counts bytes).
pub fn vs1r_v(h: &mut Hart, i: &Insn) -> R {
    require!(h.vs_enabled(), i);
    let n = nf(i);
    require!(al(i.rd, lg(n)), i);
    h.dirty_vs();
    let count = n * h.v.vlenb;
    let la = lane_addr(h, i, Kind::StoreWhole);
    let base = la.map_or(h.x(i.rs1), |l| l.base);
    let last = base.wrapping_add(count as u64 - 1);
    let checks_pass = la.is_none_or(|l| h.npu.lane_ok(&l, base) && h.npu.lane_ok(&l, last));
    let p =
        h.v.lane_ptr(h.v.lane)
            .wrapping_add(i.rd as usize * h.v.vlenb);
    if h.v.vstart == 0
        && checks_pass
        && (one_page(h, base, p, count, 1, false) || bulk(h, base, p, count, 1, false))
    {
        return done(h);
    }
    for k in h.v.vstart as usize..count {
        h.v.vstart = k as u64;
        // SAFETY: as in `load_whole`.
        let x = unsafe { *p.add(k) };
        let addr = base.wrapping_add(k as u64);
        if let Some(l) = &la {
            h.npu.check_lane(l, addr)?;
        }
        h.store::<u8>(addr, x)?;
    }
    done(h)
}

/// vlm.v / vsm.v: ceil(vl / 8) bytes, unmasked.
fn mask_ldst<const LOAD: bool>(h: &mut Hart, i: &Insn) -> R {
    require_vec(h, i, false)?;
    h.dirty_vs();
    let v = view(h, i);
    let n = v.vl.div_ceil(8);
    let la = lane_addr(h, i, if LOAD { Kind::Load } else { Kind::Store });
    let base = la.map_or(h.x(i.rs1), |l| l.base);
    let p = v.p::<u8>(i.rd);
    for k in v.vstart..n {
        h.v.vstart = k as u64;
        let addr = base.wrapping_add(k as u64);
        if let Some(l) = &la {
            h.npu.check_lane(l, addr)?;
        }
        // SAFETY: k < ceil(VLMAX / 8) <= VLENB.
        unsafe {
            if LOAD {
                *p.add(k) = h.load::<u8>(addr)?;
            } else {
                h.store::<u8>(addr, *p.add(k))?;
            }
        }
    }
    done(h)
}

pub fn vlm_v(h: &mut Hart, i: &Insn) -> R {
    mask_ldst::<true>(h, i)
}
pub fn vsm_v(h: &mut Hart, i: &Insn) -> R {
    mask_ldst::<false>(h, i)
}
