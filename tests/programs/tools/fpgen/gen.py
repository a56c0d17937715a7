# Case lists for rv64{f,d,zfh}_{arith,cmp,cvt}.S (run via regen.py).
import sys
from sf import *
from fractions import Fraction as Fr

FLAGN = [(NV,'NV'),(DZ,'DZ'),(OF,'OF'),(UF,'UF'),(NX,'NX')]
def fl(f):
    if f == 0: return '0'
    return '|'.join(n for b, n in FLAGN if f & b)
def desc(x):
    if isinstance(x, tuple): return x[2] if len(x) > 2 else h(x[1])
    if isinstance(x, str): return x
    if isinstance(x, Fr): return str(x)
    if isinstance(x, float) and len(repr(x)) > 8: return x.hex()
    return repr(x)
SUF = {'S':'s','D':'d','H':'h'}

class Out:
    def __init__(s): s.lines = []; s.n = 2
    def c(s, text): s.lines.append('    /* %s */' % text)
    def add(s, line, comment=None):
        s.lines.append('    ' + line.replace('@', str(s.n)) + ('   /* %s */' % comment if comment else ''))
        s.n += 1
        assert s.n <= 256

def P(F): return FMT[F][0]
def two(e): return Fr(2) ** e

def arith_cases(F):
    p = P(F); sf = SUF[F]; o = Out()
    u = two(-(p-1))   # ulp of 1.0
    o.c('fadd.%s' % sf)
    for a, b in [(1.0, 2.0), (-1.0, 1.0), ('-0', '-0'), ('0', '-0'), (1.5, -2.75), (1.0, u/4),
                 (1.0, u/2), (1.0, u/2*3), ('max', 'max'), ('-max', '-max'), ('inf', 1.0), ('inf', '-inf'),
                 ('-inf', '-inf'), ('qnan', 1.0), (1.0, 'snan'), ('-qnan', '-inf'), ('minn', ('b', (1<<(p-1))-1, '-maxs')),
                 ('mins', 'mins'), ('inf', 'snan')]:
        b_ = b
        if isinstance(b, tuple) and b[2] == '-maxs': b_ = '-maxs'
        r, f = arith(F, 'fadd', [a, b_])
        o.add('TEST_FP2(%s, @, fadd.%s, %s, %s, %s, %s)' % (F, sf, fl(f), h(r), h(val(F, a)), h(val(F, b_))),
              '%s + %s' % (desc(a), desc(b_)))
    o.c('fsub.%s' % sf)
    for a, b in [(3.0, 1.0), (1.0, 3.0), (2.5, 2.5), ('-0', '0'), ('0', '0'), ('inf', 'inf'), ('inf', '-inf'),
                 (1.0, u/2*3), ('-max', 'max'), ('snan', 'qnan'), ('qnan', 'qnan'), ('minn', 'mins')]:
        r, f = arith(F, 'fsub', [a, b])
        o.add('TEST_FP2(%s, @, fsub.%s, %s, %s, %s, %s)' % (F, sf, fl(f), h(r), h(val(F, a)), h(val(F, b))),
              '%s - %s' % (desc(a), desc(b)))
    o.c('fmul.%s' % sf)
    for a, b in [(2.5, 4.0), (-2.0, 3.0), ('0', -1.0), ('-0', '-0'), ('max', 2.0), ('-max', 'max'), ('minn', 0.5),
                 ('mins', 0.5), ('mins', -0.5), ('mins', 1.5), ('minn', 1.0 - float(u)), ('inf', '0'), ('-inf', 2.0),
                 ('-inf', '-inf'), ('snan', '0'), ('qnan', 'inf'), (1.0 + float(u), 1.0 + float(u))]:
        r, f = arith(F, 'fmul', [a, b])
        o.add('TEST_FP2(%s, @, fmul.%s, %s, %s, %s, %s)' % (F, sf, fl(f), h(r), h(val(F, a)), h(val(F, b))),
              '%s * %s' % (desc(a), desc(b)))
    o.c('fdiv.%s' % sf)
    for a, b in [(6.0, 2.0), (1.0, 3.0), (-1.0, 3.0), (1.0, '0'), (-1.0, '0'), (1.0, '-0'), ('0', '0'), ('inf', 'inf'),
                 ('inf', '0'), (1.0, 'inf'), (-1.0, 'inf'), ('max', 0.5), ('minn', 4.0), ('minn', 3.0), ('mins', 2.0),
                 ('qnan', '0'), ('snan', 1.0), (7.0, -7.0)]:
        r, f = arith(F, 'fdiv', [a, b])
        o.add('TEST_FP2(%s, @, fdiv.%s, %s, %s, %s, %s)' % (F, sf, fl(f), h(r), h(val(F, a)), h(val(F, b))),
              '%s / %s' % (desc(a), desc(b)))
    o.c('fsqrt.%s' % sf)
    for a in [4.0, 2.0, 0.25, 3.0, 'mins', 'max', '0', '-0', -1.0, '-mins', 'inf', '-inf', 'qnan', 'snan', '-qnan']:
        r, f = arith(F, 'fsqrt', [a])
        o.add('TEST_FP1(%s, @, fsqrt.%s, %s, %s, %s)' % (F, sf, fl(f), h(r), h(val(F, a))), 'sqrt(%s)' % desc(a))
    o.c('fmadd/fmsub/fnmadd/fnmsub.%s: fmadd = a*b+c, fmsub = a*b-c, fnmadd = -(a*b)-c, fnmsub = -(a*b)+c' % sf)
    onep = 1.0 + float(u); onem = 1.0 - float(u)
    cases = [
        ('fmadd', 1.0, 2.0, 3.0), ('fmadd', 2.0, -3.0, 1.0), ('fmadd', onep, onem, -1.0),
        ('fmadd', 1.0, 1.0, -1.0), ('fmadd', -1.0, 1.0, 1.0), ('fmadd', '0', '-0', '0'), ('fmadd', '0', '-0', '-0'),
        ('fmadd', 'inf', '0', 'qnan'), ('fmadd', '0', '-inf', 1.0), ('fmadd', 'inf', 1.0, '-inf'),
        ('fmadd', 'max', 2.0, '-inf'), ('fmadd', 'max', 2.0, '-max'), ('fmadd', 'snan', 1.0, 1.0),
        ('fmadd', 1.0, 1.0, 'snan'), ('fmadd', 'qnan', 1.0, 1.0), ('fmadd', 1.0, 'mins', 'mins'),
        ('fmadd', 'max', 'max', 1.0), ('fmadd', 1.0, 1.0, float(u)/2*3),
        ('fmsub', 2.0, 3.0, 1.0), ('fmsub', 1.0, 1.0, 1.0), ('fmsub', '0', '0', '0'), ('fmsub', onep, onep, 1.0),
        ('fmsub', 'inf', 1.0, 'inf'), ('fmsub', 'snan', 'qnan', 'qnan'),
        ('fnmadd', 2.0, 3.0, 1.0), ('fnmadd', 1.0, 1.0, -1.0), ('fnmadd', '0', '0', '0'), ('fnmadd', -2.0, 3.0, '-inf'),
        ('fnmadd', 'inf', '0', 1.0), ('fnmadd', 'max', -2.0, 1.0),
        ('fnmsub', 2.0, 3.0, 1.0), ('fnmsub', 1.0, 1.0, 1.0), ('fnmsub', '0', '0', '0'), ('fnmsub', '-0', '0', '-0'),
        ('fnmsub', onep, onem, 1.0), ('fnmsub', 'qnan', 'inf', '0'),
    ]
    for op, a, b, c in cases:
        r, f = arith(F, op, [a, b, c])
        o.add('TEST_FP3(%s, @, %s.%s, %s, %s, %s, %s, %s)' % (F, op, sf, fl(f), h(r), h(val(F, a)), h(val(F, b)), h(val(F, c))),
              '%s(%s, %s, %s)' % (op, desc(a), desc(b), desc(c)))
    return o

