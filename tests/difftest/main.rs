//! Random-program differential tester: npu-spike vs qemu-riscv64.
//!
//! Self-contained (std only, no cross toolchain): the generator encodes
//! RV64GC+Zfh instructions itself and writes a minimal static ELF (see progen.rs for
//! the program/memory layout).  Each seed's program sets every register and
//! frm/fflags to interesting values, runs L random straight-line instructions,
//! logging every item's results (written registers, stored memory, fcsr) to a
//! result log, then dumps x1..x31, f0..f31, fcsr, its scratch memory and the
//! log to stdout with write(1, ..) and exits with exit(0).  The output of qemu
//! and of the simulator must be byte-identical.  On a divergence the first
//! differing log entries are shown and the body is bisected (prefixes of the
//! body, same addresses) down to the first item whose effect differs.
//!
//! Usage (a plain `fn main` binary; can be registered as a harness=false test):
//!
//! ```text
//! difftest [--seeds N] [--len L] [--start-seed S] [--sim PATH] [--qemu PATH]
//!          [--sim-args "ARGS"] [--qemu-cpu CPU] [--timeout SECS]
//!          [--fail-dir DIR] [--keep] [--require] [--verbose]
//!          [--no-zfh] [--no-log] [--exclude Kind,Kind,...]
//! difftest --qemu-only [--seeds N ...]      run the programs under qemu only
//! difftest --objdump-check [--objdump PATH] [--len L] [--start-seed S]
//!                                           encoder check against binutils
//! difftest --emit DIR [--seeds N ...]       write the ELFs (+ .S listings)
//! ```
//!
//! Defaults: N=20, L=5000 (body instructions), S=1;
//! sim = `--sim`, else `$NPU_SPIKE`, else the crate's npu-spike binary
//! (CARGO_BIN_EXE_npu-spike when built by cargo as a test), else
//! ../target/release/npu-spike, else target/release/npu-spike;
//! sim args = `--isa=rv64gc_zfh_zicntr_zihpm_zicclsm` (or `-cpu <qemu-cpu>`
//! when the "simulator" is itself a qemu binary: tester self-test);
//! qemu = `qemu-riscv64 -cpu rv64,Zfh=true`.
//! If the simulator or qemu cannot be found the run is skipped (exit 0)
//! unless --require is given.
//!
//! Known qemu 7.2 (Debian qemu-user 7.2) vs Spike differences that the
//! generator deliberately avoids: none known for the scalar instructions
//! generated here (NaN-boxing fast paths of fsgnj/fsgnjn/fsgnjx with
//! rs1 == rs2, fclass/fmin/fcvt of unboxed values were probed on qemu 7.2 and
//! follow the spec).  Things that are avoided because they are legitimately
//! implementation-specific or trap, not because of a qemu bug:
//! - frm is never set to a reserved value (5..7) and static rm 5/6 are never
//!   used (an rm=dyn instruction would trap);
//! - branches/jumps, misaligned accesses, fence.i, counters (cycle/time/
//!   instret differ between any two implementations);
//! - SC is only issued right after a matching LR to the same address (an SC
//!   after an intervening store or to another address may differ);
//! - HINT/reserved RVC encodings (c.nop, c.addi x0, c.li x0, shamt-0 RVC
//!   shifts, c.lui/c.addi16sp/c.addi4spn with a zero immediate).
//!
//! Output format: one line per seed, then "instructions compared: X" and
//! finally "N passed, M failed" (seeds).

mod elf;
mod encode;
mod objcheck;
mod progen;
mod vector;
mod vprogen;

use progen::{Dump, GenCfg, Kind, Program};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

#[derive(PartialEq)]
enum Mode {
    Diff,
    QemuOnly,
    ObjdumpCheck,
    Emit(PathBuf),
}

struct Opts {
    seeds: u64,
    len: usize,
    start: u64,
    sim: Option<String>,
    sim_args: Option<String>,
    qemu: String,
    qemu_cpu: String,
    objdump: String,
    timeout: Duration,
    fail_dir: Option<PathBuf>,
    keep: bool,
    require: bool,
    verbose: bool,
    mode: Mode,
    cfg: GenCfg,
    /// --vector: random RVV programs (vector.rs)
    vector: bool,
    vlens: Vec<u32>,
    vcfg: vprogen::VGenCfg,
    vqemu_cpu: Option<String>,
    /// --ref-args: the reference's whole argument list instead of `-cpu CPU`
    /// (vector mode; lets a Spike-like program stand in for qemu)
    ref_args: Option<String>,
}

