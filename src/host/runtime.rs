//! The runtime directory of `npu-spike run kernel.elf runtime/`: which `.raw` files
//! become the kernel's arguments, in which order, and whether they are usable
//! before the program starts.
//!
//! The argument-order rule (docs/cli.md, "Argument order"):
//! 1. `runtime/manifest.json`, if present: `args` is the ordered list; each entry is
//!    a file name or `{"file": NAME, "bytes": N, "dir": "in"|"out"|"inout"}`.
//!    Optional `scalars` (strings or numbers) follow the files in argv, and
//!    `kernel_addr` ("LO:HI", hex) sets the kernel range.
//! 2. Otherwise every `*.raw` file of the directory, sorted by name (byte order).
//!
//! Checks, all reported together before the run: an input (`in`/`inout`, and every
//! entry of the fallback rule) must be an existing regular file inside the
//! directory, of exactly `bytes` bytes when given; an output must be inside the
//! directory and, if it already exists, of exactly `bytes` bytes.

use serde::Deserialize;
use std::path::{Component, Path};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    args: Vec<ArgEntry>,
    #[serde(default)]
    scalars: Vec<Scalar>,
    #[serde(default)]
    kernel_addr: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum ArgEntry {
    Name(String),
    Full {
        file: String,
        #[serde(default)]
        bytes: Option<u64>,
        #[serde(default)]
        dir: Option<String>,
    },
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Scalar {
    Text(String),
    Number(serde_json::Number),
}

/// Direction of a kernel argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    In,
    Out,
    InOut,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The name as the guest receives it (relative to the runtime directory).
    pub file: String,
    pub bytes: Option<u64>,
    pub dir: Dir,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub args: Vec<Arg>,
    pub scalars: Vec<String>,
    pub kernel_addr: Option<(u64, u64)>,
    /// Where the order came from, for `--verbose` and error messages.
    pub source: String,
}

impl Plan {
    /// argv[1..] for the guest: the files, then the scalars.
    pub fn argv(&self) -> Vec<String> {
        self.args
            .iter()
            .map(|a| a.file.clone())
            .chain(self.scalars.iter().cloned())
            .collect()
    }
}

/// Works out and checks the kernel's arguments in `dir`.
pub fn plan(dir: &Path) -> Result<Plan, String> {
    if !dir.is_dir() {
        return Err(format!("{}: runtime directory not found", dir.display()));
    }
    let manifest = dir.join("manifest.json");
    let plan = if manifest.exists() {
        from_manifest(&manifest)?
    } else {
        from_listing(dir)?
    };
    let problems: Vec<String> = plan
        .args
        .iter()
        .filter_map(|a| check(dir, a).err())
        .collect();
    if !problems.is_empty() {
        return Err(format!(
            "{}: the kernel's arguments are not usable ({}):\n  {}",
            dir.display(),
            plan.source,
            problems.join("\n  ")
        ));
    }
    Ok(plan)
}

fn from_manifest(path: &Path) -> Result<Plan, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let m: Manifest = serde_json::from_str(&text)
        .map_err(|e| format!("{}: bad manifest: {e}", path.display()))?;
    let mut args = Vec::new();
    for (i, e) in m.args.into_iter().enumerate() {
        let (file, bytes, dir) = match e {
            ArgEntry::Name(f) => (f, None, None),
            ArgEntry::Full { file, bytes, dir } => (file, bytes, dir),
        };
        let dir = match dir.as_deref() {
            None | Some("in") => Dir::In,
            Some("out") => Dir::Out,
            Some("inout") => Dir::InOut,
            Some(d) => {
                return Err(format!(
                    "{}: args[{i}] ({file}): dir must be in, out or inout, not '{d}'",
                    path.display()
                ));
            }
        };
        args.push(Arg { file, bytes, dir });
    }
    let scalars = m
        .scalars
        .into_iter()
        .map(|s| match s {
            Scalar::Text(t) => t,
            Scalar::Number(n) => n.to_string(),
        })
        .collect();
    let kernel_addr = match m.kernel_addr {
        Some(k) => Some(
            crate::config::parse_kernel_addr(&k).map_err(|e| format!("{}: {e}", path.display()))?,
        ),
        None => None,
    };
    Ok(Plan {
        args,
        scalars,
        kernel_addr,
        source: format!("order from {}", path.display()),
    })
}

fn from_listing(dir: &Path) -> Result<Plan, String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot list: {e}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(".raw") && !n.starts_with('.'))
        .collect();
    names.sort();
    Ok(Plan {
        args: names
            .into_iter()
            .map(|file| Arg {
                file,
                bytes: None,
                dir: Dir::InOut,
            })
            .collect(),
        scalars: Vec::new(),
        kernel_addr: None,
        source: "no manifest.json: every *.raw file, sorted by name".into(),
    })
}

fn check(dir: &Path, a: &Arg) -> Result<(), String> {
    let rel = Path::new(&a.file);
    if rel.is_absolute()
        || rel
            .components()
            .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(format!(
            "{}: argument files must be named relative to the runtime directory, without '..'",
            a.file
        ));
    }
    let path = dir.join(rel);
    match std::fs::metadata(&path) {
        Ok(m) if !m.is_file() => Err(format!("{}: not a regular file", path.display())),
        Ok(m) => match a.bytes {
            Some(want) if m.len() != want => Err(format!(
                "{}: is {} bytes, the kernel expects {want}",
                path.display(),
                m.len()
            )),
            _ => Ok(()),
        },
        Err(_) if a.dir == Dir::Out => Ok(()),
        Err(e) => Err(format!("{}: missing input: {e}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("npu-spike-rt-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn manifest_order_and_checks() {
        let d = dir("manifest");
        std::fs::write(d.join("b.raw"), [0u8; 8]).unwrap();
        std::fs::write(d.join("a.raw"), [0u8; 4]).unwrap();
        std::fs::write(
            d.join("manifest.json"),
            r#"{"args": ["b.raw", {"file": "a.raw", "bytes": 4},
                         {"file": "o.raw", "bytes": 16, "dir": "out"}],
                "scalars": ["7", 0.5], "kernel_addr": "10078:100f0"}"#,
        )
        .unwrap();
        let p = plan(&d).unwrap();
        assert_eq!(p.argv(), ["b.raw", "a.raw", "o.raw", "7", "0.5"]);
        assert_eq!(p.kernel_addr, Some((0x10078, 0x100f0)));
        // A wrongly sized input and a missing one are both reported.
        std::fs::write(
            d.join("manifest.json"),
            r#"{"args": [{"file": "a.raw", "bytes": 5}, "nope.raw", "../x.raw"]}"#,
        )
        .unwrap();
        let e = plan(&d).unwrap_err();
        assert!(e.contains("a.raw: is 4 bytes, the kernel expects 5"), "{e}");
        assert!(e.contains("nope.raw: missing input"), "{e}");
        assert!(e.contains("without '..'"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn listing_fallback_sorts_by_name() {
        let d = dir("listing");
        for n in ["2_out.raw", "0_x.raw", "1_y.raw", "notes.txt"] {
            std::fs::write(d.join(n), b"").unwrap();
        }
        assert_eq!(
            plan(&d).unwrap().argv(),
            ["0_x.raw", "1_y.raw", "2_out.raw"]
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
