//! reduce

super::stubs!(
    vwredsumu_vs,
    vwredsum_vs,
    vredsum_vs,
    vredand_vs,
    vredor_vs,
    vredxor_vs,
    vredminu_vs,
    vredmin_vs,
    vredmaxu_vs,
    vredmax_vs,
    vfredusum_vs,
    vfredosum_vs,
    vfredmin_vs,
    vfredmax_vs,
    vfwredusum_vs,
    vfwredosum_vs,
);