fn parse_args() -> Result<Opts, String> {
    let mut o = Opts {
        seeds: 20,
        len: 5000,
        start: 1,
        sim: None,
        sim_args: None,
        qemu: "qemu-riscv64".into(),
        qemu_cpu: "rv64,Zfh=true".into(),
        objdump: "riscv64-unknown-elf-objdump".into(),
        timeout: Duration::from_secs(60),
        fail_dir: None,
        keep: false,
        require: false,
        verbose: false,
        mode: Mode::Diff,
        cfg: GenCfg::default(),
        vector: false,
        vlens: vec![128, 256, 512],
        vcfg: vprogen::VGenCfg::default(),
        vqemu_cpu: None,
        ref_args: None,
    };
    let mut len_given = false;
    let mut exclude: Vec<String> = Vec::new();
    let mut only: Vec<String> = Vec::new();
    let mut it = std::env::args().skip(1);
    let mut objcheck_len = None;
    while let Some(a) = it.next() {
        let (key, inline) = match a.split_once('=') {
            Some((k, v)) if k.starts_with("--") => (k.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let mut val = |name: &str| -> Result<String, String> {
            match inline.clone() {
                Some(v) => Ok(v),
                None => it.next().ok_or(format!("{name} needs a value")),
            }
        };
        let num = |s: String, name: &str| -> Result<u64, String> {
            s.parse::<u64>()
                .map_err(|_| format!("{name}: not a number: {s}"))
        };
        match key.as_str() {
            "--seeds" | "-n" => o.seeds = num(val(&key)?, &key)?,
            "--len" | "-l" => {
                o.len = num(val(&key)?, &key)? as usize;
                objcheck_len = Some(o.len);
                len_given = true;
            }
            "--start-seed" | "--seed" | "-s" => o.start = num(val(&key)?, &key)?,
            "--sim" => o.sim = Some(val(&key)?),
            "--sim-args" => o.sim_args = Some(val(&key)?),
            "--qemu" => o.qemu = val(&key)?,
            "--qemu-cpu" => {
                let v = val(&key)?;
                o.qemu_cpu = v.clone();
                o.vqemu_cpu = Some(v);
            }
            "--vector" => o.vector = true,
            "--vlen" => {
                o.vector = true;
                o.vlens = val(&key)?
                    .split(',')
                    .filter(|v| !v.is_empty())
                    .map(|v| match v.parse::<u32>() {
                        Ok(n @ (64 | 128 | 256 | 512)) => Ok(n),
                        _ => Err(format!("--vlen: unsupported VLEN {v} (64, 128, 256, 512)")),
                    })
                    .collect::<Result<_, _>>()?;
            }
            "--all-forms" => o.vcfg.all_forms = true,
            "--traps" => {
                o.vector = true;
                o.vcfg.trap = true;
            }
            "--ref-args" => o.ref_args = Some(val(&key)?),
            "--only" => {
                o.vector = true;
                only.extend(
                    val(&key)?
                        .split(',')
                        .filter(|k| !k.is_empty())
                        .map(String::from),
                );
            }
            "--objdump" => o.objdump = val(&key)?,
            "--timeout" => o.timeout = Duration::from_secs(num(val(&key)?, &key)?),
            "--fail-dir" => o.fail_dir = Some(PathBuf::from(val(&key)?)),
            "--keep" => o.keep = true,
            "--require" => o.require = true,
            "--verbose" | "-v" => o.verbose = true,
            "--no-zfh" => o.cfg.no_zfh = true,
            "--no-log" => {
                o.cfg.no_log = true;
                o.vcfg.no_log = true;
            }
            "--exclude" => {
                exclude.extend(
                    val(&key)?
                        .split(',')
                        .filter(|k| !k.is_empty())
                        .map(String::from),
                );
            }
            "--qemu-only" => o.mode = Mode::QemuOnly,
            "--objdump-check" => o.mode = Mode::ObjdumpCheck,
            "--emit" => o.mode = Mode::Emit(PathBuf::from(val(&key)?)),
            "--help" | "-h" => {
                println!("{}", USAGE);
                let kinds: Vec<String> = progen::WEIGHTS
                    .iter()
                    .map(|w| format!("{:?}", w.0))
                    .collect();
                println!("kinds (for --exclude): {}", kinds.join(","));
                let vkinds: Vec<String> = vprogen::VWEIGHTS
                    .iter()
                    .map(|w| format!("{:?}", w.0))
                    .collect();
                println!(
                    "vector kinds (for --vector --exclude): {}",
                    vkinds.join(",")
                );
                std::process::exit(0);
            }
            // flags a test runner may pass to a harness=false test
            k if k.starts_with("--") => eprintln!("difftest: ignoring unknown option {a}"),
            _ => eprintln!("difftest: ignoring argument {a}"),
        }
    }
    if !only.is_empty() {
        // --only K,...: exclude every other vector kind
        let mut keep = Vec::new();
        for k in &only {
            keep.push(vprogen::VKind::parse(k).ok_or(format!("--only: unknown vector kind {k}"))?);
        }
        for (k, _) in vprogen::VWEIGHTS {
            if !keep.contains(k) {
                o.vcfg.exclude.push(*k);
            }
        }
    }
    for k in &exclude {
        if o.vector {
            o.vcfg.exclude.push(
                vprogen::VKind::parse(k).ok_or(format!("--exclude: unknown vector kind {k}"))?,
            );
        } else {
            o.cfg
                .exclude
                .push(Kind::parse(k).ok_or(format!("--exclude: unknown kind {k}"))?);
        }
    }
    if o.mode == Mode::ObjdumpCheck && objcheck_len.is_none() {
        o.len = if o.vector { 200_000 } else { 30000 }; // long enough to cover every mnemonic
    }
    if o.vector && !len_given && o.mode != Mode::ObjdumpCheck {
        o.len = if o.vcfg.trap { 30 } else { 400 };
    }
    Ok(o)
}

const USAGE: &str =
    "usage: difftest [--seeds N] [--len L] [--start-seed S] [--sim PATH] [--qemu PATH]
                [--sim-args ARGS] [--qemu-cpu CPU] [--timeout SECS] [--fail-dir DIR]
                [--keep] [--require] [--verbose] [--no-zfh] [--no-log] [--exclude KIND,...]
       difftest --qemu-only [--seeds N] [--len L] [--start-seed S] [--qemu PATH]
       difftest --objdump-check [--objdump PATH] [--len L] [--start-seed S]
       difftest --emit DIR [--seeds N] [--len L] [--start-seed S]
       difftest --vector [--vlen 128,256,512] [--all-forms] [--only KIND,...]
                [--ref-args ARGS] [--traps] [any option above]
                (RVV 1.0 + Zvfh programs; default --len 400; see tests/difftest/README.md)";

// ------------------------------------------------------------- processes ---

struct RunOut {
    status: String,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

impl RunOut {
    fn same(&self, o: &RunOut) -> bool {
        self.status == o.status && self.stdout == o.stdout
    }
    fn clean(&self, p: &Program) -> bool {
        self.status == "exit 0" && self.stdout.len() == p.out_len()
    }
    fn stderr_head(&self) -> String {
        let s = String::from_utf8_lossy(&self.stderr);
        let lines: Vec<&str> = s.lines().take(6).collect();
        lines.join("\n        ")
    }
}

fn run_cmd(prog: &str, args: &[String], timeout: Duration) -> RunOut {
    let mut child = match Command::new(prog)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            return RunOut {
                status: format!("spawn error: {e}"),
                stdout: vec![],
                stderr: vec![],
            };
        }
    };
    let mut so = child.stdout.take().unwrap();
    let mut se = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = so.read_to_end(&mut b);
        b
    });
    let t_err = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = se.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => {
                use std::os::unix::process::ExitStatusExt;
                break match (s.code(), s.signal()) {
                    (Some(c), _) => format!("exit {c}"),
                    (None, Some(sig)) => format!("signal {sig}"),
                    _ => "unknown status".into(),
                };
            }
            Ok(None) => {
                if start.elapsed() > timeout {
                    let _ = child.kill();
                    let _ = child.wait();
                    break format!("timeout after {}s", timeout.as_secs());
                }
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(e) => break format!("wait error: {e}"),
        }
    };
    RunOut {
        status,
        stdout: t_out.join().unwrap_or_default(),
        stderr: t_err.join().unwrap_or_default(),
    }
}

