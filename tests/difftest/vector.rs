//! `--vector` mode: random RVV 1.0 + Zvfh programs (vprogen.rs), run under
//! qemu-riscv64 and the simulator for each VLEN, whole-state dumps compared
//! byte for byte; a divergence is bisected to the first item whose effect
//! differs and reported with its disassembly, vtype/vl, the source operands
//! before it and the first differing registers/elements after it.
//! Known qemu 7.2 vs Spike differences: docs/rvv-difftest.md.

use crate::vprogen::{self, VDump, VProgram};
use crate::{Mode, Opts, RunOut, find_in_path, resolve_sim, run_cmd, write_exec};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// qemu -cpu for a VLEN (override with --qemu-cpu, `{V}` is replaced by VLEN)
pub const QEMU_VCPU: &str = "rv64,v=true,vext_spec=v1.0,vlen={V},elen=64,Zfh=true";
/// simulator arguments (override with --sim-args, `{V}` is replaced by VLEN)
pub const SIM_VARGS: &str = "--isa=rv64gcv_zfh --varch=vlen:{V},elen:64";

struct VHarness<'a> {
    o: &'a Opts,
    work: PathBuf,
    fail_dir: PathBuf,
    qemu: String,
    qemu_cpu: String,
    sim: String,
    sim_args: String,
}

fn subst(s: &str, vlen: u32) -> Vec<String> {
    s.replace("{V}", &vlen.to_string())
        .split_whitespace()
        .map(String::from)
        .collect()
}

