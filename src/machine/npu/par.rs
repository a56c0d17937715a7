//! Lane work on several host threads (`--threads N`).
//!
//! Between the points where lanes meet, a vector instruction does the same thing on
//! every lane's own registers, so its element loop can be split into contiguous lane
//! ranges run at once. Only loops that cannot trap are split (the element-wise
//! helpers of `crate::exec::vector`, whose checks have all passed before the loop), so
//! the result is the sequential one bit for bit: each range writes only its own lanes'
//! registers, and the FP flags the ranges raise are ORed together (their order does not
//! matter). Traps, DMA, the cross-lane unit, the systolic array and memory accesses
//! stay on the calling thread, in lane order.
//!
//! A vector instruction at L = 128 lanes is a few microseconds of work, so the pool is
//! built for hand-offs that cost far less: workers spin briefly on a job counter
//! before they park, and the caller runs the first range itself. The pool is one per
//! process; a second simulator that finds it busy (tests run in parallel) simply runs
//! its loop on its own thread.

use std::cell::UnsafeCell;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// Below this many elements (lanes x elements per lane) an instruction runs on one
/// thread. Measured with bench/npu.sh on the 2-core EPYC VM (bench/NPU-VECTOR.md,
/// 2026-12-02): splitting every instruction of the f32 tile at L = 256 / VLEN 512
/// (8192 elements each) made it 1.7x slower in wall time, and the int8 tile (32768
/// elements each) 1.2x slower: the element work per instruction is a few
/// microseconds, about what the hand-off and the second core's cache misses cost.
/// So only larger instructions (LMUL 8 at L = 256, VLEN >= 1024) are split.
pub const MIN_WORK: usize = 65536;

/// Worker spin iterations before parking (a few microseconds: the gap between two
/// vector instructions of a kernel is shorter than that).
const SPIN: u32 = 4_000;

static THREADS: AtomicUsize = AtomicUsize::new(1);
static POOL: OnceLock<Pool> = OnceLock::new();

/// Sets the number of threads lane loops may use (1: off). Takes effect for loops
/// that start afterwards; the pool is created on first use.
pub fn set_threads(n: usize) {
    THREADS.store(n.max(1), Ordering::Relaxed);
}

/// The configured number of threads.
pub fn threads() -> usize {
    THREADS.load(Ordering::Relaxed)
}

/// The `--threads` default: `NPU_SPIKE_THREADS` if set, else the host's cores.
/// `NPU_SPIKE_THREADS_MIN_WORK` overrides `MIN_WORK` (tests use 0 to take the
/// threaded path at small L).
pub fn default_threads() -> usize {
    if let Some(w) = std::env::var("NPU_SPIKE_THREADS_MIN_WORK")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        MIN_WORK_NOW.store(w, Ordering::Relaxed);
    }
    std::env::var("NPU_SPIKE_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n: &usize| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

static MIN_WORK_NOW: AtomicUsize = AtomicUsize::new(MIN_WORK);

/// Runs `f` over `0..lanes`, split into contiguous ranges on up to `threads()`
/// threads when `work` (elements) is large enough, else as one range here. `f` must
/// only touch state of the lanes in its range. The SoftFloat rounding mode is the
/// caller's in every range, and the SoftFloat flags the ranges raise end up in the
/// caller's.
#[inline]
pub fn for_lanes(lanes: usize, work: usize, f: impl Fn(Range<usize>) + Sync) {
    let t = threads().min(lanes);
    if t <= 1 || work < MIN_WORK_NOW.load(Ordering::Relaxed) {
        return f(0..lanes);
    }
    split(lanes, t, &f)
}

#[cold]
fn split(lanes: usize, t: usize, f: &(dyn Fn(Range<usize>) + Sync)) {
    let pool = POOL.get_or_init(|| Pool::new(threads()));
    let Ok(_busy) = pool.submit.try_lock() else {
        return f(0..lanes);
    };
    let t = t.min(pool.workers + 1);
    let mode = softfloat::mode();
    let flags = AtomicU64::new(0);
    let job = |part: usize| {
        softfloat::set_mode(mode);
        let before = softfloat::take_flags();
        f(lanes * part / t..lanes * (part + 1) / t);
        flags.fetch_or(softfloat::put_flags(before) as u64, Ordering::Relaxed);
    };
    pool.run(t, &job);
    softfloat::raise(flags.load(Ordering::Relaxed) as u8);
}

/// SoftFloat's thread-local state, as the ranges need it.
mod softfloat {
    use softfloat_sys as sf;

    pub fn mode() -> u8 {
        // SAFETY: reads SoftFloat's thread-local rounding mode.
        unsafe { sf::softfloat_roundingMode_read_helper() }
    }
    pub fn set_mode(m: u8) {
        // SAFETY: writes this thread's rounding mode.
        unsafe { sf::softfloat_roundingMode_write_helper(m) }
    }
    /// This thread's flags, now cleared.
    pub fn take_flags() -> u8 {
        // SAFETY: this thread's flag word.
        unsafe {
            let f = sf::softfloat_exceptionFlags_read_helper();
            sf::softfloat_exceptionFlags_write_helper(0);
            f
        }
    }
    /// Returns the flags raised since `take_flags` and restores `before` | them.
    pub fn put_flags(before: u8) -> u8 {
        let raised = take_flags();
        raise(before | raised);
        raised
    }
    pub fn raise(f: u8) {
        // SAFETY: this thread's flag word.
        unsafe {
            let now = sf::softfloat_exceptionFlags_read_helper();
            sf::softfloat_exceptionFlags_write_helper(now | f);
        }
    }
}

/// A job: runs part `i` of the current split.
type Job<'a> = &'a (dyn Fn(usize) + Sync);

struct Shared {
    /// The current job's number (high 32 bits) and its next unclaimed part (low 32).
    /// Publishing a job stores (number, 0); whoever claims part i (the caller or a
    /// worker) runs it, so a worker that is slow to wake costs nothing but its share:
    /// the caller takes the parts nobody has claimed.
    claim: AtomicU64,
    /// The current job and its number of parts (valid while `pending > 0`).
    job: UnsafeCell<Option<Job<'static>>>,
    parts: AtomicUsize,
    /// Parts not yet finished.
    pending: AtomicUsize,
    /// A part panicked (the caller panics in turn).
    panicked: AtomicBool,
    parked: Mutex<u64>,
    wake: Condvar,
}

// SAFETY: `job` is written only by the submitting thread while no part of a job is
// unfinished (under the `submit` lock, before publishing) and read only by a thread
// that has claimed an unfinished part of that same job (its claim, an Acquire CAS on
// the published word, sees the write; the job stays alive until pending is 0).
unsafe impl Sync for Shared {}

struct Pool {
    shared: Arc<Shared>,
    workers: usize,
    /// Held while a split runs: one job at a time.
    submit: Mutex<()>,
}

impl Shared {
    /// Claims and runs parts of job `number` until none is left; returns whether it
    /// ran any.
    fn work(&self, number: u64) {
        loop {
            let c = self.claim.load(Ordering::Acquire);
            if c >> 32 != number || (c & 0xffff_ffff) as usize >= self.parts.load(Ordering::Relaxed)
            {
                return;
            }
            if self
                .claim
                .compare_exchange_weak(c, c + 1, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            // SAFETY: we hold an unfinished part of job `number`, so it is published
            // and alive (see `unsafe impl Sync`).
            let job = unsafe { (*self.job.get()).expect("a claimed part has its job") };
            if std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                job((c & 0xffff_ffff) as usize)
            }))
            .is_err()
            {
                self.panicked.store(true, Ordering::Relaxed);
            }
            self.pending.fetch_sub(1, Ordering::Release);
        }
    }
}