fn find_in_path(p: &str) -> Option<PathBuf> {
    if p.contains('/') {
        let pb = PathBuf::from(p);
        return pb.is_file().then_some(pb);
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(p))
            .find(|c| c.is_file())
    })
}

fn resolve_sim(o: &Opts) -> Option<String> {
    if let Some(s) = &o.sim {
        return Some(s.clone());
    }
    for var in ["NPU_SPIKE_BIN", "NPU_SPIKE"] {
        if let Some(s) = std::env::var(var).ok().filter(|s| !s.is_empty()) {
            return Some(s);
        }
    }
    let mut cands: Vec<PathBuf> = Vec::new();
    if let Some(p) = option_env!("CARGO_BIN_EXE_npu-spike") {
        cands.push(PathBuf::from(p));
    }
    cands.push(PathBuf::from("../target/release/npu-spike"));
    cands.push(PathBuf::from("target/release/npu-spike"));
    if let Some(d) = option_env!("CARGO_MANIFEST_DIR") {
        cands.push(Path::new(d).join("target/release/npu-spike"));
    }
    cands
        .into_iter()
        .find(|c| c.is_file())
        .map(|c| c.to_string_lossy().into_owned())
}

// --------------------------------------------------------------- harness ---

struct Harness {
    o: Opts,
    work: PathBuf,
    fail_dir: PathBuf,
    qemu: (String, Vec<String>),
    sim: (String, Vec<String>),
}