impl VHarness<'_> {
    fn qemu_cmd(&self, vlen: u32) -> Vec<String> {
        if let Some(a) = &self.o.ref_args {
            return subst(a, vlen);
        }
        let mut v = vec!["-cpu".to_string()];
        v.extend(subst(&self.qemu_cpu, vlen));
        v
    }
    fn sim_cmd(&self, vlen: u32) -> Vec<String> {
        subst(&self.sim_args, vlen)
    }

    fn write_elf(&self, p: &VProgram, n: usize, dir: &Path, tag: &str) -> PathBuf {
        let path = dir.join(format!("v{}-seed{}{}.elf", p.vlen, p.seed, tag));
        write_exec(&path, &p.elf(n));
        path
    }

    fn run(&self, prog: &str, args: &[String], elf: &Path) -> RunOut {
        let mut a = args.to_vec();
        a.push(elf.to_string_lossy().into_owned());
        run_cmd(prog, &a, self.o.timeout)
    }

    fn run_both(&self, p: &VProgram, n: usize) -> (RunOut, RunOut) {
        let path = self.write_elf(p, n, &self.work, &format!("-p{n}"));
        let (qa, sa) = (self.qemu_cmd(p.vlen), self.sim_cmd(p.vlen));
        let (q, s) = std::thread::scope(|sc| {
            let hq = sc.spawn(|| self.run(&self.qemu, &qa, &path));
            let hs = sc.spawn(|| self.run(&self.sim, &sa, &path));
            (hq.join().unwrap(), hs.join().unwrap())
        });
        let _ = std::fs::remove_file(&path);
        (q, s)
    }

    fn save(&self, p: &VProgram, n: usize, tag: &str) -> PathBuf {
        let _ = std::fs::create_dir_all(&self.fail_dir);
        let path = self.write_elf(p, n, &self.fail_dir, tag);
        let _ = std::fs::write(path.with_extension("S"), listing_text(p, n));
        path
    }

    fn diff_seed(&self, seed: u64, vlen: u32) -> (bool, usize) {
        let p = VProgram::generate(seed, vlen, self.o.len, &self.o.vcfg);
        let full = p.body.len();
        let ninsn = p.body_insn_count(full);
        let (q, s) = self.run_both(&p, full);
        if !clean(&q, &p) {
            let path = self.save(&p, full, "");
            println!(
                "vlen {vlen} seed {seed}: QEMU FAILED ({}, {} bytes out) — generator or qemu problem; saved {}",
                q.status,
                q.stdout.len(),
                path.display()
            );
            if !q.stderr.is_empty() {
                println!("    qemu stderr: {}", q.stderr_head());
            }
            return (false, 0);
        }
        if q.same(&s) {
            println!("vlen {vlen} seed {seed}: ok ({ninsn} instructions)");
            return (true, ninsn);
        }
        let path = self.save(&p, full, "");
        println!(
            "vlen {vlen} seed {seed}: MISMATCH ({ninsn} instructions); saved {}",
            path.display()
        );
        first_log_diff(&p, &q, &s);
        if self.o.verbose {
            describe(&p, &q, &s, p.body.last().map(|i| i.vt.sew).unwrap_or(8));
        }
        let k = self.bisect(&p);
        (false, k)
    }

    fn bisect(&self, p: &VProgram) -> usize {
        let full = p.body.len();
        let (q0, s0) = self.run_both(p, 0);
        if !q0.same(&s0) {
            println!("  diverges already with an empty body (prologue/epilogue only):");
            describe(p, &q0, &s0, 8);
            let path = self.save(p, 0, "-p0");
            println!("  minimal ELF: {}", path.display());
            return 0;
        }
        let (mut lo, mut hi) = (0usize, full);
        let mut lo_out = q0;
        let mut hi_outs: Option<(RunOut, RunOut)> = None;
        let mut runs = 1;
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            let (q, s) = self.run_both(p, mid);
            runs += 1;
            if q.same(&s) {
                lo = mid;
                lo_out = q;
            } else {
                hi = mid;
                hi_outs = Some((q, s));
            }
        }
        let (qh, sh) = match hi_outs {
            Some(x) => x,
            None => self.run_both(p, hi),
        };
        let k = hi - 1;
        let item = &p.body[k];
        println!(
            "  bisect ({runs} runs): first diverging item #{k} (body instruction #{}, kind {:?}), vtype {} vl {} (VLEN {}):",
            p.body_insn_count(k),
            item.kind,
            item.vt.text(),
            item.vl,
            p.vlen
        );
        let mut pc = p.item_addr(k);
        for i in &item.insns {
            println!("    {pc:#010x}: {:>8}  {}", i.hex(), i.text());
            pc += i.len as u64;
        }
        if let Some(before) = VDump::parse(&lo_out.stdout, p) {
            let main = item.insns.last().unwrap();
            println!("  operands before it (both agree):");
            for line in operand_values(&before, p, &main.ops, item.vt.sew, item.vl) {
                println!("    {line}");
            }
        }
        describe(p, &qh, &sh, item.vt.sew);
        let path = self.save(p, hi, &format!("-p{hi}"));
        println!(
            "  minimal prefix ELF (body cut after the diverging item): {}",
            path.display()
        );
        p.body_insn_count(k)
    }

    /// Trap mode: a legal prefix then one illegal vector instruction; the
    /// reference must die and the simulator must report an illegal-instruction
    /// trap at that instruction's pc.
    fn trap_seed(&self, seed: u64, vlen: u32) -> (bool, usize) {
        let p = VProgram::generate(seed, vlen, self.o.len, &self.o.vcfg);
        let full = p.body.len();
        let k = full - 1;
        let item = &p.body[k];
        let last = item.insns.last().unwrap();
        let pc = p.item_addr(k)
            + item.insns[..item.insns.len() - 1]
                .iter()
                .map(|i| i.len as u64)
                .sum::<u64>();
        let what = p.trap.unwrap_or("?");
        let (q, s) = if self.o.mode == Mode::QemuOnly {
            let path = self.write_elf(&p, full, &self.work, "");
            let q = self.run(&self.qemu, &self.qemu_cmd(vlen), &path);
            let _ = std::fs::remove_file(&path);
            (q, None)
        } else {
            let (q, s) = self.run_both(&p, full);
            (q, Some(s))
        };
        // qemu: SIGILL, no output; Spike+pk: exit 255 with a register dump
        // naming the pc on stdout
        let qout = String::from_utf8_lossy(&q.stdout);
        let ref_trapped = q.status != "exit 0"
            && q.stdout.len() != p.out_len()
            && (!qout.contains("pc ") || qout.contains(&format!("pc {pc:016x}")));
        let sim_ok = s.as_ref().map(|s| {
            let err = String::from_utf8_lossy(&s.stderr);
            s.status != "exit 0"
                && err.contains("illegal instruction")
                && err.contains(&format!("pc {pc:#x}"))
        });
        let ok = ref_trapped && sim_ok.unwrap_or(true);
        if ok {
            println!(
                "vlen {vlen} seed {seed}: ok, trapped at {pc:#x} `{}` ({what})",
                last.text()
            );
            return (true, p.body_insn_count(full));
        }
        let path = self.save(&p, full, "-trap");
        if !ref_trapped {
            println!(
                "vlen {vlen} seed {seed}: REFERENCE DID NOT TRAP at {pc:#x} `{}` ({what}; {}) — catalogue problem; saved {}",
                last.text(),
                q.status,
                path.display()
            );
        }
        if let (Some(false), Some(s)) = (sim_ok, &s) {
            println!(
                "vlen {vlen} seed {seed}: SIM DID NOT TRAP at {pc:#x} `{}` ({what}), vtype {} vl {}: sim {}; saved {}",
                last.text(),
                item.vt.text(),
                item.vl,
                s.status,
                path.display()
            );
            if !s.stderr.is_empty() {
                println!("    sim stderr: {}", s.stderr_head());
            }
        }
        (false, 0)
    }

    fn qemu_only_seed(&self, seed: u64, vlen: u32) -> (bool, usize) {
        let p = VProgram::generate(seed, vlen, self.o.len, &self.o.vcfg);
        let full = p.body.len();
        let path = self.write_elf(&p, full, &self.work, "");
        let q = self.run(&self.qemu, &self.qemu_cmd(vlen), &path);
        let _ = std::fs::remove_file(&path);
        let ok = clean(&q, &p)
            && VDump::parse(&q.stdout, &p)
                .map(|d| d.csr[7] == vlen as u64 / 8)
                .unwrap_or(false);
        if ok {
            println!(
                "vlen {vlen} seed {seed}: qemu ok ({} instructions)",
                p.body_insn_count(full)
            );
        } else {
            let path = self.save(&p, full, "");
            println!(
                "vlen {vlen} seed {seed}: QEMU FAILED ({}, {} bytes out); saved {}",
                q.status,
                q.stdout.len(),
                path.display()
            );
            if !q.stderr.is_empty() {
                println!("    qemu stderr: {}", q.stderr_head());
            }
            // smallest failing prefix: the item qemu does not take
            let (mut lo, mut hi) = (0usize, full);
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                let path = self.write_elf(&p, mid, &self.work, &format!("-p{mid}"));
                let q = self.run(&self.qemu, &self.qemu_cmd(vlen), &path);
                let _ = std::fs::remove_file(&path);
                if clean(&q, &p) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let it = &p.body[hi - 1];
            let txt: Vec<String> = it.insns.iter().map(|i| i.text()).collect();
            println!(
                "    first failing item #{} ({} vl={}): {}",
                hi - 1,
                it.vt.text(),
                it.vl,
                txt.join("; ")
            );
        }
        (ok, if ok { p.body_insn_count(full) } else { 0 })
    }
}

