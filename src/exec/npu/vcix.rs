//! Custom-2 (opcode 0x5B): the VCIX-encoded NPU operations (npu-isa.md §4).
//!
//! Every op runs on all L lanes whatever the kernel range says, uses `vl` and SEW from
//! `vtype`, walks elements `0 .. vl-1` of register *groups* (ignoring `vm`/`v0` and
//! `vstart`, which it leaves 0), and needs the vector unit enabled and `vtype` legal
//! (else illegal instruction). An operand whose `vl` elements would run past `v31` of a
//! lane's register file is an illegal instruction too (the references index past the
//! file). Refusals of the unit model end the run with the VX exit status and message
//! (`Npu::fail`). The units' state lives in `crate::machine::npu`.

use crate::exec::vector::{R, done, require, require_vec};
use crate::machine::Insn;
use crate::machine::npu::exit;
use crate::machine::npu::fp8::{Fp8, Round, f16_to_f32, f32_to_f16};
use crate::machine::npu::sfu::SfuOp;
use crate::machine::{Hart, VectorUnit};

/// Element `i` (`bytes` wide, little-endian, zero-extended) of the group at `reg` in `lane`.
#[inline(always)]
fn get(v: &VectorUnit, lane: usize, reg: u8, i: usize, bytes: usize) -> u64 {
    let off = reg as usize * v.vlenb + i * bytes;
    let f = v.lane(lane);
    match bytes {
        1 => f[off] as u64,
        2 => u16::from_le_bytes([f[off], f[off + 1]]) as u64,
        4 => u32::from_le_bytes(f[off..off + 4].try_into().unwrap()) as u64,
        _ => u64::from_le_bytes(f[off..off + 8].try_into().unwrap()),
    }
}

/// Writes the low `bytes` bytes of `x` to element `i` of the group at `reg` in `lane`.
#[inline(always)]
fn put(v: &mut VectorUnit, lane: usize, reg: u8, i: usize, bytes: usize, x: u64) {
    let off = reg as usize * v.vlenb + i * bytes;
    let f = v.lane_mut(lane);
    f[off..off + bytes].copy_from_slice(&x.to_le_bytes()[..bytes]);
}

/// The unit is usable (vector unit on, vtype legal) and `vl` elements of `bytes` each
/// from register `reg` stay inside the lane's register file.
#[inline(always)]
fn fits(h: &Hart, reg: u8, bytes: usize) -> bool {
    (reg as usize * h.v.vlenb) + h.v.vl as usize * bytes <= 32 * h.v.vlenb
}

/// Common preamble: the legality checks; returns (L, vl, SEW in bytes).
#[inline(always)]
fn start(h: &Hart, i: &Insn) -> Result<(usize, usize, usize), Box<crate::machine::Trap>> {
    require_vec(h, i, false)?;
    Ok((h.v.lanes, h.v.vl as usize, h.v.sew as usize / 8))
}

/// The simm5 field (bits 19:15) as an unsigned value.
#[inline(always)]
fn field5(i: &Insn) -> u8 {
    ((i.bits >> 15) & 31) as u8
}

/// vlane_idx (§4.3): element i of vd viewed as 64-bit elements = the lane number,
/// whatever SEW is.
pub fn vlane_idx(h: &mut Hart, i: &Insn) -> R {
    let (l, vl, _) = start(h, i)?;
    require!(fits(h, i.rd, 8), i);
    for k in 0..l {
        for e in 0..vl {
            put(&mut h.v, k, i.rd, e, 8, k as u64);
        }
    }
    done(h)
}

/// compute (§4.4): no functional effect (the multiply happens at the input push).
pub fn compute(h: &mut Hart, i: &Insn) -> R {
    start(h, i)?;
    done(h)
}

/// The fp8 format of a push/pop, as the VX model reads it: simm5 1 (E4M3) or 2 (E5M2),
/// anything else None (int8). The descriptor's byte 117 plays no part (docs/npu.md).
fn sa_format(i: &Insn) -> Option<Fp8> {
    Fp8::from_code(field5(i))
}

/// Element conversion on an SA push (§4.4): e8 fp8→f32 or (f32)(int8), e16 half→f32,
/// e32 as is, e64 0.0 (nothing is read).
#[inline(always)]
fn sa_in(v: &VectorUnit, lane: usize, reg: u8, e: usize, bytes: usize, fmt: Option<Fp8>) -> f32 {
    match bytes {
        1 => {
            let b = get(v, lane, reg, e, 1) as u8;
            match fmt {
                Some(f) => f.to_f32(b),
                None => b as i8 as f32,
            }
        }
        2 => f16_to_f32(get(v, lane, reg, e, 2) as u16),
        4 => f32::from_bits(get(v, lane, reg, e, 4) as u32),
        _ => 0.0,
    }
}

