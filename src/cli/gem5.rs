//! gem5's command line, as PyTorchSim's `CycleSimulator` runs it (Simulator/gem5.py):
//!
//! ```text
//! gem5.opt -r --stdout-file=sto.log -d <bindir>/m5out <script.py> -c <cycle.elf> \
//!     --model <libtpu.so> --vlane <lanes> --vlen <vlen_bits>
//! ```
//!
//! Taken when the binary is invoked under a name starting with `gem5` (a symlink
//! `gem5.opt`) or as `npu-spike gem5 ...`. gem5's own options come first, then the
//! config script (it must exist; it is NOT executed: npu-spike's cycle model stands
//! in for the machine it would build), then the script's options. The program runs
//! under the cycle model as in `npu-spike sample`; the `-d` directory gets
//! `stats.txt` (one block per m5 dump, the last at the end), `config.ini` and
//! `config.json`, and under `-r` the `--stdout-file` (default `simout`) with the
//! program's output and npu-spike's messages. A failure ends with a gem5-style
//! `fatal: ...` (bad input: options, a missing model, ELF or script) or `panic: ...`
//! (the program trapped: illegal instruction, unhandled trap, NPU fault) line, in
//! the log and on the original stderr, and a non-zero exit status.

use super::sample::{self, SampleArgs};
use std::fs::File;
use std::io::Write;
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};

/// What the gem5 options and the script options said.
#[derive(Debug, Default, PartialEq)]
pub struct Gem5Args {
    pub redirect_stdout: bool,
    pub redirect_stderr: bool,
    pub stdout_file: String,
    pub stderr_file: String,
    pub outdir: PathBuf,
    pub script: PathBuf,
    pub cmd: Option<PathBuf>,
    /// `-o/--options`, split at whitespace into the program's arguments.
    pub options: Vec<String>,
    pub model: Option<PathBuf>,
    pub machine_config: Option<PathBuf>,
    pub vlane: Option<u32>,
    pub vlen: Option<u32>,
    pub cpu: Option<String>,
    pub mem: Option<String>,
    pub sparse: bool,
    /// `--functional` (npu-spike's own script option): the model's words execute as
    /// well as being timed; gem5 only times them.
    pub functional: bool,
}

