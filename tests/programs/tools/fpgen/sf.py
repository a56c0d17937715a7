# Tiny exact IEEE-754 model (binary16/32/64) used as a calculator for test
# expected values. RISC-V semantics: canonical NaNs, tininess after rounding.
from fractions import Fraction as Fr
import math, struct

FMT = {  # p (precision incl. hidden bit), emin, emax, width
 'H': (11, -14, 15, 16),
 'S': (24, -126, 127, 32),
 'D': (53, -1022, 1023, 64),
}
NX, UF, OF, DZ, NV = 1, 2, 4, 8, 16
RM = {'rne':0,'rtz':1,'rdn':2,'rup':3,'rmm':4}

def parts(F):
    p, emin, emax, w = FMT[F]
    mb = p - 1; eb = w - 1 - mb; bias = (1 << (eb - 1)) - 1
    return p, emin, emax, w, mb, eb, bias

def cnan(F):
    p, emin, emax, w, mb, eb, bias = parts(F)
    return (((1 << eb) - 1) << mb) | (1 << (mb - 1))
def snan(F, payload=1):
    p, emin, emax, w, mb, eb, bias = parts(F)
    return (((1 << eb) - 1) << mb) | payload
def inf(F, neg=False):
    p, emin, emax, w, mb, eb, bias = parts(F)
    return (((1 << eb) - 1) << mb) | (int(neg) << (w - 1))
def maxf(F, neg=False):
    p, emin, emax, w, mb, eb, bias = parts(F)
    return (((1 << eb) - 2) << mb) | ((1 << mb) - 1) | (int(neg) << (w - 1))

# decode: returns ('nan', quiet, bits) | ('inf', neg) | ('num', Fraction, neg)
def dec(F, b):
    p, emin, emax, w, mb, eb, bias = parts(F)
    neg = bool(b >> (w - 1)); e = (b >> mb) & ((1 << eb) - 1); m = b & ((1 << mb) - 1)
    if e == (1 << eb) - 1:
        if m: return ('nan', bool(m >> (mb - 1)), b)
        return ('inf', neg)
    if e == 0: v = Fr(m, 1) * Fr(2) ** (emin - mb)
    else: v = Fr(m + (1 << mb)) * Fr(2) ** (e - bias - mb)
    return ('num', -v if neg else v, neg)

def ilog2(a):  # floor(log2(a)) for positive Fraction
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fr(2) ** e > a: e -= 1
    if Fr(2) ** (e + 1) <= a: e += 1
    return e

def rnd_int(m, rm, neg):  # m: nonneg Fraction -> int
    fl = m.numerator // m.denominator; fr = m - fl
    if fr == 0: return fl
    if rm == 'rtz': return fl
    if rm == 'rdn': return fl + 1 if neg else fl
    if rm == 'rup': return fl if neg else fl + 1
    if rm == 'rne':
        if fr > Fr(1, 2): return fl + 1
        if fr < Fr(1, 2): return fl
        return fl + (fl & 1)
    if rm == 'rmm': return fl + 1 if fr >= Fr(1, 2) else fl
    raise ValueError(rm)

def enc(F, v, rm='rne', zero_neg=False):
    """Round exact Fraction v to format F. Returns (bits, flags)."""
    p, emin, emax, w, mb, eb, bias = parts(F)
    if v == 0: return (int(zero_neg) << (w - 1)), 0
    neg = v < 0; a = -v if neg else v
    e = ilog2(a)
    # tininess after rounding (unbounded exponent)
    mu = rnd_int(a / Fr(2) ** (e - p + 1), rm, neg)
    ru = mu * Fr(2) ** (e - p + 1)
    tiny = ru < Fr(2) ** emin
    ee = max(e, emin)
    q = Fr(2) ** (ee - p + 1)
    m = rnd_int(a / q, rm, neg)
    inexact = (m * q != a)
    flags = NX if inexact else 0
    if tiny and inexact: flags |= UF
    if m == (1 << p): m >>= 1; ee += 1
    if m >= (1 << (p - 1)) and ee > emax or (m == (1 << p)):
        # overflow
        flags = OF | NX
        if rm == 'rne' or rm == 'rmm': return inf(F, neg), flags
        if rm == 'rtz': return maxf(F, neg), flags
        if rm == 'rdn': return (inf(F, True) if neg else maxf(F)), flags
        if rm == 'rup': return (maxf(F, True) if neg else inf(F)), flags
    if m < (1 << (p - 1)):  # subnormal or zero
        bits = m
    else:
        bits = ((ee + bias) << mb) | (m - (1 << (p - 1)))
    return bits | (int(neg) << (w - 1)), flags

