//! The crate's modules import one way only (issue 28; docs/architecture.md draws it).
//! This reads src/**/*.rs as text, so it builds nothing of the crate: every
//! `crate::…` path (single, grouped, nested, multi-line `use`, and inline paths) and
//! every `super::…` path that climbs to the crate root is an edge from the file's
//! top-level module, and each edge must go to a lower layer of `LAYERS`. Inside
//! src/cli/ no file may reach back to a file that reaches it.

use std::collections::BTreeMap;
use std::path::Path;

/// The layers, lowest first. A module imports only modules of lower layers (not those
/// of its own: that is how a circle starts).
const LAYERS: &[&[&str]] = &[
    // Instruction tables and decoding; file formats; machine configuration.
    &["isa", "loader", "config"],
    // Hart, memory, CSRs, traps, the decoded instruction, NPU state, the accelerator trait.
    &["machine"],
    // Instruction semantics.
    &["exec"],
    // The translation tier, then the engine that runs blocks (interpreted or translated).
    &["jit"],
    &["engine"],
    // Commit log / disassembly trace.
    &["trace"],
    // The cycle model: an observer of the engine, seeing accelerators through the trait.
    &["timing"],
    // The accelerator models (built-in units, loaded libraries).
    &["accel"],
    // The guest's host: HTIF, proxy kernel, runtime files.
    &["host"],
    // One simulation, put together.
    &["sim"],
    // Command lines.
    &["cli"],
    // Fuzz targets (they drive the command lines too).
    &["fuzz"],
];

fn layer_of(m: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&m))
}

