//! The cycle model: an in-order core in the shape of gem5's MinorCPU as configured
//! for the reference VPU (npu-isa.md §6), fed one retired instruction at a time.
//!
//! It is a scoreboard model, not a per-cycle pipeline simulation: each instruction
//! (each micro-op of a vector instruction) issues at the first cycle at which, in
//! program order, (1) the front end has delivered it, (2) its source registers are
//! ready, (3) a functional unit of its class is free and (4) the issue limits of that
//! cycle allow it. Its result is ready `latency` cycles later. Memory is a single port
//! with a fixed latency and a bandwidth; the accelerator units follow the VX model
//! (`accel`). Everything it needs about an instruction is derived once per op from
//! the instruction tables (`OpTiming`).

use super::bpred::{Predictor, Transfer};
use super::frontend::{FrontEnd, FrontEndParams};
use super::params::TimingParams;
use super::ring::Fifo;
use super::stats::{Counters, Dump, NSTATS, Stat};
use crate::isa::{Class, OP_INFO, Opnd, Slot};
use crate::machine::Hart;
use crate::machine::Insn;
use crate::machine::accel::{Accel, Latency, VcixInsn};
use crate::machine::hart::X_SINK;
use std::collections::{HashMap, VecDeque};

/// Scoreboard slots: x0..x31 and the sink (0..64), f0..f31, v0..v31, vtype/vl.
const F0: usize = 64;
const V0: usize = 96;
const VTYPE: usize = 128;
/// Never written: what an operand slot that reads no register reads (`OpTiming::src`).
const ZERO: usize = 129;
const NREGS: usize = 130;

/// Functional-unit pools of the core (§6.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pool {
    IntAlu,
    IntMul,
    IntDiv,
    Fp,
    Mem,
    Misc,
    VecConfig,
    VecMisc,
    VecMem,
    VecAlu,
}
const NPOOLS: usize = 10;

impl Pool {
    fn stat(self) -> Stat {
        match self {
            Pool::IntAlu => Stat::IntAluOps,
            Pool::IntMul => Stat::IntMulOps,
            Pool::IntDiv => Stat::IntDivOps,
            Pool::Fp => Stat::FpOps,
            Pool::Mem => Stat::MemOps,
            Pool::Misc => Stat::MiscOps,
            Pool::VecConfig => Stat::VecConfigOps,
            Pool::VecMisc => Stat::VecMiscOps,
            Pool::VecMem => Stat::VecMemOps,
            Pool::VecAlu => Stat::VecAluOps,
        }
    }
}

/// The m5 markers (custom-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Reset,
    Dump,
    DumpReset,
    Other,
}

/// How an op is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A scalar op on one pool with that pool's latency.
    Scalar(Pool),
    Load,
    Store,
    Amo,
    Branch,
    Jump,
    /// CSR and system instructions: they wait for everything before them.
    Serial,
    Vset,
    /// Vector arithmetic (`chain`: reductions, whose micro-ops depend on each other;
    /// `whole`: every micro-op reads the whole source groups, as slides and gathers do).
    Vector {
        pool: Pool,
        chain: bool,
        whole: bool,
    },
    VecMem {
        store: bool,
        per_element: bool,
    },
    /// A custom-1/custom-2 word: the accelerator model's timing face decides.
    Accel,
    Marker(Marker),
}

/// What the model needs to know about one op, derived from its table row.
#[derive(Clone, Copy, Debug)]
struct OpTiming {
    kind: Kind,
    /// Bytes of a scalar memory access.
    bytes: u8,
    reads_x: [bool; 3],
    reads_f: [bool; 3],
    /// `reads_x`/`reads_f` as scoreboard indices: operand k reads slot
    /// `src[k].0 + (reg & src[k].1)` (`ZERO` with mask 0 when it reads none).
    src: [(u8, u8); 3],
    writes_x: bool,
    writes_f: bool,
    /// Vector operands: destination written / also read, sources vs1, vs2.
    writes_v: bool,
    reads_vd: bool,
    reads_vs1: bool,
    reads_vs2: bool,
    /// Has a `v0.t` operand (read when the instruction is masked), or reads v0 always.
    maskable: bool,
    reads_v0: bool,
    /// Register-group multipliers: destination (0: a single register, e.g. a mask),
    /// vs2 (2 for narrowing and `.w` forms); 1 otherwise.
    dest_mult: u8,
    vs2_mult: u8,
    /// Vector memory: element width in bits (0: SEW), fields, whole registers, mask.
    eew: u16,
    nf: u8,
    whole_regs: u8,
    mask_mem: bool,
    /// vlane_idx (gem5's CustomVlaneIdx op class, a vector-misc unit op).
    vlane: bool,
}

fn digits_after(s: &str, prefix: &str) -> Option<u32> {
    let i = s.find(prefix)? + prefix.len();
    let d: String = s[i..].chars().take_while(|c| c.is_ascii_digit()).collect();
    d.parse().ok()
}

fn derive(info: &crate::isa::OpInfo) -> OpTiming {
    let base = info.exec_as.info();
    let m = base.mnemonic;
    let mut t = OpTiming {
        kind: Kind::Scalar(Pool::IntAlu),
        bytes: 8,
        reads_x: [false; 3],
        reads_f: [false; 3],
        src: [(ZERO as u8, 0); 3],
        writes_x: false,
        writes_f: false,
        writes_v: false,
        reads_vd: false,
        reads_vs1: false,
        reads_vs2: false,
        maskable: false,
        reads_v0: false,
        dest_mult: 1,
        vs2_mult: 1,
        eew: 0,
        nf: 1,
        whole_regs: 0,
        mask_mem: false,
        vlane: m == "vlane_idx",
    };
    let slot = |s: Slot| match s {
        Slot::Rd => 0,
        Slot::Rs1 => 0,
        Slot::Rs2 => 1,
        Slot::Rs3 => 2,
    };
    for o in base.operands {
        match *o {
            Opnd::X(Slot::Rd) => t.writes_x = true,
            Opnd::X(s) | Opnd::Mem(s, _) => t.reads_x[slot(s)] = true,
            Opnd::F(Slot::Rd) => t.writes_f = true,
            Opnd::F(s) => t.reads_f[slot(s)] = true,
            Opnd::V(Slot::Rd) => t.writes_v = true,
            Opnd::V(Slot::Rs1) => t.reads_vs1 = true,
            Opnd::V(Slot::Rs2) | Opnd::V(Slot::Rs3) => t.reads_vs2 = true,
            Opnd::Vm => t.maskable = true,
            Opnd::V0 => t.reads_v0 = true,
            _ => {}
        }
    }
    let class = base.class;
    // Stores (and the XLU's pattern push) name a register they read in the rd field.
    if matches!(
        class,
        Class::Store | Class::Fpstore | Class::Vstore | Class::VstoreElem | Class::NpuXluPattern
    ) && t.writes_v
    {
        t.writes_v = false;
        t.reads_vd = true;
    }
    if ["macc", "msac", "madd", "msub"]
        .iter()
        .any(|p| m.contains(p))
    {
        t.reads_vd = true;
    }
    if m.starts_with("vw") || m.starts_with("vfw") {
        t.dest_mult = 2;
    }
    if m.starts_with("vn") || m.starts_with("vfn") || m.contains(".w") {
        t.vs2_mult = 2;
    }
    if m.starts_with("vms")
        || m.starts_with("vmf")
        || m.starts_with("vmadc")
        || m.starts_with("vmsbc")
        || matches!(class, Class::Vmask | Class::Vred)
        || m.starts_with("vmv.x")
        || m.starts_with("vfmv.f")
        || m.starts_with("vmv.s")
        || m.starts_with("vfmv.s")
    {
        t.dest_mult = 0;
    }
    if let Some(n) = m
        .strip_prefix("vmv")
        .and_then(|r| r.strip_suffix("r.v"))
        .and_then(|n| n.parse().ok())
    {
        t.whole_regs = n;
    }
    t.kind = match class {
        Class::Alu => Kind::Scalar(Pool::IntAlu),
        Class::Mul => Kind::Scalar(Pool::IntMul),
        Class::Div => Kind::Scalar(Pool::IntDiv),
        Class::Load | Class::Fpload => Kind::Load,
        Class::Store | Class::Fpstore => Kind::Store,
        Class::Amo => Kind::Amo,
        Class::Branch => Kind::Branch,
        Class::Jump => Kind::Jump,
        Class::Csr | Class::System => Kind::Serial,
        Class::Fpalu
        | Class::Fpmul
        | Class::Fpdiv
        | Class::Fpfma
        | Class::Fpcvt
        | Class::Fpcmp
        | Class::Fpmisc => Kind::Scalar(Pool::Fp),
        Class::Vset => Kind::Vset,
        Class::Vload | Class::VloadElem | Class::Vstore | Class::VstoreElem => Kind::VecMem {
            store: matches!(class, Class::Vstore | Class::VstoreElem),
            per_element: matches!(class, Class::VloadElem | Class::VstoreElem),
        },
        Class::Valu
        | Class::Vmul
        | Class::Vdiv
        | Class::Vfalu
        | Class::Vfmul
        | Class::Vfdiv
        | Class::Vfma => Kind::Vector {
            pool: Pool::VecAlu,
            chain: false,
            whole: false,
        },
        Class::Vred => Kind::Vector {
            pool: Pool::VecAlu,
            chain: true,
            whole: false,
        },
        Class::Vfcvt | Class::Vmask => Kind::Vector {
            pool: Pool::VecMisc,
            chain: false,
            whole: false,
        },
        Class::Vperm => Kind::Vector {
            pool: Pool::VecMisc,
            chain: false,
            whole: true,
        },
        Class::Dma
        | Class::NpuMisc
        | Class::NpuSaWpush
        | Class::NpuSaIpush
        | Class::NpuSaPop
        | Class::NpuSfu
        | Class::NpuXluPush
        | Class::NpuXluPattern
        | Class::NpuXluPop
        | Class::NpuMsaPush
        | Class::NpuMsaPop
        | Class::Vcix => Kind::Accel,
        Class::Marker => Kind::Marker(match m {
            "m5_resetstats" => Marker::Reset,
            "m5_dumpstats" => Marker::Dump,
            "m5_dumpresetstats" => Marker::DumpReset,
            _ => Marker::Other,
        }),
    };
    if let Kind::VecMem { per_element, .. } = t.kind {
        if m.starts_with("vlm.") || m.starts_with("vsm.") {
            t.mask_mem = true;
        } else if let Some(n) = digits_after(m, "vl")
            .filter(|_| m.contains("re"))
            .or_else(|| digits_after(m, "vs").filter(|_| m.ends_with("r.v")))
        {
            t.whole_regs = n as u8;
        } else if per_element && m.contains("ei") {
            // Indexed: data elements are SEW wide; the index group is read as vs2.
            t.eew = 0;
        } else {
            t.eew = digits_after(m, "e").unwrap_or(0) as u16;
        }
        if let Some(n) = digits_after(m, "seg") {
            t.nf = n as u8;
        }
    }
    for k in 0..3 {
        t.src[k] = match (t.reads_x[k], t.reads_f[k]) {
            (false, false) => (ZERO as u8, 0),
            (true, false) => (0, 0x7f),
            (false, true) => (F0 as u8, 31),
            (true, true) => panic!("{m}: operand {k} is both an x and an f register"),
        };
    }
    t.bytes = match m {
        _ if m.starts_with("lb") || m.starts_with("sb") || m.starts_with("c.lb") => 1,
        _ if m.starts_with("lh") || m.starts_with("sh") || m.starts_with("flh") => 2,
        _ if m.starts_with("fsh") => 2,
        _ if m.starts_with("lw")
            || m.starts_with("sw")
            || m.starts_with("flw")
            || m.starts_with("fsw")
            || m.contains(".w") =>
        {
            4
        }
        _ => 8,
    };
    t
}

/// The most iterations a loop's timing may take to repeat (the fast-forward's
/// period): the memory's tick-valued port times, the I-cache's fills and the
/// predictor's histories can settle into a pattern several iterations long.
pub const MAX_PERIOD: usize = 32;

/// A hasher for the model's tables keyed by guest addresses (and vector
/// configurations): the keys are the guest's, not an adversary's choice aimed at the
/// host (a table that degrades only slows the guest's own run), and SipHash was 17 %
/// of a run with the run-ahead walk, which looks a line up at every fetch.
#[derive(Default, Clone, Copy)]
pub struct PcHasher(u64);

