"""Models for the contraction translation check (contraction_translation_check.py).

Spec: spec/translation-check.md [translation.contraction.compare], [translation.contraction.classes]; the semantics:
spec/tosa-contractions.md. tosa_model is the TOSA 1.0.2 pseudo-code of MATMUL, CONV2D, DEPTHWISE_CONV2D,
TRANSPOSE_CONV2D, AVG_POOL2D and MAX_POOL2D (pseudocode/operators/*.tosac, helpers from pseudocode/library/*.tosac)
written from the specification text, loop for loop, on Python numbers: integers unbounded, floats as host doubles
rounded to each step's format, which is exact (a double holds every product of two f32 values, and one rounding of a
double sum or quotient to f32 / f16 / bf16 is the correctly rounded result since 53 >= 2 * 24 + 2). It cross-checks
quant-interp (A) on every element. The model of MLIR's lowering, which names departures, is contraction_lowering.py.
Standard library only.
"""
import math
from dataclasses import dataclass


# ----------------------------------------------------------------------------------------------------------------------
# Element types
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class IntType:
    name: str
    width: int
    is_float = False

    @property
    def lo(self):
        return -(1 << (self.width - 1))

    @property
    def hi(self):
        return (1 << (self.width - 1)) - 1

    def bits(self, v):
        return v & ((1 << self.width) - 1)

    def signed(self, bits):
        bits &= (1 << self.width) - 1
        return bits - (1 << self.width) if bits >> (self.width - 1) else bits


@dataclass(frozen=True)
class FloatType:
    name: str
    ebits: int
    mbits: int
    is_float = True

    @property
    def width(self):
        return 1 + self.ebits + self.mbits

    @property
    def bias(self):
        return (1 << (self.ebits - 1)) - 1

    @property
    def nan(self):
        """The default NaN: positive, quiet, no payload ([contract.float] 3)."""
        return (((1 << self.ebits) - 1) << self.mbits) | (1 << (self.mbits - 1))

    @property
    def max_bits(self):
        return (((1 << self.ebits) - 2) << self.mbits) | ((1 << self.mbits) - 1)

    def is_nan(self, bits):
        return (bits >> self.mbits) & ((1 << self.ebits) - 1) == (1 << self.ebits) - 1 and \
            bits & ((1 << self.mbits) - 1) != 0

    def decode(self, bits):
        sign = -1.0 if bits >> (self.width - 1) else 1.0
        e = (bits >> self.mbits) & ((1 << self.ebits) - 1)
        m = bits & ((1 << self.mbits) - 1)
        if e == (1 << self.ebits) - 1:
            return math.copysign(math.inf, sign) if m == 0 else math.nan
        if e == 0:
            return sign * math.ldexp(m, 1 - self.bias - self.mbits)
        return sign * math.ldexp(m | (1 << self.mbits), e - self.bias - self.mbits)

    def encode(self, x):
        """Bits of x rounded to nearest, ties to even; overflow to infinity; every NaN the default NaN."""
        if math.isnan(x):
            return self.nan
        sign = (1 << (self.width - 1)) if math.copysign(1.0, x) < 0 else 0
        a = abs(x)
        if math.isinf(a):
            return sign | (((1 << self.ebits) - 1) << self.mbits)
        if a == 0:
            return sign
        num, den = a.as_integer_ratio()  # den a power of two
        e = num.bit_length() - den.bit_length()
        if (num << max(0, -e)) < (den << max(0, e)):
            e -= 1  # now 2^e <= a < 2^(e+1)
        e = max(e, 1 - self.bias)
        shift = self.mbits - e  # a * 2^shift, rounded, is the significand
        n, d = (num << shift, den) if shift >= 0 else (num, den << -shift)
        q, r = divmod(n, d)
        if 2 * r > d or (2 * r == d and q & 1):
            q += 1
        if q >> (self.mbits + 1):
            q >>= 1
            e += 1
        if q >> self.mbits == 0:  # subnormal (e is the minimum exponent)
            return sign | q
        biased = e + self.bias
        if biased >= (1 << self.ebits) - 1:
            return sign | (((1 << self.ebits) - 1) << self.mbits)
        return sign | (biased << self.mbits) | (q & ((1 << self.mbits) - 1))

    def round(self, x):
        """x rounded to this format, as a host double (NaN stays NaN); a subnormal result is +-0 while this format
        is in FLUSH_SUBNORMALS (a model of compiled code, not of the specification)."""
        if math.isnan(x):
            return math.nan
        bits = self.encode(x)
        if self.name in FLUSH_SUBNORMALS and (bits >> self.mbits) & ((1 << self.ebits) - 1) == 0:
            bits &= 1 << (self.width - 1)
        return self.decode(bits)


