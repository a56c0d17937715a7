//! ISA strings as Spike parses them (`rv64gcv_zfh_zicntr`): base, single-letter
//! extensions, then `_`-separated multi-letter ones. Unknown extensions are refused.

use super::ext;
use std::fmt;

/// The configured instruction set of the hart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isa {
    /// Enabled table extensions (bits of `isa::ext`), checked by the decoder.
    pub exts: u64,
    /// The "V" extension (vector unit).
    pub vector: bool,
    /// Vector FP16 arithmetic (Zvfh, or Zfh together with V as in the Spike 1.1 base).
    pub vector_fp16: bool,
    /// Misaligned loads and stores complete without a trap (Zicclsm).
    pub misaligned: bool,
    /// Minimum VLEN requested through `zvl<N>b`.
    pub min_vlen: u32,
    /// The string it was parsed from, lower-cased.
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IsaError(pub String);

impl fmt::Display for IsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IsaError {}

/// Spike's default ISA string.
pub const DEFAULT_ISA: &str = "rv64imafdc_zicntr_zihpm";

impl Default for Isa {
    fn default() -> Self {
        Isa::parse(DEFAULT_ISA).expect("default ISA parses")
    }
}

impl Isa {
    pub fn parse(s: &str) -> Result<Isa, IsaError> {
        let text = s.to_ascii_lowercase();
        let err = |m: String| IsaError(format!("bad --isa '{s}': {m}"));
        let rest = text.strip_prefix("rv64").ok_or_else(|| {
            err("only rv64 is supported (the string must start with rv64)".into())
        })?;
        let mut isa = Isa {
            // The NPU's DMA (custom-1) and units (custom-2) are part of every machine.
            exts: ext::I | ext::PRIV | ext::ZICSR | ext::ZIFENCEI | ext::XNPU,
            vector: false,
            vector_fp16: false,
            misaligned: false,
            min_vlen: 0,
            text: text.clone(),
        };
        let (singles, multis) = match rest.find('_') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, ""),
        };
        // Multi-letter extensions may also follow the single letters without '_' (rv64gczfh).
        let (singles, first_multi) = match singles.find(['z', 's', 'x']) {
            Some(i) => (&singles[..i], Some(&singles[i..])),
            None => (singles, None),
        };
        let mut chars = singles.chars().peekable();
        if chars.peek().is_none() {
            return Err(err("missing base extension 'i', 'e' or 'g'".into()));
        }
        for c in chars {
            match c {
                'i' => {}
                'g' => isa.exts |= ext::M | ext::A | ext::F | ext::D,
                'm' => isa.exts |= ext::M,
                'a' => isa.exts |= ext::A,
                'f' => isa.exts |= ext::F,
                'd' => isa.exts |= ext::D,
                'c' => isa.exts |= ext::C,
                'v' => isa.vector = true,
                'e' => return Err(err("RV64E is not supported".into())),
                other => return Err(err(format!("unsupported extension '{other}'"))),
            }
        }
        let names = first_multi
            .into_iter()
            .chain(multis.split('_').filter(|t| !t.is_empty()));
        for name in names {
            match name {
                "zicsr" | "zifencei" | "zicntr" | "zihpm" => {}
                "zicclsm" => isa.misaligned = true,
                "zfh" => isa.exts |= ext::ZFH | ext::ZFHMIN,
                "zfhmin" => isa.exts |= ext::ZFHMIN,
                "zvfh" | "zvfhmin" => isa.vector_fp16 = true,
                "zve32x" | "zve32f" | "zve64x" | "zve64f" | "zve64d" => isa.vector = true,
                n if n.starts_with("zvl") && n.ends_with('b') => {
                    let v: u32 = n[3..n.len() - 1]
                        .parse()
                        .map_err(|_| err(format!("bad extension '{n}'")))?;
                    if !v.is_power_of_two() || !(32..=65536).contains(&v) {
                        return Err(err(format!("'{n}': VLEN must be a power of two")));
                    }
                    isa.min_vlen = isa.min_vlen.max(v);
                }
                // The vcix Spike's name for the NPU units: built in here, always present.
                "xvcixaccel" => {}
                other => return Err(err(format!("unsupported extension '{other}'"))),
            }
        }
        if isa.exts & ext::D != 0 && isa.exts & ext::F == 0 {
            return Err(err("'D' requires 'F'".into()));
        }
        if isa.exts & ext::ZFHMIN != 0 && isa.exts & ext::F == 0 {
            return Err(err("'Zfh'/'Zfhmin' require 'F'".into()));
        }
        if isa.vector {
            isa.exts |= ext::V;
        }
        if isa.vector && isa.exts & ext::ZFH != 0 {
            // Spike 1.1.0 (the NPU forks' base) enables e16 vector FP with Zfh alone.
            isa.vector_fp16 = true;
        }
        Ok(isa)
    }

    /// Also decodes the legacy DMA configuration instructions CONFIG..CONFIG4
    /// (`--dma-legacy`, npu-isa.md §3.2); without it they are illegal.
    pub fn enable_dma_legacy(&mut self) {
        self.exts |= ext::XNPULEGACY;
    }

    /// Decodes the gem5 m5 pseudo-ops (custom-3 markers, npu-isa.md §5.1); without it
    /// they are illegal, as in Spike.
    pub fn enable_m5ops(&mut self) {
        self.exts |= ext::XM5;
    }

    pub fn has(&self, bit: u64) -> bool {
        self.exts & bit != 0
    }

    /// The `misa` CSR value for this ISA (MXL=2 for RV64).
    pub fn misa(&self) -> u64 {
        let mut m = 2u64 << 62 | 1 << (b'i' - b'a') | 1 << (b's' - b'a') | 1 << (b'u' - b'a');
        for (bit, letter) in [
            (ext::M, b'm'),
            (ext::A, b'a'),
            (ext::F, b'f'),
            (ext::D, b'd'),
            (ext::C, b'c'),
        ] {
            if self.has(bit) {
                m |= 1 << (letter - b'a');
            }
        }
        if self.vector {
            m |= 1 << (b'v' - b'a');
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_npu_strings() {
        let i = Isa::parse("rv64gcv_zfh_zicntr_zihpm_zicclsm").unwrap();
        assert!(i.has(ext::M) && i.has(ext::D) && i.has(ext::C) && i.has(ext::ZFH));
        assert!(i.vector && i.vector_fp16 && i.misaligned);
        let i = Isa::parse("RV64IMAC").unwrap();
        assert!(!i.has(ext::F) && i.has(ext::C));
        // misa: RV64 with I, M, A, C, S, U = bits 8, 12, 0, 2, 18, 20.
        assert_eq!(i.misa(), 0x8000_0000_0014_1105);
    }

    #[test]
    fn refuses_unknown_and_inconsistent() {
        assert!(Isa::parse("rv32gc").is_err());
        assert!(Isa::parse("rv64gc_zfoo").unwrap_err().0.contains("zfoo"));
        assert!(Isa::parse("rv64imd").is_err());
        assert!(Isa::parse("rv64gc_zvl100b").is_err());
        assert_eq!(Isa::parse("rv64gc_zvl512b").unwrap().min_vlen, 512);
    }
}
