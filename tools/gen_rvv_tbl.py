#!/usr/bin/env python3
"""Writes isa/rvv_*.tbl (RVV 1.0 + Zvfh instruction rows) from the funct6 tables of the
RVV 1.0 specification (chapter "Vector Instruction Listing"). The .tbl files are the
source of truth once generated; this script documents how they were produced."""
import os

OUT = os.path.join(os.path.dirname(__file__), '..', 'isa')
files = {}

def row(mod, mn, ops, enc, cls, flags=''):
    files.setdefault(mod, []).append((mn, ops, enc, cls, flags))

def b(v, n):
    return format(v, '0%db' % n)

def opv(f6, vm, vs2, vs1, f3):
    """OP-V encoding; None fields are operand bits."""
    f = lambda x, n: '.' * n if x is None else b(x, n)
    return '_'.join([b(f6, 6), f(vm, 1), f(vs2, 5), f(vs1, 5), b(f3, 3), '.....', '1010111'])

OPIVV, OPFVV, OPMVV, OPIVI, OPIVX, OPFVF, OPMVX = 0, 1, 2, 3, 4, 5, 6
SUFFIX_F3 = {'vv': OPIVV, 'vx': OPIVX, 'vi': OPIVI}

# ---- configuration
row('config', 'vsetvli', 'rd,rs1,vtypei11', '0...........' + '_....._111_....._1010111', 'vset')
row('config', 'vsetivli', 'rd,avl5,vtypei10', '11..........' + '_....._111_....._1010111', 'vset')
row('config', 'vsetvl', 'rd,rs1,rs2', '1000000_....._....._111_....._1010111', 'vset')

# ---- memory
W = {8: 0b000, 16: 0b101, 32: 0b110, 64: 0b111}
def mem(nf, mop, vm, field, width, store):
    return '_'.join([b(nf, 3) if nf is not None else '...', '0', b(mop, 2), vm, field, '.....', b(width, 3), '.....',
                     '0100111' if store else '0000111'])
for ew, wbits in W.items():
    for nf in range(8):
        seg = '' if nf == 0 else 'seg%d' % (nf + 1)
        for st in (False, True):
            l = 's' if st else 'l'
            v = 'vs3' if st else 'vd'
            cls = 'vstore' if st else 'vload'
            base = 'v%se%d.v' % (l, ew)
            fl = '' if nf == 0 else '=> ' + base
            row('mem', 'v%s%se%d.v' % (l, seg, ew), v + ',(rs1),vm', mem(nf, 0, '.', '00000', wbits, st), cls, fl)
            sbase = 'v%sse%d.v' % (l, ew)
            row('mem', 'v%ss%se%d.v' % (l, seg, ew), v + ',(rs1),rs2,vm', mem(nf, 2, '.', '.....', wbits, st), cls,
                '' if nf == 0 else '=> ' + sbase)
            for mop, o in ((1, 'u'), (3, 'o')):
                ibase = 'v%s%sxei%d.v' % (l, o, ew)
                row('mem', 'v%s%sx%sei%d.v' % (l, o, seg, ew), v + ',(rs1),vs2,vm', mem(nf, mop, '.', '.....', wbits, st), cls,
                    '' if nf == 0 else '=> ' + ibase)
        ffbase = 'vle%dff.v' % ew
        row('mem', 'vl%se%dff.v' % (seg, ew), 'vd,(rs1),vm', mem(nf, 0, '.', '10000', wbits, False), 'vload',
            '' if nf == 0 else '=> ' + ffbase)
    for n in (1, 2, 4, 8):
        row('mem', 'vl%dre%d.v' % (n, ew), 'vd,(rs1)', mem(n - 1, 0, '1', '01000', wbits, False), 'vload',
            '' if n == 1 else '=> vl1re%d.v' % ew)
for n in (1, 2, 4, 8):
    row('mem', 'vs%dr.v' % n, 'vs3,(rs1)', mem(n - 1, 0, '1', '01000', 0, True), 'vstore', '' if n == 1 else '=> vs1r.v')
row('mem', 'vlm.v', 'vd,(rs1)', mem(0, 0, '1', '01011', 0, False), 'vload')
row('mem', 'vsm.v', 'vs3,(rs1)', mem(0, 0, '1', '01011', 0, True), 'vstore')

