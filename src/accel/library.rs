//! A model in a shared library, through the vcix-accelerator C interface (ABI 11).
//!
//! The layout below is written from the interface's documentation: `vcix_accel_model()`
//! returns a table (`RawModel`) of the model's name, its encodings and its functions;
//! `create` makes an instance from the machine description; the functional face gets a
//! host table (`RawHost`) of callbacks into the hart.
//!
//! A callback must never unwind into the C library, so the host's callbacks record what
//! went wrong in their context and return something harmless (a zeroed value, a scratch
//! register for a bad `vreg`); the run ends after `execute` returns: misuse of the host
//! table with exit 1 and a message naming the callback, a memory fault as the trap it
//! is (under the proxy kernel: pk's segfault report, exit 255). Accesses after the
//! first fault are dropped.

use super::ABI_VERSION;
use crate::config::MachineDesc;
use crate::machine::accel::{Accel, CUSTOM_1, CUSTOM_2, Encoding, Latency};
use crate::machine::accel::{StatEntry, StatKind, VcixInsn};
use crate::machine::{ExecResult, Insn};
use crate::machine::{Hart, Trap};
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::{Path, PathBuf};

#[repr(C)]
struct RawEncoding {
    matches: u32,
    mask: u32,
    name: *const c_char,
}

#[repr(C)]
struct RawConfig {
    ctx: *mut c_void,
    get: unsafe extern "C" fn(*mut c_void, *const c_char) -> *const c_char,
}

#[repr(C)]
struct RawHost {
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
struct RawStat {
    unit: *const c_char,
    name: *const c_char,
    unit_of_work: *const c_char,
    kind: u32,
    primary: u32,
}

type Slf = *mut c_void;

#[repr(C)]
struct RawModel {
    abi_version: u32,
    name: *const c_char,
    encodings: *const RawEncoding,
    num_encodings: usize,
    create: Option<unsafe extern "C" fn(*const RawConfig, *mut c_char, usize) -> Slf>,
    destroy: Option<unsafe extern "C" fn(Slf)>,
    execute: Option<unsafe extern "C" fn(Slf, *const RawHost, *const VcixInsn)>,
    can_accept: Option<unsafe extern "C" fn(Slf, *const VcixInsn, u64) -> c_int>,
    issue: Option<unsafe extern "C" fn(Slf, *const VcixInsn, u64, u64) -> u64>,
    squash: Option<unsafe extern "C" fn(Slf, u64, u64)>,
    commit: Option<unsafe extern "C" fn(Slf, *const VcixInsn, u64, u64)>,
    tick: Option<unsafe extern "C" fn(Slf, u64)>,
    ready: Option<unsafe extern "C" fn(Slf, u64, u64) -> c_int>,
    reset: Option<unsafe extern "C" fn(Slf)>,
    num_stats: Option<unsafe extern "C" fn(Slf) -> usize>,
    stat: Option<unsafe extern "C" fn(Slf, usize) -> *const RawStat>,
    read_stats: Option<unsafe extern "C" fn(Slf, *mut u64)>,
}

/// What `issue` returns when the ready cycle is not known yet.
const LATENCY_UNKNOWN: u64 = u64::MAX;

/// A loaded, checked model library.
pub struct Library {
    pub path: PathBuf,
    pub name: String,
    pub encodings: Vec<Encoding>,
    table: *const RawModel,
    // Kept loaded for as long as the table is used (dropped last).
    _lib: libloading::Library,
}

// SAFETY: the table is immutable and valid while the library is loaded; instances are
// used by one thread at a time (the simulation that made them).
unsafe impl Send for Library {}
unsafe impl Sync for Library {}

/// A C string the model gave, or None for NULL.
///
/// SAFETY: `p` is NULL or a NUL-terminated string valid for the call.
unsafe fn text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        None
    } else {
        Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }
}

