//! `probe`: a test accelerator model for npu-spike's host of the VCIX model interface
//! (vcix-accelerator `include/vcix_accel.h`, ABI 11). The layout below is written from
//! the header's documented structures; tests/vcix_model.rs builds this crate and runs
//! npu-spike with it (tests/models/guests has the programs and the encodings' table).
//!
//! What the model does, so that every value can be computed by hand:
//!
//! * Functional face (`execute`), with rd/rs1/rs2 the usual R-type fields. The vector
//!   encodings have the XSfvcp shape of `sf.vc.v.xv`/`sf.vc.v.fv` (funct6 0010_xx, vm 0:
//!   vd written, vs2 and x/f[rs1] read), which is how a host knows their operands:
//!   * `probe.add-x` (custom-2, funct3 100, funct7 0x12): on every lane L,
//!     `vd[L][i] = vs2[L][i] + L + x[rs1]` for i < vl at the current SEW (wrapping),
//!     over the LMUL group.
//!   * `probe_add_f` (custom-2, funct3 101, funct7 0x12): on every lane,
//!     `vd[i] = vs2[i] + f[rs1]` (the register's 64 raw bits, truncated to SEW).
//!   * `probe_lane` (custom-2, funct3 100, funct7 0x14): lane 0's `vd[i]` = lane x[rs1]'s `vs2[i]`.
//!   * `probe_wait` (custom-2, funct3 100, funct7 0x16): on every lane `vd[i] = vs2[i] + x[rs1]`.
//!   * `probe_info` (custom-1, funct3 0, funct7 1): `x[rd] = lanes << 32 | vlen_bits`.
//!   * `probe_csr` (custom-1, funct7 2): `x[rd] = csr[x[rs1]]`.
//!   * `probe_copy` (custom-1, funct7 3): copies x[rd] bytes from x[rs1] to x[rs2], then
//!     `x[rd]` = the sum of the bytes copied.
//!   * Misuse: `probe_bad_lane` (custom-2 funct3 0 funct7 0x10) asks for vreg(lanes, 0),
//!     `probe_bad_vreg` (funct7 0x11) for vreg(0, 32), `probe_bad_xreg` (custom-1
//!     funct7 0x10) for xreg_read(32).
//! * Timing face: unit `pipe` (every encoding but `probe_wait`) is pipelined, depth 4,
//!   latency 10, one issue per cycle; `can_accept` refuses while 4 are in flight (issued,
//!   not yet ready). Unit `wait` (`probe_wait`) takes one per cycle, `issue` returns
//!   VCIX_LATENCY_UNKNOWN and `ready` turns true `probe_wait_cycles` (default 7) cycles
//!   after the issue.
//! * Statistics: per unit one primary port `issue` (admitted = issues, capacity 1,
//!   cycles = ticks, occupancy = instructions in flight summed over the cycles: an
//!   instruction counts from its issue cycle to the cycle before it is ready, so
//!   latency cycles each), and unit `committed` with one count per encoding.
//! * The machine description (`config.get`): `probe_create: refuse` makes create fail,
//!   so does `tpu_sfu_latency_cycles` that is not a positive number (a `tpu_*` key the
//!   model owns, refused as the reference TPU model refuses it),
//!   `probe_wait_cycles: N`, `probe_trace: 1` prints each execute/issue/ready/commit/
//!   squash on stdout, `probe_show: k1,k2` prints what `get` returns for those keys.
//! * Environment, read in `vcix_accel_model()`: `PROBE_ABI=N` (that abi_version),
//!   `PROBE_NULL_FIELD=name|create|destroy|execute` (that pointer NULL),
//!   `PROBE_BAD_OPCODE=1` (one more encoding, `probe_bad_opcode`, on custom-0).
//! * Every breach of the interface's rules that the model can see (tick skipped or out
//!   of order, issue without can_accept in the cycle, commit out of order or early, ready
//!   asked when it should not be, one instance used by both faces) prints
//!   `probe: contract: ...` on stderr.

