//! The host's own FP unit for vector f32/f64 add, subtract, multiply, divide and
//! fused multiply-add under round-to-nearest-even: whole strips of elements in host vector
//! registers, with the flags taken from the host's IEEE status register (MXCSR) instead
//! of being worked out per element as `fastfp` does.
//!
//! Why the results are SoftFloat's: x86 SSE/AVX arithmetic is IEEE 754 (with MXCSR's
//! flush-to-zero and denormals-are-zero off, as set here), and so is SoftFloat; for
//! +, -, ×, ÷ and fma every non-NaN result of an IEEE operation is determined by the
//! operands and the rounding mode alone (signed zeros included). Only NaN results
//! differ (RISC-V returns the canonical NaN) and only some flags can differ:
//! - inexact is the same event in both (PE = NX);
//! - invalid (IE), divide by zero (ZE) and overflow (OE): the strip is redone by
//!   SoftFloat;
//! - underflow: RISC-V detects tininess after rounding; x86 does too (SoftFloat's own
//!   8086-SSE specialisation says so), and were it before rounding it would flag a
//!   superset. Either way a strip with UE set is redone, so RISC-V's UF is never missed;
//! - denormal operand (DE) has no RISC-V counterpart and is ignored.
//!
//! So a strip whose MXCSR shows none of IE, ZE, OE, UE and whose results hold no NaN is
//! exactly SoftFloat's, flags included; any other strip is recomputed element by
//! element with SoftFloat from unchanged operands (results go to a buffer first).

/// Elements computed before any is written (a refused strip is redone from intact
/// operands).
pub const CHUNK: usize = 64;

#[cfg(target_arch = "x86_64")]
mod mxcsr {
    /// All exceptions masked, round to nearest even, FTZ and DAZ off, flags clear.
    pub const DEFAULT: u32 = 0x1f80;
    pub const IE: u32 = 1;
    pub const ZE: u32 = 1 << 2;
    pub const OE: u32 = 1 << 3;
    pub const UE: u32 = 1 << 4;
    pub const PE: u32 = 1 << 5;

    #[inline(always)]
    pub fn read() -> u32 {
        let mut v: u32 = 0;
        // SAFETY: stmxcsr stores the 4-byte status register into `v`.
        unsafe {
            std::arch::asm!("stmxcsr [{}]", in(reg) &mut v, options(nostack, preserves_flags))
        };
        v
    }

    #[inline(always)]
    pub fn write(v: u32) {
        // SAFETY: ldmxcsr loads a valid control word (reserved bits zero). Declared as
        // touching memory, so the compiler keeps the FP loads and stores around it in
        // order (FP operations themselves sit between those loads and stores).
        unsafe { std::arch::asm!("ldmxcsr [{}]", in(reg) &v, options(nostack, preserves_flags)) };
    }
}

/// Whether the host tier runs on this machine (x86-64 with AVX2 and FMA: the strips
/// are compiled for 256-bit vectors and `mul_add` is one instruction).
#[inline]
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The host's status register for one instruction: saved, set to `DEFAULT`, restored
/// when dropped (the rest of the program relies on the default).
pub struct Flags {
    #[cfg(target_arch = "x86_64")]
    saved: u32,
}

impl Flags {
    #[inline(always)]
    pub fn begin() -> Flags {
        #[cfg(target_arch = "x86_64")]
        {
            let saved = mxcsr::read();
            mxcsr::write(mxcsr::DEFAULT);
            Flags { saved }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Flags {}
    }

    /// Whether the accepted strips so far raised inexact.
    #[inline(always)]
    pub fn inexact(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            mxcsr::read() & mxcsr::PE != 0
        }
        #[cfg(not(target_arch = "x86_64"))]
        false
    }
}

impl Drop for Flags {
    #[inline(always)]
    fn drop(&mut self) {
        #[cfg(target_arch = "x86_64")]
        mxcsr::write(self.saved);
    }
}