impl Library {
    /// Loads `path` and checks its table: ABI version, the required fields, and that
    /// every encoding is a custom-1 or custom-2 word.
    pub fn load(path: &Path) -> Result<Library, String> {
        let shown = path.display();
        let what = format!("accelerator model {shown}");
        if !path.exists() {
            return Err(format!("{what}: cannot be loaded: no such file"));
        }
        // A relative name without a slash would be searched on the library path.
        let abs = if path.components().count() == 1 {
            Path::new(".").join(path)
        } else {
            path.to_path_buf()
        };
        // SAFETY: loading runs the library's initialisers; a model is the user's own code.
        let lib = unsafe { libloading::Library::new(&abs) }
            .map_err(|e| format!("{what}: cannot be loaded: {e}"))?;
        // SAFETY: the symbol's type is the interface's `const vcix_model *(void)`.
        let entry: libloading::Symbol<unsafe extern "C" fn() -> *const RawModel> =
            unsafe { lib.get(b"vcix_accel_model\0") }
                .map_err(|_| format!("{what}: does not export vcix_accel_model"))?;
        // SAFETY: calling the model's entry point as documented.
        let table = unsafe { entry() };
        if table.is_null() {
            return Err(format!("{what}: vcix_accel_model() returned NULL"));
        }
        // Read the version first, and nothing else if it differs.
        // SAFETY: every version of the table starts with a uint32_t abi_version.
        let version = unsafe { *(table as *const u32) };
        if version != ABI_VERSION {
            return Err(format!(
                "{what}: the model has ABI version {version}; npu-spike hosts version {ABI_VERSION}"
            ));
        }
        // SAFETY: the version says the table has the ABI 11 layout.
        let m = unsafe { &*table };
        let name = unsafe { text(m.name) }.ok_or(format!("{what}: name is NULL"))?;
        for (field, present) in [
            ("create", m.create.is_some()),
            ("destroy", m.destroy.is_some()),
            ("execute", m.execute.is_some()),
        ] {
            if !present {
                return Err(format!("{what} ({name}): {field} is NULL"));
            }
        }
        if m.num_encodings > 0 && m.encodings.is_null() {
            return Err(format!(
                "{what} ({name}): encodings is NULL but num_encodings is {}",
                m.num_encodings
            ));
        }
        let mut encodings = Vec::with_capacity(m.num_encodings);
        for k in 0..m.num_encodings {
            // SAFETY: the table promises num_encodings entries.
            let e = unsafe { &*m.encodings.add(k) };
            let ename = unsafe { text(e.name) }
                .ok_or(format!("{what} ({name}): encoding {k} has a NULL name"))?;
            let opcode = e.matches & 0x7f;
            if e.mask & 0x7f != 0x7f || !matches!(opcode, CUSTOM_1 | CUSTOM_2) {
                return Err(format!(
                    "{what} ({name}): encoding {k} '{ename}' (match {:#010x}, mask {:#010x}) is not a custom-1 (0x2b) or custom-2 (0x5b) opcode",
                    e.matches, e.mask
                ));
            }
            encodings.push(Encoding {
                matches: e.matches,
                mask: e.mask,
                name: ename,
            });
        }
        Ok(Library {
            path: path.to_path_buf(),
            name,
            encodings,
            table,
            _lib: lib,
        })
    }

    fn raw(&self) -> &RawModel {
        // SAFETY: checked in `load`; valid while `_lib` is loaded.
        unsafe { &*self.table }
    }

    /// Whether the timing face's required functions are present (sampling needs them).
    pub fn check_timing(&self) -> Result<(), String> {
        let m = self.raw();
        for (field, present) in [
            ("can_accept", m.can_accept.is_some()),
            ("issue", m.issue.is_some()),
            ("commit", m.commit.is_some()),
        ] {
            if !present {
                return Err(format!(
                    "accelerator model {} ({}): {field} is NULL, so it has no timing face",
                    self.path.display(),
                    self.name
                ));
            }
        }
        Ok(())
    }
}

/// The description as `vcix_config.get` serves it.
struct ConfigCtx {
    entries: Vec<(CString, CString)>,
}

unsafe extern "C" fn config_get(ctx: *mut c_void, key: *const c_char) -> *const c_char {
    if ctx.is_null() || key.is_null() {
        return std::ptr::null();
    }
    // SAFETY: ctx is the ConfigCtx `create` passed; key is the model's C string.
    let (c, key) = unsafe { (&*(ctx as *const ConfigCtx), CStr::from_ptr(key)) };
    c.entries
        .iter()
        .find(|(k, _)| k.as_c_str() == key)
        .map_or(std::ptr::null(), |(_, v)| v.as_ptr())
}

/// One instance of a loaded model.
pub struct Instance {
    lib: std::sync::Arc<Library>,
    handle: Slf,
    stats: Vec<StatEntry>,
    /// Handed out for a `vreg` the model may not have, so its writes land nowhere.
    scratch: Vec<u8>,
}

// SAFETY: an instance is used by the one simulation (thread) that owns it.
unsafe impl Send for Instance {}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(destroy) = self.lib.raw().destroy {
            // SAFETY: handle came from create and is destroyed once.
            unsafe { destroy(self.handle) };
        }
    }
}