FLUSH_SUBNORMALS = set()  # names of formats whose roundings flush subnormal results (lowered_float's flush_bf16)
I4, I8, I16, I32, I48 = IntType("i4", 4), IntType("i8", 8), IntType("i16", 16), IntType("i32", 32), IntType("i48", 48)
F16, BF16, F32 = FloatType("f16", 5, 10), FloatType("bf16", 8, 7), FloatType("f32", 8, 23)
TYPES = {t.name: t for t in (I4, I8, I16, I32, I48, F16, BF16, F32)}


class Undefined(Exception):
    """An ERROR_IF (the whole op) or a REQUIRE (an element) of the pseudo-code."""

    def __init__(self, kind, condition):
        super().__init__(f"{kind}({condition})")
        self.kind = kind
        self.condition = condition


def strides_of(shape):
    out, s = [], 1
    for d in reversed(shape):
        out.append(s)
        s *= d
    return tuple(reversed(out))


class Tensor:
    """A row-major tensor of host values (ints, or floats decoded from bits)."""

    def __init__(self, shape, values):
        self.shape, self.values, self.st = tuple(shape), values, strides_of(shape)

    def __getitem__(self, idx):
        return self.values[sum(i * s for i, s in zip(idx, self.st))]


def host_tensor(t, shape, bits):
    return Tensor(shape, [t.decode(b) for b in bits] if t.is_float else list(bits))


# ----------------------------------------------------------------------------------------------------------------------
# The pseudo-code's helpers (pseudocode/library/arithmetic_helpers.tosac, scale_helpers.tosac)
# ----------------------------------------------------------------------------------------------------------------------

def apply_add_s(t, a, b, what):
    if t.is_float:
        return t.round(a + b)
    c = a + b
    if not t.lo <= c <= t.hi:
        raise Undefined("REQUIRE", f"apply_add_s<{t.name}> ({what})")
    return c


def apply_sub_s(t, a, b, what):
    if t.is_float:
        return t.round(a - b)
    c = a - b
    if not t.lo <= c <= t.hi:
        raise Undefined("REQUIRE", f"apply_sub_s<{t.name}> ({what})")
    return c


def apply_mul_s(t, a, b):
    if t.is_float:
        return t.round(a * b)
    return t.signed(a * b)  # static_cast<in_t>(int64 product): truncation, no REQUIRE


def apply_max_s(t, a, b, nan_mode):
    if t.is_float:
        if math.isnan(a) or math.isnan(b):
            if nan_mode == "PROPAGATE":  # compare_nan
                return math.nan
            return b if math.isnan(a) else a
    return a if a >= b else b


def count_leading_zeros(a):
    a &= 0xFFFFFFFF
    return 32 - a.bit_length()


def reciprocal_scale(value):
    if not value > 0:
        raise Undefined("REQUIRE", "value > 0 (reciprocal_scale)")
    k = 32 - count_leading_zeros(value - 1)
    numerator = ((1 << 30) + 1) << k
    return numerator // value, 30 + k


def apply_scale_32(value, multiplier, shift, double_round=False):
    if not multiplier >= 0:
        raise Undefined("REQUIRE", "multiplier >= 0 (apply_scale_32)")
    if not 2 <= shift <= 62:
        raise Undefined("REQUIRE", "2 <= shift <= 62 (apply_scale_32)")
    if not -(1 << (shift - 1)) <= value < (1 << (shift - 1)):
        raise Undefined("REQUIRE", "value window (apply_scale_32)")
    rnd = 1 << (shift - 1)
    if double_round and shift > 31:
        rnd += (1 << 30) if value >= 0 else -(1 << 30)
    return (value * multiplier + rnd) >> shift


def static_cast(t, v):
    return t.round(v) if t.is_float else t.signed(v)


