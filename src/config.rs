//! The NPU machine configuration (lanes, vector length, scratchpad, kernel range)
//! and the two ways the flow states it: Spike's legacy flags and `machine.yml`.
//!
//! `machine.yml` is the machine description PyTorchSim writes (npu-isa.md §7.1) and
//! the vcix-accelerator model interface hands to a model (`vcix_config.get`). It is
//! read as YAML (`MachineDesc`): the top-level mapping of the first document, each
//! top-level scalar kept as written. The `vpu_*` keys also set the machine:
//! `vpu_num_lanes`, `vpu_spad_size_kb_per_lane`, `vpu_spad_base_vaddr` (hex, `0x…`;
//! absent means 0xD0000000, as the vcix Spike adapter and PyTorchSim assume) and
//! `vpu_vector_length_bits`. The cycle model reads its `tpu_*`/`timing_*` keys from
//! the same description.

use std::fmt;
use std::path::Path;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::TScalarStyle;

/// `--varch` settings: vector register length and maximum element width, in bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VArch {
    pub vlen: u32,
    pub elen: u32,
    /// Arithmetic instructions accept a non-zero vstart (Spike's default: no, they trap).
    pub vstart_alu: bool,
}

impl Default for VArch {
    fn default() -> Self {
        VArch {
            vlen: 128,
            elen: 64,
            vstart_alu: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VArchError(pub String);

impl fmt::Display for VArchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for VArchError {}

impl VArch {
    /// Parses Spike's `--varch` value, `vlen:V,elen:E[,vstartalu:0|1]` (keys in any
    /// order, missing keys keep the defaults VLEN=128, ELEN=64).
    pub fn parse(s: &str) -> Result<VArch, VArchError> {
        let err = |m: String| VArchError(format!("bad --varch '{s}': {m}"));
        let mut a = VArch::default();
        for part in s.to_ascii_lowercase().split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once(':')
                .ok_or_else(|| err(format!("'{part}' is not key:value")))?;
            let n: u32 = v
                .trim()
                .parse()
                .map_err(|_| err(format!("'{v}' is not a number")))?;
            match k.trim() {
                "vlen" => a.vlen = n,
                "elen" => a.elen = n,
                "vstartalu" if n <= 1 => a.vstart_alu = n == 1,
                "vstartalu" => return Err(err("vstartalu is 0 or 1".into())),
                other => {
                    return Err(err(format!(
                        "unknown key '{other}' (vlen, elen, vstartalu)"
                    )));
                }
            }
        }
        if !a.vlen.is_power_of_two() || !(64..=4096).contains(&a.vlen) {
            return Err(err(format!(
                "VLEN {} must be a power of two in 64..4096",
                a.vlen
            )));
        }
        if !a.elen.is_power_of_two() || !(32..=64).contains(&a.elen) {
            return Err(err(format!("ELEN {} must be 32 or 64", a.elen)));
        }
        if a.elen > a.vlen {
            return Err(err(format!(
                "ELEN {} is larger than VLEN {}",
                a.elen, a.vlen
            )));
        }
        Ok(a)
    }
}

/// The scratchpad window's virtual base when a machine description omits
/// `vpu_spad_base_vaddr` (the vcix Spike adapter's and PyTorchSim's value).
pub const DESC_SPAD_VADDR: u64 = 0xD000_0000;

/// The key `--base-path` reaches the description as.
pub const RUN_BASE_PATH: &str = "run_base_path";

/// A machine description: the top-level scalars of `machine.yml`, each as written
/// (quoting undone, no typing: `8`, `"8"` and `'8'` are all the text `8`, `010` stays
/// `010`, `"null"` is the text `null`, `""` is present and empty). YAML nulls (an
/// empty value, `~`, `null`), sequences and mappings are absent. Keys keep file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MachineDesc {
    entries: Vec<(String, String)>,
}

/// A node of the document as far as the description cares.
enum Node {
    /// A scalar's text, or `None` for a YAML null.
    Scalar(Option<String>),
    /// A sequence or a mapping (skipped whole).
    Collection,
}

impl MachineDesc {
    /// Reads the description in `path`; errors name the file.
    pub fn load(path: &Path) -> Result<MachineDesc, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read machine config: {e}", path.display()))?;
        MachineDesc::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a description from YAML text. An empty text (or one with only
    /// comments, or an empty first document) is an empty description; a first
    /// document whose top level is not a mapping is an error, and so is a key written
    /// twice.
    pub fn parse(text: &str) -> Result<MachineDesc, String> {
        let mut r = Reader {
            parser: Parser::new_from_str(text),
            anchors: Vec::new(),
        };
        let mut desc = MachineDesc::default();
        // StreamStart, then a document or the end of the stream.
        loop {
            match r.next()? {
                (Event::StreamStart, _) => continue,
                (Event::StreamEnd, _) => return Ok(desc),
                (Event::DocumentStart, _) => break,
                (e, line) => return Err(format!("line {line}: unexpected YAML event {e:?}")),
            }
        }
        let (first, line) = r.next()?;
        match first {
            Event::MappingStart(anchor, _) => {
                if anchor != 0 {
                    r.anchors.push((anchor, None));
                }
            }
            Event::Scalar(ref v, style, _, ref tag) if scalar_text(v, style, tag).is_none() => {
                return Ok(desc);
            }
            Event::DocumentEnd => return Ok(desc),
            Event::SequenceStart(..) => {
                return Err(format!(
                    "line {line}: the machine description must be a mapping (key: value), not a sequence"
                ));
            }
            _ => {
                return Err(format!(
                    "line {line}: the machine description must be a mapping (key: value)"
                ));
            }
        }
        loop {
            let (ev, line) = r.next()?;
            if matches!(ev, Event::MappingEnd) {
                break;
            }
            let key = r.node(ev)?;
            let (ev, _) = r.next()?;
            let value = r.node(ev)?;
            let (Node::Scalar(Some(key)), Node::Scalar(Some(value))) = (key, value) else {
                continue;
            };
            if desc.get(&key).is_some() {
                return Err(format!("line {line}: key '{key}' is written twice"));
            }
            desc.entries.push((key, value));
        }
        Ok(desc)
    }

    /// The value of `key` as written, or `None` when the key is absent (or null, a
    /// sequence or a mapping).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every present key with its value, in file order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.entries.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Number of present keys.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Sets `key` (replacing its value if present, else appending).
    pub fn set(&mut self, key: &str, value: &str) {
        match self.entries.iter_mut().find(|(k, _)| k == key) {
            Some(e) => e.1 = value.to_string(),
            None => self.entries.push((key.to_string(), value.to_string())),
        }
    }

    /// The entries as owned pairs (what `TimingParams::apply` takes).
    pub fn pairs(&self) -> &[(String, String)] {
        &self.entries
    }

    /// Removes `key` if present.
    pub fn remove(&mut self, key: &str) {
        self.entries.retain(|(k, _)| k != key);
    }
}

/// A scalar's text as written, or `None` for a YAML null: a plain `~`, `null`,
/// `Null`, `NULL` or nothing, or anything tagged `!!null`. A `!!str` tag keeps a
/// plain null word as text.
fn scalar_text(
    v: &str,
    style: TScalarStyle,
    tag: &Option<yaml_rust2::parser::Tag>,
) -> Option<String> {
    let core = |t: &yaml_rust2::parser::Tag, s: &str| {
        (t.handle == "tag:yaml.org,2002:" || t.handle == "!!") && t.suffix == s
    };
    if let Some(t) = tag {
        if core(t, "null") {
            return None;
        }
        if core(t, "str") {
            return Some(v.to_string());
        }
    }
    let null = matches!(v, "" | "~" | "null" | "Null" | "NULL");
    if style == TScalarStyle::Plain && null {
        None
    } else {
        Some(v.to_string())
    }
}

/// The event stream of one document, with the anchors of scalars seen so far (an
/// alias to a scalar is that scalar; to a collection, absent).
struct Reader<'a> {
    parser: Parser<std::str::Chars<'a>>,
    anchors: Vec<(usize, Option<String>)>,
}

impl Reader<'_> {
    /// The next event and its line (1-based).
    fn next(&mut self) -> Result<(Event, usize), String> {
        let (ev, mark) = self.parser.next_token().map_err(|e| {
            let m = e.marker();
            format!(
                "line {} column {}: not valid YAML: {}",
                m.line(),
                m.col(),
                e.info()
            )
        })?;
        Ok((ev, mark.line()))
    }