def cls(F, b):
    d = dec(F, b)
    w = FMT[F][3]; neg = bool(b >> (w-1))
    if d[0] == 'nan': return 1 << (9 if d[1] else 8)
    if d[0] == 'inf': return 1 << (0 if neg else 7)
    v = d[1]
    if v == 0: return 1 << (3 if neg else 4)
    e = (b >> (FMT[F][0]-1)) & ((1 << (w - FMT[F][0])) - 1)
    sub = e == 0
    if neg: return 1 << (2 if sub else 1)
    return 1 << (5 if sub else 6)

def minmax(F, op, a, b):
    A, B = val(F, a), val(F, b); da, db = dec(F, A), dec(F, B)
    f = NV if any(d[0] == 'nan' and not d[1] for d in (da, db)) else 0
    if da[0] == 'nan' and db[0] == 'nan': return cnan(F), f
    if da[0] == 'nan': return B, f
    if db[0] == 'nan': return A, f
    def key(d, bits):
        w = FMT[F][3]
        if d[0] == 'inf': return (Fr(-10**400) if d[1] else Fr(10**400), 0)
        return (d[1], -1 if bits >> (w-1) else 0)
    ka, kb = key(da, A), key(db, B)
    if op == 'fmin': return (A if ka <= kb else B), f
    return (A if ka >= kb else B), f