use std::collections::VecDeque;
use std::ffi::{CStr, c_char, c_int, c_void};
use std::io::Write;
use std::sync::OnceLock;

const ABI_VERSION: u32 = 11;
const LATENCY_UNKNOWN: u64 = u64::MAX;
const PIPE_DEPTH: usize = 4;
const PIPE_LATENCY: u64 = 10;
const DEFAULT_WAIT_CYCLES: u64 = 7;

const STAT_ADMITTED: u32 = 0;
const STAT_CAPACITY: u32 = 1;
const STAT_CYCLES: u32 = 2;
const STAT_OCCUPANCY: u32 = 3;
const STAT_COUNT: u32 = 4;

#[repr(C)]
pub struct Encoding {
    match_bits: u32,
    mask: u32,
    name: *const c_char,
}

#[repr(C)]
pub struct Insn {
    bits: u32,
    vl: u32,
    sew_bits: u32,
    lmul_log2: i32,
}

#[repr(C)]
pub struct Config {
    ctx: *mut c_void,
    get: Option<unsafe extern "C" fn(*mut c_void, *const c_char) -> *const c_char>,
}

#[repr(C)]
pub struct Host {
    ctx: *mut c_void,
    lanes: unsafe extern "C" fn(*mut c_void) -> u32,
    vlen_bits: unsafe extern "C" fn(*mut c_void) -> u32,
    vreg: unsafe extern "C" fn(*mut c_void, u32, u32, c_int) -> *mut c_void,
    xreg_read: unsafe extern "C" fn(*mut c_void, u32) -> u64,
    xreg_write: unsafe extern "C" fn(*mut c_void, u32, u64),
    freg_bits: unsafe extern "C" fn(*mut c_void, u32) -> u64,
    csr_read: unsafe extern "C" fn(*mut c_void, u32) -> u64,
    mem_read: unsafe extern "C" fn(*mut c_void, u64, *mut c_void, usize),
    mem_write: unsafe extern "C" fn(*mut c_void, u64, *const c_void, usize),
}

#[repr(C)]
pub struct Stat {
    unit: *const c_char,
    name: *const c_char,
    unit_of_work: *const c_char,
    kind: u32,
    primary: u32,
}

type CreateFn = unsafe extern "C" fn(*const Config, *mut c_char, usize) -> *mut c_void;
type ExecuteFn = unsafe extern "C" fn(*mut c_void, *const Host, *const Insn);