impl Harness {
    fn write_elf(&self, p: &Program, n: usize, dir: &Path, tag: &str) -> PathBuf {
        let path = dir.join(format!("seed{}{}.elf", p.seed, tag));
        write_exec(&path, &p.elf(n));
        path
    }

    fn run_one(&self, cmd: &(String, Vec<String>), elf: &Path) -> RunOut {
        let mut args = cmd.1.clone();
        args.push(elf.to_string_lossy().into_owned());
        run_cmd(&cmd.0, &args, self.o.timeout)
    }

    /// Run the program truncated to `n` body items under qemu and the simulator.
    fn run_both(&self, p: &Program, n: usize) -> (RunOut, RunOut) {
        let path = self.write_elf(p, n, &self.work, &format!("-p{n}"));
        let (q, s) = std::thread::scope(|sc| {
            let hq = sc.spawn(|| self.run_one(&self.qemu, &path));
            let hs = sc.spawn(|| self.run_one(&self.sim, &path));
            (hq.join().unwrap(), hs.join().unwrap())
        });
        let _ = std::fs::remove_file(&path);
        (q, s)
    }

    fn save_failure(&self, p: &Program, n: usize, tag: &str) -> PathBuf {
        let _ = std::fs::create_dir_all(&self.fail_dir);
        let path = self.write_elf(p, n, &self.fail_dir, tag);
        let _ = std::fs::write(path.with_extension("S"), listing_text(p, n));
        path
    }

    /// Returns (passed, body instructions compared).
    fn diff_seed(&self, seed: u64) -> (bool, usize) {
        let p = Program::generate(seed, self.o.len, &self.o.cfg);
        let full = p.body.len();
        let ninsn = p.body_insn_count(full);
        let (q, s) = self.run_both(&p, full);
        if !q.clean(&p) {
            let path = self.save_failure(&p, full, "");
            println!(
                "seed {seed}: QEMU FAILED ({}, {} bytes out; expected exit 0 and {} bytes) — generator or qemu problem; saved {}",
                q.status,
                q.stdout.len(),
                p.out_len(),
                path.display()
            );
            if !q.stderr.is_empty() {
                println!("    qemu stderr: {}", q.stderr_head());
            }
            return (false, 0);
        }
        if q.same(&s) {
            println!(
                "seed {seed}: ok ({ninsn} instructions, base {})",
                progen::XNAMES[p.base as usize]
            );
            return (true, ninsn);
        }
        let path = self.save_failure(&p, full, "");
        println!(
            "seed {seed}: MISMATCH ({ninsn} instructions); saved {}",
            path.display()
        );
        describe_outcomes(&p, &q, &s);
        let k = self.bisect(&p);
        (false, k)
    }

