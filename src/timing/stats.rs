//! Statistics: monotonic counters, the windows the m5 markers cut out of them, and
//! the three outputs of `npu-spike sample` (`trace_cycles.tsv`, a gem5-style
//! `stats.txt`, a JSON summary).

use crate::machine::accel::{StatEntry, StatKind};
use serde::Serialize;

macro_rules! stats {
    ($($name:ident = $key:literal, $desc:literal;)*) => {
        /// One counter of the cycle model.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(usize)]
        pub enum Stat { $($name),* }

        /// gem5-style names (after `system.cpu.`) and descriptions, by `Stat`.
        pub const STAT_INFO: &[(&str, &str)] = &[$(($key, $desc)),*];
    };
}

stats! {
    Insts = "committedInsts", "Number of instructions committed (Count)";
    Ops = "committedOps", "Number of micro-ops issued; vector instructions split per register (Count)";
    Loads = "numLoads", "Memory reads, one per access (Count)";
    Stores = "numStores", "Memory writes, one per access (Count)";
    MemBytes = "memBytes", "Bytes moved between the core and memory (Byte)";
    Branches = "branchPred.lookups", "Control transfers predicted (Count)";
    Mispredicts = "branchPred.mispredicted", "Control transfers mispredicted (Count)";
    IntAluOps = "fu.intAlu", "Micro-ops issued to the integer ALUs (Count)";
    IntMulOps = "fu.intMul", "Micro-ops issued to the integer multipliers (Count)";
    IntDivOps = "fu.intDiv", "Micro-ops issued to the integer dividers (Count)";
    FpOps = "fu.float", "Micro-ops issued to the FP units (Count)";
    MemOps = "fu.mem", "Micro-ops issued to the scalar memory units (Count)";
    MiscOps = "fu.misc", "Micro-ops issued to the scalar misc units (CSR, system) (Count)";
    VecConfigOps = "fu.vecConfig", "Micro-ops issued to the vector config units (Count)";
    VecMiscOps = "fu.vecMisc", "Micro-ops issued to the vector misc units (Count)";
    VecMemOps = "fu.vecMem", "Micro-ops issued to the vector load/store units (Count)";
    VecAluOps = "fu.vecAlu", "Micro-ops issued to the vector ALUs (Count)";
    IcacheMisses = "icache.overallMisses::total", "Instruction line fetches that missed the I-cache (Count)";
}

pub const NSTATS: usize = STAT_INFO.len();

pub type Counters = [u64; NSTATS];

/// One statistics dump: a window of the run.
#[derive(Clone, Debug)]
pub struct Dump {
    pub cycles: u64,
    pub counters: Counters,
    /// The dump gem5 appends when the run ends (PyTorchSim drops it).
    pub final_dump: bool,
    /// The accelerator model's statistics for the window, one per entry of its table.
    pub vcix: Vec<u64>,
}

impl Dump {
    pub fn get(&self, s: Stat) -> u64 {
        self.counters[s as usize]
    }
}

pub fn stats_txt(dumps: &[Dump], vcix: &[StatEntry]) -> String {
    let mut s = String::new();
    let line = |s: &mut String, name: &str, value: String, desc: &str| {
        s.push_str(&format!("{name:<50} {value:>16}  # {desc}\n"));
    };
    for d in dumps {
        s.push_str("\n---------- Begin Simulation Statistics ----------\n");
        // 1 GHz: one cycle is 1 ns, 1000 ticks.
        line(
            &mut s,
            "simSeconds",
            format!("{:.9}", d.cycles as f64 * 1e-9),
            "Number of seconds simulated (Second)",
        );
        line(
            &mut s,
            "simTicks",
            (d.cycles * 1000).to_string(),
            "Number of ticks simulated (Tick)",
        );
        line(
            &mut s,
            "simInsts",
            d.get(Stat::Insts).to_string(),
            "Number of instructions simulated (Count)",
        );
        line(
            &mut s,
            "system.clk_domain.clock",
            "1000".into(),
            "Clock period in ticks (Tick)",
        );
        line(
            &mut s,
            "system.cpu.numCycles",
            d.cycles.to_string(),
            "Number of cpu cycles simulated (Cycle)",
        );
        for (i, (key, desc)) in STAT_INFO.iter().enumerate() {
            line(
                &mut s,
                &format!("system.cpu.{key}"),
                d.counters[i].to_string(),
                desc,
            );
        }
        for (name, value, desc) in vcix_lines(vcix, &d.vcix) {
            line(&mut s, &format!("system.cpu.{name}"), value, &desc);
        }
        s.push_str("\n---------- End Simulation Statistics   ----------\n");
    }
    s
}