#[repr(C)]
pub struct Model {
    abi_version: u32,
    name: *const c_char,
    encodings: *const Encoding,
    num_encodings: usize,
    create: Option<CreateFn>,
    destroy: Option<unsafe extern "C" fn(*mut c_void)>,
    execute: Option<ExecuteFn>,
    can_accept: Option<unsafe extern "C" fn(*mut c_void, *const Insn, u64) -> c_int>,
    issue: Option<unsafe extern "C" fn(*mut c_void, *const Insn, u64, u64) -> u64>,
    squash: Option<unsafe extern "C" fn(*mut c_void, u64, u64)>,
    commit: Option<unsafe extern "C" fn(*mut c_void, *const Insn, u64, u64)>,
    tick: Option<unsafe extern "C" fn(*mut c_void, u64)>,
    ready: Option<unsafe extern "C" fn(*mut c_void, u64, u64) -> c_int>,
    reset: Option<unsafe extern "C" fn(*mut c_void)>,
    num_stats: Option<unsafe extern "C" fn(*mut c_void) -> usize>,
    stat: Option<unsafe extern "C" fn(*mut c_void, usize) -> *const Stat>,
    read_stats: Option<unsafe extern "C" fn(*mut c_void, *mut u64)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Op {
    AddX,
    AddF,
    Lane,
    Wait,
    BadLane,
    BadVreg,
    Info,
    Csr,
    Copy,
    BadXreg,
    BadOpcode,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Unit {
    Pipe,
    Wait,
}

const CUSTOM_1: u32 = 0x2B;
const CUSTOM_2: u32 = 0x5B;
/// opcode, funct3 and funct7.
const MASK: u32 = 0xFE00_707F;

const fn bits(opcode: u32, funct3: u32, funct7: u32) -> u32 {
    (funct7 << 25) | (funct3 << 12) | opcode
}

struct Def {
    match_bits: u32,
    name: &'static CStr,
    op: Op,
}

/// The encodings, in the order the model lists them (first match wins).
const DEFS: [Def; 10] = [
    Def {
        match_bits: bits(CUSTOM_2, 4, 0x12),
        name: c"probe.add-x",
        op: Op::AddX,
    },
    Def {
        match_bits: bits(CUSTOM_2, 5, 0x12),
        name: c"probe_add_f",
        op: Op::AddF,
    },
    Def {
        match_bits: bits(CUSTOM_2, 4, 0x14),
        name: c"probe_lane",
        op: Op::Lane,
    },
    Def {
        match_bits: bits(CUSTOM_2, 4, 0x16),
        name: c"probe_wait",
        op: Op::Wait,
    },
    Def {
        match_bits: bits(CUSTOM_2, 0, 0x10),
        name: c"probe_bad_lane",
        op: Op::BadLane,
    },
    Def {
        match_bits: bits(CUSTOM_2, 0, 0x11),
        name: c"probe_bad_vreg",
        op: Op::BadVreg,
    },
    Def {
        match_bits: bits(CUSTOM_1, 0, 0x01),
        name: c"probe_info",
        op: Op::Info,
    },
    Def {
        match_bits: bits(CUSTOM_1, 0, 0x02),
        name: c"probe_csr",
        op: Op::Csr,
    },
    Def {
        match_bits: bits(CUSTOM_1, 0, 0x03),
        name: c"probe_copy",
        op: Op::Copy,
    },
    Def {
        match_bits: bits(CUSTOM_1, 0, 0x10),
        name: c"probe_bad_xreg",
        op: Op::BadXreg,
    },
];

/// Only with PROBE_BAD_OPCODE=1: custom-0, which a model may not claim.
const BAD_OPCODE: Def = Def {
    match_bits: bits(0x0B, 0, 0x01),
    name: c"probe_bad_opcode",
    op: Op::BadOpcode,
};

fn def_of(bits: u32) -> Option<usize> {
    DEFS.iter().position(|d| bits & MASK == d.match_bits)
}

fn unit_of(op: Op) -> Unit {
    if op == Op::Wait {
        Unit::Wait
    } else {
        Unit::Pipe
    }
}

/// The model table and the encodings it points to, made once per process.
struct Table {
    model: Model,
    _encodings: Vec<Encoding>,
}

// The table holds pointers to 'static strings and to its own vector only; it is never
// written after it is made.
unsafe impl Sync for Table {}
unsafe impl Send for Table {}

fn make_table() -> Table {
    let abi_version = std::env::var("PROBE_ABI")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(ABI_VERSION);
    let null = std::env::var("PROBE_NULL_FIELD").unwrap_or_default();
    let mut defs: Vec<&Def> = DEFS.iter().collect();
    if std::env::var("PROBE_BAD_OPCODE").is_ok_and(|v| v == "1") {
        defs.push(&BAD_OPCODE);
    }
    let encodings: Vec<Encoding> = defs
        .iter()
        .map(|d| Encoding {
            match_bits: d.match_bits,
            mask: MASK,
            name: d.name.as_ptr(),
        })
        .collect();
    let model = Model {
        abi_version,
        name: if null == "name" {
            std::ptr::null()
        } else {
            c"probe".as_ptr()
        },
        encodings: encodings.as_ptr(),
        num_encodings: encodings.len(),
        create: if null == "create" { None } else { Some(create) },
        destroy: if null == "destroy" {
            None
        } else {
            Some(destroy)
        },
        execute: if null == "execute" {
            None
        } else {
            Some(execute)
        },
        can_accept: Some(can_accept),
        issue: Some(issue),
        squash: Some(squash),
        commit: Some(commit),
        tick: Some(tick),
        ready: Some(ready),
        reset: Some(reset),
        num_stats: Some(num_stats),
        stat: Some(stat),
        read_stats: Some(read_stats),
    };
    Table {
        model,
        _encodings: encodings,
    }
}

/// The model's entry point: the one symbol a host looks up.
#[unsafe(no_mangle)]
pub extern "C" fn vcix_accel_model() -> *const Model {
    static TABLE: OnceLock<Table> = OnceLock::new();
    &TABLE.get_or_init(make_table).model
}

/// One instruction issued on the timing face and not yet committed or squashed.
struct Flight {
    id: u64,
    def: usize,
    unit: Unit,
    issued: u64,
    /// The first cycle at which it is ready (for `wait`: issue + probe_wait_cycles).
    ready_at: u64,
    unknown: bool,
    said_ready: bool,
}

/// Per unit: the first stat index of its port (admitted, capacity, cycles, occupancy).
const PIPE_STATS: usize = 0;
const WAIT_STATS: usize = 4;
const COMMITTED_STATS: usize = 8;
const NUM_STATS: usize = COMMITTED_STATS + DEFS.len();

struct Probe {
    wait_cycles: u64,
    trace: bool,
    executed: bool,
    timed: bool,
    last_tick: Option<u64>,
    /// The instruction bits and cycle of the last can_accept that answered 1.
    accepted: Option<(u32, u64)>,
    last_id: Option<u64>,
    pipe_issued: Option<u64>,
    wait_issued: Option<u64>,
    flights: VecDeque<Flight>,
    values: [u64; NUM_STATS],
    stats: Vec<Stat>,
}

fn breach(what: std::fmt::Arguments) {
    let _ = writeln!(std::io::stderr(), "probe: contract: {what}");
}

fn trace(line: std::fmt::Arguments) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "[probe] {line}");
    let _ = out.flush();
}

