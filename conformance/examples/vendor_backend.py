#!/usr/bin/env python3
"""Example vendor backend for quant-conform's command protocol `quant-conform-command/1`.

Usage: vendor_backend.py REQUEST_DIR   (docs/vendor-guide.md)
       QI_COMMAND_MODE=batch vendor_backend.py   (batch mode: request directories on stdin, `done STATUS` on stdout)

Implements the `reference` profile of spec/quant.md bit for bit, with exact rational arithmetic (fractions.Fraction)
and one table-driven rounding function for every float format:

    qcast:  sE = E(s), t = E(x / sE), t = E(t + E(zp)), i = round-half-even(t), clamp to [storageMin, storageMax]
            (±inf saturate, NaN is don't-care: printed as 0)
    dcast:  y = E(E(E(q) - E(zp)) * sE)

and tosa.rescale as the TOSA 1.0 specification's RESCALE (spec/rescale.md, the `tosa` recipe): ERROR_IF and REQUIRE
rejected (exit 3), INEXACT_ROUND computed as SINGLE_ROUND.

Python 3 standard library only. The semantics live in `ReferenceBackend` and `RescaleBackend`, whose methods are the
steps of the pseudo-code; conformance/mutants/ subclass them and override one step each to model a real-world backend
bug.

Exit status: 0 success; 3 rejected, with a message on stderr (the run-time integrity checks of per-axis and
sub-channel types, and the static checks of MLIR's verifier that type.json shows: scale range, unranked sub-channel;
RESCALE's ERROR_IFs and REQUIREs); 77 unsupported (a float format, storage type, op or protocol version this backend
does not implement); 2 malformed request.
"""

import json
import math
import os
import sys
from fractions import Fraction

PROTOCOL = "quant-conform-command/1"
EXIT_REJECTED = 3
EXIT_UNSUPPORTED = 77
EXIT_BAD_REQUEST = 2


class Rejected(Exception):
    """The program or input is refused on purpose (exit 3)."""


class Unsupported(Exception):
    """This backend does not implement the case (exit 77)."""


# ---------------------------------------------------------------------------------------------------------------------
# Float formats (spec/numeric.md [format.table]). `nonfinite` says how infinity and NaN are encoded:
#   ieee  all-ones exponent = inf (fraction 0) or NaN;
#   fn    no infinity; all-ones exponent and fraction = NaN (both signs); the top binade is otherwise finite;
#   fnuz  no infinity, no -0; the pattern 1000...0 is the only NaN; the top binade is finite.
# ---------------------------------------------------------------------------------------------------------------------

class FloatFormat:
    def __init__(self, name, bits, precision, emin, emax, nonfinite):
        self.name, self.bits, self.p, self.emin, self.emax = name, bits, precision, emin, emax
        self.nonfinite = nonfinite
        self.fraction_bits = precision - 1
        self.exponent_bits = bits - 1 - self.fraction_bits
        self.bias = 1 - emin
        top = (1 << precision) - 1
        if nonfinite == "fn":
            top -= 1  # the all-ones significand of the top binade is the NaN
        self.max_finite = Fraction(top) * Fraction(2) ** (emax - precision + 1)
        self.hex_digits = (bits + 3) // 4


FORMATS = {f.name: f for f in [
    FloatFormat("f16", 16, 11, -14, 15, "ieee"),
    FloatFormat("bf16", 16, 8, -126, 127, "ieee"),
    FloatFormat("f32", 32, 24, -126, 127, "ieee"),
    FloatFormat("f64", 64, 53, -1022, 1023, "ieee"),
    FloatFormat("f8E5M2", 8, 3, -14, 15, "ieee"),
    FloatFormat("f8E4M3", 8, 4, -6, 7, "ieee"),
    FloatFormat("f8E3M4", 8, 5, -2, 3, "ieee"),
    FloatFormat("f8E4M3FN", 8, 4, -6, 8, "fn"),
    FloatFormat("f8E5M2FNUZ", 8, 3, -15, 15, "fnuz"),
    FloatFormat("f8E4M3FNUZ", 8, 4, -7, 7, "fnuz"),
    FloatFormat("f8E4M3B11FNUZ", 8, 4, -10, 4, "fnuz"),
]}