/// SA weight push (`sf.vc.iv 1, 0, vs2, fmt`).
pub fn w_vpush(h: &mut Hart, i: &Insn) -> R {
    let (_, vl, bytes) = start(h, i)?;
    require!(fits(h, i.rs2, bytes), i);
    let fmt = sa_format(i);
    let (v, vs2) = (&h.v, i.rs2);
    h.npu
        .sa
        .push_weights(vl, |j, e| sa_in(v, j, vs2, e, bytes, fmt));
    done(h)
}

/// SA input push (`sf.vc.iv 0, 0, vs2, fmt`): computes the rows at once.
pub fn i_vpush(h: &mut Hart, i: &Insn) -> R {
    let (_, vl, bytes) = start(h, i)?;
    require!(fits(h, i.rs2, bytes), i);
    if !h.npu.sa.has_weights() {
        return Err(h.npu.fail(
            exit::REFUSED,
            "tpu: systolic input push: no weight was pushed before it".into(),
        ));
    }
    let fmt = sa_format(i);
    let (v, vs2) = (&h.v, i.rs2);
    h.npu
        .sa
        .push_inputs(vl, |k, e| sa_in(v, k, vs2, e, bytes, fmt));
    done(h)
}

/// f32 → int8 as the C conversion on x86-64: truncation to int32 (NaN and out-of-range
/// values give 0x80000000), low 8 bits.
fn f32_to_int8(y: f32) -> u8 {
    // NaN also fails the range test.
    if !(-2147483648.0..2147483648.0).contains(&y) {
        0
    } else {
        y as i32 as u8
    }
}

/// SA pop (`sf.vc.v.i 2, 0, vd, fmt`).
pub fn vpop(h: &mut Hart, i: &Insn) -> R {
    let (l, vl, bytes) = start(h, i)?;
    // e64 pops write singles into a 32-bit view.
    let wbytes = bytes.min(4);
    require!(fits(h, i.rd, wbytes), i);
    let ready = h.npu.sa.ready;
    if ready < vl as u64 {
        return Err(h.npu.fail(
            exit::REFUSED,
            format!("tpu: systolic pop: {vl} elements asked, {ready} computed"),
        ));
    }
    let fmt = sa_format(i);
    let round = Round::from_frm(h.csr.frm);
    for j in 0..l {
        for e in 0..vl {
            let Some(y) = h.npu.sa.pop(j) else { break };
            let x = match wbytes {
                1 => match fmt {
                    Some(f) => f.from_f32(y, round) as u64,
                    None => f32_to_int8(y) as u64,
                },
                2 => f32_to_f16(y, round) as u64,
                _ => y.to_bits() as u64,
            };
            put(&mut h.v, j, i.rd, e, wbytes, x);
        }
    }
    h.npu.sa.ready -= vl as u64;
    done(h)
}

/// An SFU op (§4.5): vd[k][e] = f(vs2[k][e]) for every lane; e16 (RNE), e32, and e64
/// for vlog/vatan; other SEWs end the run with exit 1.
fn sfu(h: &mut Hart, i: &Insn, op: SfuOp) -> R {
    let (l, vl, bytes) = start(h, i)?;
    let supported = matches!(bytes, 2 | 4) || (bytes == 8 && op.f64(0.0).is_some());
    if !supported {
        return Err(h.npu.fail(
            exit::REFUSED,
            format!(
                "tpu: {}: an element of {} bits is not supported",
                op.name(),
                bytes * 8
            ),
        ));
    }
    require!(fits(h, i.rs2, bytes) && fits(h, i.rd, bytes), i);
    let (vd, vs2) = (i.rd, i.rs2);
    for k in 0..l {
        for e in 0..vl {
            let x = get(&h.v, k, vs2, e, bytes);
            let y = match bytes {
                2 => op.f16(x as u16) as u64,
                4 => op.f32(f32::from_bits(x as u32)).to_bits() as u64,
                _ => op.f64(f64::from_bits(x)).unwrap_or(0.0).to_bits(),
            };
            put(&mut h.v, k, vd, e, bytes, y);
        }
    }
    done(h)
}

pub fn verf(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Erf)
}
pub fn vtanh(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Tanh)
}
pub fn vexp(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Exp)
}
pub fn vsin(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Sin)
}
pub fn vcos(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Cos)
}
pub fn vlog(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Log)
}
pub fn vatan(h: &mut Hart, i: &Insn) -> R {
    sfu(h, i, SfuOp::Atan)
}