# ---- OPI integer ops: name, funct6, forms, module, class, vi immediate kind
def opi(mod, name, f6, forms, cls, imm='simm5'):
    for fm in forms:
        src = {'vv': 'vs1', 'vx': 'rs1', 'vi': imm}[fm]
        row(mod, '%s.%s' % (name, fm), 'vd,vs2,%s,vm' % src, opv(f6, None, None, None, SUFFIX_F3[fm]), cls)

for name, f6, forms in [('vadd', 0, 'vv vx vi'), ('vsub', 2, 'vv vx'), ('vrsub', 3, 'vx vi'),
                        ('vminu', 4, 'vv vx'), ('vmin', 5, 'vv vx'), ('vmaxu', 6, 'vv vx'), ('vmax', 7, 'vv vx'),
                        ('vand', 9, 'vv vx vi'), ('vor', 10, 'vv vx vi'), ('vxor', 11, 'vv vx vi')]:
    opi('int', name, f6, forms.split(), 'valu')
for name, f6, forms in [('vsll', 0o45, 'vv vx vi'), ('vsrl', 0o50, 'vv vx vi'), ('vsra', 0o51, 'vv vx vi')]:
    opi('int', name, f6, forms.split(), 'valu', 'uimm5')
for name, f6, forms, imm in [('vmseq', 0o30, 'vv vx vi', 'simm5'), ('vmsne', 0o31, 'vv vx vi', 'simm5'),
                             ('vmsltu', 0o32, 'vv vx', 'simm5'), ('vmslt', 0o33, 'vv vx', 'simm5'),
                             ('vmsleu', 0o34, 'vv vx vi', 'simm5'), ('vmsle', 0o35, 'vv vx vi', 'simm5'),
                             ('vmsgtu', 0o36, 'vx vi', 'simm5'), ('vmsgt', 0o37, 'vx vi', 'simm5')]:
    opi('int', name, f6, forms.split(), 'valu', imm)
# narrowing shifts (vd, vs2 wide)
for name, f6 in [('vnsrl', 0o54), ('vnsra', 0o55)]:
    for fm, src in (('wv', 'vs1'), ('wx', 'rs1'), ('wi', 'uimm5')):
        row('int', '%s.%s' % (name, fm), 'vd,vs2,%s,vm' % src, opv(f6, None, None, None, SUFFIX_F3['v' + fm[1]]), 'valu')
# carry ops
for name, f6, forms in [('vadc', 0o20, 'vvm vxm vim'), ('vsbc', 0o22, 'vvm vxm')]:
    for fm in forms.split():
        src = {'vvm': 'vs1', 'vxm': 'rs1', 'vim': 'simm5'}[fm]
        row('int', '%s.%s' % (name, fm), 'vd,vs2,%s,v0' % src, opv(f6, 0, None, None, SUFFIX_F3[fm[:2]]), 'valu')
for name, f6, forms in [('vmadc', 0o21, 'vvm vxm vim vv vx vi'), ('vmsbc', 0o23, 'vvm vxm vv vx')]:
    for fm in forms.split():
        src = {'v': 'vs1', 'x': 'rs1', 'i': 'simm5'}[fm[1]]
        if fm.endswith('m'):
            row('int', '%s.%s' % (name, fm), 'vd,vs2,%s,v0' % src, opv(f6, 0, None, None, SUFFIX_F3[fm[:2]]), 'valu')
        else:
            row('int', '%s.%s' % (name, fm), 'vd,vs2,%s' % src, opv(f6, 1, None, None, SUFFIX_F3[fm]), 'valu')
for fm in ('vvm', 'vxm', 'vim'):
    src = {'v': 'vs1', 'x': 'rs1', 'i': 'simm5'}[fm[1]]
    row('int', 'vmerge.' + fm, 'vd,vs2,%s,v0' % src, opv(0o27, 0, None, None, SUFFIX_F3[fm[:2]]), 'valu')
for fm in ('v', 'x', 'i'):
    src = {'v': 'vs1', 'x': 'rs1', 'i': 'simm5'}[fm]
    row('int', 'vmv.v.' + fm, 'vd,%s' % src, opv(0o27, 1, 0, None, SUFFIX_F3['v' + fm]), 'valu')
# fixed point OPI
for name, f6, forms in [('vsaddu', 0o40, 'vv vx vi'), ('vsadd', 0o41, 'vv vx vi'), ('vssubu', 0o42, 'vv vx'),
                        ('vssub', 0o43, 'vv vx'), ('vsmul', 0o47, 'vv vx')]:
    opi('fixed', name, f6, forms.split(), 'vmul' if name == 'vsmul' else 'valu')
