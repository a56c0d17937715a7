#!/usr/bin/env python3
"""Regenerates the floating-point test sources in tests/programs/src/
(rv64{f,d,zfh}_{arith,cmp,cvt,round}.S and fp_fcvt_ff.S).

The expected values are computed by sf.py, a small exact-rational model of
IEEE-754 binary16/32/64 written from the IEEE-754 and RISC-V F/D/Zfh
specifications (canonical NaNs, NV rules, tininess detected after rounding);
check-qemu.sh then confirms every value against QEMU.  The generated .S files
are the source of truth that is committed; rerun this only to add cases.
"""
import os, subprocess, sys
HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, '..', '..', 'src')
def run(*a):
    return subprocess.run([sys.executable] + [os.path.join(HERE, a[0])] + list(a[1:]),
                          capture_output=True, text=True, check=True, cwd=HERE).stdout
names = {'S': ('rv64f', 'single precision (F)'), 'D': ('rv64d', 'double precision (D)'), 'H': ('rv64zfh', 'half precision (Zfh)')}
desc = {
 'arith': 'arithmetic: fadd fsub fmul fdiv fsqrt fmadd fmsub fnmadd fnmsub.\n   Results (full 64-bit register, NaN-boxed for narrower formats) and the\n   accrued fflags after each operation are checked.  NaN results are the\n   canonical NaN; NV is raised for signaling NaN inputs, inf-inf, 0*inf\n   (also for fma with a quiet-NaN addend), 0/0, sqrt of a negative number;\n   tininess is detected after rounding.',
 'cmp': 'min/max, sign injection, comparisons, classification:\n   fmin fmax (incl. -0/+0, quiet and signaling NaN inputs: a single NaN\n   input yields the other operand, two NaNs yield the canonical NaN, NV for\n   any signaling NaN), fsgnj fsgnjn fsgnjx (bit-exact, no canonicalisation),\n   feq flt fle with NaNs, fclass for every class.',
 'cvt': 'conversions between FP and integer: fcvt.{w,wu,l,lu}.X and\n   fcvt.X.{w,wu,l,lu}, including out-of-range saturation (NV), NaN -> largest\n   positive integer, -0, rounding modes given statically, and 32-bit forms\n   using/sign-extending only the low 32 bits.',
}
for F, (base, fname) in names.items():
    for k in ('arith', 'cmp', 'cvt'):
        body = run('gen.py', k, F)
        with open(os.path.join(SRC, '%s_%s.S' % (base, k)), 'w') as f:
            f.write('/* %s %s\n   Operands and expected results are IEEE-754 bit patterns; the comment on\n   each line gives the operation in readable form (max = largest finite,\n   minn = smallest normal, mins / maxs = smallest / largest subnormal,\n   qnan = canonical quiet NaN, snan = signaling NaN). */\n' % (fname, desc[k]))
            f.write('#include "test_macros.h"\n\nTEST_CODE_BEGIN\n')
            f.write(body.rstrip('\n') + '\n')
            f.write('TEST_CODE_END\n')
def emit(path, header, body):
    with open(os.path.join(SRC, path), 'w') as f:
        f.write(header + '#include "test_macros.h"\n\nTEST_CODE_BEGIN\n' + body.rstrip('\n') + '\nTEST_CODE_END\n')
emit('fp_fcvt_ff.S', '''/* FP <-> FP conversions: fcvt.s.d fcvt.d.s fcvt.h.s fcvt.s.h fcvt.h.d fcvt.d.h.
   Narrowing conversions round (overflow, underflow with tininess detected
   after rounding, static rounding modes); widening conversions are exact.
   NaN inputs give the canonical NaN of the destination format (payloads
   are not propagated), with NV for signaling NaNs.  Results are checked as
   full 64-bit registers (NaN-boxed) together with fflags. */
''', run('gen2.py', 'ff'))
for F, base, name in (('S', 'rv64f', 'single'), ('D', 'rv64d', 'double'), ('H', 'rv64zfh', 'half')):
    emit('%s_round.S' % base, '''/* Rounding modes, %s precision: every rounding mode (rne rtz rdn rup rmm)
   both static (encoded in the instruction) and dynamic (rm = dyn, frm set
   with fsrmi), on ties, inexact quotients/roots, overflow (rtz/rdn/rup give
   the largest finite number instead of infinity where required), underflow
   to zero or to the smallest subnormal, the sign of an exact zero sum under
   rdn, FP -> integer and integer -> FP conversions. */
''' % name, run('gen2.py', 'round', F))