impl std::hash::Hasher for PcHasher {
    fn finish(&self) -> u64 {
        // The table indexes by the low bits, which a multiply leaves as poor as
        // the key's (aligned lines): fold the high ones in.
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type PcHash = std::hash::BuildHasherDefault<PcHasher>;

/// The most forwarding views logged between two back-edges (`CycleModel::ff_loads`).
const MAX_FF_LOADS: usize = 1 << 16;

/// The loop fast-forward's memory of the last back-edges it saw (`timing::run_blocks_timed`).
#[derive(Default)]
pub struct LoopWatch {
    /// The back-edge (a taken backward branch) and the loop's first instruction.
    pub branch: u64,
    pub target: u64,
    /// Instructions in the body, back-edge included; 0: not a body to skip.
    pub len: u64,
    /// The model at the last back-edges, newest at `head` (a ring of
    /// `MAX_PERIOD` + 1, allocated with the first loop), `have` of them taken in a
    /// row on this loop.
    pub history: Vec<Snapshot>,
    pub head: usize,
    pub have: usize,
    /// Back-edges left to pass before trying again, and the signatures in a row that
    /// repeated no earlier one.
    pub cool: u32,
    pub fails: u32,
    /// Back-edges taken since the loop was entered, and the first of those whose
    /// snapshot a skip used the last time one began (0: none yet): a loop entered
    /// again settles alike, so the watch waits until then (`LoopSeen::settled`).
    pub entered: u32,
    pub settled: u32,
    /// Scratch for the next signature.
    pub scratch: Vec<u64>,
    /// Scratch for a skip: the body's instructions, their memory roles and the
    /// addresses of one period's iterations (`roles.len()` each).
    pub body: Vec<crate::machine::Insn>,
    pub roles: Vec<MemRole>,
    pub eas: Vec<u64>,
    /// Per body instruction, a vector access's shape under the last vtype and vl
    /// seen: (vtype, vl, accesses, bytes each).
    pub vector_shapes: Vec<(u64, u64, u64, u64)>,
    /// What the watch learnt of the loops it left, by back-edge (direct-mapped):
    /// (back-edge, loop start, body length, failed signatures, back-edges to wait),
    /// so an inner loop entered again does not start over.
    pub seen: Vec<LoopSeen>,
    /// The loop of several blocks (an outer loop) watched as a whole.
    pub nest: NestWatch,
}

/// The back-edge of a loop's next entry before which its watch takes no signature,
/// after a skip of a `period` began at back-edge `entered` of this entry with the
/// watch waiting until `settled`: the first skip's reference period and the one
/// before it; then one earlier when it matched at the first back-edge it could,
/// one later when it matched later (an entry that settles late moves it little).
pub fn next_settled(settled: u32, entered: u32, period: u32) -> u32 {
    if settled == 0 {
        entered.saturating_sub(2 * period)
    } else if entered <= settled + period + 1 {
        settled - 1
    } else {
        settled + 1
    }
}

/// The fast-forward of a loop whose body is several blocks (`timing::nest_edge`):
/// an outer loop, with inner loops and branches in it. Its iterations are compared
/// one against the next (a period of one), with the blocks each ran
/// (`CycleModel::nest_trace`) and no predictor table entry changed between.
#[derive(Default)]
pub struct NestWatch {
    /// The back-edge and the loop's first instruction; 0: none followed.
    pub branch: u64,
    pub target: u64,
    /// Not a body to skip (an instruction the fast-forward does not take, or
    /// iterations too long to model whole while it settles).
    pub never: bool,
    /// The instructions retired at the back-edge where a new loop was first seen
    /// (0: none): its first iteration is counted before it is tried.
    pub probe: u64,
    /// Back-edges to pass before trying again; failed comparisons in a row; how
    /// many times it cooled down since the last skip.
    pub cool: u32,
    pub fails: u32,
    pub rounds: u32,
    /// Back-edges since the loop was entered; the first at which to try, learnt
    /// from the last skips (as `LoopWatch::settled`).
    pub entered: u32,
    pub settled: u32,
    /// The snapshot at the last back-edge (`have`: taken there, with the blocks
    /// since recorded whole).
    pub have: bool,
    pub last: Snapshot,
    pub scratch: Vec<u64>,
    /// One iteration's blocks (start pc, length), instructions, memory roles and
    /// addresses, for a skip.
    pub blocks: Vec<(u64, usize)>,
    pub body: Vec<crate::machine::Insn>,
    pub roles: Vec<MemRole>,
    pub eas: Vec<u64>,
    pub vector_shapes: Vec<(u64, u64, u64, u64)>,
    /// What it learnt of the loops it left, direct-mapped by back-edge.
    pub seen: Vec<NestSeen>,
}

#[derive(Clone, Copy, Default)]
pub struct NestSeen {
    pub branch: u64,
    pub target: u64,
    pub never: bool,
    pub rounds: u32,
    pub settled: u32,
}

impl NestWatch {
    /// Whether it times this loop now: the blocks run are recorded, inner loops are
    /// not skipped alone and the forwarding views are logged.
    pub fn attempting(&self) -> bool {
        self.branch != 0 && !self.never && self.cool == 0
    }

    /// The loop is entered (again): no snapshot, and no try before the back-edge
    /// where the last skip's snapshots began.
    pub fn enter(&mut self) {
        self.entered = 0;
        self.have = false;
        self.fails = 0;
        self.cool = self.settled;
    }

    /// A skip began at this back-edge (`entered`): as `LoopWatch::settled`, the
    /// next entry waits until one back-edge before the snapshot it compared
    /// (found at the first back-edge it could be: one earlier still; later: one
    /// later).
    pub fn settle(&mut self) {
        self.settled = next_settled(self.settled, self.entered, 1);
    }

    pub fn follows(&self, branch: u64, target: u64) -> bool {
        self.branch == branch && self.target == target
    }

    /// Whether the loop closed by `branch` to `target` lies inside the one followed.
    pub fn inside(&self, branch: u64, target: u64) -> bool {
        self.branch != 0 && target >= self.target && branch <= self.branch
    }
}

/// The model just before a back-edge retired (`LoopWatch::history`): its signature
/// (`CycleModel::ff_signature`), base cycle, statistics, I-cache misses and
/// instructions retired, and the forwarding views of the iteration that ended there.
#[derive(Default)]
pub struct Snapshot {
    pub sig: Vec<u64>,
    /// A hash of `sig`, compared first.
    pub hash: u64,
    pub base: u64,
    pub counters: Counters,
    pub misses: u64,
    pub instret: u64,
    pub views: Vec<ForwardView>,
}

#[derive(Clone, Copy, Default)]
pub struct LoopSeen {
    pub branch: u64,
    pub target: u64,
    pub len: u64,
    pub fails: u32,
    pub cool: u32,
    pub settled: u32,
}

/// One retired instruction in the optional issue trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IssueRecord {
    pub pc: u64,
    pub bits: u32,
    /// Issue cycle of its first micro-op, completion cycle of its last.
    pub issue: u64,
    pub complete: u64,
    /// The cycle the front end delivered it (before any wait for operands or units).
    pub fetched: u64,
    /// Its resolution found a misprediction and refetched what follows it.
    pub mispredicted: bool,
}

struct Units {
    free_at: [Vec<u64>; NPOOLS],
    latency: [u64; NPOOLS],
    /// Cycles between two issues to one unit (gem5 `issueLat`).
    issue_lat: [u64; NPOOLS],
    /// How early a consumer on the pool may issue before its scalar sources are
    /// ready (gem5 `srcRegsRelativeLats`).
    early: [u64; NPOOLS],
}

pub struct CycleModel {
    p: TimingParams,
    ops: &'static [OpTiming],
    ready: [u64; NREGS],
    units: Units,
    /// The cycle the last micro-op issued in, and what that cycle has used.
    cycle: u64,
    issued: u32,
    mem_issued: u32,
    // Memory (the port itself is the front end's: `FrontEnd::memory`).
    in_memory: Fifo,
    store_buffer: Fifo,
    /// The store buffer's scalar stores for forwarding: (address, bytes, cycle the
    /// write is done), a ring of the last `STORE_RING` stores.
    store_ring: [(u64, u64, u64); STORE_RING],
    store_ring_next: usize,
    /// The latest write-done cycle in the ring (no forwarding at or after it).
    store_ring_until: u64,
    /// The LSQ's access slots (loads sent to memory), and its entry slots for
    /// vector store micro-ops.
    lsq_accesses: PerCycle,
    lsq_vector_stores: PerCycle,
    /// The unit the last micro-op issued on (its pool's index).
    last_unit: usize,
    /// The commit cycle of the youngest store so far (loads wait for it).
    store_commit: u64,
    /// The store buffer's sends as `StoreBuffer::step` makes them (see
    /// `lsq_open`): the commit cycles of the stores it has not sent, oldest first,
    /// the next cycle it steps, and the last cycle a request met a retry (the
    /// store buffer's or a load's: the LSQ moves nothing more in it).
    sb_unsent: Fifo,
    sb_next_step: u64,
    lsq_retry: u64,
    /// The cycle the last store left the LSQ's one-entry request queue.
    store_queue_free: u64,
    /// Per integer register, the commit of the last scalar load that wrote it: a
    /// store whose data or address it is waits for it to enter the LSQ.
    load_commit: [u64; 32],
    /// vtype and vl as the last vset{i}vl{i} left them (u64::MAX: none seen yet).
    last_vcfg: (u64, u64),
    /// Completion of everything issued so far (markers wait for it).
    last_complete: u64,
    /// The cycles Execute's commit waits on the last scalar load (it is the oldest
    /// instruction, in the LSQ, its data not back): [from, until).
    load_block_from: u64,
    load_block_until: u64,
    /// The first cycle the next load may enter the LSQ: loads enter in order, and
    /// not beside a split one (see `load_entry`).
    load_entry_floor: u64,
    /// The cycle from which a dump sees the scalar stores so far: gem5's dumpstats
    /// executes `window_store_end` cycles after the last one commits.
    stores_seen: u64,
    bp: Predictor,
    fe: FrontEnd,
    /// The wrong paths seen, by (start, vtype, vl): their micro-op counts and the
    /// index past their last multi-micro-op instruction.
    wrong_paths: HashMap<(u64, u64, u64), WrongPath, PcHash>,
    /// The run-ahead walk's lines by entry pc (`run_ahead`).
    ahead_lines: HashMap<u64, Box<[PathInsn]>, PcHash>,
    /// Where the path Fetch2 took past the last redirecting instruction starts, and
    /// whether its transfers go through the predictor (see `take_dropped_path`).
    dropped_path: Option<(u64, bool)>,
    /// The mispredicted transfer whose wrong path is being walked, and where Fetch2
    /// sent the path after it: the path may meet it again (a loop's exit) before
    /// Execute's update (cleared when the redirect lands: `finish_redirect`).
    mispredicted: Option<(u64, u64)>,
    // Accelerator: the model's timing face, the next cycle it is to be ticked, and
    // its instructions issued and not yet committed, oldest first.
    accel: Box<dyn Accel>,
    accel_next: u64,
    in_flight: VecDeque<Flight>,
    next_id: u64,
    /// In-flight instructions whose latency was UNKNOWN and that are not ready yet.
    unknown: usize,
    /// The model's statistics at the last reset (windows take differences).
    vcix_at_reset: Vec<u64>,
    /// Conditions worth a warning at the end (a model that never accepts).
    pub warnings: Vec<String>,
    /// Instructions the loop fast-forward ran without the model.
    pub fast_forwarded: u64,
    /// The loop fast-forward's state (`timing::run_blocks_timed`); None: off.
    pub watch: Option<Box<LoopWatch>>,
    /// While `NestWatch::attempting`: the start of every block run since its
    /// loop's last back-edge (`timing::run_blocks_timed` records them).
    pub nest_recording: bool,
    pub nest_trace: Vec<u64>,
    /// While the watch follows a loop: each forwarding candidate's view of the store
    /// ring since the last back-edge (`ForwardView`), the iteration a skip checks
    /// the skipped ones against.
    pub ff_logging: bool,
    ff_loads: Vec<ForwardView>,
    /// The address the next load or store uses instead of its registers' (the
    /// fast-forward replaying an iteration it ran ahead of the model).
    replay_ea: Option<u64>,
    /// The base register of the instruction about to retire, read before it ran
    /// (`timing::run_blocks_timed`): a load may overwrite its own base.
    pub pre_base: u64,
    /// An access crossing a line was split since the last signature: the loop
    /// fast-forward does not take that state (`ff_signature`).
    split_seen: bool,
    // Statistics.
    counters: Counters,
    window_start: u64,
    window_counters: Counters,
    pub dumps: Vec<Dump>,
    pub trace: Option<Vec<IssueRecord>>,
    // Per-instruction bookkeeping.
    insn_first_issue: u64,
    insn_complete: u64,
    /// The misprediction count at the last traced instruction (trace mode only).
    traced_mispredicts: u64,
}

impl CycleModel {
    /// A cycle model whose accelerator instructions go to `accel`'s timing face.
    pub fn with_accel(p: TimingParams, accel: Box<dyn Accel>) -> CycleModel {
        static OPS: std::sync::OnceLock<Vec<OpTiming>> = std::sync::OnceLock::new();
        let ops = OPS.get_or_init(|| OP_INFO.iter().map(derive).collect());
        let pools = [
            (p.int_alus, p.int_alu_latency),
            (p.int_muls, p.int_mul_latency),
            (p.int_divs, p.int_div_latency),
            (p.fp_units, p.fp_latency),
            (p.mem_units, 1),
            (p.misc_units, 1),
            (p.vec_config_units, p.vec_latency),
            (p.vec_misc_units, p.vec_latency),
            (p.vec_mem_units, 1),
            (p.vec_alus, p.vec_latency),
        ];
        let mut issue_lat = [1u64; NPOOLS];
        issue_lat[Pool::IntDiv as usize] = p.int_div_issue_latency.max(1) as u64;
        let mut early = [0u64; NPOOLS];
        early[Pool::IntAlu as usize] = p.int_alu_src_early as u64;
        early[Pool::Mem as usize] = p.mem_src_early as u64;
        let units = Units {
            free_at: pools.map(|(n, _)| vec![0; n as usize]),
            latency: pools.map(|(_, l)| l as u64),
            issue_lat,
            early,
        };
        CycleModel {
            ops,
            ready: [0; NREGS],
            units,
            cycle: 0,
            issued: 0,
            mem_issued: 0,
            in_memory: Fifo::with_bound(p.max_accesses_in_memory as usize),
            store_buffer: Fifo::with_bound(p.store_buffer as usize),
            store_ring: [(0, 0, 0); STORE_RING],
            store_ring_next: 0,
            store_ring_until: 0,
            lsq_accesses: PerCycle::default(),
            lsq_vector_stores: PerCycle::default(),
            last_unit: 0,
            store_commit: 0,
            sb_unsent: Fifo::with_bound(p.store_buffer as usize),
            sb_next_step: 0,
            lsq_retry: u64::MAX,
            store_queue_free: 0,
            load_commit: [0; 32],
            last_vcfg: (u64::MAX, u64::MAX),
            last_complete: 0,
            load_block_from: 0,
            load_block_until: 0,
            load_entry_floor: 0,
            stores_seen: 0,
            dropped_path: None,
            mispredicted: None,
            wrong_paths: HashMap::default(),
            ahead_lines: HashMap::default(),
            fe: FrontEnd::new(FrontEndParams {
                line_shift: p.fetch_line.trailing_zeros(),
                fetch_limit: p.fetch_limit,
                fetch2_buffer: p.fetch2_buffer,
                fetch2_width: p.decode_width,
                decode_buffer: p.decode_buffer,
                decode_width: p.execute_input_width,
                execute_buffer: p.execute_buffer,
                fetch_latency: p.fetch_latency,
                icache_lines: p.icache_lines,
                cycle_ticks: p.cycle_ticks as u64,
                mem_latency_ticks: p.mem_latency_ticks as u64,
                mem_line_ticks: p.mem_line_ticks as u64,
                bus_period_ticks: p.bus_period_ticks as u64,
                mem_bytes_per_cycle: p.mem_bytes_per_cycle as u64,
            }),
            bp: Predictor::new(
                p.bp_local_entries,
                p.bp_global_entries,
                p.btb_entries,
                p.ras_entries,
                (p.indirect_sets > 0).then_some((
                    p.indirect_sets,
                    p.indirect_ways,
                    p.indirect_ghr_bits,
                )),
            ),
            vcix_at_reset: vec![0; accel.stats().len()],
            accel,
            accel_next: 0,
            in_flight: VecDeque::new(),
            next_id: 0,
            unknown: 0,
            warnings: Vec::new(),
            watch: (p.loop_fast_forward != 0).then(Box::default),
            nest_recording: false,
            nest_trace: Vec::new(),
            ff_logging: false,
            fast_forwarded: 0,
            ff_loads: Vec::new(),
            replay_ea: None,
            pre_base: 0,
            split_seen: false,
            counters: [0; NSTATS],
            window_start: 0,
            window_counters: [0; NSTATS],
            dumps: Vec::new(),
            trace: None,
            insn_first_issue: 0,
            insn_complete: 0,
            traced_mispredicts: 0,
            p,
        }
    }

