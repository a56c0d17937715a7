//! The NPU machine configuration (npu-isa.md §1.1).

/// Machine geometry beyond the hart itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineConfig {
    /// Vector lanes `L` (`--vectorlane-size`).
    pub lanes: u32,
}

impl Default for MachineConfig {
    /// The Spike fork's default: 4 lanes.
    fn default() -> Self {
        MachineConfig { lanes: 4 }
    }
}
