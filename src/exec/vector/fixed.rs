//! fixed

super::stubs!(
    vsaddu_vv, vsaddu_vx, vsaddu_vi, vsadd_vv, vsadd_vx, vsadd_vi, vssubu_vv, vssubu_vx, vssub_vv,
    vssub_vx, vsmul_vv, vsmul_vx, vssrl_vv, vssrl_vx, vssrl_vi, vssra_vv, vssra_vx, vssra_vi,
    vnclipu_wv, vnclipu_wx, vnclipu_wi, vnclip_wv, vnclip_wx, vnclip_wi, vaaddu_vv, vaaddu_vx,
    vaadd_vv, vaadd_vx, vasubu_vv, vasubu_vx, vasub_vv, vasub_vx,
);
