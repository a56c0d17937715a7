//! Vector (RVV 1.0) architectural state: configuration (VLEN/ELEN), vl, vtype, vstart,
//! the fixed-point CSRs and the vector register file.
//!
//! The register file is one flat, 8-byte-aligned buffer laid out as
//! `lanes x 32 registers x VLENB bytes`, so a register group is a contiguous byte range
//! of one lane. There is one register file per NPU lane (L = `--vectorlane-size`);
//! standard RVV instructions use lane 0 (all lanes in the NPU's kernel range), the NPU
//! units (custom-2) all lanes. The element loops in `crate::exec::vector` work on one
//! lane's 32-register slice (`lane_ptr`), or on `span` lanes' slices in turn,
//! `lane_bytes()` apart.

use crate::config::VArch;

/// The vtype value of an illegal configuration (vill set, everything else zero).
pub const VTYPE_VILL: u64 = 1 << 63;

pub struct VectorUnit {
    pub arch: VArch,
    /// VLEN / 8.
    pub vlenb: usize,
    pub vl: u64,
    pub vstart: u64,
    /// The vtype CSR as read (VTYPE_VILL when the configuration is illegal).
    pub vtype: u64,
    /// Decoded vtype: SEW in bits, log2(LMUL) (-3..3), VLMAX, vill.
    pub sew: u32,
    pub lmul_log2: i32,
    pub vlmax: u64,
    pub vill: bool,
    pub vxrm: u8,
    pub vxsat: bool,
    /// Number of register-file copies (NPU lanes); 1 for a plain RVV hart.
    pub lanes: usize,
    /// The lane an instruction is running on (`crate::machine::npu::lanes` runs an instruction
    /// once per lane); 0 outside those loops.
    pub lane: usize,
    /// How many lanes, from `lane`, the current instruction is asked to cover in one
    /// call (1, or L inside `crate::machine::npu::lanes`); see `crate::exec::vector::span`.
    pub span: usize,
    /// Set by a handler that covered all `span` lanes in one call.
    pub spanned: bool,
    /// The current instruction runs per lane inside the kernel range (its memory
    /// accesses follow the scratchpad rules of npu-isa.md §2.3).
    pub kernel: bool,
    regs: Vec<u64>,
}

impl VectorUnit {
    /// A vector unit with `lanes` register files (NPU lanes; at least one).
    pub fn new(arch: VArch, lanes: usize) -> VectorUnit {
        let vlenb = arch.vlen as usize / 8;
        let lanes = lanes.max(1);
        VectorUnit {
            arch,
            vlenb,
            vl: 0,
            vstart: 0,
            vtype: VTYPE_VILL,
            sew: 8,
            lmul_log2: 0,
            vlmax: 0,
            vill: true,
            vxrm: 0,
            vxsat: false,
            lanes,
            lane: 0,
            span: 1,
            spanned: false,
            kernel: false,
            regs: vec![0; lanes * 32 * vlenb / 8],
        }
    }

    /// Bytes of one lane's register file (32 x VLENB).
    #[inline(always)]
    pub fn lane_bytes(&self) -> usize {
        32 * self.vlenb
    }

    /// Base of lane `lane`'s 32-register file. Element loops index it with register
    /// numbers and element indices that the instruction checks have bounded.
    #[inline(always)]
    pub fn lane_ptr(&mut self, lane: usize) -> *mut u8 {
        assert!(lane < self.lanes);
        // SAFETY: lane < lanes, so the offset is inside the buffer.
        unsafe { (self.regs.as_mut_ptr() as *mut u8).add(lane * self.lane_bytes()) }
    }

    /// One lane's register file as bytes.
    pub fn lane(&self, lane: usize) -> &[u8] {
        let n = self.lane_bytes();
        // SAFETY: the Vec<u64> holds lanes * n bytes; u8 has no alignment needs.
        let all = unsafe {
            std::slice::from_raw_parts(self.regs.as_ptr() as *const u8, self.regs.len() * 8)
        };
        &all[lane * n..(lane + 1) * n]
    }

    pub fn lane_mut(&mut self, lane: usize) -> &mut [u8] {
        let n = self.lane_bytes();
        // SAFETY: as in `lane`.
        let all = unsafe {
            std::slice::from_raw_parts_mut(self.regs.as_mut_ptr() as *mut u8, self.regs.len() * 8)
        };
        &mut all[lane * n..(lane + 1) * n]
    }