for name, f6 in [('vssrl', 0o52), ('vssra', 0o53)]:
    opi('fixed', name, f6, ['vv', 'vx', 'vi'], 'valu', 'uimm5')
for name, f6 in [('vnclipu', 0o56), ('vnclip', 0o57)]:
    for fm, src in (('wv', 'vs1'), ('wx', 'rs1'), ('wi', 'uimm5')):
        row('fixed', '%s.%s' % (name, fm), 'vd,vs2,%s,vm' % src, opv(f6, None, None, None, SUFFIX_F3['v' + fm[1]]), 'valu')
# permutations (OPI)
opi('permute', 'vrgather', 0o14, ['vv', 'vx', 'vi'], 'vperm', 'uimm5')
row('permute', 'vrgatherei16.vv', 'vd,vs2,vs1,vm', opv(0o16, None, None, None, OPIVV), 'vperm')
for name, f6 in [('vslideup', 0o16), ('vslidedown', 0o17)]:
    opi('permute', name, f6, ['vx', 'vi'], 'vperm', 'uimm5')
for n in (1, 2, 4, 8):
    row('permute', 'vmv%dr.v' % n, 'vd,vs2', opv(0o47, 1, None, n - 1, OPIVI), 'vperm', '' if n == 1 else '=> vmv1r.v')
# widening integer reductions (OPIVV)
row('reduce', 'vwredsumu.vs', 'vd,vs2,vs1,vm', opv(0o60, None, None, None, OPIVV), 'vred')
row('reduce', 'vwredsum.vs', 'vd,vs2,vs1,vm', opv(0o61, None, None, None, OPIVV), 'vred')

# ---- OPM
def opm(mod, name, f6, forms, cls, madd=False):
    for fm in forms:
        f3 = OPMVV if fm[1] in 'vs' else OPMVX
        src = 'vs1' if fm[1] in 'vs' else 'rs1'
        ops = 'vd,%s,vs2,vm' % src if madd else 'vd,vs2,%s,vm' % src
        row(mod, '%s.%s' % (name, fm), ops, opv(f6, None, None, None, f3), cls)
for name, f6 in [('vredsum', 0), ('vredand', 1), ('vredor', 2), ('vredxor', 3), ('vredminu', 4),
                 ('vredmin', 5), ('vredmaxu', 6), ('vredmax', 7)]:
    opm('reduce', name, f6, ['vs'], 'vred')
for name, f6 in [('vaaddu', 0o10), ('vaadd', 0o11), ('vasubu', 0o12), ('vasub', 0o13)]:
    opm('fixed', name, f6, ['vv', 'vx'], 'valu')
opm('permute', 'vslide1up', 0o16, ['vx'], 'vperm')
opm('permute', 'vslide1down', 0o17, ['vx'], 'vperm')
row('permute', 'vmv.x.s', 'rd,vs2', opv(0o20, 1, None, 0, OPMVV), 'vperm')
row('mask', 'vcpop.m', 'rd,vs2,vm', opv(0o20, None, None, 0b10000, OPMVV), 'vmask')
row('mask', 'vfirst.m', 'rd,vs2,vm', opv(0o20, None, None, 0b10001, OPMVV), 'vmask')
row('permute', 'vmv.s.x', 'vd,rs1', opv(0o20, 1, 0, None, OPMVX), 'vperm')
for name, code in [('vzext.vf8', 2), ('vsext.vf8', 3), ('vzext.vf4', 4), ('vsext.vf4', 5), ('vzext.vf2', 6), ('vsext.vf2', 7)]:
    row('int', name, 'vd,vs2,vm', opv(0o22, None, None, code, OPMVV), 'valu')
for name, code in [('vmsbf.m', 1), ('vmsof.m', 2), ('vmsif.m', 3), ('viota.m', 16)]:
    row('mask', name, 'vd,vs2,vm', opv(0o24, None, None, code, OPMVV), 'vmask')
