# Case lists for fp_fcvt_ff.S and rv64{f,d,zfh}_round.S (run via regen.py).
import sys
from sf import *
from gen import Out, fl, desc, SUF, P, two
from fractions import Fraction as Fr

def Dbits(x): return val('D', x)

def ff_cases():
    o = Out()
    def T(DF, SF, a, rm=None, note=None):
        r, f = f2f(DF, SF, a, rm or 'rne')
        inst = 'fcvt.%s.%s' % (SUF[DF], SUF[SF])
        A = val(SF, a)
        if rm:
            o.add('TEST_FCVT_FF_RM(%s, %s, @, %s, %s, %s, %s, %s)' % (DF, SF, inst, rm, fl(f), h(r), h(A)),
                  '%s(%s, %s)' % (inst, note or desc(a), rm))
        else:
            o.add('TEST_FCVT_FF(%s, %s, @, %s, %s, %s, %s)' % (DF, SF, inst, fl(f), h(r), h(A)),
                  '%s(%s)' % (inst, note or desc(a)))
    def B(F, bits, note): return ('b', bits, note)
    # ---- narrowing D -> S
    o.c('fcvt.s.d (narrowing, rounds)')
    s_minn = Fr(2) ** -126; s_max = (2 - Fr(2) ** -23) * Fr(2) ** 127
    dd = lambda v: B('D', enc('D', Fr(v))[0], str(v) if not isinstance(v, Fr) else None)
    cases = [1.0, '-0', '0', -2.5, 1.0/3, 1e300, -1e300, 1e-300, -1e-300, 'inf', '-inf', 'qnan', '-qnan', 'snan',
             ('b', cnan('D') | 0x123, 'qNaN(payload)'), ('b', enc('D', s_minn)[0], '2^-126'),
             ('b', enc('D', Fr(2) ** -149)[0], '2^-149'), ('b', enc('D', Fr(2) ** -150)[0], '2^-150'),
             ('b', enc('D', Fr(3) * Fr(2) ** -151)[0], '3*2^-151'),
             ('b', enc('D', s_minn * (1 - Fr(2) ** -25))[0], '2^-126*(1-2^-25)'),
             ('b', enc('D', s_minn * (1 - Fr(2) ** -23))[0], '2^-126*(1-2^-23)'),
             ('b', enc('D', s_max)[0], 'max_s'), ('b', enc('D', s_max + Fr(2) ** 103)[0], 'max_s+ulp/2'),
             ('b', enc('D', Fr(1) + Fr(2) ** -24)[0], '1+2^-24'), ('b', enc('D', Fr(1) + Fr(3) * Fr(2) ** -25)[0], '1+3*2^-25')]
    for a in cases: T('S', 'D', a)
    for a, rm in [(1.0/3, 'rup'), (1.0/3, 'rdn'), (-1.0/3, 'rtz'), (1e300, 'rtz'), (-1e300, 'rup'), (1e-300, 'rup'),
                  (-1e-300, 'rdn'), (('b', enc('D', Fr(1) + Fr(2) ** -24)[0], '1+2^-24'), 'rmm')]:
        T('S', 'D', a, rm)
    o.c('fcvt.d.s (widening, exact)')
    for a in [1.0, '-0', 'mins', '-maxs', 'minn', 'max', '-max', 'inf', '-inf', 'qnan', '-qnan', 'snan',
              ('b', cnan('S') | 0x7, 'qNaN(payload)'), ('b', 0x3dcccccd, '0.1f')]:
        T('D', 'S', a)
    # ---- half
    h_max = Fr(65504)
    o.c('fcvt.h.s (narrowing)')
    for a in [1.0, '-0', -2.5, 65504.0, 65520.0, 65519.0, -65520.0, ('b', 0x3eaaaaab, '1/3f'), float(2**-24), float(2**-25), float(3*2**-26),
              float(2**-14), float(2**-14 * (1 - 2**-12)), 'mins', 'max', 'inf', '-inf', 'qnan', 'snan',
              ('b', cnan('S') | 0x1234, 'qNaN(payload)'), ('b', 0x3dcccccd, '0.1f')]:
        T('H', 'S', a)
    for a, rm in [(65520.0, 'rtz'), (65520.0, 'rup'), (-65520.0, 'rdn'), (-65520.0, 'rup'), (('b', 0x3eaaaaab, '1/3f'), 'rup'),
                  (float(2**-25), 'rup'), (float(2**-25), 'rmm'), (-float(2**-25), 'rdn')]:
        T('H', 'S', a, rm)
    o.c('fcvt.s.h (widening, exact)')
    for a in [1.0, '-0', 'mins', '-maxs', 'minn', 'max', '-max', 'inf', '-inf', 'qnan', 'snan',
              ('b', cnan('H') | 0x3, 'qNaN(payload)'), ('b', 0x2e66, '0.1h')]:
        T('S', 'H', a)
    o.c('fcvt.h.d (narrowing)')
    for a in [1.0, '-0', 65504.0, 65520.0, 1e300, -1e300, 1e-300, 1.0/3, float(2**-24), float(2**-25),
              float(2**-14 * (1 - 2**-12)), 'inf', 'qnan', 'snan', ('b', cnan('D') | 0xabc, 'qNaN(payload)')]:
        T('H', 'D', a)
    for a, rm in [(1e300, 'rtz'), (-1e300, 'rup'), (1e-300, 'rup'), (1.0/3, 'rdn')]:
        T('H', 'D', a, rm)
    o.c('fcvt.d.h (widening, exact)')
    for a in [1.0, '-0', 'mins', 'maxs', '-max', 'inf', '-inf', 'qnan', 'snan', ('b', cnan('H') | 0x3, 'qNaN(payload)')]:
        T('D', 'H', a)
    return o