/// XLU push of vs2: raw elements (e8/e16/e32 zero-extended, e64 → 0), or, for a LOAD
/// operation of a plain push (`pattern` false), the 32-bit view of vs2 into the
/// post-pattern rows. A pattern push never loads (VX): its operation is latched as is.
fn xlu_push_data(h: &mut Hart, i: &Insn, vl: usize, bytes: usize, pattern: bool) -> R {
    let op = field5(i);
    let load = !pattern && crate::machine::npu::xlu::Xlu::is_load(op);
    require!(fits(h, i.rs2, if load { 4 } else { bytes }), i);
    let (v, vs2) = (&h.v, i.rs2);
    h.npu.xlu.push(
        op,
        load,
        vl,
        |k, e| {
            if bytes == 8 {
                0
            } else {
                get(v, k, vs2, e, bytes) as u32
            }
        },
        |k, e| get(v, k, vs2, e, 4) as u32,
    );
    Ok(())
}

/// xlu_push (`sf.vc.iv 3, 0, vs2, op`).
pub fn xlu_push(h: &mut Hart, i: &Insn) -> R {
    let (_, vl, bytes) = start(h, i)?;
    xlu_push_data(h, i, vl, bytes, false)?;
    done(h)
}

/// xlu_push_pattern (`sf.vc.ivv 3, vP, vs2, op`): xlu_push, plus element i of vP read
/// as 32-bit (a lane number) appended to each lane's pre-pattern row.
pub fn xlu_push_pattern(h: &mut Hart, i: &Insn) -> R {
    let (_, vl, bytes) = start(h, i)?;
    require!(fits(h, i.rd, 4), i);
    xlu_push_data(h, i, vl, bytes, true)?;
    let (v, vp) = (&h.v, i.rd);
    h.npu
        .xlu
        .push_pattern(vl, |k, e| get(v, k, vp, e, 4) as u32);
    done(h)
}

/// xlu_pop (`sf.vc.v.i 1, 0, vd, label`): runs the pending tile, then drains up to vl
/// words per lane into vd (low SEW bits; e64 writes 32-bit words into a 32-bit view).
pub fn xlu_pop(h: &mut Hart, i: &Insn) -> R {
    let (l, vl, bytes) = start(h, i)?;
    let wbytes = bytes.min(4);
    require!(fits(h, i.rd, wbytes), i);
    if let Err(m) = h.npu.xlu.run_if_pending() {
        return Err(h.npu.fail(exit::STACK_OVERFLOW, m.message));
    }
    for k in 0..l {
        for e in 0..vl {
            let Some(w) = h.npu.xlu.pop(k) else { break };
            put(&mut h.v, k, i.rd, e, wbytes, w as u64);
        }
    }
    done(h)
}

/// MSA push (`sf.vc.iv 2, 0, vs2, field`, §4.7): vl 32-bit words per lane, weights or
/// inputs by the field; the elements must be 32 bits (else exit 1, as VX).
pub fn msa_push(h: &mut Hart, i: &Insn) -> R {
    let (_, vl, bytes) = start(h, i)?;
    if bytes != 4 {
        return Err(h.npu.fail(
            exit::REFUSED,
            format!(
                "tpu: msa push: its elements are words of 32 bits, not of {}",
                bytes * 8
            ),
        ));
    }
    require!(fits(h, i.rs2, 4), i);
    let (v, vs2) = (&h.v, i.rs2);
    if let Err(r) = h
        .npu
        .msa
        .push(field5(i), vl, |k, e| get(v, k, vs2, e, 4) as u32)
    {
        return Err(h.npu.fail(exit::REFUSED, r.message));
    }
    done(h)
}

/// MSA pop (`sf.vc.v.i 3, 0, vd, field`): up to vl results per lane (a lane whose queue
/// runs dry stops; no count check), always rounded to nearest even whatever `frm` says:
/// e8 E5M2 when field[1:0] = 3, else E4M3; e16 half; e32 single; e64 singles into a
/// 32-bit view.
pub fn msa_pop(h: &mut Hart, i: &Insn) -> R {
    let (l, vl, bytes) = start(h, i)?;
    let wbytes = bytes.min(4);
    require!(fits(h, i.rd, wbytes), i);
    let byte = if field5(i) & 3 == crate::machine::npu::msa::E5M2 {
        Fp8::E5M2
    } else {
        Fp8::E4M3
    };
    for j in 0..l {
        for e in 0..vl {
            let Some(y) = h.npu.msa.pop(j) else { break };
            let x = match wbytes {
                1 => byte.from_f32(y, Round::NearEven) as u64,
                2 => f32_to_f16(y, Round::NearEven) as u64,
                _ => y.to_bits() as u64,
            };
            put(&mut h.v, j, i.rd, e, wbytes, x);
        }
    }
    done(h)
}
