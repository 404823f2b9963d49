"""Seeded generator of observed ranges for the calibration checks (docs/calibration.md, "Framework checks").

A range is a pair (min, max) of Python floats. `random_ranges` draws ordinary ranges over the whole float32
exponent range; `edge_ranges` first yields every pair of a pool of special values (zeros of both signs,
subnormals, the float32 extremes, +-1e-30 / +-1e30, infinities, NaN: so min = max, min > max, min > 0, max < 0
all occur), then draws from named degenerate families (min = max, tiny and huge widths, subnormal ranges, mixed
huge / tiny ends, NaN or an infinity at one end). Every draw is tagged with its family, so a mismatch report can
count by family. The quick tier takes a prefix of each stream: the whole pool grid comes first.

Values are float32-representable unless `binary64=True`, which adds the family `binary64` of ranges a
framework holding float32 rounds itself (PyTorch's float32 min_val / max_val buffers: [calib.range]).
Python 3 standard library only (the driver runs under the python3 CMake finds).
"""
import math
import random
import struct
from array import array

F32_MAX = struct.unpack("<f", struct.pack("<I", 0x7F7FFFFF))[0]
F32_MIN_NORMAL = 2.0 ** -126
F32_MIN_SUBNORMAL = 2.0 ** -149
F32_EPS = 2.0 ** -23
INF = math.inf
NAN = math.nan


_F32 = struct.Struct("<f")


def f32(x):
    """x rounded to float32 (nearest even; overflow to +-inf), as a Python float."""
    try:  # struct packs through the same C cast as array("f"), but refuses to overflow
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return array("f", [x])[0]


def f32_of_bits(bits):
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def f32_bits(x):
    return array("I", array("f", [x]).tobytes())[0]


