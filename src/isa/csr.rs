//! CSR numbers and names (the architecture's, as the disassembler prints them); the
//! CSR state and its rules are `crate::machine::csr`.

/// CSR numbers used by the simulator itself.
pub mod addr {
    pub const FFLAGS: u16 = 0x001;
    pub const FRM: u16 = 0x002;
    pub const FCSR: u16 = 0x003;
    pub const VSTART: u16 = 0x008;
    pub const VXSAT: u16 = 0x009;
    pub const VXRM: u16 = 0x00a;
    pub const VCSR: u16 = 0x00f;
    pub const VL: u16 = 0xc20;
    pub const VTYPE: u16 = 0xc21;
    pub const VLENB: u16 = 0xc22;
    pub const CYCLE: u16 = 0xc00;
    pub const TIME: u16 = 0xc01;
    pub const INSTRET: u16 = 0xc02;
    pub const SSTATUS: u16 = 0x100;
    pub const SIE: u16 = 0x104;
    pub const STVEC: u16 = 0x105;
    pub const SCOUNTEREN: u16 = 0x106;
    pub const SENVCFG: u16 = 0x10a;
    pub const SSCRATCH: u16 = 0x140;
    pub const SEPC: u16 = 0x141;
    pub const SCAUSE: u16 = 0x142;
    pub const STVAL: u16 = 0x143;
    pub const SIP: u16 = 0x144;
    pub const SATP: u16 = 0x180;
    pub const MSTATUS: u16 = 0x300;
    pub const MISA: u16 = 0x301;
    pub const MEDELEG: u16 = 0x302;
    pub const MIDELEG: u16 = 0x303;
    pub const MIE: u16 = 0x304;
    pub const MTVEC: u16 = 0x305;
    pub const MCOUNTEREN: u16 = 0x306;
    pub const MENVCFG: u16 = 0x30a;
    pub const MCOUNTINHIBIT: u16 = 0x320;
    pub const MSCRATCH: u16 = 0x340;
    pub const MEPC: u16 = 0x341;
    pub const MCAUSE: u16 = 0x342;
    pub const MTVAL: u16 = 0x343;
    pub const MIP: u16 = 0x344;
    pub const MCYCLE: u16 = 0xb00;
    pub const MINSTRET: u16 = 0xb02;
    pub const MVENDORID: u16 = 0xf11;
    pub const MARCHID: u16 = 0xf12;
    pub const MIMPID: u16 = 0xf13;
    pub const MHARTID: u16 = 0xf14;
    pub const MCONFIGPTR: u16 = 0xf15;
    pub const TSELECT: u16 = 0x7a0;
    pub const TDATA1: u16 = 0x7a1;
    pub const TDATA2: u16 = 0x7a2;
    pub const TDATA3: u16 = 0x7a3;
    pub const TINFO: u16 = 0x7a4;
}

/// Name of a CSR for the disassembler (hex when unnamed).
pub fn csr_name(csr: u16) -> String {
    use addr::*;
    let s = match csr {
        FFLAGS => "fflags",
        FRM => "frm",
        FCSR => "fcsr",
        VSTART => "vstart",
        VXSAT => "vxsat",
        VXRM => "vxrm",
        VCSR => "vcsr",
        VL => "vl",
        VTYPE => "vtype",
        VLENB => "vlenb",
        CYCLE => "cycle",
        TIME => "time",
        INSTRET => "instret",
        SSTATUS => "sstatus",
        SIE => "sie",
        STVEC => "stvec",
        SCOUNTEREN => "scounteren",
        SENVCFG => "senvcfg",
        SSCRATCH => "sscratch",
        SEPC => "sepc",
        SCAUSE => "scause",
        STVAL => "stval",
        SIP => "sip",
        SATP => "satp",
        MSTATUS => "mstatus",
        MISA => "misa",
        MEDELEG => "medeleg",
        MIDELEG => "mideleg",
        MIE => "mie",
        MTVEC => "mtvec",
        MCOUNTEREN => "mcounteren",
        MENVCFG => "menvcfg",
        MCOUNTINHIBIT => "mcountinhibit",
        MSCRATCH => "mscratch",
        MEPC => "mepc",
        MCAUSE => "mcause",
        MTVAL => "mtval",
        MIP => "mip",
        MCYCLE => "mcycle",
        MINSTRET => "minstret",
        MVENDORID => "mvendorid",
        MARCHID => "marchid",
        MIMPID => "mimpid",
        MHARTID => "mhartid",
        TSELECT => "tselect",
        TDATA1 => "tdata1",
        _ => return format!("{csr:#x}"),
    };
    s.to_string()
}