const USAGE: &str = "\
gem5-compatible usage (npu-spike invoked as gem5*, or npu-spike gem5 ...):
  gem5.opt [-r] [-e] [--stdout-file=F] [--stderr-file=F] [-d DIR] [--quiet]
           [--debug-flags=X] <config script> -c <program.elf> [-o \"ARGS\"]
           [--model lib.so] [--machine-config machine.yml] [--vlane L] [--vlen V]
           [--cpu X] [--mem X] [--sparse] [--functional]
The config script must exist but is not executed: npu-spike's cycle model is the
machine. As in gem5, custom-1/custom-2 words are timed and compute nothing;
--functional (npu-spike only) also runs the model's functional face. Outputs go to DIR (default m5out): stats.txt, config.ini, config.json and,
under -r, the stdout file (default simout).";

/// Parses gem5's command line (`args[0]` is the program name).
pub fn parse(args: &[String]) -> Result<Gem5Args, String> {
    let mut a = Gem5Args {
        stdout_file: "simout".into(),
        stderr_file: "simerr".into(),
        outdir: PathBuf::from("m5out"),
        ..Gem5Args::default()
    };
    let mut i = 1;
    // `--opt=value`, `--opt value`, and for short options `-dDIR` / `-d DIR`.
    fn value(
        args: &[String],
        i: &mut usize,
        long: &str,
        short: Option<&str>,
    ) -> Option<Result<String, String>> {
        let arg = &args[*i];
        if let Some(v) = arg.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            return Some(Ok(v.to_string()));
        }
        let bare = arg == long || short.is_some_and(|s| arg == s);
        if bare {
            *i += 1;
            return Some(
                args.get(*i)
                    .cloned()
                    .ok_or_else(|| format!("option {arg} needs a value")),
            );
        }
        if let Some(s) = short
            && let Some(v) = arg.strip_prefix(s)
            && !v.is_empty()
        {
            return Some(Ok(v.to_string()));
        }
        None
    }
    // gem5's own options, up to the script.
    while i < args.len() {
        let arg = args[i].as_str();
        if !arg.starts_with('-') {
            break;
        }
        if let Some(v) = value(args, &mut i, "--stdout-file", None) {
            a.stdout_file = v?;
        } else if let Some(v) = value(args, &mut i, "--stderr-file", None) {
            a.stderr_file = v?;
        } else if let Some(v) = value(args, &mut i, "--outdir", Some("-d")) {
            a.outdir = PathBuf::from(v?);
        } else if let Some(v) = value(args, &mut i, "--debug-flags", None) {
            v?;
        } else if arg == "--redirect-stdout" {
            a.redirect_stdout = true;
        } else if arg == "--redirect-stderr" {
            a.redirect_stderr = true;
        } else if arg == "--quiet" || arg == "-q" {
        } else if arg == "-h" || arg == "--help" {
            return Err(String::new());
        } else if arg.len() > 1 && arg[1..].bytes().all(|b| matches!(b, b'r' | b'e' | b'q')) {
            // Short flags, alone or combined (-r, -e, -re).
            a.redirect_stdout |= arg.contains('r');
            a.redirect_stderr |= arg.contains('e');
        } else {
            return Err(format!("unrecognized gem5 option '{arg}'"));
        }
        i += 1;
    }
    let script = args
        .get(i)
        .ok_or("no configuration script given (gem5.opt [options] <script.py> [script options])")?;
    a.script = PathBuf::from(script);
    i += 1;
    // The reference TPU script's options.
    while i < args.len() {
        let arg = args[i].as_str();
        if let Some(v) = value(args, &mut i, "--cmd", Some("-c")) {
            a.cmd = Some(PathBuf::from(v?));
        } else if let Some(v) = value(args, &mut i, "--options", Some("-o")) {
            a.options = v?.split_whitespace().map(String::from).collect();
        } else if let Some(v) = value(args, &mut i, "--model", None) {
            a.model = Some(PathBuf::from(v?));
        } else if let Some(v) = value(args, &mut i, "--extlib", None) {
            a.model = Some(PathBuf::from(v?));
        } else if let Some(v) = value(args, &mut i, "--machine-config", None) {
            a.machine_config = Some(PathBuf::from(v?));
        } else if let Some(v) = value(args, &mut i, "--vlane", None) {
            let v = v?;
            a.vlane = Some(
                v.parse()
                    .ok()
                    .filter(|&l| l > 0)
                    .ok_or_else(|| format!("--vlane '{v}': expected a lane count of 1 or more"))?,
            );
        } else if let Some(v) = value(args, &mut i, "--vlen", None) {
            let v = v?;
            a.vlen = Some(
                v.parse()
                    .map_err(|_| format!("--vlen '{v}': expected a number of bits"))?,
            );
        } else if let Some(v) = value(args, &mut i, "--cpu", None) {
            a.cpu = Some(v?);
        } else if let Some(v) = value(args, &mut i, "--mem", None) {
            a.mem = Some(v?);
        } else if arg == "--sparse" || arg.starts_with("--sparse=") {
            a.sparse = true;
        } else if arg == "--functional" {
            a.functional = true;
        } else if arg == "-h" || arg == "--help" {
            return Err(String::new());
        } else {
            return Err(format!(
                "unrecognized option '{arg}' for the configuration script"
            ));
        }
        i += 1;
    }
    Ok(a)
}

/// Where gem5 puts a `--stdout-file`/`--stderr-file` name: inside the outdir unless
/// absolute.
fn in_outdir(a: &Gem5Args, name: &str) -> PathBuf {
    let p = Path::new(name);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        a.outdir.join(p)
    }
}