def f64_of_bits(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def number_text(x):
    """How a ranges file spells x: nan, inf, -inf, or C99 hex float (exact, sign of zero kept) -- float.hex's
    spelling of each (a NaN of either sign is nan)."""
    return x.hex()


def special_pool():
    """The special values whose every ordered pair is an edge range (float32-representable)."""
    positive = [F32_MIN_SUBNORMAL, 3 * F32_MIN_SUBNORMAL, f32_of_bits(0x007FFFFF), F32_MIN_NORMAL,
                f32(1e-30), f32(1.5e-38), F32_EPS, f32(1e-7), 0.5, 1.0, 1.5, 127.5, 255.0, f32(1e10), f32(1e30),
                2.0 ** 126, f32_of_bits(0x7F7FFFFE), F32_MAX]
    pool = [0.0, -0.0, INF, -INF, NAN]
    for v in positive:
        pool += [v, -v]
    return pool


def _random_f32_magnitude(rng, lo_exp=-149, hi_exp=127):
    """A positive float32 with a uniformly drawn binary exponent in [lo_exp, hi_exp]."""
    return f32(rng.uniform(1.0, 2.0) * 2.0 ** rng.randint(lo_exp, hi_exp))


def draws(rng):
    """(random, below): rng.random and rng._randbelow, through which rng.uniform(a, b) (a + (b - a) * random()),
    randrange / randint (a + below(width)) and choice (seq[below(len(seq))]) draw -- called directly, the same
    numbers in about half the time (random_ranges draws millions). check_draws() holds them to the random module."""
    rand, getrandbits = rng.random, rng.getrandbits

    def below(n):
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return r
    return rand, below


def check_draws():
    """The shortcuts of draws() give what random.Random's own methods give (a Python whose random module draws
    otherwise makes every check fail here, not draw other ranges)."""
    ours, theirs = random.Random(7), random.Random(7)
    rand, below = draws(ours)
    for n in (2, 10, 277, 1 << 20):
        for _ in range(50):
            if (below(10), -149 + below(277), (-1, 1)[below(2)], 1.0 + (2.0 - 1.0) * rand(), -4 + (4 - -4) * rand(),
                    below(n)) != (theirs.randrange(10), theirs.randint(-149, 127), theirs.choice((-1, 1)),
                                  theirs.uniform(1.0, 2.0), theirs.uniform(-4, 4), theirs.randrange(n)):
                raise RuntimeError("calibration_ranges.py: random.Random draws differently from draws() here")


def random_ranges(rng, count):
    """`count` ordinary ranges (min <= max, finite), tagged "random-<kind>"."""
    check_draws()
    rand, below = draws(rng)
    isfinite = math.isfinite
    out = []
    while len(out) < count:
        kind = below(10)
        if kind < 4:  # straddles zero, magnitudes within a few decades of 1
            lo = -f32(rand() * 10 ** (-4 + 8 * rand()))
            hi = f32(rand() * 10 ** (-4 + 8 * rand()))
            tag = "random-straddle"
        elif kind < 6:  # one sign only
            a = f32(rand() * 10 ** (-6 + 12 * rand()))
            b = f32(rand() * 10 ** (-6 + 12 * rand()))
            a, b = sorted((a, b))
            lo, hi = (a, b) if rand() < 0.5 else (-b, -a)
            tag = "random-one-sign"
        elif kind < 8:  # any float32 exponents, either sign
            a = f32((1.0 + 1.0 * rand()) * 2.0 ** (-149 + below(277))) * (-1, 1)[below(2)]
            b = f32((1.0 + 1.0 * rand()) * 2.0 ** (-149 + below(277))) * (-1, 1)[below(2)]
            lo, hi = min(a, b), max(a, b)
            tag = "random-any-exponent"
        elif kind < 9:  # a nonnegative range starting at 0 or a nonpositive one ending at 0 (activations)
            m = f32(rand() * 10 ** (-5 + 10 * rand()))
            lo, hi = (0.0, m) if rand() < 0.5 else (-m, 0.0)
            tag = "random-zero-end"
        else:  # uniformly random float32 bit patterns (finite)
            a, b = f32_of_bits(rng.getrandbits(32)), f32_of_bits(rng.getrandbits(32))
            if not (isfinite(a) and isfinite(b)):
                continue
            lo, hi = min(a, b), max(a, b)
            tag = "random-bits"
        out.append((lo, hi, tag))
    return out


def edge_ranges(rng, count, binary64=False):
    """`count` degenerate / edge ranges, tagged by family; the pool grid (every ordered pair) first."""
    pool = special_pool()
    out = [(a, b, "edge-pool-pair") for a in pool for b in pool]
    families = ["min-eq-max", "tiny-width", "huge-width", "subnormal", "mixed-huge-tiny", "nan-end", "inf-end",
                "reversed", "zero-end-tiny", "ulp-neighbours"]
    if binary64:
        families.append("binary64")
    while len(out) < count:
        family = families[len(out) % len(families)]
        sign = rng.choice((-1.0, 1.0))
        if family == "min-eq-max":
            x = rng.choice([0.0, -0.0, _random_f32_magnitude(rng) * sign, f32(rng.uniform(-10, 10))])
            lo = hi = x
        elif family == "tiny-width":  # widths near 1e-30 anywhere, incl. around zero
            c = rng.choice([0.0, f32(rng.uniform(-1e-28, 1e-28)), f32(rng.uniform(-1, 1))])
            w = rng.uniform(0.1, 10) * 1e-30
            lo, hi = f32(c - w), f32(c + w)
        elif family == "huge-width":
            w = rng.uniform(0.1, 3.4) * 10 ** rng.uniform(29, 38)
            lo, hi = f32(-w * rng.random()), f32(w * rng.random())
        elif family == "subnormal":
            a = f32_of_bits(rng.randrange(1, 0x00800000)) * rng.choice((-1, 1))
            b = f32_of_bits(rng.randrange(1, 0x00800000)) * rng.choice((-1, 1))
            lo, hi = min(a, b), max(a, b)
        elif family == "mixed-huge-tiny":
            tiny = _random_f32_magnitude(rng, -149, -100)
            huge = _random_f32_magnitude(rng, 100, 127)
            lo, hi = (-tiny, huge) if rng.random() < 0.5 else (-huge, tiny)
        elif family == "nan-end":
            x = rng.choice([0.0, _random_f32_magnitude(rng) * sign, INF, -INF])
            lo, hi = (NAN, x) if rng.random() < 0.5 else (x, NAN)
        elif family == "inf-end":
            x = rng.choice([0.0, _random_f32_magnitude(rng) * sign, F32_MAX, -F32_MAX])
            lo, hi = (-INF, x) if rng.random() < 0.5 else (x, INF)
        elif family == "reversed":  # min > max
            a, b = sorted((_random_f32_magnitude(rng) * rng.choice((-1, 1)) for _ in range(2)))
            if a == b:
                continue
            lo, hi = b, a
        elif family == "zero-end-tiny":  # one end 0 or -0, the other within a few ulps of zero
            t = f32_of_bits(rng.randrange(1, 64)) if rng.random() < 0.5 else _random_f32_magnitude(rng, -140, -110)
            z = rng.choice((0.0, -0.0))
            lo, hi = (z, t) if rng.random() < 0.5 else (-t, z)
        elif family == "ulp-neighbours":  # ranges whose scale or zero point sits next to a rounding tie
            m = _random_f32_magnitude(rng, -20, 20)
            bits = f32_bits(m)
            lo = -f32_of_bits(bits + rng.randint(-3, 3))
            hi = f32(m * rng.choice((1, 127 / 128, 255 / 256, 254 / 255, 0.5, 3)))
            hi = f32_of_bits(f32_bits(hi) + rng.randint(-3, 3)) if hi > 0 else hi
        else:  # binary64: values a float32 framework must round itself (ties, overflow, subnormal results)
            a = rng.uniform(-1, 1) * 10 ** rng.uniform(-45, 39)
            b = rng.uniform(-1, 1) * 10 ** rng.uniform(-45, 39)
            if rng.random() < 0.3:  # an exact tie between two float32 neighbours
                f = _random_f32_magnitude(rng, -126, 100)
                a = -(f + (f32_of_bits(f32_bits(f) + 1) - f) / 2)
            lo, hi = min(a, b), max(a, b)
        out.append((lo, hi, "edge-" + family))
    return out[:count]


def ranges(seed, random_count, edge_count, binary64=False):
    """The ranges of one configuration: random ones, then edge ones (each stream seeded on its own)."""
    return random_ranges(random.Random(seed), random_count) + \
        edge_ranges(random.Random(seed + 1), edge_count, binary64)
