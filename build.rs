//! Generates the decoder, operand extractor and disassembler tables from `isa/*.tbl`.
//!
//! The tables are the single source of truth for encodings: see `isa/README.md` for
//! the row format. The output is `$OUT_DIR/isa_gen.rs`, included by `src/isa/mod.rs`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

struct Row {
    file: String,
    line: usize,
    mnemonic: String,
    operands: Vec<String>,
    mask: u32,
    matches: u32,
    len: u32,
    class: String,
    ends_block: bool,
    exec_as: Option<String>,
    module: String,
    ext: String,
}

fn fail(row_file: &str, line: usize, msg: &str) -> ! {
    panic!("{row_file}:{line}: {msg}");
}

fn parse_table(path: &Path) -> Vec<Row> {
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut module = None;
    let mut ext = None;
    let mut rows = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim();
        if let Some(rest) = t.strip_prefix("# module:") {
            module = Some(rest.trim().to_string());
            continue;
        }
        if let Some(rest) = t.strip_prefix("# extension:") {
            ext = Some(rest.trim().to_string());
            continue;
        }
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = t.split_whitespace().collect();
        if cols.len() < 4 {
            fail(
                &file,
                line,
                "expected: mnemonic operands encoding class [flags]",
            );
        }
        let enc: String = cols[2].chars().filter(|&c| c != '_').collect();
        if enc.len() != 32 && enc.len() != 16 {
            fail(&file, line, &format!("encoding has {} bits", enc.len()));
        }
        let (mut mask, mut matches) = (0u32, 0u32);
        for (i, c) in enc.chars().enumerate() {
            let bit = (enc.len() - 1 - i) as u32;
            match c {
                '0' => mask |= 1 << bit,
                '1' => {
                    mask |= 1 << bit;
                    matches |= 1 << bit
                }
                '.' => {}
                _ => fail(&file, line, "encoding characters are 0, 1, . and _"),
            }
        }
        let mut ends_block = false;
        let mut exec_as = None;
        let mut i = 4;
        while i < cols.len() {
            match cols[i] {
                "end" => ends_block = true,
                "=>" => {
                    exec_as = Some(cols[i + 1].to_string());
                    i += 1;
                }
                f => fail(&file, line, &format!("unknown flag {f}")),
            }
            i += 1;
        }
        let operands = if cols[1] == "-" {
            vec![]
        } else {
            cols[1].split(',').map(str::to_string).collect()
        };
        rows.push(Row {
            file: file.clone(),
            line,
            mnemonic: cols[0].to_string(),
            operands,
            mask,
            matches,
            len: (enc.len() / 8) as u32,
            class: cols[3].to_string(),
            ends_block,
            exec_as,
            module: module
                .clone()
                .unwrap_or_else(|| fail(&file, line, "no '# module:' line")),
            ext: ext
                .clone()
                .unwrap_or_else(|| fail(&file, line, "no '# extension:' line")),
        });
    }
    rows
}