/// Points file descriptor `fd` (1 or 2) at `file`.
fn redirect(file: &File, fd: i32) -> Result<(), String> {
    // SAFETY: dup2 on two open descriptors; the file stays open for the process.
    let r = unsafe { libc::dup2(file.as_raw_fd(), fd) };
    if r < 0 {
        return Err(format!(
            "cannot redirect: {}",
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// Where the closing `fatal:`/`panic:` line goes: the (maybe redirected) stderr, and
/// the original stderr too when stderr was redirected.
struct Report {
    original_stderr: Option<File>,
}

impl Report {
    fn line(&mut self, text: &str) {
        let _ = std::io::stdout().flush();
        eprintln!("{text}");
        if let Some(f) = &mut self.original_stderr {
            let _ = writeln!(f, "{text}");
        }
    }
}

/// Entry point for gem5's command line; `args[0]` is the program name.
pub fn main(args: &[String]) -> i32 {
    let a = match parse(args) {
        Ok(a) => a,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return 0;
        }
        Err(e) => {
            eprintln!("fatal: {e}\n{USAGE}");
            return 1;
        }
    };
    if let Err(e) = std::fs::create_dir_all(&a.outdir) {
        eprintln!(
            "fatal: cannot create output directory '{}': {e}",
            a.outdir.display()
        );
        return 1;
    }
    let mut report = Report {
        original_stderr: None,
    };
    if a.redirect_stdout || a.redirect_stderr {
        // SAFETY: dup of the process's stderr, kept as an owned File.
        let saved = unsafe { libc::dup(2) };
        if saved >= 0 {
            use std::os::fd::FromRawFd;
            // SAFETY: `saved` is a fresh descriptor nothing else owns.
            report.original_stderr = Some(unsafe { File::from_raw_fd(saved) });
        }
        let open = |name: &str| {
            let p = in_outdir(&a, name);
            File::create(&p).map_err(|e| format!("cannot open '{}': {e}", p.display()))
        };
        let redirected = (|| -> Result<(), String> {
            let out = if a.redirect_stdout {
                let f = open(&a.stdout_file)?;
                redirect(&f, 1)?;
                Some(f)
            } else {
                None
            };
            if a.redirect_stderr {
                redirect(&open(&a.stderr_file)?, 2)?;
            } else if let Some(f) = &out {
                // gem5: -r without -e sends stderr to the stdout file too.
                redirect(f, 2)?;
            }
            Ok(())
        })();
        if let Err(e) = redirected {
            report.line(&format!("fatal: {e}"));
            return 1;
        }
    }
    let status = run(&a, &mut report);
    let _ = std::io::stdout().flush();
    status
}

fn run(a: &Gem5Args, report: &mut Report) -> i32 {
    let fatal = |report: &mut Report, m: &str| {
        report.line(&format!("fatal: {m}"));
        1
    };
    if !a.script.is_file() {
        return fatal(
            report,
            &format!("configuration script '{}' not found", a.script.display()),
        );
    }
    println!(
        "npu-spike {} standing in for gem5: the configuration script {} is not executed",
        env!("CARGO_PKG_VERSION"),
        a.script.display()
    );
    let Some(cmd) = &a.cmd else {
        return fatal(
            report,
            "no program given: the script needs -c/--cmd <program>",
        );
    };
    if !cmd.is_file() {
        return fatal(report, &format!("program '{}' not found", cmd.display()));
    }
    if let Some(m) = &a.model
        && !m.is_file()
    {
        return fatal(
            report,
            &format!("accelerator model '{}' not found", m.display()),
        );
    }
    let sa = SampleArgs {
        elfs: vec![cmd.clone()],
        machine_config: a.machine_config.clone(),
        vectorlane_size: a.vlane,
        vlen: Some(a.vlen.unwrap_or(256)),
        model: a.model.clone(),
        functional: a.functional,
        args: a.options.clone(),
        ..SampleArgs::empty()
    };
    let mut setup = match sample::setup(&sa) {
        Ok(s) => s,
        Err(e) => return fatal(report, &e),
    };
    // The accelerator's scratchpad is at 0xD0000000 unless a description says
    // otherwise (the reference model's default, with or without --machine-config).
    if a.machine_config.is_none() {
        setup.machine.spad_vaddr = crate::config::DESC_SPAD_VADDR;
    }
    let outcome = sample::sample_one(cmd, &setup);
    let _ = std::io::stdout().flush();
    let s = match outcome {
        Ok(s) => s,
        Err((code, e)) => {
            // Bad input (the ELF would not load, the machine would not start), a
            // limit, or the program's own failing exit: fatal. A trap the program
            // could not continue from (illegal instruction, unhandled trap, NPU
            // fault): panic, as gem5 panics on a fault it cannot handle in SE mode.
            let kind = if code == 1 || code == 124 || e.starts_with("the program exited") {
                "fatal"
            } else {
                "panic"
            };
            let e = e.replace('\n', "\n  ");
            report.line(&format!("{kind}: {}: {e}", cmd.display()));
            return if code & 0xff == 0 { 1 } else { code };
        }
    };
    let ticks = s.dumps.last().map_or(0, |d| d.cycles * 1000);
    let written = write_outputs(a, &s, &setup);
    if let Err(e) = written {
        return fatal(report, &e);
    }
    println!("Exiting @ tick {ticks} because exiting with last active thread context");
    0
}

fn write_outputs(a: &Gem5Args, s: &sample::Sampled, setup: &sample::Setup) -> Result<(), String> {
    let write = |name: &str, text: &str| {
        let p = a.outdir.join(name);
        std::fs::write(&p, text).map_err(|e| format!("cannot write '{}': {e}", p.display()))
    };
    write(
        "stats.txt",
        &crate::timing::stats::stats_txt(&s.dumps, &s.vcix),
    )?;
    let m = &setup.machine;
    let mut ini = String::new();
    ini.push_str("[root]\ntype=Root\nchildren=system\nfull_system=false\nsim_quantum=0\ntime_sync_enable=false\n\n");
    ini.push_str("[system]\ntype=System\nchildren=clk_domain cpu\nmem_mode=timing\n\n");
    ini.push_str("[system.clk_domain]\ntype=SrcClockDomain\nclock=1000\n\n");
    ini.push_str("[system.cpu]\ntype=MinorCPU\nnumThreads=1\n");
    for (k, v) in setup.params.entries() {
        ini.push_str(&format!("{k}={v}\n"));
    }
    ini.push_str(&format!(
        "\n[system.cpu.vpu]\ntype=NpuSpikeVectorUnit\nlanes={}\nvlen={}\nelen={}\nspad_base_vaddr={:#x}\nspad_base_paddr={:#x}\nspad_size_per_lane={}\nmodel={}\n\n[system.cpu.workload]\ntype=Process\ncmd={}\n",
        m.lanes,
        m.varch.vlen,
        m.varch.elen,
        m.spad_vaddr,
        m.spad_paddr,
        m.spad_size,
        m.extlib.as_ref().map_or("built-in".to_string(), |p| p.display().to_string()),
        std::iter::once(a.cmd.as_ref().map_or(String::new(), |c| c.display().to_string()))
            .chain(a.options.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    ));
    write("config.ini", &ini)?;
    let params: serde_json::Map<String, serde_json::Value> = setup
        .params
        .entries()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into()))
        .collect();
    let desc: serde_json::Map<String, serde_json::Value> = m
        .model_desc()
        .iter()
        .map(|(k, v)| (k.to_string(), v.into()))
        .collect();
    let json = serde_json::json!({
        "type": "Root",
        "simulator": format!("npu-spike {}", env!("CARGO_PKG_VERSION")),
        "script": a.script.display().to_string(),
        "script_executed": false,
        "system": {
            "clk_domain": {"clock": 1000},
            "cpu": {
                "type": "MinorCPU",
                "timing": params,
                "vpu": {
                    "lanes": m.lanes,
                    "vlen": m.varch.vlen,
                    "elen": m.varch.elen,
                    "spad_base_vaddr": m.spad_vaddr,
                    "spad_base_paddr": m.spad_paddr,
                    "spad_size_per_lane": m.spad_size,
                    "model": m.extlib.as_ref().map(|p| p.display().to_string()),
                },
                "workload": {
                    "cmd": a.cmd.as_ref().map(|c| c.display().to_string()),
                    "options": a.options,
                },
            },
            "machine_description": desc,
        },
    });
    write(
        "config.json",
        &serde_json::to_string_pretty(&json).expect("plain JSON values"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split(' ').map(String::from).collect()
    }

    #[test]
    fn cycle_simulator_command_line() {
        let a = parse(&args(
            "gem5.opt -r --stdout-file=sto.log -d /b/m5out tpu.py -c /b/cycle.elf \
             --model /m/libtpu.so --vlane 8 --vlen 512",
        ))
        .unwrap();
        assert!(a.redirect_stdout && !a.redirect_stderr);
        assert_eq!(a.stdout_file, "sto.log");
        assert_eq!(a.outdir, PathBuf::from("/b/m5out"));
        assert_eq!(a.script, PathBuf::from("tpu.py"));
        assert_eq!(a.cmd, Some(PathBuf::from("/b/cycle.elf")));
        assert_eq!(a.model, Some(PathBuf::from("/m/libtpu.so")));
        assert_eq!((a.vlane, a.vlen), (Some(8), Some(512)));
        let b = parse(&args(
            "gem5 -re --outdir=o --stderr-file=e.log --quiet --debug-flags=Exec s.py \
             --cmd=p -o 1_2_3_x --cpu minor --mem=4GB --sparse",
        ))
        .unwrap();
        assert!(b.redirect_stdout && b.redirect_stderr && b.sparse);
        assert_eq!(
            (b.outdir, b.stderr_file),
            (PathBuf::from("o"), "e.log".to_string())
        );
        assert_eq!(b.options, ["1_2_3_x"]);
        let c = parse(&[
            "g".into(),
            "-dout".into(),
            "s.py".into(),
            "-o".into(),
            " a  b c ".into(),
        ])
        .unwrap();
        assert_eq!((c.outdir, c.options), (PathBuf::from("out"), args("a b c")));
        for bad in [
            "gem5 --bogus s.py",
            "gem5 -r",
            "gem5 s.py --vlane 0",
            "gem5 s.py --what",
        ] {
            assert!(parse(&args(bad)).is_err(), "{bad}");
        }
    }
}