row('mask', 'vid.v', 'vd,vm', opv(0o24, None, 0, 0b10001, OPMVV), 'vmask')
row('permute', 'vcompress.vm', 'vd,vs2,vs1', opv(0o27, 1, None, None, OPMVV), 'vperm')
for name, f6 in [('vmandn', 0o30), ('vmand', 0o31), ('vmor', 0o32), ('vmxor', 0o33), ('vmorn', 0o34),
                 ('vmnand', 0o35), ('vmnor', 0o36), ('vmxnor', 0o37)]:
    row('mask', name + '.mm', 'vd,vs2,vs1', opv(f6, 1, None, None, OPMVV), 'vmask')
for name, f6, cls in [('vdivu', 0o40, 'vdiv'), ('vdiv', 0o41, 'vdiv'), ('vremu', 0o42, 'vdiv'), ('vrem', 0o43, 'vdiv'),
                      ('vmulhu', 0o44, 'vmul'), ('vmul', 0o45, 'vmul'), ('vmulhsu', 0o46, 'vmul'), ('vmulh', 0o47, 'vmul')]:
    opm('int', name, f6, ['vv', 'vx'], cls)
for name, f6 in [('vmadd', 0o51), ('vnmsub', 0o53), ('vmacc', 0o55), ('vnmsac', 0o57)]:
    opm('int', name, f6, ['vv', 'vx'], 'vmul', madd=True)
for name, f6 in [('vwaddu', 0o60), ('vwadd', 0o61), ('vwsubu', 0o62), ('vwsub', 0o63)]:
    opm('int', name, f6, ['vv', 'vx'], 'valu')
for name, f6 in [('vwaddu', 0o64), ('vwadd', 0o65), ('vwsubu', 0o66), ('vwsub', 0o67)]:
    opm('int', name, f6, ['wv', 'wx'], 'valu')
for name, f6 in [('vwmulu', 0o70), ('vwmulsu', 0o72), ('vwmul', 0o73)]:
    opm('int', name, f6, ['vv', 'vx'], 'vmul')
for name, f6, forms in [('vwmaccu', 0o74, 'vv vx'), ('vwmacc', 0o75, 'vv vx'), ('vwmaccus', 0o76, 'vx'),
                        ('vwmaccsu', 0o77, 'vv vx')]:
    opm('int', name, f6, forms.split(), 'vmul', madd=True)

# ---- OPF
def opf(mod, name, f6, forms, cls, madd=False):
    for fm in forms:
        f3 = OPFVV if fm[1] in 'vs' else OPFVF
        src = 'vs1' if fm[1] in 'vs' else 'fs1'
        ops = 'vd,%s,vs2,vm' % src if madd else 'vd,vs2,%s,vm' % src
        row(mod, '%s.%s' % (name, fm), ops, opv(f6, None, None, None, f3), cls)
for name, f6, forms, cls in [('vfadd', 0, 'vv vf', 'vfalu'), ('vfsub', 2, 'vv vf', 'vfalu'), ('vfmin', 4, 'vv vf', 'vfalu'),
                             ('vfmax', 6, 'vv vf', 'vfalu'), ('vfsgnj', 0o10, 'vv vf', 'vfalu'), ('vfsgnjn', 0o11, 'vv vf', 'vfalu'),
                             ('vfsgnjx', 0o12, 'vv vf', 'vfalu'), ('vfdiv', 0o40, 'vv vf', 'vfdiv'), ('vfrdiv', 0o41, 'vf', 'vfdiv'),
                             ('vfmul', 0o44, 'vv vf', 'vfmul'), ('vfrsub', 0o47, 'vf', 'vfalu'),
                             ('vfwadd', 0o60, 'vv vf', 'vfalu'), ('vfwsub', 0o62, 'vv vf', 'vfalu'),
                             ('vfwadd', 0o64, 'wv wf', 'vfalu'), ('vfwsub', 0o66, 'wv wf', 'vfalu'),
                             ('vfwmul', 0o70, 'vv vf', 'vfmul')]:
    opf('float', name, f6, forms.split(), cls)
for name, f6, forms in [('vmfeq', 0o30, 'vv vf'), ('vmfle', 0o31, 'vv vf'), ('vmflt', 0o33, 'vv vf'),
                        ('vmfne', 0o34, 'vv vf'), ('vmfgt', 0o35, 'vf'), ('vmfge', 0o37, 'vf')]:
    opf('float', name, f6, forms.split(), 'vfalu')