fn clean(q: &RunOut, p: &VProgram) -> bool {
    q.status == "exit 0" && q.stdout.len() == p.out_len()
}

/// Values of the registers named in an instruction's operand text.
fn operand_values(d: &VDump, p: &VProgram, ops: &str, sew: u32, vl: u32) -> Vec<String> {
    let mut out = Vec::new();
    let vlenb = p.vlenb();
    let per = vlenb * 8 / sew as usize;
    let mut seen = Vec::new();
    for tok in ops.split([',', '(', ')']) {
        let t = tok.trim();
        if t.is_empty() || seen.contains(&t) {
            continue;
        }
        seen.push(t);
        if let Some(n) = t.strip_prefix('v').and_then(|n| n.parse::<usize>().ok()) {
            let n_el = (vl as usize).clamp(1, 16).min(per * (32 - n));
            let vals: Vec<String> = (0..n_el)
                .map(|i| {
                    let (r, e) = (n + i / per, i % per);
                    format!("{:x}", d.elem(vlenb, r, e, sew))
                })
                .collect();
            out.push(format!(
                "v{n} (e{sew}, elements 0..{n_el}): {}",
                vals.join(" ")
            ));
            if n == 0 {
                out.push(format!(
                    "v0 mask bits 0..64: {:#018x}",
                    d.elem(vlenb, 0, 0, 64)
                ));
            }
        } else if let Some(i) = crate::progen::XNAMES.iter().position(|&x| x == t) {
            out.push(format!("{t} = {:#x}", d.x[i]));
        } else if let Some(i) = crate::progen::FNAMES.iter().position(|&x| x == t) {
            out.push(format!("{t} = {:#018x}", d.f[i]));
        }
    }
    let names = [
        "fcsr", "vstart", "vxsat", "vxrm", "vcsr", "vl", "vtype", "vlenb",
    ];
    out.push(
        names
            .iter()
            .zip(d.csr.iter())
            .map(|(n, v)| format!("{n}={v:#x}"))
            .collect::<Vec<_>>()
            .join(" "),
    );
    out
}