def float_format(name):
    if name not in FORMATS:
        raise Unsupported("float format %s is not implemented (known: %s)" % (name, " ".join(FORMATS)))
    return FORMATS[name]


# ---------------------------------------------------------------------------------------------------------------------
# Values: an exact number with its sign kept separately (so that -0 exists), an infinity, or a NaN. A NaN carries only
# its sign: qcast never looks at a NaN's bits (don't-care), and the NaNs dcast can produce from integers are default
# NaNs or overflows into FN / FNUZ formats, whose NaNs have no payload.
# ---------------------------------------------------------------------------------------------------------------------

class Val:
    __slots__ = ("kind", "neg", "mag")  # kind: "num", "inf", "nan"; mag: Fraction >= 0 for "num"

    def __init__(self, kind, neg=False, mag=Fraction(0)):
        self.kind, self.neg, self.mag = kind, neg, mag

    @staticmethod
    def of(q):
        """An exact rational (int or Fraction) as a value; 0 is +0."""
        q = Fraction(q)
        return Val("num", q < 0, abs(q))

    def is_nan(self):
        return self.kind == "nan"

    def is_inf(self):
        return self.kind == "inf"

    def is_zero(self):
        return self.kind == "num" and self.mag == 0

    def value(self):
        """The signed exact value of a finite number."""
        return -self.mag if self.neg else self.mag

    def negated(self):
        return Val(self.kind, not self.neg, self.mag)

    def __repr__(self):
        return "%s%s" % ("-" if self.neg else "+", self.mag if self.kind == "num" else self.kind)


DEFAULT_NAN = Val("nan")  # invalid operations give a positive quiet NaN ([format.nan])


# ---------------------------------------------------------------------------------------------------------------------
# Exact IEEE arithmetic ([op.arith]): special cases first, then the exact result, never rounded here. A NaN operand is
# returned as it is (sign kept: the first NaN operand wins); signs of exact zeros follow [op.zero-sign] for
# round-to-nearest.
# ---------------------------------------------------------------------------------------------------------------------

def exact_add(a, b):
    if a.is_nan():
        return a
    if b.is_nan():
        return b
    if a.is_inf() and b.is_inf():
        return a if a.neg == b.neg else DEFAULT_NAN
    if a.is_inf():
        return a
    if b.is_inf():
        return b
    total = a.value() + b.value()
    if total == 0:
        # x + (-x) is +0; two zeros of the same sign keep it.
        return Val("num", a.neg and b.neg and a.is_zero() and b.is_zero())
    return Val.of(total)


def exact_sub(a, b):
    if a.is_nan():
        return a
    if b.is_nan():
        return b  # not negated: a NaN operand comes back as it is
    return exact_add(a, b.negated())


def exact_mul(a, b):
    if a.is_nan():
        return a
    if b.is_nan():
        return b
    neg = a.neg != b.neg
    if (a.is_inf() and b.is_zero()) or (a.is_zero() and b.is_inf()):
        return DEFAULT_NAN
    if a.is_inf() or b.is_inf():
        return Val("inf", neg)
    return Val("num", neg, a.mag * b.mag)


def exact_div(a, b):
    if a.is_nan():
        return a
    if b.is_nan():
        return b
    neg = a.neg != b.neg
    if (a.is_inf() and b.is_inf()) or (a.is_zero() and b.is_zero()):
        return DEFAULT_NAN
    if a.is_inf() or b.is_zero():
        return Val("inf", neg)
    if b.is_inf():
        return Val("num", neg)
    return Val("num", neg, a.mag / b.mag)


def exact_fma(a, b, c):
    """a * b + c with no rounding of the product."""
    for v in (a, b, c):
        if v.is_nan():
            return v
    product = exact_mul(a, b)
    if product.is_nan():
        return product
    return exact_add(product, c)


# ---------------------------------------------------------------------------------------------------------------------
# Rounding ([round.float], [round.integer]) and encoding ([format.encoding]).
# ---------------------------------------------------------------------------------------------------------------------

def round_half_even(q):
    """The integer nearest to the rational q, ties to even."""
    floor = math.floor(q)
    rest = q - floor
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and floor % 2 == 1):
        return floor + 1
    return floor