/// `src` with comments and the insides of string and char literals blanked (newlines
/// kept, so offsets still give line numbers).
fn code_only(src: &str) -> Vec<char> {
    let s: Vec<char> = src.chars().collect();
    let mut out = s.clone();
    let blank = |out: &mut Vec<char>, a: usize, b: usize| {
        for c in &mut out[a..b] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let mut i = 0;
    while i < s.len() {
        let next = s.get(i + 1).copied();
        if s[i] == '/' && next == Some('/') {
            let e = s[i..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(s.len(), |p| i + p);
            blank(&mut out, i, e);
            i = e;
        } else if s[i] == '/' && next == Some('*') {
            let (mut depth, mut j) = (1, i + 2);
            while j < s.len() && depth > 0 {
                if s[j] == '/' && s.get(j + 1) == Some(&'*') {
                    depth += 1;
                    j += 1;
                } else if s[j] == '*' && s.get(j + 1) == Some(&'/') {
                    depth -= 1;
                    j += 1;
                }
                j += 1;
            }
            blank(&mut out, i, j);
            i = j;
        } else if s[i] == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(s[i - 1].is_alphanumeric() || s[i - 1] == '_'))
        {
            // Raw string: r"…", r#"…"#, …
            let hashes = s[i + 1..].iter().take_while(|&&c| c == '#').count();
            if s.get(i + 1 + hashes) != Some(&'"') {
                i += 1;
                continue;
            }
            let start = i + 2 + hashes;
            let mut j = start;
            while j < s.len() {
                if s[j] == '"'
                    && s[j + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == '#')
                        .count()
                        == hashes
                {
                    break;
                }
                j += 1;
            }
            blank(&mut out, start, j.min(s.len()));
            i = j + 1 + hashes;
        } else if s[i] == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j.min(s.len()));
            i = j + 1;
        } else if s[i] == '\'' {
            // A char literal ('x', '\n', '\u{..}'), not a lifetime ('a).
            if next == Some('\\') {
                let e = s[i + 2..]
                    .iter()
                    .position(|&c| c == '\'')
                    .map_or(s.len(), |p| i + 2 + p);
                blank(&mut out, i + 1, e);
                i = e + 1;
            } else if s.get(i + 2) == Some(&'\'') {
                blank(&mut out, i + 1, i + 2);
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The module path of a file under src/: src/a.rs and src/a/mod.rs are ["a"],
/// src/a/b.rs is ["a", "b"].
fn module_path(rel: &str) -> Vec<String> {
    let rel = rel.strip_prefix("src/").unwrap_or(rel);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// One path a file names: the absolute module path it resolves to (as far as it goes)
/// and the line it is on.
struct Ref {
    path: Vec<String>,
    line: usize,
}

/// The segments of a path starting at `i` (`a::b::{c, d::e}` gives one list per
/// group entry; a group's entries continue the prefix).
fn paths_at(code: &[char], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let skip_ws = |i: &mut usize| {
        while *i < code.len() && code[*i].is_whitespace() {
            *i += 1;
        }
    };
    let mut segs = prefix;
    loop {
        skip_ws(&mut i);
        if i < code.len() && code[i] == '{' {
            i += 1;
            loop {
                skip_ws(&mut i);
                if i >= code.len() || code[i] == '}' {
                    return i + 1;
                }
                i = paths_at(code, i, segs.clone(), out);
                skip_ws(&mut i);
                if i < code.len() && code[i] == ',' {
                    i += 1;
                }
            }
        }
        let start = i;
        while i < code.len() && (is_ident(code[i]) || code[i] == '*') {
            i += 1;
        }
        if i == start {
            out.push(segs);
            return i;
        }
        segs.push(code[start..i].iter().collect());
        let mut j = i;
        skip_ws(&mut j);
        if code.get(j) == Some(&':') && code.get(j + 1) == Some(&':') {
            i = j + 2;
        } else {
            out.push(segs);
            return i;
        }
    }
}

/// Every `crate::…`, `super::…` and `self::…` path of a file, resolved against the
/// file's module path (and the inline modules it sits in).
fn refs(rel: &str, src: &str) -> Vec<Ref> {
    let code = code_only(src);
    let line_of = |p: usize| code[..p].iter().filter(|&&c| c == '\n').count() + 1;
    // Inline `mod name { … }` blocks: their ranges and names.
    let mut inline: Vec<(usize, usize, String)> = Vec::new();
    let mut p = 0;
    while p + 4 < code.len() {
        if code[p..p + 4] == ['m', 'o', 'd', ' '] && (p == 0 || !is_ident(code[p - 1])) {
            let mut j = p + 4;
            while j < code.len() && code[j].is_whitespace() {
                j += 1;
            }
            let s = j;
            while j < code.len() && is_ident(code[j]) {
                j += 1;
            }
            let name: String = code[s..j].iter().collect();
            while j < code.len() && code[j].is_whitespace() {
                j += 1;
            }
            if code.get(j) == Some(&'{') {
                let mut depth = 0;
                let mut k = j;
                while k < code.len() {
                    match code[k] {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                inline.push((j, k, name));
            }
        }
        p += 1;
    }
    let file_mod = module_path(rel);
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let at_word =
            i == 0 || !(is_ident(code[i - 1]) || code[i - 1] == ':' || code[i - 1] == '$');
        let kw = ["crate", "super", "self"]
            .into_iter()
            .find(|k| at_word && code[i..].starts_with(&k.chars().collect::<Vec<_>>()[..]));
        let Some(kw) = kw else {
            i += 1;
            continue;
        };
        let after = i + kw.len();
        if !(code.get(after) == Some(&':') && code.get(after + 1) == Some(&':')) {
            i = after;
            continue;
        }
        // The module this position is in: the file's, plus the inline blocks around it.
        let mut here = file_mod.clone();
        let mut blocks: Vec<&(usize, usize, String)> =
            inline.iter().filter(|(a, b, _)| *a < i && i < *b).collect();
        blocks.sort_by_key(|b| b.0);
        here.extend(blocks.iter().map(|b| b.2.clone()));
        let mut paths = Vec::new();
        let end = paths_at(&code, after + 2, Vec::new(), &mut paths);
        for mut segs in paths {
            let base = match kw {
                "crate" => Vec::new(),
                "self" => here.clone(),
                _ => {
                    let mut ups = 1;
                    while segs.first().is_some_and(|s| s == "super") {
                        segs.remove(0);
                        ups += 1;
                    }
                    here[..here.len().saturating_sub(ups)].to_vec()
                }
            };
            let mut path = base;
            path.extend(segs);
            out.push(Ref {
                path,
                line: line_of(i),
            });
        }
        i = end.max(after);
    }
    out
}

/// Every violation of the layer order and of the no-circle rule in src/cli/: one
/// message per offending file and line.
fn violations(files: &[(String, String)]) -> Vec<String> {
    let mut bad = Vec::new();
    let mut cli_edges: BTreeMap<String, BTreeMap<String, (String, usize)>> = BTreeMap::new();
    let cli_files: Vec<String> = files
        .iter()
        .filter_map(|(rel, _)| {
            rel.strip_prefix("src/cli/")?
                .strip_suffix(".rs")
                .map(str::to_string)
        })
        .collect();
    for (rel, src) in files {
        let from = module_path(rel);
        let Some(m) = from.first() else { continue };
        let Some(lm) = layer_of(m) else {
            bad.push(format!(
                "{rel}: module `{m}` has no layer in tests/layers.rs"
            ));
            continue;
        };
        for r in refs(rel, src) {
            let Some(t) = r.path.first() else { continue };
            if t == m {
                if m == "cli" && from.len() >= 2 {
                    let target = match r.path.get(1) {
                        Some(f) if cli_files.contains(f) => f.clone(),
                        _ => "mod".to_string(),
                    };
                    if target != from[1] {
                        cli_edges
                            .entry(from[1].clone())
                            .or_default()
                            .entry(target)
                            .or_insert((rel.clone(), r.line));
                    }
                }
                continue;
            }
            let Some(lt) = layer_of(t) else {
                continue; // an item of the crate root or a name of the file's own
            };
            if lt >= lm {
                let allowed: Vec<&str> = LAYERS[..lm]
                    .iter()
                    .flat_map(|l| l.iter().copied())
                    .collect();
                bad.push(format!(
                    "{rel}:{}: `{m}` imports `{t}` (`crate::{}`), which is not below it; `{m}` may import only {}",
                    r.line,
                    r.path.join("::"),
                    if allowed.is_empty() { "nothing".to_string() } else { allowed.join(", ") }
                ));
            }
        }
    }
    // Circles among the files of src/cli/: a file that reaches itself.
    for start in cli_edges.keys() {
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = std::collections::BTreeSet::new();
        while let Some((f, trail)) = stack.pop() {
            for (t, _) in cli_edges.get(&f).into_iter().flatten() {
                if t == start {
                    let (file, line) =
                        &cli_edges[start][&trail.get(1).cloned().unwrap_or(t.clone())];
                    let mut c = trail.clone();
                    c.push(t.clone());
                    bad.push(format!(
                        "{file}:{line}: src/cli/ files import each other in a circle: {}",
                        c.iter()
                            .map(|f| format!("{f}.rs"))
                            .collect::<Vec<_>>()
                            .join(" -> ")
                    ));
                } else if seen.insert(t.clone()) {
                    let mut c = trail.clone();
                    c.push(t.clone());
                    stack.push((t.clone(), c));
                }
            }
        }
    }
    bad
}

fn sources(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            sources(&p, root, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
}

#[test]
fn modules_import_only_downwards() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), root, &mut files);
    // The crate root only declares; src/bin/ is another crate (it names `npu_spike::`).
    files.retain(|(rel, _)| rel != "src/lib.rs" && !rel.starts_with("src/bin/"));
    files.sort();
    assert!(files.len() > 50, "read only {} files", files.len());
    let bad = violations(&files);
    assert!(
        bad.is_empty(),
        "imports against the layer order:\n{}",
        bad.join("\n")
    );
}

#[test]
fn every_module_of_lib_rs_has_a_layer() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let mods: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ")?.strip_suffix(';'))
        .collect();
    assert!(mods.len() >= 10, "{mods:?}");
    for m in &mods {
        assert!(
            layer_of(m).is_some(),
            "src/lib.rs declares `{m}`, which tests/layers.rs puts in no layer"
        );
    }
    for m in LAYERS.iter().flat_map(|l| l.iter()) {
        assert!(
            mods.contains(m),
            "tests/layers.rs names `{m}`, which src/lib.rs does not declare"
        );
    }
}

#[cfg(test)]
mod checker {
    use super::*;

    fn check(files: &[(&str, &str)]) -> Vec<String> {
        let files: Vec<(String, String)> = files
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        violations(&files)
    }

    #[test]
    fn an_upward_use_fails_with_file_and_line() {
        let bad = check(&[(
            "src/isa/mod.rs",
            "//! tables\n\nuse crate::machine::Hart;\n",
        )]);
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(
            bad[0]
                .starts_with("src/isa/mod.rs:3: `isa` imports `machine` (`crate::machine::Hart`)"),
            "{}",
            bad[0]
        );
        assert!(
            bad[0].ends_with("`isa` may import only nothing"),
            "{}",
            bad[0]
        );
    }

    #[test]
    fn grouped_nested_multi_line_and_inline_paths_are_seen() {
        let src = "use crate::{\n    isa::Op,\n    machine::{Hart,\n        Trap},\n    timing::X,\n};\n\
                   fn f() { let _ = crate::sim::run(); }\n";
        let bad = check(&[("src/exec/base.rs", src)]);
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(
            bad[0].starts_with("src/exec/base.rs:1: `exec` imports `timing`"),
            "{}",
            bad[0]
        );
        assert!(
            bad[1].starts_with("src/exec/base.rs:7: `exec` imports `sim`"),
            "{}",
            bad[1]
        );
    }

    #[test]
    fn super_to_the_crate_root_counts_and_comments_and_strings_do_not() {
        let src = "// use crate::cli::X;\n/* crate::sim */\nconst S: &str = \"crate::host::x\";\n\
                   use super::cli::Y;\nmod tests {\n    use super::*;\n    use super::super::fuzz::Z;\n}\n";
        let bad = check(&[("src/engine.rs", src)]);
        assert_eq!(bad.len(), 2, "{bad:?}");
        assert!(
            bad[0].starts_with("src/engine.rs:4: `engine` imports `cli`"),
            "{}",
            bad[0]
        );
        assert!(
            bad[1].starts_with("src/engine.rs:7: `engine` imports `fuzz`"),
            "{}",
            bad[1]
        );
    }

    #[test]
    fn a_downward_use_passes() {
        assert!(
            check(&[("src/sim.rs", "use crate::{engine::Event, machine::Hart};\n")]).is_empty()
        );
    }

    #[test]
    fn a_circle_of_cli_files_fails() {
        let bad = check(&[
            ("src/cli/mod.rs", "mod run;\nmod kernel_run;\n"),
            (
                "src/cli/run.rs",
                "fn main() { super::kernel_run::main() }\n",
            ),
            (
                "src/cli/kernel_run.rs",
                "\nuse super::run::{RunArgs, isa};\n",
            ),
        ]);
        assert!(!bad.is_empty());
        assert!(
            bad.iter().any(|b| b
                == "src/cli/kernel_run.rs:2: src/cli/ files import each other in a circle: kernel_run.rs -> run.rs -> kernel_run.rs"),
            "{bad:?}"
        );
    }

    #[test]
    fn a_module_without_a_layer_fails() {
        let bad = check(&[("src/newthing.rs", "fn f() {}\n")]);
        assert_eq!(
            bad,
            ["src/newthing.rs: module `newthing` has no layer in tests/layers.rs"]
        );
    }
}