for name, f6 in [('vfmadd', 0o50), ('vfnmadd', 0o51), ('vfmsub', 0o52), ('vfnmsub', 0o53), ('vfmacc', 0o54),
                 ('vfnmacc', 0o55), ('vfmsac', 0o56), ('vfnmsac', 0o57), ('vfwmacc', 0o74), ('vfwnmacc', 0o75),
                 ('vfwmsac', 0o76), ('vfwnmsac', 0o77)]:
    opf('float', name, f6, ['vv', 'vf'], 'vfma', madd=True)
for name, f6 in [('vfredusum', 1), ('vfredosum', 3), ('vfredmin', 5), ('vfredmax', 7), ('vfwredusum', 0o61),
                 ('vfwredosum', 0o63)]:
    opf('reduce', name, f6, ['vs'], 'vred')
opf('permute', 'vfslide1up', 0o16, ['vf'], 'vperm')
opf('permute', 'vfslide1down', 0o17, ['vf'], 'vperm')
row('permute', 'vfmv.f.s', 'fd,vs2', opv(0o20, 1, None, 0, OPFVV), 'vperm')
row('permute', 'vfmv.s.f', 'vd,fs1', opv(0o20, 1, 0, None, OPFVF), 'vperm')
for name, code in [('vfcvt.xu.f.v', 0), ('vfcvt.x.f.v', 1), ('vfcvt.f.xu.v', 2), ('vfcvt.f.x.v', 3),
                   ('vfcvt.rtz.xu.f.v', 6), ('vfcvt.rtz.x.f.v', 7),
                   ('vfwcvt.xu.f.v', 8), ('vfwcvt.x.f.v', 9), ('vfwcvt.f.xu.v', 10), ('vfwcvt.f.x.v', 11),
                   ('vfwcvt.f.f.v', 12), ('vfwcvt.rtz.xu.f.v', 14), ('vfwcvt.rtz.x.f.v', 15),
                   ('vfncvt.xu.f.w', 16), ('vfncvt.x.f.w', 17), ('vfncvt.f.xu.w', 18), ('vfncvt.f.x.w', 19),
                   ('vfncvt.f.f.w', 20), ('vfncvt.rod.f.f.w', 21), ('vfncvt.rtz.xu.f.w', 22), ('vfncvt.rtz.x.f.w', 23)]:
    row('float', name, 'vd,vs2,vm', opv(0o22, None, None, code, OPFVV), 'vfcvt')
for name, code, cls in [('vfsqrt.v', 0, 'vfdiv'), ('vfrsqrt7.v', 4, 'vfalu'), ('vfrec7.v', 5, 'vfalu'), ('vfclass.v', 16, 'vfalu')]:
    row('float', name, 'vd,vs2,vm', opv(0o23, None, None, code, OPFVV), cls)
row('float', 'vfmerge.vfm', 'vd,vs2,fs1,v0', opv(0o27, 0, None, None, OPFVF), 'vfalu')
row('float', 'vfmv.v.f', 'vd,fs1', opv(0o27, 1, 0, None, OPFVF), 'vfalu')

HEAD = {
    'config': 'Configuration-setting instructions (RVV 1.0 section 6).',
    'mem': 'Vector loads and stores (RVV 1.0 section 7). Segment rows (nf > 1) and the larger\n# whole-register forms run the nf = 1 instruction\'s function, which reads nf from the word.',
    'int': 'Vector integer arithmetic (RVV 1.0 section 11).',
    'fixed': 'Vector fixed-point arithmetic (RVV 1.0 section 12).',
    'float': 'Vector floating point (RVV 1.0 section 13), Zvfh for SEW=16.',
    'reduce': 'Vector reductions (RVV 1.0 section 14).',
    'mask': 'Vector mask instructions (RVV 1.0 section 15).',
    'permute': 'Vector permutation instructions (RVV 1.0 section 16).',
}
for mod, rows in files.items():
    with open(os.path.join(OUT, 'rvv_%s.tbl' % mod), 'w') as f:
        f.write('# %s\n# Generated once by tools/gen_rvv_tbl.py; edit freely.\n' % HEAD[mod])
        f.write('# extension: v\n# module: vector::%s\n' % mod)
        f.write('# %-20s %-20s %-40s %-7s flags\n' % ('mnemonic', 'operands', 'encoding', 'class'))
        for mn, ops, enc, cls, fl in rows:
            f.write(('%-22s %-20s %-40s %-7s %s' % (mn, ops, enc, cls, fl)).rstrip() + '\n')
print({m: len(r) for m, r in files.items()}, sum(len(r) for r in files.values()))