/// Runs `host(k)` for k in `lo..hi` a chunk at a time into a buffer; a chunk whose
/// flags and results pass (see the module comment) is stored with `store(k0, rs)`
/// (results `rs` for elements k0.., in order), any other chunk is recomputed with
/// `slow(k)` element by element in order (which raises its own flags through
/// SoftFloat). Element k may only read operand elements k. Call inside a `Flags`
/// region; its `inexact` then tells NX of the stored chunks.
#[inline(always)]
pub fn run<T: Copy>(
    lo: usize,
    hi: usize,
    host: impl Fn(usize) -> T,
    is_nan: impl Fn(T) -> bool,
    mut store: impl FnMut(usize, &[T]),
    mut slow: impl FnMut(usize),
) {
    let mut status = Status::now();
    // Not zeroed: element j is written before it is read.
    let mut buf = [std::mem::MaybeUninit::<T>::uninit(); CHUNK];
    let mut k0 = lo;
    while k0 < hi {
        let n = (hi - k0).min(CHUNK);
        let mut nan = false;
        for (j, slot) in buf[..n].iter_mut().enumerate() {
            let r = host(k0 + j);
            slot.write(r);
            nan |= is_nan(r);
        }
        if status.accept(nan) {
            // SAFETY: the loop above wrote buf[..n].
            store(k0, unsafe { &*(&buf[..n] as *const [_] as *const [T]) });
        } else {
            (k0..k0 + n).for_each(&mut slow);
        }
        k0 += n;
    }
}

/// Elements of one group of lanes checked at once by `run_lanes`.
pub const GROUP: usize = 256;

/// The raw bits of an IEEE value (f16, f32, f64) as the group loop tests them.
pub trait Bits: Copy + Default + std::ops::BitOr<Output = Self> + PartialEq {
    /// All ones when the bits are a NaN, else zero: the loop ORs the masks together
    /// in the elements' own width, which the compiler keeps in host vector registers.
    fn nan_mask(self) -> Self;
    /// Whether the bits are a NaN.
    #[inline(always)]
    fn is_nan(self) -> bool {
        self.nan_mask() != Self::default()
    }
}

macro_rules! bits {
    ($($t:ty: $inf:expr;)*) => {$(
        impl Bits for $t {
            #[inline(always)]
            fn nan_mask(self) -> $t {
                if self & !(1 << (<$t>::BITS - 1)) > $inf { !0 } else { 0 }
            }
        }
    )*};
}
bits! {
    u16: 0x7c00;
    u32: 0x7f80_0000;
    u64: 0x7ff0_0000_0000_0000;
}

/// As `run` for the element range `lo..hi` of each of `lanes` lanes: `host(l, k)`
/// computes element k of lane l and `slow(l, k)` recomputes it with SoftFloat. When
/// a lane's range fits `GROUP`, as many whole lanes as fit (g lanes from l0) are
/// computed into one buffer and checked with one look at the status register;
/// `store(l0, g, k0, rs)` then stores them (k0 = lo; lane l0 + j's results are the
/// j-th of g equal parts of rs), and a refused group is redone lane by lane, element
/// by element, from its intact operands (the flags are ORed, so the order of the
/// lanes does not matter). Longer ranges go lane by lane through `run`, each accepted
/// chunk stored as `store(l, 1, k0, rs)`. Element k of lane l may only read lane l's
/// operand elements k. Call inside a `Flags` region.
///
/// With lo = 0 and a range of whole host vectors (32 bytes), the element loop
/// runs one host vector at a time with no remainder, so the compiler emits it as straight
/// host vector code without a per-lane trip-count set-up.
#[inline(always)]
pub fn run_lanes<T: Bits>(
    lanes: usize,
    lo: usize,
    hi: usize,
    host: impl Fn(usize, usize) -> T,
    mut store: impl FnMut(usize, usize, usize, &[T]),
    mut slow: impl FnMut(usize, usize),
) {
    let n = hi.saturating_sub(lo);
    if n == 0 {
        return;
    }
    if n > GROUP {
        for l in 0..lanes {
            run(
                lo,
                hi,
                |k| host(l, k),
                |r: T| r.is_nan(),
                |k0, rs| store(l, 1, k0, rs),
                |k| slow(l, k),
            );
        }
        return;
    }
    let per = GROUP / n;
    let mut status = Status::now();
    // Not zeroed: every element is written before it is read.
    let mut buf = [std::mem::MaybeUninit::<T>::uninit(); GROUP];
    // Elements per 32-byte host vector (a constant once T is known).
    let w = (32 / std::mem::size_of::<T>()).max(1);
    let whole = lo == 0 && n.is_multiple_of(w);
    let mut l0 = 0;
    while l0 < lanes {
        let g = per.min(lanes - l0);
        let mut nan = T::default();
        // SAFETY: g <= per and per * n <= GROUP: inside `buf`.
        let out = unsafe { buf.get_unchecked_mut(..g * n) };
        if whole {
            for (j, lane) in out.chunks_exact_mut(n).enumerate() {
                for (b, blk) in lane.chunks_exact_mut(w).enumerate() {
                    for (e, slot) in blk.iter_mut().enumerate() {
                        let r = host(l0 + j, b * w + e);
                        slot.write(r);
                        nan = nan | r.nan_mask();
                    }
                }
            }
        } else {
            for (j, lane) in out.chunks_exact_mut(n).enumerate() {
                for (k, slot) in lane.iter_mut().enumerate() {
                    let r = host(l0 + j, lo + k);
                    slot.write(r);
                    nan = nan | r.nan_mask();
                }
            }
        }
        // SAFETY: the loops above wrote all of `out`.
        let out = unsafe { &*(out as *const [_] as *const [T]) };
        if status.accept(nan != T::default()) {
            store(l0, g, lo, out);
        } else {
            for l in l0..l0 + g {
                (lo..hi).for_each(|k| slow(l, k));
            }
        }
        l0 += g;
    }
}

