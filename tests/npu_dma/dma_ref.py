#!/usr/bin/env python3
"""Independent reference model of the TorchSim NPU DMA (npu-isa.md §3), written from
the specification text; it extends /work/shared/spec/dma_ref.py (the address walk of
§3.4-3.6) with the mask, fill, skip axes, DRAM bound, MVOUT accumulate (integer and
float) and indirect (gather/scatter) mode with its index dumps.

Used by tests/npu_dma.rs as the oracle of the descriptor property test (§8 item 2):

    python3 dma_ref.py cases N OUT.bin     # N random cases with their expected results
    python3 dma_ref.py examples            # the worked examples of §3.11, printed

The case file is little-endian; see `write_case` for its layout. Memory is modelled
as two byte arrays: the DRAM image and the scratchpad window (L banks of B bytes).
"""
import math
import random
import struct
import sys

M64 = (1 << 64) - 1
SKIP = M64

# Machine of the property test: L lanes of B bytes at SV; DRAM image at DRAM_BASE.
L = 4
B = 512 * 1024
SV = 0xD0000000
DRAM_BASE = 0x200000
DRAM_BYTES = 40 * 1024
BANK_DUMP = 8 * 1024
DESC_IN = 0x100000
DESC_OUT = 0x100100
INDEX_TILE = SV + 4096

INDIRECT, MASKED, ACCUMULATE, ACCUMULATE_FLOAT = 1, 2, 4, 8

DESC_FMT = "<4i4i4i4Q4QHHBBHQHHBBHQQQ"
assert struct.calcsize(DESC_FMT) == 160


