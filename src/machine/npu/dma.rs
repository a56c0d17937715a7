//! The DMA engine (custom-1, npu-isa.md §3): CONFIG_DESC and the 160-byte
//! descriptor, MVIN/MVIN2/MVIN3/MVOUT between DRAM and the lane-banked scratchpad,
//! and the legacy CONFIG..CONFIG4 registers of the older route.
//!
//! A transfer reads its descriptor (through the hart's memory path, so it may live
//! in DRAM or in the scratchpad), derives the geometry of §3.4, builds the address
//! table of §3.5 (one `Vec` per transfer) and walks it as §3.6 (MVIN) or §3.7 (MVOUT)
//! say, element by element through `Hart::load`/`Hart::store`. The semantics are the
//! vcix-accelerator model's (VX) with the SJ descriptor layout; see docs/npu.md.

use super::exit;
use crate::machine::ExecResult;
use crate::machine::{Hart, Trap};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Address-table entry of a position another transfer owns (MVIN leaves it alone).
pub const SKIP: u64 = u64::MAX;

/// Descriptor `flags` bits (offset 118).
pub mod flag {
    pub const INDIRECT: u16 = 1 << 0;
    pub const MASKED: u16 = 1 << 1;
    pub const ACCUMULATE: u16 = 1 << 2;
    pub const ACCUMULATE_FLOAT: u16 = 1 << 3;
    /// Bits 4..7: one per axis (MVIN only).
    pub const SKIP_SHIFT: u32 = 4;
}

/// Bytes of a descriptor.
pub const DESC_BYTES: usize = 160;

/// Largest address table a transfer may build (positions of the logical tensor,
/// rounded up to whole passes): 2^28 entries = 2 GiB of table. Anything larger is
/// refused as the model refuses an allocation failure.
pub const MAX_POSITIONS: u128 = 1 << 28;

/// Direction of a transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// DRAM -> scratchpad (MVIN, MVIN2, MVIN3).
    In,
    /// Scratchpad -> DRAM (MVOUT).
    Out,
}

/// Where the next transfer takes its configuration from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The descriptor at `desc_ptr` (CONFIG_DESC).
    #[default]
    Descriptor,
    /// The legacy registers (CONFIG..CONFIG4 ran after the last CONFIG_DESC).
    Legacy,
}

/// The V1 configuration registers (npu-isa.md §3.2); all 0 at reset except the
/// index element size, 1.
#[derive(Clone, Debug)]
pub struct LegacyRegs {
    pub dims: [u64; 4],
    pub esize: u64,
    pub axis: u64,
    pub indirect: bool,
    pub vlane_stride: u64,
    pub mm_stride: [u64; 4],
    pub spad_stride: [u64; 4],
    pub ind_addr: u64,
    pub ind_stride: u64,
    pub ind_esize: u64,
}

impl Default for LegacyRegs {
    fn default() -> Self {
        LegacyRegs {
            dims: [0; 4],
            esize: 0,
            axis: 0,
            indirect: false,
            vlane_stride: 0,
            mm_stride: [0; 4],
            spad_stride: [0; 4],
            ind_addr: 0,
            ind_stride: 0,
            ind_esize: 1,
        }
    }
}

/// DMA state that persists between instructions.
#[derive(Clone, Debug, Default)]
pub struct DmaState {
    /// Descriptor address from the last CONFIG_DESC (the descriptor itself is re-read
    /// at every transfer).
    pub desc_ptr: u64,
    /// MVINs completed (`dma_counter`, used by the sparse-tile dump).
    pub mvin_count: u64,
    /// Index dumps written so far before any DMA_INDEX_KEY (names `indirect_index<C>.raw`).
    pub index_dumps: u64,
    /// The key of the last DMA_INDEX_KEY (VX): once one ran, every later dump is named
    /// `indirect_index_<key>_<n>.raw`, n counting the dumps of that key.
    pub index_key: Option<u64>,
    /// Per key, the dumps written under it (a short list: one entry per key used).
    pub key_dumps: Vec<(u64, u64)>,
    /// Which configuration the next transfer uses.
    pub source: Source,
    /// The legacy registers (only reachable with `--dma-legacy`).
    pub legacy: LegacyRegs,
}