/// Copies `count` strips of `len` bytes from `src` (consecutive) to `dst` (`stride`
/// bytes apart), with fixed-size moves when `len` is one of the sizes a strip of
/// whole host vectors has (decided once, not per strip), else as `copy_bytes`.
///
/// # Safety
/// `src` is valid for `count · len` bytes, each `dst + j · stride` for `len`, and no
/// destination strip overlaps the source.
#[inline(always)]
pub unsafe fn copy_strips(src: *const u8, dst: *mut u8, stride: usize, len: usize, count: usize) {
    #[inline(always)]
    unsafe fn fixed<const N: usize>(src: *const u8, dst: *mut u8, stride: usize, count: usize) {
        for j in 0..count {
            // SAFETY: the caller's contract, N = len.
            unsafe {
                (dst.add(j * stride) as *mut [u8; N])
                    .write_unaligned((src.add(j * N) as *const [u8; N]).read_unaligned())
            }
        }
    }
    // SAFETY (all): the caller's contract.
    unsafe {
        match len {
            16 => fixed::<16>(src, dst, stride, count),
            32 => fixed::<32>(src, dst, stride, count),
            64 => fixed::<64>(src, dst, stride, count),
            128 => fixed::<128>(src, dst, stride, count),
            256 => fixed::<256>(src, dst, stride, count),
            _ => {
                for j in 0..count {
                    super::copy_bytes(src.add(j * len), dst.add(j * stride), len)
                }
            }
        }
    }
}

/// The status register between chunks: what the accepted chunks raised.
struct Status {
    #[cfg(target_arch = "x86_64")]
    accepted: u32,
}