    pub fn params(&self) -> &TimingParams {
        &self.p
    }

    /// Instance counts of the pools, for occupancy figures.
    pub fn pool_sizes(&self) -> Vec<(Stat, u32)> {
        let p = &self.p;
        vec![
            (Stat::IntAluOps, p.int_alus),
            (Stat::IntMulOps, p.int_muls),
            (Stat::IntDivOps, p.int_divs),
            (Stat::FpOps, p.fp_units),
            (Stat::MemOps, p.mem_units),
            (Stat::MiscOps, p.misc_units),
            (Stat::VecConfigOps, p.vec_config_units),
            (Stat::VecMiscOps, p.vec_misc_units),
            (Stat::VecMemOps, p.vec_mem_units),
            (Stat::VecAluOps, p.vec_alus),
        ]
    }

    #[inline]
    fn count(&mut self, s: Stat, n: u64) {
        self.counters[s as usize] += n;
    }

    /// Issues one micro-op no earlier than `earliest`, on `pool` if it uses a core
    /// unit, respecting the per-cycle issue limits; returns its issue cycle.
    #[inline(always)]
    fn issue(&mut self, earliest: u64, pool: Option<Pool>, mem: bool) -> u64 {
        let mut t = earliest.max(self.cycle);
        let mut unit = 0;
        if let Some(pool) = pool {
            let free = &self.units.free_at[pool as usize];
            // The first unit that is free soonest.
            if let Some(&f0) = free.first() {
                let mut best = f0;
                for (i, &f) in free.iter().enumerate().skip(1) {
                    if f < best {
                        best = f;
                        unit = i;
                    }
                }
                t = t.max(best);
            }
        }
        loop {
            if t > self.cycle {
                self.cycle = t;
                self.issued = 0;
                self.mem_issued = 0;
            }
            if self.issued < self.p.issue_width
                && (!mem || self.mem_issued < self.p.mem_issue_width)
            {
                break;
            }
            t += 1;
        }
        self.issued += 1;
        self.mem_issued += mem as u32;
        if let Some(pool) = pool {
            self.units.free_at[pool as usize][unit] = t + self.units.issue_lat[pool as usize];
            self.last_unit = unit;
            self.count(pool.stat(), 1);
        }
        self.count(Stat::Ops, 1);
        if self.insn_first_issue == u64::MAX {
            self.insn_first_issue = t;
        }
        t
    }

    #[inline(always)]
    fn complete(&mut self, at: u64) {
        self.last_complete = self.last_complete.max(at);
        self.insn_complete = self.insn_complete.max(at);
    }

    /// One memory access of `bytes` requested at `at`: the single memory port is busy
    /// for bytes / `mem_bytes_per_cycle` (fractions count: four 8-byte accesses fit in
    /// one cycle) and answers `mem_latency` after it accepted the request, as gem5's
    /// SimpleMemory does; at most `max_accesses_in_memory` are outstanding. Returns
    /// the cycle the data is back.
    #[inline(always)]
    fn memory(&mut self, hart: &Hart, at: u64, bytes: u64) -> u64 {
        self.run_ahead(hart, at);
        while self.in_memory.front().is_some_and(|d| d <= at) {
            self.in_memory.pop_front();
        }
        let mut at = at;
        if self.in_memory.len() >= self.p.max_accesses_in_memory as usize
            && let Some(d) = self.in_memory.pop_front()
        {
            at = at.max(d);
        }
        let start = self.fe.memory.data(at, bytes);
        let done = start + self.p.mem_latency as u64;
        self.in_memory.push_back(done);
        self.count(Stat::MemBytes, bytes);
        done
    }

    /// Whether a store still in the store buffer at `at` covers `bytes` at `addr`.
    #[inline]
    fn forwards(&self, addr: u64, bytes: u64, at: u64) -> bool {
        at < self.store_ring_until
            && self
                .store_ring
                .iter()
                .any(|&(a, n, done)| done > at && covers(a, n, addr, bytes))
    }

    /// Which of the store ring's entries, oldest first, are still in the store
    /// buffer at `at` (bit k: the k-th oldest).
    fn live_stores(&self, at: u64) -> u8 {
        (0..STORE_RING).fold(0, |m, k| {
            let (_, _, done) = self.store_ring[(self.store_ring_next + k) % STORE_RING];
            m | (((done > at) as u8) << k)
        })
    }

    /// The effective address of a load or store: its registers', or the one the
    /// fast-forward's replay set.
    #[inline]
    fn address(&mut self, insn: &Insn) -> u64 {
        match self.replay_ea.take() {
            Some(a) => a,
            None => self.pre_base.wrapping_add(insn.imm as u64),
        }
    }

    /// The bytes of an access of `bytes` at `ea` that fall in its first line, if it
    /// crosses into the next (Minor's LSQ then splits it: `transferNeedsBurst`).
    #[inline]
    fn split_at(&self, ea: u64, bytes: u64) -> Option<u64> {
        let line = self.p.lsq_line_bytes as u64;
        if line == 0 {
            return None;
        }
        let first = line - (ea & (line - 1));
        (bytes > first).then_some(first)
    }

    /// A data access of `bytes` at `ea` sent at `at`; returns the cycle its data is
    /// back and whether it was split. One that crosses a line goes as two requests
    /// (`SplitDataRequest`): the first at `at`, the second from the LSQ's next step,
    /// and it is answered when both are.
    /// (A store's requests leave the store buffer, one a cycle: `store`.)
    #[inline]
    fn access(&mut self, hart: &Hart, at: u64, ea: u64, bytes: u64, store: bool) -> (u64, bool) {
        match self.split_at(ea, bytes) {
            None => (self.memory(hart, at, bytes), false),
            Some(first) => {
                self.split_seen = true;
                let a = self.memory(hart, at, first);
                let next = if store { at + 1 } else { self.lsq_slot(at + 1) };
                let b = self.memory(hart, next, bytes - first);
                (a.max(b), true)
            }
        }
    }

    /// Whether a scalar load may take its data from the store buffer: the model
    /// then compares its address with the stores'. (Not when it overwrites its base
    /// register: its address is gone when the model sees it.)
    #[inline]
    fn forwarding_candidate(&self, op: &OpTiming, insn: &Insn) -> bool {
        op.kind == Kind::Load
            && self.p.store_forwarding != 0
            && !(op.writes_x && insn.rd == insn.rs1)
    }

    /// The LSQ's first access slot at or after `at` (gem5 Minor's LSQ sends
    /// `lsq_accesses_per_cycle` requests to memory per cycle, in order).
    #[inline]
    fn lsq_slot(&mut self, at: u64) -> u64 {
        self.lsq_accesses.take(at, self.p.lsq_accesses_per_cycle)
    }

    /// The cycle a scalar load that entered the LSQ at `at` goes to memory: two a
    /// cycle, the second refused while the bus takes the first and resent on the
    /// retry 125 ticks later (both answer in the same cycle; gem5.opt trace of
    /// probe's ld_x8_lines and real3's mat_int: lw pairs entering, answered and
    /// committed together), and the LSQ moves nothing more in that cycle.
    #[inline]
    fn load_slot(&mut self, at: u64) -> u64 {
        let slot = self.lsq_accesses.take(at, self.p.lsq_loads_per_cycle);
        if self.lsq_accesses.used >= 2 && self.p.store_buffer_retry != 0 {
            self.lsq_retry = slot;
        }
        slot
    }

    /// The cycle a vector store micro-op issued at `t` enters the LSQ: gem5 takes
    /// `vector_stores_per_cycle` of them a cycle (calibrated: one vse32 m8 ends its
    /// window 3 cycles after one of m1, probe6).
    #[inline]
    fn vstore_slot(&mut self, t: u64) -> u64 {
        self.lsq_vector_stores
            .take(t, self.p.vector_stores_per_cycle)
    }

    /// The earliest issue cycle the scalar sources allow a consumer on `pool`: the
    /// unit's relative latency lets it issue that many cycles before they are ready
    /// (gem5 `Scoreboard::canInstIssue`).
    #[inline]
    fn sources_for(&self, op: &OpTiming, insn: &Insn, pool: Pool) -> u64 {
        self.scalar_sources(op, insn)
            .saturating_sub(self.units.early[pool as usize])
    }

