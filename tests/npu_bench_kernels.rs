//! The f16 and int8 tile kernels of `bench/npu.sh` (`bench/npu/f16/`, `bench/npu/i8/`)
//! against host arithmetic: every lane's acc tile after `reps` of
//! `acc = acc + x·y; acc = acc + x`, folded into the checksum the wrapper prints
//! (`sum = sum·31 + bits`, over lanes then elements), and the element-operation count
//! 3·N·reps·lanes. The f32 kernel has its own test in `tests/npu_lanes.rs`.
//! f16 is computed in host f64 (every sum and product here is exact in f64) with one
//! rounding to f16 (round to nearest, ties to even) per RVV instruction, as
//! `vfmacc.vv` (fused) and `vfadd.vv` round.

use std::process::Command;

const N: usize = 1024;

fn run(dir: &str, elf: &str, vlen: u32, lanes: u64, reps: u64) -> String {
    let root = env!("CARGO_MANIFEST_DIR");
    let kaddr = std::fs::read_to_string(format!("{root}/bench/npu/{dir}/kernel_addr")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_npu-spike"))
        .args([
            "--isa=rv64gcv_zfh",
            &format!("--varch=vlen:{vlen},elen:64"),
            &format!("--vectorlane-size={lanes}"),
            "--scratchpad-size=65536",
            "--scratchpad-base-vaddr=3489660928",
            &format!("--kernel-addr={}", kaddr.trim()),
            &format!("{root}/bench/npu/{dir}/{elf}"),
            &reps.to_string(),
            &lanes.to_string(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn expected(tile: &[u16], lanes: u64, reps: u64) -> String {
    let mut sum: u64 = 1;
    for _ in 0..lanes {
        for &t in tile {
            sum = sum.wrapping_mul(31).wrapping_add(t as u64);
        }
    }
    format!("checksum {sum}\nelemops {}\n", 3 * N as u64 * reps * lanes)
}

/// `v` (finite, >= 0, below 65520) rounded to the nearest f16, ties to even, as f64.
fn round_f16(v: f64) -> f64 {
    assert!(
        (0.0..65520.0).contains(&v),
        "{v} is outside the kernel's range"
    );
    if v == 0.0 {
        return 0.0;
    }
    let e = ((v.to_bits() >> 52) as i32 - 1023).max(-14); // subnormals share 2^-14's quantum
    let q = 2f64.powi(e - 10);
    let r = v / q; // exact: a power-of-two scaling
    let mut f = r.floor();
    if r - f > 0.5 || (r - f == 0.5 && f % 2.0 == 1.0) {
        f += 1.0;
    }
    f * q
}

/// The binary16 encoding of `v`, a non-negative f16 value (as returned by `round_f16`).
fn f16_bits(v: f64) -> u16 {
    if v == 0.0 {
        return 0;
    }
    let e = (v.to_bits() >> 52) as i32 - 1023;
    assert!((-14..=15).contains(&e), "{v} is not a normal f16");
    let m = v / 2f64.powi(e - 10) - 1024.0;
    assert!(
        m.fract() == 0.0 && (0.0..1024.0).contains(&m),
        "{v} is not an f16"
    );
    (((e + 15) as u16) << 10) | m as u16
}

fn f16_tile(reps: u64) -> Vec<u16> {
    let mut acc = [0f64; N];
    for _ in 0..reps {
        for (i, a) in acc.iter_mut().enumerate() {
            let x = i as f64 / N as f64; // exact in f16
            let y = 1.0 - x; // exact in f16
            *a = round_f16(x * y + *a); // vfmacc.vv: one rounding
            *a = round_f16(*a + x); // vfadd.vv
        }
    }
    acc.iter().map(|&a| f16_bits(a)).collect()
}

fn i8_tile(reps: u64) -> Vec<u16> {
    let mut acc = [0i16; N];
    for _ in 0..reps {
        for (i, a) in acc.iter_mut().enumerate() {
            let x = i as u8 as i8 as i16;
            let y = 5u8.wrapping_sub(i as u8) as i8 as i16;
            *a = a.wrapping_add(x * y); // vwmacc.vv: i8·i8 fits in i16
            *a = a.wrapping_add(x); // vwadd.wv
        }
    }
    acc.iter().map(|&a| a as u16).collect()
}

#[test]
fn host_f16_rounding_reference_is_right() {
    // Hand-checked: 1 + 2^-11 is a tie between 1 and 1 + 2^-10 (even: 1); 1 + 3·2^-11
    // rounds up to 1 + 2^-9 (even); 2049 rounds to 2048 (ulp 2, tie, even); 2051 to 2052.
    assert_eq!(round_f16(1.0 + 2f64.powi(-11)), 1.0);
    assert_eq!(round_f16(1.0 + 3.0 * 2f64.powi(-11)), 1.0 + 2f64.powi(-9));
    assert_eq!(round_f16(2049.0), 2048.0);
    assert_eq!(round_f16(2051.0), 2052.0);
    assert_eq!(round_f16(2050.5), 2050.0);
    assert_eq!(f16_bits(1.0), 0x3C00);
    assert_eq!(f16_bits(2f64.powi(-10)), 0x1400);
    assert_eq!(f16_bits(65504.0), 0x7BFF);
    assert_eq!(f16_bits(2048.0), 0x6800);
}

#[test]
fn f16_tile_kernel_matches_host_f16_at_three_lanes() {
    let reps = 5;
    let got = run("f16", "lanes_fma_f16.elf", 256, 3, reps);
    assert_eq!(got, expected(&f16_tile(reps), 3, reps));
}

#[test]
fn f16_tile_kernel_saturates_finite_at_vlen_512() {
    // Past a few thousand reps acc's ulp exceeds twice its increment and every sum
    // rounds back to acc: the tile stays finite (the benchmark's long runs rely on it).
    let reps = 6000;
    let tile = f16_tile(reps);
    assert!(tile.iter().all(|&b| b & 0x7C00 != 0x7C00));
    assert_eq!(
        tile,
        f16_tile(reps + 1),
        "acc is still moving at {reps} reps"
    );
    let got = run("f16", "lanes_fma_f16.elf", 512, 1, reps);
    assert_eq!(got, expected(&tile, 1, reps));
}

#[test]
fn int8_tile_kernel_matches_host_wrapping_int16_at_three_lanes() {
    let reps = 7;
    let got = run("i8", "lanes_wmacc_i8.elf", 256, 3, reps);
    assert_eq!(got, expected(&i8_tile(reps), 3, reps));
}

#[test]
fn int8_tile_kernel_wraps_int16_at_vlen_512() {
    // 300 reps: acc[i] = 300·(x·y + x) leaves int16 for most i, so the wrap is exercised.
    let reps = 300;
    assert!((0..N).any(|i| {
        let x = i as u8 as i8 as i32;
        let y = 5u8.wrapping_sub(i as u8) as i8 as i32;
        (reps as i32 * (x * y + x)).abs() > i16::MAX as i32
    }));
    let got = run("i8", "lanes_wmacc_i8.elf", 512, 2, reps);
    assert_eq!(got, expected(&i8_tile(reps), 2, reps));
}
