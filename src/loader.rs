//! ELF loading: validates a RISC-V ELF64 executable and extracts its loadable
//! segments, entry point and the symbols the simulator cares about.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

const EM_RISCV: u16 = 243;
const PT_LOAD: u32 = 1;
/// Refuse absurd segment sizes before allocating anything for them.
const MAX_SEGMENT: u64 = 1 << 36;

#[derive(Debug, Clone)]
pub struct Segment {
    pub vaddr: u64,
    pub data: Vec<u8>,
    /// Size in memory (>= data.len(); the rest is zero).
    pub mem_size: u64,
}

#[derive(Debug, Clone)]
pub struct Program {
    pub path: PathBuf,
    pub entry: u64,
    pub segments: Vec<Segment>,
    pub symbols: HashMap<String, u64>,
    /// The program header table as stored in the file (the proxy kernel copies it
    /// to the user stack for `AT_PHDR`), with its entry size and count.
    pub phdrs: Vec<u8>,
    pub phent: u16,
}

#[derive(Debug)]
pub struct LoadError {
    pub path: PathBuf,
    pub msg: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.msg)
    }
}

impl std::error::Error for LoadError {}

impl Program {
    /// The `p_flags` of each loadable segment (PF_X 1, PF_W 2, PF_R 4), in
    /// `segments` order, read back from the program header table; a segment with
    /// no matching header (a program built in memory) is read+write+execute.
    pub fn segment_flags(&self) -> Vec<u32> {
        let ent = self.phent as usize;
        let loads: Vec<(u64, u64, u32)> = if ent >= 56 {
            self.phdrs
                .chunks_exact(ent)
                .filter(|h| u32::from_le_bytes(h[0..4].try_into().unwrap()) == PT_LOAD)
                .map(|h| {
                    let word = |o: usize| u64::from_le_bytes(h[o..o + 8].try_into().unwrap());
                    (
                        word(16),
                        word(40),
                        u32::from_le_bytes(h[4..8].try_into().unwrap()),
                    )
                })
                .collect()
        } else {
            Vec::new()
        };
        self.segments
            .iter()
            .map(|s| {
                loads
                    .iter()
                    .find(|&&(v, m, _)| v == s.vaddr && m == s.mem_size)
                    .map_or(7, |&(_, _, f)| f)
            })
            .collect()
    }

    pub fn symbol(&self, name: &str) -> Option<u64> {
        self.symbols.get(name).copied()
    }

    /// Lowest and highest address covered by the loadable segments.
    pub fn extent(&self) -> (u64, u64) {
        let lo = self.segments.iter().map(|s| s.vaddr).min().unwrap_or(0);
        let hi = self
            .segments
            .iter()
            .map(|s| s.vaddr + s.mem_size)
            .max()
            .unwrap_or(0);
        (lo, hi)
    }
}

pub fn load_elf(path: &Path) -> Result<Program, LoadError> {
    let err = |msg: String| LoadError {
        path: path.to_path_buf(),
        msg,
    };
    let bytes = std::fs::read(path).map_err(|e| err(format!("cannot read: {e}")))?;
    parse_elf(&bytes).map_err(err).map(|mut p| {
        p.path = path.to_path_buf();
        p
    })
}

/// Parses an ELF image held in memory; the error is a sentence without the file name.
pub fn parse_elf(bytes: &[u8]) -> Result<Program, String> {
    use goblin::elf::Elf;
    if bytes.len() < 4 || &bytes[..4] != b"\x7fELF" {
        return Err("not an ELF file (bad magic)".into());
    }
    if bytes.len() < 64 {
        return Err("truncated ELF header".into());
    }
    if bytes[4] != 2 {
        return Err("not a 64-bit ELF (npu-spike runs RV64 programs)".into());
    }
    if bytes[5] != 1 {
        return Err("not a little-endian ELF".into());
    }
    // goblin validates offsets, but an unexpected panic on hostile input must still
    // become an error, never a crash.
    let elf = std::panic::catch_unwind(|| Elf::parse(bytes))
        .map_err(|_| "malformed ELF (parser failure)".to_string())?
        .map_err(|e| format!("malformed ELF: {e}"))?;
    if elf.header.e_machine != EM_RISCV {
        return Err(format!(
            "not a RISC-V ELF (e_machine = {})",
            elf.header.e_machine
        ));
    }
    let mut segments = Vec::new();
    for (n, ph) in elf.program_headers.iter().enumerate() {
        if ph.p_type != PT_LOAD || ph.p_memsz == 0 {
            continue;
        }
        if ph.p_filesz > ph.p_memsz {
            return Err(format!(
                "segment {n}: file size {:#x} exceeds memory size {:#x}",
                ph.p_filesz, ph.p_memsz
            ));
        }
        if ph.p_memsz > MAX_SEGMENT {
            return Err(format!(
                "segment {n}: memory size {:#x} is implausibly large",
                ph.p_memsz
            ));
        }
        let end = ph
            .p_offset
            .checked_add(ph.p_filesz)
            .filter(|&e| e <= bytes.len() as u64);
        let Some(end) = end else {
            return Err(format!(
                "segment {n}: file range {:#x}+{:#x} lies beyond the end of the file ({:#x} bytes)",
                ph.p_offset,
                ph.p_filesz,
                bytes.len()
            ));
        };
        if ph.p_vaddr.checked_add(ph.p_memsz).is_none() {
            return Err(format!("segment {n}: address range wraps around"));
        }
        segments.push(Segment {
            vaddr: ph.p_vaddr,
            data: bytes[ph.p_offset as usize..end as usize].to_vec(),
            mem_size: ph.p_memsz,
        });
    }
    if segments.is_empty() {
        return Err("no loadable segment".into());
    }
    let mut symbols = HashMap::new();
    for sym in elf.syms.iter() {
        if let Some(name) = elf.strtab.get_at(sym.st_name).filter(|n| !n.is_empty()) {
            symbols.entry(name.to_string()).or_insert(sym.st_value);
        }
    }
    let phent = elf.header.e_phentsize;
    let phdrs = (elf.header.e_phoff as usize)
        .checked_add(phent as usize * elf.header.e_phnum as usize)
        .and_then(|end| bytes.get(elf.header.e_phoff as usize..end))
        .ok_or("program header table lies beyond the end of the file")?
        .to_vec();
    Ok(Program {
        path: PathBuf::new(),
        entry: elf.entry,
        segments,
        symbols,
        phdrs,
        phent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_non_elf_and_wrong_machine() {
        assert!(parse_elf(b"hello").unwrap_err().contains("magic"));
        let mut hdr = vec![0u8; 64];
        hdr[..4].copy_from_slice(b"\x7fELF");
        hdr[4] = 1;
        assert!(parse_elf(&hdr).unwrap_err().contains("64-bit"));
        hdr[4] = 2;
        hdr[5] = 1;
        hdr[6] = 1;
        hdr[16] = 2; // ET_EXEC
        hdr[18] = 62; // x86-64
        hdr[52] = 64; // e_ehsize
        let e = parse_elf(&hdr).unwrap_err();
        assert!(e.contains("RISC-V") || e.contains("malformed"), "{e}");
    }
}