impl DmaState {
    /// CONFIG (`which` 0), CONFIG2 (2), CONFIG3 (3) or CONFIG4 (4) with operands
    /// `a` = X[rs1] and `b` = X[rs2] (npu-isa.md §3.2).
    pub fn config_legacy(&mut self, which: u8, a: u64, b: u64) {
        let r = &mut self.legacy;
        let hi = |v: u64| v >> 32;
        let lo = |v: u64| v & 0xffff_ffff;
        match which {
            0 => {
                r.dims = [a >> 48, (a >> 32) & 0xffff, (a >> 16) & 0xffff, a & 0xffff];
                r.esize = b & 0x3fff;
                r.axis = (b >> 14) & 3;
                r.indirect = (b >> 16) & 1 != 0;
                r.vlane_stride = hi(b);
            }
            2 => r.mm_stride = [hi(a), lo(a), hi(b), lo(b)],
            3 => r.spad_stride = [hi(a), lo(a), hi(b), lo(b)],
            4 => {
                r.ind_addr = a;
                r.ind_stride = b & 0xffff;
                r.ind_esize = (b >> 16) & 0xff;
            }
            _ => unreachable!("no legacy CONFIG{which}"),
        }
        self.source = Source::Legacy;
    }
}

/// A decoded descriptor (npu-isa.md §3.3). Signed 32-bit fields are sign-extended
/// and then used as unsigned 64-bit values, as the reference does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Descriptor {
    pub dim: [u64; 4],
    pub lo: [u64; 4],
    pub hi: [u64; 4],
    pub mm_stride: [u64; 4],
    pub spad_stride: [u64; 4],
    pub esize: u64,
    pub vlane_stride: u64,
    pub axis: u64,
    pub dtype: u8,
    pub flags: u16,
    pub ind_addr: u64,
    pub ind_stride: u64,
    pub ind_esize: u64,
    pub ind_dim: u8,
    pub ind_lanes: u64,
    pub fill: u64,
    pub mem_base: u64,
    pub mem_bytes: u64,
    /// Indices are sign-extended (descriptor path); the legacy path zero-extends (V1).
    pub signed_index: bool,
}

impl Descriptor {
    /// Decodes the 160 bytes of a descriptor.
    pub fn parse(b: &[u8; DESC_BYTES]) -> Descriptor {
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]) as u64;
        let i32_at = |o: usize| i32::from_le_bytes(b[o..o + 4].try_into().unwrap()) as i64 as u64;
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
        let four = |base: usize, f: &dyn Fn(usize) -> u64, step: usize| {
            [
                f(base),
                f(base + step),
                f(base + 2 * step),
                f(base + 3 * step),
            ]
        };
        Descriptor {
            dim: four(0, &i32_at, 4),
            lo: four(16, &i32_at, 4),
            hi: four(32, &i32_at, 4),
            mm_stride: four(48, &u64_at, 8),
            spad_stride: four(80, &u64_at, 8),
            esize: u16_at(112),
            vlane_stride: u16_at(114),
            axis: b[116] as u64,
            dtype: b[117],
            flags: u16_at(118) as u16,
            ind_addr: u64_at(120),
            ind_stride: u16_at(128),
            ind_esize: u16_at(130),
            ind_dim: b[132],
            ind_lanes: u16_at(134),
            fill: u64_at(136),
            mem_base: u64_at(144),
            mem_bytes: u64_at(152),
            signed_index: true,
        }
    }

    /// The transfer the legacy registers describe: no mask, no skip axes, fill 0,
    /// no accumulate, one index per element, no DRAM bound (npu-isa.md §3.2).
    pub fn from_legacy(r: &LegacyRegs) -> Descriptor {
        Descriptor {
            dim: r.dims,
            lo: [0; 4],
            hi: r.dims,
            mm_stride: r.mm_stride,
            spad_stride: r.spad_stride,
            esize: r.esize,
            vlane_stride: r.vlane_stride,
            axis: r.axis,
            dtype: 0,
            flags: if r.indirect { flag::INDIRECT } else { 0 },
            ind_addr: r.ind_addr,
            ind_stride: r.ind_stride,
            ind_esize: r.ind_esize,
            ind_dim: 0,
            ind_lanes: 0,
            fill: 0,
            mem_base: 0,
            mem_bytes: 0,
            signed_index: false,
        }
    }

    fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
}

/// Reads the descriptor at `addr` byte by byte through the hart's memory path.
pub fn read_descriptor(h: &mut Hart, addr: u64) -> Result<Descriptor, Box<Trap>> {
    let mut b = [0u8; DESC_BYTES];
    for (i, byte) in b.iter_mut().enumerate() {
        *byte = h.load::<u8>(addr.wrapping_add(i as u64))?;
    }
    Ok(Descriptor::parse(&b))
}

/// CONFIG_DESC: records the descriptor pointer and nothing else; it reads no memory
/// (VX: the descriptor, byte 117 included, is only read by the transfers).
pub fn config_desc(h: &mut Hart, ptr: u64) -> ExecResult {
    let d = &mut h.npu.dma;
    d.desc_ptr = ptr;
    d.source = Source::Descriptor;
    Ok(())
}