fn name_of(def: usize) -> &'static str {
    DEFS[def].name.to_str().unwrap_or("?")
}

/// `config.get(key)` as a Rust string, None when absent.
unsafe fn get(config: *const Config, key: &CStr) -> Option<String> {
    let config = unsafe { config.as_ref() }?;
    let get = config.get?;
    let value = unsafe { get(config.ctx, key.as_ptr()) };
    if value.is_null() {
        return None;
    }
    Some(
        unsafe { CStr::from_ptr(value) }
            .to_string_lossy()
            .into_owned(),
    )
}

fn fail(error: *mut c_char, size: usize, reason: &str) -> *mut c_void {
    if !error.is_null() && size > 0 {
        let n = reason.len().min(size - 1);
        unsafe {
            std::ptr::copy_nonoverlapping(reason.as_ptr(), error.cast::<u8>(), n);
            *error.add(n) = 0;
        }
    }
    std::ptr::null_mut()
}

unsafe extern "C" fn create(config: *const Config, error: *mut c_char, size: usize) -> *mut c_void {
    if unsafe { get(config, c"probe_create") }.as_deref() == Some("refuse") {
        return fail(error, size, "probe_create asks me to refuse");
    }
    let wait_cycles = match unsafe { get(config, c"probe_wait_cycles") } {
        None => DEFAULT_WAIT_CYCLES,
        Some(v) => match v.parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => {
                return fail(
                    error,
                    size,
                    &format!("probe_wait_cycles: '{v}' is not a positive number"),
                );
            }
        },
    };
    // A key of the kind npu-spike leaves to a loaded model (tpu_*): checked the way the
    // reference TPU model checks its pipeline depths, so a test can see whose refusal
    // the user gets.
    if let Some(v) = unsafe { get(config, c"tpu_sfu_latency_cycles") }
        && !matches!(v.parse::<u64>(), Ok(n) if n > 0)
    {
        return fail(
            error,
            size,
            &format!(
                "machine description: tpu_sfu_latency_cycles: '{v}' is not a pipeline depth: at least 1"
            ),
        );
    }
    let trace_on = unsafe { get(config, c"probe_trace") }.as_deref() == Some("1");
    if let Some(keys) = unsafe { get(config, c"probe_show") } {
        for key in keys.split(',') {
            let Ok(k) = std::ffi::CString::new(key) else {
                continue;
            };
            match unsafe { get(config, &k) } {
                Some(v) => trace(format_args!("config {key} = [{v}]")),
                None => trace(format_args!("config {key} absent")),
            }
        }
    }
    let mut stats = Vec::with_capacity(NUM_STATS);
    for unit in [c"pipe", c"wait"] {
        for kind in [STAT_ADMITTED, STAT_CAPACITY, STAT_CYCLES, STAT_OCCUPANCY] {
            stats.push(Stat {
                unit: unit.as_ptr(),
                name: c"issue".as_ptr(),
                unit_of_work: c"instructions".as_ptr(),
                kind,
                primary: 1,
            });
        }
    }
    for d in &DEFS {
        stats.push(Stat {
            unit: c"committed".as_ptr(),
            name: d.name.as_ptr(),
            unit_of_work: c"instructions".as_ptr(),
            kind: STAT_COUNT,
            primary: 0,
        });
    }
    let mut values = [0u64; NUM_STATS];
    values[PIPE_STATS + 1] = 1;
    values[WAIT_STATS + 1] = 1;
    let probe = Probe {
        wait_cycles,
        trace: trace_on,
        executed: false,
        timed: false,
        last_tick: None,
        accepted: None,
        last_id: None,
        pipe_issued: None,
        wait_issued: None,
        flights: VecDeque::with_capacity(64),
        values,
        stats,
    };
    Box::into_raw(Box::new(probe)).cast()
}

