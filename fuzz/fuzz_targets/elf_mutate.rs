#![no_main]
// See fuzz/README.md: the first byte picks one of the repository's valid ELFs, the rest
// steers npu_spike::fuzz::mutate_elf (header, program-header and section-header fields,
// segment contents, truncation); the mutant then goes through the elf_load body.
const SEEDS: &[&[u8]] = &[
    include_bytes!("../../examples/hello/hello.elf"),
    include_bytes!("../../tests/pk/bin/exitcode.elf"),
    include_bytes!("../../tests/pk/bin/vecadd.elf"),
    include_bytes!("../../tests/programs/bin/rv64i_arith.elf"),
    include_bytes!("../../tests/programs/bin/rv64c.elf"),
    include_bytes!("../../tests/fixtures/signature.elf"),
    include_bytes!("../../bench/elf/startup.elf"),
    include_bytes!("../../bench/npu/lanes_fma.elf"),
];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&pick, script)) = data.split_first() else {
        return;
    };
    let mutant = npu_spike::fuzz::mutate_elf(SEEDS[pick as usize % SEEDS.len()], script);
    npu_spike::fuzz::elf_load(&mutant);
});