def cmp(F, op, a, b):
    A, B = val(F, a), val(F, b); da, db = dec(F, A), dec(F, B)
    if da[0] == 'nan' or db[0] == 'nan':
        sig = any(d[0] == 'nan' and not d[1] for d in (da, db))
        if op == 'feq': return 0, NV if sig else 0
        return 0, NV
    def v(d): return (Fr(-10**400) if d[1] else Fr(10**400)) if d[0] == 'inf' else d[1]
    x, y = v(da), v(db)
    return int({'feq': x == y, 'flt': x < y, 'fle': x <= y}[op]), 0

def cmp_cases(F):
    p = P(F); sf = SUF[F]; o = Out(); w = FMT[F][3]
    qpay = cnan(F) | 0x5       # quiet NaN with a payload
    spay = snan(F, 0x3)        # signaling NaN with a payload
    o.c('fmin.%s / fmax.%s' % (sf, sf))
    for a, b in [(1.0, 2.0), (-1.0, -2.0), ('0', '-0'), ('-0', '0'), ('-inf', 'inf'), ('max', 'inf'), ('mins', '-mins'),
                 ('qnan', 1.0), (1.0, 'qnan'), (('b', qpay, 'qNaN(payload)'), -3.0), ('snan', 1.0), (1.0, 'snan'),
                 ('qnan', 'qnan'), ('snan', 'qnan'), ('snan', 'snan'), ('-qnan', '-inf'), (('b', spay, 'sNaN(payload)'), '-0')]:
        for op in ('fmin', 'fmax'):
            r, f = minmax(F, op, a, b)
            o.add('TEST_FP2(%s, @, %s.%s, %s, %s, %s, %s)' % (F, op, sf, fl(f), h(r), h(val(F, a)), h(val(F, b))),
                  '%s(%s, %s)' % (op, desc(a), desc(b)))
    o.c('fsgnj.%s / fsgnjn.%s / fsgnjx.%s: pure bit operations, NaNs are not canonicalised, no flags' % (sf, sf, sf))
    sb = 1 << (w - 1)
    for a, b in [(1.0, -2.0), (-1.0, 2.0), (-1.0, -2.0), (1.0, 2.0), ('0', '-0'), ('-inf', '0'),
                 (('b', qpay, 'qNaN(payload)'), -1.0), (('b', spay, 'sNaN(payload)'), -1.0), (3.0, 'qnan'), (3.0, '-qnan')]:
        A, B = val(F, a), val(F, b)
        for op, r in (('fsgnj', (A & ~sb) | (B & sb)), ('fsgnjn', (A & ~sb) | (~B & sb)), ('fsgnjx', A ^ (B & sb))):
            o.add('TEST_FP2(%s, @, %s.%s, 0, %s, %s, %s)' % (F, op, sf, h(r), h(A), h(B)),
                  '%s(%s, %s)' % (op, desc(a), desc(b)))
    o.c('fmv / fneg / fabs pseudo-instructions (fsgnj rs, rs forms)')
    for a in [-2.0, 'snan', '-inf']:
        A = val(F, a)
        o.add('TEST_FP1(%s, @, fneg.%s, 0, %s, %s)' % (F, sf, h(A ^ sb), h(A)), 'fneg(%s)' % desc(a))
        o.add('TEST_FP1(%s, @, fabs.%s, 0, %s, %s)' % (F, sf, h(A & ~sb), h(A)), 'fabs(%s)' % desc(a))
        o.add('TEST_FP1(%s, @, fmv.%s, 0, %s, %s)' % (F, sf, h(A), h(A)), 'fmv(%s)' % desc(a))
    o.c('feq.%s / flt.%s / fle.%s (feq is quiet: NV only for sNaN; flt/fle signal on any NaN)' % (sf, sf, sf))
    for a, b in [(1.0, 1.0), (1.0, 2.0), (2.0, 1.0), (-1.0, -2.0), ('0', '-0'), ('-0', '0'), ('-inf', 'inf'),
                 ('inf', 'inf'), ('-mins', 'mins'), ('max', 'inf'), ('qnan', 1.0), (1.0, 'qnan'), ('qnan', 'qnan'),
                 ('snan', 1.0), (1.0, 'snan'), ('snan', 'snan')]:
        for op in ('feq', 'flt', 'fle'):
            r, f = cmp(F, op, a, b)
            o.add('TEST_FCMP(%s, @, %s.%s, %s, %d, %s, %s)' % (F, op, sf, fl(f), r, h(val(F, a)), h(val(F, b))),
                  '%s(%s, %s)' % (op, desc(a), desc(b)))
    o.c('fclass.%s: one class bit per value' % sf)
    for a in ['-inf', -1.5, '-max', '-minn', '-mins', '-maxs', '-0', '0', 'mins', 'maxs', 'minn', 1.0, 'max', 'inf',
              'snan', ('b', spay, 'sNaN(payload)'), 'qnan', '-qnan', ('b', qpay, 'qNaN(payload)')]:
        A = val(F, a)
        o.add('TEST_FCLASS(%s, @, fclass.%s, %s, %s)' % (F, sf, h(cls(F, A)), h(A)), 'fclass(%s)' % desc(a))
    return o

