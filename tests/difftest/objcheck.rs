//! Encoder self-check: disassemble a generated program with binutils objdump
//! (`-M no-aliases`) and compare every instruction's word, mnemonic and
//! operands with what the generator says it emitted.  Also checks that the
//! body covers every mnemonic the generator knows.

use crate::progen::{self, CODE_BASE, GenCfg, Program};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

const ARCH: &str = "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_zicsr2p0_zifencei2p0_zfh1p0_zfhmin1p0";

pub fn run(objdump: &str, seed: u64, len: usize, workdir: &Path) -> bool {
    let p = Program::generate(seed, len, &GenCfg::default());
    let n = p.body.len();
    let code = p.code_bytes(n);
    let obj = workdir.join(format!("objcheck-seed{seed}.o"));
    std::fs::write(&obj, crate::elf::write_rel_object(&code, ARCH)).expect("write object");
    let out = match Command::new(objdump)
        .args(["-d", "-M", "no-aliases", "-j", ".text"])
        .arg(&obj)
        .output()
    {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            eprintln!("objdump failed: {}", String::from_utf8_lossy(&o.stderr));
            return false;
        }
        Err(e) => {
            eprintln!("cannot run {objdump}: {e}");
            return false;
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    // addr -> (hex, mnemonic, operands)
    let mut got: BTreeMap<u64, (String, String, String)> = BTreeMap::new();
    for line in text.lines() {
        let Some((a, rest)) = line.split_once(':') else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(a.trim(), 16) else {
            continue;
        };
        if !a.starts_with(' ') {
            continue; // "0000000000000000 <.text>:" style lines
        }
        let mut parts = rest.trim().splitn(2, char::is_whitespace);
        let hex = parts.next().unwrap_or("").to_string();
        let rest = parts.next().unwrap_or("").trim();
        let mut parts = rest.splitn(2, char::is_whitespace);
        let mnem = parts.next().unwrap_or("").to_string();
        let mut ops = parts.next().unwrap_or("").trim().to_string();
        if let Some(k) = ops.find('#') {
            ops.truncate(k);
        }
        let ops: String = ops.chars().filter(|c| !c.is_whitespace()).collect();
        got.insert(addr, (hex, mnem, ops));
    }

    let listing = p.listing(n);
    let mut bad = 0usize;
    let mut lax_ok = 0usize;
    for (pc, insn, _) in &listing {
        let off = pc - CODE_BASE;
        let want_ops: String = insn.ops.chars().filter(|c| !c.is_whitespace()).collect();
        let ok = match got.get(&off) {
            None => false,
            Some((hex, m, ops)) => {
                if *hex != insn.hex() {
                    false
                } else if *m == insn.mnem && *ops == want_ops {
                    true
                } else if insn.lax && (m == ".4byte" || m == ".insn") {
                    lax_ok += 1;
                    true
                } else {
                    false
                }
            }
        };
        if !ok {
            bad += 1;
            if bad <= 40 {
                let g = got
                    .get(&off)
                    .map(|(h, m, o)| format!("{h} {m} {o}"))
                    .unwrap_or_else(|| "<no instruction at this address>".into());
                println!(
                    "MISMATCH @{off:#x}: generated {} {}  objdump: {g}",
                    insn.hex(),
                    insn.text()
                );
            }
        }
    }
    if got.len() != listing.len() {
        println!(
            "instruction count differs: generated {} objdump {}",
            listing.len(),
            got.len()
        );
        bad += 1;
    }

    // coverage
    let all: BTreeSet<String> = progen::all_mnemonics().into_iter().collect();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for it in &p.body {
        for i in &it.insns {
            *seen
                .entry(progen::base_mnemonic(&i.mnem).to_string())
                .or_default() += 1;
        }
    }
    let missing: Vec<&String> = all.iter().filter(|m| !seen.contains_key(*m)).collect();
    let unknown: Vec<&String> = seen.keys().filter(|m| !all.contains(*m)).collect();
    println!(
        "objdump check: {} instructions ({} body), {} mismatches, {} accepted as .4byte (rm!=0 on exact conversions)",
        listing.len(),
        p.body_insn_count(n),
        bad,
        lax_ok
    );
    println!(
        "coverage: {}/{} mnemonics generated",
        all.len() - missing.len(),
        all.len()
    );
    if !missing.is_empty() {
        println!("missing mnemonics: {missing:?}");
    }
    if !unknown.is_empty() {
        println!("mnemonics not in the known list: {unknown:?}");
    }
    bad == 0 && missing.is_empty() && unknown.is_empty()
}

const VARCH: &str = "rv64i2p1_m2p0_a2p1_f2p2_d2p2_c2p0_v1p0_zicsr2p0_zifencei2p0_zfh1p0_zfhmin1p0_zve32f1p0_zve32x1p0_zve64d1p0_zve64f1p0_zve64x1p0_zvl128b1p0_zvl32b1p0_zvl64b1p0";

/// Encoder check of a vector program (VLEN 256) against objdump, plus mnemonic coverage.
pub fn run_vector(
    objdump: &str,
    seed: u64,
    len: usize,
    cfg: &crate::vprogen::VGenCfg,
    workdir: &Path,
    seen: &mut BTreeSet<String>,
) -> bool {
    use crate::vprogen::{CODE_BASE as VBASE, VProgram};
    let p = VProgram::generate(seed, 256, len, cfg);
    let n = p.body.len();
    let code = p.code_bytes(n);
    let obj = workdir.join(format!("vobjcheck-seed{seed}.o"));
    std::fs::write(&obj, crate::elf::write_rel_object(&code, VARCH)).expect("write object");
    let out = match Command::new(objdump)
        .args(["-d", "-M", "no-aliases", "-j", ".text"])
        .arg(&obj)
        .output()
    {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            eprintln!("objdump failed: {}", String::from_utf8_lossy(&o.stderr));
            return false;
        }
        Err(e) => {
            eprintln!("cannot run {objdump}: {e}");
            return false;
        }
    };
    let got = parse_objdump(&String::from_utf8_lossy(&out.stdout));
    let listing = p.listing(n);
    let mut bad = 0usize;
    for (pc, insn, _) in &listing {
        let off = pc - VBASE;
        let want_ops: String = insn.ops.chars().filter(|c| !c.is_whitespace()).collect();
        let ok = match got.get(&off) {
            None => false,
            Some((hex, m, ops)) => {
                *hex == insn.hex() && ((*m == insn.mnem && *ops == want_ops) || insn.lax)
            }
        };
        if !ok {
            bad += 1;
            if bad <= 40 {
                let g = got
                    .get(&off)
                    .map(|(h, m, o)| format!("{h} {m} {o}"))
                    .unwrap_or_else(|| "<no instruction at this address>".into());
                println!(
                    "MISMATCH @{off:#x}: generated {} {}  objdump: {g}",
                    insn.hex(),
                    insn.text()
                );
            }
        }
    }
    for it in &p.body {
        for i in it.insns.iter().filter(|i| i.mnem.starts_with('v')) {
            seen.insert(i.mnem.clone());
        }
    }
    println!(
        "vector objdump check (seed {seed}): {} instructions ({} body), {} mismatches",
        listing.len(),
        p.body_insn_count(n),
        bad
    );
    bad == 0
}

