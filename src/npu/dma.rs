//! The DMA engine (custom-1, npu-isa.md §3): CONFIG_DESC and the 160-byte
//! descriptor, MVIN/MVIN2/MVIN3/MVOUT between DRAM and the lane-banked scratchpad,
//! and the legacy CONFIG..CONFIG4 registers of the older route.

/// DMA state that persists between instructions.
#[derive(Clone, Debug, Default)]
pub struct DmaState {
    /// Descriptor address from the last CONFIG_DESC (the descriptor itself is re-read
    /// at every transfer).
    pub desc_ptr: u64,
    /// Element type latched from descriptor byte 117 at CONFIG_DESC (0 = int8 until then).
    pub elem_dtype: u8,
    /// MVINs completed (`dma_counter`, used by the sparse-tile dump).
    pub mvin_count: u64,
    /// Index dumps written so far (names `indirect_index<C>.raw`).
    pub index_dumps: u64,
}