unsafe extern "C" fn destroy(this: *mut c_void) {
    if !this.is_null() {
        drop(unsafe { Box::from_raw(this.cast::<Probe>()) });
    }
}

fn probe<'a>(this: *mut c_void) -> &'a mut Probe {
    unsafe { &mut *this.cast::<Probe>() }
}

/// One operand group's element access through the host, at the instruction's SEW.
struct Vec_<'a> {
    host: &'a Host,
    sew_bytes: usize,
    per_reg: usize,
}

impl Vec_<'_> {
    /// The register holding element `i` of the group at `base`, and the byte offset.
    fn reg(&self, lane: u32, base: u32, i: usize, write: bool) -> Option<(*mut u8, usize)> {
        let r = base + (i / self.per_reg) as u32;
        let p = unsafe { (self.host.vreg)(self.host.ctx, lane, r, write as c_int) };
        if p.is_null() {
            return None;
        }
        Some((p.cast::<u8>(), (i % self.per_reg) * self.sew_bytes))
    }

    fn read(&self, lane: u32, base: u32, i: usize) -> Option<u64> {
        let (p, off) = self.reg(lane, base, i, false)?;
        let mut b = [0u8; 8];
        unsafe { std::ptr::copy_nonoverlapping(p.add(off), b.as_mut_ptr(), self.sew_bytes) };
        Some(u64::from_le_bytes(b))
    }

    fn write(&self, lane: u32, base: u32, i: usize, v: u64) -> Option<()> {
        let (p, off) = self.reg(lane, base, i, true)?;
        let b = v.to_le_bytes();
        unsafe { std::ptr::copy_nonoverlapping(b.as_ptr(), p.add(off), self.sew_bytes) };
        Some(())
    }
}

/// vd[lane][i] = f(vs2[src_lane][i]) for i < vl; stops at the first refused register.
fn map(
    v: &Vec_,
    vl: usize,
    (dst_lane, vd): (u32, u32),
    (src_lane, vs2): (u32, u32),
    f: impl Fn(u64) -> u64,
) -> Option<()> {
    for i in 0..vl {
        let x = v.read(src_lane, vs2, i)?;
        v.write(dst_lane, vd, i, f(x))?;
    }
    Some(())
}

