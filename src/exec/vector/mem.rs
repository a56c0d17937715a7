//! mem

super::stubs!(
    vle8_v, vlse8_v, vluxei8_v, vloxei8_v, vse8_v, vsse8_v, vsuxei8_v, vsoxei8_v, vle8ff_v,
    vl1re8_v, vle16_v, vlse16_v, vluxei16_v, vloxei16_v, vse16_v, vsse16_v, vsuxei16_v, vsoxei16_v,
    vle16ff_v, vl1re16_v, vle32_v, vlse32_v, vluxei32_v, vloxei32_v, vse32_v, vsse32_v, vsuxei32_v,
    vsoxei32_v, vle32ff_v, vl1re32_v, vle64_v, vlse64_v, vluxei64_v, vloxei64_v, vse64_v, vsse64_v,
    vsuxei64_v, vsoxei64_v, vle64ff_v, vl1re64_v, vs1r_v, vlm_v, vsm_v,
);
