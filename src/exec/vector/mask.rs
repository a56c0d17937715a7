//! mask

super::stubs!(
    vcpop_m, vfirst_m, vmsbf_m, vmsof_m, vmsif_m, viota_m, vid_v, vmandn_mm, vmand_mm, vmor_mm,
    vmxor_mm, vmorn_mm, vmnand_mm, vmnor_mm, vmxnor_mm,
);