impl Instance {
    /// `create` with the machine description; a refusal is `vcixaccel: <name>: <reason>`.
    pub fn create(lib: &std::sync::Arc<Library>, desc: &MachineDesc) -> Result<Instance, String> {
        // (A key or value with a NUL byte cannot be a C string: the model sees it absent.)
        let ctx = ConfigCtx {
            entries: desc
                .iter()
                .filter_map(|(k, v)| Some((CString::new(k).ok()?, CString::new(v).ok()?)))
                .collect(),
        };
        let config = RawConfig {
            ctx: &ctx as *const ConfigCtx as *mut c_void,
            get: config_get,
        };
        let mut error = vec![0 as c_char; 1024];
        let create = lib.raw().create.expect("checked at load");
        // SAFETY: the config and error buffer outlive the call, as the interface asks.
        let handle = unsafe { create(&config, error.as_mut_ptr(), error.len() - 1) };
        if handle.is_null() {
            let reason = unsafe { text(error.as_ptr()) }.unwrap_or_default();
            let reason = if reason.is_empty() {
                "create refused the machine description".to_string()
            } else {
                reason
            };
            return Err(format!("vcixaccel: {}: {reason}", lib.name));
        }
        let mut inst = Instance {
            lib: lib.clone(),
            handle,
            stats: Vec::new(),
            scratch: vec![0; 1 << 16],
        };
        inst.stats = inst.read_stat_table()?;
        Ok(inst)
    }

    fn raw(&self) -> &RawModel {
        self.lib.raw()
    }

    fn read_stat_table(&self) -> Result<Vec<StatEntry>, String> {
        let m = self.raw();
        let (Some(num), Some(stat)) = (m.num_stats, m.stat) else {
            return Ok(Vec::new());
        };
        // SAFETY: the model's own stat functions on its own instance.
        let n = unsafe { num(self.handle) };
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let bad =
                |what: &str| format!("accelerator model {}: statistic {i}: {what}", self.lib.name);
            let p = unsafe { stat(self.handle, i) };
            if p.is_null() {
                return Err(bad("stat() returned NULL below num_stats"));
            }
            let s = unsafe { &*p };
            let kind = match s.kind {
                0 => StatKind::Admitted,
                1 => StatKind::Capacity,
                2 => StatKind::Cycles,
                3 => StatKind::Occupancy,
                4 => StatKind::Count,
                k => return Err(bad(&format!("unknown kind {k}"))),
            };
            out.push(StatEntry {
                unit: unsafe { text(s.unit) }.ok_or_else(|| bad("unit is NULL"))?,
                name: unsafe { text(s.name) }.ok_or_else(|| bad("name is NULL"))?,
                unit_of_work: unsafe { text(s.unit_of_work) }.unwrap_or_default(),
                kind,
                primary: s.primary != 0,
            });
        }
        Ok(out)
    }
}

/// What the host callbacks of one `execute` see, and what they found wrong.
struct HostCtx<'a> {
    hart: &'a mut Hart,
    scratch: &'a mut [u8],
    /// Misuse of the host table: ends the run with exit 1.
    error: Option<String>,
    /// The first memory fault: ends `execute` as that trap.
    fault: Option<Trap>,
}

/// SAFETY: `ctx` is the HostCtx of the `execute` in progress.
unsafe fn host<'a>(ctx: *mut c_void) -> &'a mut HostCtx<'a> {
    unsafe { &mut *(ctx as *mut HostCtx<'a>) }
}

impl HostCtx<'_> {
    fn misuse(&mut self, message: String) {
        if self.error.is_none() {
            self.error = Some(message);
        }
    }
}

unsafe extern "C" fn cb_lanes(ctx: *mut c_void) -> u32 {
    unsafe { host(ctx) }.hart.v.lanes as u32
}

unsafe extern "C" fn cb_vlen_bits(ctx: *mut c_void) -> u32 {
    unsafe { host(ctx) }.hart.v.vlenb as u32 * 8
}

unsafe extern "C" fn cb_vreg(
    ctx: *mut c_void,
    lane: u32,
    reg: u32,
    will_write: c_int,
) -> *mut c_void {
    let c = unsafe { host(ctx) };
    let lanes = c.hart.v.lanes;
    if lane as usize >= lanes {
        c.misuse(format!(
            "vreg: lane {lane} is out of range (the machine has {lanes} lanes)"
        ));
        return c.scratch.as_mut_ptr() as *mut c_void;
    }
    if reg >= 32 {
        c.misuse(format!("vreg: register {reg} is out of range (v0..v31)"));
        return c.scratch.as_mut_ptr() as *mut c_void;
    }
    if will_write != 0 {
        c.hart.dirty_vs();
    }
    let off = reg as usize * c.hart.v.vlenb;
    // SAFETY: lane < lanes and reg < 32 keep the register inside the lane's file.
    unsafe { c.hart.v.lane_ptr(lane as usize).add(off) as *mut c_void }
}