/// Mnemonic coverage of the vector generator over the seeds checked.
pub fn vector_coverage(seen: &BTreeSet<String>, cfg: &crate::vprogen::VGenCfg) -> bool {
    let all: BTreeSet<String> = crate::vprogen::all_vmnemonics(cfg.all_forms)
        .into_iter()
        .collect();
    let missing: Vec<&String> = all.iter().filter(|m| !seen.contains(*m)).collect();
    let unknown: Vec<&String> = seen.iter().filter(|m| !all.contains(*m)).collect();
    println!(
        "coverage: {}/{} vector mnemonics generated",
        all.len() - missing.len(),
        all.len()
    );
    if !missing.is_empty() {
        println!("missing mnemonics: {missing:?}");
    }
    if !unknown.is_empty() {
        println!("mnemonics not in the known list: {unknown:?}");
    }
    missing.is_empty() && unknown.is_empty()
}

type Parsed = BTreeMap<u64, (String, String, String)>;

fn parse_objdump(text: &str) -> Parsed {
    let mut got = BTreeMap::new();
    for line in text.lines() {
        let Some((a, rest)) = line.split_once(':') else {
            continue;
        };
        let Ok(addr) = u64::from_str_radix(a.trim(), 16) else {
            continue;
        };
        if !a.starts_with(' ') {
            continue;
        }
        let mut parts = rest.trim().splitn(2, char::is_whitespace);
        let hex = parts.next().unwrap_or("").to_string();
        let rest = parts.next().unwrap_or("").trim();
        let mut parts = rest.splitn(2, char::is_whitespace);
        let mnem = parts.next().unwrap_or("").to_string();
        let mut ops = parts.next().unwrap_or("").trim().to_string();
        if let Some(k) = ops.find('#') {
            ops.truncate(k);
        }
        let ops: String = ops.chars().filter(|c| !c.is_whitespace()).collect();
        got.insert(addr, (hex, mnem, ops));
    }
    got
}
