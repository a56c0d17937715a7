//! Minimal static ELF64 writer for RISC-V: one ELF header, one PT_LOAD RWX
//! program header, no sections, no symbols.

pub const EM_RISCV: u16 = 243;
/// EF_RISCV_RVC (0x1) | EF_RISCV_FLOAT_ABI_DOUBLE (0x4)
pub const E_FLAGS: u32 = 0x5;
const PAGE: u64 = 0x1000;

/// Build an ELF image whose single segment `seg` is loaded at `vaddr`
/// (page aligned) with flags RWX, entry point `entry`; the segment's memory
/// size is `memsz` (>= seg.len(), the rest zero-filled).
pub fn write_elf(seg: &[u8], memsz: usize, vaddr: u64, entry: u64) -> Vec<u8> {
    assert!(memsz >= seg.len());
    assert!(vaddr.is_multiple_of(PAGE));
    let seg_off: u64 = PAGE; // segment data starts at file offset 0x1000
    let mut f = Vec::with_capacity(seg_off as usize + seg.len());
    // e_ident
    f.extend_from_slice(&[
        0x7f, b'E', b'L', b'F', 2, /*64-bit*/
        1, /*LE*/
        1, /*version*/
        0, /*SYSV*/
    ]);
    f.extend_from_slice(&[0u8; 8]);
    put16(&mut f, 2); // e_type = ET_EXEC
    put16(&mut f, EM_RISCV); // e_machine
    put32(&mut f, 1); // e_version
    put64(&mut f, entry); // e_entry
    put64(&mut f, 64); // e_phoff
    put64(&mut f, 0); // e_shoff
    put32(&mut f, E_FLAGS); // e_flags
    put16(&mut f, 64); // e_ehsize
    put16(&mut f, 56); // e_phentsize
    put16(&mut f, 1); // e_phnum
    put16(&mut f, 64); // e_shentsize
    put16(&mut f, 0); // e_shnum
    put16(&mut f, 0); // e_shstrndx
    assert_eq!(f.len(), 64);
    // program header
    put32(&mut f, 1); // p_type = PT_LOAD
    put32(&mut f, 7); // p_flags = R|W|X
    put64(&mut f, seg_off); // p_offset
    put64(&mut f, vaddr); // p_vaddr
    put64(&mut f, vaddr); // p_paddr
    put64(&mut f, seg.len() as u64); // p_filesz
    put64(&mut f, memsz as u64); // p_memsz
    put64(&mut f, PAGE); // p_align
    assert_eq!(f.len(), 120);
    f.resize(seg_off as usize, 0);
    f.extend_from_slice(seg);
    f
}

fn put16(f: &mut Vec<u8>, v: u16) {
    f.extend_from_slice(&v.to_le_bytes());
}
fn put32(f: &mut Vec<u8>, v: u32) {
    f.extend_from_slice(&v.to_le_bytes());
}
fn put64(f: &mut Vec<u8>, v: u64) {
    f.extend_from_slice(&v.to_le_bytes());
}

/// Relocatable ELF64 object holding `code` in `.text` plus a
/// `.riscv.attributes` section naming `arch`.  Used only by the objdump
/// encoder check: binutils picks the extensions to decode (e.g. Zfh) from
/// Tag_RISCV_arch, which a raw `-b binary` disassembly cannot be given.
pub fn write_rel_object(code: &[u8], arch: &str) -> Vec<u8> {
    // .riscv.attributes: 'A', <len>"riscv\0", Tag_File(1) <len> Tag_RISCV_arch(5) "arch\0"
    let mut file_sub = vec![1u8];
    let sub_len = 1 + 4 + 1 + arch.len() as u32 + 1;
    file_sub.extend_from_slice(&sub_len.to_le_bytes());
    file_sub.push(5);
    file_sub.extend_from_slice(arch.as_bytes());
    file_sub.push(0);
    let mut attr = vec![b'A'];
    attr.extend_from_slice(&(4 + 6 + file_sub.len() as u32).to_le_bytes());
    attr.extend_from_slice(b"riscv\0");
    attr.extend_from_slice(&file_sub);

    let shstr = b"\0.text\0.riscv.attributes\0.shstrtab\0";
    let (n_text, n_attr, n_shstr) = (1u32, 7u32, 25u32);

    let mut f = Vec::new();
    f.extend_from_slice(&[0x7f, b'E', b'L', b'F', 2, 1, 1, 0]);
    f.extend_from_slice(&[0u8; 8]);
    put16(&mut f, 1); // ET_REL
    put16(&mut f, EM_RISCV);
    put32(&mut f, 1);
    put64(&mut f, 0); // e_entry
    put64(&mut f, 0); // e_phoff
    let shoff_pos = f.len();
    put64(&mut f, 0); // e_shoff, patched below
    put32(&mut f, E_FLAGS);
    put16(&mut f, 64);
    put16(&mut f, 0);
    put16(&mut f, 0);
    put16(&mut f, 64);
    put16(&mut f, 4); // e_shnum
    put16(&mut f, 3); // e_shstrndx
    let text_off = f.len() as u64;
    f.extend_from_slice(code);
    let attr_off = f.len() as u64;
    f.extend_from_slice(&attr);
    let shstr_off = f.len() as u64;
    f.extend_from_slice(shstr);
    while f.len() % 8 != 0 {
        f.push(0);
    }
    let shoff = f.len() as u64;
    f[shoff_pos..shoff_pos + 8].copy_from_slice(&shoff.to_le_bytes());
    let mut sh = |name: u32, ty: u32, flags: u64, off: u64, size: u64, align: u64| {
        put32(&mut f, name);
        put32(&mut f, ty);
        put64(&mut f, flags);
        put64(&mut f, 0); // sh_addr
        put64(&mut f, off);
        put64(&mut f, size);
        put32(&mut f, 0); // sh_link
        put32(&mut f, 0); // sh_info
        put64(&mut f, align);
        put64(&mut f, 0); // sh_entsize
    };
    sh(0, 0, 0, 0, 0, 0);
    sh(n_text, 1, 0x6, text_off, code.len() as u64, 2); // PROGBITS, ALLOC|EXECINSTR
    sh(n_attr, 0x7000_0003, 0, attr_off, attr.len() as u64, 1); // SHT_RISCV_ATTRIBUTES
    sh(n_shstr, 3, 0, shstr_off, shstr.len() as u64, 1); // STRTAB
    f
}