impl Status {
    #[inline(always)]
    fn now() -> Status {
        #[cfg(target_arch = "x86_64")]
        {
            Status {
                accepted: mxcsr::read() & mxcsr::PE,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        Status {}
    }

    /// Whether the chunk just computed stands: no NaN result and none of invalid,
    /// divide by zero, overflow, underflow raised. A refused chunk's flags are taken back.
    #[inline(always)]
    fn accept(&mut self, nan: bool) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let f = mxcsr::read();
            if !nan && f & (mxcsr::IE | mxcsr::ZE | mxcsr::OE | mxcsr::UE) == 0 {
                self.accepted = f & mxcsr::PE;
                return true;
            }
            mxcsr::write(mxcsr::DEFAULT | self.accepted);
            false
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = nan;
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use softfloat_sys as sf;
    use softfloat_sys::{float32_t as F32, float64_t as F64};

    fn next(st: &mut u64) -> u64 {
        *st ^= *st << 13;
        *st ^= *st >> 7;
        *st ^= *st << 17;
        *st
    }

    /// An operand of a format with `e` exponent and `f` fraction bits: mostly normal
    /// values near 1 or spread over the whole range (overflow, underflow), and now and
    /// then a zero, a subnormal, an infinity, a quiet or signalling NaN, or the largest
    /// finite or smallest normal value.
    fn operand(st: &mut u64, e: u32, f: u32) -> u64 {
        let x = next(st);
        let sign = (x >> 63) << (e + f);
        let emax = (1u64 << e) - 1;
        let frac = x & ((1 << f) - 1);
        let bias = emax / 2;
        let body = match (x >> 32) % 64 {
            0 => 0,
            1 => frac,
            2 => emax << f,
            3 => emax << f | frac | 1 << (f - 1),
            4 => emax << f | (frac >> 1) | 1,
            5 => (emax - 1) << f | ((1 << f) - 1),
            6 => 1 << f,
            7..=30 => ((x >> 40) % (emax - 1) + 1) << f | frac,
            _ => (bias - 8 + (x >> 40) % 16) << f | frac,
        };
        sign | body
    }

    /// SoftFloat's flags around `op` (RNE), collected and cleared.
    fn sf_flags() -> u8 {
        // SAFETY: SoftFloat's thread-local flag word.
        unsafe {
            let f = sf::softfloat_exceptionFlags_read_helper();
            sf::softfloat_exceptionFlags_write_helper(0);
            f
        }
    }

    /// Runs chunks of random operands through `run` with host arithmetic (compiled for
    /// AVX2 + FMA, as the vector unit uses it) and SoftFloat as the fallback, and
    /// compares every result and the flags of the whole run with SoftFloat element by
    /// element: bit for bit, flags exactly.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn compare<T: Copy + PartialEq + std::fmt::Debug>(
        seed: u64,
        runs: usize,
        draw: impl Fn(&mut u64) -> T,
        host: impl Fn(T, T, T) -> T,
        soft: impl Fn(T, T, T) -> T,
        is_nan: impl Fn(T) -> bool,
    ) -> (usize, usize) {
        let mut st = seed;
        let (mut host_chunks, mut all) = (0, 0);
        for _ in 0..runs {
            let n = 1 + (next(&mut st) % 130) as usize;
            let ops: Vec<(T, T, T)> = (0..n)
                .map(|_| (draw(&mut st), draw(&mut st), draw(&mut st)))
                .collect();
            let want: Vec<T> = ops.iter().map(|&(a, b, c)| soft(a, b, c)).collect();
            let want_flags = sf_flags();
            let got = std::cell::RefCell::new(vec![None; n]);
            let flags = Flags::begin();
            let mut stored = 0;
            run(
                0,
                n,
                |k| host(ops[k].0, ops[k].1, ops[k].2),
                &is_nan,
                |k0, rs: &[T]| {
                    stored += 1;
                    for (j, &r) in rs.iter().enumerate() {
                        got.borrow_mut()[k0 + j] = Some(r);
                    }
                },
                |k| got.borrow_mut()[k] = Some(soft(ops[k].0, ops[k].1, ops[k].2)),
            );
            let nx = flags.inexact();
            drop(flags);
            let got_flags = sf_flags() | nx as u8;
            let got: Vec<T> = got
                .into_inner()
                .into_iter()
                .map(|r| r.expect("every element written"))
                .collect();
            assert_eq!(got, want, "values of {ops:x?}");
            assert_eq!(got_flags, want_flags, "flags of {ops:x?}");
            host_chunks += stored;
            all += n.div_ceil(CHUNK);
        }
        (host_chunks, all)
    }

    #[test]
    fn results_and_flags_are_softfloats() {
        if !available() {
            return;
        }
        let (g32, g64) = (
            |st: &mut u64| operand(st, 8, 23) as u32,
            |st: &mut u64| operand(st, 11, 52),
        );
        let (n32, n64) = (
            |x: u32| x & 0x7fff_ffff > 0x7f80_0000,
            |x: u64| x & !(1 << 63) > 0x7ff0_0000_0000_0000,
        );
        let (neg32, neg64) = (|x: u32| x ^ 1 << 31, |x: u64| x ^ 1 << 63);
        let f = f32::from_bits;
        let d = f64::from_bits;
        let s32 = |v| F32 { v };
        let s64 = |v| F64 { v };
        let mut totals = Vec::new();
        // SAFETY (all): `available` checked AVX2 and FMA; SoftFloat calls are pure.
        unsafe {
            sf::softfloat_roundingMode_write_helper(0);
            sf_flags();
            totals.push(compare(
                1,
                4000,
                g32,
                |a, b, _| (f(a) + f(b)).to_bits(),
                |a, b, _| sf::f32_add(s32(a), s32(b)).v,
                n32,
            ));
            totals.push(compare(
                2,
                4000,
                g32,
                |a, b, _| (f(a) + f(neg32(b))).to_bits(),
                |a, b, _| sf::f32_sub(s32(a), s32(b)).v,
                n32,
            ));
            totals.push(compare(
                3,
                4000,
                g32,
                |a, b, _| (f(a) * f(b)).to_bits(),
                |a, b, _| sf::f32_mul(s32(a), s32(b)).v,
                n32,
            ));
            totals.push(compare(
                4,
                4000,
                g32,
                |a, b, _| (f(a) / f(b)).to_bits(),
                |a, b, _| sf::f32_div(s32(a), s32(b)).v,
                n32,
            ));
            totals.push(compare(
                5,
                4000,
                g32,
                |a, b, c| f(a).mul_add(f(b), f(c)).to_bits(),
                |a, b, c| sf::f32_mulAdd(s32(a), s32(b), s32(c)).v,
                n32,
            ));
            totals.push(compare(
                6,
                4000,
                g32,
                |a, b, c| f(neg32(a)).mul_add(f(b), f(neg32(c))).to_bits(),
                |a, b, c| sf::f32_mulAdd(s32(neg32(a)), s32(b), s32(neg32(c))).v,
                n32,
            ));
            totals.push(compare(
                7,
                4000,
                g64,
                |a, b, _| (d(a) + d(b)).to_bits(),
                |a, b, _| sf::f64_add(s64(a), s64(b)).v,
                n64,
            ));
            totals.push(compare(
                8,
                4000,
                g64,
                |a, b, _| (d(a) * d(b)).to_bits(),
                |a, b, _| sf::f64_mul(s64(a), s64(b)).v,
                n64,
            ));
            totals.push(compare(
                9,
                4000,
                g64,
                |a, b, _| (d(a) / d(b)).to_bits(),
                |a, b, _| sf::f64_div(s64(a), s64(b)).v,
                n64,
            ));
            totals.push(compare(
                10,
                4000,
                g64,
                |a, b, c| d(a).mul_add(d(b), d(c)).to_bits(),
                |a, b, c| sf::f64_mulAdd(s64(a), s64(b), s64(c)).v,
                n64,
            ));
            totals.push(compare(
                11,
                4000,
                g64,
                |a, b, c| d(a).mul_add(d(neg64(b)), d(c)).to_bits(),
                |a, b, c| sf::f64_mulAdd(s64(a), s64(neg64(b)), s64(c)).v,
                n64,
            ));
        }
        // Both paths are taken: some chunks stand, some go to SoftFloat.
        for (i, (host, all)) in totals.iter().enumerate() {
            assert!(
                *host > 0 && host < all,
                "op {i}: {host} of {all} chunks on the host"
            );
        }
    }

    /// `run_lanes` over several lanes (groups of whole lanes, and lanes longer than a
    /// group) against SoftFloat element by element: values bit for bit, flags exactly,
    /// and only the range lo..hi of every lane written.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn compare_lanes(seed: u64, runs: usize) -> (usize, usize) {
        let mut st = seed;
        let s32 = |v| F32 { v };
        let f = f32::from_bits;
        let (mut host_groups, mut groups) = (0, 0);
        for _ in 0..runs {
            let lanes = 1 + (next(&mut st) % 40) as usize;
            // Whole host vectors (8 | n) half the time.
            let n = if next(&mut st).is_multiple_of(2) {
                8 * (1 + (next(&mut st) % 40) as usize)
            } else {
                1 + (next(&mut st) % 300) as usize
            };
            let lo = if next(&mut st).is_multiple_of(4) {
                (next(&mut st) as usize) % n
            } else {
                0
            };
            // A run of plain operands now and then, so that whole groups stand.
            let plain = next(&mut st).is_multiple_of(2);
            let draw = |st: &mut u64| {
                if plain {
                    0x3f80_0000 | (next(st) as u32 & 0x7f_ffff)
                } else {
                    operand(st, 8, 23) as u32
                }
            };
            let ops: Vec<Vec<(u32, u32, u32)>> = (0..lanes)
                .map(|_| {
                    (0..n)
                        .map(|_| (draw(&mut st), draw(&mut st), draw(&mut st)))
                        .collect()
                })
                .collect();
            let mut want: Vec<Vec<Option<u32>>> = vec![vec![None; n]; lanes];
            for l in 0..lanes {
                for k in lo..n {
                    let (a, b, c) = ops[l][k];
                    // SAFETY: SoftFloat calls are pure.
                    want[l][k] = Some(unsafe { sf::f32_mulAdd(s32(a), s32(b), s32(c)).v });
                }
            }
            let want_flags = sf_flags();
            let got = std::cell::RefCell::new(vec![vec![None; n]; lanes]);
            let flags = Flags::begin();
            let mut stored = 0;
            let host = |l: usize, k: usize| {
                let (a, b, c) = ops[l][k];
                f(a).mul_add(f(b), f(c)).to_bits()
            };
            let store = |l0: usize, g: usize, k0: usize, rs: &[u32]| {
                stored += g;
                let len = rs.len() / g;
                assert_eq!(len * g, rs.len(), "g equal parts");
                for (j, part) in rs.chunks_exact(len).enumerate() {
                    for (e, &r) in part.iter().enumerate() {
                        got.borrow_mut()[l0 + j][k0 + e] = Some(r);
                    }
                }
            };
            let slow = |l: usize, k: usize| {
                let (a, b, c) = ops[l][k];
                // SAFETY: SoftFloat calls are pure.
                got.borrow_mut()[l][k] = Some(unsafe { sf::f32_mulAdd(s32(a), s32(b), s32(c)).v });
            };
            // Both the whole-vector loop (lo = 0, 8 | n) and the general one run.
            run_lanes(lanes, lo, n, host, store, slow);
            let nx = flags.inexact();
            drop(flags);
            let got_flags = sf_flags() | nx as u8;
            assert_eq!(got.into_inner(), want, "values, {lanes} lanes, {lo}..{n}");
            assert_eq!(got_flags, want_flags, "flags, {lanes} lanes, {lo}..{n}");
            host_groups += stored;
            groups += if n - lo > GROUP {
                lanes * (n - lo).div_ceil(CHUNK)
            } else {
                lanes
            };
        }
        (host_groups, groups)
    }