/// `overlap_offset` of each tile from the compiler's `tile_types.json`: `None` for
/// a null offset. Accepted shapes: a list of objects with `overlap_offset`, a list of
/// numbers/nulls, or an object keyed by tile id whose values are either.
pub fn parse_tile_types(text: &str) -> Result<Vec<Option<u64>>, String> {
    let v: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let offset = |x: &serde_json::Value| -> Result<Option<u64>, String> {
        let x = match x {
            serde_json::Value::Object(m) => m
                .get("overlap_offset")
                .ok_or("a tile entry has no \"overlap_offset\"")?,
            other => other,
        };
        match x {
            serde_json::Value::Null => Ok(None),
            serde_json::Value::Number(n) => n
                .as_u64()
                .map(Some)
                .or_else(|| n.as_f64().filter(|f| *f >= 0.0).map(|f| Some(f as u64)))
                .ok_or_else(|| format!("overlap_offset {n} is not a non-negative number")),
            other => Err(format!("overlap_offset {other} is not a number or null")),
        }
    };
    match &v {
        serde_json::Value::Array(a) => a.iter().map(offset).collect(),
        serde_json::Value::Object(m) => {
            let mut entries: Vec<(u64, &serde_json::Value)> = m
                .iter()
                .map(|(k, x)| {
                    k.parse::<u64>()
                        .map(|id| (id, x))
                        .map_err(|_| format!("tile id '{k}' is not a number"))
                })
                .collect::<Result<_, _>>()?;
            entries.sort_by_key(|e| e.0);
            entries.iter().map(|(_, x)| offset(x)).collect()
        }
        _ => Err("expected a list of tiles or an object keyed by tile id".into()),
    }
}

/// `trace_cycles.tsv` (npu-isa.md §5.3): `cycle<TAB>overlapping` per marker dump.
pub fn trace_cycles_tsv(
    dumps: &[Dump],
    tile_types: Option<&[Option<u64>]>,
) -> Result<String, String> {
    let samples: Vec<&Dump> = dumps.iter().filter(|d| !d.final_dump).collect();
    if let Some(t) = tile_types
        && t.len() != samples.len()
    {
        return Err(format!(
            "a marker fired a different number of times ({}) than there are tiles ({})",
            samples.len(),
            t.len()
        ));
    }
    let mut s = String::new();
    for (i, d) in samples.iter().enumerate() {
        let overlap = match tile_types.and_then(|t| t[i]) {
            Some(off) => d.cycles.saturating_sub(off),
            None => 0,
        };
        s.push_str(&format!("{}\t{}\n", d.cycles, overlap));
    }
    Ok(s)
}

#[derive(Serialize)]
pub struct WindowSummary {
    pub index: usize,
    pub final_dump: bool,
    pub cycles: u64,
    pub instructions: u64,
    pub micro_ops: u64,
    pub counters: serde_json::Map<String, serde_json::Value>,
    /// Issued micro-ops per unit and cycle, over the unit's instances.
    pub occupancy: serde_json::Map<String, serde_json::Value>,
    /// The accelerator model's statistics, named as in stats.txt (after `system.cpu.`).
    pub vcix: serde_json::Map<String, serde_json::Value>,
}

/// Per-window summary for the JSON output; `units` gives each pool's instance count.
pub fn summarize(dumps: &[Dump], units: &[(Stat, u32)], vcix: &[StatEntry]) -> Vec<WindowSummary> {
    dumps
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let mut counters = serde_json::Map::new();
            for (k, (key, _)) in STAT_INFO.iter().enumerate() {
                counters.insert((*key).into(), d.counters[k].into());
            }
            let mut occupancy = serde_json::Map::new();
            for &(stat, n) in units {
                let occ = if d.cycles == 0 {
                    0.0
                } else {
                    d.get(stat) as f64 / (n as f64 * d.cycles as f64)
                };
                let key = STAT_INFO[stat as usize].0.trim_start_matches("fu.");
                occupancy.insert(key.to_string(), serde_json::json!(occ));
            }
            let mut accel = serde_json::Map::new();
            for (name, value, _) in vcix_lines(vcix, &d.vcix) {
                let v = value
                    .parse::<u64>()
                    .map(serde_json::Value::from)
                    .or_else(|_| value.parse::<f64>().map(|f| serde_json::json!(f)))
                    .unwrap_or(serde_json::Value::String(value));
                accel.insert(name, v);
            }
            WindowSummary {
                index: i,
                final_dump: d.final_dump,
                cycles: d.cycles,
                instructions: d.get(Stat::Insts),
                micro_ops: d.get(Stat::Ops),
                counters,
                occupancy,
                vcix: accel,
            }
        })
        .collect()
}