    /// Minor commits in order, and a non-memory instruction leaves its unit's
    /// pipeline only when it commits: the unit the last micro-op issued on stays
    /// busy until every older instruction is done (`Execute::commit` stalls the
    /// pipeline). Returns the commit cycle (`done` when in-order commit is off).
    #[inline]
    fn commit_holds_unit(&mut self, pool: Pool, done: u64) -> u64 {
        if self.p.inorder_commit == 0 {
            return done;
        }
        let commit = done.max(self.last_complete);
        // A pipeline whose head waited to commit was stalled: the commit unstalls
        // it and, as `Execute::evaluate` commits before it issues, the unit takes a
        // new instruction in the commit's cycle (behind a load as behind anything
        // else: gem5.opt trace of probe17).
        let free = &mut self.units.free_at[pool as usize][self.last_unit];
        *free = (*free).max(commit);
        commit
    }

    /// The first cycle a load issued at `t` may leave the LSQ's request queue for
    /// memory or the store buffer's data: after its unit, and (in-order commit) not
    /// while an older store waits in the transfers queue: one pushed behind the
    /// store's commit goes at once, one pushed before it waits for the LSQ's next
    /// step (`numStoresInTransfers`). (`store_commit` stays 0 without in-order
    /// commit.)
    #[inline]
    fn load_sendable(&self, t: u64) -> u64 {
        let entry = t + 1;
        if entry >= self.store_commit {
            // Behind the store in the same commit, or later: it goes on at once.
            entry
        } else {
            // In the request queue while the store waits in the transfers queue:
            // the LSQ's next step, after the store's commit, sends it.
            self.store_commit + self.p.load_after_store_commit as u64
        }
    }

    /// The cycle a load issued at `t` leaves its unit for the LSQ: Execute moves it
    /// there while committing (`Execute::commit`'s early memory issue), which it
    /// skips while the previous load is the oldest instruction and its data is not
    /// back (`Execute::getCommittingThread`); its unit holds it until then
    /// (`Can't issue ... it's stalled`).
    #[inline]
    fn load_entry(&mut self, t: u64, pool: Pool) -> u64 {
        let mut entry = self.load_sendable(t);
        if self.p.load_blocks_commit != 0 {
            entry = entry.max(self.load_entry_floor);
            if entry >= self.load_block_from && entry < self.load_block_until {
                entry = self.load_block_until;
            }
            entry = self.lsq_open(entry);
            let free = &mut self.units.free_at[pool as usize][self.last_unit];
            *free = (*free).max(entry);
        }
        entry
    }

    /// A load that entered the LSQ at `entry` and commits at `done` holds later
    /// loads back: from the cycle after it entered, once every older instruction
    /// is done, it is the commit's head until its data, and no load enters then.
    /// Loads enter in order; a `split` one holds the LSQ's one-entry request queue
    /// until its second request leaves, so none enters beside it (`LSQ::canRequest`,
    /// `executeLSQRequestsQueueSize` 1).
    #[inline]
    fn block_commit_behind(&mut self, entry: u64, done: u64, split: bool, keep_older: bool) {
        if self.p.load_blocks_commit != 0 {
            let from = (entry + 1).max(self.last_complete);
            // A scalar load behind an older one still holding commit (a pair
            // entered together) keeps that hold from where it began.
            if !keep_older || from > self.load_block_until {
                self.load_block_from = from;
            }
            self.load_entry_floor = entry + split as u64;
            self.load_block_until = if keep_older {
                self.load_block_until.max(done)
            } else {
                done
            };
        }
    }

    /// The earliest issue cycle of a store: without in-order commit it waits for a
    /// store-buffer entry before issue (with it, at commit: `store_sent`).
    #[inline]
    fn store_issue_floor(&mut self, e: u64) -> u64 {
        if self.p.inorder_commit == 0 {
            self.store_wait(e)
        } else {
            e
        }
    }

    /// A store (or store micro-op) of `bytes` issued at `t`: it goes to the store
    /// buffer and memory; its entry is held `store_buffer_hold` cycles past the write.
    /// Returns the cycle its write is done.
    #[inline]
    fn store_write(
        &mut self,
        hart: &Hart,
        pool: Pool,
        t: u64,
        after: u64,
        ea: u64,
        bytes: u64,
    ) -> u64 {
        let sent = self.store_sent(pool, t, after);
        let (done, _) = self.access(hart, sent, ea, bytes, true);
        self.store_buffer
            .push_back(done + self.p.store_buffer_hold as u64);
        done
    }

    /// A store issued at `t` commits after every older instruction and enters the
    /// store buffer, which sends it to memory `store_send_delay` cycles later
    /// (in-order commit; without it the store goes to memory after its unit).
    #[inline]
    fn store_sent(&mut self, pool: Pool, t: u64, after: u64) -> u64 {
        if self.p.inorder_commit == 0 {
            return t + 1;
        }
        let scalar = pool == Pool::Mem;
        let mut left = t + 1;
        if scalar {
            // It enters the LSQ's request queue once the store before it has left
            // it and the loads its registers come from have committed
            // (`instToWaitFor`: Execute's early memory issue waits for its
            // producers), its unit held until then (a full queue stalls the
            // pipeline behind it), and leaves for the transfers queue unless a
            // retry holds the LSQ.
            let entry = left.max(self.store_queue_free).max(after);
            let free = &mut self.units.free_at[pool as usize][self.last_unit];
            *free = (*free).max(entry);
            left = self.lsq_open(entry);
            self.store_queue_free = left;
        }
        // It commits only into a free store-buffer entry (`LSQ::findResponse`).
        self.store_commit = self.store_wait(left.max(self.last_complete));
        if scalar && self.p.store_buffer_retry != 0 {
            self.store_commit = self.lsq_open(self.store_commit);
            self.sb_unsent.push_back(self.store_commit);
        }
        self.store_commit + self.p.store_send_delay as u64
    }

    /// The first cycle from `at` in which the LSQ may move a request on: not one
    /// in which the store buffer met a retry. Each cycle the store buffer sends
    /// its stores committed before it, in order, until one is refused: the
    /// memory takes one request at a time, so a second is refused and resent when
    /// the bus frees (`LSQ::recvReqRetry`, 125 ticks on), and until then the LSQ
    /// is in `MemoryNeedsRetry` and moves no request (`LSQ::tryToSendToTransfers`;
    /// gem5.opt trace of probe's sd_x8: the third store commits a cycle late).
    #[inline]
    fn lsq_open(&mut self, mut at: u64) -> u64 {
        if self.p.store_buffer_retry == 0 {
            return at;
        }
        loop {
            self.store_buffer_step_to(at);
            if self.lsq_retry != at {
                return at;
            }
            at += 1;
        }
    }

    /// Runs the store buffer's sends up to cycle `to` (`StoreBuffer::step`).
    fn store_buffer_step_to(&mut self, to: u64) {
        while self.sb_next_step <= to {
            let Some(first) = self.sb_unsent.front() else {
                self.sb_next_step = to + 1;
                return;
            };
            let step = self.sb_next_step.max(first + 1);
            self.sb_next_step = step;
            if step > to {
                return;
            }
            self.sb_unsent.pop_front();
            if self.sb_unsent.front().is_some_and(|c| c < step) {
                // The second is refused, then sent on the retry.
                self.sb_unsent.pop_front();
                self.lsq_retry = step;
            }
            self.sb_next_step = step + 1;
        }
    }

    /// A store waits for a store-buffer entry, then drains to memory on its own.
    #[inline]
    fn store_wait(&mut self, t: u64) -> u64 {
        while self.store_buffer.front().is_some_and(|d| d <= t) {
            self.store_buffer.pop_front();
        }
        if self.store_buffer.len() >= self.p.store_buffer as usize {
            self.store_buffer.pop_front().map_or(t, |d| t.max(d))
        } else {
            t
        }
    }

    #[inline(always)]
    fn scalar_sources(&self, op: &OpTiming, insn: &Insn) -> u64 {
        let slot = |k: usize, reg: u8| op.src[k].0 as usize + (reg & op.src[k].1) as usize;
        self.ready[slot(0, insn.rs1)]
            .max(self.ready[slot(1, insn.rs2)])
            .max(self.ready[slot(2, insn.rs3)])
    }

    #[inline(always)]
    fn write_scalar(&mut self, op: &OpTiming, insn: &Insn, at: u64) {
        if op.writes_x && insn.rd != X_SINK {
            self.ready[insn.rd as usize] = at;
        }
        if op.writes_f {
            self.ready[F0 + (insn.rd as usize & 31)] = at;
        }
    }

    fn vreg_ready(&self, base: u8, k: usize) -> u64 {
        self.ready[V0 + ((base as usize + k) & 31)]
    }

    fn vgroup_ready(&self, base: u8, n: usize) -> u64 {
        (0..n).map(|k| self.vreg_ready(base, k)).max().unwrap_or(0)
    }

    /// Accounts for one retired instruction; `hart` is the state right after it.
    #[inline(always)]
    pub fn retire(&mut self, insn: &Insn, hart: &Hart) {
        let op = &self.ops[insn.op as usize];
        // A result of the accelerator whose ready cycle is not known yet: a vector
        // reader (or a marker) first runs the model's clock until it is.
        if self.unknown > 0
            && matches!(
                op.kind,
                Kind::Vector { .. } | Kind::VecMem { .. } | Kind::Accel | Kind::Marker(_)
            )
            && (0..32).any(|r| self.ready[V0 + r] >= PENDING)
        {
            self.resolve_unknown();
        }
        self.count(Stat::Insts, 1);
        self.insn_first_issue = u64::MAX;
        self.insn_complete = 0;
        let arrival = self.fe.deliver(insn.pc, uops(op, hart));
        match op.kind {
            Kind::Accel if op.vlane && self.p.vlane_idx_vec_misc != 0 => {
                self.vector(op, insn, hart, arrival, Pool::VecMisc, false, false)
            }
            Kind::Scalar(pool) => {
                let t = self.issue(
                    arrival.max(self.sources_for(op, insn, pool)),
                    Some(pool),
                    false,
                );
                let done = t + self.units.latency[pool as usize];
                self.write_scalar(op, insn, done);
                self.commit_holds_unit(pool, done);
                self.complete(done);
            }
            Kind::Load | Kind::Amo => {
                let t = self.issue(
                    arrival.max(self.sources_for(op, insn, Pool::Mem)),
                    Some(Pool::Mem),
                    true,
                );
                let bytes = op.bytes as u64 * if op.kind == Kind::Amo { 2 } else { 1 };
                let entry = self.load_entry(t, Pool::Mem);
                let slot = self.load_slot(entry);
                let ea = self.address(insn);
                let forwarded = self.forwarding_candidate(op, insn) && {
                    let forwarded = self.forwards(ea, op.bytes as u64, slot);
                    // (Bounded: a log longer than any body the watches skip is no
                    // iteration's, and its length then matches none.)
                    if self.ff_logging && self.ff_loads.len() < MAX_FF_LOADS {
                        let live = self.live_stores(slot);
                        self.ff_loads.push(ForwardView { live, forwarded });
                    }
                    forwarded
                };
                let (data, split) = if forwarded {
                    (slot, false)
                } else {
                    if op.kind == Kind::Amo {
                        // Aligned (a misaligned AMO traps): never split.
                        (self.memory(hart, slot, bytes), false)
                    } else {
                        self.access(hart, slot, ea, bytes, false)
                    }
                };
                let done = if forwarded {
                    data
                } else {
                    data + self.p.load_response as u64
                };
                self.block_commit_behind(entry, done, split, true);
                if op.writes_x {
                    self.load_commit[insn.rd as usize & 31] = done;
                }
                self.count(Stat::Loads, 1);
                // The mem unit's timing has extraAssumedLat, so the scoreboard marks
                // the destination ready opLat + extraAssumedLat after issue whenever
                // the data comes (consumers may issue then; commit stays in order,
                // and the window waits for the data).
                self.write_scalar(op, insn, t + self.p.load_assumed_latency as u64);
                self.complete(done);
            }
            Kind::Store => {
                let earliest =
                    self.store_issue_floor(arrival.max(self.sources_for(op, insn, Pool::Mem)));
                let t = self.issue(earliest, Some(Pool::Mem), true);
                let ea = self.address(insn);
                let after = self.load_commit[insn.rs1 as usize & 31]
                    .max(self.load_commit[insn.rs2 as usize & 31]);
                let done = self.store_write(hart, Pool::Mem, t, after, ea, op.bytes as u64);
                self.store_ring[self.store_ring_next] = (ea, op.bytes as u64, done);
                self.store_ring_next = (self.store_ring_next + 1) % STORE_RING;
                self.store_ring_until = self.store_ring_until.max(done);
                self.count(Stat::Stores, 1);
                self.complete(self.store_done(t, done));
                self.stores_seen = self.store_commit + self.p.window_store_end as u64;
            }
            Kind::Branch | Kind::Jump => self.control(op, insn, hart, arrival),
            Kind::Serial => {
                let earliest = arrival
                    .max(self.scalar_sources(op, insn))
                    .max(self.last_complete);
                let t = self.issue(earliest, Some(Pool::Misc), false);
                self.write_scalar(op, insn, t + 1);
                self.complete(t + 1);
            }
            Kind::Vset => {
                let t = self.issue(
                    arrival.max(self.scalar_sources(op, insn)),
                    Some(Pool::VecConfig),
                    false,
                );
                let done = t + self.units.latency[Pool::VecConfig as usize];
                self.write_scalar(op, insn, done);
                let resolved = self.commit_holds_unit(Pool::VecConfig, done) - 1;
                self.complete(done);
                let vcfg = (hart.v.vtype, hart.v.vl);
                let changed = vcfg != self.last_vcfg;
                self.last_vcfg = vcfg;
                // gem5 keeps vtype and vl in the PC state, not in a register: a
                // vset that changes nothing holds no later vector instruction back.
                if changed || self.p.vset_refetch == 0 || self.p.vset_refetch == 2 {
                    self.ready[VTYPE] = done;
                }
                match self.p.vset_refetch {
                    3 => {
                        let config = (hart.v.vtype << 56) ^ (hart.v.vl << 32) ^ insn.next_pc();
                        if self
                            .bp
                            .predict_vset(insn.pc, vset_is_direct(insn), changed, config)
                        {
                            if changed {
                                // A predicted transfer: Fetch1 restarts at its target.
                                self.fe.predicted_taken(insn.next_pc());
                            }
                        } else {
                            self.count(Stat::Mispredicts, 1);
                            self.refetch(resolved, insn.next_pc(), insn.next_pc(), insn.next_pc());
                        }
                    }
                    m if m >= 2 || (m == 1 && changed) => {
                        if changed {
                            self.count(Stat::Mispredicts, 1);
                        }
                        self.refetch(resolved, insn.next_pc(), insn.next_pc(), insn.next_pc());
                    }
                    _ => {}
                }
            }
            Kind::Vector { pool, chain, whole } => {
                self.vector(op, insn, hart, arrival, pool, chain, whole)
            }
            Kind::VecMem { store, per_element } => {
                self.vector_memory(op, insn, hart, arrival, store, per_element)
            }
            Kind::Accel => self.accel_op(insn, hart, arrival),
            Kind::Marker(m) => self.marker(hart, m, insn.pc, arrival),
        }
        self.fe.issued(self.cycle);
        if let Some(trace) = &mut self.trace {
            // The counters only grow (a window is a difference of two snapshots).
            let mispredicts = self.counters[Stat::Mispredicts as usize];
            let mispredicted = mispredicts != self.traced_mispredicts;
            self.traced_mispredicts = mispredicts;
            trace.push(IssueRecord {
                pc: insn.pc,
                bits: insn.bits,
                issue: if self.insn_first_issue == u64::MAX {
                    self.cycle
                } else {
                    self.insn_first_issue
                },
                complete: self.insn_complete,
                fetched: arrival,
                mispredicted,
            });
        }
    }