    #[test]
    fn lane_groups_are_softfloats() {
        if !available() {
            return;
        }
        // SAFETY: `available` checked AVX2 and FMA.
        let (host, all) = unsafe {
            sf::softfloat_roundingMode_write_helper(0);
            sf_flags();
            compare_lanes(12, 600)
        };
        // Both paths are taken (counted in lanes or chunks stored).
        assert!(host > 0 && host < all, "{host} of {all} stored on the host");
    }

    #[test]
    fn copy_strips_copy_exactly_len_bytes_per_strip() {
        for len in [0, 1, 15, 16, 17, 32, 48, 64, 100, 128, 256, 300] {
            for count in [1, 3] {
                let stride = len + 5;
                let src: Vec<u8> = (0..(len * count) as u32)
                    .map(|x| (x * 7 + 3) as u8)
                    .collect();
                let mut dst = vec![0xeeu8; stride * count + 8];
                // SAFETY: src holds count·len bytes, dst count strides of len + 5.
                unsafe { copy_strips(src.as_ptr(), dst.as_mut_ptr(), stride, len, count) };
                for j in 0..count {
                    let d = &dst[j * stride..(j + 1) * stride];
                    assert_eq!(
                        &d[..len],
                        &src[j * len..(j + 1) * len],
                        "len {len}, strip {j}"
                    );
                    assert!(
                        d[len..].iter().all(|&b| b == 0xee),
                        "len {len}, strip {j}: past the end"
                    );
                }
            }
        }
    }