fn camel(s: &str) -> String {
    let mut out = String::new();
    let mut up = true;
    for c in s.chars() {
        if c == '.' || c == '_' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// What a single operand token means: the Rust code that extracts it from the
/// instruction word `b`, the slot it fills, and how the disassembler shows it.
struct Token {
    extract: String,
    /// Field checked by a trailing `!` (reserved when zero).
    nz_field: &'static str,
    /// Disassembly item, or None when the token is implicit.
    show: Option<String>,
}

fn sext(expr: &str, bits: u32) -> String {
    format!("((({expr}) as i64) << {s} >> {s})", s = 64 - bits)
}

fn token(name: &str, file: &str, line: usize) -> Token {
    let bits = |hi: u32, lo: u32, at: u32| {
        format!(
            "(((b >> {lo}) & {m:#x}) << {at})",
            m = (1u32 << (hi - lo + 1)) - 1
        )
    };
    let reg = |slot: &'static str, expr: String, show: &str| Token {
        extract: format!("f.{slot} = ({expr}) as u8;"),
        nz_field: slot,
        show: Some(format!("Opnd::{show}(Slot::{})", camel(slot))),
    };
    let imm = |expr: String, show: &str| Token {
        extract: format!("f.imm = {expr};"),
        nz_field: "imm",
        show: Some(format!("Opnd::{show}")),
    };
    if let Some(rest) = name.strip_prefix('=') {
        let (slot, val) = rest
            .split_once(':')
            .unwrap_or_else(|| fail(file, line, "implicit token is =slot:value"));
        return Token {
            extract: format!("f.{slot} = {val};"),
            nz_field: "",
            show: None,
        };
    }
    match name {
        "rd" => reg("rd", "(b >> 7) & 31".into(), "X"),
        "rs1" => reg("rs1", "(b >> 15) & 31".into(), "X"),
        "rs2" => reg("rs2", "(b >> 20) & 31".into(), "X"),
        "fd" => reg("rd", "(b >> 7) & 31".into(), "F"),
        "fs1" => reg("rs1", "(b >> 15) & 31".into(), "F"),
        "fs2" => reg("rs2", "(b >> 20) & 31".into(), "F"),
        "fs3" => reg("rs3", "(b >> 27) & 31".into(), "F"),
        "rm" => Token {
            extract: "f.rm = ((b >> 12) & 7) as u8;".into(),
            nz_field: "rm",
            show: Some("Opnd::Rm".into()),
        },
        "imm12" => imm(sext("b >> 20", 12), "Imm"),
        "simm12" => imm(
            sext(&format!("{} | {}", bits(31, 25, 5), bits(11, 7, 0)), 12),
            "Imm",
        ),
        "bimm" => imm(
            sext(
                &format!(
                    "{} | {} | {} | {}",
                    bits(31, 31, 12),
                    bits(7, 7, 11),
                    bits(30, 25, 5),
                    bits(11, 8, 1)
                ),
                13,
            ),
            "Target",
        ),
        "jimm" => imm(
            sext(
                &format!(
                    "{} | {} | {} | {}",
                    bits(31, 31, 20),
                    bits(19, 12, 12),
                    bits(20, 20, 11),
                    bits(30, 21, 1)
                ),
                21,
            ),
            "Target",
        ),
        "uimm20" => imm("((b & 0xffff_f000) as i32) as i64".into(), "Upper"),
        "shamt6" => imm(format!("{} as i64", bits(25, 20, 0)), "Imm"),
        "shamt5" => imm(format!("{} as i64", bits(24, 20, 0)), "Imm"),
        "csr" => imm("(b >> 20) as i64".into(), "Csr"),
        // CSR immediate: a 5-bit value in the rs1 field (the csr number occupies imm).
        "zimm5" => Token {
            extract: format!("f.rs1 = {} as u8;", bits(19, 15, 0)),
            nz_field: "rs1",
            show: Some("Opnd::Zimm".into()),
        },
        // Compressed register fields: full 5-bit (11:7, 6:2) and 3-bit x8..x15 forms.
        "crd" => reg("rd", bits(11, 7, 0), "X"),
        "crs1" => reg("rs1", bits(11, 7, 0), "X"),
        "crs2" => reg("rs2", bits(6, 2, 0), "X"),
        "cfrd" => reg("rd", bits(11, 7, 0), "F"),
        "cfrs2" => reg("rs2", bits(6, 2, 0), "F"),
        "crd_" => reg("rd", format!("8 + {}", bits(4, 2, 0)), "X"),
        "cfrd_" => reg("rd", format!("8 + {}", bits(4, 2, 0)), "F"),
        "crs1_" => reg("rs1", format!("8 + {}", bits(9, 7, 0)), "X"),
        "crs2_" => reg("rs2", format!("8 + {}", bits(4, 2, 0)), "X"),
        "cfrs2_" => reg("rs2", format!("8 + {}", bits(4, 2, 0)), "F"),
        "crs1rd" => Token {
            extract: format!("f.rd = ({}) as u8; f.rs1 = f.rd;", bits(11, 7, 0)),
            nz_field: "rd",
            show: Some("Opnd::X(Slot::Rd)".into()),
        },
        "crs1rd_" => Token {
            extract: format!("f.rd = (8 + {}) as u8; f.rs1 = f.rd;", bits(9, 7, 0)),
            nz_field: "rd",
            show: Some("Opnd::X(Slot::Rd)".into()),
        },
        // Compressed immediates (RISC-V unprivileged spec, "C" chapter, figure of formats).
        "cimm6" => imm(
            sext(&format!("{} | {}", bits(12, 12, 5), bits(6, 2, 0)), 6),
            "Imm",
        ),
        "cshamt" => imm(
            format!("({} | {}) as i64", bits(12, 12, 5), bits(6, 2, 0)),
            "Imm",
        ),
        "clui" => imm(
            format!(
                "{} << 12",
                sext(&format!("{} | {}", bits(12, 12, 5), bits(6, 2, 0)), 6)
            ),
            "Upper",
        ),
        "c16sp" => imm(
            sext(
                &format!(
                    "{} | {} | {} | {} | {}",
                    bits(12, 12, 9),
                    bits(6, 6, 4),
                    bits(5, 5, 6),
                    bits(4, 3, 7),
                    bits(2, 2, 5)
                ),
                10,
            ),
            "Imm",
        ),
        "c4spn" => imm(
            format!(
                "({} | {} | {} | {}) as i64",
                bits(12, 11, 4),
                bits(10, 7, 6),
                bits(6, 6, 2),
                bits(5, 5, 3)
            ),
            "Imm",
        ),
        "clw" => imm(
            format!(
                "({} | {} | {}) as i64",
                bits(12, 10, 3),
                bits(6, 6, 2),
                bits(5, 5, 6)
            ),
            "Imm",
        ),
        "cld" => imm(
            format!("({} | {}) as i64", bits(12, 10, 3), bits(6, 5, 6)),
            "Imm",
        ),
        "clwsp" => imm(
            format!(
                "({} | {} | {}) as i64",
                bits(12, 12, 5),
                bits(6, 4, 2),
                bits(3, 2, 6)
            ),
            "Imm",
        ),
        "cldsp" => imm(
            format!(
                "({} | {} | {}) as i64",
                bits(12, 12, 5),
                bits(6, 5, 3),
                bits(4, 2, 6)
            ),
            "Imm",
        ),
        "cswsp" => imm(
            format!("({} | {}) as i64", bits(12, 9, 2), bits(8, 7, 6)),
            "Imm",
        ),
        "csdsp" => imm(
            format!("({} | {}) as i64", bits(12, 10, 3), bits(9, 7, 6)),
            "Imm",
        ),
        "cb" => imm(
            sext(
                &format!(
                    "{} | {} | {} | {} | {}",
                    bits(12, 12, 8),
                    bits(11, 10, 3),
                    bits(6, 5, 6),
                    bits(4, 3, 1),
                    bits(2, 2, 5)
                ),
                9,
            ),
            "Target",
        ),
        "cj" => imm(
            sext(
                &format!(
                    "{} | {} | {} | {} | {} | {} | {} | {}",
                    bits(12, 12, 11),
                    bits(11, 11, 4),
                    bits(10, 9, 8),
                    bits(8, 8, 10),
                    bits(7, 7, 6),
                    bits(6, 6, 7),
                    bits(5, 3, 1),
                    bits(2, 2, 5)
                ),
                12,
            ),
            "Target",
        ),
        // Vector (RVV 1.0): register fields, the mask bit (held in the rm slot: 1 =
        // unmasked), 5-bit immediates in the vs1 field and vtype immediates.
        "vd" | "vs3" => reg("rd", "(b >> 7) & 31".into(), "V"),
        "vs1" => reg("rs1", "(b >> 15) & 31".into(), "V"),
        "vs2" => reg("rs2", "(b >> 20) & 31".into(), "V"),
        "vm" => Token {
            extract: "f.rm = ((b >> 25) & 1) as u8;".into(),
            nz_field: "rm",
            show: Some("Opnd::Vm".into()),
        },
        "v0" => Token {
            extract: String::new(),
            nz_field: "",
            show: Some("Opnd::V0".into()),
        },
        "simm5" => imm(sext("b >> 15", 5), "Imm"),
        "uimm5" => imm(format!("{} as i64", bits(19, 15, 0)), "Imm"),
        "avl5" => Token {
            extract: format!("f.rs1 = {} as u8;", bits(19, 15, 0)),
            nz_field: "rs1",
            show: Some("Opnd::Zimm".into()),
        },
        "vtypei11" => imm(format!("{} as i64", bits(30, 20, 0)), "Vtype"),
        "vtypei10" => imm(format!("{} as i64", bits(29, 20, 0)), "Vtype"),
        _ => fail(file, line, &format!("unknown operand token `{name}`")),
    }
}

/// A memory operand `imm(base)` becomes one disassembly item that prints both.
fn operand_code(op: &str, file: &str, line: usize) -> (String, Vec<String>) {
    let (tok, nz) = match op.strip_suffix('!') {
        Some(t) => (t, true),
        None => (op, false),
    };
    let mut code = String::new();
    let mut shows = Vec::new();
    let parts: Vec<&str> = if let Some((immp, rest)) = tok.split_once('(') {
        let base = rest
            .strip_suffix(')')
            .unwrap_or_else(|| fail(file, line, "unclosed ("));
        if immp.is_empty() {
            vec![base]
        } else {
            vec![immp, base]
        }
    } else {
        vec![tok]
    };
    let is_mem = tok.contains('(');
    let mut base_slot = String::new();
    let mut has_imm = false;
    for p in &parts {
        let t = token(p, file, line);
        code.push_str(&t.extract);
        code.push(' ');
        if nz {
            let _ = write!(code, "if f.{} == 0 {{ return None; }} ", t.nz_field);
        }
        if is_mem {
            if let Some(s) = &t.show {
                if s.starts_with("Opnd::X(") {
                    base_slot = s
                        .trim_start_matches("Opnd::X(")
                        .trim_end_matches(')')
                        .to_string();
                } else {
                    has_imm = true;
                }
            } else if p.starts_with("=rs1") {
                base_slot = "Slot::Rs1".into();
            }
        } else if let Some(s) = t.show {
            shows.push(s);
        }
    }
    if is_mem {
        shows.push(format!("Opnd::Mem({base_slot}, {has_imm})"));
    }
    (code, shows)
}

fn main() {
    println!("cargo:rerun-if-changed=isa");
    println!("cargo:rerun-if-changed=build.rs");
    startup_link_args();
    let mut paths: Vec<_> = std::fs::read_dir("isa")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tbl"))
        .collect();
    paths.sort();
    let mut rows: Vec<Row> = paths.iter().flat_map(|p| parse_table(p)).collect();
    // Base rows first so that `=> name` resolves to the base instruction of that name.
    rows.sort_by_key(|r| (r.len == 2, r.file.clone(), r.line));

    let mut index: BTreeMap<String, usize> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        if index.insert(r.mnemonic.clone(), i).is_some() {
            fail(
                &r.file,
                r.line,
                &format!("duplicate mnemonic {}", r.mnemonic),
            );
        }
    }
    let mut exts: Vec<String> = rows.iter().map(|r| r.ext.clone()).collect();
    exts.sort();
    exts.dedup();

    let mut out = String::new();
    out.push_str("// @generated by build.rs from isa/*.tbl — edit the tables, not this file.\n\n");
    out.push_str("/// Every instruction of the tables, one variant per row.\n");
    out.push_str(
        "#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]\n#[repr(u16)]\npub enum Op {\n",
    );
    for r in &rows {
        let _ = writeln!(out, "    {},", camel(&r.mnemonic));
    }
    out.push_str("}\n\n");
    let _ = writeln!(out, "pub const OP_COUNT: usize = {};\n", rows.len());

    out.push_str(
        "/// Extension bits (one per `# extension:` name in the tables).\npub mod ext {\n",
    );
    for (i, e) in exts.iter().enumerate() {
        let _ = writeln!(out, "    pub const {}: u64 = 1 << {i};", e.to_uppercase());
    }
    out.push_str("    pub const NAMES: &[(&str, u64)] = &[\n");
    for e in &exts {
        let _ = writeln!(out, "        (\"{e}\", {}),", e.to_uppercase());
    }
    out.push_str("    ];\n}\n\n");

    out.push_str("pub static OP_INFO: [OpInfo; OP_COUNT] = [\n");
    for r in &rows {
        let mut shows = Vec::new();
        for o in &r.operands {
            shows.extend(operand_code(o, &r.file, r.line).1);
        }
        let exec = r.exec_as.as_deref().unwrap_or(&r.mnemonic);
        if !index.contains_key(exec) {
            fail(&r.file, r.line, &format!("=> {exec}: no such instruction"));
        }
        let _ = writeln!(
            out,
            "    OpInfo {{ mnemonic: \"{}\", operands: &[{}], class: Class::{}, ext: ext::{}, ends_block: {}, len: {}, exec_as: Op::{}, matches: {:#x}, mask: {:#x} }},",
            r.mnemonic,
            shows.join(", "),
            camel(&r.class),
            r.ext.to_uppercase(),
            r.ends_block
                || r.exec_as
                    .as_ref()
                    .is_some_and(|e| rows[index[e]].ends_block),
            r.len,
            camel(exec),
            r.matches,
            r.mask
        );
    }
    out.push_str("];\n\n");

    out.push_str("/// Every op, in table order (`ALL_OPS[op as usize] == op`).\n");
    out.push_str("pub static ALL_OPS: [Op; OP_COUNT] = [\n");
    for r in &rows {
        let _ = writeln!(out, "    Op::{},", camel(&r.mnemonic));
    }
    out.push_str("];\n\n");
    // The handler table goes to its own file, included by `exec`: the tables (`isa`)
    // stay below the semantics that the handlers are.
    let mut handlers = String::new();
    handlers
        .push_str("// @generated by build.rs from isa/*.tbl — edit the tables, not this file.\n\n");
    handlers.push_str(
        "/// Semantic function of each op (compressed ops run their base instruction).\n",
    );
    handlers.push_str("pub static HANDLERS: [Handler; OP_COUNT] = [\n");
    for r in &rows {
        let exec = r.exec_as.as_deref().unwrap_or(&r.mnemonic);
        let target = &rows[index[exec]];
        let _ = writeln!(
            handlers,
            "    crate::exec::{}::{},",
            target.module,
            target.mnemonic.replace('.', "_")
        );
    }
    handlers.push_str("];\n");

    // Decoders: bucket by the fixed low bits, most specific pattern first.
    for (len, fname, key_expr, key_bits) in [
        (4u32, "decode32", "b & 0x7f", 7u32),
        (2u32, "decode16", "(b & 3) | ((b >> 13) & 7) << 2", 5u32),
    ] {
        let _ = writeln!(
            out,
            "/// Matches a {}-bit instruction word against the table rows.",
            len * 8
        );
        let _ = writeln!(
            out,
            "pub fn {fname}(b: u32) -> Option<Op> {{\n    match {key_expr} {{"
        );
        let mut buckets: BTreeMap<u32, Vec<&Row>> = BTreeMap::new();
        for r in rows.iter().filter(|r| r.len == len) {
            // Expand the key bits the row fixes; a row leaving key bits free lands in several buckets.
            for key in 0..(1u32 << key_bits) {
                let (km, kv) = if len == 4 {
                    (r.mask & 0x7f, r.matches & 0x7f)
                } else {
                    (
                        (r.mask & 3) | ((r.mask >> 13) & 7) << 2,
                        (r.matches & 3) | ((r.matches >> 13) & 7) << 2,
                    )
                };
                if key & km == kv {
                    buckets.entry(key).or_default().push(r);
                }
            }
        }
        for (key, mut rs) in buckets {
            rs.sort_by_key(|r| std::cmp::Reverse(r.mask.count_ones()));
            let _ = writeln!(out, "        {key:#x} => {{");
            for r in rs {
                let _ = writeln!(
                    out,
                    "            if b & {:#010x} == {:#010x} {{ return Some(Op::{}); }}",
                    r.mask,
                    r.matches,
                    camel(&r.mnemonic)
                );
            }
            out.push_str("        }\n");
        }
        out.push_str("        _ => {}\n    }\n    None\n}\n\n");
    }

    out.push_str(
        "/// Operand fields of `b` for `op`; None when a must-be-non-zero field is zero.\n",
    );
    out.push_str("#[allow(clippy::identity_op, clippy::erasing_op, unused_parens)]\n");
    out.push_str("pub fn extract(op: Op, b: u32) -> Option<Fields> {\n    let mut f = Fields::default();\n    match op {\n");
    for r in &rows {
        let code: String = r
            .operands
            .iter()
            .map(|o| operand_code(o, &r.file, r.line).0)
            .collect();
        let _ = writeln!(out, "        Op::{} => {{ {code}}}", camel(&r.mnemonic));
    }
    out.push_str("    }\n    let _ = b;\n    Some(f)\n}\n");

    let out_dir = std::env::var("OUT_DIR").unwrap();
    std::fs::write(Path::new(&out_dir).join("isa_gen.rs"), out).unwrap();
    std::fs::write(Path::new(&out_dir).join("exec_gen.rs"), handlers).unwrap();
}