    /// Returns the number of body instructions that agreed before the divergence.
    fn bisect(&self, p: &Program) -> usize {
        let full = p.body.len();
        let (q0, s0) = self.run_both(p, 0);
        if !q0.same(&s0) {
            println!("  diverges already with an empty body (prologue/epilogue only):");
            describe_outcomes(p, &q0, &s0);
            let path = self.save_failure(p, 0, "-p0");
            println!("  minimal ELF: {}", path.display());
            return 0;
        }
        let (mut lo, mut hi) = (0usize, full); // lo agrees, hi diverges
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
        let first_insn = p.body_insn_count(k);
        println!(
            "  bisect ({runs} runs): first diverging item #{k} (body instruction #{first_insn}, kind {:?}):",
            item.kind
        );
        let mut pc = p.item_addr(k);
        let mut regs: Vec<String> = Vec::new();
        for i in &item.insns {
            println!("    {pc:#010x}: {:>8}  {}", i.hex(), i.text());
            pc += i.len as u64;
            for tok in i.ops.split([',', '(', ')']) {
                let t = tok.trim();
                if !t.is_empty() && !regs.iter().any(|r| r == t) && t != "zero" {
                    regs.push(t.to_string());
                }
            }
        }
        if let Some(before) = Dump::parse(&lo_out.stdout, p) {
            let mut vals: Vec<String> = regs
                .iter()
                .filter_map(|r| before.reg_by_name(r).map(|v| format!("{r}={v:#018x}")))
                .collect();
            vals.push(format!("fcsr={:#x}", before.fcsr));
            println!("  state before it (both agree): {}", vals.join(" "));
        }
        describe_outcomes(p, &qh, &sh);
        let path = self.save_failure(p, hi, &format!("-p{hi}"));
        println!(
            "  minimal prefix ELF (body cut after the diverging item): {}",
            path.display()
        );
        first_insn
    }

    fn qemu_only_seed(&self, seed: u64) -> (bool, usize) {
        let p = Program::generate(seed, self.o.len, &self.o.cfg);
        let full = p.body.len();
        let path = self.write_elf(&p, full, &self.work, "");
        let q = self.run_one(&self.qemu, &path);
        let _ = std::fs::remove_file(&path);
        let ok = q.clean(&p)
            && Dump::parse(&q.stdout, &p)
                .map(|d| d.x[p.base as usize] == p.base_addr())
                .unwrap_or(false);
        if ok {
            if self.o.verbose {
                let d = Dump::parse(&q.stdout, &p).unwrap();
                println!(
                    "seed {seed}: qemu ok ({} instructions), fcsr={:#x}",
                    p.body_insn_count(full),
                    d.fcsr
                );
            } else {
                println!(
                    "seed {seed}: qemu ok ({} instructions)",
                    p.body_insn_count(full)
                );
            }
        } else {
            let path = self.save_failure(&p, full, "");
            println!(
                "seed {seed}: QEMU FAILED ({}, {} bytes out); saved {}",
                q.status,
                q.stdout.len(),
                path.display()
            );
            if !q.stderr.is_empty() {
                println!("    qemu stderr: {}", q.stderr_head());
            }
        }
        (ok, if ok { p.body_insn_count(full) } else { 0 })
    }
}