def floor_log2(m):
    """floor(log2(m)) for a rational m > 0, exactly."""
    e = m.numerator.bit_length() - m.denominator.bit_length()
    return e if m >= Fraction(2) ** e else e - 1


def round_to_format(v, fmt):
    """Round v once into fmt with round-to-nearest-even. Overflow gives inf (ieee) or the NaN (fn, fnuz)."""
    if v.is_nan():
        return Val("nan", v.neg and fmt.nonfinite != "fnuz")
    if v.is_inf():
        return v if fmt.nonfinite == "ieee" else Val("nan", v.neg and fmt.nonfinite == "fn")
    if v.is_zero():
        return Val("num", v.neg and fmt.nonfinite != "fnuz")
    # The last digit has weight 2^(max(e, emin) - p + 1); subnormals share emin's quantum.
    quantum = Fraction(2) ** (max(floor_log2(v.mag), fmt.emin) - fmt.p + 1)
    mag = round_half_even(v.mag / quantum) * quantum
    if mag > fmt.max_finite:
        return Val("inf", v.neg) if fmt.nonfinite == "ieee" else Val("nan", v.neg and fmt.nonfinite == "fn")
    return Val("num", v.neg and (mag != 0 or fmt.nonfinite != "fnuz"), mag)


def encode(v, fmt):
    """The bit pattern of a value that is representable in fmt (the result of round_to_format)."""
    sign = (1 << (fmt.bits - 1)) if v.neg else 0
    all_ones_exp = (1 << fmt.exponent_bits) - 1
    if v.is_nan():
        if fmt.nonfinite == "fnuz":
            return 1 << (fmt.bits - 1)
        if fmt.nonfinite == "fn":
            return sign | (1 << (fmt.bits - 1)) - 1
        return sign | all_ones_exp << fmt.fraction_bits | 1 << (fmt.fraction_bits - 1)  # quiet, no payload
    if v.is_inf():
        return sign | all_ones_exp << fmt.fraction_bits
    if v.mag < Fraction(2) ** fmt.emin:  # subnormal or zero: exponent field 0, fraction in units of 2^(emin-p+1)
        return sign | int(v.mag / Fraction(2) ** (fmt.emin - fmt.p + 1))
    e = floor_log2(v.mag)
    significand = int(v.mag / Fraction(2) ** (e - fmt.p + 1))  # p digits, the leading one implicit
    return sign | (e + fmt.bias) << fmt.fraction_bits | (significand - (1 << fmt.fraction_bits))


def decode(bits, fmt):
    """The value of a bit pattern of fmt."""
    neg = bool(bits >> (fmt.bits - 1) & 1)
    exp = bits >> fmt.fraction_bits & ((1 << fmt.exponent_bits) - 1)
    frac = bits & ((1 << fmt.fraction_bits) - 1)
    all_ones_exp = (1 << fmt.exponent_bits) - 1
    if fmt.nonfinite == "ieee" and exp == all_ones_exp:
        return Val("inf", neg) if frac == 0 else Val("nan", neg)
    if fmt.nonfinite == "fn" and exp == all_ones_exp and frac == (1 << fmt.fraction_bits) - 1:
        return Val("nan", neg)
    if fmt.nonfinite == "fnuz" and bits == 1 << (fmt.bits - 1):
        return Val("nan")
    significand = frac | (1 << fmt.fraction_bits) if exp else frac
    return Val("num", neg, significand * Fraction(2) ** (max(exp, 1) - fmt.bias - fmt.fraction_bits))


# ---------------------------------------------------------------------------------------------------------------------
# Storage integer types.
# ---------------------------------------------------------------------------------------------------------------------

class Storage:
    def __init__(self, signed, bits, lo, hi):
        self.signed, self.bits, self.lo, self.hi = signed, bits, lo, hi
        self.type_min = -(1 << (bits - 1)) if signed else 0
        self.type_max = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1

    def from_bits(self, bits):
        bits &= (1 << self.bits) - 1
        return bits - (1 << self.bits) if self.signed and bits >> (self.bits - 1) else bits

    def to_bits(self, n):
        return n & ((1 << self.bits) - 1)

    def wrap(self, n):
        return self.from_bits(self.to_bits(n))