    /// Reads the node that starts with `ev` (a whole collection is skipped).
    fn node(&mut self, ev: Event) -> Result<Node, String> {
        match ev {
            Event::Scalar(v, style, anchor, tag) => {
                let text = scalar_text(&v, style, &tag);
                if anchor != 0 {
                    self.anchors.push((anchor, text.clone()));
                }
                Ok(Node::Scalar(text))
            }
            Event::Alias(id) => Ok(match self.anchors.iter().rev().find(|(a, _)| *a == id) {
                Some((_, text)) => Node::Scalar(text.clone()),
                None => Node::Collection,
            }),
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                if anchor != 0 {
                    self.anchors.push((anchor, None));
                }
                let mut depth = 1usize;
                while depth > 0 {
                    match self.next()?.0 {
                        Event::SequenceStart(a, _) | Event::MappingStart(a, _) => {
                            if a != 0 {
                                self.anchors.push((a, None));
                            }
                            depth += 1;
                        }
                        Event::SequenceEnd | Event::MappingEnd => depth -= 1,
                        Event::Scalar(v, style, a, tag) if a != 0 => {
                            self.anchors.push((a, scalar_text(&v, style, &tag)));
                        }
                        Event::StreamEnd => return Err("unexpected end of the YAML stream".into()),
                        _ => {}
                    }
                }
                Ok(Node::Collection)
            }
            e => Err(format!("unexpected YAML event {e:?}")),
        }
    }
}

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
    /// The machine description (`--machine-config`, plus `run_base_path` from
    /// `--base-path`): every top-level scalar as written, the `vpu_*` keys included.
    /// A loaded accelerator model gets it as its `vcix_config`; the cycle model reads
    /// its `tpu_*`/`timing_*` keys from it. Empty without a description.
    pub desc: MachineDesc,
    /// The accelerator model library: Spike-style `--extlib=`, `run --extlib`,
    /// gem5's `--model`, `sample --model` (loaded by `accel::ModelSource::for_machine`;
    /// None: the built-in units).
    pub extlib: Option<std::path::PathBuf>,
    /// `--xlu-lenient`: short XLU pattern rows fall back to the identity (SJ) instead
    /// of ending the run with exit 201 (VX).
    pub xlu_lenient: bool,
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
            desc: MachineDesc::default(),
            extlib: None,
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
    /// Reads the machine description `path` (`--machine-config`) and applies it on
    /// top of `self`: its `vpu_*` keys set the machine (an absent
    /// `vpu_spad_base_vaddr` means 0xD0000000) and it becomes `self.desc`. Errors
    /// name the file.
    pub fn apply_machine_yml(&mut self, path: &Path) -> Result<(), String> {
        let desc = MachineDesc::load(path)?;
        self.apply_desc(desc)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// `apply_machine_yml` on text (errors name the key, not the file).
    pub fn apply_machine_yml_text(&mut self, text: &str) -> Result<(), String> {
        self.apply_desc(MachineDesc::parse(text)?)
    }

    /// Applies a machine description: see `apply_machine_yml`.
    pub fn apply_desc(&mut self, desc: MachineDesc) -> Result<(), String> {
        self.spad_vaddr = DESC_SPAD_VADDR;
        for (key, value) in desc.iter() {
            self.apply_vpu_key(key, value)?;
        }
        self.desc = desc;
        Ok(())
    }

    /// Adds the keys of a further file (sample's `--timing`): they replace equal
    /// keys of the description; `vpu_*` keys among them set the machine too.
    pub fn merge_desc(&mut self, more: &MachineDesc) -> Result<(), String> {
        for (key, value) in more.iter() {
            self.apply_vpu_key(key, value)?;
            self.desc.set(key, value);
        }
        Ok(())
    }

    /// `--base-path DIR` reaches the description as `run_base_path`; a description
    /// that already has that key is refused (the error names `file`, where it came
    /// from).
    pub fn set_run_base_path(&mut self, dir: &Path, file: Option<&Path>) -> Result<(), String> {
        if self.desc.get(RUN_BASE_PATH).is_some() {
            let file = file.map_or("the machine description".to_string(), |f| {
                f.display().to_string()
            });
            return Err(format!(
                "{file}: has key '{RUN_BASE_PATH}', which --base-path sets; remove one of them"
            ));
        }
        self.desc.set(RUN_BASE_PATH, &dir.to_string_lossy());
        Ok(())
    }

    /// The machine meaning of one description key (other keys mean nothing here).
    fn apply_vpu_key(&mut self, key: &str, value: &str) -> Result<(), String> {
        let err = |m: &str| format!("{key}: {m}, got '{value}'");
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
                self.spad_vaddr = u64::from_str_radix(h, 16).map_err(|_| err("bad hex number"))?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Bytes of the whole scratchpad window (`L·B`).
    pub fn spad_bytes(&self) -> u64 {
        self.lanes as u64 * self.spad_size
    }

    /// The description a loaded model receives (`vcix_config`), in every mode: the
    /// description's keys as written, with the machine npu-spike simulates stated in
    /// the `vpu_*` keys. Wherever the lanes, VLEN or scratchpad came from (a flag, a
    /// kernel object's `target`, machine.yml; docs/accel.md gives the precedence), the
    /// model sees the same machine the hart runs: a key that already says the machine's
    /// value keeps its text; one that is absent or says otherwise is (re)written. A
    /// scratchpad that is not whole KiB per lane has no `vpu_spad_size_kb_per_lane`.
    pub fn model_desc(&self) -> MachineDesc {
        let mut d = self.desc.clone();
        let kb = self
            .spad_size
            .is_multiple_of(1024)
            .then(|| (self.spad_size / 1024).to_string());
        let stated = [
            ("vpu_num_lanes", Some(self.lanes.to_string())),
            ("vpu_vector_length_bits", Some(self.varch.vlen.to_string())),
            ("vpu_spad_size_kb_per_lane", kb),
            (
                "vpu_spad_base_vaddr",
                Some(format!("{:#x}", self.spad_vaddr)),
            ),
        ];
        for (key, value) in stated {
            let Some(value) = value else {
                d.remove(key);
                continue;
            };
            if !self.key_says(key, d.get(key)) {
                d.set(key, &value);
            }
        }
        d
    }

    /// Whether `text`, as the value of the `vpu_*` key `key`, means this machine's value.
    fn key_says(&self, key: &str, text: Option<&str>) -> bool {
        let Some(text) = text else { return false };
        let mut m = MachineConfig {
            varch: self.varch,
            ..MachineConfig::default()
        };
        if m.apply_vpu_key(key, text).is_err() {
            return false;
        }
        match key {
            "vpu_num_lanes" => m.lanes == self.lanes,
            "vpu_vector_length_bits" => m.varch.vlen == self.varch.vlen,
            "vpu_spad_size_kb_per_lane" => m.spad_size == self.spad_size,
            _ => m.spad_vaddr == self.spad_vaddr,
        }
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
        let keys: Vec<(&str, &str)> = m.desc.iter().collect();
        assert_eq!(
            keys,
            [
                ("vpu_num_lanes", "128"),
                ("vpu_spad_size_kb_per_lane", "64"),
                ("vpu_spad_base_vaddr", "0xd0000000"),
                ("vpu_vector_length_bits", "256"),
                ("tpu_sfu_latency_cycles", "10"),
            ]
        );
        assert_eq!(m.spad_bytes(), 128 * 65536);
        for (bad, names) in [
            ("vpu_num_lanes: 012", "vpu_num_lanes"),
            ("vpu_num_lanes: 0x10", "vpu_num_lanes"),
            ("vpu_num_lanes: \"0\"", "vpu_num_lanes"),
            ("vpu_spad_base_vaddr: 3489660928", "vpu_spad_base_vaddr"),
            ("vpu_vector_length_bits: 300", "vpu_vector_length_bits"),
            ("just words", "mapping"),
            ("- plain: 8\n", "mapping"),
            ("a: 1\na: 2\n", "'a' is written twice"),
            ("a: [1, 2\n", "not valid YAML"),
        ] {
            let e = MachineConfig::default()
                .apply_machine_yml_text(bad)
                .unwrap_err();
            assert!(e.contains(names), "{bad}: {e}");
        }
    }

    /// vcix-accelerator's tests/config/values.yml and the values its shows_config
    /// model must be handed (tests/config/values.expected).
    #[test]
    fn description_values_as_the_reference_hands_them() {
        let d = MachineDesc::parse(
            "# comment\nplain: 8\nquoted: \"8\"\nempty:\ntilde: ~\nnull_word: null\n\
             quoted_empty: \"\"\nquoted_null: \"null\"\nquoted_tilde: '~'\n\
             leading_zero: 010\nspaced: 8 cycles\nnested: {a: 1}\nlisted: [1, 2]\n",
        )
        .unwrap();
        let want = [
            ("plain", Some("8")),
            ("quoted", Some("8")),
            ("empty", None),
            ("tilde", None),
            ("null_word", None),
            ("quoted_empty", Some("")),
            ("quoted_null", Some("null")),
            ("quoted_tilde", Some("~")),
            ("leading_zero", Some("010")),
            ("spaced", Some("8 cycles")),
            ("nested", None),
            ("listed", None),
            ("not_in_the_file", None),
        ];
        for (k, v) in want {
            assert_eq!(d.get(k), v, "{k}");
        }
        assert_eq!(d.len(), 7);
        // tests/contract/two_documents.yml: only the first document counts.
        let d = MachineDesc::parse(
            "# Two documents: the description is the first.\n---\nplain: 8\n---\nplain: 9\nquoted: \"9\"\n",
        )
        .unwrap();
        assert_eq!(
            (d.get("plain"), d.get("quoted"), d.len()),
            (Some("8"), None, 1)
        );
        // tests/config/empty.yml (only a comment), an empty file, an empty document.
        for empty in [
            "# No document at all: an empty description.\n",
            "",
            "---\n",
            "--- ~\n",
        ] {
            assert!(MachineDesc::parse(empty).unwrap().is_empty(), "{empty:?}");
        }
        // tests/config/not_a_mapping.yml.
        let e = MachineDesc::parse(
            "# Not a machine description: the top level is a sequence.\n- plain: 8\n",
        )
        .unwrap_err();
        assert!(e.contains("line 2") && e.contains("mapping"), "{e}");
        // Nested sections and block scalars elsewhere in the file; aliases to scalars.
        let d = MachineDesc::parse(
            "tpu:\n  sfu: 10\n  list:\n    - 1\nlanes: &l 4\ncopy: *l\n\
             text: |\n  two\n  lines\nforced: !!str null\nnone: !!null x\n",
        )
        .unwrap();
        let all: Vec<(&str, &str)> = d.iter().collect();
        assert_eq!(
            all,
            [
                ("lanes", "4"),
                ("copy", "4"),
                ("text", "two\nlines\n"),
                ("forced", "null")
            ]
        );
    }

    #[test]
    fn description_defaults_and_run_base_path() {
        let dir = std::env::temp_dir().join(format!("npu-spike-desc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let yml = dir.join("machine.yml");
        // The reference model's functional tests' machine.yml: no scratchpad base,
        // so the window starts at 0xD0000000 (not the flag default 0xA000000).
        std::fs::write(
            &yml,
            "vpu_num_lanes: 4\nvpu_spad_size_kb_per_lane: 512\nvpu_vector_length_bits: 256\n",
        )
        .unwrap();
        let mut m = MachineConfig::default();
        assert_eq!(m.spad_vaddr, 0x0A00_0000);
        m.apply_machine_yml(&yml).unwrap();
        assert_eq!(
            (m.lanes, m.spad_size, m.spad_vaddr),
            (4, 512 << 10, 0xD000_0000)
        );
        m.set_run_base_path(Path::new("/rt"), Some(&yml)).unwrap();
        assert_eq!(m.desc.get("run_base_path"), Some("/rt"));
        std::fs::write(&yml, "run_base_path: /elsewhere\n").unwrap();
        let mut m = MachineConfig::default();
        m.apply_machine_yml(&yml).unwrap();
        let e = m
            .set_run_base_path(Path::new("/rt"), Some(&yml))
            .unwrap_err();
        assert!(
            e.contains("machine.yml") && e.contains("run_base_path"),
            "{e}"
        );
        std::fs::write(&yml, "[1, 2]\n").unwrap();
        let e = MachineConfig::default()
            .apply_machine_yml(&yml)
            .unwrap_err();
        assert!(e.starts_with(&yml.display().to_string()), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