unsafe extern "C" fn execute(this: *mut c_void, host: *const Host, insn: *const Insn) {
    let p = probe(this);
    let (Some(host), Some(insn)) = (unsafe { host.as_ref() }, unsafe { insn.as_ref() }) else {
        breach(format_args!("execute with a NULL host or instruction"));
        return;
    };
    p.executed = true;
    if p.timed {
        breach(format_args!("execute on an instance the timing face uses"));
    }
    let Some(def) = def_of(insn.bits) else {
        breach(format_args!(
            "execute of {:#010x}, which the model does not own",
            insn.bits
        ));
        return;
    };
    if p.trace {
        trace(format_args!(
            "execute {} bits={:#010x} vl={} sew={} lmul={}",
            name_of(def),
            insn.bits,
            insn.vl,
            insn.sew_bits,
            insn.lmul_log2
        ));
    }
    let rd = (insn.bits >> 7) & 31;
    let rs1 = (insn.bits >> 15) & 31;
    let rs2 = (insn.bits >> 20) & 31;
    let ctx = host.ctx;
    let sew_bytes = (insn.sew_bits / 8) as usize;
    let vlen = unsafe { (host.vlen_bits)(ctx) } as usize;
    let vector = matches!(DEFS[def].op, Op::AddX | Op::AddF | Op::Lane | Op::Wait);
    if vector && (!matches!(sew_bytes, 1 | 2 | 4 | 8) || vlen < insn.sew_bits as usize) {
        breach(format_args!("SEW {} at VLEN {vlen}", insn.sew_bits));
        return;
    }
    let v = Vec_ {
        host,
        sew_bytes,
        // Only the vector forms use it (the scalar ones need no division).
        per_reg: if vector { vlen / 8 / sew_bytes } else { 0 },
    };
    let vl = insn.vl as usize;
    let mask = if sew_bytes >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * sew_bytes)) - 1
    };
    match DEFS[def].op {
        Op::AddX => {
            let x = unsafe { (host.xreg_read)(ctx, rs1) };
            let lanes = unsafe { (host.lanes)(ctx) };
            for lane in 0..lanes {
                let add = x.wrapping_add(lane as u64);
                if map(&v, vl, (lane, rd), (lane, rs2), |e| {
                    e.wrapping_add(add) & mask
                })
                .is_none()
                {
                    return;
                }
            }
        }
        Op::AddF | Op::Wait => {
            let x = if DEFS[def].op == Op::AddF {
                unsafe { (host.freg_bits)(ctx, rs1) }
            } else {
                unsafe { (host.xreg_read)(ctx, rs1) }
            };
            let lanes = unsafe { (host.lanes)(ctx) };
            for lane in 0..lanes {
                if map(&v, vl, (lane, rd), (lane, rs2), |e| {
                    e.wrapping_add(x) & mask
                })
                .is_none()
                {
                    return;
                }
            }
        }
        Op::Lane => {
            let k = unsafe { (host.xreg_read)(ctx, rs1) } as u32;
            let _ = map(&v, vl, (0, rd), (k, rs2), |e| e);
        }
        Op::BadLane => {
            let lanes = unsafe { (host.lanes)(ctx) };
            let _ = unsafe { (host.vreg)(ctx, lanes, 0, 0) };
        }
        Op::BadVreg => {
            let _ = unsafe { (host.vreg)(ctx, 0, 32, 1) };
        }
        Op::Info => {
            let lanes = unsafe { (host.lanes)(ctx) } as u64;
            unsafe { (host.xreg_write)(ctx, rd, (lanes << 32) | vlen as u64) };
        }
        Op::Csr => {
            let csr = unsafe { (host.xreg_read)(ctx, rs1) } as u32;
            let value = unsafe { (host.csr_read)(ctx, csr) };
            unsafe { (host.xreg_write)(ctx, rd, value) };
        }
        Op::Copy => {
            let n = unsafe { (host.xreg_read)(ctx, rd) };
            let src = unsafe { (host.xreg_read)(ctx, rs1) };
            let dst = unsafe { (host.xreg_read)(ctx, rs2) };
            let mut buf = [0u8; 64];
            let mut sum = 0u64;
            let mut done = 0u64;
            while done < n {
                let len = (n - done).min(buf.len() as u64) as usize;
                unsafe {
                    (host.mem_read)(ctx, src.wrapping_add(done), buf.as_mut_ptr().cast(), len);
                    (host.mem_write)(ctx, dst.wrapping_add(done), buf.as_ptr().cast(), len);
                }
                sum += buf[..len].iter().map(|&b| b as u64).sum::<u64>();
                done += len as u64;
            }
            unsafe { (host.xreg_write)(ctx, rd, sum) };
        }
        Op::BadXreg => {
            let _ = unsafe { (host.xreg_read)(ctx, 32) };
        }
        Op::BadOpcode => {}
    }
}