fn describe(p: &VProgram, q: &RunOut, s: &RunOut, sew: u32) {
    if q.status != s.status {
        println!("  status: qemu {} / sim {}", q.status, s.status);
    }
    match (VDump::parse(&q.stdout, p), VDump::parse(&s.stdout, p)) {
        (Some(a), Some(b)) => {
            let d = a.diff(&b, p.vlenb(), sew);
            println!("  differing state ({}), first ones:", d.len());
            for (name, qa, sb) in d.iter().take(16) {
                println!("    {name:<20} qemu {qa:#018x}  sim {sb:#018x}");
            }
        }
        _ => println!(
            "  output length: qemu {} bytes / sim {} bytes (expected {})",
            q.stdout.len(),
            s.stdout.len(),
            p.out_len()
        ),
    }
    if !s.stderr.is_empty() && (q.status != s.status || !s.status.starts_with("exit 0")) {
        println!("  sim stderr: {}", s.stderr_head());
    }
}

/// The first differing result-log entry of a full run: the item that first
/// produced a differing result (even if it was overwritten later).
fn first_log_diff(p: &VProgram, q: &RunOut, s: &RunOut) {
    let (Some(a), Some(b)) = (VDump::parse(&q.stdout, p), VDump::parse(&s.stdout, p)) else {
        return;
    };
    let Some(e) = p
        .log
        .iter()
        .find(|e| a.log[e.off..e.off + e.len] != b.log[e.off..e.off + e.len])
    else {
        println!("  result logs agree (only the final state differs)");
        return;
    };
    let it = &p.body[e.item];
    let txt: Vec<String> = it.insns.iter().map(|i| i.text()).collect();
    println!(
        "  first differing result-log entry: item #{} ({} vl={}) `{}`: {:?}",
        e.item,
        it.vt.text(),
        it.vl,
        txt.join("; "),
        e.what
    );
    let le = |v: &[u8], o: usize, n: usize| {
        let mut b = [0u8; 8];
        b[..n].copy_from_slice(&v[o..o + n]);
        u64::from_le_bytes(b)
    };
    match e.what {
        vprogen::LogWhat::VOct(o) => {
            let eb = it.vt.sew as usize / 8;
            let per = p.vlenb() / eb;
            let mut shown = 0;
            for i in 0..e.len / eb {
                let (x, y) = (
                    le(&a.log, e.off + i * eb, eb),
                    le(&b.log, e.off + i * eb, eb),
                );
                if x != y && shown < 8 {
                    shown += 1;
                    println!(
                        "    v{}[{}] (e{})  qemu {x:#x}  sim {y:#x}",
                        o as usize + i / per,
                        i % per,
                        it.vt.sew
                    );
                }
            }
        }
        _ => println!(
            "    qemu {:#x}  sim {:#x}",
            le(&a.log, e.off, 8),
            le(&b.log, e.off, 8)
        ),
    }
}

pub fn listing_text(p: &VProgram, n: usize) -> String {
    let mut s = format!(
        "# vector difftest VLEN {} seed {} (body truncated to {} of {} items); data at {:#x}\n",
        p.vlen,
        p.seed,
        n,
        p.body.len(),
        p.data_addr
    );
    let mut last = None;
    for (pc, i, k) in p.listing(n) {
        if k != last {
            if let Some(k) = k {
                let it = &p.body[k];
                s += &format!("# item {k} {:?} ({} vl={})\n", it.kind, it.vt.text(), it.vl);
            }
            last = k;
        }
        s += &format!("{pc:#010x}: {:>8}  {}\n", i.hex(), i.text());
    }
    s
}