    /// When a store is done as far as a window is concerned: once it has left the
    /// LSQ for the store buffer (gem5 does not drain the buffer at a dump), or when
    /// its write is done.
    #[inline]
    fn store_done(&self, t: u64, written: u64) -> u64 {
        if self.p.store_drain_in_window != 0 {
            written
        } else if self.p.inorder_commit != 0 {
            self.store_commit
        } else {
            t + 1
        }
    }

    fn control(&mut self, op: &OpTiming, insn: &Insn, hart: &Hart, arrival: u64) {
        let t = self.issue(
            arrival.max(self.sources_for(op, insn, Pool::IntAlu)),
            Some(Pool::IntAlu),
            false,
        );
        let done = t + self.units.latency[Pool::IntAlu as usize];
        self.write_scalar(op, insn, done);
        // Execute resolves a branch when it commits.
        let resolved = self.commit_holds_unit(Pool::IntAlu, done) - 1;
        self.complete(done);
        let fall_through = insn.next_pc();
        let target = hart.pc;
        let taken = target != fall_through;
        let (kind, indirect) = transfer(op, insn);
        self.count(Stat::Branches, 1);
        let correct = self.bp.predict_and_update(
            insn.pc,
            kind,
            indirect,
            taken,
            target,
            fall_through,
            self.p.ras_predicts_returns != 0,
        );
        if !correct {
            self.count(Stat::Mispredicts, 1);
            // Fetch2 went on down the path it predicted: the fall-through for a
            // taken transfer, the target for a branch that was not taken.
            let wrong = if taken {
                fall_through
            } else {
                insn.pc.wrapping_add(insn.imm as u64)
            };
            self.mispredicted = Some((insn.pc, wrong));
            self.refetch(resolved, target, wrong, fall_through);
        } else if taken {
            // Fetch2 predicted it taken and Fetch1 fetches the target's line.
            self.fe.predicted_taken(target);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn vector(
        &mut self,
        op: &OpTiming,
        insn: &Insn,
        hart: &Hart,
        arrival: u64,
        pool: Pool,
        chain: bool,
        whole: bool,
    ) {
        let g = group(hart);
        let dest = match (op.whole_regs, op.dest_mult) {
            (n, _) if n > 0 => n as usize,
            (_, 0) => 1,
            (_, m) => g * m as usize,
        };
        let src2 = if op.whole_regs > 0 {
            op.whole_regs as usize
        } else {
            g * op.vs2_mult as usize
        };
        // A reduction's vs1 is a single register (the scalar operand).
        let src1 = if chain { 1 } else { g };
        let n = if chain { src2 } else { dest.max(src2) }.max(1);
        let masked = (op.maskable && insn.rm & 1 == 0) || op.reads_v0;
        let mut earliest =
            arrival
                .max(self.ready[VTYPE])
                .max(self.sources_for(op, insn, Pool::Mem));
        if masked {
            earliest = earliest.max(self.ready[V0]);
        }
        if whole {
            if op.reads_vs1 {
                earliest = earliest.max(self.vgroup_ready(insn.rs1, src1));
            }
            if op.reads_vs2 {
                earliest = earliest.max(self.vgroup_ready(insn.rs2, src2));
            }
        }
        let latency = self.units.latency[pool as usize];
        let mut prev = 0;
        for k in 0..n {
            let mut e = earliest;
            if !whole {
                if op.reads_vs1 {
                    e = e.max(self.vreg_ready(insn.rs1, if chain { 0 } else { part(k, src1, n) }));
                }
                if op.reads_vs2 {
                    e = e.max(self.vreg_ready(insn.rs2, part(k, src2, n)));
                }
            }
            if op.reads_vd {
                e = e.max(self.vreg_ready(insn.rd, part(k, dest, n)));
            }
            if chain {
                e = e.max(prev);
            }
            let t = self.issue(e, Some(pool), false);
            let done = t + latency;
            prev = done;
            if op.writes_v {
                let r = V0 + ((insn.rd as usize + part(k, dest, n)) & 31);
                self.ready[r] = done;
            }
            self.complete(done);
        }
        self.write_scalar(op, insn, prev);
    }

    fn vector_memory(
        &mut self,
        op: &OpTiming,
        insn: &Insn,
        hart: &Hart,
        arrival: u64,
        store: bool,
        per_element: bool,
    ) {
        let VmemShape {
            n,
            bytes_each,
            data_regs,
        } = vmem_shape(op, hart, per_element);
        let earliest = arrival
            .max(self.ready[VTYPE])
            .max(self.sources_for(op, insn, Pool::Mem));
        // Its vector sources: the mask and the index group of an indexed access.
        let mut vsources = 0;
        if op.maskable && insn.rm & 1 == 0 {
            vsources = vsources.max(self.ready[V0]);
        }
        if op.reads_vs2 {
            vsources = vsources.max(self.vgroup_ready(insn.rs2, group(hart)));
        }
        // Unit-stride micro-ops access consecutive bytes from the base; an element
        // is naturally aligned, so only those can cross a line.
        let base = self.address(insn);
        let mut last = earliest;
        for k in 0..n.max(1) {
            let reg = part(k, data_regs, n.max(1)) as usize;
            let mut vready = vsources;
            if store {
                vready = vready.max(self.vreg_ready(insn.rd, reg));
            }
            let mut e = self.vector_sources_on_mem_unit(earliest, vready);
            if store {
                e = self.store_issue_floor(e);
            }
            let t = self.issue(e, Some(Pool::VecMem), true);
            let bytes = if n == 0 { 0 } else { bytes_each };
            let ea = if per_element {
                0
            } else {
                base.wrapping_add(k * bytes_each)
            };
            if store {
                let t = self.vstore_slot(t);
                let data = self.store_write(hart, Pool::VecMem, t, 0, ea, bytes);
                self.count(Stat::Stores, 1);
                self.complete(self.store_done(t, data));
            } else {
                // It enters the LSQ as a scalar load does, in order and not while
                // an older load waits for its data at the commit's head (gem5.opt
                // trace of probe23: each vle32 enters once the one before it
                // committed).
                let entry = self.load_entry(t, Pool::VecMem);
                let slot = self.lsq_slot(entry);
                let (data, split) = self.access(hart, slot, ea, bytes, false);
                // It commits `vector_load_response` after its data, as a scalar
                // load does (gem5.opt trace of probe9: the third vle32's data at
                // c4, its commit and its consumer's issue at c5).
                let done = data + self.p.vector_load_response as u64;
                self.block_commit_behind(entry, done, split, false);
                let r = V0 + ((insn.rd as usize + reg) & 31);
                // The first `mem_units` memory micro-ops of a cycle go to the scalar
                // mem units (first in gem5's FU order), whose extraAssumedLat makes
                // the result time predictable; the vector load/store units have no
                // timing, so their results count as unpredictable: the scoreboard
                // clears them at commit (`Scoreboard::clearInstDests`).
                self.ready[r] = if self.mem_issued <= self.p.mem_units {
                    t + self.p.load_assumed_latency as u64
                } else {
                    done
                };
                self.count(Stat::Loads, 1);
                self.complete(done);
                last = done;
            }
        }
        // vle*ff writes vl.
        if !store && op.writes_x {
            self.write_scalar(op, insn, last);
        }
    }

    /// The earliest issue of a vector memory micro-op whose scalar sources allow
    /// `earliest` and vector sources are ready at `vready`. gem5 tries its units in
    /// order and the scalar mem units come first: their timing lets every source,
    /// vector ones too, be `mem_src_early` cycles late (`srcRegsRelativeLats=[1]`),
    /// so a micro-op that still finds one free this cycle issues early (a `vse32`
    /// beside the `vfadd` writing its data); the vector load/store units wait.
    #[inline]
    fn vector_sources_on_mem_unit(&self, earliest: u64, vready: u64) -> u64 {
        let full = earliest.max(vready);
        let early = earliest.max(vready.saturating_sub(self.units.early[Pool::Mem as usize]));
        let at = early.max(self.cycle);
        let scalar_unit_free = at > self.cycle
            || (self.mem_issued < self.p.mem_units && self.issued < self.p.issue_width);
        if at < full && scalar_unit_free {
            early
        } else {
            full
        }
    }

    /// The instructions after one issued at `t` are fetched again: Execute resolves
    /// it at t + 1 and fetch restarts after the redirect.
    /// Fetch2 had gone on at `wrong` (the path it predicted) until then.
    fn refetch(&mut self, t: u64, target: u64, wrong: u64, fall_through: u64) {
        self.fe.redirect(
            t + self.p.mispredict_redirect as u64,
            target,
            wrong,
            fall_through,
        );
        self.dropped_path = Some((wrong, false));
    }

    /// The first cycle at or after `t` (and the current one) with an issue slot left.
    fn slot(&self, t: u64) -> u64 {
        if t > self.cycle {
            t
        } else if self.issued < self.p.issue_width {
            self.cycle
        } else {
            self.cycle + 1
        }
    }

    /// An instruction of the accelerator model (npu-isa.md §6.2 for the built-in
    /// units): it waits for its operands (the VCIX operand rule, `vcix_operands`),
    /// then for the model to accept it, cycle by cycle (a refusal stalls in-order
    /// issue); it occupies no core unit; its result is ready when the model says.
    #[inline(never)]
    fn accel_op(&mut self, insn: &Insn, hart: &Hart, arrival: u64) {
        let ops = vcix_operands(insn.bits, group(hart));
        let mut earliest = arrival.max(self.ready[VTYPE]);
        for r in ops.x.into_iter().flatten() {
            earliest = earliest.max(self.ready[r as usize & 31]);
        }
        if let Some(r) = ops.f {
            earliest = earliest.max(self.ready[F0 + (r as usize & 31)]);
        }
        for (base, n) in ops.v_read.into_iter().flatten() {
            earliest = earliest.max(self.vgroup_ready(base, n as usize));
        }
        let vi = VcixInsn::of(hart, insn.bits);
        // Never issue in a cycle the model has already been ticked past.
        let mut t = self.slot(earliest.max(self.accel_next.saturating_sub(1)));
        let give_up = t + MAX_REFUSAL_CYCLES;
        loop {
            self.accel_advance(t);
            if self.accel.can_accept(&vi, t) {
                break;
            }
            if t >= give_up {
                self.warnings.push(format!(
                    "accelerator model {}: refused the instruction {:#010x} at pc {:#x} for {MAX_REFUSAL_CYCLES} cycles; issued anyway",
                    self.accel.name(),
                    insn.bits,
                    insn.pc
                ));
                break;
            }
            t = self.slot(t + 1);
        }
        let t = self.issue(t, None, false);
        let id = self.next_id;
        self.next_id += 1;
        let ready_at = match self.accel.issue(&vi, id, t) {
            Latency::Cycles(n) => t.saturating_add(n),
            Latency::Unknown => PENDING,
        };
        if let Some((base, n)) = ops.v_write {
            for k in 0..n as usize {
                self.ready[V0 + ((base as usize + k) & 31)] = ready_at;
            }
        }
        if ready_at == PENDING {
            self.unknown += 1;
        } else {
            self.complete(ready_at);
        }
        self.in_flight.push_back(Flight {
            id,
            insn: vi,
            issued: t,
            ready_at,
            v_write: ops.v_write,
            // This instruction's record is the next one the trace takes.
            trace_at: self.trace.as_ref().map_or(0, |t| t.len()),
        });
    }

    /// Runs the model's clock through cycle `to`: each cycle `tick`, then `ready` for
    /// the results of unknown latency, then `commit` of the oldest finished ones in
    /// program order. With nothing in flight the ticks go in bulk.
    fn accel_advance(&mut self, to: u64) {
        while self.accel_next <= to {
            if self.in_flight.is_empty() {
                self.accel.tick_idle(self.accel_next, to);
                self.accel_next = to + 1;
                return;
            }
            let c = self.accel_next;
            self.accel.tick(c);
            if self.unknown > 0 {
                for k in 0..self.in_flight.len() {
                    let f = self.in_flight[k];
                    if f.ready_at == PENDING && f.issued < c && self.accel.ready(f.id, c) {
                        self.in_flight[k].ready_at = c;
                        self.unknown -= 1;
                        if let Some((base, n)) = f.v_write {
                            for r in 0..n as usize {
                                let slot = V0 + ((base as usize + r) & 31);
                                if self.ready[slot] == PENDING {
                                    self.ready[slot] = c;
                                }
                            }
                        }
                        self.complete(c);
                        if let Some(r) = self.trace.as_mut().and_then(|t| t.get_mut(f.trace_at)) {
                            r.complete = r.complete.max(c);
                        }
                    }
                }
            }
            while let Some(f) = self.in_flight.front().copied()
                && f.ready_at <= c
                && f.issued < c
            {
                self.accel.commit(&f.insn, f.id, c);
                self.in_flight.pop_front();
            }
            self.accel_next = c + 1;
        }
    }

    /// Runs the model's clock until no result of unknown latency is outstanding.
    #[cold]
    #[inline(never)]
    fn resolve_unknown(&mut self) {
        let give_up = self.accel_next + MAX_REFUSAL_CYCLES;
        while self.unknown > 0 {
            if self.accel_next >= give_up {
                self.warnings.push(format!(
                    "accelerator model {}: a result of unknown latency was not ready after {MAX_REFUSAL_CYCLES} cycles; taken as ready",
                    self.accel.name()
                ));
                let c = self.accel_next;
                for f in self.in_flight.iter_mut().filter(|f| f.ready_at == PENDING) {
                    f.ready_at = c;
                }
                for r in self.ready.iter_mut().filter(|r| **r == PENDING) {
                    *r = c;
                }
                self.unknown = 0;
                self.complete(c);
                break;
            }
            let c = self.accel_next;
            self.accel_advance(c);
        }
    }

    /// The model's statistics now, as window values (differences from the last reset;
    /// capacities as they are).
    fn vcix_window(&self) -> Vec<u64> {
        let mut now = vec![0; self.accel.stats().len()];
        self.accel.read_stats(&mut now);
        now.iter()
            .zip(&self.vcix_at_reset)
            .zip(self.accel.stats())
            .map(|((&v, &r), e)| {
                if e.kind == crate::machine::accel::StatKind::Capacity {
                    v
                } else {
                    v.wrapping_sub(r)
                }
            })
            .collect()
    }

    /// The accelerator model's statistics table (names for the dumps' values).
    pub fn accel_stats(&self) -> &[crate::machine::accel::StatEntry] {
        self.accel.stats()
    }
    // ---- The loop fast-forward (`timing::LoopWatch`) ----

    /// Whether `insn` may be in a loop body the fast-forward skips: timed the same
    /// every iteration whatever the data (no vset, no accelerator op, no marker, no
    /// CSR or system instruction, no jump, no indexed vector access). Addresses may
    /// change from one iteration to the next: the only timing that reads them is
    /// store-to-load forwarding, which the skip checks load by load
    /// (`ff_memory_role`). The body's last instruction, its back-edge, is its only
    /// branch (`last`).
    /// Whether `insn` may be in the body of a loop of several blocks the
    /// fast-forward skips: as in one of a single block, with transfers anywhere
    /// (the predictor's state is compared whole, `Predictor::take_changed`).
    pub fn ff_allowed_in_nest(&self, insn: &Insn) -> bool {
        match self.ops[insn.op as usize].kind {
            Kind::Branch | Kind::Jump => true,
            _ => self.ff_allowed(insn, false),
        }
    }

    /// Whether `insn` is a conditional branch.
    pub fn ff_is_branch(&self, insn: &Insn) -> bool {
        matches!(self.ops[insn.op as usize].kind, Kind::Branch)
    }

    /// Whether a predictor table entry has another value than at the last call
    /// (while `ff_log_predictor` is on).
    pub fn ff_predictor_changed(&mut self) -> bool {
        self.bp.take_changed()
    }

    /// Logs the predictor's table changes (for `ff_predictor_changed`) or not.
    pub fn ff_log_predictor(&mut self, on: bool) {
        self.bp.log_changes(on);
    }

    pub fn ff_allowed(&self, insn: &Insn, last: bool) -> bool {
        let op = &self.ops[insn.op as usize];
        match op.kind {
            Kind::Scalar(_) | Kind::Vector { .. } | Kind::Load | Kind::Store | Kind::Amo => true,
            Kind::VecMem { per_element, .. } => !(per_element && op.reads_vs2),
            Kind::Branch => last,
            _ => false,
        }
    }

    /// What a skipped iteration must track of `insn` for forwarding: a scalar
    /// store's address, or a forwarding candidate's (`forwarding_candidate`).
    pub fn ff_memory_role(&self, insn: &Insn) -> MemRole {
        let op = &self.ops[insn.op as usize];
        match op.kind {
            Kind::Store => MemRole::Store(op.bytes as u64),
            _ if self.forwarding_candidate(op, insn) => MemRole::Load(op.bytes as u64),
            Kind::Load => MemRole::Access(op.bytes as u64),
            // Aligned: never split (`access`).
            Kind::Amo => MemRole::Access(0),
            Kind::VecMem { .. } => MemRole::Vector,
            _ => MemRole::None,
        }
    }

    /// Whether an access of `bytes` at `ea` would be split at a line (`access`).
    #[inline]
    pub fn ff_splits(&self, ea: u64, bytes: u64) -> bool {
        self.split_at(ea, bytes).is_some()
    }

    /// The accesses of a vector load or store under the hart's vtype and vl, each
    /// contiguous with the one before from its base: (how many, bytes each); per
    /// element none (an element is naturally aligned, so it never splits).
    pub fn ff_vector_accesses(&self, insn: &Insn, hart: &Hart) -> (u64, u64) {
        let op = &self.ops[insn.op as usize];
        match op.kind {
            Kind::VecMem { per_element, .. } if !per_element => {
                let shape = vmem_shape(op, hart, false);
                (shape.n, shape.bytes_each)
            }
            _ => (0, 0),
        }
    }

    /// The forwarding candidates' views since the last back-edge the watch saw
    /// (taken; the log starts again empty).
    pub fn ff_take_loads(&mut self) -> Vec<ForwardView> {
        std::mem::take(&mut self.ff_loads)
    }

    /// Starts the log again, keeping `v`'s storage.
    pub fn ff_restart_log(&mut self, mut v: Vec<ForwardView>) {
        v.clear();
        self.ff_loads = v;
    }

    /// The store ring's addresses and sizes (the skip keeps them up to date while
    /// the model stands still).
    pub fn ff_store_addresses(&self) -> StoreAddresses {
        StoreAddresses {
            at: self.store_ring.map(|(a, n, _)| (a, n)),
            next: self.store_ring_next,
        }
    }

    /// Puts the addresses of the stores a skip ran back into the ring: its times are
    /// the reference iteration's moved on, its addresses those of the stores that
    /// really ran.
    pub fn ff_set_store_addresses(&mut self, s: &StoreAddresses) {
        debug_assert_eq!(s.next, self.store_ring_next);
        for (e, &(a, n)) in self.store_ring.iter_mut().zip(&s.at) {
            (e.0, e.1) = (a, n);
        }
    }

    /// The next load or store retired takes `ea` as its address (a replay).
    pub fn ff_replay_address(&mut self, ea: u64) {
        self.replay_ea = Some(ea);
    }

    /// Every cycle-valued field of the model (`u64::MAX`: none), the front end's
    /// included. Not the window's start: it stays where the window began.
    fn for_each_time(&mut self, f: &mut impl FnMut(&mut u64)) {
        for v in &mut self.ready {
            f(v);
        }
        for pool in &mut self.units.free_at {
            for v in pool.iter_mut() {
                f(v);
            }
        }
        f(&mut self.cycle);
        self.in_memory.for_each_mut(f);
        self.store_buffer.for_each_mut(f);
        for k in 0..STORE_RING {
            f(&mut self.store_ring[(self.store_ring_next + k) % STORE_RING].2);
        }
        f(&mut self.store_ring_until);
        f(&mut self.lsq_accesses.cycle);
        f(&mut self.lsq_vector_stores.cycle);
        f(&mut self.store_commit);
        self.sb_unsent.for_each_mut(f);
        f(&mut self.sb_next_step);
        f(&mut self.lsq_retry);
        f(&mut self.store_queue_free);
        for v in &mut self.load_commit {
            f(v);
        }
        f(&mut self.last_complete);
        f(&mut self.load_block_from);
        f(&mut self.load_block_until);
        f(&mut self.load_entry_floor);
        f(&mut self.stores_seen);
        f(&mut self.accel_next);
        self.fe.for_each_time(f);
    }

    /// The model's state just before the back-edge at `branch_pc` retires, relative
    /// to its earliest clock (times before it all read as 0): two equal signatures a
    /// loop iteration apart mean every later iteration takes the same cycles.
    /// Returns that clock, or None when the state cannot repeat (an accelerator
    /// op in flight, a path to walk, the issue trace on).
    /// `branch_pc`: the back-edge of a single-block loop, whose predictor state is
    /// its own entries; None: a loop of several blocks, the predictor's state
    /// outside its tables (`Predictor::small_state`).
    pub fn ff_signature(
        &mut self,
        hart: &Hart,
        branch_pc: Option<u64>,
        out: &mut Vec<u64>,
    ) -> Option<u64> {
        // A split access since the last signature: its timing depends on its
        // address, which a skip's iterations do not repeat.
        let split = std::mem::take(&mut self.split_seen);
        if self.trace.is_some()
            || self.unknown > 0
            || !self.in_flight.is_empty()
            || self.dropped_path.is_some()
            || split
        {
            return None;
        }
        let base = self.cycle.min(self.fe.base_cycle());
        // A pool's units are alike and the next issue picks the one free soonest
        // (`last_unit` is set again before it is read): their order is no state.
        for pool in &mut self.units.free_at {
            pool.sort_unstable();
        }
        out.clear();
        self.for_each_time(&mut |v| {
            out.push(if *v == u64::MAX {
                u64::MAX
            } else {
                v.saturating_sub(base)
            })
        });
        out.extend([
            self.issued as u64,
            self.mem_issued as u64,
            self.last_vcfg.0,
            self.last_vcfg.1,
            hart.v.vtype,
            hart.v.vl,
            self.lsq_accesses.used as u64,
            self.lsq_vector_stores.used as u64,
        ]);
        // The stores' sizes, not their addresses: a skip checks every load's
        // forwarding against the addresses that really come.
        for k in 0..STORE_RING {
            out.push(self.store_ring[(self.store_ring_next + k) % STORE_RING].1);
        }
        self.fe.structure(base, self.p.icache_runahead != 0, out);
        match branch_pc {
            Some(pc) => self.bp.branch_state(pc, out),
            None => self.bp.small_state(out),
        }
        Some(base)
    }

    /// Skips `units` periods of a loop (`instructions` each) of `cycles` each whose
    /// statistics were `counts` each: every time moves on and the counters grow.
    pub fn ff_skip(&mut self, units: u64, cycles: u64, counts: &Counters, instructions: u64) {
        self.fast_forwarded += units * instructions;
        let shift = units * cycles;
        self.for_each_time(&mut |v| {
            if *v != u64::MAX {
                *v += shift
            }
        });
        self.fe.shift_memory(shift);
        for (c, d) in self.counters.iter_mut().zip(counts) {
            *c += units * d;
        }
    }

    /// The statistics so far and the I-cache misses (the fast-forward's per-iteration
    /// differences).
    pub fn ff_counters(&self) -> (Counters, u64) {
        (self.counters, self.fe.misses)
    }

    /// Where Fetch2 ran past the last redirecting instruction (an m5 op: its
    /// transfers are predicted; a misprediction: not), for
    /// `timing::run_blocks_timed` to walk (`dropped_uops`, `predict_dropped`);
    /// taken once.
    #[inline]
    pub fn take_dropped_path(&mut self) -> Option<(u64, bool)> {
        self.dropped_path.take()
    }

    /// One instruction of the path Fetch2 predicted past an m5 op: its transfers go
    /// through the predictor without repair. Returns the next pc Fetch2 fetched and
    /// whether it was predicted taken (then `dropped_taken`).
    pub fn predict_dropped(&mut self, insn: &Insn) -> (u64, bool) {
        let fall_through = insn.next_pc();
        match self.path_transfer(insn) {
            PathTransfer::Branch(kind, indirect) => {
                let next = self
                    .bp
                    .predict_dropped(insn.pc, kind, indirect, fall_through);
                (next, next != fall_through)
            }
            PathTransfer::Vset(direct) => {
                (fall_through, self.bp.predict_vset_dropped(insn.pc, direct))
            }
            PathTransfer::None => (fall_through, false),
        }
    }

    /// What Fetch2 predicts of `insn`: a transfer, a vset predicted as one
    /// (`timing_vset_refetch` 3), or nothing.
    fn path_transfer(&self, insn: &Insn) -> PathTransfer {
        let op = &self.ops[insn.op as usize];
        match op.kind {
            Kind::Branch | Kind::Jump => {
                let (kind, indirect) = transfer(op, insn);
                PathTransfer::Branch(kind, indirect)
            }
            Kind::Vset if self.p.vset_refetch == 3 => PathTransfer::Vset(vset_is_direct(insn)),
            _ => PathTransfer::None,
        }
    }

    /// One instruction Fetch2 decoded past an m5 op before its forced branch
    /// reached Fetch2: Decode splits it all the same (see `FrontEnd::dropped`).
    /// False once the branch got there first.
    pub fn dropped_uops(&mut self, insn: &Insn, hart: &Hart) -> bool {
        self.fe.dropped(self.uops_of(insn, hart))
    }

    /// Micro-ops Decode makes of `insn` under the current vector configuration.
    pub fn uops_of(&self, insn: &Insn, hart: &Hart) -> u32 {
        uops(&self.ops[insn.op as usize], hart)
    }

    /// Feeds Decode and Fetch2 a misprediction's wrong path from `start`, if it is
    /// known under the current vector configuration (`keep_wrong_path`). Fetch2
    /// predicts its transfers as it would on any path (`Predictor::peek`: the
    /// squash undoes their updates), and one predicted taken moves the walk to its
    /// target (`WrongPathStep::Taken`).
    pub fn replay_wrong_path(&mut self, hart: &Hart, start: u64) -> WrongPathStep {
        let key = (start, hart.v.vtype, hart.v.vl);
        let Some(path) = self.wrong_paths.get(&key) else {
            return WrongPathStep::Unknown;
        };
        let mut pc = start;
        let mut i = 0;
        let mut transfers = path.transfers.iter();
        while i < path.insns.len() {
            // Past the last vector instruction Decode only catches up (12 micro-ops
            // a cycle against Fetch2's 8 instructions): once it has, the path can
            // matter only through a transfer Fetch2 predicts taken before the
            // redirect, so Fetch2 goes straight to the next one.
            if i >= path.vector_end && self.fe.decode_caught_up() {
                let Some(&(j, offset)) = transfers.find(|&&(j, _)| j as usize >= i) else {
                    break;
                };
                if !self.fe.dropped_skip(j as u32 - i as u32) {
                    break;
                }
                i = j as usize;
                pc = start + offset as u64;
            }
            let step = path.insns[i];
            if !self.fe.dropped(step.uops as u32) {
                break;
            }
            let next = pc + step.bytes as u64;
            if let Some(target) = self.peek_path(pc, step) {
                self.fe.dropped_taken(target);
                return WrongPathStep::Taken(target);
            }
            pc = next;
            i += 1;
        }
        WrongPathStep::Done
    }

    /// Where Fetch2 would send the path after `step` at `pc` if it predicted it taken
    /// (the predictor read, not updated: `Predictor::peek`); None: not taken.
    fn peek_path(&self, pc: u64, step: PathInsn) -> Option<u64> {
        // The mispredicted transfer itself is still predicted as it was: gem5
        // updates the predictor when it commits, after its wrong path was fetched
        // (a loop's exit: the wrong path loops on).
        if let Some((at, wrong)) = self.mispredicted
            && at == pc
        {
            return (wrong != pc + step.bytes as u64).then_some(wrong);
        }
        match step.transfer {
            PathTransfer::None => None,
            PathTransfer::Branch(kind, indirect) => self.bp.peek(pc, kind, indirect),
            PathTransfer::Vset(direct) => self
                .bp
                .peek_vset(pc, direct)
                .then_some(pc + step.bytes as u64),
        }
    }

    /// Remembers a wrong path's instructions as Decode and Fetch2 see them (see
    /// `replay_wrong_path`).
    pub fn keep_wrong_path(&mut self, hart: &Hart, start: u64, insns: Vec<PathInsn>) {
        if self.wrong_paths.len() >= MAX_WRONG_PATHS {
            self.wrong_paths.clear();
        }
        let vector_end = insns.iter().rposition(|s| s.uops > 1).map_or(0, |i| i + 1);
        let mut offset = 0u16;
        let mut transfers = Vec::new();
        for (i, s) in insns.iter().enumerate() {
            if !matches!(s.transfer, PathTransfer::None) {
                transfers.push((i as u16, offset));
            }
            offset += s.bytes as u16;
        }
        self.wrong_paths.insert(
            (start, hart.v.vtype, hart.v.vl),
            WrongPath {
                insns: insns.into_boxed_slice(),
                vector_end,
                transfers: transfers.into_boxed_slice(),
            },
        );
    }

    /// One instruction of a wrong path: its micro-ops, length and transfer.
    pub fn path_insn(&self, insn: &Insn, hart: &Hart) -> PathInsn {
        PathInsn {
            uops: self.uops_of(insn, hart).min(255) as u8,
            bytes: (insn.next_pc() - insn.pc) as u8,
            transfer: self.path_transfer(insn),
        }
    }

    /// Fetch1's walk ahead of the committed path up to cycle `to`, when it is on
    /// (`timing_icache_runahead`; the check is all the data path pays when off).
    #[inline(always)]
    fn run_ahead(&mut self, hart: &Hart, to: u64) {
        if self.p.icache_runahead != 0 {
            self.walk_ahead(hart, to);
        }
    }

    /// The walk itself (`FrontEnd::ahead_next`): line by line along the path Fetch2
    /// would predict, each line's instructions decoded once.
    #[inline(never)]
    fn walk_ahead(&mut self, hart: &Hart, to: u64) {
        self.fe.ahead_sync();
        if let Some((entry, start)) = self.fe.ahead_fetched_lines() {
            self.walk_fetched_lines(hart, entry, start);
        }
        while let Some((pc, c)) = self.fe.ahead_next(to) {
            self.ahead_line(hart, pc);
            let insns = &self.ahead_lines[&pc];
            if insns.is_empty() {
                self.fe.ahead_park();
                return;
            }
            let mut at = pc;
            let mut taken = None;
            let mut n = 0;
            for &step in insns.iter() {
                n += 1;
                taken = self.peek_path(at, step);
                at += step.bytes as u64;
                if taken.is_some() {
                    break;
                }
            }
            self.fe
                .ahead_fetch(c, n, taken.unwrap_or(at), taken.is_some());
        }
    }

    /// Decodes `pc`'s line from `pc` on into `ahead_lines`, once.
    fn ahead_line(&mut self, hart: &Hart, pc: u64) {
        if !self.ahead_lines.contains_key(&pc) {
            let line = self.ahead_decode(hart, pc);
            if self.ahead_lines.len() >= MAX_AHEAD_LINES {
                self.ahead_lines.clear();
            }
            self.ahead_lines.insert(pc, line);
        }
    }

    /// Follows the predicted path from `entry` through the lines the lazily
    /// stepped Fetch1 already fetched on its stream, up to the walk's first line
    /// `start`: a transfer Fetch2 will predict taken there sends the walk to its
    /// target, as the stream change it makes (gem5's Fetch1 fetches on down the
    /// line sequence only until Fetch2 changes its stream).
    fn walk_fetched_lines(&mut self, hart: &Hart, entry: u64, start: u64) {
        let shift = self.p.fetch_line.trailing_zeros();
        let mut pc = entry;
        while pc >> shift < start {
            self.ahead_line(hart, pc);
            let insns = &self.ahead_lines[&pc];
            if insns.is_empty() {
                return;
            }
            let mut at = pc;
            for &step in insns.iter() {
                if let Some(target) = self.peek_path(at, step) {
                    self.fe.ahead_jump(target, target <= at);
                    return;
                }
                at += step.bytes as u64;
            }
            pc = at;
        }
    }

    /// The instructions that start in `pc`'s line from `pc` on, as Fetch2 sees
    /// them; empty if `pc` does not decode.
    fn ahead_decode(&self, hart: &Hart, pc: u64) -> Box<[PathInsn]> {
        let shift = self.p.fetch_line.trailing_zeros();
        let mut out = Vec::new();
        let mut at = pc;
        while at >> shift == pc >> shift {
            let Some(bits) = hart.peek_bits(at) else {
                break;
            };
            let (insn, _) = crate::exec::decode_for(hart, bits, at);
            out.push(self.path_insn(&insn, hart));
            at = insn.next_pc();
        }
        out.into_boxed_slice()
    }

    /// The last dropped instruction was predicted taken to `target`: Fetch2's
    /// output ends, its lines are dumped, and the target's line comes after
    /// Fetch1's stream change.
    pub fn dropped_taken(&mut self, target: u64) {
        self.fe.dropped_taken(target);
    }

    /// The wrong path's walk stopped at its bound with Fetch2 still going round a
    /// loop: it fetches no new line before the redirect.
    pub fn wrong_path_cut(&mut self) {
        self.fe.fetch2_stalled();
    }

    /// Execute's redirect reaches the front end, after the dropped path's walk.
    pub fn finish_redirect(&mut self) {
        self.mispredicted = None;
        self.fe.finish_redirect();
    }

    /// A marker waits for everything before it to complete and takes no time itself.
    #[cold]
    #[inline(never)]
    fn marker(&mut self, hart: &Hart, m: Marker, pc: u64, arrival: u64) {
        self.resolve_unknown();
        let t = arrival.max(self.cycle).max(self.last_complete);
        // The fetches Fetch1 ran ahead with belong to the window before the marker.
        self.run_ahead(hart, t.max(self.stores_seen));
        if t > self.cycle {
            self.cycle = t;
            self.issued = 0;
            self.mem_issued = 0;
        }
        self.insn_first_issue = t;
        self.insn_complete = t;
        self.accel_advance(t);
        match m {
            Marker::Reset => self.reset_window(t),
            Marker::Dump => self.dump(t.max(self.stores_seen), false),
            Marker::DumpReset => {
                self.dump(t.max(self.stores_seen), false);
                self.reset_window(t);
            }
            Marker::Other => {}
        }
        if self.p.marker_refetch != 0 {
            // The m5 op's forced branch (SerializeAfter) restarts fetch and drops
            // what Fetch2 decoded past it.
            self.fe
                .redirect(t + self.p.marker_redirect as u64, pc + 4, pc + 4, pc + 4);
            self.dropped_path = Some((pc + 4, self.p.marker_wrong_path > 0));
        }
    }

    fn reset_window(&mut self, t: u64) {
        // The front end counts its misses itself (off the per-instruction path).
        self.counters[Stat::IcacheMisses as usize] = self.fe.misses;
        self.window_start = t;
        self.window_counters = self.counters;
        self.accel.read_stats(&mut self.vcix_at_reset);
    }

    fn dump(&mut self, t: u64, final_dump: bool) {
        self.counters[Stat::IcacheMisses as usize] = self.fe.misses;
        let mut counters = [0; NSTATS];
        for (k, c) in counters.iter_mut().enumerate() {
            *c = self.counters[k] - self.window_counters[k];
        }
        self.dumps.push(Dump {
            cycles: t - self.window_start,
            counters,
            final_dump,
            vcix: self.vcix_window(),
        });
    }

    /// A system call (handled by the proxy kernel): serialising, one cycle.
    pub fn syscall(&mut self) {
        self.count(Stat::Insts, 1);
        let t = self.issue(self.cycle.max(self.last_complete), Some(Pool::Misc), false);
        self.complete(t + 1);
    }

    /// The end-of-run dump gem5 appends; call once when the program has exited.
    pub fn finish(&mut self) {
        self.resolve_unknown();
        let t = self.cycle.max(self.last_complete);
        self.accel_advance(t);
        self.dump(t, true);
    }

    /// The cycle count so far (the end of everything issued).
    pub fn now(&self) -> u64 {
        self.cycle.max(self.last_complete)
    }
}

/// Slots a queue hands out in order, `per_cycle` a cycle: the cycle last used and
/// how many it gave.
#[derive(Default)]
struct PerCycle {
    cycle: u64,
    used: u32,
}

impl PerCycle {
    /// The first slot at or after `at`.
    #[inline]
    fn take(&mut self, at: u64, per_cycle: u32) -> u64 {
        if at > self.cycle {
            self.cycle = at;
            self.used = 0;
        } else if self.used >= per_cycle {
            self.cycle += 1;
            self.used = 0;
        }
        self.used += 1;
        self.cycle
    }
}

/// What kind of transfer a branch or jump is for the predictor, and whether its
/// target comes from a register (jalr). A jal or jalr writing ra or t0 is a call; a
/// jalr from ra or t0 that is not a call is a return (the RISC-V hint gem5 follows,
/// `JumpConstructor`).
fn transfer(op: &OpTiming, insn: &Insn) -> (Transfer, bool) {
    let link = |r: u8| r == 1 || r == 5;
    let kind = match op.kind {
        Kind::Branch => Transfer::Conditional,
        _ if link(insn.rd) => Transfer::Call,
        _ if op.reads_x[0] && link(insn.rs1) => Transfer::Return,
        _ => Transfer::Jump,
    };
    (kind, op.kind == Kind::Jump && op.reads_x[0])
}

/// Whether a vset takes its AVL from the instruction (vsetivli, bits 31:30 = 11:
/// gem5's `IsDirectControl`) rather than from rs1 (vsetvli, vsetvl).
fn vset_is_direct(insn: &Insn) -> bool {
    insn.bits >> 30 == 0b11
}

/// How a vector load or store goes to the LSQ: `n` accesses of `bytes_each` (one
/// per element when `per_element`, else one per register of the data group) over
/// `data_regs` registers.
struct VmemShape {
    n: u64,
    bytes_each: u64,
    data_regs: u64,
}

#[inline]
fn vmem_shape(op: &OpTiming, hart: &Hart, per_element: bool) -> VmemShape {
    let v = &hart.v;
    let sew = v.sew.max(8) as u64;
    let vl = v.vl;
    let lmul_num = if v.lmul_log2 >= 0 {
        1u64 << v.lmul_log2
    } else {
        1
    };
    let lmul_den = if v.lmul_log2 < 0 {
        1u64 << -v.lmul_log2
    } else {
        1
    };
    let vlenb = v.vlenb as u64;
    let nf = op.nf as u64;
    let (regs, eew) = if op.whole_regs > 0 {
        (op.whole_regs as u64, 8)
    } else if op.mask_mem {
        (1, 1)
    } else {
        let eew = if op.eew == 0 { sew } else { op.eew as u64 };
        // EMUL = EEW / SEW * LMUL, at least one register.
        (div_ceil(eew * lmul_num, sew * lmul_den).max(1), eew)
    };
    let total_bytes = if op.whole_regs > 0 {
        regs * vlenb
    } else if op.mask_mem {
        vl.div_ceil(8)
    } else {
        vl * nf * eew / 8
    };
    let (n, bytes_each) = if per_element {
        (vl * nf, eew / 8)
    } else {
        let n = regs * nf;
        (n, div_ceil(total_bytes, n).min(vlenb))
    };
    VmemShape {
        n,
        bytes_each,
        data_regs: (regs * nf).max(1),
    }
}

/// `k * m / n`, the part of `m` that micro-op `k` of `n` falls in, without a
/// division in the common case of one micro-op per part.
#[inline(always)]
fn part<T>(k: T, m: T, n: T) -> T
where
    T: Copy + PartialEq + std::ops::Mul<Output = T> + std::ops::Div<Output = T>,
{
    if m == n { k } else { k * m / n }
}

/// `a.div_ceil(b)`, with a shift when `b` is a power of two (as it mostly is here).
#[inline(always)]
fn div_ceil(a: u64, b: u64) -> u64 {
    if b != 0 && b & (b - 1) == 0 {
        (a >> b.trailing_zeros()) + (a & (b - 1) != 0) as u64
    } else {
        a.div_ceil(b)
    }
}

/// Registers in the current vector group (LMUL, at least one).
/// Micro-ops Decode makes of an instruction: a vector one splits per register of
/// its group, an indexed or strided access per element.
#[inline]
fn uops(op: &OpTiming, hart: &Hart) -> u32 {
    match op.kind {
        Kind::Vector { .. } => group(hart) as u32,
        Kind::VecMem {
            per_element: true, ..
        } => hart.v.vl.clamp(1, 256) as u32,
        Kind::VecMem { .. } => group(hart) as u32,
        _ => 1,
    }
}

fn group(hart: &Hart) -> usize {
    1usize << hart.v.lmul_log2.max(0)
}

/// A remembered wrong path: its instructions, the end of its last vector
/// instruction, and its transfers (index, byte offset from the start).
struct WrongPath {
    insns: Box<[PathInsn]>,
    vector_end: usize,
    transfers: Box<[(u16, u16)]>,
}

/// One instruction of a remembered wrong path (`CycleModel::keep_wrong_path`).
#[derive(Clone, Copy)]
pub struct PathInsn {
    uops: u8,
    bytes: u8,
    transfer: PathTransfer,
}

#[derive(Clone, Copy)]
enum PathTransfer {
    None,
    Branch(Transfer, bool),
    Vset(bool),
}

/// How a remembered wrong path's replay ended.
pub enum WrongPathStep {
    /// Not remembered under this vector configuration.
    Unknown,
    /// The redirect reached Fetch2, or the path ended.
    Done,
    /// Fetch2 predicted a transfer taken to this address.
    Taken(u64),
}

/// Wrong paths remembered at most (the table starts over when full).
const MAX_WRONG_PATHS: usize = 4096;
/// Lines the run-ahead walk keeps decoded, at most (then it starts over).
const MAX_AHEAD_LINES: usize = 16384;

/// Stores remembered for store-to-load forwarding (the store buffer's 8 entries).
pub const STORE_RING: usize = 8;

/// Whether a store of `n` bytes at `a` covers a load of `bytes` at `addr`.
#[inline]
fn covers(a: u64, n: u64, addr: u64, bytes: u64) -> bool {
    a <= addr && addr.wrapping_add(bytes) <= a.wrapping_add(n)
}

/// A forwarding candidate as the model timed it: the store ring's entries still in
/// the store buffer when it left the request queue (bit k: the k-th oldest), and
/// whether one of them covered it.
#[derive(Clone, Copy, Debug)]
pub struct ForwardView {
    pub live: u8,
    pub forwarded: bool,
}

/// A loop body instruction's part in forwarding (`CycleModel::ff_memory_role`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MemRole {
    None,
    /// A scalar store of so many bytes.
    Store(u64),
    /// A forwarding candidate of so many bytes.
    Load(u64),
    /// Any other scalar load of so many bytes: only its address matters (whether it
    /// splits at a line).
    Access(u64),
    /// A vector load or store: likewise, for each of its accesses.
    Vector,
}

/// The store ring's addresses and sizes, in its own order (`next`: the oldest).
#[derive(Clone, Copy)]
pub struct StoreAddresses {
    at: [(u64, u64); STORE_RING],
    next: usize,
}

impl StoreAddresses {
    /// A store enters the ring, pushing out the oldest.
    #[inline]
    pub fn push(&mut self, addr: u64, bytes: u64) {
        self.at[self.next] = (addr, bytes);
        self.next = (self.next + 1) % STORE_RING;
    }

