//! Custom-1 DMA instructions (npu-isa.md §3.1): thin handlers over the engine in
//! `crate::machine::npu::dma`. rd is ignored by every one of them.

use crate::machine::Hart;
use crate::machine::npu::dma::{self, Dir};
use crate::machine::{ExecResult, Insn};

/// CONFIG_DESC: X[rs1] is the descriptor address (read by the transfers, not here).
pub fn config_desc(h: &mut Hart, i: &Insn) -> ExecResult {
    let ptr = h.x(i.rs1);
    dma::config_desc(h, ptr)
}

/// DMA_INDEX_KEY (funct7 8, VX): X[rs1] names the indirect transfers after it (their
/// index dumps become `indirect_index_<key>_<n>.raw`).
pub fn dma_index_key(h: &mut Hart, i: &Insn) -> ExecResult {
    let key = h.x(i.rs1);
    dma::index_key(h, key)
}

/// MVIN: DRAM X[rs1] -> scratchpad X[rs2].
pub fn mvin(h: &mut Hart, i: &Insn) -> ExecResult {
    let (dram, spad) = (h.x(i.rs1), h.x(i.rs2));
    dma::transfer(h, Dir::In, dram, spad)
}

/// MVIN2: the same transfer as MVIN (a separate stream only for timing).
pub fn mvin2(h: &mut Hart, i: &Insn) -> ExecResult {
    mvin(h, i)
}

/// MVIN3: the same transfer as MVIN (a separate stream only for timing).
pub fn mvin3(h: &mut Hart, i: &Insn) -> ExecResult {
    mvin(h, i)
}

/// MVOUT: scratchpad X[rs2] -> DRAM X[rs1].
pub fn mvout(h: &mut Hart, i: &Insn) -> ExecResult {
    let (dram, spad) = (h.x(i.rs1), h.x(i.rs2));
    dma::transfer(h, Dir::Out, dram, spad)
}

/// Legacy CONFIG: dimensions, element size, split axis, indirect bit, lane stride.
pub fn config(h: &mut Hart, i: &Insn) -> ExecResult {
    let (a, b) = (h.x(i.rs1), h.x(i.rs2));
    h.npu.dma.config_legacy(0, a, b);
    Ok(())
}

/// Legacy CONFIG2: DRAM strides.
pub fn config2(h: &mut Hart, i: &Insn) -> ExecResult {
    let (a, b) = (h.x(i.rs1), h.x(i.rs2));
    h.npu.dma.config_legacy(2, a, b);
    Ok(())
}

/// Legacy CONFIG3: scratchpad strides.
pub fn config3(h: &mut Hart, i: &Insn) -> ExecResult {
    let (a, b) = (h.x(i.rs1), h.x(i.rs2));
    h.npu.dma.config_legacy(3, a, b);
    Ok(())
}

/// Legacy CONFIG4: index tile address, index stride and index element size.
pub fn config4(h: &mut Hart, i: &Insn) -> ExecResult {
    let (a, b) = (h.x(i.rs1), h.x(i.rs2));
    h.npu.dma.config_legacy(4, a, b);
    Ok(())
}