/// The derived transfer geometry of npu-isa.md §3.4.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Passes over the lanes, lanes that carry data.
    pub out: u64,
    pub used: u64,
    /// Block walked per (pass, lane) and its rescaled scratchpad strides.
    pub bd: [u64; 4],
    pub bs: [u64; 4],
    /// Row-major position strides of the logical tensor.
    pub ps: [u64; 4],
    pub lstr: u64,
    pub ostr: u64,
    pub sostr: u64,
    /// Address-table length.
    pub len: u64,
}

impl Geometry {
    /// Checks the descriptor as the model does (exit 1 with these messages) and
    /// derives the geometry for `lanes` lanes.
    pub fn new(d: &Descriptor, lanes: u64, name: &str) -> Result<Geometry, String> {
        if d.axis > 3 {
            return Err(format!(
                "tpu: {name}: the descriptor splits axis {} of 4",
                d.axis
            ));
        }
        if d.esize == 0 || d.vlane_stride == 0 {
            return Err(format!(
                "tpu: {name}: the descriptor has an element size or a lane stride of 0"
            ));
        }
        if d.dim.contains(&0) {
            return Err(format!("tpu: {name}: the descriptor has a dimension of 0"));
        }
        let a = d.axis as usize;
        let dim = d.dim;
        let too_big = |n: u128| format!("tpu: {name}: no memory for a transfer of {n} elements");
        // Positions of the tensor (a negative dimension is a huge one).
        let n: u128 = dim
            .iter()
            .fold(1u128, |acc, &x| acc.saturating_mul(x as u128));
        if n > MAX_POSITIONS {
            return Err(too_big(n));
        }
        let (vs, l) = (d.vlane_stride as u128, lanes as u128);
        let da = dim[a] as u128;
        let out = da.div_ceil(vs * l);
        let used = if out > 1 { l } else { da.div_ceil(vs) };
        let mut bd = dim;
        bd[a] = d.vlane_stride;
        let round = used * bd.iter().map(|&x| x as u128).product::<u128>();
        let len = n.div_ceil(round) * round;
        if len > MAX_POSITIONS {
            return Err(too_big(len));
        }
        let (out, used) = (out as u64, used as u64);
        let ss = d.spad_stride;
        let mut bs = ss;
        for i in 0..4 {
            if ss[i] > ss[a] {
                bs[i] = (ss[i] / dim[a])
                    .wrapping_mul(d.vlane_stride)
                    .wrapping_mul(out);
            }
        }
        let ps = [dim[1] * dim[2] * dim[3], dim[2] * dim[3], dim[3], 1];
        let lstr = ps[a] * d.vlane_stride;
        Ok(Geometry {
            out,
            used,
            bd,
            bs,
            ps,
            lstr,
            ostr: lstr.wrapping_mul(used),
            sostr: bs[a].wrapping_mul(d.vlane_stride),
            len: len as u64,
        })
    }
}

/// The address table of npu-isa.md §3.5: per position of the tensor its DRAM
/// address, 0 for none (fill / skip), or `SKIP` (MVIN leaves the scratchpad alone).
pub fn address_table(d: &Descriptor, g: &Geometry, dram: u64, dir: Dir) -> Vec<u64> {
    let mut t = vec![0u64; g.len as usize];
    let masked = d.has(flag::MASKED);
    let skip_axes = if dir == Dir::In {
        (d.flags >> flag::SKIP_SHIFT) & 0xf
    } else {
        0
    };
    let e = d.esize;
    let ms = d.mm_stride;
    let dim = d.dim;
    let inside = |i: usize, x: u64| d.lo[i] <= x && x < d.hi[i];
    for n in 0..dim[0] {
        for c in 0..dim[1] {
            for h in 0..dim[2] {
                let row = n * g.ps[0] + c * g.ps[1] + h * g.ps[2];
                let base = n
                    .wrapping_mul(ms[0])
                    .wrapping_add(c.wrapping_mul(ms[1]))
                    .wrapping_add(h.wrapping_mul(ms[2]));
                let outer_in = !masked || (inside(0, n) && inside(1, c) && inside(2, h));
                for w in 0..dim[3] {
                    let off = base.wrapping_add(w.wrapping_mul(ms[3])).wrapping_mul(e);
                    let addr = dram.wrapping_add(off);
                    t[(row + w) as usize] = if outer_in && (!masked || inside(3, w)) {
                        addr
                    } else {
                        let x = [n, c, h, w];
                        let skip = (0..4).any(|i| skip_axes >> i & 1 != 0 && !inside(i, x[i]));
                        if skip { SKIP } else { 0 }
                    };
                }
            }
        }
    }
    t
}

/// One transfer: the shared state of the walk.
struct Walk<'a> {
    d: &'a Descriptor,
    g: &'a Geometry,
    table: Vec<u64>,
    name: &'static str,
    lane_bytes: u64,
    /// Indices read, per position (indirect transfers only), and the highest
    /// position recorded.
    indices: Vec<u64>,
    max_index_pos: Option<u64>,
}