unsafe extern "C" fn cb_xreg_read(ctx: *mut c_void, reg: u32) -> u64 {
    let c = unsafe { host(ctx) };
    if reg >= 32 {
        c.misuse(format!(
            "xreg_read: register x{reg} is out of range (x0..x31)"
        ));
        return 0;
    }
    c.hart.x(reg as u8)
}

unsafe extern "C" fn cb_xreg_write(ctx: *mut c_void, reg: u32, value: u64) {
    let c = unsafe { host(ctx) };
    if reg >= 32 {
        c.misuse(format!(
            "xreg_write: register x{reg} is out of range (x0..x31)"
        ));
    } else if reg != 0 {
        c.hart.set_x(reg as u8, value);
    }
}

unsafe extern "C" fn cb_freg_bits(ctx: *mut c_void, reg: u32) -> u64 {
    let c = unsafe { host(ctx) };
    if reg >= 32 {
        c.misuse(format!(
            "freg_bits: register f{reg} is out of range (f0..f31)"
        ));
        return 0;
    }
    c.hart.f[reg as usize]
}

unsafe extern "C" fn cb_csr_read(ctx: *mut c_void, csr: u32) -> u64 {
    let c = unsafe { host(ctx) };
    // Whatever the privilege mode: read as M-mode would.
    let prv = c.hart.prv;
    c.hart.prv = crate::machine::hart::PRV_M;
    let r = if csr < 4096 {
        c.hart.csr_read(csr as u16, 0).ok()
    } else {
        None
    };
    c.hart.prv = prv;
    match r {
        Some(v) => v,
        None => {
            c.misuse(format!("csr_read: the hart has no CSR {csr:#x}"));
            0
        }
    }
}

unsafe extern "C" fn cb_mem_read(ctx: *mut c_void, addr: u64, dst: *mut c_void, bytes: usize) {
    let c = unsafe { host(ctx) };
    if bytes == 0 {
        return;
    }
    if dst.is_null() {
        c.misuse(format!(
            "mem_read: NULL destination for {bytes} bytes at {addr:#x}"
        ));
        return;
    }
    // SAFETY: the model hands a buffer of `bytes` bytes.
    let out = unsafe { std::slice::from_raw_parts_mut(dst as *mut u8, bytes) };
    out.fill(0);
    if c.fault.is_some() {
        return;
    }
    for (k, b) in out.iter_mut().enumerate() {
        match c.hart.load::<u8>(addr.wrapping_add(k as u64)) {
            Ok(v) => *b = v,
            Err(t) => {
                c.fault = Some(t);
                return;
            }
        }
    }
}

unsafe extern "C" fn cb_mem_write(ctx: *mut c_void, addr: u64, src: *const c_void, bytes: usize) {
    let c = unsafe { host(ctx) };
    if bytes == 0 || c.fault.is_some() {
        return;
    }
    if src.is_null() {
        c.misuse(format!(
            "mem_write: NULL source for {bytes} bytes at {addr:#x}"
        ));
        return;
    }
    // SAFETY: the model hands a buffer of `bytes` bytes.
    let data = unsafe { std::slice::from_raw_parts(src as *const u8, bytes) };
    for (k, &b) in data.iter().enumerate() {
        if let Err(t) = c.hart.store::<u8>(addr.wrapping_add(k as u64), b) {
            c.fault = Some(t);
            return;
        }
    }
}

impl Accel for Instance {
    fn name(&self) -> &str {
        &self.lib.name
    }

    fn encodings(&self) -> &[Encoding] {
        &self.lib.encodings
    }