    /// vsetvl{i}/vsetivli: installs `vtype` (when it differs from the current one) and
    /// sets vl from the requested AVL, exactly as Spike's `set_vl` does. `rd0`/`rs10`
    /// say whether rd / rs1 are x0 (vsetivli passes `rs10 = false`).
    pub fn set_vl(&mut self, rd0: bool, rs10: bool, avl: u64, vtype: u64) -> u64 {
        if self.vtype != vtype {
            let lmul_log2 = ((vtype & 7) as i32) << 29 >> 29; // sign-extend the 3-bit field
            let sew = 8u32 << ((vtype >> 3) & 7);
            let old_vlmax = self.vlmax;
            let vlen = self.arch.vlen as u64;
            // VLMAX = VLEN / SEW * LMUL (fractional LMUL may round down to 0).
            let vlmax = if lmul_log2 >= 0 {
                (vlen / sew as u64) << lmul_log2
            } else {
                (vlen / sew as u64) >> -lmul_log2
            };
            // SEW may not exceed min(LMUL, 1) * ELEN; LMUL must be 1/8..8; bits above 8
            // (altfmt and up) are reserved; vsetvli x0, x0 may not change VLMAX.
            let sew_limit = if lmul_log2 < 0 {
                self.arch.elen >> -lmul_log2
            } else {
                self.arch.elen
            };
            let vill = !(-3..=3).contains(&lmul_log2)
                || sew > sew_limit
                || vtype >> 8 != 0
                || (rd0 && rs10 && old_vlmax != vlmax);
            if vill {
                self.vill = true;
                self.vlmax = 0;
                self.vtype = VTYPE_VILL;
            } else {
                self.vill = false;
                self.vtype = vtype;
                self.sew = sew;
                self.lmul_log2 = lmul_log2;
                self.vlmax = vlmax;
            }
        }
        if self.vlmax == 0 {
            self.vl = 0;
        } else if rd0 && rs10 {
            // keep vl
        } else if rs10 {
            self.vl = self.vlmax;
        } else {
            self.vl = avl.min(self.vlmax);
        }
        self.vstart = 0;
        self.vl
    }

    pub fn vta(&self) -> bool {
        self.vtype & 0x40 != 0
    }

    pub fn vma(&self) -> bool {
        self.vtype & 0x80 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varch_parsing() {
        assert_eq!(VArch::parse("vlen:256,elen:64").unwrap().vlen, 256);
        assert_eq!(VArch::parse("elen:32,vlen:64").unwrap().elen, 32);
        assert!(
            VArch::parse("vlen:256,elen:64,vstartalu:1")
                .unwrap()
                .vstart_alu
        );
        assert!(VArch::parse("vlen:100,elen:64").is_err());
        assert!(VArch::parse("vlen:8192,elen:64").is_err());
        assert!(VArch::parse("vlen:32,elen:64").is_err());
        assert!(VArch::parse("vlen:128,elen:128").is_err());
        assert!(VArch::parse("vlen:128,foo:1").is_err());
        assert!(VArch::parse("vlen128").is_err());
    }

    #[test]
    fn set_vl_follows_the_spec_table() {
        let mut v = VectorUnit::new(VArch::default(), 1);
        // e32, m1: VLMAX = 4 at VLEN=128.
        assert_eq!(v.set_vl(false, false, 10, 0x10), 4);
        assert_eq!(v.set_vl(false, false, 3, 0x10), 3);
        // rd != x0, rs1 = x0: vl = VLMAX (e8, m8 -> 128).
        assert_eq!(v.set_vl(false, true, 0, 0x03), 128);
        // e64, mf2 is illegal with ELEN=64.
        assert_eq!(v.set_vl(false, false, 1, 0x1f), 0);
        assert!(v.vill && v.vtype == VTYPE_VILL);
        // reserved LMUL encoding 4
        v.set_vl(false, false, 1, 0x04);
        assert!(v.vill);
        // e8, mf8: VLMAX = 2
        assert_eq!(v.set_vl(false, false, 5, 0x05), 2);
    }
}
