#![no_main]
// See fuzz/README.md; the body is shared with the stable run in tests/fuzz.rs.
libfuzzer_sys::fuzz_target!(|data: &[u8]| npu_spike::fuzz::dma_descriptor(data));