def idiv_check(a, b):
    q = abs(a) // b if a >= 0 else -(abs(a) // b)  # C's truncating division (b >= 1 here)
    if a - q * b != 0:
        raise Undefined("ERROR_IF", "input1 % input2 != 0 (idiv_check)")
    return q


def minimum_s(t):
    return -math.inf if t.is_float else t.lo


# ----------------------------------------------------------------------------------------------------------------------
# The operators (pseudocode/operators/*.tosac, v1.0.2 with [contract.source]'s corrections from main)
# ----------------------------------------------------------------------------------------------------------------------

def tosa_model(c):
    """Per output element (row-major): ("value", bits) or ("undefined", Undefined). Raises Undefined for an ERROR_IF
    (no element is defined)."""
    out = {}
    t = c.types
    order = []

    def write(idx, fn):
        order.append(idx)
        try:
            v = fn()
            out[idx] = ("value", t["out"].encode(v) if t["out"].is_float else t["out"].bits(v))
        except Undefined as e:
            out[idx] = ("undefined", e)
    getattr(_Ops, c.op)(c, write)
    order.sort()
    return [out[i] for i in order]


ZP_TYPE = {"a_zp": "in", "b_zp": "weight", "input_zp": "in", "weight_zp": "weight", "output_zp": "in"}


def _zp(c, role):
    tt = c.types[ZP_TYPE[role]]
    v = c.zps[role]
    return tt.decode(v) if tt.is_float else v


def _zp_error_ifs(c, pairs):
    for role, tname in pairs:
        tt = c.types[tname]
        v = _zp(c, role)
        if tt is not I8 and v != 0:
            raise Undefined("ERROR_IF", f"!is_same<{tname}_t,i8_t>() && {role} != 0")