    fn execute(&mut self, hart: &mut Hart, _enc: usize, insn: &Insn) -> ExecResult {
        let vi = VcixInsn::of(hart, insn.bits);
        let need = hart.v.vlenb;
        if self.scratch.len() < need {
            self.scratch.resize(need, 0);
        }
        let (error, fault) = {
            let mut ctx = HostCtx {
                hart: &mut *hart,
                scratch: &mut self.scratch,
                error: None,
                fault: None,
            };
            let table = RawHost {
                ctx: &mut ctx as *mut HostCtx as *mut c_void,
                lanes: cb_lanes,
                vlen_bits: cb_vlen_bits,
                vreg: cb_vreg,
                xreg_read: cb_xreg_read,
                xreg_write: cb_xreg_write,
                freg_bits: cb_freg_bits,
                csr_read: cb_csr_read,
                mem_read: cb_mem_read,
                mem_write: cb_mem_write,
            };
            let execute = self.lib.raw().execute.expect("checked at load");
            // SAFETY: the table and its context live until the call returns.
            unsafe { execute(self.handle, &table, &vi) };
            (ctx.error, ctx.fault)
        };
        if let Some(e) = error {
            let name = self.lib.name.clone();
            return Err(hart.npu.fail(
                crate::machine::npu::exit::REFUSED,
                format!("accelerator model {name}: {e}"),
            ));
        }
        if let Some(t) = fault {
            return Err(Box::new(t));
        }
        Ok(())
    }

    fn can_accept(&self, insn: &VcixInsn, now: u64) -> bool {
        let f = self.raw().can_accept.expect("checked by check_timing");
        // SAFETY: the model's timing function on its own instance.
        unsafe { f(self.handle, insn, now) != 0 }
    }

    fn issue(&mut self, insn: &VcixInsn, id: u64, now: u64) -> Latency {
        let f = self.raw().issue.expect("checked by check_timing");
        match unsafe { f(self.handle, insn, id, now) } {
            LATENCY_UNKNOWN => Latency::Unknown,
            n => Latency::Cycles(n),
        }
    }

    fn squash(&mut self, first: u64, now: u64) {
        if let Some(f) = self.raw().squash {
            unsafe { f(self.handle, first, now) }
        }
    }

    fn commit(&mut self, insn: &VcixInsn, id: u64, now: u64) {
        let f = self.raw().commit.expect("checked by check_timing");
        unsafe { f(self.handle, insn, id, now) }
    }

    fn tick(&mut self, now: u64) {
        if let Some(f) = self.raw().tick {
            unsafe { f(self.handle, now) }
        }
    }

    fn tick_idle(&mut self, from: u64, to: u64) {
        if let Some(f) = self.raw().tick {
            for c in from..=to {
                unsafe { f(self.handle, c) }
            }
        }
    }

    fn ready(&mut self, id: u64, now: u64) -> bool {
        match self.raw().ready {
            Some(f) => unsafe { f(self.handle, id, now) != 0 },
            // A model without `ready` promises never to answer UNKNOWN; if it does,
            // the result is taken as ready at once.
            None => true,
        }
    }

    fn reset(&mut self) {
        if let Some(f) = self.raw().reset {
            unsafe { f(self.handle) }
        }
    }

    fn stats(&self) -> &[StatEntry] {
        &self.stats
    }

    fn read_stats(&self, values: &mut [u64]) {
        if let Some(f) = self.raw().read_stats
            && values.len() == self.stats.len()
            && !values.is_empty()
        {
            unsafe { f(self.handle, values.as_mut_ptr()) }
        }
    }
}

/// A loaded model's encodings without an instance of it: the hart's model when only
/// the timing face runs (`sample`, gem5 mode), so that the decoder still knows which
/// words the model owns (they decode to `vcix_timed`). gem5 creates only the timing
/// instance, so npu-spike does not call `create` a second time for a face that never
/// runs; nothing of this one is ever asked but its name and encodings.
pub struct Owner {
    lib: std::sync::Arc<Library>,
}

impl Owner {
    pub fn new(lib: &std::sync::Arc<Library>) -> Owner {
        Owner { lib: lib.clone() }
    }
}

impl Accel for Owner {
    fn name(&self) -> &str {
        &self.lib.name
    }
    fn encodings(&self) -> &[Encoding] {
        &self.lib.encodings
    }
    fn execute(&mut self, _: &mut Hart, _: usize, i: &Insn) -> ExecResult {
        Err(Trap::illegal(i.bits).into())
    }
    fn can_accept(&self, _: &VcixInsn, _: u64) -> bool {
        true
    }
    fn issue(&mut self, _: &VcixInsn, _: u64, _: u64) -> Latency {
        Latency::Cycles(1)
    }
    fn squash(&mut self, _: u64, _: u64) {}
    fn commit(&mut self, _: &VcixInsn, _: u64, _: u64) {}
    fn tick(&mut self, _: u64) {}
    fn ready(&mut self, _: u64, _: u64) -> bool {
        true
    }
    fn reset(&mut self) {}
    fn stats(&self) -> &[StatEntry] {
        &[]
    }
    fn read_stats(&self, _: &mut [u64]) {}
}