class Fatal(Exception):
    """The run ends with `code` and `message`."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class Memory:
    """Guest memory: the DRAM image and the scratchpad window. Any other address is a
    bug in the case generator (the cases only touch these two)."""

    def __init__(self, dram, spad):
        self.dram = dram
        self.spad = spad

    def _at(self, addr, n):
        if DRAM_BASE <= addr and addr + n <= DRAM_BASE + len(self.dram):
            return self.dram, addr - DRAM_BASE
        if SV <= addr and addr + n <= SV + len(self.spad):
            return self.spad, addr - SV
        raise AssertionError("model access outside the case's memory: %#x" % addr)

    def load(self, addr, n):
        buf, off = self._at(addr, n)
        return int.from_bytes(buf[off:off + n], "little")

    def store(self, addr, n, value):
        buf, off = self._at(addr, n)
        buf[off:off + n] = (value & ((1 << (8 * n)) - 1)).to_bytes(n, "little")


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


class Desc:
    """The 160-byte descriptor (§3.3), fields by name."""

    def __init__(self, **kw):
        self.dim = [1, 1, 1, 1]
        self.lo = [0, 0, 0, 0]
        self.hi = [0, 0, 0, 0]
        self.ms = [0, 0, 0, 0]
        self.ss = [0, 0, 0, 0]
        self.E = 1
        self.VS = 1
        self.A = 0
        self.dtype = 0
        self.flags = 0
        self.IA = 0
        self.IS = 0
        self.IE = 1
        self.IDIM = 0
        self.ILANES = 0
        self.fill = 0
        self.MB = 0
        self.MN = 0
        self.__dict__.update(kw)

    def pack(self):
        return struct.pack(DESC_FMT, *self.dim, *self.lo, *self.hi,
                           *[x & M64 for x in self.ms], *[x & M64 for x in self.ss],
                           self.E, self.VS, self.A, self.dtype, self.flags,
                           self.IA & M64, self.IS, self.IE, self.IDIM, 0, self.ILANES,
                           self.fill & M64, self.MB & M64, self.MN & M64)


def u64_of_i32(v):
    """A 32-bit descriptor field, sign-extended, seen as unsigned 64-bit."""
    return sext(v, 32) & M64


# ---- §3.4 geometry -------------------------------------------------------------------

def plan(desc, lanes):
    D = [u64_of_i32(x) for x in desc.dim]
    E, VS, A = desc.E, desc.VS, desc.A
    if A > 3:
        raise Fatal(1, "splits axis")
    if E == 0 or VS == 0:
        raise Fatal(1, "element size or a lane stride of 0")
    if 0 in D:
        raise Fatal(1, "dimension of 0")
    OUT = -(-D[A] // (VS * lanes))
    USED = lanes if OUT > 1 else -(-D[A] // VS)
    BD = list(D)
    BD[A] = VS
    SS = [x & M64 for x in desc.ss]
    BS = [((SS[i] // D[A]) * VS * OUT) & M64 if SS[i] > SS[A] else SS[i] for i in range(4)]
    PS = [D[1] * D[2] * D[3], D[2] * D[3], D[3], 1]
    N = D[0] * D[1] * D[2] * D[3]
    R = USED * BD[0] * BD[1] * BD[2] * BD[3]
    LEN = -(-N // R) * R
    LSTR = PS[A] * VS
    return dict(D=D, OUT=OUT, USED=USED, BD=BD, BS=BS, PS=PS, LEN=LEN, LSTR=LSTR,
                OSTR=LSTR * USED, SOSTR=(BS[A] * VS) & M64)


# ---- §3.5 address table --------------------------------------------------------------

def address_table(desc, P, dram, mvin):
    D = P["D"]
    lo = [u64_of_i32(x) for x in desc.lo]
    hi = [u64_of_i32(x) for x in desc.hi]
    masked = bool(desc.flags & MASKED)
    skip_axes = (desc.flags >> 4) & 0xF if mvin else 0
    MS = [x & M64 for x in desc.ms]
    table = [0] * P["LEN"]
    for n in range(D[0]):
        for c in range(D[1]):
            for h in range(D[2]):
                for w in range(D[3]):
                    x = (n, c, h, w)
                    p = n * P["PS"][0] + c * P["PS"][1] + h * P["PS"][2] + w
                    a = (dram + (n * MS[0] + c * MS[1] + h * MS[2] + w * MS[3]) * desc.E) & M64
                    inbox = all(lo[i] <= x[i] < hi[i] for i in range(4))
                    if not masked or inbox:
                        table[p] = a
                    elif any(skip_axes >> i & 1 and not (lo[i] <= x[i] < hi[i]) for i in range(4)):
                        table[p] = SKIP
                    else:
                        table[p] = 0
    return table


def block(P):
    BD = P["BD"]
    for n in range(BD[0]):
        for c in range(BD[1]):
            for h in range(BD[2]):
                for w in range(BD[3]):
                    yield (n, c, h, w)


def position(P, o, k, x):
    return (P["OSTR"] * o + P["LSTR"] * k + sum(P["PS"][i] * x[i] for i in range(4))) & M64


def spad_index(P, o, x):
    return (P["SOSTR"] * o + sum(P["BS"][i] * x[i] for i in range(4))) & M64


def lookup(table, p):
    if p >= len(table):
        raise Fatal(1, "reaches position")
    return table[p]


# ---- §3.8 indirect -------------------------------------------------------------------

def read_index(mem, desc, P, o, k, x, s):
    if desc.IDIM == 0:
        ia = desc.IA + s * desc.IE + k * B
    else:
        ax = min(desc.IDIM - 1, 3)
        crd = x[ax]
        if desc.IDIM - 1 == desc.A:
            crd += (o * P["USED"] + k) * desc.VS
        nl = desc.ILANES if desc.ILANES else 1
        ia = desc.IA + (crd // nl) * desc.IE + (crd % nl) * B
    if desc.IE not in (1, 2, 4, 8):
        raise Fatal(1, "an index of %d bytes is not supported" % desc.IE)
    return sext(mem.load(ia & M64, desc.IE), 8 * desc.IE)


def out_of_bound(desc, a):
    return desc.MN != 0 and (a < desc.MB or a + desc.E > desc.MB + desc.MN)


# ---- §3.6 MVIN, §3.7 MVOUT -----------------------------------------------------------

def mvin(mem, desc, dram, spad, dumps):
    P = plan(desc, L)
    table = address_table(desc, P, dram, True)
    E = desc.E
    indices = {}
    for o in range(P["OUT"]):
        for k in range(L):
            for x in block(P):
                p = position(P, o, k, x)
                s = spad_index(P, o, x)
                soff = (spad + s * E) & M64
                dst = (soff + k * B) & M64
                used = k < P["USED"]
                a = lookup(table, p) if used else 0
                if a == SKIP:
                    continue
                used = used and a != 0
                if soff >= SV + B:
                    raise Fatal(200, "MVIN ERROR: Scratchpad address overflow: %#x" % dst)
                if desc.flags & INDIRECT and used:
                    idx = read_index(mem, desc, P, o, k, x, s)
                    a = (a + idx * desc.IS * E) & M64
                    indices[p] = idx & M64
                if used and out_of_bound(desc, a):
                    used = False
                v = mem.load(a, E) if used else desc.fill & ((1 << (8 * E)) - 1)
                mem.store(dst, E, v)
    if desc.flags & INDIRECT:
        dumps.append(index_dump(indices))


def f16_add(a, b):
    """SoftFloat RISC-V f16 addition, round to nearest even: NaN results are 0x7E00."""
    x = struct.unpack("<e", struct.pack("<H", a))[0]
    y = struct.unpack("<e", struct.pack("<H", b))[0]
    r = x + y  # exact in binary64
    if math.isnan(r):
        return 0x7E00
    try:
        return struct.unpack("<H", struct.pack("<e", r))[0]
    except OverflowError:
        return 0xFC00 if r < 0 else 0x7C00


def f32_add(a, b):
    """old + v in binary32, round to nearest even; NaN as x86 SSE (decision 6)."""
    x = struct.unpack("<f", struct.pack("<I", a))[0]
    y = struct.unpack("<f", struct.pack("<I", b))[0]
    if math.isnan(x):
        return a | 0x00400000
    if math.isnan(y):
        return b | 0x00400000
    r = x + y  # rounding to binary64 first is innocuous for a binary32 sum
    if math.isnan(r):
        return 0xFFC00000
    try:
        return struct.unpack("<I", struct.pack("<f", r))[0]
    except OverflowError:
        return 0xFF800000 if r < 0 else 0x7F800000


def f64_add(a, b):
    x = struct.unpack("<d", struct.pack("<Q", a))[0]
    y = struct.unpack("<d", struct.pack("<Q", b))[0]
    if math.isnan(x):
        return a | 0x0008000000000000
    if math.isnan(y):
        return b | 0x0008000000000000
    r = x + y
    if math.isnan(r):
        return 0xFFF8000000000000
    return struct.unpack("<Q", struct.pack("<d", r))[0]


def mvout(mem, desc, dram, spad, dumps):
    P = plan(desc, L)
    table = address_table(desc, P, dram, False)
    E = desc.E
    acc = bool(desc.flags & ACCUMULATE)
    flt = acc and bool(desc.flags & ACCUMULATE_FLOAT)
    indices = {}
    for o in range(P["OUT"]):
        for k in range(P["USED"]):
            for x in block(P):
                p = position(P, o, k, x)
                s = spad_index(P, o, x)
                soff = (spad + s * E) & M64
                src = (soff + k * B) & M64
                a = lookup(table, p)
                if a == 0:
                    continue
                if soff >= SV + B:
                    raise Fatal(200, "MVOUT ERROR: Scratchpad address overflow: %#x" % src)
                if desc.flags & INDIRECT:
                    idx = read_index(mem, desc, P, o, k, x, s)
                    a = (a + idx * desc.IS * E) & M64
                    indices[p] = idx & M64
                if out_of_bound(desc, a):
                    continue
                v = mem.load(src, E)
                if acc:
                    old = mem.load(a, E)
                    if flt and E == 2:
                        v = f16_add(old, v)
                    elif flt and E == 4:
                        v = f32_add(old, v)
                    elif flt and E == 8:
                        v = f64_add(old, v)
                    else:
                        v = (old + v) & ((1 << (8 * E)) - 1)
                mem.store(a, E, v)
    if desc.flags & INDIRECT:
        dumps.append(index_dump(indices))


def index_dump(indices):
    if not indices:
        return b""
    top = max(indices)
    return b"".join(struct.pack("<Q", indices.get(q, 0)) for q in range(top + 1))


# ---- §8 item 2: random descriptors ---------------------------------------------------

class XorShift32:
    def __init__(self, case):
        self.x = ((0x9E3779B9 * (case + 1)) | 1) & 0xFFFFFFFF

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def below(self, n):
        return self.next() % n

    def chance(self, num, den):
        return self.below(den) < num

    def bytes(self, n):
        # Bulk filler bytes: Python's generator seeded from this one (fast enough
        # for the 72 KiB of memory images per case).
        return bytearray(random.Random(self.next()).randbytes(n))


def dense(shape):
    return [shape[1] * shape[2] * shape[3], shape[2] * shape[3], shape[3], 1]


def gen_case(case):
    r = XorShift32(case)
    E = (1, 2, 4, 8)[r.below(4)]
    A = r.below(4)
    VS = 1 + r.below(2)
    while True:
        D = [1 + r.below(4) for _ in range(4)]
        if r.chance(1, 3):
            D[3] = (8, 12, 16)[r.below(3)]  # long rows (contiguous runs)
        D[A] = VS * (1, 2, 3, 4, 8)[r.below(5)]
        n = D[0] * D[1] * D[2] * D[3]
        if n <= 256 and n * E <= 2048:
            break
    # DRAM strides: row-major over a padded shape, axes in a random order.
    padded = [d + r.below(2) for d in D]
    order = [0, 1, 2, 3]
    for i in range(3, 0, -1):
        j = r.below(i + 1)
        order[i], order[j] = order[j], order[i]
    MS = [0] * 4
    step = 1
    for ax in reversed(order):
        MS[ax] = step
        step *= padded[ax]
    SS = dense(D)
    d = Desc(dim=D, hi=list(D), ms=MS, ss=SS, E=E, VS=VS, A=A)
    d.dtype = r.below(256)
    d.fill = r.next() | r.next() << 32
    if r.chance(2, 5):
        d.flags |= MASKED
        for i in range(4):
            lo = r.below(D[i])
            hi = lo + 1 + r.below(D[i] - lo + 1)
            if r.chance(1, 12):
                lo = -1
            d.lo[i], d.hi[i] = lo, hi
        d.flags |= r.below(16) << 4
    elif r.chance(1, 4):
        d.flags |= r.below(16) << 4  # skip axes without a mask: no effect
    src = DRAM_BASE + 1024 + 8 * r.below(32)
    dst = DRAM_BASE + 20 * 1024 + 8 * r.below(32)
    span = step * E
    bound = r.chance(1, 3)
    if bound:
        d.MB = src + E * r.below(max(1, step // 2))
        d.MN = r.below(span + 16)
    indirect = r.chance(1, 4)
    if indirect:
        d.flags |= INDIRECT
        d.IA = INDEX_TILE
        d.IS = 1 + r.below(3)
        d.IE = (1, 2, 4, 8)[r.below(4)]
        if r.chance(1, 40):
            d.IE = 3  # refused when an index is read
        d.IDIM = r.below(5)
        d.ILANES = (0, 1, 2, 4)[r.below(4)]
    spad = SV
    if r.chance(1, 30):
        spad = SV + B - E * (1 + r.below(4))  # runs past lane 0's bank
    funct7 = (2, 1, 14)[case % 3]
    out = Desc(**{k: (list(v) if isinstance(v, list) else v) for k, v in d.__dict__.items()})
    out.flags &= ~(ACCUMULATE | ACCUMULATE_FLOAT)
    acc = r.below(4)
    out.flags |= (0, ACCUMULATE, ACCUMULATE | ACCUMULATE_FLOAT, ACCUMULATE_FLOAT)[acc]
    if bound:
        out.MB = d.MB - src + dst
    dram = r.bytes(DRAM_BYTES)
    banks = bytearray(L * B)
    for k in range(L):
        banks[k * B:k * B + BANK_DUMP] = r.bytes(BANK_DUMP)
    if indirect:
        # Index values in [-2, 3] wherever the index tile may be read.
        for k in range(L):
            base = INDEX_TILE - SV + k * B
            for off in range(0, 2048, max(1, min(d.IE, 8))):
                if d.IE in (1, 2, 4, 8):
                    v = r.below(6) - 2
                    banks[base + off:base + off + d.IE] = (v & ((1 << (8 * d.IE)) - 1)).to_bytes(d.IE, "little")
    return dict(funct7=funct7, d_in=d, d_out=out, src=src, dst=dst, spad=spad, dram=dram, banks=banks)


def run_case(c):
    mem = Memory(bytearray(c["dram"]), bytearray(c["banks"]))
    dumps = []
    code, message = 0, ""
    try:
        mvin(mem, c["d_in"], c["src"], c["spad"], dumps)
        mvout(mem, c["d_out"], c["dst"], c["spad"], dumps)
    except Fatal as f:
        code, message = f.code, f.message
    return code, message, mem, dumps


def write_case(f, c):
    code, message, mem, dumps = run_case(c)
    f.write(struct.pack("<IQQQ", c["funct7"], c["src"], c["dst"], c["spad"]))
    f.write(c["d_in"].pack())
    f.write(c["d_out"].pack())
    f.write(c["dram"])
    for k in range(L):
        f.write(c["banks"][k * B:k * B + BANK_DUMP])
    msg = message.encode()
    f.write(struct.pack("<iI", code, len(msg)))
    f.write(msg)
    f.write(mem.dram)
    for k in range(L):
        f.write(mem.spad[k * B:k * B + BANK_DUMP])
    f.write(struct.pack("<I", len(dumps)))
    for dump in dumps:
        f.write(struct.pack("<I", len(dump)))
        f.write(dump)


def examples():
    """§3.11: the (lane, spad byte, DRAM byte or 'fill') moves of each worked example."""
    for name, D, MS, E, VS, A, lanes in (
        ("A", [1, 1, 4, 4], [16, 16, 4, 1], 4, 1, 2, 2),
        ("B", [1, 1, 2, 3], [6, 6, 3, 1], 2, 1, 2, 4),
        ("C", [1, 1, 2, 8], [16, 16, 8, 1], 4, 2, 3, 4),
    ):
        d = Desc(dim=D, hi=list(D), ms=MS, ss=MS, E=E, VS=VS, A=A)
        P = plan(d, lanes)
        table = address_table(d, P, 0x1000, True)
        print("Example", name, {k: v for k, v in P.items() if k != "D"})
        for o in range(P["OUT"]):
            for k in range(lanes):
                for x in block(P):
                    p = position(P, o, k, x)
                    a = table[p] if k < P["USED"] else 0
                    print(" ", (k, spad_index(P, o, x) * E, a - 0x1000 if a else "fill"))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "cases":
        n = int(sys.argv[2])
        with open(sys.argv[3], "wb") as f:
            f.write(struct.pack("<I", n))
            for case in range(n):
                write_case(f, gen_case(case))
    elif len(sys.argv) == 2 and sys.argv[1] == "examples":
        examples()
    else:
        sys.exit(__doc__)