class _Ops:
    @staticmethod
    def matmul(c, write):
        t = c.types
        in_t, out_t = t["in"], t["out"]
        _zp_error_ifs(c, [("a_zp", "in"), ("b_zp", "weight")])
        A, B = host_tensor(in_t, c.shapes["input"], c.tensors["input"]), \
            host_tensor(t["weight"], c.shapes["weight"], c.tensors["weight"])
        N, H, C = A.shape
        W = B.shape[2]
        azp, bzp = _zp(c, "a_zp"), _zp(c, "b_zp")
        for n in range(N):
            for h in range(H):
                for w in range(W):
                    def element(n=n, h=h, w=w):
                        acc = 0.0 if out_t.is_float else 0
                        for cc in range(C):
                            value1 = static_cast(out_t, A[n, h, cc])
                            value2 = static_cast(out_t, B[n, cc, w])
                            value1 = apply_sub_s(out_t, value1, static_cast(out_t, azp), f"c = {cc}")
                            value2 = apply_sub_s(out_t, value2, static_cast(out_t, bzp), f"c = {cc}")
                            acc = apply_add_s(out_t, acc, apply_mul_s(out_t, value1, value2), f"c = {cc}")
                        return acc
                    write((n, h, w), element)

    @staticmethod
    def _conv(c, write, depthwise):
        t = c.types
        in_t, w_t, out_t, acc_t = t["in"], t["weight"], t["out"], t["acc"]
        _zp_error_ifs(c, [("input_zp", "in"), ("weight_zp", "weight")])
        pt, pb, pl, pr = c.attrs["pad"]
        sy, sx = c.attrs["stride"]
        dy, dx = c.attrs["dilation"]
        inp = host_tensor(in_t, c.shapes["input"], c.tensors["input"])
        wt = host_tensor(w_t, c.shapes["weight"], c.tensors["weight"])
        bias = host_tensor(out_t, c.shapes["bias"], c.tensors["bias"])
        N, IH, IW, IC = inp.shape
        if depthwise:
            KH, KW, _, M = wt.shape
            OC = IC * M
        else:
            OC, KH, KW, _ = wt.shape
        BC = bias.shape[0]
        if min(pt, pb, pl, pr) < 0 or sy < 1 or sx < 1 or dy < 1 or dx < 1:
            raise Undefined("ERROR_IF", "pad / stride / dilation")
        OH = idiv_check(IH - 1 + pt + pb - (KH - 1) * dy, sy) + 1
        OW = idiv_check(IW - 1 + pl + pr - (KW - 1) * dx, sx) + 1
        if (OH, OW) != tuple(c.shapes["out"][1:3]):
            raise Undefined("ERROR_IF", "OH / OW")
        if BC != OC and BC != 1:
            raise Undefined("ERROR_IF", "BC != OC && BC != 1")
        izp, wzp = _zp(c, "input_zp"), _zp(c, "weight_zp")
        zero = 0.0 if acc_t.is_float else 0
        for n in range(N):
            for oy in range(OH):
                for ox in range(OW):
                    for oc in range(OC):
                        def element(n=n, oy=oy, ox=ox, oc=oc):
                            acc = zero
                            iy, ix = oy * sy - pt, ox * sx - pl
                            chans = [(oc // M, oc % M)] if depthwise else [(ic, None) for ic in range(IC)]
                            for ky in range(KH):
                                for kx in range(KW):
                                    for ic, m in chans:
                                        y, x = iy + ky * dy, ix + kx * dx
                                        if 0 <= y < IH and 0 <= x < IW:
                                            term = f"ky = {ky}, kx = {kx}, ic = {ic}"
                                            value = static_cast(acc_t, inp[n, y, x, ic])
                                            value = apply_sub_s(acc_t, value, static_cast(acc_t, izp), term)
                                            w_el = static_cast(acc_t, wt[ky, kx, ic, m] if depthwise else
                                                               wt[oc, ky, kx, ic])
                                            w_el = apply_sub_s(acc_t, w_el, static_cast(acc_t, wzp), term)
                                            acc = apply_add_s(acc_t, acc, apply_mul_s(acc_t, value, w_el), term)
                            out = static_cast(out_t, acc)
                            return apply_add_s(out_t, out, bias[(0 if BC == 1 else oc,)], "bias")
                        write((n, oy, ox, oc), element)

    @staticmethod
    def conv2d(c, write):
        _Ops._conv(c, write, False)

    @staticmethod
    def depthwise_conv2d(c, write):
        _Ops._conv(c, write, True)

    @staticmethod
    def transpose_conv2d(c, write):
        t = c.types
        in_t, w_t, out_t, acc_t = t["in"], t["weight"], t["out"], t["acc"]
        _zp_error_ifs(c, [("input_zp", "in"), ("weight_zp", "weight")])
        opt, opb, opl, opr = c.attrs["out_pad"]
        sy, sx = c.attrs["stride"]
        inp = host_tensor(in_t, c.shapes["input"], c.tensors["input"])
        wt = host_tensor(w_t, c.shapes["weight"], c.tensors["weight"])
        bias = host_tensor(out_t, c.shapes["bias"], c.tensors["bias"])
        N, IH, IW, IC = inp.shape
        OC, KH, KW, _ = wt.shape
        BC = bias.shape[0]
        if opt <= -KH or opb <= -KH or opl <= -KW or opr <= -KW or sy < 1 or sx < 1:
            raise Undefined("ERROR_IF", "out_pad / stride")
        OH, OW = (IH - 1) * sy + opt + opb + KH, (IW - 1) * sx + opl + opr + KW
        if (OH, OW) != tuple(c.shapes["out"][1:3]):
            raise Undefined("ERROR_IF", "OH / OW")
        if BC != OC and BC != 1:
            raise Undefined("ERROR_IF", "BC != OC && BC != 1")
        izp, wzp = _zp(c, "input_zp"), _zp(c, "weight_zp")
        zero = 0.0 if acc_t.is_float else 0
        for n in range(N):
            for oy in range(OH):
                for ox in range(OW):
                    for oc in range(OC):
                        def element(n=n, oy=oy, ox=ox, oc=oc):
                            acc = zero
                            iy, ix = oy - opt, ox - opl
                            for ky in range(KH):
                                for kx in range(KW):
                                    for ic in range(IC):
                                        y, x = iy - ky, ix - kx
                                        if 0 <= y < IH * sy and 0 <= x < IW * sx and y % sy == 0 and x % sx == 0:
                                            term = f"ky = {ky}, kx = {kx}, ic = {ic}"
                                            value = static_cast(acc_t, inp[n, y // sy, x // sx, ic])
                                            value = apply_sub_s(acc_t, value, static_cast(acc_t, izp), term)
                                            w_el = static_cast(acc_t, wt[oc, ky, kx, ic])
                                            w_el = apply_sub_s(acc_t, w_el, static_cast(acc_t, wzp), term)
                                            acc = apply_add_s(acc_t, acc, apply_mul_s(acc_t, value, w_el), term)
                            out = static_cast(out_t, acc)
                            return apply_add_s(out_t, out, bias[(0 if BC == 1 else oc,)], "bias")
                        write((n, oy, ox, oc), element)

    @staticmethod
    def _pool_geometry(c):
        ky_, kx_ = c.attrs["kernel"]
        sy, sx = c.attrs["stride"]
        pt, pb, pl, pr = c.attrs["pad"]
        if ky_ < 1 or kx_ < 1 or sy < 1 or sx < 1 or min(pt, pb, pl, pr) < 0 or pr >= kx_ or pl >= kx_ or \
                pt >= ky_ or pb >= ky_:
            raise Undefined("ERROR_IF", "kernel / stride / pad")
        _, IH, IW, _ = c.shapes["input"]
        OH = idiv_check(IH + pt + pb - ky_, sy) + 1
        OW = idiv_check(IW + pl + pr - kx_, sx) + 1
        if (OH, OW) != tuple(c.shapes["out"][1:3]):
            raise Undefined("ERROR_IF", "OH / OW")
        return ky_, kx_, sy, sx, pt, pl, OH, OW

    @staticmethod
    def avg_pool2d(c, write):
        t = c.types
        io_t, acc_t = t["in"], t["acc"]
        _zp_error_ifs(c, [("input_zp", "in"), ("output_zp", "in")])
        KY, KX, sy, sx, pt, pl, OH, OW = _Ops._pool_geometry(c)
        inp = host_tensor(io_t, c.shapes["input"], c.tensors["input"])
        N, IH, IW, C = inp.shape
        izp, ozp = _zp(c, "input_zp"), _zp(c, "output_zp")
        for n in range(N):
            for oy in range(OH):
                for ox in range(OW):
                    for ch in range(C):
                        def element(n=n, oy=oy, ox=ox, ch=ch):
                            acc = 0.0 if acc_t.is_float else 0
                            count = 0
                            iy, ix = oy * sy - pt, ox * sx - pl
                            for ky in range(KY):
                                for kx in range(KX):
                                    y, x = iy + ky, ix + kx
                                    if 0 <= y < IH and 0 <= x < IW:
                                        count += 1
                                        value = static_cast(acc_t, inp[n, y, x, ch])
                                        value = apply_sub_s(acc_t, value, static_cast(acc_t, izp), f"ky = {ky}")
                                        acc = apply_add_s(acc_t, acc, value, f"ky = {ky}, kx = {kx}")
                            if io_t.is_float:  # [contract.source] 3: divide in acc_t, then round to in_out_t
                                return io_t.round(acc_t.round(acc / count))
                            multiplier, shift = reciprocal_scale(count)
                            acc = apply_scale_32(acc, multiplier, shift, False)
                            acc = apply_add_s(acc_t, acc, ozp, "output_zp")
                            return min(max(acc, io_t.lo), io_t.hi)
                        write((n, oy, ox, ch), element)

    @staticmethod
    def max_pool2d(c, write):
        io_t = c.types["in"]
        nan_mode = c.attrs["nan_mode"]
        KY, KX, sy, sx, pt, pl, OH, OW = _Ops._pool_geometry(c)
        inp = host_tensor(io_t, c.shapes["input"], c.tensors["input"])
        N, IH, IW, C = inp.shape
        for n in range(N):
            for oy in range(OH):
                for ox in range(OW):
                    for ch in range(C):
                        def element(n=n, oy=oy, ox=ox, ch=ch):
                            acc = math.nan if io_t.is_float and nan_mode == "IGNORE" else minimum_s(io_t)
                            iy, ix = oy * sy - pt, ox * sx - pl
                            for ky in range(KY):
                                for kx in range(KX):
                                    y, x = iy + ky, ix + kx
                                    if 0 <= y < IH and 0 <= x < IW:
                                        acc = apply_max_s(io_t, acc, inp[n, y, x, ch], nan_mode)
                            return acc
                        write((n, oy, ox, ch), element)
