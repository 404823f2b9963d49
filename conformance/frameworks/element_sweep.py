#!/usr/bin/env python3
"""Element-level differential sweep of a real framework against quant-interp (docs/real-frameworks.md,
"Element-level sweeps").

For one framework backend (--backend=onnxruntime|pytorch|xnnpack) and one profile (--profile=NAME) this enumerates
every configuration the framework claims in its capability file (conformance/frameworks/NAME/NAME.capabilities):
op (qcast / dcast) x storage type x granularity (per-layer, per-axis, sub-channel = blocked) x expressed type (f32,
f16, bf16; configurations of f32 are named op/storage/granularity, the others op/storage/granularity/E), full-range
storage. For each configuration it draws seeded parameter sets (scales from named classes at the expressed type's
range, zero points 0 / storage extremes / random) and inputs:

  qcast  --random=N random inputs of the expressed type (half uniformly random bit patterns -- NaN, inf, subnormals
         included --, half uniform over [(qmin-zp-2)*s, (qmax-zp+2)*s]) and --boundary=N near-boundary values
         (rounding ties after scaling and their +-1..3 ulp neighbours, clamp edges, +-2^31 / +-2^63 after scaling,
         +-0, +-inf, NaNs with payloads, subnormals, the largest finite value), placed with the scale E(scale) for a
         16-bit expressed type; for f16 / bf16 also --every-value-sets=K sets whose every parameter takes all 65536
         bit patterns;
  dcast  every integer of the storage type when it has at most 2^16 values (per parameter set), else random and
         boundary integers (min, max, zp, zp+-1, q - zp beyond int32, q - zp where the f32 conversion is inexact or
         a tie);

runs them through the framework's adapter in batch mode (the quant-conform-command/1 protocol of
docs/vendor-guide.md, one adapter process for the whole sweep, one request per parameter set) and through
`quant-interp --profile=P --hex` (one program per configuration, one function argument per parameter set), and
compares element by element, bit for bit. Pipelined for 2 cores: a configuration's quant-interp runs (every profile)
go to INTERP_WORKERS threads while the framework answers it, and its comparison runs while the next configuration's
inputs are drawn and sent. An element the profile leaves undefined (poison) is don't-care. A
parameter set the framework refuses (exit 3 or 77) is a refusal, counted by scale class, never a mismatch; a refusal
outside the classes given by --allow-refusal fails the run. --known-mismatch=TAGS:Q names a documented difference the
profile does not predict: in the matching configurations an element may mismatch only where profile Q gives the
framework's value, and some element must (so the test notices a fix); Q@scale=E runs Q with every scale of the types
rounded to the expressed type first (an f32 recipe on the f16 scale a framework receives).

With --other-profiles=all (or =Q1,Q2, or --expect-fail-profile=Q, repeatable) the same framework outputs are compared
under every other profile, each of which must mismatch somewhere -- except the profiles named by --same-on-domain=Q,
which must show no mismatch at all. So the check can fail, and the declaration of sameness is checked too.

Exit status: 0 no mismatch (and every other-profile expectation held); 1 a mismatch, an adapter error, an unexpected
refusal or a failed expectation; 2 usage error; 77 the framework is not installed (with the reason).
Python 3 standard library only.
"""
import argparse
import collections
import concurrent.futures
import itertools
import json
import math
import operator
import os
import random
import re
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
PROTOCOL = "quant-conform-command/1"
EXIT_SKIP = 77

F32_MAX = struct.unpack("<f", struct.pack("<I", 0x7F7FFFFF))[0]
GRANULARITIES = ("per-layer", "per-axis", "sub-channel")
GRANULARITY_NAME = {"per-layer": "per-tensor", "per-axis": "per-axis", "sub-channel": "blocked"}


class UsageError(Exception):
    pass


# ---------------------------------------------------------------------------------------------------------------
# f32 / f64 helpers
# ---------------------------------------------------------------------------------------------------------------

def f32_bits_of(values):
    """Python floats rounded to f32 (nearest even, overflow to inf): their bit patterns."""
    return array("I", array("f", values).tobytes())


def f32_of_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f32(v):
    return array("f", [v])[0]