    /// Whether one of the entries `view.live` names covers a load of `bytes` at
    /// `addr`: the decision the model would make for it.
    #[inline]
    pub fn forwards(&self, live: u8, addr: u64, bytes: u64) -> bool {
        // Only the live entries (usually none).
        let mut rest = live;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (a, n) = self.at[(self.next + k) % STORE_RING];
            if covers(a, n, addr, bytes) {
                return true;
            }
        }
        false
    }
}

/// Scoreboard value of a register written by an accelerator instruction whose latency
/// is not known yet (far beyond any real cycle).
const PENDING: u64 = u64::MAX / 4;

/// Cycles the cycle model waits on a model that refuses an instruction (or does not
/// turn ready) before it warns and goes on.
const MAX_REFUSAL_CYCLES: u64 = 1 << 26;

/// An accelerator instruction issued and not yet committed.
#[derive(Clone, Copy, Debug)]
struct Flight {
    id: u64,
    insn: VcixInsn,
    issued: u64,
    /// The cycle its result is ready, or PENDING.
    ready_at: u64,
    v_write: Option<(u8, u8)>,
    /// Index of its record in the issue trace (its completion is known only later).
    trace_at: usize,
}

/// The registers an accelerator instruction reads and writes, by the VCIX operand rule
/// (the one gem5's adapter applies): custom-1 is R-type on integer registers, reading
/// `x[rs1]` and `x[rs2]` and writing nothing; on custom-2, `vm` (bit 25) = 0 means `vd`
/// is written, `funct6[5:2]` says whether `vs2` (0010, 1010, 1111) and `vd` (1010, 1111)
/// are read, `funct3` whether the `rs1` field is a vector (000), an integer (100) or a
/// floating-point register (101). Vector operands are groups of LMUL registers; the
/// widening forms (1111) use a `vd` group twice as large.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct VcixOperands {
    x: [Option<u8>; 2],
    f: Option<u8>,
    v_read: [Option<(u8, u8)>; 3],
    v_write: Option<(u8, u8)>,
}

fn vcix_operands(bits: u32, group: usize) -> VcixOperands {
    let rd = ((bits >> 7) & 31) as u8;
    let rs1 = ((bits >> 15) & 31) as u8;
    let rs2 = ((bits >> 20) & 31) as u8;
    let mut o = VcixOperands::default();
    if bits & 0x7f == crate::machine::accel::CUSTOM_1 {
        o.x = [Some(rs1), Some(rs2)];
        return o;
    }
    let g = group as u8;
    let form = bits >> 28;
    let wide = form == 0b1111;
    let vd = (rd, if wide { 2 * g } else { g });
    match (bits >> 12) & 7 {
        0b000 => o.v_read[0] = Some((rs1, g)),
        0b100 => o.x[0] = Some(rs1),
        0b101 => o.f = Some(rs1),
        _ => {}
    }
    if matches!(form, 0b0010 | 0b1010 | 0b1111) {
        o.v_read[1] = Some((rs2, g));
    }
    if matches!(form, 0b1010 | 0b1111) {
        o.v_read[2] = Some(vd);
    }
    if (bits >> 25) & 1 == 0 {
        o.v_write = Some(vd);
    }
    o
}