impl Walk<'_> {
    fn address(&self, h: &mut Hart, p: u64) -> Result<u64, Box<Trap>> {
        match self.table.get(p as usize) {
            Some(&a) => Ok(a),
            None => Err(h.npu.fail(
                exit::REFUSED,
                format!(
                    "tpu: {}: the descriptor reaches position {p} of a tensor of {}",
                    self.name,
                    self.table.len()
                ),
            )),
        }
    }

    /// Reads the index for block coordinate `x` of lane `k` in pass `o` at spad
    /// element `s` (npu-isa.md §3.8), records it for position `p`, and returns the
    /// byte offset it adds to the DRAM address.
    fn index(
        &mut self,
        h: &mut Hart,
        o: u64,
        k: u64,
        x: [u64; 4],
        s: u64,
        p: u64,
    ) -> Result<u64, Box<Trap>> {
        let d = self.d;
        let ia = if d.ind_dim == 0 {
            d.ind_addr
                .wrapping_add(s.wrapping_mul(d.ind_esize))
                .wrapping_add(k.wrapping_mul(self.lane_bytes))
        } else {
            // Axes past W read the W coordinate (as the model does).
            let ax = (d.ind_dim - 1).min(3) as usize;
            let mut crd = x[ax];
            if (d.ind_dim - 1) as u64 == d.axis {
                crd = crd.wrapping_add((o * self.g.used + k).wrapping_mul(d.vlane_stride));
            }
            let nl = d.ind_lanes.max(1);
            d.ind_addr
                .wrapping_add((crd / nl).wrapping_mul(d.ind_esize))
                .wrapping_add((crd % nl).wrapping_mul(self.lane_bytes))
        };
        let sx = d.signed_index;
        let idx = match d.ind_esize {
            1 => {
                let v = h.load::<u8>(ia)?;
                if sx { v as i8 as u64 } else { v as u64 }
            }
            2 => {
                let v = h.load::<u16>(ia)?;
                if sx { v as i16 as u64 } else { v as u64 }
            }
            4 => {
                let v = h.load::<u32>(ia)?;
                if sx { v as i32 as u64 } else { v as u64 }
            }
            8 => h.load::<u64>(ia)?,
            n => {
                return Err(h.npu.fail(
                    exit::REFUSED,
                    format!("tpu: {}: an index of {n} bytes is not supported", self.name),
                ));
            }
        };
        self.indices[p as usize] = idx;
        self.max_index_pos = Some(self.max_index_pos.map_or(p, |m| m.max(p)));
        Ok(idx.wrapping_mul(d.ind_stride).wrapping_mul(d.esize))
    }

    /// Length of the run of elements from position `p` (scratchpad offset `soff`
    /// relative to lane 0) that a plain element walk would move between contiguous
    /// DRAM and contiguous scratchpad addresses: table entries consecutive (neither 0
    /// nor SKIP), inside the DRAM bound, below the scratchpad limit; at most `max`
    /// (and `MAX_RUN`) elements.
    fn run(&self, p: u64, soff: u64, limit: u64, max: u64) -> u64 {
        let e = self.d.esize;
        let Some(&a0) = self.table.get(p as usize) else {
            return 0;
        };
        let mut n = 0;
        while n < max.min(MAX_RUN) {
            let Some(&a) = self.table.get((p + n) as usize) else {
                break;
            };
            if a == 0
                || a == SKIP
                || a != a0.wrapping_add(n * e)
                || soff.wrapping_add(n * e) >= limit
                || soff.wrapping_add(n * e) < soff
                || self.out_of_bound(a)
            {
                break;
            }
            n += 1;
        }
        n
    }

    /// Whether the DRAM bound (MB, MN) excludes an element at `a`.
    fn out_of_bound(&self, a: u64) -> bool {
        let d = self.d;
        d.mem_bytes != 0
            && (a < d.mem_base || a.wrapping_add(d.esize) > d.mem_base.wrapping_add(d.mem_bytes))
    }
}