impl Probe {
    fn timing(&mut self, what: &str, now: u64) {
        self.timed = true;
        if self.executed {
            breach(format_args!(
                "{what} on an instance the functional face uses"
            ));
        }
        if what != "tick" && self.last_tick != Some(now) {
            breach(format_args!(
                "{what} at cycle {now}, but the last tick was {:?}",
                self.last_tick
            ));
        }
    }

    fn in_flight(&self, unit: Unit, now: u64) -> usize {
        self.flights
            .iter()
            .filter(|f| f.unit == unit && f.ready_at > now)
            .count()
    }
}

fn insn_def(insn: *const Insn, what: &str) -> Option<(u32, usize)> {
    let bits = unsafe { insn.as_ref() }?.bits;
    match def_of(bits) {
        Some(d) => Some((bits, d)),
        None => {
            breach(format_args!(
                "{what} of {bits:#010x}, which the model does not own"
            ));
            None
        }
    }
}

unsafe extern "C" fn tick(this: *mut c_void, now: u64) {
    let p = probe(this);
    p.timing("tick", now);
    if let Some(last) = p.last_tick
        && now != last + 1
    {
        breach(format_args!("tick at cycle {now} after the tick at {last}"));
    }
    p.last_tick = Some(now);
    for (unit, base) in [(Unit::Pipe, PIPE_STATS), (Unit::Wait, WAIT_STATS)] {
        p.values[base + 2] += 1;
        // Issued in an earlier cycle and not ready yet (the issue cycle counts at issue).
        let held = p
            .flights
            .iter()
            .filter(|f| f.unit == unit && f.issued < now && now < f.ready_at)
            .count();
        p.values[base + 3] += held as u64;
    }
}

unsafe extern "C" fn can_accept(this: *mut c_void, insn: *const Insn, now: u64) -> c_int {
    let p = probe(this);
    p.timing("can_accept", now);
    let Some((bits, def)) = insn_def(insn, "can_accept") else {
        return 0;
    };
    let ok = match unit_of(DEFS[def].op) {
        Unit::Pipe => p.pipe_issued != Some(now) && p.in_flight(Unit::Pipe, now) < PIPE_DEPTH,
        Unit::Wait => p.wait_issued != Some(now),
    };
    if ok {
        p.accepted = Some((bits, now));
    }
    ok as c_int
}

