//! permute

super::stubs!(
    vrgather_vv,
    vrgather_vx,
    vrgather_vi,
    vrgatherei16_vv,
    vslideup_vx,
    vslideup_vi,
    vslidedown_vx,
    vslidedown_vi,
    vmv1r_v,
    vslide1up_vx,
    vslide1down_vx,
    vmv_x_s,
    vmv_s_x,
    vcompress_vm,
    vfslide1up_vf,
    vfslide1down_vf,
    vfmv_f_s,
    vfmv_s_f,
);