/// MVIN (`Dir::In`) or MVOUT (`Dir::Out`) with DRAM address `dram` and scratchpad
/// address `spad` (npu-isa.md §3.6, §3.7, §3.8, §3.10).
pub fn transfer(h: &mut Hart, dir: Dir, dram: u64, spad: u64) -> ExecResult {
    let d = match h.npu.dma.source {
        Source::Descriptor => {
            let ptr = h.npu.dma.desc_ptr;
            read_descriptor(h, ptr)?
        }
        Source::Legacy => Descriptor::from_legacy(&h.npu.dma.legacy),
    };
    let name = if dir == Dir::In { "mvin" } else { "mvout" };
    let lanes = h.npu.lanes as u64;
    let g = match Geometry::new(&d, lanes, name) {
        Ok(g) => g,
        Err(m) => return Err(h.npu.fail(exit::REFUSED, m)),
    };
    let table = address_table(&d, &g, dram, dir);
    let indirect = d.has(flag::INDIRECT);
    let mut w = Walk {
        d: &d,
        g: &g,
        indices: if indirect {
            vec![0; table.len()]
        } else {
            Vec::new()
        },
        table,
        name,
        lane_bytes: h.npu.spad_lane_bytes,
        max_index_pos: None,
    };
    let limit = h.npu.spad_base.wrapping_add(h.npu.spad_lane_bytes);
    let e = d.esize;
    let mut sparse = true;
    let walk_lanes = if dir == Dir::In { lanes } else { g.used };
    // Contiguous runs may be copied in bulk when that cannot differ from the element
    // walk: no translation, a plain move (no index, no accumulate), spad contiguous.
    let bulk = !h.vm.data
        && matches!(e, 1 | 2 | 4 | 8)
        && !indirect
        && g.bs[3] == 1
        && !(dir == Dir::Out && d.has(flag::ACCUMULATE));
    let mut buf = Vec::new();
    let bd = g.bd;
    for o in 0..g.out {
        for k in 0..walk_lanes {
            let used_lane = k < g.used;
            let p_lane = g.ostr.wrapping_mul(o).wrapping_add(g.lstr.wrapping_mul(k));
            let s_pass = g.sostr.wrapping_mul(o);
            let lane_off = k.wrapping_mul(w.lane_bytes);
            for n in 0..bd[0] {
                for c in 0..bd[1] {
                    for hh in 0..bd[2] {
                        let p_row = p_lane
                            .wrapping_add(g.ps[0].wrapping_mul(n))
                            .wrapping_add(g.ps[1].wrapping_mul(c))
                            .wrapping_add(g.ps[2].wrapping_mul(hh));
                        let s_row = s_pass
                            .wrapping_add(g.bs[0].wrapping_mul(n))
                            .wrapping_add(g.bs[1].wrapping_mul(c))
                            .wrapping_add(g.bs[2].wrapping_mul(hh));
                        let mut ww = 0;
                        while ww < bd[3] {
                            let p = p_row.wrapping_add(ww);
                            let s = s_row.wrapping_add(g.bs[3].wrapping_mul(ww));
                            let soff = spad.wrapping_add(s.wrapping_mul(e));
                            let sp = soff.wrapping_add(lane_off);
                            if bulk && (dir == Dir::Out || used_lane) {
                                let run = w.run(p, soff, limit, bd[3] - ww);
                                if run >= MIN_RUN {
                                    let a = w.table[p as usize];
                                    let (src, dst) = if dir == Dir::In { (a, sp) } else { (sp, a) };
                                    if let Some(zero) = copy_run(h, &mut buf, src, dst, run * e, e)
                                    {
                                        sparse &= zero;
                                        ww += run;
                                        continue;
                                    }
                                }
                            }
                            ww += 1;
                            let x = [n, c, hh, ww - 1];
                            match dir {
                                Dir::In => {
                                    let mut a = if used_lane { w.address(h, p)? } else { 0 };
                                    if a == SKIP {
                                        continue;
                                    }
                                    let mut used = used_lane && a != 0;
                                    if soff >= limit {
                                        return Err(overflow(h, "MVIN", sp));
                                    }
                                    if indirect && used {
                                        a = a.wrapping_add(w.index(h, o, k, x, s, p)?);
                                    }
                                    if used && w.out_of_bound(a) {
                                        used = false;
                                    }
                                    let zero = move_in(h, e, used, a, sp, d.fill)?;
                                    sparse &= zero;
                                }
                                Dir::Out => {
                                    let mut a = w.address(h, p)?;
                                    if a == 0 {
                                        continue;
                                    }
                                    if soff >= limit {
                                        return Err(overflow(h, "MVOUT", sp));
                                    }
                                    if indirect {
                                        a = a.wrapping_add(w.index(h, o, k, x, s, p)?);
                                    }
                                    if w.out_of_bound(a) {
                                        continue;
                                    }
                                    move_out(h, &d, sp, a)?;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    if indirect {
        if h.npu.dma.index_key.is_some() {
            // Keyed: one entry per position of the tensor (N·C·H·W, never more than
            // the table), the elements the index added (index × indirect_stride).
            let n = d.dim.iter().fold(1u64, |a, &x| a.wrapping_mul(x));
            let n = (n.min(w.indices.len() as u64)) as usize;
            let stride = d.ind_stride;
            for v in &mut w.indices[..n] {
                *v = v.wrapping_mul(stride);
            }
            dump_indices(h, name, &w.indices[..n])?;
        } else {
            let n = w.max_index_pos.map_or(0, |m| m as usize + 1);
            dump_indices(h, name, &w.indices[..n])?;
        }
    }
    if dir == Dir::In {
        if sparse && sparse_dump_enabled() {
            let count = h.npu.dma.mvin_count;
            dump_sparse(h.npu.base_path.as_deref(), count);
        }
        h.npu.dma.mvin_count += 1;
    }
    Ok(())
}

/// Shortest run worth a bulk copy, and the longest copied at once.
const MIN_RUN: u64 = 2;
const MAX_RUN: u64 = 1 << 16;

/// Copies `len` bytes of `e`-byte elements from `src` to `dst` in one read and one
/// write, if that is exactly what the element walk would do: both ranges aligned to
/// `e` (so no element would trap as misaligned), neither wrapping nor overlapping, and
/// both wholly in guest memory (else None: the caller walks the elements, which
/// raises the precise fault). Returns whether every element moved is zero (for
/// E = 4 also -0.0).
fn copy_run(h: &mut Hart, buf: &mut Vec<u8>, src: u64, dst: u64, len: u64, e: u64) -> Option<bool> {
    let (src_end, dst_end) = (src.checked_add(len)?, dst.checked_add(len)?);
    if !src.is_multiple_of(e) || !dst.is_multiple_of(e) || (src < dst_end && dst < src_end) {
        return None;
    }
    buf.resize(len as usize, 0);
    h.mem.read_bytes(src, buf).ok()?;
    h.mem.write_bytes(dst, buf).ok()?;
    Some(if e == 4 {
        buf.chunks_exact(4)
            .all(|c| u32::from_le_bytes(c.try_into().unwrap()) & 0x7fff_ffff == 0)
    } else {
        buf.iter().all(|&b| b == 0)
    })
}

#[cold]
fn overflow(h: &mut Hart, what: &str, addr: u64) -> Box<Trap> {
    h.npu.fail(
        exit::INVALID_SPAD_ACCESS,
        format!("{what} ERROR: Scratchpad address overflow: {addr:#x}"),
    )
}

/// One MVIN element: E bytes from `a` (or the fill when unused) to `dst`. Returns
/// whether the stored value is zero (for E=4 also -0.0); sizes other than 1, 2, 4
/// and 8 store nothing (and count as zero).
#[inline(always)]
fn move_in(h: &mut Hart, e: u64, used: bool, a: u64, dst: u64, fill: u64) -> Result<bool, Trap> {
    Ok(match e {
        1 => {
            let v = if used { h.load::<u8>(a)? } else { fill as u8 };
            h.store(dst, v)?;
            v == 0
        }
        2 => {
            let v = if used { h.load::<u16>(a)? } else { fill as u16 };
            h.store(dst, v)?;
            v == 0
        }
        4 => {
            let v = if used { h.load::<u32>(a)? } else { fill as u32 };
            h.store(dst, v)?;
            v & 0x7fff_ffff == 0
        }
        8 => {
            let v = if used { h.load::<u64>(a)? } else { fill };
            h.store(dst, v)?;
            v == 0
        }
        _ => true,
    })
}

/// One MVOUT element: E bytes from the scratchpad `src` to DRAM `a`, added to what
/// is there with ACCUMULATE (npu-isa.md §3.7; decisions 4 and 6 of §10).
#[inline(always)]
fn move_out(h: &mut Hart, d: &Descriptor, src: u64, a: u64) -> Result<(), Trap> {
    let acc = d.has(flag::ACCUMULATE);
    let float = acc && d.has(flag::ACCUMULATE_FLOAT);
    match d.esize {
        1 => {
            let mut v = h.load::<u8>(src)?;
            if acc {
                v = h.load::<u8>(a)?.wrapping_add(v);
            }
            h.store(a, v)
        }
        2 => {
            let mut v = h.load::<u16>(src)?;
            if acc {
                let old = h.load::<u16>(a)?;
                v = if float {
                    f16_add(old, v)
                } else {
                    old.wrapping_add(v)
                };
            }
            h.store(a, v)
        }
        4 => {
            let mut v = h.load::<u32>(src)?;
            if acc {
                let old = h.load::<u32>(a)?;
                v = if float {
                    f32_add(old, v)
                } else {
                    old.wrapping_add(v)
                };
            }
            h.store(a, v)
        }
        8 => {
            let mut v = h.load::<u64>(src)?;
            if acc {
                let old = h.load::<u64>(a)?;
                v = if float {
                    f64_add(old, v)
                } else {
                    old.wrapping_add(v)
                };
            }
            h.store(a, v)
        }
        _ => Ok(()),
    }
}

/// Half-precision `a + b` with SoftFloat (RISC-V flavour: any NaN result is the
/// default NaN 0x7E00), round to nearest even. SoftFloat's global rounding mode and
/// exception flags are restored, so the DMA leaves `fflags` alone.
pub fn f16_add(a: u16, b: u16) -> u16 {
    use softfloat_sys as sf;
    unsafe {
        let mode = sf::softfloat_roundingMode_read_helper();
        let flags = sf::softfloat_exceptionFlags_read_helper();
        sf::softfloat_roundingMode_write_helper(0);
        let r = sf::f16_add(sf::float16_t { v: a }, sf::float16_t { v: b }).v;
        sf::softfloat_roundingMode_write_helper(mode);
        sf::softfloat_exceptionFlags_write_helper(flags);
        r
    }
}

/// Single-precision `old + v` as x86-64 SSE computes it in round-to-nearest
/// (npu-isa.md §10 decision 6), made host-independent: a NaN operand comes back
/// quieted (the first one if both are NaN), an invalid sum gives 0xFFC00000.
pub fn f32_add(old: u32, v: u32) -> u32 {
    let (x, y) = (f32::from_bits(old), f32::from_bits(v));
    if x.is_nan() {
        return old | 0x0040_0000;
    }
    if y.is_nan() {
        return v | 0x0040_0000;
    }
    let r = x + y;
    if r.is_nan() { 0xffc0_0000 } else { r.to_bits() }
}

/// Double-precision `old + v`, with the NaN rules of `f32_add` (default NaN
/// 0xFFF8000000000000).
pub fn f64_add(old: u64, v: u64) -> u64 {
    let (x, y) = (f64::from_bits(old), f64::from_bits(v));
    if x.is_nan() {
        return old | 0x0008_0000_0000_0000;
    }
    if y.is_nan() {
        return v | 0x0008_0000_0000_0000;
    }
    let r = x + y;
    if r.is_nan() {
        0xfff8_0000_0000_0000
    } else {
        r.to_bits()
    }
}

/// Writes `bytes` to `path` whole: a temporary file beside it, then a rename.
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.npu-spike-{}", std::process::id()));
    let r = std::fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.flush()
    });
    let r = r.and_then(|()| std::fs::rename(&tmp, path));
    if r.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    r
}

/// DMA_INDEX_KEY (VX, custom-1 funct7 8): names the indirect transfers after it.
pub fn index_key(h: &mut Hart, key: u64) -> ExecResult {
    h.npu.dma.index_key = Some(key);
    Ok(())
}

/// The index dump of an indirect transfer (npu-isa.md §3.10):
/// `<base>/indirect_access/indirect_index<C>.raw`, 64-bit LE per position; after a
/// DMA_INDEX_KEY with key K, `indirect_index_<K>_<n>.raw` (n counts K's dumps).
fn dump_indices(h: &mut Hart, name: &str, indices: &[u64]) -> ExecResult {
    let Some(base) = h.npu.base_path.clone() else {
        return Err(h.npu.fail(
            exit::REFUSED,
            format!(
                "tpu: {name}: an indirect transfer writes its indices under --base-path, and none was given"
            ),
        ));
    };
    let dma = &mut h.npu.dma;
    let file = match dma.index_key {
        Some(key) => {
            let n = match dma.key_dumps.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => n,
                None => {
                    dma.key_dumps.push((key, 0));
                    &mut dma.key_dumps.last_mut().expect("just pushed").1
                }
            };
            let c = *n;
            *n += 1;
            format!("indirect_index_{key}_{c}.raw")
        }
        None => {
            let c = dma.index_dumps;
            dma.index_dumps += 1;
            format!("indirect_index{c}.raw")
        }
    };
    let path: PathBuf = base.join("indirect_access").join(file);
    let bytes: Vec<u8> = indices.iter().flat_map(|v| v.to_le_bytes()).collect();
    if write_whole(&path, &bytes).is_err() {
        eprintln!("Failed to open file for writing: {}", path.display());
    }
    Ok(())
}

/// `SPIKE_DUMP_SPARSE_TILE` is `1`, `true` or `TRUE`.
fn sparse_dump_enabled() -> bool {
    matches!(
        std::env::var("SPIKE_DUMP_SPARSE_TILE").as_deref(),
        Ok("1" | "true" | "TRUE")
    )
}

/// Appends `count` (64-bit LE) to `<base>/dma_access/sparse_tile.raw`, rewriting
/// the file whole.
fn dump_sparse(base: Option<&Path>, count: u64) {
    let Some(base) = base else {
        eprintln!(
            "npu-spike: warning: sparse-tile dump skipped: no --base-path to write dma_access/sparse_tile.raw under"
        );
        return;
    };
    let path = base.join("dma_access").join("sparse_tile.raw");
    let mut bytes = std::fs::read(&path).unwrap_or_default();
    bytes.extend_from_slice(&count.to_le_bytes());
    if write_whole(&path, &bytes).is_err() {
        eprintln!("Failed to open file for writing: {}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(dim: [u64; 4], ms: [u64; 4], e: u64, vs: u64, a: u64) -> Descriptor {
        Descriptor {
            dim,
            hi: dim,
            mm_stride: ms,
            spad_stride: ms,
            esize: e,
            vlane_stride: vs,
            axis: a,
            signed_index: true,
            ..Default::default()
        }
    }

    #[test]
    fn geometry_of_the_worked_examples() {
        // §3.11 A
        let g = Geometry::new(&desc([1, 1, 4, 4], [16, 16, 4, 1], 4, 1, 2), 2, "mvin").unwrap();
        assert_eq!(
            (g.out, g.used, g.bd, g.bs),
            (2, 2, [1, 1, 1, 4], [8, 8, 4, 1])
        );
        assert_eq!((g.sostr, g.lstr, g.ostr, g.len), (4, 4, 8, 16));
        // §3.11 B
        let g = Geometry::new(&desc([1, 1, 2, 3], [6, 6, 3, 1], 2, 1, 2), 4, "mvin").unwrap();
        assert_eq!((g.out, g.used), (1, 2));
        // §3.11 C
        let g = Geometry::new(&desc([1, 1, 2, 8], [16, 16, 8, 1], 4, 2, 3), 4, "mvin").unwrap();
        assert_eq!(
            (g.out, g.used, g.bd, g.bs),
            (1, 4, [1, 1, 2, 2], [4, 4, 2, 1])
        );
    }

    #[test]
    fn geometry_refusals() {
        let m = |d: &Descriptor| Geometry::new(d, 4, "mvin").unwrap_err();
        let ok = desc([1, 1, 1, 4], [4, 4, 4, 1], 4, 1, 3);
        assert!(
            m(&Descriptor {
                axis: 4,
                ..ok.clone()
            })
            .contains("splits axis 4 of 4")
        );
        assert!(
            m(&Descriptor {
                esize: 0,
                ..ok.clone()
            })
            .contains("element size or a lane stride of 0")
        );
        assert!(
            m(&Descriptor {
                vlane_stride: 0,
                ..ok.clone()
            })
            .contains("lane stride of 0")
        );
        assert!(
            m(&Descriptor {
                dim: [1, 0, 1, 4],
                ..ok.clone()
            })
            .contains("dimension of 0")
        );
        assert!(
            m(&Descriptor {
                dim: [1, u64::MAX, 1, 4],
                ..ok.clone()
            })
            .contains("no memory")
        );
    }

    #[test]
    fn legacy_registers_decode() {
        let mut s = DmaState::default();
        assert_eq!(s.legacy.ind_esize, 1);
        s.config_legacy(
            0,
            0x0001_0002_0003_0004,
            (7 << 32) | (1 << 16) | (2 << 14) | 4,
        );
        assert_eq!(s.legacy.dims, [1, 2, 3, 4]);
        assert_eq!(
            (
                s.legacy.esize,
                s.legacy.axis,
                s.legacy.indirect,
                s.legacy.vlane_stride
            ),
            (4, 2, true, 7)
        );
        s.config_legacy(2, (5 << 32) | 6, (7 << 32) | 8);
        assert_eq!(s.legacy.mm_stride, [5, 6, 7, 8]);
        s.config_legacy(3, (1 << 32) | 2, (3 << 32) | 4);
        assert_eq!(s.legacy.spad_stride, [1, 2, 3, 4]);
        s.config_legacy(4, 0xd000_1000, (4 << 16) | 3);
        assert_eq!(
            (s.legacy.ind_addr, s.legacy.ind_stride, s.legacy.ind_esize),
            (0xd000_1000, 3, 4)
        );
        assert_eq!(s.source, Source::Legacy);
    }

    #[test]
    fn float_accumulate_rules() {
        assert_eq!(f16_add(0x3c00, 0x3c00), 0x4000); // 1 + 1
        assert_eq!(f16_add(0x7c00, 0xfc00), 0x7e00); // inf - inf: default NaN
        assert_eq!(f16_add(0x7bff, 0x7bff), 0x7c00); // 65504 + 65504 overflows
        assert_eq!(f32_add(0x3f80_0000, 0x4000_0000), 0x4040_0000); // 1 + 2
        assert_eq!(f32_add(0x7f80_0000, 0xff80_0000), 0xffc0_0000);
        assert_eq!(f32_add(0x7f80_0001, 0x7f80_0002), 0x7fc0_0001);
        assert_eq!(f32_add(0x3f80_0000, 0xff80_0002), 0xffc0_0002);
        assert_eq!(
            f64_add(0x7ff0_0000_0000_0000, 0xfff0_0000_0000_0000),
            0xfff8_0000_0000_0000
        );
        assert_eq!(
            f64_add(0x3ff0_0000_0000_0000, 0x3ff0_0000_0000_0000),
            0x4000_0000_0000_0000
        );
    }
}