unsafe extern "C" fn issue(this: *mut c_void, insn: *const Insn, id: u64, now: u64) -> u64 {
    let p = probe(this);
    p.timing("issue", now);
    let Some((bits, def)) = insn_def(insn, "issue") else {
        return 1;
    };
    if p.accepted != Some((bits, now)) {
        breach(format_args!(
            "issue of id {id} at cycle {now} without can_accept answering 1 in that cycle"
        ));
    }
    p.accepted = None;
    if let Some(last) = p.last_id
        && id <= last
    {
        breach(format_args!("issue of id {id} after id {last}"));
    }
    p.last_id = Some(id);
    let unit = unit_of(DEFS[def].op);
    let (base, latency, ready_at) = match unit {
        Unit::Pipe => {
            p.pipe_issued = Some(now);
            (PIPE_STATS, PIPE_LATENCY, now + PIPE_LATENCY)
        }
        Unit::Wait => {
            p.wait_issued = Some(now);
            (WAIT_STATS, LATENCY_UNKNOWN, now + p.wait_cycles)
        }
    };
    p.values[base] += 1;
    p.values[base + 3] += 1;
    p.flights.push_back(Flight {
        id,
        def,
        unit,
        issued: now,
        ready_at,
        unknown: latency == LATENCY_UNKNOWN,
        said_ready: false,
    });
    if p.trace {
        trace(format_args!("issue {} id={id} at {now}", name_of(def)));
    }
    latency
}

unsafe extern "C" fn ready(this: *mut c_void, id: u64, now: u64) -> c_int {
    let p = probe(this);
    p.timing("ready", now);
    let trace_on = p.trace;
    let Some(f) = p.flights.iter_mut().find(|f| f.id == id) else {
        breach(format_args!("ready of id {id}, which is not in flight"));
        return 0;
    };
    if !f.unknown || f.said_ready {
        breach(format_args!(
            "ready of id {id} at cycle {now}: its latency is known or it was ready already"
        ));
    }
    let ok = now >= f.ready_at;
    if ok {
        f.said_ready = true;
        if trace_on {
            trace(format_args!("ready {} id={id} at {now}", name_of(f.def)));
        }
    }
    ok as c_int
}

unsafe extern "C" fn commit(this: *mut c_void, insn: *const Insn, id: u64, now: u64) {
    let p = probe(this);
    p.timing("commit", now);
    let Some((_, def)) = insn_def(insn, "commit") else {
        return;
    };
    match p.flights.front() {
        Some(f) if f.id == id => {
            if f.def != def {
                breach(format_args!(
                    "commit of id {id} as {} but it was issued as {}",
                    name_of(def),
                    name_of(f.def)
                ));
            }
            if now < f.ready_at || (f.unknown && !f.said_ready) {
                breach(format_args!(
                    "commit of id {id} at cycle {now}, before it is ready ({})",
                    f.ready_at
                ));
            }
        }
        Some(f) => breach(format_args!(
            "commit of id {id}, but the oldest in flight is id {}",
            f.id
        )),
        None => breach(format_args!("commit of id {id}, but nothing is in flight")),
    }
    p.flights.retain(|f| f.id != id);
    p.values[COMMITTED_STATS + def] += 1;
    if p.trace {
        trace(format_args!("commit {} id={id} at {now}", name_of(def)));
    }
}

unsafe extern "C" fn squash(this: *mut c_void, first: u64, now: u64) {
    let p = probe(this);
    p.timing("squash", now);
    p.flights.retain(|f| f.id < first);
    p.accepted = None;
    if p.trace {
        trace(format_args!("squash from id={first} at {now}"));
    }
}

unsafe extern "C" fn reset(this: *mut c_void) {
    let p = probe(this);
    p.flights.clear();
    p.accepted = None;
    p.pipe_issued = None;
    p.wait_issued = None;
    p.last_tick = None;
}

unsafe extern "C" fn num_stats(this: *mut c_void) -> usize {
    probe(this).stats.len()
}

unsafe extern "C" fn stat(this: *mut c_void, i: usize) -> *const Stat {
    probe(this)
        .stats
        .get(i)
        .map_or(std::ptr::null(), |s| s as *const Stat)
}

unsafe extern "C" fn read_stats(this: *mut c_void, values: *mut u64) {
    let p = probe(this);
    if !values.is_null() {
        unsafe { std::ptr::copy_nonoverlapping(p.values.as_ptr(), values, NUM_STATS) };
    }
}