def parse_storage_name(name):
    if len(name) < 2 or name[0] not in "iu" or not name[1:].isdigit() or not 1 <= int(name[1:]) <= 32:
        raise Unsupported("storage type %s is not implemented (i1..i32, u1..u32)" % name)
    return name[0] == "i", int(name[1:])


# ---------------------------------------------------------------------------------------------------------------------
# The semantics: one method per step of the pseudo-code, so that a subclass can replace exactly one step.
# ---------------------------------------------------------------------------------------------------------------------

class ReferenceBackend:
    """reference profile: every float step in E with nearest-even, round half even, saturate, NaN -> poison."""

    # Where the zero point enters qcast (spec/profiles.md [recipe.quantize] zeroPointInFloat): in float before
    # rounding (the dialect's pseudo-code), or as an integer after rounding.
    zero_point_in_float = True

    def __init__(self, qtype):
        self.qtype = qtype
        self.E = float_format(qtype["expressed"])
        self.scale_format = float_format(qtype["scaleFormat"])
        self.st = self.storage(qtype)
        self.keys, self.program = {}, ""

    def take_request(self, keys, program):
        """The request as a whole (request.txt's keys, program.mlir), for a backend whose code path depends on the
        types written there (a static or `?` dimension, a scalar, an unranked tensor); the reference ignores it."""
        self.keys, self.program = keys, program

    # --- type ------------------------------------------------------------------------------------------------------

    def storage(self, qtype):
        """The storage type and clamp bounds the arithmetic uses."""
        signed, bits = parse_storage_name(qtype["storage"])
        return Storage(signed, bits, qtype["storageMin"], qtype["storageMax"])

    def zero_point(self, zp):
        """The zero point as the backend holds it (the integer of type.json)."""
        return zp

    # --- float steps: every result goes through round_e ------------------------------------------------------------

    def round_e(self, v):
        """Round an exact value into E (nearest-even)."""
        return round_to_format(v, self.E)

    def scale_in_e(self, scale):
        """Step 0: sE = E(s) (identity for sub-channel scales, already stored in E)."""
        return self.round_e(scale)

    def int_to_e(self, n):
        """convertIntToFloat: an integer rounded once into E."""
        return self.round_e(Val.of(n))

    def divide(self, x, sE):
        """qcast step 2: x / sE in E."""
        return self.round_e(exact_div(x, sE))

    def add_zero_point(self, t, zp):
        """qcast step 3: t + E(zp) in E."""
        return self.round_e(exact_add(t, self.int_to_e(zp)))

    def affine(self, x, scale, zp):
        """qcast steps 0-3: the float storedValueFloat."""
        t = self.divide(x, self.scale_in_e(scale))
        return self.add_zero_point(t, zp) if self.zero_point_in_float else t

    # --- float -> integer ------------------------------------------------------------------------------------------

    def round_to_int(self, t):
        """qcast step 4: the exact rational t rounded to an integer, ties to even."""
        return round_half_even(t)

    def non_finite(self, t):
        """qcast step 4 for ±inf and NaN: ±inf saturate to the storage type's bounds; NaN is poison (None)."""
        if t.is_nan():
            return None
        return self.st.type_min if t.neg else self.st.type_max

    def clamp(self, n):
        """qcast steps 4-5: saturate to the storage type, then clamp to the narrow bounds; since the narrow bounds lie
        inside the type, that is one clamp to [storageMin, storageMax]."""
        return min(max(n, self.st.lo), self.st.hi)

    def to_storage(self, t, zp):
        """qcast steps 4-5: storedValueFloat -> stored integer, or None for poison."""
        if t.is_nan() or t.is_inf():
            n = self.non_finite(t)
            if n is None:
                return None
        else:
            n = self.round_to_int(t.value())
            if not self.zero_point_in_float:
                n += zp
        return self.clamp(n)

    def quantize(self, x, scale, zp):
        """quant.qcast of one element: the stored integer, or None for a don't-care (poison) element."""
        zp = self.zero_point(zp)
        return self.to_storage(self.affine(x, scale, zp), zp)

    # --- dcast -----------------------------------------------------------------------------------------------------

    def difference(self, q, zp):
        """dcast steps 1-3: E(q) - E(zp) in E."""
        return self.round_e(exact_sub(self.int_to_e(q), self.int_to_e(zp)))

    def multiply(self, d, sE):
        """dcast step 4: difference * sE in E."""
        return self.round_e(exact_mul(d, sE))

    def dequantize(self, q, scale, zp):
        """quant.dcast of one element: a value of E."""
        return self.multiply(self.difference(q, self.zero_point(zp)), self.scale_in_e(scale))

    def stored_value(self, bits):
        """dcast: the stored integer an input bit pattern (storage width) holds, read with the storage's signedness."""
        return self.st.from_bits(bits)

    # --- whole tensors: a backend whose code path depends on the size or on an element's position (vector main loop
    # and tail, threads, tiles) sees the tensor here; the reference computes element by element ----------------------

    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        """qcast of a whole tensor (flat, row-major): element k uses parameter indices[k]. quantize() is a pure
        function of (x, parameter), so each distinct pair is computed once (tiled cases repeat a few values
        65,536 times and more)."""
        memo = {}
        out = []
        for x, p in zip(xs, indices):
            key = (x.kind, x.neg, x.mag, p)
            if key not in memo:
                memo[key] = self.quantize(x, scales[p], zero_points[p])
            out.append(memo[key])
        return out

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        """dcast of a whole tensor (flat, row-major): element k uses parameter indices[k]; each distinct
        (q, parameter) computed once, as in quantize_tensor."""
        memo = {}
        out = []
        for q, p in zip(qs, indices):
            if (q, p) not in memo:
                memo[(q, p)] = self.dequantize(q, scales[p], zero_points[p])
            out.append(memo[(q, p)])
        return out

    # --- static checks of MLIR's verifier that type.json and program.mlir let us see ------------------------------

    def verify(self, scales, program):
        """Reject what MLIR's verifier rejects before anything runs ([qtype.scale] 4, docs/errors.md); a per-axis type
        on a scalar or with a wrong static channel size is caught by the run-time checks of parameter_indices."""
        smallest = Fraction(2) ** (self.E.emin - self.E.p + 1)
        for s in scales:
            if s.kind != "num" or s.neg or not smallest <= s.mag <= self.E.max_finite:
                shown = "%g" % float(s.value()) if s.kind == "num" else repr(s)
                raise Rejected("scale %s out of the range of %s [%g, %g]"
                               % (shown, self.E.name, smallest, self.E.max_finite))
        if self.qtype["granularity"] == "sub-channel" and "tensor<*x" in program:
            raise Rejected("tensor containing the sub-channel quantized type must be ranked")

    # --- which parameters an element uses ([qtype.granularity]) ----------------------------------------------------

    def channel_axis(self, shape):
        """per-axis: the dimension of the runtime shape that holds the channels (checked, then indexed)."""
        return self.qtype["axis"]

    def channel_index(self, coords, flat, nchannels):
        """per-axis: the coordinate on the channel axis (self.axis: channel_axis of this shape)."""
        return coords[self.axis]

    def block_coordinate(self, i, block_size):
        """sub-channel: which block coordinate i of a dimension falls in."""
        return i // block_size

    def parameter_indices(self, shape):
        """The parameter index of every element (flat, row-major), after the run-time integrity checks."""
        q = self.qtype
        count = 1
        for d in shape:
            count *= d
        granularity = q["granularity"]
        if granularity == "per-layer":
            return [0] * count
        nscales = len(q["scales"])
        if granularity == "per-axis":
            if not shape:
                raise Rejected("per-axis quantized type %s used on a value of rank 0" % q["mlir"])
            axis = self.axis = self.channel_axis(shape)
            if axis >= len(shape):
                raise Rejected("channel axis %d is out of range for the runtime rank %d" % (axis, len(shape)))
            if shape[axis] != nscales:
                raise Rejected("channel axis %d has runtime size %d but the type has %d scales"
                               % (axis, shape[axis], nscales))
            return [self.channel_index(c, k, nscales) for k, c in enumerate(coordinates(shape))]
        if granularity == "sub-channel":
            pshape = q["parameterShape"]
            if len(shape) != len(pshape):
                raise Rejected("sub-channel type has a rank-%d scale tensor but the runtime rank is %d"
                               % (len(pshape), len(shape)))
            written = dict((dim, size) for dim, size in q["blockSizes"])
            blocks = [written.get(k, d) for k, d in enumerate(shape)]
            for k, (d, b) in enumerate(zip(shape, blocks)):
                if b == 0 or d % b:
                    raise Rejected("block size %d on dimension %d does not divide the runtime size %d" % (b, k, d))
                if d // b != pshape[k]:
                    raise Rejected("dimension %d has runtime size %d = %d block(s) of %d, but the scale tensor has "
                                   "%d along it" % (k, d, d // b, b, pshape[k]))
            indices = []
            for c in coordinates(shape):
                index = 0
                for k, i in enumerate(c):
                    index = index * pshape[k] + self.block_coordinate(i, blocks[k])
                indices.append(index)
            return indices
        raise Unsupported("granularity %s is not implemented" % granularity)


# ---------------------------------------------------------------------------------------------------------------------
# RESCALE (spec/rescale.md): integers only. One method per function of the pseudo-code.
# ---------------------------------------------------------------------------------------------------------------------

class RescaleBackend:
    """tosa.rescale as TOSA 1.0 RESCALE: ERROR_IFs, apply_scale_32 / apply_scale_16, apply_add_s, clip."""

    def __init__(self, op):
        self.op = op
        self.in_width, self.in_unsigned = int_type(op["input"])
        self.out_width, self.out_unsigned = int_type(op["output"])
        self.scale32 = op["scale32"]
        self.rounding_mode = op["roundingMode"]

    # --- ERROR_IF ([rescale.error-if]), checked once, in the specification's order ---------------------------------

    def error_if(self, rank):
        i8, i16, i32, i48 = (self.in_width == w for w in (8, 16, 32, 48))
        o8, o16, o32 = (self.out_width == w for w in (8, 16, 32))
        izp, ozp = self.op["inputZp"], self.op["outputZp"]
        conditions = [
            (self.in_width > 48 or self.out_width > 32, "in_t wider than int48_t or out_t wider than int32_t"),
            (not i8 and (not i16 or not self.in_unsigned) and izp != 0, "input_zp != 0 for this in_t"),
            (not o8 and (not o16 or not self.out_unsigned) and ozp != 0, "output_zp != 0 for this out_t"),
            (i16 and self.in_unsigned and izp not in (0, 32768), "unsigned i16 input_zp not 0 or 32768"),
            (o16 and self.out_unsigned and ozp not in (0, 32768), "unsigned i16 output_zp not 0 or 32768"),
            (self.scale32 and i48, "scale32 && is_same<in_t,i48_t>()"),
            (not self.scale32 and self.rounding_mode == "DOUBLE_ROUND", "!scale32 && DOUBLE_ROUND"),
            (self.in_unsigned and self.out_unsigned, "input_unsigned && output_unsigned"),
            (o32 and self.in_unsigned, "is_same<out_t,i32_t>() && input_unsigned"),
            ((i32 or i48) and self.out_unsigned, "i32 / i48 input && output_unsigned"),
            ((i32 or i48) and self.in_unsigned, "unsigned i32 / i48 input"),
            (o32 and self.out_unsigned, "unsigned i32 output"),
            (self.op["perChannel"] and rank < 1, "per_channel && rank(input) < 1"),
        ]
        for holds, text in conditions:
            if holds:
                raise Rejected("ERROR_IF(%s) of RESCALE holds" % text)

    # --- the element computation ([rescale.apply-scale-32], [rescale.apply-scale-16], [rescale.op]) --------------

    def require(self, condition, text):
        if not condition:
            raise Rejected("REQUIRE(%s) does not hold" % text)

    def rounding(self, value, shift, double_round):
        """The rounding constant apply_scale_32 adds before the shift."""
        r = 1 << (shift - 1)
        if double_round and shift > 31:
            r += (1 << 30) if value >= 0 else -(1 << 30)
        return r

    def apply_scale_32(self, value, multiplier, shift, double_round):
        self.require(multiplier >= 0, "multiplier >= 0")
        self.require(2 <= shift <= 62, "2 <= shift && shift <= 62")
        self.require(-(1 << (shift - 1)) <= value < (1 << (shift - 1)), "value within +-2^(shift-1)")
        return (value * multiplier + self.rounding(value, shift, double_round)) >> shift  # >> floors

    def apply_scale_16(self, value, multiplier, shift):
        self.require(multiplier >= 0, "multiplier >= 0")
        self.require(2 <= shift <= 62, "2 <= shift && shift <= 62")
        result = (value * multiplier + (1 << (shift - 1))) >> shift
        self.require(-(1 << 31) <= result < (1 << 31), "result within int32_t")
        return result

    def scale(self, value, multiplier, shift):
        if self.scale32:
            self.require(-(1 << 31) <= value < (1 << 31), "value fits the int32_t parameter")
            return self.apply_scale_32(value, multiplier, shift, self.rounding_mode == "DOUBLE_ROUND")
        return self.apply_scale_16(value, multiplier, shift)

    def clip(self, result):
        if self.out_unsigned:
            lo, hi = 0, (1 << self.out_width) - 1
        else:
            lo, hi = -(1 << (self.out_width - 1)), (1 << (self.out_width - 1)) - 1
        return min(max(result, lo), hi)

    def channel(self, flat, shape, channels):
        """per_channel: the channel of element `flat` (row-major), its coordinate on the last dimension (NC)."""
        return flat % channels

    def rescale(self, x, multiplier, shift):
        """One element: x, the zero points and the result are values (the op's signedness applied)."""
        result = self.scale(x - self.op["inputZp"], multiplier, shift)
        result += self.op["outputZp"]
        self.require(-(1 << 31) <= result < (1 << 31), "apply_add_s<int32_t> does not overflow")
        return self.clip(result)


def int_type(tag):
    if len(tag) < 2 or tag[0] not in "iu" or not tag[1:].isdigit():
        raise Unsupported("integer type %s" % tag)
    return int(tag[1:]), tag[0] == "u"


def run_rescale(directory, keys, backend_class):
    with open(os.path.join(directory, "rescale.json")) as f:
        op = json.load(f)
    with open(os.path.join(directory, "program.mlir")) as f:
        program = f.read()
    with open(os.path.join(directory, "input.txt")) as f:
        inputs = [int(line) for line in f if line.strip()]
    shape = [int(d) for d in keys.get("shape", "").split()]
    if len(inputs) != int(keys["elements"]) or math.prod(shape) != len(inputs):
        raise ValueError("input.txt has %d elements, request.txt says %s" % (len(inputs), keys["elements"]))
    if 0 in shape and "?" not in program and "*x" not in program:  # a static 0 (dynamic / unranked: run it)
        raise Rejected("a TOSA tensor has no dimension of size 0 (MLIR's verifier)")
    backend = backend_class(op)
    backend.error_if(len(shape))
    channels = shape[-1] if op["perChannel"] else 1
    for key in ("multiplier", "shift"):
        if len(op[key]) != channels:
            raise Rejected("%s has %d elements, expected NC = %d" % (key, len(op[key]), channels))
    lines = []
    for k, x in enumerate(inputs):
        c = backend.channel(k, shape, channels)
        lines.append("%d" % backend.rescale(x, op["multiplier"][c], op["shift"][c]))
    with open(os.path.join(directory, "output.txt"), "w") as f:
        f.write("".join(line + "\n" for line in lines))


def coordinates(shape):
    """All coordinate tuples of a shape, row-major."""
    result = [()]
    for d in shape:
        result = [c + (i,) for c in result for i in range(d)]
    return result


# ---------------------------------------------------------------------------------------------------------------------
# The command protocol: read the request directory, compute, write output.txt.
# ---------------------------------------------------------------------------------------------------------------------

def read_keys(directory):
    keys = {}
    with open(os.path.join(directory, "request.txt")) as f:
        for line in f:
            parts = line.rstrip("\n").split(None, 1)
            if parts:
                keys[parts[0]] = parts[1] if len(parts) > 1 else ""
    if keys.get("format") != PROTOCOL:
        raise Unsupported("request format %r is not %s" % (keys.get("format"), PROTOCOL))
    return keys


def read_request(directory):
    keys = read_keys(directory)
    with open(os.path.join(directory, "type.json")) as f:
        qtype = json.load(f)
    with open(os.path.join(directory, "program.mlir")) as f:
        program = f.read()
    with open(os.path.join(directory, "input.txt")) as f:
        inputs = [line.strip() for line in f if line.strip()]
    shape = [int(d) for d in keys.get("shape", "").split()]
    if len(inputs) != int(keys["elements"]) or math.prod(shape) != len(inputs):
        raise ValueError("input.txt has %d elements, request.txt says %s (shape %s)"
                         % (len(inputs), keys["elements"], shape))
    return keys, qtype, program, shape, inputs


def run(directory, backend_class, rescale_class=RescaleBackend):
    if read_keys(directory).get("op") == "rescale":
        return run_rescale(directory, read_keys(directory), rescale_class)
    keys, qtype, program, shape, inputs = read_request(directory)
    backend = backend_class(qtype)
    backend.take_request(keys, program)
    op = keys.get("op")
    if op not in ("qcast", "dcast"):
        raise Unsupported("op %r is not implemented" % op)
    scales = [decode(int(bits, 16), backend.scale_format) for bits, _ in qtype["scales"]]
    backend.verify(scales, program)
    indices = backend.parameter_indices(shape)
    zero_points = qtype["zeroPoints"]
    # The protocol's storage (type.json) decides how stored integers are read and written; the backend computes
    # with its own view of the storage, through the bit pattern.
    wire = Storage(*parse_storage_name(qtype["storage"]), qtype["storageMin"], qtype["storageMax"])
    if op == "qcast":
        decoded = {text: decode(int(text, 16), backend.E) for text in set(inputs)}
        xs = [decoded[text] for text in inputs]
        stored = backend.quantize_tensor(xs, shape, indices, scales, zero_points)
        lines = ["%d" % (0 if n is None else wire.from_bits(backend.st.to_bits(n))) for n in stored]
    else:
        qs = [backend.stored_value(wire.to_bits(int(text))) for text in inputs]
        ys = backend.dequantize_tensor(qs, shape, indices, scales, zero_points)
        lines = ["0x%0*X" % (backend.E.hex_digits, encode(y, backend.E)) for y in ys]
    with open(os.path.join(directory, "output.txt"), "w") as f:
        f.write("".join(line + "\n" for line in lines))


def main(backend_class=ReferenceBackend, argv=None, rescale_class=RescaleBackend):
    """Per-case mode: one request directory as the argument. Batch mode (QI_COMMAND_MODE=batch, no argument;
    spec/conformance.md [conform.batch]): one request directory per stdin line, answered by `done STATUS`."""
    argv = sys.argv if argv is None else argv
    name = os.path.basename(argv[0])
    if os.environ.get("QI_COMMAND_MODE") == "batch" and len(argv) == 1:
        for line in sys.stdin:
            if line.strip():
                status = answer(name, line.strip(), backend_class, rescale_class)
                sys.stderr.flush()
                sys.stdout.write("done %d\n" % status)
                sys.stdout.flush()
        return 0
    if len(argv) != 2:
        sys.stderr.write("usage: %s REQUEST_DIR\n" % name)
        return EXIT_BAD_REQUEST
    return answer(name, argv[1], backend_class, rescale_class)


def answer(name, directory, backend_class, rescale_class):
    """One request: its exit status (0, 3 rejected, 77 unsupported, 2 malformed)."""
    try:
        run(directory, backend_class, rescale_class)
    except Rejected as e:
        sys.stderr.write("%s: rejected: %s\n" % (name, e))
        return EXIT_REJECTED
    except Unsupported as e:
        sys.stderr.write("%s: unsupported: %s\n" % (name, e))
        return EXIT_UNSUPPORTED
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("%s: bad request: %s\n" % (name, e))
        return EXIT_BAD_REQUEST
    return 0


if __name__ == "__main__":
    sys.exit(main())