def val(F, x):
    """Input spec -> bits. x: float, int bits via ('b',n), or token."""
    p, emin, emax, w, mb, eb, bias = parts(F)
    if isinstance(x, tuple): return x[1]
    if isinstance(x, str):
        t = x
        neg = t.startswith('-'); t = t.lstrip('-+')
        sgn = int(neg) << (w - 1)
        if t == 'inf': return inf(F, neg)
        if t == 'qnan': return cnan(F) | sgn
        if t == 'snan': return snan(F) | sgn
        if t == 'max': return maxf(F, neg)
        if t == 'minn': return ((1 << mb)) | sgn
        if t == 'mins': return 1 | sgn
        if t == 'maxs': return ((1 << mb) - 1) | sgn
        if t == '0': return sgn
        raise ValueError(x)
    fx = Fr(x)
    if x == 0: return (int(math.copysign(1, x) < 0) << (w - 1))
    b, fl = enc(F, fx)
    assert fl == 0, (F, x)
    return b

def nanres(F, ins, extra_nv=False):
    fl = NV if extra_nv or any(d[0] == 'nan' and not d[1] for d in ins) else 0
    return cnan(F), fl

def arith(F, op, xs, rm='rne'):
    ds = [dec(F, val(F, x)) for x in xs]
    if op in ('fadd', 'fsub', 'fmul', 'fdiv'):
        a, b = ds
        if a[0] == 'nan' or b[0] == 'nan': return nanres(F, ds)
        if op == 'fsub':
            b = ('inf', not b[1]) if b[0] == 'inf' else ('num', -b[1], not b[2])
            op = 'fadd'
        if op == 'fadd':
            if a[0] == 'inf' and b[0] == 'inf':
                if a[1] != b[1]: return cnan(F), NV
                return inf(F, a[1]), 0
            if a[0] == 'inf': return inf(F, a[1]), 0
            if b[0] == 'inf': return inf(F, b[1]), 0
            s = a[1] + b[1]
            if s == 0:
                zn = (a[2] and b[2]) if (a[1] == 0 and b[1] == 0 and a[2] == b[2]) else (rm == 'rdn')
                if a[1] == 0 and b[1] == 0 and a[2] == b[2]: zn = a[2]
                return enc(F, s, rm, zn)
            return enc(F, s, rm)
        if op == 'fmul':
            sn = (a[1] if a[0] == 'inf' else a[2]) != (b[1] if b[0] == 'inf' else b[2])
            if a[0] == 'inf' or b[0] == 'inf':
                other = b if a[0] == 'inf' else a
                if other[0] == 'num' and other[1] == 0: return cnan(F), NV
                return inf(F, sn), 0
            return enc(F, a[1] * b[1], rm, sn)
        if op == 'fdiv':
            sn = (a[1] if a[0] == 'inf' else a[2]) != (b[1] if b[0] == 'inf' else b[2])
            if a[0] == 'inf' and b[0] == 'inf': return cnan(F), NV
            if a[0] == 'inf': return inf(F, sn), 0
            if b[0] == 'inf': return enc(F, Fr(0), rm, sn)
            if b[1] == 0:
                if a[1] == 0: return cnan(F), NV
                return inf(F, sn), DZ
            return enc(F, a[1] / b[1], rm, sn)
    if op == 'fsqrt':
        a, = ds
        if a[0] == 'nan': return nanres(F, ds)
        if a[0] == 'inf': return (cnan(F), NV) if a[1] else (inf(F), 0)
        if a[1] == 0: return enc(F, Fr(0), rm, a[2])
        if a[1] < 0: return cnan(F), NV
        return sqrt_round(F, a[1], rm)
    if op in ('fmadd', 'fmsub', 'fnmadd', 'fnmsub'):
        a, b, c = ds
        infzero = (a[0] == 'inf' and b[0] == 'num' and b[1] == 0) or (b[0] == 'inf' and a[0] == 'num' and a[1] == 0)
        if any(d[0] == 'nan' for d in ds) or infzero:
            return nanres(F, ds, infzero)
        psign = (a[1] if a[0] == 'inf' else a[2]) != (b[1] if b[0] == 'inf' else b[2])
        if op in ('fnmadd', 'fnmsub'): psign = not psign
        csign = c[1] if c[0] == 'inf' else c[2]
        if op in ('fmsub', 'fnmadd'): csign = not csign
        pinf = a[0] == 'inf' or b[0] == 'inf'
        if pinf and c[0] == 'inf' and psign != csign: return cnan(F), NV
        if pinf: return inf(F, psign), 0
        if c[0] == 'inf': return inf(F, csign), 0
        pv = a[1] * b[1]; pv = -abs(pv) if psign else abs(pv)
        cv = -abs(c[1]) if csign else abs(c[1])
        s = pv + cv
        if s == 0:
            if pv == 0 and cv == 0 and psign == csign: zn = psign
            else: zn = (rm == 'rdn')
            return enc(F, s, rm, zn)
        return enc(F, s, rm)
    raise ValueError(op)

