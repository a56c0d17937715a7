//! Kernel objects: the directory the compiler leaves per kernel, described by
//! `kernel.json` (`format` 1; PyTorchSimCodegen/compiler_bridge.py reads it, and
//! Simulator/spike_run.py runs it on Spike). `npu-spike run WORKDIR` runs one the way
//! spike_run does, `--jobs N` splitting the launch grid across N simulated machines
//! exactly as spike_run splits it across processes; `npu-spike sample WORKDIR` runs
//! its cycle binary.

use crate::config::{MachineConfig, MachineDesc};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The format this reader knows.
pub const KERNEL_FORMAT: u64 = 1;

/// Bytes per element of each dtype a `.raw` file may hold (the compiler's table).
pub fn itemsize(dtype: &str) -> Option<u64> {
    Some(match dtype {
        "float64" | "int64" | "uint64" => 8,
        "float32" | "int32" | "uint32" => 4,
        "float16" | "bfloat16" | "int16" | "uint16" => 2,
        "float8_e5m2" | "float8_e4m3fn" | "int8" | "uint8" | "bool" => 1,
        _ => return None,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    In,
    Out,
    InOut,
}

#[derive(Clone, Debug)]
pub struct KArg {
    pub name: String,
    pub role: Role,
    pub dtype: String,
    /// numel x itemsize.
    pub bytes: u64,
    /// The tensor's shape (`[numel]` when kernel.json gives only numel).
    pub shape: Vec<u64>,
}

#[derive(Clone, Debug)]
pub struct KScalar {
    pub name: String,
    pub default: Option<Value>,
    pub ctype: String,
}

/// `target`: the machine the kernel was compiled for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub spad_vaddr: u64,
    pub spad_paddr: u64,
    pub dram_base: u64,
    pub dram_size: u64,
    /// Bytes per lane.
    pub spad_size: u64,
    pub vector_lanes: u32,
    pub vlen_bits: u32,
}

impl Target {
    /// Sets the machine (lanes, VLEN, scratchpad window) to this target.
    pub fn apply(&self, m: &mut MachineConfig) -> Result<(), String> {
        m.lanes = self.vector_lanes;
        m.spad_vaddr = self.spad_vaddr;
        m.spad_paddr = self.spad_paddr;
        m.spad_size = self.spad_size;
        let e = m.varch.elen;
        m.varch = crate::config::parse_varch(&format!("vlen:{},elen:{e}", self.vlen_bits))
            .map_err(|e| format!("kernel.json: target.vlen_bits: {e}"))?;
        Ok(())
    }

    /// The machine description spike_run writes for this target (machine.yml).
    pub fn desc(&self) -> MachineDesc {
        let mut d = MachineDesc::default();
        d.set("vpu_num_lanes", &self.vector_lanes.to_string());
        if self.spad_size.is_multiple_of(1024) {
            d.set(
                "vpu_spad_size_kb_per_lane",
                &(self.spad_size / 1024).to_string(),
            );
        }
        d.set("vpu_spad_base_vaddr", &format!("0x{:x}", self.spad_vaddr));
        d.set("vpu_vector_length_bits", &self.vlen_bits.to_string());
        d
    }
}

#[derive(Clone, Debug)]
pub struct KernelObject {
    pub dir: PathBuf,
    pub name: String,
    pub args: Vec<KArg>,
    pub scalars: Vec<KScalar>,
    pub grid: Vec<u64>,
    pub kernel_addr: (u64, u64),
    pub target: Target,
    artifacts: Vec<(String, String)>,
}

/// Python's `int(v, 0)` on a string: optional sign and surrounding whitespace,
/// `0x`/`0o`/`0b` prefixes, single underscores between digits, and no leading zero
/// on a decimal number other than zero itself.
pub fn py_int0(s: &str) -> Option<i128> {
    let t = s.trim();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d.strip_prefix('_').unwrap_or(d))
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d.strip_prefix('_').unwrap_or(d))
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d.strip_prefix('_').unwrap_or(d))
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    if radix == 10 && clean.len() > 1 && clean.starts_with('0') && clean.bytes().any(|b| b != b'0')
    {
        return None;
    }
    let v = i128::from_str_radix(&clean, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// Python's `repr(float(v))`: the shortest text that reads back as the same
/// double, positional for exponents -4..16, else `d.ddde+XX`.
pub fn py_float_repr(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // Rust's `{:e}` is the shortest round-trip digit string: d[.ddd]e[-]X.
    let e = format!("{:e}", v.abs());
    let (mant, exp) = e.split_once('e').expect("{:e} has an exponent");
    let exp: i32 = exp.parse().expect("a decimal exponent");
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if v < 0.0 { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let body = if exp >= 0 {
            let int_len = exp + 1;
            if n <= int_len {
                format!("{digits}{}.0", "0".repeat((int_len - n) as usize))
            } else {
                format!(
                    "{}.{}",
                    &digits[..int_len as usize],
                    &digits[int_len as usize..]
                )
            }
        } else {
            format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
        };
        format!("{sign}{body}")
    } else {
        let m = if digits.len() == 1 {
            digits.clone()
        } else {
            format!("{}.{}", &digits[..1], &digits[1..])
        };
        let es = if exp < 0 { "-" } else { "+" };
        format!("{sign}{m}e{es}{:02}", exp.abs())
    }
}

/// An integer field of kernel.json: a JSON integer, or a string read as
/// Python's `int(v, 0)`.
fn int_field(v: Option<&Value>, what: &str) -> Result<u64, String> {
    let v = v.ok_or_else(|| format!("{what} is missing"))?;
    let n = match v {
        Value::Number(n) => n.as_u64().map(i128::from),
        Value::String(s) => py_int0(s),
        _ => None,
    };
    n.and_then(|n| u64::try_from(n).ok()).ok_or_else(|| {
        format!("{what} = {v} is not a non-negative integer (or a string int(v, 0) reads)")
    })
}

impl KernelObject {
    /// Reads `dir/kernel.json`; every problem is listed at once.
    pub fn load(dir: &Path) -> Result<KernelObject, String> {
        let path = dir.join("kernel.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
        let v: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not valid JSON: {e}", path.display()))?;
        Self::from_json(dir, &v).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// A kernel object described by `v` (kernel.json's contents, already read)
    /// whose artifacts lie in `dir`.
    pub fn from_value(dir: &Path, v: &Value) -> Result<KernelObject, String> {
        Self::from_json(dir, v).map_err(|e| format!("{}: {e}", dir.join("kernel.json").display()))
    }

    fn from_json(dir: &Path, v: &Value) -> Result<KernelObject, String> {
        let Value::Object(top) = v else {
            return Err("expected a JSON object".into());
        };
        match top.get("format") {
            Some(Value::Number(n)) if n.as_u64() == Some(KERNEL_FORMAT) => {}
            f => {
                let f = f.map_or("none".to_string(), |f| f.to_string());
                return Err(format!(
                    "kernel object format {f}; npu-spike reads format {KERNEL_FORMAT} (rebuild the kernel with a matching compiler)"
                ));
            }
        }
        let mut problems = Vec::new();
        let name = match top.get("name") {
            Some(Value::String(s)) => s.clone(),
            _ => {
                problems.push("name: missing or not a string".to_string());
                String::new()
            }
        };
        let mut args = Vec::new();
        match top.get("args") {
            Some(Value::Array(list)) => {
                for (i, a) in list.iter().enumerate() {
                    match parse_arg(a) {
                        Ok(a) => args.push(a),
                        Err(e) => problems.push(format!("args[{i}]: {e}")),
                    }
                }
            }
            _ => problems.push("args: missing or not a list".into()),
        }
        let mut scalars = Vec::new();
        match top.get("scalars") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) => {
                for (i, s) in list.iter().enumerate() {
                    let n = s.get("name").and_then(Value::as_str);
                    let c = s.get("ctype").and_then(Value::as_str);
                    match (n, c) {
                        (Some(n), Some(c)) => scalars.push(KScalar {
                            name: n.into(),
                            default: s.get("default").filter(|d| !d.is_null()).cloned(),
                            ctype: c.into(),
                        }),
                        _ => problems.push(format!("scalars[{i}]: needs name and ctype strings")),
                    }
                }
            }
            Some(_) => problems.push("scalars: not a list".into()),
        }
        let mut grid = Vec::new();
        match top.get("grid") {
            Some(Value::Array(g)) => {
                for (i, x) in g.iter().enumerate() {
                    match int_field(Some(x), &format!("grid[{i}]")) {
                        Ok(n) => grid.push(n),
                        Err(e) => problems.push(e),
                    }
                }
            }
            _ => problems.push("grid: missing or not a list".into()),
        }
        let kernel_addr = match top.get("abi").and_then(|a| a.get("kernel_addr")) {
            Some(Value::Array(p)) if p.len() == 2 => {
                match (
                    int_field(p.first(), "abi.kernel_addr[0]"),
                    int_field(p.get(1), "abi.kernel_addr[1]"),
                ) {
                    (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
                    (Ok(_), Ok(_)) => {
                        problems.push("abi.kernel_addr: lo is above hi".into());
                        (0, 0)
                    }
                    (a, b) => {
                        problems.extend(a.err());
                        problems.extend(b.err());
                        (0, 0)
                    }
                }
            }
            _ => {
                problems.push("abi.kernel_addr: missing or not [lo, hi]".into());
                (0, 0)
            }
        };
        let t = top.get("target");
        let mut field = |k: &str| match int_field(t.and_then(|t| t.get(k)), &format!("target.{k}"))
        {
            Ok(n) => n,
            Err(e) => {
                problems.push(e);
                0
            }
        };
        let mut target = Target {
            spad_vaddr: field("spad_vaddr"),
            spad_paddr: field("spad_paddr"),
            dram_base: field("dram_base"),
            dram_size: field("dram_size"),
            spad_size: field("spad_size"),
            vector_lanes: 0,
            vlen_bits: 0,
        };
        let lanes = field("vector_lanes");
        let vlen = field("vlen_bits");
        target.vector_lanes = u32::try_from(lanes).unwrap_or(0);
        target.vlen_bits = u32::try_from(vlen).unwrap_or(0);
        if t.is_some() && target.vector_lanes == 0 {
            problems.push(format!("target.vector_lanes = {lanes}: must be 1 or more"));
        }
        if t.is_some() && target.spad_size == 0 {
            problems.push("target.spad_size: must be 1 or more bytes per lane".into());
        }
        let mut artifacts = Vec::new();
        match top.get("artifacts") {
            Some(Value::Object(m)) => {
                for (k, v) in m {
                    if let Value::String(s) = v {
                        artifacts.push((k.clone(), s.clone()));
                    }
                }
            }
            _ => problems.push("artifacts: missing or not an object".into()),
        }
        if !problems.is_empty() {
            return Err(format!("bad kernel object:\n  {}", problems.join("\n  ")));
        }
        Ok(KernelObject {
            dir: dir.to_path_buf(),
            name,
            args,
            scalars,
            grid,
            kernel_addr,
            target,
            artifacts,
        })
    }

    /// The path of artifact `kind` (relative to the directory in kernel.json).
    pub fn artifact(&self, kind: &str) -> Result<PathBuf, String> {
        let Some((_, rel)) = self
            .artifacts
            .iter()
            .find(|(k, v)| k == kind && !v.is_empty())
        else {
            let mut have: Vec<&str> = self.artifacts.iter().map(|(k, _)| k.as_str()).collect();
            have.sort();
            let have = if have.is_empty() {
                "none".to_string()
            } else {
                have.join(", ")
            };
            return Err(format!(
                "{}: the kernel object has no artifact '{kind}' (has: {have})",
                self.dir.join("kernel.json").display()
            ));
        };
        let p = self.dir.join(rel);
        if !p.exists() {
            return Err(format!(
                "{}: artifacts.{kind} names {}, which does not exist",
                self.dir.join("kernel.json").display(),
                p.display()
            ));
        }
        Ok(p)
    }

    /// Product of the grid's extents (an empty grid is one program).
    pub fn total(&self) -> u64 {
        self.grid.iter().product()
    }

    /// The scalar words of argv: `--scalar NAME=VALUE` values by name, else the
    /// defaults; floats (ctype float, double, _Float16) as Python's
    /// `repr(float(v))`, the rest as `str(int(v))`, as spike_run formats them.
    pub fn scalar_words(&self, given: &[(String, String)]) -> Result<Vec<String>, Vec<String>> {
        let mut problems = Vec::new();
        for (n, _) in given {
            if !self.scalars.iter().any(|s| &s.name == n) {
                let have: Vec<&str> = self.scalars.iter().map(|s| s.name.as_str()).collect();
                problems.push(format!(
                    "--scalar {n}: the kernel has no such scalar (has: {})",
                    if have.is_empty() {
                        "none".to_string()
                    } else {
                        have.join(", ")
                    }
                ));
            }
        }
        let mut out = Vec::new();
        for s in &self.scalars {
            let float = matches!(s.ctype.as_str(), "float" | "double" | "_Float16");
            let given = given
                .iter()
                .rev()
                .find(|(n, _)| n == &s.name)
                .map(|(_, v)| v);
            let word = match (given, &s.default) {
                (Some(v), _) => {
                    if float {
                        v.trim()
                            .parse::<f64>()
                            .map(py_float_repr)
                            .map_err(|_| format!("--scalar {}={v}: not a number", s.name))
                    } else {
                        py_int_text(v)
                            .ok_or_else(|| format!("--scalar {}={v}: not an integer", s.name))
                    }
                }
                (None, Some(d)) => json_scalar(d, float)
                    .ok_or_else(|| format!("scalar '{}': default {d} is not a number", s.name)),
                (None, None) => Err(format!(
                    "{}: no value for scalar '{}' (give --scalar {}=VALUE; kernel.json has no default)",
                    self.name, s.name, s.name
                )),
            };
            match word {
                Ok(w) => out.push(w),
                Err(e) => problems.push(e),
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(problems)
        }
    }
}

/// `str(int(v))` of a command-line value: Python's `int(str)` (decimal, sign,
/// underscores; no prefixes).
fn py_int_text(v: &str) -> Option<String> {
    let t = v.trim();
    let digits = t.trim_start_matches(['+', '-']);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit() || b == b'_') {
        return None;
    }
    if t.len() - digits.len() > 1 {
        return None;
    }
    py_int0(t).map(|n| n.to_string())
}

/// A JSON default as spike_run formats it.
fn json_scalar(d: &Value, float: bool) -> Option<String> {
    let f = match d {
        Value::Bool(b) => Some(if *b { 1.0 } else { 0.0 }),
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok(),
        _ => None,
    };
    if float {
        return f.map(py_float_repr);
    }
    match d {
        Value::Bool(b) => Some((*b as u8).to_string()),
        Value::Number(n) if n.is_i64() || n.is_u64() => Some(n.to_string()),
        // int(3.7) truncates toward zero.
        Value::Number(_) => f
            .filter(|f| f.is_finite())
            .map(|f| format!("{}", f.trunc() as i128)),
        Value::String(s) => py_int_text(s),
        _ => None,
    }
}

fn parse_arg(a: &Value) -> Result<KArg, String> {
    let name = a
        .get("name")
        .and_then(Value::as_str)
        .ok_or("needs a name")?
        .to_string();
    if name.is_empty() || name.contains('/') || name.starts_with('.') {
        return Err(format!(
            "{name:?}: an argument name must be a plain file stem"
        ));
    }
    let role = match a.get("role").and_then(Value::as_str) {
        Some("in") => Role::In,
        Some("out") => Role::Out,
        Some("inout") => Role::InOut,
        r => return Err(format!("{name}: role must be in, out or inout, not {r:?}")),
    };
    let dtype = a
        .get("dtype")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{name}: needs a dtype"))?
        .to_string();
    let size = itemsize(&dtype).ok_or_else(|| format!("{name}: unknown dtype '{dtype}'"))?;
    let shape: Option<Vec<u64>> = match a.get("shape") {
        Some(Value::Array(s)) => s.iter().map(Value::as_u64).collect(),
        None => None,
        Some(_) => return Err(format!("{name}: shape must be a list of sizes")),
    };
    let from_shape = shape.as_ref().map(|s| s.iter().product::<u64>());
    let numel = match (a.get("numel").and_then(Value::as_u64), from_shape) {
        (Some(n), Some(s)) if n != s => {
            return Err(format!(
                "{name}: numel {n} differs from the shape's product {s}"
            ));
        }
        (Some(n), _) => n,
        (None, Some(s)) => s,
        (None, None) => return Err(format!("{name}: needs shape or numel")),
    };
    Ok(KArg {
        name,
        role,
        dtype,
        bytes: numel
            .checked_mul(size)
            .ok_or_else(|| format!("numel {numel} is too large"))?,
        shape: shape.unwrap_or_else(|| vec![numel]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_number_spellings() {
        // int(v, 0)
        for (s, v) in [
            ("0x1000", 4096),
            ("0XD0000000", 0xD000_0000),
            ("4096", 4096),
            (" 12 ", 12),
            ("0o17", 15),
            ("0b101", 5),
            ("1_000", 1000),
            ("0x_ff", 255),
            ("0", 0),
            ("000", 0),
            ("-5", -5),
        ] {
            assert_eq!(py_int0(s), Some(v), "{s}");
        }
        for s in ["010", "0x", "1__0", "_1", "1_", "1.0", "", "abc", "0x1g"] {
            assert_eq!(py_int0(s), None, "{s}");
        }
        // repr(float(v)) as CPython prints it.
        for (v, s) in [
            (1.0, "1.0"),
            (0.5, "0.5"),
            (-2.25, "-2.25"),
            (0.1, "0.1"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (123456789.0, "123456789.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (3.0e100, "3e+100"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "inf"),
            (f64::NAN, "nan"),
            (0.3333333333333333, "0.3333333333333333"),
        ] {
            assert_eq!(py_float_repr(v), s, "{v}");
        }
        assert_eq!(py_int_text("42").as_deref(), Some("42"));
        assert_eq!(py_int_text("-7").as_deref(), Some("-7"));
        assert_eq!(py_int_text("0x10"), None);
        assert_eq!(
            json_scalar(&serde_json::json!(3.7), false).as_deref(),
            Some("3")
        );
        assert_eq!(
            json_scalar(&serde_json::json!(-3.7), false).as_deref(),
            Some("-3")
        );
        assert_eq!(
            json_scalar(&serde_json::json!(2), true).as_deref(),
            Some("2.0")
        );
        assert_eq!(
            json_scalar(&serde_json::json!(true), false).as_deref(),
            Some("1")
        );
    }
}