/// `[A-Za-z0-9_]` kept, anything else `_` (a stat name's part).
fn stat_part(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A ratio as gem5 prints it.
fn ratio(num: u64, den: u64) -> String {
    if den == 0 {
        "0.000000".into()
    } else {
        format!("{:.6}", num as f64 / den as f64)
    }
}

/// The lines of the accelerator model's statistics for one window, as
/// (name after `system.cpu.`, value, description): per port (the entries of one unit
/// and name) `vcix.<unit>.<port>.admitted|capacity|cycles|occupancy|utilization|primary`;
/// for the port that is its unit's utilisation also `vcix.<unit>.admitted|capacity|
/// cycles|occupancy|utilized_cycles|utilization`; a plain count as `vcix.<unit>.<name>`
/// (`vcix.committed.<encoding>`).
pub fn vcix_lines(entries: &[StatEntry], values: &[u64]) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut ports: Vec<(String, String)> = Vec::new();
    for (e, &v) in entries.iter().zip(values) {
        let (unit, name) = (stat_part(&e.unit), stat_part(&e.name));
        if e.kind == StatKind::Count {
            out.push((
                format!("vcix.{unit}.{name}"),
                v.to_string(),
                format!("{} {} ({})", e.unit, e.name, e.unit_of_work),
            ));
        } else if !ports.contains(&(unit.clone(), name.clone())) {
            ports.push((unit, name));
        }
    }
    for (unit, name) in &ports {
        let get = |kind: StatKind| -> (u64, bool, String) {
            entries
                .iter()
                .zip(values)
                .find(|(e, _)| {
                    e.kind == kind && stat_part(&e.unit) == *unit && stat_part(&e.name) == *name
                })
                .map_or((0, false, String::new()), |(e, &v)| {
                    (v, e.primary, e.unit_of_work.clone())
                })
        };
        let (admitted, primary, work) = get(StatKind::Admitted);
        let (capacity, p2, _) = get(StatKind::Capacity);
        let (cycles, p3, _) = get(StatKind::Cycles);
        let (occupancy, p4, _) = get(StatKind::Occupancy);
        let primary = primary || p2 || p3 || p4;
        let utilization = ratio(admitted, capacity.saturating_mul(cycles));
        let port = format!("vcix.{unit}.{name}");
        let rows = [
            ("admitted", admitted.to_string(), format!("{work} let in")),
            (
                "capacity",
                capacity.to_string(),
                format!("{work} the port can let in per cycle"),
            ),
            (
                "cycles",
                cycles.to_string(),
                "Cycles the model was ticked (Cycle)".into(),
            ),
            (
                "occupancy",
                occupancy.to_string(),
                format!("{work} held, summed over the cycles"),
            ),
            (
                "utilization",
                utilization.clone(),
                "admitted / (capacity x cycles) (Ratio)".into(),
            ),
            (
                "primary",
                (primary as u8).to_string(),
                "1: the port is its unit's utilization".into(),
            ),
        ];
        for (k, v, d) in &rows {
            out.push((format!("{port}.{k}"), v.clone(), d.clone()));
        }
        if primary {
            let u = format!("vcix.{unit}");
            let utilized = if capacity == 0 {
                "0".to_string()
            } else if admitted % capacity == 0 {
                (admitted / capacity).to_string()
            } else {
                format!("{:.6}", admitted as f64 / capacity as f64)
            };
            for (k, v, d) in rows.iter().take(4) {
                out.push((format!("{u}.{k}"), v.clone(), d.clone()));
            }
            out.push((
                format!("{u}.utilized_cycles"),
                utilized,
                "admitted / capacity: cycles' worth of full use (Cycle)".into(),
            ));
            out.push((
                format!("{u}.utilization"),
                utilization,
                "the primary port's utilization (Ratio)".into(),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(cycles: u64, final_dump: bool) -> Dump {
        Dump {
            cycles,
            counters: [0; NSTATS],
            final_dump,
            vcix: Vec::new(),
        }
    }

    #[test]
    fn tsv_applies_overlap_offsets_and_drops_the_final_dump() {
        let dumps = [dump(100, false), dump(30, false), dump(7, true)];
        let tiles =
            parse_tile_types(r#"[{"overlap_offset": null}, {"overlap_offset": 40}]"#).unwrap();
        assert_eq!(
            trace_cycles_tsv(&dumps, Some(&tiles)).unwrap(),
            "100\t0\n30\t0\n"
        );
        let tiles = parse_tile_types(r#"{"1": 10, "0": 60}"#).unwrap();
        assert_eq!(
            trace_cycles_tsv(&dumps, Some(&tiles)).unwrap(),
            "100\t40\n30\t20\n"
        );
        let e = trace_cycles_tsv(&dumps, Some(&[None])).unwrap_err();
        assert!(e.contains("different number"), "{e}");
        assert!(parse_tile_types(r#"[{"x": 1}]"#).is_err());
    }

    #[test]
    fn stats_txt_has_one_num_cycles_line_per_dump() {
        let text = stats_txt(&[dump(12, false), dump(0, false), dump(99, true)], &[]);
        let values: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("system.cpu.numCycles"))
            .map(|l| l.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(values, ["12", "0", "99"]);
    }
}