fn describe_outcomes(p: &Program, q: &RunOut, s: &RunOut) {
    if q.status != s.status {
        println!("  status: qemu {} / sim {}", q.status, s.status);
    }
    match (Dump::parse(&q.stdout, p), Dump::parse(&s.stdout, p)) {
        (Some(a), Some(b)) => {
            let ld = a.log_diff(&b);
            if !ld.is_empty() {
                println!("  differing result-log entries ({}), first ones:", ld.len());
                for &(i, qa, sb) in ld.iter().take(6) {
                    let (k, what) = &p.log_labels[i];
                    let txt: Vec<String> = p.body[*k].insns.iter().map(|i| i.text()).collect();
                    println!("    item #{k} `{}`", txt.join("; "));
                    println!("      {what:<14} qemu {qa:#018x}  sim {sb:#018x}");
                }
            }
            let d = a.diff(&b);
            if !d.is_empty() {
                println!("  differing state at the end ({}):", d.len());
                for (name, qa, sb) in d.iter().take(24) {
                    println!("    {name:<14} qemu {qa:#018x}  sim {sb:#018x}");
                }
                if d.len() > 24 {
                    println!("    ... {} more", d.len() - 24);
                }
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

/// Write an ELF and make it executable (qemu-user refuses files without x bits).
fn write_exec(path: &Path, bytes: &[u8]) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755));
}

fn listing_text(p: &Program, n: usize) -> String {
    let mut s = format!(
        "# difftest seed {} (body truncated to {} of {} items); base register {} = {:#x}\n",
        p.seed,
        n,
        p.body.len(),
        progen::XNAMES[p.base as usize],
        p.base_addr()
    );
    let mut last = None;
    let mut in_item = 0usize;
    for (pc, i, k) in p.listing(n) {
        if k != last {
            if let Some(k) = k {
                s += &format!("# item {k} {:?}\n", p.body[k].kind);
            }
            last = k;
            in_item = 0;
        }
        let log = matches!(k, Some(k) if in_item >= p.body[k].insns.len());
        in_item += 1;
        s += &format!(
            "{pc:#010x}: {:>8}  {}{}\n",
            i.hex(),
            i.text(),
            if log { "    # log" } else { "" }
        );
    }
    s
}

fn main() -> ExitCode {
    let o = match parse_args() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("difftest: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let work = std::env::temp_dir().join(format!("npu-difftest-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("create work dir");
    let code = real_main(o, &work);
    let _ = std::fs::remove_dir_all(&work);
    code
}

fn real_main(o: Opts, work: &Path) -> ExitCode {
    if o.vector {
        return vector::run(&o, work);
    }
    if o.mode == Mode::ObjdumpCheck {
        let mut ok = true;
        for seed in o.start..o.start + o.seeds.clamp(1, 3) {
            ok &= objcheck::run(&o.objdump, seed, o.len, work);
        }
        return if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if let Mode::Emit(dir) = &o.mode {
        std::fs::create_dir_all(dir).expect("create emit dir");
        for seed in o.start..o.start + o.seeds {
            let p = Program::generate(seed, o.len, &o.cfg);
            let n = p.body.len();
            let path = dir.join(format!("seed{seed}.elf"));
            write_exec(&path, &p.elf(n));
            std::fs::write(path.with_extension("S"), listing_text(&p, n)).expect("write listing");
            println!("{}", path.display());
        }
        return ExitCode::SUCCESS;
    }

    let fail_dir = o
        .fail_dir
        .clone()
        .unwrap_or_else(|| match option_env!("CARGO_MANIFEST_DIR") {
            Some(d) => Path::new(d).join("target/difftest-fail"),
            None => PathBuf::from("target/difftest-fail"),
        });
    if find_in_path(&o.qemu).is_none() {
        println!("difftest: qemu not found ({}); skipped", o.qemu);
        return if o.require {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    let qemu = (o.qemu.clone(), vec!["-cpu".to_string(), o.qemu_cpu.clone()]);
    let sim = if o.mode == Mode::QemuOnly {
        (String::new(), vec![])
    } else {
        let Some(path) = resolve_sim(&o).filter(|p| find_in_path(p).is_some()) else {
            println!("difftest: simulator not found (use --sim PATH or NPU_SPIKE=PATH); skipped");
            return if o.require {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            };
        };
        let is_qemu = Path::new(&path)
            .file_name()
            .map(|f| f.to_string_lossy().contains("qemu"))
            .unwrap_or(false);
        let args = match &o.sim_args {
            Some(a) => a.split_whitespace().map(String::from).collect(),
            None if is_qemu => vec!["-cpu".to_string(), o.qemu_cpu.clone()],
            None => vec!["--isa=rv64gc_zfh_zicntr_zihpm_zicclsm".to_string()],
        };
        (path, args)
    };
    let h = Harness {
        o,
        work: work.to_path_buf(),
        fail_dir,
        qemu,
        sim,
    };
    if h.o.mode == Mode::Diff {
        println!(
            "difftest: sim `{} {}` vs `{} {}`; seeds {}..{}; {} body instructions each",
            h.sim.0,
            h.sim.1.join(" "),
            h.qemu.0,
            h.qemu.1.join(" "),
            h.o.start,
            h.o.start + h.o.seeds - 1,
            h.o.len
        );
    }
    let (mut pass, mut fail, mut insns) = (0u64, 0u64, 0u64);
    for seed in h.o.start..h.o.start + h.o.seeds {
        let (ok, n) = match h.o.mode {
            Mode::QemuOnly => h.qemu_only_seed(seed),
            _ => h.diff_seed(seed),
        };
        insns += n as u64;
        if ok {
            pass += 1;
        } else {
            fail += 1;
        }
    }
    println!(
        "instructions compared: {insns}{}",
        if h.o.mode == Mode::QemuOnly {
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