def f64_bits(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def f64_of_bits(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def step_f32(bits, k):
    """The f32 k ulps above (k > 0) or below bits, in the order of the reals (through zero; NaN/inf kept)."""
    if (bits & 0x7F800000) == 0x7F800000:
        return bits
    o = -(bits & 0x7FFFFFFF) if bits & 0x80000000 else bits
    o += k
    if o < 0:
        b = 0x80000000 | min(-o, 0x7F800000)
    else:
        b = min(o, 0x7F800000)
    return b


def mlir_float(v):
    """A decimal that MLIR reads back as exactly v (shortest f64 text; MLIR needs a '.' in a float literal)."""
    text = repr(float(v))
    mant, _, exp = text.partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "")


def describe_scale(scale, fmt, ex=None):
    ex = ex or EXPRESSED["f32"]
    if fmt == ex.name:
        return "0x%0*X (%.9g)" % (ex.digits, ex.round(scale), scale)
    return "0x%016X (%r; %s 0x%0*X)" % (f64_bits(scale), scale, ex.name, ex.digits, ex.round(scale))


class Expressed:
    """An expressed type of the sweep: f32, f16 or bf16 (IEEE-style binary formats with infinities and NaNs)."""

    def __init__(self, name, ebits, mbits):
        self.name, self.ebits, self.mbits = name, ebits, mbits
        self.width = 1 + ebits + mbits
        self.bytes = self.width // 8
        self.digits = self.width // 4
        self.typecode = {16: "H", 32: "I"}[self.width]
        self.bias = (1 << (ebits - 1)) - 1
        self.sign = 1 << (self.width - 1)
        self.inf = ((1 << ebits) - 1) << mbits
        self.quiet = 1 << (mbits - 1)
        self.max_bits = self.inf - 1
        self.max = self.value(self.max_bits)
        self.min_normal = 2.0 ** (1 - self.bias)
        self.min_subnormal = 2.0 ** (1 - self.bias - mbits)

    def value(self, bits):
        """The value of a bit pattern, as a Python float (exact)."""
        if self.name == "f32":
            return f32_of_bits(bits)
        if self.name == "bf16":
            return f32_of_bits(bits << 16)
        return struct.unpack("<e", struct.pack("<H", bits))[0]

    def round(self, v):
        """v rounded to nearest even (overflow: infinity; NaN: the quiet NaN): its bit pattern."""
        if self.name == "f32":
            return f32_bits_of([v])[0]
        if self.name == "f16" and v == v:
            try:  # struct's binary16 packing rounds to nearest even too (its overflow raises instead)
                return struct.unpack("<H", struct.pack("<e", v))[0]
            except OverflowError:
                pass
        if math.isnan(v):
            return self.inf | self.quiet
        sign = self.sign if math.copysign(1.0, v) < 0 else 0
        a = abs(v)
        if math.isinf(a):
            return sign | self.inf
        if a == 0:
            return sign
        num, den = a.as_integer_ratio()  # a = num / den, den a power of two
        lead = num.bit_length() - den.bit_length()  # 2^lead <= a < 2^(lead + 2)
        if num << max(0, -lead) < den << max(0, lead):
            lead -= 1  # now 2^lead <= a < 2^(lead + 1)
        ulp = max(lead, 1 - self.bias) - self.mbits  # the unit in the last place at a
        n, d = (num, den << ulp) if ulp >= 0 else (num << -ulp, den)
        r, rem = divmod(n, d)  # a / 2^ulp = r + rem / d
        if 2 * rem > d or (2 * rem == d and r & 1):
            r += 1
        if r >> (self.mbits + 1):
            r >>= 1
            ulp += 1
        if r >> self.mbits:  # normal
            biased = ulp + self.mbits + self.bias
            if biased >= (1 << self.ebits) - 1:
                return sign | self.inf
            return sign | (biased << self.mbits) | (r & ((1 << self.mbits) - 1))
        return sign | r  # subnormal

    def step(self, bits, k):
        """The pattern k ulps above (k > 0) or below bits, in the order of the reals (NaN / inf kept)."""
        if (bits & self.inf) == self.inf:
            return bits
        mag = bits & (self.sign - 1)
        o = -mag if bits & self.sign else mag
        o += k
        return (self.sign | min(-o, self.inf)) if o < 0 else min(o, self.inf)

    def describe(self, bits):
        v = self.value(bits)
        if math.isnan(v):
            return "0x%0*X (%snan%s)" % (self.digits, bits, "-" if bits & self.sign else "",
                                        "" if bits & (self.quiet - 1) == 0 and bits & self.quiet else " payload")
        return "0x%0*X (%s)" % (self.digits, bits, ("%.9g" % v))


EXPRESSED = {"f32": Expressed("f32", 8, 23), "f16": Expressed("f16", 5, 10), "bf16": Expressed("bf16", 8, 7)}
EXPRESSED_ORDER = ["f32", "f16", "bf16"]


# ---------------------------------------------------------------------------------------------------------------
# storage types and configurations
# ---------------------------------------------------------------------------------------------------------------

class Storage:
    def __init__(self, name):
        m = re.fullmatch(r"([iu])(\d+)", name)
        if not m or not 2 <= int(m.group(2)) <= 32:
            raise UsageError("storage %s: the sweep takes i2..i32 / u2..u32" % name)
        self.name = name
        self.signed = m.group(1) == "i"
        self.width = int(m.group(2))
        self.qmin = -(1 << (self.width - 1)) if self.signed else 0
        self.qmax = (1 << (self.width - 1)) - 1 if self.signed else (1 << self.width) - 1
        self.bytes = (self.width + 7) // 8
        self.count = 1 << self.width

    def signless(self):
        return "i%d" % self.width

    def result_spelling(self):  # the output type quant-conform writes into request.txt
        return ("i" if self.signed else "ui") + str(self.width)

    def typecode(self):
        """The array typecode that holds every stored integer of the type (the sweep's qcast values)."""
        if self.width <= 8:
            return "b" if self.signed else "B"
        if self.width <= 16:
            return "h" if self.signed else "H"
        return "i" if self.signed else "I"

    def decode(self, raw):
        """A stored integer from its little-endian bytes as quant-interp prints them (low `width` bits)."""
        v = int.from_bytes(raw, "little") & ((1 << self.width) - 1)
        if self.signed and v >> (self.width - 1):
            v -= 1 << self.width
        return v

    def decode_all(self, raw):
        """decode() of every `bytes`-wide element of raw, as an array of typecode(): whole-buffer operations where
        the element is one byte (a table of the 256 bytes) or exactly 16 / 32 bits wide, else element by element."""
        tc = self.typecode()
        if self.bytes == 1:
            table = bytes(self.decode(bytes([b])) & 0xFF for b in range(256))
            return array(tc, raw.translate(table))
        if self.width in (16, 32):
            return array(tc, raw)
        size = self.bytes
        return array(tc, (self.decode(raw[k:k + size]) for k in range(0, len(raw), size)))

    def encode_hex(self, values):
        if self.bytes in (1, 2, 4):  # two's complement in the element's own bytes: the array's little-endian bytes
            return array(self.typecode(), values).tobytes().hex().upper()
        mask = (1 << (8 * self.bytes)) - 1
        return b"".join((v & mask).to_bytes(self.bytes, "little") for v in values).hex().upper()


def parse_capabilities(path):
    """The claim of a capability file (docs/vendor-guide.md): {key: set or None}, excludes [dict]."""
    claim, excludes = {}, []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            key, values = line[0], line[1:]
            if key == "exclude":
                excludes.append(dict(v.split("=", 1) for v in values))
                continue
            expanded = set()
            for v in values:
                m = re.fullmatch(r"([iu])(\d+)-[iu](\d+)", v)
                if key == "storage" and m:
                    expanded.update("%s%d" % (m.group(1), w) for w in range(int(m.group(2)), int(m.group(3)) + 1))
                else:
                    expanded.add(v)
            claim[key] = expanded
    return claim, excludes


def claimed(claim, excludes, config):
    for key, value in (("op", config["op"]), ("granularity", config["granularity"]),
                       ("storage", config["storage"]), ("expressed", config["expressed"])):
        if key in claim and value not in claim[key]:
            return False
    if "shape-kind" in claim and "static" not in claim["shape-kind"]:
        return False
    tags = {"op": config["op"], "granularity": config["granularity"], "storage": config["storage"],
            "expressed": config["expressed"], "narrow": "no", "shape-kind": "static"}
    return not any(all(tags.get(k) == v for k, v in ex.items()) for ex in excludes)


STORAGE_ORDER = ["i2", "u2", "i4", "u4", "i8", "u8", "i16", "u16", "i32", "u32"]


def configurations(claim, excludes, expressed_wanted=None):
    """The claimed configurations: f32 ones named op/storage/granularity, the others op/storage/granularity/E."""
    storages = claim.get("storage") or set(STORAGE_ORDER)
    out = []
    for e in EXPRESSED_ORDER:
        if expressed_wanted is not None and e not in expressed_wanted:
            continue
        for op in ("qcast", "dcast"):
            for storage in sorted(storages, key=lambda s: (STORAGE_ORDER.index(s) if s in STORAGE_ORDER else 99, s)):
                for g in GRANULARITIES:
                    c = {"op": op, "storage": storage, "granularity": g, "expressed": e}
                    try:
                        Storage(storage)
                    except UsageError:
                        continue
                    if claimed(claim, excludes, c):
                        c["name"] = "%s/%s/%s%s" % (op, storage, GRANULARITY_NAME[g], "" if e == "f32" else "/" + e)
                        out.append(c)
    return out


# ---------------------------------------------------------------------------------------------------------------
# parameters: scales and zero points by class
# ---------------------------------------------------------------------------------------------------------------

# Normal classes first; `subnormal` is the separate small class a framework may refuse.
SCALE_CLASSES = ["log-uniform", "pow2", "near-1", "inexact-reciprocal", "f64-midpoint", "tiny", "huge", "subnormal"]
NORMAL_SCALE_CLASSES = SCALE_CLASSES[:-1]
ZP_CLASSES = ["zero", "min", "max", "random"]
NICE_INEXACT = [0.1, 0.3, 3.0, 7.0, 0.2, 1.0 / 3.0, 0.00214854861, 0.007874016, 0.0039215689, 10.0, 1e-3, 255.0]


def draw_scale(rng, cls, fmt):
    """A scale (a Python float, the type's f64 value; an f32 value when fmt is f32) of class cls."""
    if cls == "log-uniform":
        s = 2.0 ** rng.uniform(-30, 30)
    elif cls == "pow2":
        s = 2.0 ** rng.randint(-30, 30)
    elif cls == "near-1":
        r = rng.random()
        if r < 0.5:
            s = f32_of_bits(0x3F800000 + rng.choice([-4, -3, -2, -1, 1, 2, 3, 4, 7]))
        else:  # an f64 just off an f32 near 1 (rounds to 1 or its neighbour in f32)
            s = 1.0 + rng.choice([-1, 1]) * rng.randint(1, 1 << 28) * 2.0 ** -52
    elif cls == "inexact-reciprocal":
        if rng.random() < 0.4:
            s = f32(rng.choice(NICE_INEXACT))
        else:
            while True:
                s = f32_of_bits((rng.randint(117, 137) << 23) | rng.getrandbits(23))
                if f32_bits_of([s])[0] & 0x7FFFFF:  # not a power of two: 1/s is inexact in f32
                    break
    elif cls == "f64-midpoint":
        # an f64 scale halfway between two f32 (or an f64 ulp off it): E(scale) = f32(scale) rounds on a tie
        b = (rng.randint(100, 150) << 23) | rng.getrandbits(23)
        lo, hi = f32_of_bits(b), f32_of_bits(b + 1)
        mid = (lo + hi) / 2
        s = mid if rng.random() < 0.6 else f64_of_bits(f64_bits(mid) + rng.choice([-1, 1]))
    elif cls == "tiny":  # normal f32 near 2^-126: 1/s near 2^126, x/s overflows easily
        r = rng.random()
        if r < 0.2:
            s = 2.0 ** -126
        else:
            s = 2.0 ** rng.uniform(-126, -118)
    elif cls == "huge":  # 2^120 .. f32 max: 1/f32(s) is tiny or subnormal
        r = rng.random()
        if r < 0.2:
            s = F32_MAX
        elif r < 0.3:
            s = f32_of_bits(0x7F7FFFFF - rng.randint(1, 64))
        else:
            s = 2.0 ** rng.uniform(120, 127.99)
            s = min(s, F32_MAX)
    elif cls == "subnormal":  # f32(s) subnormal; below 2^-128 1/f32(s) overflows to inf
        r = rng.random()
        if r < 0.15:
            s = 2.0 ** -149
        elif r < 0.3:
            s = f32_of_bits(0x007FFFFF)
        else:
            s = 2.0 ** rng.uniform(-149, -126.01)
    else:
        raise AssertionError(cls)
    if fmt == "f32":
        s = f32(s)
        if s == 0.0:
            s = 2.0 ** -149
    return s


def draw_scale_narrow(rng, cls, ex, fmt):
    """draw_scale for a 16-bit expressed type ex (f16, bf16): the scale classes at its range. fmt: the format the type
    stores the scale in (f64 per-tensor / per-axis: E(scale) rounds; ex.name for sub-channel: an E value)."""
    lo_e, hi_e = 1 - ex.bias, ex.bias  # normal exponents
    if cls == "log-uniform":
        s = 2.0 ** rng.uniform(lo_e, hi_e + 0.99)
    elif cls == "pow2":
        s = 2.0 ** rng.randint(lo_e, hi_e)
    elif cls == "near-1":
        one = ex.round(1.0)
        if rng.random() < 0.5:
            s = ex.value(one + rng.choice([-4, -3, -2, -1, 1, 2, 3, 4, 7]))
        else:  # an f64 within a few f64 ulps of the midpoint of 1 and an E neighbour: rounds either way
            mid = (1.0 + ex.value(one + rng.choice([-1, 1]))) / 2
            s = f64_of_bits(f64_bits(mid) + rng.randint(-3, 3))
    elif cls == "inexact-reciprocal":
        if rng.random() < 0.4:
            s = ex.value(ex.round(rng.choice(NICE_INEXACT)))
        else:
            while True:
                b = ((rng.randint(-10, 10) + ex.bias) << ex.mbits) | rng.getrandbits(ex.mbits)
                if b & ((1 << ex.mbits) - 1):  # not a power of two
                    break
            s = ex.value(b)
    elif cls == "f64-midpoint":
        # an f64 scale halfway between two adjacent E values (or an f64 ulp off it): E(scale) rounds on a tie
        b = (rng.randint(1, 2 * ex.bias) << ex.mbits) | rng.getrandbits(ex.mbits)
        b = min(b, ex.max_bits - 1)
        mid = (ex.value(b) + ex.value(b + 1)) / 2
        s = mid if rng.random() < 0.6 else f64_of_bits(f64_bits(mid) + rng.choice([-1, 1]))
    elif cls == "tiny":  # normal, near the smallest normal: x / s is large
        s = ex.min_normal if rng.random() < 0.2 else 2.0 ** rng.uniform(lo_e, lo_e + 4)
    elif cls == "huge":  # near the largest finite value: 1/s is tiny
        r = rng.random()
        if r < 0.2:
            s = ex.max
        elif r < 0.3:
            s = ex.value(ex.max_bits - rng.randint(1, 64))
        else:
            s = min(2.0 ** rng.uniform(hi_e - 3, hi_e + 0.99), ex.max)
    elif cls == "subnormal":  # E(s) subnormal, down to the smallest (the quant type's range starts there)
        r = rng.random()
        if r < 0.15:
            s = ex.min_subnormal
        elif r < 0.3:
            s = ex.value((1 << ex.mbits) - 1)
        else:
            s = 2.0 ** rng.uniform(1 - ex.bias - ex.mbits, lo_e - 0.01)
    else:
        raise AssertionError(cls)
    # the quant type takes a scale within [smallest subnormal, largest finite] of the expressed type
    s = min(max(s, ex.min_subnormal), ex.max)
    if fmt == ex.name:
        s = ex.value(ex.round(s))
    return s


def draw_zp(rng, cls, st):
    if cls == "zero":
        return 0 if st.qmin <= 0 <= st.qmax else st.qmin
    if cls == "min":
        return st.qmin
    if cls == "max":
        return st.qmax
    return rng.randint(st.qmin, st.qmax)


class Param:
    __slots__ = ("scale", "zp", "scale_class", "zp_class")

    def __init__(self, scale, zp, scale_class, zp_class):
        self.scale, self.zp, self.scale_class, self.zp_class = scale, zp, scale_class, zp_class


# ---------------------------------------------------------------------------------------------------------------
# inputs
# ---------------------------------------------------------------------------------------------------------------

QCAST_CLASSES = ["random-bits", "random-range", "tie", "tie-1ulp", "tie+1ulp", "tie-2ulp", "tie+2ulp", "tie-3ulp",
                 "tie+3ulp", "reciprocal-tie", "reciprocal-tie+-ulp", "clamp-edge", "clamp-edge+-ulp",
                 "beyond-2^31", "beyond-2^63", "beyond-2^24", "zero", "inf", "nan-payload", "subnormal", "f32-max",
                 "min-normal", "random-k-beyond", "every-value", "max-finite"]
QI = {name: i for i, name in enumerate(QCAST_CLASSES)}
DCAST_CLASSES = ["every-integer", "random", "min", "max", "zp", "zp+-1", "zp+-small", "diff-beyond-int32",
                 "diff-near-int32", "f32-tie", "f32-inexact", "f32-exact-edge"]
DI = {name: i for i, name in enumerate(DCAST_CLASSES)}


def qcast_inputs(rng, p, st, n_random, n_boundary):
    """(bits array, class index array) of n_random + n_boundary f32 inputs for parameter p."""
    s = f32(p.scale)
    zp = p.zp
    bits, cls = array("I"), array("B")
    # random: half bit patterns, half uniform over the representable range +- 2 steps
    n_bits = n_random // 2
    bits.extend(rng.getrandbits(32) for _ in range(n_bits))
    cls.extend([QI["random-bits"]] * n_bits)
    n_range = n_random - n_bits
    lo = max(-F32_MAX, (st.qmin - zp - 2) * s)
    hi = min(F32_MAX, (st.qmax - zp + 2) * s)
    bits.extend(f32_bits_of([rng.uniform(lo, hi) for _ in range(n_range)]))
    cls.extend([QI["random-range"]] * n_range)

    # boundary
    out_b, out_c = array("I"), array("B")
    recip = f32(1.0 / s) if s else math.inf
    span = st.qmax - st.qmin

    def k_draw():
        r = rng.random()
        if r < 0.8 or span > 1 << 24:
            return rng.randint(st.qmin - 3, st.qmax + 3), False
        m = rng.randint(2, 40)
        return rng.choice([st.qmin - rng.randint(4, 1 << m), st.qmax + rng.randint(4, 1 << m)]), True

    tie_names = ["tie-3ulp", "tie-2ulp", "tie-1ulp", "tie", "tie+1ulp", "tie+2ulp", "tie+3ulp"]
    specials = [0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF,
                0x7F7FFFFF, 0xFF7FFFFF, 0x00800000, 0x80800000, 0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001,
                0x7FFFFFFF, 0xFFFFFFFF]
    special_class = ["zero", "zero", "inf", "inf", "subnormal", "subnormal", "subnormal", "subnormal", "f32-max",
                     "f32-max", "min-normal", "min-normal"] + ["nan-payload"] * 6
    big_t = [2.0 ** 31, 2.0 ** 31 - 128, 2.0 ** 31 - 64, 2.0 ** 31 + 256, 2.0 ** 32, 2.0 ** 63, 2.0 ** 63 - 2 ** 39,
             2.0 ** 64, 2.0 ** 24, 2.0 ** 24 + 1, 2.0 ** 24 + 2, 2.0 ** 25 + 1, 2.0 ** 53]
    while len(out_b) < n_boundary:
        r = rng.random()
        if r < 0.45:  # ties after scaling (x / s), with their ulp neighbours
            k, beyond = k_draw()
            x0 = f32_bits_of([(k + 0.5 - zp) * s])[0]
            for d, name in zip(range(-3, 4), tie_names):
                out_b.append(step_f32(x0, d))
                out_c.append(QI["random-k-beyond"] if beyond else QI[name])
        elif r < 0.6:  # ties of x * f32(1/s), as a reciprocal-multiplying framework sees them
            if not (0 < recip < math.inf):
                continue
            k, _ = k_draw()
            x0 = f32_bits_of([(k + 0.5 - zp) / recip])[0]
            out_b.append(x0)
            out_c.append(QI["reciprocal-tie"])
            for d in (-2, -1, 1, 2):
                out_b.append(step_f32(x0, d))
                out_c.append(QI["reciprocal-tie+-ulp"])
        elif r < 0.72:  # clamp edges
            t = rng.choice([st.qmin - zp - 0.5, st.qmax - zp + 0.5, st.qmin - zp, st.qmax - zp,
                            st.qmin - zp - 1, st.qmax - zp + 1, st.qmin - zp - 1.5, st.qmax - zp + 1.5])
            x0 = f32_bits_of([t * s])[0]
            d = rng.randint(-3, 3)
            out_b.append(step_f32(x0, d))
            out_c.append(QI["clamp-edge"] if d == 0 else QI["clamp-edge+-ulp"])
        elif r < 0.87:  # around +-2^24, +-2^31, +-2^63 after scaling (and shifted by the zero point)
            t = rng.choice(big_t)
            if rng.random() < 0.3:
                t -= zp
            t *= rng.choice([1, -1])
            x0 = f32_bits_of([t * s])[0]
            d = rng.randint(-4, 4)
            out_b.append(step_f32(x0, d))
            a = abs(t)
            out_c.append(QI["beyond-2^63"] if a >= 2.0 ** 62 else QI["beyond-2^31"] if a >= 2.0 ** 30
                         else QI["beyond-2^24"])
        else:  # special values
            r2 = rng.random()
            if r2 < 0.5:
                i = rng.randrange(len(specials))
                out_b.append(specials[i])
                out_c.append(QI[special_class[i]])
            elif r2 < 0.8:  # NaN with a random payload (quiet or signalling), either sign
                payload = rng.getrandbits(23) or 1
                out_b.append((rng.getrandbits(1) << 31) | 0x7F800000 | payload)
                out_c.append(QI["nan-payload"])
            else:
                out_b.append((rng.getrandbits(1) << 31) | (rng.getrandbits(23) or 1))
                out_c.append(QI["subnormal"])
    del out_b[n_boundary:]
    del out_c[n_boundary:]
    bits.extend(out_b)
    cls.extend(out_c)
    return bits, cls


def qcast_inputs_narrow(rng, p, st, ex, n_random, n_boundary):
    """qcast_inputs for a 16-bit expressed type ex: (bits array, class index array). The ties and edges are placed
    with the scale the framework and the profile use, E(scale)."""
    s = ex.value(ex.round(p.scale))
    zp = p.zp
    bits, cls = array(ex.typecode), array("B")
    n_bits = n_random // 2
    bits.extend(rng.getrandbits(ex.width) for _ in range(n_bits))
    cls.extend([QI["random-bits"]] * n_bits)
    n_range = n_random - n_bits
    lo = max(-ex.max, (st.qmin - zp - 2) * s)
    hi = min(ex.max, (st.qmax - zp + 2) * s)
    bits.extend(ex.round(rng.uniform(lo, hi)) for _ in range(n_range))
    cls.extend([QI["random-range"]] * n_range)

    out_b, out_c = array(ex.typecode), array("B")
    recip = f32(1.0 / s)
    span = st.qmax - st.qmin

    def k_draw():
        r = rng.random()
        if r < 0.8 or span > 1 << 24:
            return rng.randint(st.qmin - 3, st.qmax + 3), False
        m = rng.randint(2, 40)
        return rng.choice([st.qmin - rng.randint(4, 1 << m), st.qmax + rng.randint(4, 1 << m)]), True

    tie_names = ["tie-3ulp", "tie-2ulp", "tie-1ulp", "tie", "tie+1ulp", "tie+2ulp", "tie+3ulp"]
    sg, inf, q = ex.sign, ex.inf, ex.quiet
    specials = [0, sg, inf, sg | inf, 1, sg | 1, (1 << ex.mbits) - 1, sg | ((1 << ex.mbits) - 1), ex.max_bits,
                sg | ex.max_bits, 1 << ex.mbits, sg | (1 << ex.mbits), inf | q, sg | inf | q, inf | 1, sg | inf | 1,
                sg - 1, (sg << 1) - 1]
    special_class = ["zero", "zero", "inf", "inf", "subnormal", "subnormal", "subnormal", "subnormal", "max-finite",
                     "max-finite", "min-normal", "min-normal"] + ["nan-payload"] * 6
    big_t = [2.0 ** 31, 2.0 ** 31 - 128, 2.0 ** 31 - 64, 2.0 ** 31 + 256, 2.0 ** 32, 2.0 ** 63, 2.0 ** 63 - 2 ** 39,
             2.0 ** 64, 2.0 ** 24, 2.0 ** 24 + 1, 2.0 ** 24 + 2, 2.0 ** 25 + 1, 2.0 ** 53]
    while len(out_b) < n_boundary:
        r = rng.random()
        if r < 0.45:  # ties after scaling (x / s), with their ulp neighbours
            k, beyond = k_draw()
            x0 = ex.round((k + 0.5 - zp) * s)
            for d, name in zip(range(-3, 4), tie_names):
                out_b.append(ex.step(x0, d))
                out_c.append(QI["random-k-beyond"] if beyond else QI[name])
        elif r < 0.6:  # ties of x * f32(1/s), as a reciprocal-multiplying framework sees them
            if not (0 < recip < math.inf):
                continue
            k, _ = k_draw()
            x0 = ex.round((k + 0.5 - zp) / recip)
            out_b.append(x0)
            out_c.append(QI["reciprocal-tie"])
            for d in (-2, -1, 1, 2):
                out_b.append(ex.step(x0, d))
                out_c.append(QI["reciprocal-tie+-ulp"])
        elif r < 0.72:  # clamp edges
            t = rng.choice([st.qmin - zp - 0.5, st.qmax - zp + 0.5, st.qmin - zp, st.qmax - zp,
                            st.qmin - zp - 1, st.qmax - zp + 1, st.qmin - zp - 1.5, st.qmax - zp + 1.5])
            x0 = ex.round(t * s)
            d = rng.randint(-3, 3)
            out_b.append(ex.step(x0, d))
            out_c.append(QI["clamp-edge"] if d == 0 else QI["clamp-edge+-ulp"])
        elif r < 0.87:  # around +-2^24, +-2^31, +-2^63 after scaling (and shifted by the zero point)
            t = rng.choice(big_t)
            if rng.random() < 0.3:
                t -= zp
            t *= rng.choice([1, -1])
            x0 = ex.round(t * s)
            d = rng.randint(-4, 4)
            out_b.append(ex.step(x0, d))
            a = abs(t)
            out_c.append(QI["beyond-2^63"] if a >= 2.0 ** 62 else QI["beyond-2^31"] if a >= 2.0 ** 30
                         else QI["beyond-2^24"])
        else:  # special values
            r2 = rng.random()
            if r2 < 0.5:
                i = rng.randrange(len(specials))
                out_b.append(specials[i])
                out_c.append(QI[special_class[i]])
            elif r2 < 0.8:  # NaN with a random payload (quiet or signalling), either sign
                payload = rng.getrandbits(ex.mbits) or 1
                out_b.append((rng.getrandbits(1) * sg) | inf | payload)
                out_c.append(QI["nan-payload"])
            else:
                out_b.append((rng.getrandbits(1) * sg) | (rng.getrandbits(ex.mbits) or 1))
                out_c.append(QI["subnormal"])
    del out_b[n_boundary:]
    del out_c[n_boundary:]
    bits.extend(out_b)
    cls.extend(out_c)
    return bits, cls


def dcast_inputs(rng, p, st, n_random, n_boundary, count, every_max):
    """(list of stored integers, class index array): every integer (repeated from a random offset) when the storage
    has at most every_max values, else n_random random and n_boundary boundary integers. count: the number wanted for
    the small storage (the parameter's element count)."""
    if st.count <= every_max:
        off = rng.randrange(st.count)
        vals = [st.qmin + (off + i) % st.count for i in range(count)]
        return vals, array("B", [DI["every-integer"]] * count)
    vals = [rng.randint(st.qmin, st.qmax) for _ in range(n_random)]
    cls = array("B", [DI["random"]] * n_random)
    zp = p.zp
    out_v, out_c = [], []

    def add(q, name):
        if st.qmin <= q <= st.qmax:
            out_v.append(q)
            out_c.append(DI[name])

    while len(out_v) < n_boundary:
        r = rng.random()
        if st.width < 32 and r >= 0.2:  # q - zp = +-2^k (+-1): exact in f32 for these widths
            k = rng.randint(0, st.width)
            add(zp + rng.choice([1, -1]) * (1 << k) + rng.randint(-1, 1), "zp+-small")
            continue
        if r < 0.1:
            add(st.qmin, "min")
            add(st.qmax, "max")
            add(st.qmin + 1, "min")
            add(st.qmax - 1, "max")
        elif r < 0.2:
            add(zp, "zp")
            add(zp + 1, "zp+-1")
            add(zp - 1, "zp+-1")
            add(zp + rng.randint(-1000, 1000), "zp+-small")
        elif r < 0.4:  # q - zp beyond int32 (it wraps in int32), and just inside
            d = rng.randint(0, 1 << rng.randint(0, 31))
            add(zp + 2 ** 31 + d, "diff-beyond-int32")
            add(zp - 2 ** 31 - 1 - d, "diff-beyond-int32")
            add(zp + 2 ** 31 - 1 - rng.randint(0, 3), "diff-near-int32")
            add(zp - 2 ** 31 + rng.randint(0, 3), "diff-near-int32")
        else:  # q - zp where the conversion to f32 is inexact: ties and their neighbours
            e = rng.randint(25, 32)  # |d| in [2^24, 2^32)
            unit = 1 << (e - 24)
            m = rng.randint(1 << 23, (1 << 24) - 1)
            d = m * unit
            sign = rng.choice([1, -1])
            if rng.random() < 0.2:
                add(zp + sign * (1 << 24) + rng.randint(-2, 2), "f32-exact-edge")
                continue
            add(zp + sign * (d + unit // 2), "f32-tie")
            add(zp + sign * (d + unit // 2 + 1), "f32-inexact")
            add(zp + sign * (d + unit // 2 - 1), "f32-inexact")
            if e == 25:
                add(zp + sign * (d + 1), "f32-tie")
    del out_v[n_boundary:]
    del out_c[n_boundary:]
    vals.extend(out_v)
    cls.extend(out_c)
    return vals, cls


# ---------------------------------------------------------------------------------------------------------------
# parameter sets: layout (shape, positions of each parameter), parameters, inputs
# ---------------------------------------------------------------------------------------------------------------

class ParamSet:
    """One quantized type: a tensor shape, its parameters, and the inputs (one request, one @main argument)."""

    def __init__(self, index, granularity, shape, params, axis=None, block=None, pshape=None, scale_format="f64",
                 expressed="f32", every=False):
        self.index = index
        self.expressed = EXPRESSED[expressed]
        self.every = every  # every bit pattern of the expressed type for each parameter (qcast)
        self.granularity = granularity
        self.shape = shape
        self.params = params
        self.axis = axis  # per-axis: the channel axis; sub-channel: the blocked axis (the other has block size 1)
        self.block = block  # sub-channel: the block size along `axis`
        self.pshape = pshape  # sub-channel: the parameter shape
        self.scale_format = scale_format
        self.n = 1
        for d in shape:
            self.n *= d
        self.inputs = None  # array of f32 bits (qcast) / list of ints (dcast)
        self.classes = None  # array of class indices
        self.param_of = None  # array: element -> parameter index

    def positions(self, i):
        """The flat row-major element indices of parameter i."""
        if self.granularity == "per-layer":
            return range(self.n)
        rows, cols = self.shape
        if self.granularity == "per-axis":
            if self.axis == 0:
                return range(i * cols, (i + 1) * cols)
            return range(i, self.n, cols)
        r, c = divmod(i, self.pshape[1])
        if self.axis == 1:  # blocks along the innermost axis
            start = r * cols + c * self.block
            return range(start, start + self.block)
        return range(r * self.block * cols + c, (r + 1) * self.block * cols, cols)

    def block_sizes(self):
        return [[0, self.block], [1, 1]] if self.axis == 0 else [[0, 1], [1, self.block]]

    def type_spelling(self, st):
        e = self.expressed.name

        def param(p):
            return "%s:%d" % (mlir_float(p.scale), p.zp)
        if self.granularity == "per-layer":
            return "!quant.uniform<%s:%s, %s>" % (st.name, e, param(self.params[0]))
        if self.granularity == "per-axis":
            return "!quant.uniform<%s:%s:%d, {%s}>" % (st.name, e, self.axis,
                                                         ", ".join(param(p) for p in self.params))
        rows, nb = self.pshape
        nested = ", ".join("{" + ", ".join(param(self.params[r * nb + j]) for j in range(nb)) + "}"
                           for r in range(rows))
        sizes = ", ".join("%d:%d" % (d, b) for d, b in self.block_sizes())
        return "!quant.uniform<%s:%s:{%s}, {%s}>" % (st.name, e, sizes, nested)

    def type_json(self, st):
        """The golden case's `type` object (generators/GoldenWriter.cpp), what quant-conform writes as type.json."""
        t = collections.OrderedDict()
        t["mlir"] = self.type_spelling(st)
        t["storage"] = st.name
        t["storageMin"] = st.qmin
        t["storageMax"] = st.qmax
        t["expressed"] = self.expressed.name
        t["granularity"] = self.granularity
        if self.granularity == "per-axis":
            t["axis"] = self.axis
        if self.granularity == "sub-channel":
            t["blockSizes"] = self.block_sizes()
            t["parameterShape"] = list(self.pshape)
        t["scaleFormat"] = self.scale_format
        if self.scale_format == self.expressed.name:  # sub-channel: the scale in the expressed type
            ex = self.expressed
            t["scales"] = [["0x%0*X" % (ex.digits, ex.round(p.scale)), mlir_float(p.scale)] for p in self.params]
        else:
            t["scales"] = [["0x%016X" % f64_bits(p.scale), mlir_float(p.scale)] for p in self.params]
        t["zeroPoints"] = [p.zp for p in self.params]
        return t

    def scale_classes(self):
        return sorted({p.scale_class for p in self.params})

    def layout(self):
        """per-tensor, per-axis axis 0 / innermost, blocked along axis 0 / innermost."""
        if self.granularity == "per-layer":
            return "per-tensor"
        where = "innermost axis" if self.axis == len(self.shape) - 1 else "axis %d" % self.axis
        if self.granularity == "per-axis":
            return "per-axis, %s" % where
        return "blocked along %s" % where


def make_sets(config, rng, n_random, n_boundary, max_request, dcast_sets_max, every_max, every_value_sets=0):
    """The parameter sets of a configuration, with inputs. every_value_sets: for a qcast with a 16-bit expressed
    type, that many more sets whose every parameter takes every bit pattern of the type."""
    st = Storage(config["storage"])
    op, g = config["op"], config["granularity"]
    e = config.get("expressed", "f32")
    ex = EXPRESSED[e]
    fmt = e if g == "sub-channel" else "f64"  # the sub-channel type stores its scales in the expressed type
    small_dcast = op == "dcast" and st.count <= every_max
    total = n_random + n_boundary
    sets = []

    def pick_param(i, scale_class=None):
        sc = scale_class or NORMAL_SCALE_CLASSES[i % len(NORMAL_SCALE_CLASSES)]
        if fmt != "f64" and sc == "f64-midpoint":
            sc = "log-uniform"
        zc = ZP_CLASSES[(i // len(NORMAL_SCALE_CLASSES) + i) % len(ZP_CLASSES)]
        scale = draw_scale(rng, sc, fmt) if e == "f32" else draw_scale_narrow(rng, sc, ex, fmt)
        return Param(scale, draw_zp(rng, zc, st), sc, zc)

    # The layouts. Weights: each normal set counts 1, a subnormal set 1/4 ("a separate small class").
    if g == "per-layer":
        if small_dcast:
            per = st.count
            k = min(max(2 * len(NORMAL_SCALE_CLASSES), -(-total // per)), dcast_sets_max)
            specs = [("normal", [pick_param(i)], [per]) for i in range(k)]
            specs += [("subnormal", [pick_param(i, "subnormal")], [per]) for i in range(2)]
        else:
            k = 2 * len(NORMAL_SCALE_CLASSES)
            per = -(-4 * total // (4 * k + 2))  # k normal sets and 2 quarter-weight subnormal sets
            specs = [("normal", [pick_param(i)], [per]) for i in range(k)]
            specs += [("subnormal", [pick_param(i, "subnormal")], [max(per // 4, 64)]) for i in range(2)]
        if op == "qcast" and ex.width == 16:
            specs += [("every", [pick_param(k + 2 + i)], [1 << ex.width]) for i in range(every_value_sets)]
        for j, (kind, params, (n,)) in enumerate(specs):
            sets.append(ParamSet(j, g, [n], params, scale_format=fmt, expressed=e, every=kind == "every"))
    else:
        if small_dcast:
            m = st.count  # every integer per channel / block
            per_set = min(max_request, max(m * 2, 16384))
            nparams = max(2, min(per_set // m, 1024))
            k = max(4, -(-total // (nparams * m)))
            layouts = [(nparams, m)] * k
        else:
            k = 4
            per_set = -(-4 * total // (4 * k + 1))
            layouts = []
            for j in range(k):
                nparams = [8, 16, 7, 32][j % 4]
                layouts.append((nparams, -(-per_set // nparams)))
        specs = []
        for j, (nparams, m) in enumerate(layouts):
            specs.append(("normal", [pick_param(j * 3 + i) for i in range(nparams)], m))
        sub_params = 4
        specs.append(("subnormal", [pick_param(i, "subnormal") for i in range(sub_params)],
                      m if small_dcast else max(64, per_set // (4 * sub_params))))
        if op == "qcast" and ex.width == 16:
            specs += [("every", [pick_param(5 * i + j) for j in range(2)], 1 << ex.width)
                      for i in range(every_value_sets)]
        for j, (kind, params, m) in enumerate(specs):
            every = kind == "every"
            if g == "per-axis":
                axis = j % 2
                shape = [len(params), m] if axis == 0 else [m, len(params)]
                sets.append(ParamSet(j, g, shape, params, axis=axis, scale_format=fmt, expressed=e, every=every))
            else:
                # blocked along one axis (ONNX blocks one axis), the innermost or axis 0, in turn;
                # P0 x P1 parameters, block size m along the blocked axis
                axis = 1 - j % 2
                p0 = 2 if len(params) % 2 == 0 else 1
                p1 = len(params) // p0
                shape = [p0, p1 * m] if axis == 1 else [p0 * m, p1]
                sets.append(ParamSet(j, g, shape, params, axis=axis, block=m, pshape=[p0, p1],
                                     scale_format=fmt, expressed=e, every=every))

    # inputs: each parameter's positions get its own inputs, random first then boundary, in the same proportion
    normal_total = sum(s.n for s in sets if "subnormal" not in s.scale_classes())
    for s in sets:
        s.param_of = array("I", bytes(4 * s.n))
        if op == "qcast":
            s.inputs = array(ex.typecode, bytes(ex.bytes * s.n))
        else:
            s.inputs = [0] * s.n
        s.classes = array("B", bytes(s.n))
        for i, p in enumerate(s.params):
            pos = s.positions(i)  # a range
            cnt = len(pos)
            nr = (cnt * n_random + (n_random + n_boundary) - 1) // (n_random + n_boundary) if total else 0
            nb = cnt - nr
            if s.every:  # every bit pattern, from a random one on
                off = rng.randrange(cnt)
                vals = [(off + k) % cnt for k in range(cnt)]
                cls = array("B", [QI["every-value"]] * cnt)
            elif op == "qcast" and e != "f32":
                vals, cls = qcast_inputs_narrow(rng, p, st, ex, nr, nb)
            elif op == "qcast":
                vals, cls = qcast_inputs(rng, p, st, nr, nb)
            else:
                vals, cls = dcast_inputs(rng, p, st, nr, nb, cnt, every_max)
            place(s, pos, vals, cls, i)
    return sets, normal_total


def place(s, pos, vals, cls, i):
    """Puts parameter i's inputs vals (class indices cls) at its element positions pos (a range): slice assignment,
    element by element only if the counts differ (then the shorter decides, as zip would)."""
    n = len(pos)
    if len(vals) == n and len(cls) == n:
        where = slice(pos.start, pos.stop, pos.step)
        if isinstance(s.inputs, array) and not (isinstance(vals, array) and vals.typecode == s.inputs.typecode):
            vals = array(s.inputs.typecode, vals)
        elif isinstance(s.inputs, list) and not isinstance(vals, list):
            vals = list(vals)
        s.inputs[where] = vals
        s.classes[where] = cls if isinstance(cls, array) and cls.typecode == "B" else array("B", cls)
        s.param_of[where] = array("I", [i]) * n
        return
    for q, v, c in zip(pos, vals, cls):
        s.inputs[q] = v
        s.classes[q] = c
        s.param_of[q] = i


# ---------------------------------------------------------------------------------------------------------------
# quant-interp side
# ---------------------------------------------------------------------------------------------------------------

def dims(shape):
    return "x".join(str(d) for d in shape)


def interp_program(config, sets):
    st = Storage(config["storage"])
    args, results, body, rets = [], [], [], []
    for j, s in enumerate(sets):
        d = dims(s.shape)
        qt = "tensor<%sx%s>" % (d, s.type_spelling(st))
        it = "tensor<%sx%s>" % (d, st.signless())
        ft = "tensor<%sx%s>" % (d, s.expressed.name)
        if config["op"] == "qcast":
            args.append("%%a%d: %s" % (j, ft))
            body.append("  %%q%d = quant.qcast %%a%d : %s to %s" % (j, j, ft, qt))
            body.append("  %%r%d = quant.scast %%q%d : %s to %s" % (j, j, qt, it))
            results.append(it)
        else:
            args.append("%%a%d: %s" % (j, it))
            body.append("  %%q%d = quant.scast %%a%d : %s to %s" % (j, j, it, qt))
            body.append("  %%r%d = quant.dcast %%q%d : %s to %s" % (j, j, qt, ft))
            results.append(ft)
        rets.append("%%r%d" % j)
    return ("func.func @main(%s) -> (%s) {\n%s\n  return %s : %s\n}\n"
            % (", ".join(args), ", ".join(results), "\n".join(body), ", ".join(rets), ", ".join(results)))


def interp_args(config, sets):
    st = Storage(config["storage"])
    lines = []
    for s in sets:
        d = dims(s.shape)
        if config["op"] == "qcast":
            lines.append('dense<"0x%s"> : tensor<%sx%s>' % (s.inputs.tobytes().hex().upper(), d, s.expressed.name))
        else:
            lines.append('dense<"0x%s"> : tensor<%sx%s>' % (st.encode_hex(s.inputs), d, st.signless()))
    return "\n".join(lines) + "\n"


RESULT_RE = re.compile(r'^dense<"0x([0-9A-Fa-f]*)"> : tensor<([0-9x]+)x(\w+)>$')


def parse_interp_output(text, config, sets):
    """[(values, poison set)] per set: stored integers (qcast) or expressed-type bits (dcast)."""
    st = Storage(config["storage"])
    lines = [ln for ln in text.splitlines() if ln.strip()]
    out, i = [], 0
    for s in sets:
        if i >= len(lines):
            raise RuntimeError("quant-interp printed %d results, expected %d" % (len(out), len(sets)))
        line = lines[i].strip()
        i += 1
        poison = set()
        if i < len(lines) and lines[i].startswith("// poison:"):
            poison = {int(v) for v in lines[i].split(":", 1)[1].replace(",", " ").split()}
            i += 1
        m = RESULT_RE.match(line)
        if m:
            raw = bytes.fromhex(m.group(1))
        else:  # a decimal splat or list (not expected with --hex, read anyway)
            m2 = re.match(r"^dense<(.*)> : tensor<", line)
            if not m2:
                raise RuntimeError("unreadable quant-interp result: " + line[:200])
            items = [v for v in re.split(r"[\[\],\s]+", m2.group(1)) if v]
            if config["op"] == "qcast":
                vals = array(st.typecode(), [int(v) for v in items])
            else:
                vals = array(s.expressed.typecode,
                             [int(v, 16) if v.startswith("0x") else s.expressed.round(float(v)) for v in items])
            if len(vals) == 1:
                vals = vals * s.n
            out.append((vals, poison))
            continue
        size = st.bytes if config["op"] == "qcast" else s.expressed.bytes
        if len(raw) == size and s.n > 1:
            raw = raw * s.n  # a splat
        if len(raw) != size * s.n:
            raise RuntimeError("quant-interp result %d has %d bytes, expected %d" % (len(out), len(raw), size * s.n))
        # arrays of the typecode the framework's values get too (value_array): equal arrays compare as memory
        if config["op"] == "qcast":
            vals = st.decode_all(raw)
        else:
            vals = array(s.expressed.typecode, raw)
        out.append((vals, poison))
    return out


def run_command(cmd):
    """(exit status, stdout, stderr) of a command run to its end."""
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


class InterpRun:
    """quant-interp --profile=P on a configuration's program: started now in the background, or queued on `pool` (a
    thread pool whose workers each run one quant-interp at a time, while the caller works on)."""

    def __init__(self, quant_interp, profile, program_path, args_path, pool=None):
        self.cmd = [quant_interp, "--profile=" + profile, "--hex", "--args-file=" + args_path, program_path]
        self.future = pool.submit(run_command, self.cmd) if pool is not None else None
        self.proc = None if pool is not None else \
            subprocess.Popen(self.cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def wait(self):
        if self.future is not None:
            return self.future.result()
        out, err = self.proc.communicate()
        return self.proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def run_interp(quant_interp, profile, config, sets, work, tag, pool=None):
    """Per set: (values, poison) or an error string (the profile side refuses the set)."""
    program = os.path.join(work, "%s.mlir" % tag)
    argsf = os.path.join(work, "%s.args" % tag)
    if not os.path.exists(program):
        with open(program, "w") as f:
            f.write(interp_program(config, sets))
        with open(argsf, "w") as f:
            f.write(interp_args(config, sets))
    return InterpRun(quant_interp, profile, program, argsf, pool), program, argsf


def finish_interp(run, quant_interp, profile, config, sets, work, tag):
    rc, out, err = run.wait()
    if rc == 0:
        return parse_interp_output(out, config, sets)
    # Some set is refused: run each alone to find which.
    results = []
    for j, s in enumerate(sets):
        sub_tag = "%s-set%d" % (tag, j)
        r, _, _ = run_interp(quant_interp, profile, config, [s], work, sub_tag)
        rc1, out1, err1 = r.wait()
        if rc1 == 0:
            results.append(parse_interp_output(out1, config, [s])[0])
        else:
            results.append("quant-interp: " + (err1.strip().splitlines() or ["exit %d" % rc1])[-1][:300])
    return results


# ---------------------------------------------------------------------------------------------------------------
# framework side: the adapter in batch mode
# ---------------------------------------------------------------------------------------------------------------

class Adapter:
    def __init__(self, name, argv, env, timeout):
        self.name, self.argv, self.env, self.timeout = name, argv, env, timeout
        self.proc = None
        fd, self.err_path = tempfile.mkstemp(prefix="sweep-%s-stderr-" % name)
        os.close(fd)
        self.err_file = None
        self.starts = 0

    def start(self):
        env = dict(os.environ)
        env.update(self.env)
        env["QI_COMMAND_MODE"] = "batch"
        self.err_file = open(self.err_path, "ab+")
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err_file, env=env, start_new_session=True)
        self.starts += 1
        self.buf = b""

    def request(self, directory):
        """(status, stderr text of this request)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        err_start = os.fstat(self.err_file.fileno()).st_size  # the adapter appends; this process only reads
        try:
            self.proc.stdin.write((directory + "\n").encode())
            self.proc.stdin.flush()
        except BrokenPipeError:
            return -1, self._stderr(err_start) + " (the adapter exited)"
        deadline = time.time() + self.timeout
        fd = self.proc.stdout.fileno()
        while True:
            nl = self.buf.find(b"\n")
            while nl >= 0:
                line, self.buf = self.buf[:nl].decode("utf-8", "replace").strip(), self.buf[nl + 1:]
                if line.startswith("done "):
                    try:
                        return int(line[5:]), self._stderr(err_start)
                    except ValueError:
                        return -1, "answered %r" % line
                nl = self.buf.find(b"\n")
            left = deadline - time.time()
            if left <= 0:
                self.stop(kill=True)
                return -1, self._stderr(err_start) + " (timeout after %d s)" % self.timeout
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    self.proc.wait()
                    code = self.proc.returncode
                    self.proc = None
                    return -1, self._stderr(err_start) + " (the adapter exited with status %s without answering)" % code
                self.buf += chunk

    def _stderr(self, start):
        fd = self.err_file.fileno()
        text = os.pread(fd, max(0, os.fstat(fd).st_size - start), start).decode("utf-8", "replace")
        return text.strip()

    def stop(self, kill=False):
        if self.proc is not None:
            try:
                if kill:
                    os.killpg(self.proc.pid, 9)
                else:
                    self.proc.stdin.close()
                self.proc.wait(timeout=30)
            except Exception:
                try:
                    os.killpg(self.proc.pid, 9)
                except Exception:
                    pass
            self.proc = None
        if self.err_file:
            self.err_file.close()
            self.err_file = None

    def cleanup(self):
        self.stop()
        try:
            os.unlink(self.err_path)
        except OSError:
            pass


def adapter_for(args):
    """(Adapter, None) or (None, reason it is not installed)."""
    fw = os.path.join(REPO, "conformance", "frameworks")
    if args.backend == "onnxruntime":
        node = shutil.which("node")
        if not node:
            return None, "node is not installed"
        if not os.path.isfile(os.path.join(args.node_modules, "onnxruntime-node", "package.json")):
            return None, "onnxruntime-node is not installed in %s (.ci/setup installs it)" % args.node_modules
        return Adapter("onnxruntime", [node, os.path.join(fw, "onnxruntime", "ort_backend.js")],
                       {"NODE_PATH": args.node_modules}, args.timeout), None
    if args.backend == "pytorch":
        python = "/usr/bin/python3"
        if not os.path.isfile(python):
            return None, "%s is not installed (.ci/setup installs python3-torch)" % python
        r = subprocess.run([python, "-c", "import torch"], capture_output=True, text=True)
        if r.returncode != 0:
            return None, "Debian's python3-torch is not installed (.ci/setup installs it): " + \
                (r.stderr.strip().splitlines() or ["import torch failed"])[-1]
        return Adapter("pytorch", [python, os.path.join(fw, "pytorch", "torch_backend.py")], {}, args.timeout), None
    if args.backend == "xnnpack":
        if args.xnnpack_missing:
            return None, args.xnnpack_missing
        exe = args.xnnpack_backend
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            return None, "no XNNPACK adapter %s (built when libxnnpack-dev is installed; .ci/setup installs it)" % exe
        return Adapter("xnnpack", [exe], {}, args.timeout), None
    raise UsageError("--backend: unknown framework backend %r (onnxruntime, pytorch, xnnpack)" % args.backend)


def write_request(directory, config, s, inputs, request_id):
    st = Storage(config["storage"])
    os.makedirs(directory, exist_ok=True)
    d = dims(s.shape)
    qt = "tensor<%sx%s>" % (d, s.type_spelling(st))
    ex = s.expressed
    if config["op"] == "qcast":
        in_t, out_t = "tensor<%sx%s>" % (d, ex.name), "tensor<%sx%s>" % (d, st.result_spelling())
        program = ("func.func @main(%%arg0: %s) -> %s {\n  %%0 = quant.qcast %%arg0 : %s to %s\n  return %%0 : %s\n}\n"
                   % (in_t, qt, in_t, qt, qt))
        text = hex_lines(inputs, ex)
    else:
        in_t, out_t = "tensor<%sx%s>" % (d, st.signless()), "tensor<%sx%s>" % (d, ex.name)
        program = ("func.func @main(%%arg0: %s) -> %s {\n  %%0 = quant.dcast %%arg0 : %s to %s\n  return %%0 : %s\n}\n"
                   % (qt, out_t, qt, out_t, out_t))
        text = "".join(map("%d\n".__mod__, inputs))
    req = ["format " + PROTOCOL, "id " + request_id, "op " + config["op"], "input-type " + in_t,
           "output-type " + out_t, "shape " + " ".join(str(x) for x in s.shape), "elements %d" % s.n]
    files = {"request.txt": "\n".join(req) + "\n", "program.mlir": program,
             "type.json": json.dumps(s.type_json(st)) + "\n", "input.txt": text}
    for name, content in files.items():
        path = os.path.join(directory, name)
        if os.path.exists(path):
            os.unlink(path)  # a new file, not a truncated one: ext4 flushes a truncated file's blocks on close
        with open(path, "w") as f:
            f.write(content)
    out = os.path.join(directory, "output.txt")
    if os.path.exists(out):
        os.unlink(out)


def hex_lines(bits, ex):
    """'0x%0*X\n' (ex.digits digits) of each bit pattern: the big-endian bytes' hex, a line per element."""
    if not len(bits):
        return ""
    swapped = array(ex.typecode, bits)
    swapped.byteswap()
    return "0x" + swapped.tobytes().hex("\n", ex.bytes).upper().replace("\n", "\n0x") + "\n"


def read_framework_output(directory, config, s):
    """The framework's values as an array of the typecode quant-interp's values get (parse_interp_output)."""
    st = Storage(config["storage"])
    with open(os.path.join(directory, "output.txt")) as f:
        lines = f.read().split()
    if len(lines) != s.n:
        raise RuntimeError("output.txt has %d lines, expected %d" % (len(lines), s.n))
    if config["op"] == "qcast":
        vals = list(map(int, lines))
        if vals and not (st.qmin <= min(vals) and max(vals) <= st.qmax):
            bad = [v for v in vals if not st.qmin <= v <= st.qmax]
            raise RuntimeError("output.txt: %d outside the storage range (e.g. %d)" % (len(bad), bad[0]))
        return array(st.typecode(), vals)
    vals = list(map(int, lines, itertools.repeat(16)))
    if vals and (min(vals) < 0 or max(vals) >> s.expressed.width):
        raise RuntimeError("output.txt: a value of more than %d bits" % s.expressed.width)
    return array(s.expressed.typecode, vals)


def run_framework(adapter, config, s, work, max_request):
    """Framework outputs for set s: ('values', list) or ('refused', status, reason) or ('error', reason)."""
    directory = os.path.join(work, "request")
    if s.granularity == "per-layer" and s.n > max_request:
        chunks = [(a, min(a + max_request, s.n)) for a in range(0, s.n, max_request)]
    else:
        chunks = [(0, s.n)]
    values = None
    for a, b in chunks:
        if len(chunks) > 1:
            part = ParamSet(s.index, s.granularity, [b - a], s.params, scale_format=s.scale_format,
                            expressed=s.expressed.name)
        else:
            part = s
        write_request(directory, config, part, s.inputs[a:b],
                      "sweep-%s-set%d-%d" % (config["name"].replace("/", "-"), s.index, a))
        status, err = adapter.request(directory)
        if status == 0:
            try:
                part_values = read_framework_output(directory, config, part)
                if values is None:
                    values = part_values
                else:
                    values.extend(part_values)
            except (OSError, RuntimeError, ValueError) as e:
                return ("error", "unreadable output: %s" % e)
        elif status in (3, 77):
            return ("refused", status, (err.splitlines() or [""])[-1][:300])
        else:
            return ("error", "status %d: %s" % (status, err[-500:]))
    return ("values", values)


# ---------------------------------------------------------------------------------------------------------------
# comparison
# ---------------------------------------------------------------------------------------------------------------

def compare(config, sets, fw, prof, examples_wanted, st, explainers=()):
    """Counts and examples of the framework outputs fw (per set: values or None) against the profile's prof.
    explainers: [(profile name, its outputs)]: a mismatching element whose framework value one of them gives is
    counted as explained by the first such (a documented difference), the others are unexplained."""
    res = {"compared": 0, "mismatches": 0, "dontCare": 0, "examples": [], "unexplained": 0,
           "explainedBy": collections.Counter(), "unexplainedExamples": [],
           "byInputClass": collections.Counter(), "byScaleClass": collections.Counter(),
           "byZpClass": collections.Counter(), "byLayout": collections.Counter()}
    classes = QCAST_CLASSES if config["op"] == "qcast" else DCAST_CLASSES
    for j, (s, f, p) in enumerate(zip(sets, fw, prof)):
        if f is None or isinstance(p, str):
            continue
        pv, poison = p
        if f == pv and not poison:
            res["compared"] += s.n
            continue
        # The differing elements in element order (map / compress iterate in C), then the don't-care ones out:
        # the counts and examples of an element-by-element walk, in its order.
        mism = [] if f == pv else list(itertools.compress(range(s.n), map(operator.ne, f, pv)))
        if poison:
            dont_care = sum(1 for q in poison if 0 <= q < s.n)
            mism = [q for q in mism if q not in poison]
        else:
            dont_care = 0
        res["dontCare"] += dont_care
        res["compared"] += s.n - dont_care
        if not mism:
            continue
        res["mismatches"] += len(mism)
        # counted by index first (in C), then named in the order of first occurrence, as element by element
        for i, k in collections.Counter(map(s.classes.__getitem__, mism)).items():
            res["byInputClass"][classes[i]] += k
        for i, k in collections.Counter(map(s.param_of.__getitem__, mism)).items():
            res["byScaleClass"][s.params[i].scale_class] += k
            res["byZpClass"][s.params[i].zp_class] += k
        res["byLayout"][s.layout()] += len(mism)
        for q in mism[:max(0, examples_wanted - len(res["examples"]))]:
            res["examples"].append(example(config, s, q, f[q], pv[q], st))
        if not explainers:
            continue
        for q in mism:
            by = None
            for name, out in explainers:
                e = out[j]
                if not isinstance(e, str) and q not in e[1] and e[0][q] == f[q]:
                    by = name
                    break
            if by:
                res["explainedBy"][by] += 1
            else:
                res["unexplained"] += 1
                if len(res["unexplainedExamples"]) < examples_wanted:
                    res["unexplainedExamples"].append(example(config, s, q, f[q], pv[q], st))
    if not explainers:
        res["unexplained"] = res["mismatches"]
    for k in ("byInputClass", "byScaleClass", "byZpClass", "byLayout", "explainedBy"):
        res[k] = dict(res[k].most_common())
    return res


def example(config, s, q, fv, pv, st):
    par = s.params[s.param_of[q]]
    classes = QCAST_CLASSES if config["op"] == "qcast" else DCAST_CLASSES
    e = collections.OrderedDict()
    e["set"] = s.index
    e["element"] = q
    e["inputClass"] = classes[s.classes[q]]
    ex = s.expressed
    if config["op"] == "qcast":
        e["input"] = ex.describe(s.inputs[q])
        e["framework"] = fv
        e["profile"] = pv
    else:
        e["input"] = s.inputs[q]
        e["framework"] = ex.describe(fv)
        e["profile"] = ex.describe(pv)
    e["scale"] = describe_scale(par.scale, s.scale_format, ex)
    e["scaleClass"] = par.scale_class
    e["zp"] = par.zp
    if s.granularity == "per-axis":
        e["axis"] = s.axis
    if s.granularity == "sub-channel":
        e["blockAxis"] = s.axis
        e["blockSize"] = s.block
    e["shape"] = list(s.shape)
    e["layout"] = s.layout()
    return e


def format_example(e):
    return ("set %d (%s, shape %s) element %d [%s]: input %s, scale %s [%s], zp %d: framework %s, profile %s"
            % (e["set"], e["layout"], "x".join(map(str, e["shape"])), e["element"], e["inputClass"], e["input"],
               e["scale"], e["scaleClass"], e["zp"], e["framework"], e["profile"]))


# ---------------------------------------------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------------------------------------------

def list_profiles(quant_interp):
    r = subprocess.run([quant_interp, "--list-profiles"], capture_output=True, text=True)
    if r.returncode != 0:
        raise UsageError("%s --list-profiles failed: %s" % (quant_interp, r.stderr.strip()))
    return [line.split(":", 1)[0].strip() for line in r.stdout.splitlines() if ":" in line]


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", required=True, help="onnxruntime, pytorch or xnnpack")
    p.add_argument("--profile", required=True, help="the framework's profile (quant-interp --list-profiles)")
    p.add_argument("--quant-interp", default=os.path.join(REPO, "build", "bin", "quant-interp"))
    p.add_argument("--node-modules", default=os.path.join(REPO, "build", "frameworks", "node_modules"))
    p.add_argument("--xnnpack-backend", default=os.path.join(REPO, "build", "bin", "quant-xnnpack-backend"))
    p.add_argument("--xnnpack-missing", default="",
                   help="why the XNNPACK adapter was not built (from CMake): --backend=xnnpack skips with it")
    p.add_argument("--capabilities", default="", help="default: conformance/frameworks/NAME/NAME.capabilities")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--random", type=int, default=100000, help="random f32 inputs per configuration")
    p.add_argument("--boundary", type=int, default=100000, help="near-boundary inputs per configuration")
    p.add_argument("--max-request", type=int, default=100000, help="most elements per adapter request")
    p.add_argument("--dcast-sets-max", type=int, default=800,
                   help="most per-tensor parameter sets of a dcast whose storage has <= 2^16 values (each takes "
                        "every integer)")
    p.add_argument("--dcast-every-integer-max", type=int, default=1 << 16,
                   help="dcast takes every integer of a storage type with at most this many values (per parameter "
                        "set), random and boundary integers of a wider one (default 65536)")
    p.add_argument("--expressed", default="",
                   help="only these expressed types, separated by commas (default: every one the capability file "
                        "claims of f32 f16 bf16)")
    p.add_argument("--expressed-storages", action="append", default=[],
                   help="E:ST,ST,...: configurations of expressed type E take only these storage types (repeatable; "
                        "the quick tier sweeps f16 on a few)")
    p.add_argument("--every-value-sets", type=int, default=4,
                   help="qcast with a 16-bit expressed type: this many more parameter sets per configuration whose "
                        "every parameter takes every bit pattern of the type (per-tensor: 1 parameter, per-axis and "
                        "blocked: 2; default 4)")
    p.add_argument("--filter", action="append", default=[],
                   help="only configurations whose name (op/storage/granularity) contains this (repeatable: any)")
    p.add_argument("--other-profiles", default="", help="all, or profiles separated by commas: each must mismatch")
    p.add_argument("--expect-fail-profile", action="append", default=[], help="a profile that must mismatch")
    p.add_argument("--same-on-domain", action="append", default=[],
                   help="a profile declared equal to --profile on this domain: must show no mismatch")
    p.add_argument("--allow-refusal", action="append", default=["subnormal"],
                   help="a scale class whose parameter sets the framework may refuse (default: subnormal)")
    p.add_argument("--known-mismatch", action="append", default=[],
                   help="KEY=VALUE,...[:PROFILE] (keys op, storage, granularity): a documented difference the "
                        "profile does not predict yet: matching configurations may mismatch -- with :PROFILE only "
                        "on elements where PROFILE gives the framework's value -- and some element must")
    p.add_argument("--examples", type=int, default=5, help="mismatching elements shown per configuration")
    p.add_argument("--json", default="", help="write a JSON summary here")
    p.add_argument("--work", default="", help="scratch directory (default: a temporary one, removed)")
    p.add_argument("--timeout", type=int, default=600, help="seconds per adapter request")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        raise UsageError("bad command line") if e.code else e
    for name in ("random", "boundary", "max_request", "dcast_sets_max", "dcast_every_integer_max", "timeout",
                 "every_value_sets"):
        least = 0 if name in ("random", "boundary", "every_value_sets") else 1
        if getattr(args, name) < least:
            raise UsageError("--%s must be at least %d" % (name.replace("_", "-"), least))
    if args.random + args.boundary == 0:
        raise UsageError("--random and --boundary are both 0: nothing to compare")
    if args.backend not in ("onnxruntime", "pytorch", "xnnpack"):
        raise UsageError("--backend: unknown framework backend %r (onnxruntime, pytorch, xnnpack)" % args.backend)
    args.expressed = [e for e in args.expressed.split(",") if e] or None
    for e in args.expressed or []:
        if e not in EXPRESSED:
            raise UsageError("--expressed: %s is not one of %s" % (e, " ".join(EXPRESSED_ORDER)))
    storages_of = {}
    for spec in args.expressed_storages:
        e, _, names = spec.partition(":")
        if e not in EXPRESSED or not names:
            raise UsageError("--expressed-storages=%s: E:ST,ST,... with E one of %s"
                             % (spec, " ".join(EXPRESSED_ORDER)))
        storages_of.setdefault(e, set()).update(n for n in names.split(",") if n)
    args.expressed_storages = storages_of
    return args


SCALE_E = "@scale=E"
INTERP_WORKERS = 2  # quant-interp runs at a time (the CI machine has 2 cores; the framework's adapter runs too)


def known_spec(spec):
    """(tags dict, explaining profile or None) of --known-mismatch=KEY=VALUE,...[:PROFILE[@scale=E]]. With
    @scale=E the profile runs on the same types with each scale replaced by its rounding to the expressed type (so
    that an f32 recipe computes with the f16 scale a framework receives)."""
    text, profile = spec, None
    if ":" in spec:
        text, profile = spec.rsplit(":", 1)
    try:
        tags = dict(t.split("=", 1) for t in text.split(",") if t)
    except ValueError:
        raise UsageError("--known-mismatch=%s: KEY=VALUE,...[:PROFILE[%s]]" % (spec, SCALE_E))
    for k in tags:
        if k not in ("op", "storage", "granularity", "expressed"):
            raise UsageError("--known-mismatch=%s: unknown key %s (op, storage, granularity, expressed)" % (spec, k))
    if profile and "@" in profile and not profile.endswith(SCALE_E):
        raise UsageError("--known-mismatch=%s: the only profile suffix is %s" % (spec, SCALE_E))
    return {"spec": spec, "tags": tags, "profile": profile}


def matches(spec, config):
    have = {"op": {config["op"]}, "storage": {config["storage"]}, "expressed": {config["expressed"]},
            "granularity": {config["granularity"], GRANULARITY_NAME[config["granularity"]]}}
    return all(v in have[k] for k, v in spec["tags"].items())


def scale_rounded_sets(sets):
    """The parameter sets with every scale replaced by its rounding to the expressed type (--known-mismatch
    PROFILE@scale=E): same inputs, same layout."""
    out = []
    for s in sets:
        ex = s.expressed
        params = [Param(ex.value(ex.round(p.scale)), p.zp, p.scale_class, p.zp_class) for p in s.params]
        c = ParamSet(s.index, s.granularity, s.shape, params, axis=s.axis, block=s.block, pshape=s.pshape,
                     scale_format=s.scale_format, expressed=ex.name, every=s.every)
        c.inputs, c.classes, c.param_of = s.inputs, s.classes, s.param_of
        out.append(c)
    return out


def main(argv):
    t_start = time.time()
    try:
        args = parse_args(argv)
        if not (os.path.isfile(args.quant_interp) and os.access(args.quant_interp, os.X_OK)):
            raise UsageError("no quant-interp at %s (--quant-interp)" % args.quant_interp)
        profiles = list_profiles(args.quant_interp)
        if args.profile not in profiles:
            raise UsageError("--profile=%s: not a profile of %s (%s)" % (args.profile, args.quant_interp,
                                                                          ", ".join(profiles)))
        others = []
        if args.other_profiles:
            others = [q for q in profiles if q != args.profile] if args.other_profiles == "all" else \
                [q for q in args.other_profiles.split(",") if q]
        for q in args.expect_fail_profile + args.same_on_domain:
            if q not in others:
                others.append(q)
        known = [known_spec(k) for k in args.known_mismatch]
        for q in others + [k["profile"].split("@", 1)[0] for k in known if k["profile"]]:
            if q not in profiles:
                raise UsageError("profile %s: not a profile of %s (%s)" % (q, args.quant_interp, ", ".join(profiles)))
        if args.profile in others:
            raise UsageError("--profile=%s is also among the other profiles" % args.profile)
        caps = args.capabilities or os.path.join(REPO, "conformance", "frameworks", args.backend,
                                                 args.backend + ".capabilities")
        if args.capabilities and not os.path.isfile(caps):
            raise UsageError("no capability file %s" % caps)
        adapter, why = adapter_for(args)
    except UsageError as e:
        print("element_sweep.py: error: %s" % e, file=sys.stderr)
        return 2
    if adapter is None:
        print("SKIPPED: framework backend %s: %s" % (args.backend, why), flush=True)
        return EXIT_SKIP
    if os.path.isfile(caps):
        claim, excludes = parse_capabilities(caps)
    elif args.backend == "xnnpack":
        # XNNPACK's claim as its adapter states it, until its capability file exists
        claim, excludes = {"op": {"qcast", "dcast"}, "granularity": {"per-layer"}, "storage": {"i8", "u8"},
                           "expressed": {"f32"}}, []
        caps = "(built in: qcast dcast, per-layer, i8 u8, f32)"
    else:
        print("element_sweep.py: error: no capability file %s" % caps, file=sys.stderr)
        return 2
    configs = configurations(claim, excludes, args.expressed)
    only = args.expressed_storages
    configs = [c for c in configs if c["expressed"] not in only or c["storage"] in only[c["expressed"]]]
    if args.filter:
        configs = [c for c in configs if any(f in c["name"] for f in args.filter)]
    if not configs:
        print("element_sweep.py: error: no configuration to sweep (capabilities %s, filters %s)"
              % (caps, args.filter), file=sys.stderr)
        return 2

    work = args.work or tempfile.mkdtemp(prefix="element-sweep-")
    os.makedirs(work, exist_ok=True)
    print("element sweep: backend %s, profile %s, seed %d, %d random + %d boundary inputs per configuration, "
          "capabilities %s, %d configurations%s"
          % (args.backend, args.profile, args.seed, args.random, args.boundary, caps, len(configs),
             (", other profiles: " + ", ".join(others)) if others else ""), flush=True)

    summary = collections.OrderedDict()
    summary["format"] = "quant-element-sweep/1"
    summary["backend"] = args.backend
    summary["profile"] = args.profile
    summary["seed"] = args.seed
    summary["random"] = args.random
    summary["boundary"] = args.boundary
    summary["capabilities"] = caps
    summary["commandLine"] = " ".join(["element_sweep.py"] + argv)
    summary["knownMismatches"] = [k["spec"] for k in known]
    summary["configurations"] = []
    other_totals = {q: collections.OrderedDict() for q in others}
    known_hits = collections.Counter()
    failures = []
    totals = collections.Counter()
    # A configuration in two stages, pipelined: start() draws its inputs, queues its quant-interp runs (under the
    # profile, the explaining profiles and every other one) on INTERP_WORKERS threads and asks the framework meanwhile;
    # finish() takes quant-interp's results and compares, while the next configuration's start() runs. Results,
    # console lines and failures come in configuration order.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=INTERP_WORKERS)

    def start(config):
        t0 = time.time()
        rng = random.Random("%d/%s" % (args.seed, config["name"]))
        sets, _ = make_sets(config, rng, args.random, args.boundary, args.max_request, args.dcast_sets_max,
                            args.dcast_every_integer_max, args.every_value_sets)
        tag = config["name"].replace("/", "-")
        cwork = os.path.join(work, tag)  # this configuration's quant-interp files, removed by finish()
        os.makedirs(cwork, exist_ok=True)
        my_known = [k for k in known if matches(k, config)]
        explain = [k["profile"] for k in my_known if k["profile"]]
        wanted = others + [q for q in explain if q not in others]

        def interp_for(q):
            """(profile, sets, tag) of a run: PROFILE@scale=E runs PROFILE on the scales rounded to E."""
            if q.endswith(SCALE_E):
                return q[:-len(SCALE_E)], scale_rounded_sets(sets), tag + "-scaleE"
            return q, sets, tag
        runs = collections.OrderedDict()
        for q in [args.profile] + wanted:
            if q in runs:
                continue
            qp, qsets, qtag = interp_for(q)
            runs[q] = (run_interp(args.quant_interp, qp, config, qsets, cwork, qtag, pool)[0], qp, qsets, qtag)
        t_gen = time.time() - t0
        fw, refusals, errors = [], [], []
        for s in sets:
            r = run_framework(adapter, config, s, work, args.max_request)
            if r[0] == "values":
                fw.append(r[1])
            else:
                fw.append(None)
                if r[0] == "refused":
                    refusals.append({"set": s.index, "layout": s.layout(), "status": r[1], "reason": r[2],
                                     "elements": s.n, "scaleClasses": s.scale_classes()})
                else:
                    errors.append({"set": s.index, "reason": r[1], "elements": s.n})
        t_fw = time.time() - t0 - t_gen
        return {"config": config, "t0": t0, "sets": sets, "work": cwork, "known": my_known,
                "explain": explain, "wanted": wanted, "runs": runs, "fw": fw, "refusals": refusals,
                "errors": errors, "t_fw": t_fw}

    def finish(c):
        config, t0, sets, cwork = c["config"], c["t0"], c["sets"], c["work"]
        my_known, explain, wanted, fw = c["known"], c["explain"], c["wanted"], c["fw"]
        refusals, errors, t_fw = c["refusals"], c["errors"], c["t_fw"]
        st = Storage(config["storage"])
        run, qp, qsets, qtag = c["runs"][args.profile]
        prof = finish_interp(run, args.quant_interp, qp, config, qsets, cwork, qtag)
        profile_refusals = [{"set": s.index, "reason": p, "elements": s.n, "scaleClasses": s.scale_classes()}
                            for s, p in zip(sets, prof) if isinstance(p, str)]

        # the other profiles (and the profiles that explain known mismatches)
        outputs, other_res = {}, collections.OrderedDict()
        for q in wanted:
            r, qp, qsets, qtag = c["runs"][q]
            pq = finish_interp(r, args.quant_interp, qp, config, qsets, cwork, qtag)
            if q in explain:
                outputs[q] = pq
            if q in others:
                rq = compare(config, sets, fw, pq, 1, st)
                other_res[q] = {"compared": rq["compared"], "mismatches": rq["mismatches"],
                                "dontCare": rq["dontCare"], "byInputClass": rq["byInputClass"],
                                "examples": rq["examples"],
                                "refusedSets": [pr for pr in pq if isinstance(pr, str)]}
                if other_res[q]["refusedSets"]:
                    print("    under %s quant-interp refused %d parameter sets: %s"
                          % (q, len(other_res[q]["refusedSets"]), other_res[q]["refusedSets"][0]))
                other_totals[q][config["name"]] = rq["mismatches"]
        res = compare(config, sets, fw, prof, args.examples, st, [(q, outputs[q]) for q in explain])
        for k in my_known:
            known_hits[k["spec"]] += res["explainedBy"].get(k["profile"], 0) if k["profile"] else \
                res["mismatches"]

        n_random = sum(s.classes.count(c) for s in sets
                       for c in ((QI["random-bits"], QI["random-range"]) if config["op"] == "qcast"
                                 else (DI["random"],)))
        entry = collections.OrderedDict()
        entry["name"] = config["name"]
        entry["op"], entry["storage"] = config["op"], config["storage"]
        entry["expressed"] = config["expressed"]
        entry["granularity"] = GRANULARITY_NAME[config["granularity"]]
        entry["parameterSets"] = len(sets)
        entry["parameters"] = sum(len(s.params) for s in sets)
        entry["layouts"] = dict(collections.Counter(s.layout() for s in sets))
        entry["scaleClasses"] = dict(collections.Counter(p.scale_class for s in sets for p in s.params))
        entry["elements"] = sum(s.n for s in sets)
        if config["op"] == "qcast" or st.count > args.dcast_every_integer_max:
            entry["randomElements"] = n_random
            entry["boundaryElements"] = entry["elements"] - n_random
        else:
            entry["everyInteger"] = True
        entry["compared"] = res["compared"]
        entry["mismatches"] = res["mismatches"]
        entry["dontCare"] = res["dontCare"]
        entry["knownMismatch"] = [k["spec"] for k in my_known]
        entry["explainedBy"] = res["explainedBy"]
        entry["unexplained"] = res["unexplained"] if my_known and explain else \
            (0 if my_known else res["mismatches"])
        entry["refusals"] = refusals
        entry["refusedElements"] = sum(r["elements"] for r in refusals)
        entry["profileRefusals"] = profile_refusals
        entry["errors"] = errors
        entry["mismatchesByInputClass"] = res["byInputClass"]
        entry["mismatchesByScaleClass"] = res["byScaleClass"]
        entry["mismatchesByZpClass"] = res["byZpClass"]
        entry["mismatchesByLayout"] = res["byLayout"]
        entry["examples"] = res["examples"]
        entry["unexplainedExamples"] = res["unexplainedExamples"]
        entry["otherProfiles"] = other_res
        # the parameter sets, to reproduce an element (the first 32 parameters of each)
        entry["sets"] = [{"index": x.index, "layout": x.layout(), "shape": list(x.shape),
                          "blockSize": x.block, "parameters": len(x.params),
                          "first": [[s_hex, p.zp, p.scale_class, p.zp_class] for p, (s_hex, _) in
                                    zip(x.params[:32], x.type_json(st)["scales"][:32])]}
                         for x in sets]
        entry["seconds"] = round(time.time() - t0, 2)
        entry["secondsFramework"] = round(t_fw, 2)
        summary["configurations"].append(entry)
        for k in ("elements", "compared", "mismatches", "dontCare", "refusedElements", "unexplained"):
            totals[k] += entry[k]

        # console
        counts = ("%d random + %d boundary" % (entry["randomElements"], entry["boundaryElements"])
                  if "randomElements" in entry else "every integer")
        print("%-24s %3d parameter sets (%4d parameters) %8d elements (%s): compared %d, mismatches %d, "
              "don't-care %d, refused %d sets (%d elements), %.1f s"
              % (config["name"], len(sets), entry["parameters"], entry["elements"], counts, res["compared"],
                 res["mismatches"], res["dontCare"], len(refusals), entry["refusedElements"], entry["seconds"]),
              flush=True)
        for r in refusals:
            print("    refused by %s: set %d (%s) [%s] (%d elements): exit %d: %s"
                  % (args.backend, r["set"], r["layout"], ",".join(r["scaleClasses"]), r["elements"],
                     r["status"], r["reason"]))
        for r in profile_refusals:
            print("    refused by quant-interp under %s: set %d [%s]: %s"
                  % (args.profile, r["set"], ",".join(r["scaleClasses"]), r["reason"]))
        for e in errors:
            print("    ERROR: set %d: %s" % (e["set"], e["reason"]))
        if res["mismatches"]:
            print("    mismatches by input class: %s" % res["byInputClass"])
            print("    by layout: %s; by scale class: %s; by zero-point class: %s"
                  % (res["byLayout"], res["byScaleClass"], res["byZpClass"]))
            if my_known:
                print("    known (--known-mismatch=%s): explained by %s, unexplained %d"
                      % (" ".join(k["spec"] for k in my_known), res["explainedBy"] or "-", entry["unexplained"]))
            shown = res["unexplainedExamples"] if my_known and explain and entry["unexplained"] else res["examples"]
            for e in shown:
                print("    " + format_example(e))
        if errors:
            failures.append("%s: %d adapter errors" % (config["name"], len(errors)))
        bad_refusals = [r for r in refusals if any(c not in args.allow_refusal for c in r["scaleClasses"])]
        if bad_refusals:
            failures.append("%s: %d parameter sets refused outside the allowed scale classes (%s)"
                            % (config["name"], len(bad_refusals), ",".join(args.allow_refusal)))
        bad_prof = [r for r in profile_refusals if any(c not in args.allow_refusal for c in r["scaleClasses"])]
        if bad_prof:
            failures.append("%s: quant-interp refused %d parameter sets" % (config["name"], len(bad_prof)))
        if entry["unexplained"]:
            failures.append("%s: %d mismatching elements under %s%s"
                            % (config["name"], entry["unexplained"], args.profile,
                               " not explained by the known difference" if my_known else ""))
        if res["compared"] == 0:
            failures.append("%s: no element compared" % config["name"])
        shutil.rmtree(cwork, ignore_errors=True)

    try:
        previous = None
        for config in configs:
            current = start(config)
            if previous is not None:
                finish(previous)
            previous = current
        if previous is not None:
            finish(previous)
        shutil.rmtree(os.path.join(work, "request"), ignore_errors=True)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        adapter.cleanup()
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)

    for k in known:
        hit = known_hits[k["spec"]]
        print("known mismatch %s: %d elements%s" % (k["spec"], hit,
                                                     (" reproduced by " + k["profile"]) if k["profile"] else ""))
        if not hit and any(matches(k, c) for c in configs):
            failures.append("known mismatch %s was not reproduced: the profile may predict it now (update "
                            "docs/real-frameworks.md and drop --known-mismatch)" % k["spec"])

    # the other profiles
    summary["otherProfiles"] = collections.OrderedDict()
    if others:
        print("\nunder the other profiles (mismatching elements by configuration):")
    for q in others:
        per = other_totals[q]
        total = sum(per.values())
        same = q in args.same_on_domain
        ok = (total == 0) if same else (total > 0)
        summary["otherProfiles"][q] = {"mismatches": total, "declaredSame": same, "ok": ok,
                                       "byConfiguration": per}
        listed = ", ".join("%s %d" % (n, m) for n, m in per.items() if m)
        print("  %-22s %9d%s%s" % (q, total, "  (declared the same on this domain)" if same else "",
                                    (": " + listed) if listed else ""))
        if not ok:
            failures.append("under %s: %s" % (q, ("%d mismatches, but it was declared the same on this domain "
                                                  "(--same-on-domain)" % total) if same else
                                              "no mismatch anywhere, but every other profile must differ "
                                              "(declare it with --same-on-domain=%s if the profile table agrees)" % q))

    summary["totals"] = dict(totals)
    summary["seconds"] = round(time.time() - t_start, 1)
    summary["failures"] = failures
    summary["passed"] = not failures
    print("\n%s under %s: %d configurations, %d elements, %d compared, %d mismatches (%d unexplained), "
          "%d don't-care, %d refused; %.1f s"
          % (args.backend, args.profile, len(configs), totals["elements"], totals["compared"], totals["mismatches"],
             totals["unexplained"], totals["dontCare"], totals["refusedElements"], summary["seconds"]))
    if args.json:
        tmp = args.json + ".tmp"
        with open(tmp, "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
        os.replace(tmp, args.json)
    for f in failures:
        print("FAIL: " + f)
    if not failures:
        print("PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