impl Pool {
    fn new(threads: usize) -> Pool {
        let shared = Arc::new(Shared {
            claim: AtomicU64::new(0),
            job: UnsafeCell::new(None),
            parts: AtomicUsize::new(0),
            pending: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            parked: Mutex::new(0),
            wake: Condvar::new(),
        });
        let mut workers = 0;
        for w in 0..threads.saturating_sub(1) {
            let s = shared.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("npu-lanes-{}", w + 1))
                .spawn(move || worker(&s));
            if spawned.is_err() {
                break; // fewer threads than asked: the caller does more parts
            }
            workers += 1;
        }
        Pool {
            shared,
            workers,
            submit: Mutex::new(()),
        }
    }

    /// Runs parts 0..parts of `job` on the caller and the workers; returns when all
    /// are done.
    fn run(&self, parts: usize, job: Job<'_>) {
        let s = &self.shared;
        let number = (s.claim.load(Ordering::Relaxed) >> 32) + 1;
        // SAFETY: no part of any job is unfinished now (the previous `run` waited for
        // pending to reach 0), so nobody reads `job`; the lifetime is erased because
        // this function returns only after every part has finished.
        unsafe { *s.job.get() = Some(std::mem::transmute::<Job<'_>, Job<'static>>(job)) };
        s.parts.store(parts, Ordering::Relaxed);
        s.pending.store(parts, Ordering::Relaxed);
        s.claim.store(number << 32, Ordering::Release);
        {
            let parked = s.parked.lock().unwrap_or_else(|e| e.into_inner());
            if *parked > 0 {
                s.wake.notify_all();
            }
        }
        s.work(number);
        let mut spins = 0u32;
        while s.pending.load(Ordering::Acquire) != 0 {
            spins += 1;
            if spins < SPIN {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        // SAFETY: every part has finished (pending is 0).
        unsafe { *s.job.get() = None };
        if s.panicked.swap(false, Ordering::Relaxed) {
            panic!("a lane thread panicked");
        }
    }
}

fn worker(s: &Shared) {
    let mut seen = 0u64;
    loop {
        let mut spins = 0u32;
        let number = loop {
            let n = s.claim.load(Ordering::Acquire) >> 32;
            if n != seen {
                break n;
            }
            spins += 1;
            if spins < SPIN {
                std::hint::spin_loop();
                continue;
            }
            let mut parked = s.parked.lock().unwrap_or_else(|e| e.into_inner());
            *parked += 1;
            while s.claim.load(Ordering::Acquire) >> 32 == seen {
                parked = s.wake.wait(parked).unwrap_or_else(|e| e.into_inner());
            }
            *parked -= 1;
            spins = 0;
        };
        seen = number;
        s.work(number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A split covers every lane exactly once, and the flags each range raises reach
    /// the caller, whichever thread ran the range (the pool may be busy with another
    /// test: then the caller runs it all, with the same result).
    #[test]
    fn ranges_cover_the_lanes_and_flags_reach_the_caller() {
        set_threads(3);
        let seen: Vec<AtomicUsize> = (0..97).map(|_| AtomicUsize::new(0)).collect();
        softfloat::take_flags();
        split(97, 3, &|r: Range<usize>| {
            for l in r.clone() {
                seen[l].fetch_add(1, Ordering::Relaxed);
            }
            // The range holding lane 96 raises NX (1), the one holding lane 0 OF (4).
            if r.contains(&96) {
                softfloat::raise(1);
            }
            if r.contains(&0) {
                softfloat::raise(4);
            }
        });
        assert!(seen.iter().all(|c| c.load(Ordering::Relaxed) == 1));
        assert_eq!(softfloat::take_flags(), 5);
    }
}