def round_cases(F):
    """Static and dynamic rounding modes."""
    o = Out(); sf = SUF[F]; p = P(F)
    u = float(two(-(p - 1)))
    RMS = ['rne', 'rtz', 'rdn', 'rup', 'rmm']
    ops = [('fadd', [1.0, u / 2]), ('fadd', [-1.0, -u / 2]), ('fadd', [1.0, u / 2 * 3]), ('fadd', [-1.0, u / 4]),
           ('fdiv', [1.0, 3.0]), ('fdiv', [-2.0, 3.0]), ('fsqrt', [2.0]), ('fmul', ['max', 2.0]), ('fmul', ['-max', 2.0]),
           ('fmul', ['mins', 0.5]), ('fmul', ['-mins', 0.25]), ('fmadd', [1.0 + u, 1.0 + u, -1.0]),
           ('fsub', [1.0, 1.0])]
    for dyn in (False, True):
        for i, rm in enumerate(RMS):
            o.c('rounding mode %s (%s)' % (rm, 'dynamic via frm' if dyn else 'static in the instruction'))
            if dyn:
                o.lines.append('    fsrmi %d' % i)
            use = 'dyn' if dyn else rm
            for op, xs in ops:
                r, f = arith(F, op, xs, rm)
                args = ', '.join(h(val(F, x)) for x in xs)
                m = {1: 'TEST_FP1_RM', 2: 'TEST_FP2_RM', 3: 'TEST_FP3_RM'}[len(xs)]
                o.add('%s(%s, @, %s.%s, %s, %s, %s, %s)' % (m, F, op, sf, use, fl(f), h(r), args),
                      '%s(%s)' % (op, ', '.join(desc(x) for x in xs)))
            for a in [2.5, -2.5, 0.5, -0.5]:
                r, f = f2i(F, a, 'w', rm)
                o.add('TEST_FCVT_XF(%s, @, fcvt.w.%s, %s, %s, %s, %s)' % (F, sf, use, fl(f), h(r), h(val(F, a))),
                      'fcvt.w.%s(%s)' % (sf, desc(a)))
            for x in [(1 << p) + 1, -((1 << p) + 1) & 0xffffffffffffffff]:
                r, f = i2f(F, x, 'l', rm)
                o.add('TEST_FCVT_FX_RM(%s, @, fcvt.%s.l, %s, %s, %s, %s)' % (F, sf, use, fl(f), h(r), h(x)),
                      'fcvt.%s.l(%s)' % (sf, h(x)))
            if dyn:
                o.lines.append('    SET_TESTNUM(%d); frrm a0; CHECK_EQ(a0, %d)   /* frm unchanged by the ops */' % (o.n, i))
                o.n += 1
    o.lines.append('    fsrmi 0')
    return o

if __name__ == '__main__':
    k = sys.argv[1]
    o = ff_cases() if k == 'ff' else round_cases(sys.argv[2])
    print('\n'.join(o.lines))
    print('/* %d tests */' % (o.n - 2), file=sys.stderr)