    /// Only chunks of plain operands stand; a NaN, an overflow or an underflow sends a
    /// chunk back (values worked out by hand).
    #[test]
    fn special_chunks_are_refused() {
        if !available() {
            return;
        }
        let case = |a: f32, b: f32| -> (bool, bool) {
            let flags = Flags::begin();
            let mut host = false;
            // Opaque operands, as guest data always are: constants would be folded at
            // compile time and raise nothing at run time.
            let (a, b) = std::hint::black_box((a, b));
            run(
                0,
                1,
                |_| a * b,
                |x: f32| x.is_nan(),
                |_, _| host = true,
                |_| {},
            );
            (host, flags.inexact())
        };
        assert_eq!(case(1.5, 2.0), (true, false)); // 3, exact
        assert_eq!(case(1.0 + f32::EPSILON, 1.0 + f32::EPSILON), (true, true)); // 1 + 2^-22 + 2^-46
        assert!(!case(f32::NAN, 1.0).0);
        assert!(!case(f32::INFINITY, 0.0).0); // invalid
        assert!(!case(f32::MAX, 2.0).0); // overflow
        // 2^-126 · 0.75 = 3 · 2^-128 is a subnormal, exact; 2^-126 · (0.5 + 2^-24) =
        // 2^-127 + 2^-150 is tiny and falls between subnormals (2^-149 apart): underflow.
        assert_eq!(case(f32::MIN_POSITIVE, 0.75), (true, false));
        assert!(!case(f32::MIN_POSITIVE, 0.5 + f32::EPSILON / 2.0).0);
        assert_eq!(case(f32::MIN_POSITIVE, 0.5), (true, false)); // tiny but exact: no flag
    }
}
