//! The NPU machine configuration (lanes, vector length, scratchpad, kernel range)
//! and the two ways the flow states it: Spike's legacy flags and `machine.yml`.
//!
//! `machine.yml` is the flat `key: value` file PyTorchSim writes (npu-isa.md §7.1):
//! `vpu_num_lanes`, `vpu_spad_size_kb_per_lane`, `vpu_spad_base_vaddr` (hex, `0x…`),
//! `vpu_vector_length_bits`, plus the unit model's keys (`tpu_*`), which are kept as
//! they are for the units. Only top-level scalars exist in it, so a small reader is
//! enough: comments (`#`) and blank lines are skipped, anything else that is not
//! `key: value` is an error naming the line.

use crate::machine::VArch;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineConfig {
    /// Vector lanes `L` (`--vectorlane-size`, `vpu_num_lanes`).
    pub lanes: u32,
    /// VLEN and ELEN in bits (`--varch=vlen:V,elen:E`, `vpu_vector_length_bits`).
    pub varch: VArch,
    /// Scratchpad window: virtual base `SV`, physical base `SP`, bytes per lane `B`.
    pub spad_vaddr: u64,
    pub spad_paddr: u64,
    pub spad_size: u64,
    /// `--kernel-addr=LO:HI`: the pc range in which vector code runs on all lanes.
    pub kernel_addr: Option<(u64, u64)>,
    /// Other keys of `machine.yml` (the unit model's `tpu_*` settings), in file order.
    pub model: Vec<(String, String)>,
    /// `--xlu-lenient`: short XLU pattern rows fall back to the identity (SJ) instead
    /// of ending the run with exit 201 (VX).
    pub xlu_lenient: bool,
}

impl MachineConfig {
    /// The machine description an accelerator model is created from: the
    /// machine.yml keys as written.
    pub fn description(&self) -> crate::accel::Description {
        crate::accel::Description {
            entries: self.model.clone(),
        }
    }
}

impl Default for MachineConfig {
    /// The Spike fork's defaults (npu-isa.md §1.1, §2.1).
    fn default() -> Self {
        MachineConfig {
            lanes: 4,
            varch: VArch::default(),
            spad_vaddr: 0x0A00_0000,
            spad_paddr: 0xC000_0000,
            spad_size: 131072,
            kernel_addr: None,
            model: Vec::new(),
            xlu_lenient: false,
        }
    }
}

/// Parses `--varch=vlen:V,elen:E[,vstartalu:0|1]` (see `VArch::parse`).
pub fn parse_varch(s: &str) -> Result<VArch, String> {
    VArch::parse(s).map_err(|e| e.to_string())
}

/// `--kernel-addr=LO:HI`, both hex with or without `0x`.
pub fn parse_kernel_addr(s: &str) -> Result<(u64, u64), String> {
    let hex = |h: &str| {
        let h = h.trim();
        let h = h
            .strip_prefix("0x")
            .or_else(|| h.strip_prefix("0X"))
            .unwrap_or(h);
        u64::from_str_radix(h, 16).map_err(|_| format!("bad --kernel-addr '{s}': '{h}' is not hex"))
    };
    let (lo, hi) = s
        .split_once(':')
        .ok_or_else(|| format!("bad --kernel-addr '{s}': expected LO:HI (hex)"))?;
    let (lo, hi) = (hex(lo)?, hex(hi)?);
    if lo > hi {
        return Err(format!("bad --kernel-addr '{s}': LO is above HI"));
    }
    Ok((lo, hi))
}

/// The `--scratchpad-*` flags are decimal only, as in the Spike fork.
pub fn parse_decimal(flag: &str, s: &str) -> Result<u64, String> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("bad {flag} '{s}': decimal digits only"));
    }
    s.parse()
        .map_err(|_| format!("bad {flag} '{s}': out of range"))
}