def sqrt_round(F, a, rm):
    p = FMT[F][0]
    # scale so that integer sqrt has plenty of bits
    k = 4 * p + 200 + abs(ilog2(a))
    n = a * Fr(2) ** (2 * k)
    fl = n.numerator // n.denominator
    r = math.isqrt(fl)
    exact = (r * r == fl) and (n.denominator == 1)
    v = Fr(r) / Fr(2) ** k
    if not exact: v += Fr(1, 2 ** (k + 2))  # sticky: strictly between
    return enc(F, v, rm)

def f2i(F, xs, kind, rm='rtz'):
    """kind in w, wu, l, lu -> (64-bit reg value, flags)"""
    d = dec(F, val(F, xs))
    n = 32 if kind[0] == 'w' else 64
    uns = kind.endswith('u')
    lo, hi = (0, 2 ** n - 1) if uns else (-2 ** (n - 1), 2 ** (n - 1) - 1)
    def out(v, fl):
        v &= (1 << n) - 1
        if n == 32 and v >> 31: v |= 0xffffffff00000000
        return v, fl
    if d[0] == 'nan': return out(hi, NV)
    if d[0] == 'inf': return out(lo if d[1] else hi, NV)
    v = d[1]; neg = v < 0
    r = rnd_int(abs(v), rm, neg); r = -r if neg else r
    if r < lo: return out(lo, NV)
    if r > hi: return out(hi, NV)
    return out(r, NX if r != v else 0)

def i2f(F, x, kind, rm='rne'):
    n = 32 if kind[0] == 'w' else 64
    x &= (1 << n) - 1
    if not kind.endswith('u') and x >> (n - 1): x -= 1 << n
    return enc(F, Fr(x), rm)

def f2f(DF, SF, x, rm='rne'):
    d = dec(SF, val(SF, x))
    if d[0] == 'nan': return cnan(DF), (0 if d[1] else NV)
    if d[0] == 'inf': return inf(DF, d[1]), 0
    return enc(DF, d[1], rm, d[2])

def h(b): return '0x%x' % b
