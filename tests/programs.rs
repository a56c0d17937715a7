//! Runs npu-spike's own self-checking bare-metal test programs.
//!
//! Every `tests/programs/bin/<name>.elf` (built from `tests/programs/src/<name>.S`
//! by `tests/programs/build.sh`) is an M-mode program linked at 0x80000000 with
//! a `tohost` symbol.  It writes 1 to `tohost` when every check passed and
//! `(TESTNUM << 1) | 1` on the first failing check, so npu-spike exits with
//! status 0 on success and with the number of the failing test case otherwise
//! (test numbers start at 2; 1 means a failure before the first test case,
//! e.g. an unexpected trap).  The test number is the argument of the
//! `TEST_*`/`SET_TESTNUM` macro in the source file.
//!
//! There is one `#[test]` per program, plus a check that the list below
//! matches the ELF files present in `tests/programs/bin/`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

const ISA_ARG: &str = "--isa=rv64gc_zfh_zicntr_zihpm_zicclsm";

/// Generous: the largest program executes a few thousand instructions.
const TIMEOUT: Duration = Duration::from_secs(120);

fn bin_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/bin")
}

fn drain<R: Read + Send + 'static>(mut pipe: R) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        String::from_utf8_lossy(&buf).into_owned()
    })
}

/// Runs one program under npu-spike; `Err` carries a description of the failure.
fn run_program(name: &str) -> Result<(), String> {
    let elf = bin_dir().join(format!("{name}.elf"));
    if !elf.is_file() {
        return Err(format!(
            "{name}: missing test program {} (run tests/programs/build.sh)",
            elf.display()
        ));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .arg(ISA_ARG)
        .arg(&elf)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{name}: failed to start npu-spike: {e}"))?;
    let stdout = drain(child.stdout.take().expect("piped stdout"));
    let stderr = drain(child.stderr.take().expect("piped stderr"));

    let start = Instant::now();
    let status: Option<ExitStatus> = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("{name}: waiting for npu-spike failed: {e}")),
        }
    };
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    let output = format!("--- stdout ---\n{stdout}--- stderr ---\n{stderr}");

    match status {
        None => Err(format!(
            "{name}: timed out after {TIMEOUT:?} (tohost never written)\n{output}"
        )),
        Some(status) if status.success() => Ok(()),
        Some(status) => match status.code() {
            Some(1) => Err(format!(
                "{name}: FAILED with exit status 1 (failure before the first test case, \
                 an unexpected trap in it, or a simulator error)\n{output}"
            )),
            Some(code) => Err(format!(
                "{name}: FAILED at test case {code} (see tests/programs/src/{name}.S, \
                 TESTNUM {code}; exit status {code})\n{output}"
            )),
            None => Err(format!(
                "{name}: npu-spike was terminated: {status}\n{output}"
            )),
        },
    }
}

fn check_program(name: &str) {
    if let Err(msg) = run_program(name) {
        panic!("{msg}");
    }
}

macro_rules! programs {
    ($($name:ident),* $(,)?) => {
        /// Every program in tests/programs/bin/, without the `.elf` suffix.
        const PROGRAMS: &[&str] = &[$(stringify!($name)),*];

        mod program {
            $(
                #[test]
                fn $name() {
                    super::check_program(stringify!($name));
                }
            )*
        }
    };
}

programs! {
    fence_i,
    fp_fcvt_ff,
    fp_move_nanbox,
    jit_fp,
    jit_loops,
    misaligned,
    priv_smode,
    priv_traps,
    rv64a,
    rv64c,
    rv64d_arith,
    rv64d_cmp,
    rv64d_cvt,
    rv64d_round,
    rv64f_arith,
    rv64f_cmp,
    rv64f_cvt,
    rv64f_round,
    rv64i_arith,
    rv64i_jump,
    rv64i_mem,
    rv64i_shift,
    rv64m,
    rv64zfh_arith,
    rv64zfh_cmp,
    rv64zfh_cvt,
    rv64zfh_round,
    zicntr,
    zicsr,
}

/// The list above must name exactly the ELF files in tests/programs/bin/.
#[test]
fn program_list_matches_bin_dir() {
    let mut on_disk: Vec<String> = std::fs::read_dir(bin_dir())
        .expect("tests/programs/bin exists")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "elf").then(|| path.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = PROGRAMS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        listed, on_disk,
        "update the programs! list in tests/programs.rs to match tests/programs/bin/"
    );
}