def cvt_cases(F, extra_ff=()):
    p = P(F); sf = SUF[F]; o = Out(); w = FMT[F][3]
    def X(kind, a, rm='rtz'):
        r, f = f2i(F, a, kind, rm)
        o.add('TEST_FCVT_XF(%s, @, fcvt.%s.%s, %s, %s, %s, %s)' % (F, kind, sf, rm, fl(f), h(r), h(val(F, a))),
              'fcvt.%s.%s(%s, %s)' % (kind, sf, desc(a), rm))
    def I(kind, x, rm=None):
        r, f = i2f(F, x, kind, rm or 'rne')
        if rm:
            o.add('TEST_FCVT_FX_RM(%s, @, fcvt.%s.%s, %s, %s, %s, %s)' % (F, sf, kind, rm, fl(f), h(r), h(x)),
                  'fcvt.%s.%s(%s, %s)' % (sf, kind, h(x), rm))
        else:
            o.add('TEST_FCVT_FX(%s, @, fcvt.%s.%s, %s, %s, %s)' % (F, sf, kind, fl(f), h(r), h(x)),
                  'fcvt.%s.%s(%s)' % (sf, kind, h(x)))
    big = {'H': [65504.0], 'S': [2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0, 4294967040.0,
                                 4294967296.0, 9.223371487098962e18, 9.223372036854776e18, -9.223372036854776e18,
                                 1.8446742974197924e19, 1.8446744073709552e19],
           'D': [2147483647.0, 2147483647.5, 2147483648.0, -2147483648.0, -2147483648.5, -2147483649.0,
                 4294967295.0, 4294967296.0, 9.223372036854775e18, 9.223372036854776e18, -9.223372036854776e18,
                 1.8446744073709550e19, 1.8446744073709552e19]}[F]
    for kind in ('w', 'wu', 'l', 'lu'):
        o.c('fcvt.%s.%s' % (kind, sf))
        for a in [0.0, '-0', 1.0, -1.0, 1.5, -1.5, 0.5, -0.5, 0.75, 'mins', '-mins', 'max', '-max', 'inf', '-inf',
                  'qnan', '-qnan', 'snan'] + big + [-b for b in big if b > 0][:2]:
            X(kind, a)
        for a, rm in [(1.5, 'rne'), (2.5, 'rne'), (-2.5, 'rne'), (-0.5, 'rne'), (-0.5, 'rdn'), (0.5, 'rup'),
                      (-1.5, 'rmm'), (123.25, 'rup')]:
            X(kind, a, rm)
    for kind in ('w', 'wu', 'l', 'lu'):
        o.c('fcvt.%s.%s (int -> fp); w/wu forms use only the low 32 bits of rs1' % (sf, kind))
        xs = [0, 1, 0xffffffffffffffff, 0x7fffffff, 0x80000000, 0xffffffff, 0xffffffff00000003, 0x100000000,
              0x7fffffffffffffff, 0x8000000000000000, 16777217, 2049, 65520, 0xfffffffffffffff0]
        for x in xs:
            I(kind, x)
        if F == 'D' and kind in ('w', 'wu'): continue   # exact: no rm operand
        for x, rm in [(16777217, 'rup'), (2049, 'rup'), (65535, 'rdn'), (0xffffffffffffffff, 'rtz')]:
            I(kind, x, rm)
    return o

if __name__ == '__main__':
    F = sys.argv[2]; kind = sys.argv[1]
    o = {'arith': arith_cases, 'cmp': cmp_cases, 'cvt': cvt_cases}[kind](F)
    print('\n'.join(o.lines))
    print('/* %d tests */' % (o.n - 2), file=sys.stderr)