pub fn run(o: &Opts, work: &Path) -> ExitCode {
    let vlens = o.vlens.clone();
    if let Mode::Emit(dir) = &o.mode {
        std::fs::create_dir_all(dir).expect("create emit dir");
        for &vlen in &vlens {
            for seed in o.start..o.start + o.seeds {
                let p = VProgram::generate(seed, vlen, o.len, &o.vcfg);
                let n = p.body.len();
                let path = dir.join(format!("v{vlen}-seed{seed}.elf"));
                write_exec(&path, &p.elf(n));
                std::fs::write(path.with_extension("S"), listing_text(&p, n))
                    .expect("write listing");
                println!("{}", path.display());
            }
        }
        return ExitCode::SUCCESS;
    }
    if o.mode == Mode::ObjdumpCheck {
        let mut ok = true;
        let mut seen = std::collections::BTreeSet::new();
        for seed in o.start..o.start + o.seeds.clamp(1, 3) {
            ok &= crate::objcheck::run_vector(&o.objdump, seed, o.len, &o.vcfg, work, &mut seen);
        }
        ok &= crate::objcheck::vector_coverage(&seen, &o.vcfg);
        return if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    let skip = |msg: String| {
        println!("vdifftest: {msg}; skipped");
        if o.require {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        }
    };
    if find_in_path(&o.qemu).is_none() {
        return skip(format!("qemu not found ({})", o.qemu));
    }
    let fail_dir = o
        .fail_dir
        .clone()
        .unwrap_or_else(|| match option_env!("CARGO_MANIFEST_DIR") {
            Some(d) => Path::new(d).join("target/difftest-fail"),
            None => PathBuf::from("target/difftest-fail"),
        });
    let qemu_cpu = o.vqemu_cpu.clone().unwrap_or_else(|| QEMU_VCPU.to_string());
    let (sim, sim_args) = if o.mode == Mode::QemuOnly {
        (String::new(), String::new())
    } else {
        let Some(path) = resolve_sim(o).filter(|p| find_in_path(p).is_some()) else {
            return skip("simulator not found (use --sim PATH or NPU_SPIKE_BIN=PATH)".into());
        };
        let is_qemu = Path::new(&path)
            .file_name()
            .map(|f| f.to_string_lossy().contains("qemu"))
            .unwrap_or(false);
        let args = match &o.sim_args {
            Some(a) => a.clone(),
            None if is_qemu => format!("-cpu {qemu_cpu}"),
            None => SIM_VARGS.to_string(),
        };
        (path, args)
    };
    let h = VHarness {
        o,
        work: work.to_path_buf(),
        fail_dir,
        qemu: o.qemu.clone(),
        qemu_cpu,
        sim,
        sim_args,
    };
    if o.mode == Mode::Diff {
        println!(
            "vdifftest: sim `{} {}` vs `{} {}`; VLEN {:?}; seeds {}..{}; {} body instructions each{}",
            h.sim,
            h.sim_args,
            h.qemu,
            o.ref_args
                .clone()
                .unwrap_or_else(|| format!("-cpu {}", h.qemu_cpu)),
            vlens,
            o.start,
            o.start + o.seeds - 1,
            o.len,
            if o.vcfg.trap {
                " + one illegal instruction"
            } else {
                ""
            }
        );
    }
    let (mut pass, mut fail, mut insns) = (0u64, 0u64, 0u64);
    for &vlen in &vlens {
        for seed in o.start..o.start + o.seeds {
            let (ok, n) = match o.mode {
                _ if o.vcfg.trap => h.trap_seed(seed, vlen),
                Mode::QemuOnly => h.qemu_only_seed(seed, vlen),
                _ => h.diff_seed(seed, vlen),
            };
            insns += n as u64;
            if ok {
                pass += 1;
            } else {
                fail += 1;
            }
        }
    }
    println!(
        "instructions compared: {insns}{}",
        if o.mode == Mode::QemuOnly {
            " (qemu only)"
        } else {
            ""
        }
    );
    println!("{pass} passed, {fail} failed");
    if fail == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