/// Link settings that keep the binary's resident pages at start-up few (issue 17: the
/// tier's Cranelift code doubled the text, and the run's peak RSS must not grow).
/// - `--symbol-ordering-file=tools/startup.order` (see `tools/startup-order.sh`): the
///   functions a run calls before anything is hot are put side by side, so the
///   loader's and the run's page faults touch ~300 KiB of text instead of ~1.5 MiB.
///   Only rust-lld, Rust's default linker on x86_64 Linux since 1.90, knows the flag,
///   so it is passed only when that default is in force.
/// - `-z pack-relative-relocs` (DT_RELR, glibc >= 2.36): the relative relocations are
///   a bitmap instead of 24 bytes each, so fewer pages are read to apply them.
///
/// Both change the layout only, never the code. `NPU_SPIKE_PLAIN_LINK=1` turns them off.
fn startup_link_args() {
    println!("cargo:rerun-if-changed=tools/startup.order");
    println!("cargo:rerun-if-env-changed=NPU_SPIKE_PLAIN_LINK");
    if std::env::var_os("NPU_SPIKE_PLAIN_LINK").is_some() {
        return;
    }
    let target = std::env::var("TARGET").unwrap_or_default();
    let host = std::env::var("HOST").unwrap_or_default();
    if target != "x86_64-unknown-linux-gnu" || host != target {
        return;
    }
    // A linker chosen by the user (config `linker`, or flags naming one) may not be lld.
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if std::env::var_os("RUSTC_LINKER").is_some()
        || ["linker", "link-self-contained", "fuse-ld"]
            .iter()
            .any(|f| flags.contains(f))
    {
        return;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if version_of(&rustc, "--version").is_none_or(|v| v < (1, 90)) {
        return;
    }
    let order =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("tools/startup.order");
    if order.exists() {
        println!(
            "cargo:rustc-link-arg-bin=npu-spike=-Wl,--symbol-ordering-file={}",
            order.display()
        );
        println!("cargo:rustc-link-arg-bin=npu-spike=-Wl,--no-warn-symbol-ordering");
    }
    // The host's C library is the one the binary runs on (host == target).
    let glibc = version_of("getconf", "GNU_LIBC_VERSION");
    if glibc.is_some_and(|v| v >= (2, 36)) {
        println!("cargo:rustc-link-arg-bin=npu-spike=-Wl,-z,pack-relative-relocs");
    }
}

/// (major, minor) of the version `cmd arg` prints as its second word ("rustc 1.95.0 ...",
/// "glibc 2.36"), or None if it cannot be run or read.
fn version_of(cmd: &str, arg: &str) -> Option<(u32, u32)> {
    let out = std::process::Command::new(cmd).arg(arg).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut parts = text.split_whitespace().nth(1)?.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}