impl MachineConfig {
    /// Applies `machine.yml` (read from `path`) on top of `self`.
    pub fn apply_machine_yml(&mut self, path: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read machine config: {e}", path.display()))?;
        self.apply_machine_yml_text(&text)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    pub fn apply_machine_yml_text(&mut self, text: &str) -> Result<(), String> {
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim_end();
            if line.trim().is_empty() || line.trim() == "---" {
                continue;
            }
            let err = |m: &str| format!("line {}: {m}: '{raw}'", n + 1);
            if line.starts_with([' ', '\t']) {
                return Err(err("nested values are not part of the machine config"));
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| err("expected key: value"))?;
            let (key, value) = (key.trim(), value.trim().trim_matches(['"', '\'']));
            let unsigned = || -> Result<u64, String> {
                let ok = !value.is_empty()
                    && value.bytes().all(|b| b.is_ascii_digit())
                    && (value == "0" || !value.starts_with('0'));
                if !ok {
                    return Err(err("expected a plain decimal number"));
                }
                value.parse().map_err(|_| err("number out of range"))
            };
            match key {
                "vpu_num_lanes" => {
                    self.lanes = u32::try_from(unsigned()?)
                        .ok()
                        .filter(|&l| l > 0)
                        .ok_or_else(|| err("lanes must be 1 or more"))?
                }
                "vpu_spad_size_kb_per_lane" => {
                    self.spad_size = unsigned()?
                        .checked_mul(1024)
                        .filter(|&b| b > 0)
                        .ok_or_else(|| err("bad scratchpad size"))?
                }
                "vpu_vector_length_bits" => {
                    let v = unsigned()?;
                    let e = self.varch.elen;
                    self.varch.vlen = parse_varch(&format!("vlen:{v},elen:{e}"))
                        .map_err(|e| err(&e))?
                        .vlen;
                }
                "vpu_spad_base_vaddr" => {
                    let h = value
                        .strip_prefix("0x")
                        .or_else(|| value.strip_prefix("0X"))
                        .ok_or_else(|| err("the scratchpad base must be written 0x…"))?;
                    self.spad_vaddr =
                        u64::from_str_radix(h, 16).map_err(|_| err("bad hex number"))?;
                }
                _ => self.model.push((key.to_string(), value.to_string())),
            }
        }
        Ok(())
    }

    /// Bytes of the whole scratchpad window (`L·B`).
    pub fn spad_bytes(&self) -> u64 {
        self.lanes as u64 * self.spad_size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varch_rules() {
        let v = parse_varch("vlen:256,elen:64").unwrap();
        assert_eq!((v.vlen, v.elen), (256, 64));
        let v = parse_varch("vlen:4096,elen:32,vstartalu:1").unwrap();
        assert_eq!((v.vlen, v.elen, v.vstart_alu), (4096, 32, true));
        assert!(parse_varch("vlen:384,elen:64").is_err());
        assert!(parse_varch("vlen:8192,elen:64").is_err());
        assert!(parse_varch("vlen:32,elen:64").is_err());
        assert!(parse_varch("vlen=256").is_err());
    }

    #[test]
    fn kernel_addr_and_decimal_flags() {
        assert_eq!(parse_kernel_addr("10078:100f0"), Ok((0x10078, 0x100f0)));
        assert_eq!(
            parse_kernel_addr("0x2000000:0x2100000"),
            Ok((0x2000000, 0x2100000))
        );
        assert!(parse_kernel_addr("10078").is_err());
        assert_eq!(parse_decimal("--scratchpad-size", "131072"), Ok(131072));
        assert!(parse_decimal("--scratchpad-size", "0x20000").is_err());
    }

    #[test]
    fn machine_yml_as_pytorchsim_writes_it() {
        let mut m = MachineConfig::default();
        m.apply_machine_yml_text(
            "vpu_num_lanes: 128\nvpu_spad_size_kb_per_lane: 64\n\
             vpu_spad_base_vaddr: 0xd0000000\nvpu_vector_length_bits: 256\n\
             # model\ntpu_sfu_latency_cycles: 10\n",
        )
        .unwrap();
        assert_eq!(
            (m.lanes, m.spad_size, m.spad_vaddr, m.varch.vlen),
            (128, 65536, 0xd000_0000, 256)
        );
        assert_eq!(
            m.model,
            vec![("tpu_sfu_latency_cycles".into(), "10".into())]
        );
        assert_eq!(m.spad_bytes(), 128 * 65536);
        for bad in [
            "vpu_num_lanes: 012",
            "vpu_num_lanes: 0x10",
            "vpu_spad_base_vaddr: 3489660928",
            "vpu_vector_length_bits: 300",
            "nested:\n  key: 1",
            "just words",
        ] {
            assert!(
                MachineConfig::default()
                    .apply_machine_yml_text(bad)
                    .is_err(),
                "{bad}"
            );
        }
    }
}
