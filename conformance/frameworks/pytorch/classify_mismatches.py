#!/usr/bin/env python3
"""Sorts the mismatching elements of a `quant-conform run --backend=pytorch --profile=pytorch-fbgemm` by cause.

Usage: classify_mismatches.py RESULTS_JSON [--json]
(the run needs --max-mismatches at least as large as any case's mismatch count, so that every element is listed)

For each mismatching element it checks two emulations, written here from the sources (Python standard library only):
  - PyTorch 1.13's generic ATen path (no FBGEMM; aten/src/ATen/native/quantized/AffineQuantizerBase.cpp,
    `quantize_val` and `dequantize_val`), which must give what torch returned:
        qcast  inv = 1.0f / (float)scale;  v = (float)zero_point + nearbyintf(x * inv)   (an f32 add)
               q = clamp((int64_t)v)   -- NaN, +-inf and |v| >= 2^63 convert to INT64_MIN, so they store qmin
        dcast  per-tensor   (float)scale * (float)(int32_t)(q - zero_point)   -- q - zp in int32: wraps for qint32
               per-channel  (float)(((float)q - zero_point) * scale_f64)
  - the `pytorch-fbgemm` profile (spec/profiles.md [profile.pytorch-fbgemm]), which must give the expected value;
and names the step where they part. An element neither explains is `unexplained`. docs/real-frameworks.md quotes the
figures; conformance/frameworks/run_framework.py --classify uses the per-case result as the known-failure check.
"""
import collections
import json
import math
import struct
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import classify_report  # noqa: E402

RANGE = {"i8": (-128, 127), "u8": (0, 255), "i32": (-2**31, 2**31 - 1)}

# The classes, in the order a qcast element is tested against them.
CLASSES = {
    "nan-to-qmin": "NaN input stores qmin (the int64 conversion of NaN gives INT64_MIN; the profile takes the "
                   "2^31-128 bound)",
    "inf-to-qmin": "+-inf input stores qmin (INT64_MIN again; the profile saturates +inf, and wraps -inf's "
                   "INT_MIN + zp for zp < 0)",
    "reciprocal-inf": "1/f32(s) is +inf (f32(s) is 0 or below 2^-128): x * inf is +-inf and 0 * inf NaN, so every "
                      "input stores qmin",
    "huge-to-qmin": "finite x * (1/s) with |t| >= 2^63 stores qmin (INT64_MIN); the profile saturates",
    "no-int32-wrap": "round(t) or round(t) + zp beyond int32 but below 2^63: PyTorch clamps the int64 value; the "
                     "profile saturates t at 2^31-128 and wraps + zp in int32",
    "zp-add-in-f32": "qint32: the zero point is added in f32 (f32(f32(zp) + round(t))), rounding to 24 bits",
    "dcast-i32-wrap": "qint32 dequantize computes q - zp in int32 and wraps",
}


def f32(v):
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def from_f32_bits(text):
    return struct.unpack("<f", struct.pack("<I", int(text.split()[0], 16)))[0]


def from_f64_bits(text):
    return struct.unpack(">d", int(text, 16).to_bytes(8, "big"))[0]


def mul(a, b):
    if math.isnan(a) or math.isnan(b) or (math.isinf(a) and b == 0) or (math.isinf(b) and a == 0):
        return math.nan
    return f32(a * b)


def reciprocal(scale):
    s = f32(scale)
    return math.inf if s == 0 else f32(1.0 / s)


def aten_qcast(x, scale, zp, storage):
    lo, hi = RANGE[storage]
    t = mul(x, reciprocal(scale))
    if math.isnan(t) or math.isinf(t):
        return lo
    v = f32(f32(float(zp)) + float(round(t)))  # round: half to even, as nearbyintf
    if abs(v) >= 2.0**63:
        return lo
    return min(max(int(v), lo), hi)


def profile_qcast(x, scale, zp, storage):
    lo, hi = RANGE[storage]
    t = mul(x, reciprocal(scale))
    if math.isnan(t) or t > 2147483520.0:
        t = 2147483520.0
    i = -2**31 if t < -2.0**31 else int(round(t))
    i = (i + zp + 2**31) % 2**32 - 2**31
    return min(max(i, lo), hi)


def qcast_class(x, scale, zp, storage):
    if math.isnan(x):
        return "nan-to-qmin"
    if math.isinf(x):
        return "inf-to-qmin"
    if math.isinf(reciprocal(scale)):
        return "reciprocal-inf"
    t = mul(x, reciprocal(scale))
    if math.isinf(t) or abs(f32(f32(float(zp)) + float(round(t)))) >= 2.0**63:
        return "huge-to-qmin"
    if not -2.0**31 <= t <= 2147483520.0 or not -2**31 <= round(t) + zp < 2**31:
        return "no-int32-wrap"
    if storage == "i32":
        return "zp-add-in-f32"
    return None


def wrap32(v):
    return (v + 2**31) % 2**32 - 2**31


def aten_dcast(q, scale, zp, per_channel):
    if per_channel:
        return f32(f32(f32(float(q)) - f32(float(zp))) * scale)
    return f32(f32(scale) * f32(float(wrap32(q - zp))))


def profile_dcast(q, scale, zp, per_channel):
    if per_channel:
        return f32(f32(f32(float(q)) - f32(float(zp))) * scale)
    return f32(f32(float(q - zp)) * f32(scale))


def same(a, b):
    return a == b and math.copysign(1, a) == math.copysign(1, b) or (math.isnan(a) and math.isnan(b))


def classify(results):
    """{case id: Counter(class -> elements)}; `unexplained` for an element the emulations do not account for."""
    if results.get("profile") != "pytorch-fbgemm":
        raise SystemExit("classify_mismatches.py: the run's profile is %s, not pytorch-fbgemm" % results.get("profile"))
    out = {}
    for c in results["cases"]:
        if c["outcome"] != "fail":
            continue
        counts = collections.Counter()
        out[c["id"]] = counts
        with open(c["file"]) as f:
            case = json.load(f)
        t = case["type"]
        storage, shape = t["storage"], case["input"]["shape"]
        scales = [from_f64_bits(bits) for bits, _ in t["scales"]]
        zps = t["zeroPoints"]
        per_channel = t["granularity"] == "per-axis"
        if len(c["mismatches"]) != c["mismatched"] or storage not in RANGE:
            counts["unexplained"] += c["mismatched"]
            continue
        for m in c["mismatches"]:
            p, index = 0, m["index"]
            if per_channel:
                coords = []
                for d in reversed(shape):
                    coords.append(index % d)
                    index //= d
                p = coords[len(shape) - 1 - t["axis"]]
            s, zp = scales[p], zps[p]
            name = None
            if c["tags"]["op"] == "qcast":
                x, got, expected = from_f32_bits(m["input"]), int(m["got"].split()[0]), int(m["expected"].split()[0])
                if aten_qcast(x, s, zp, storage) == got and profile_qcast(x, s, zp, storage) == expected:
                    name = qcast_class(x, s, zp, storage)
            else:
                q, got, expected = int(m["input"]), from_f32_bits(m["got"]), from_f32_bits(m["expected"])
                if same(aten_dcast(q, s, zp, per_channel), got) and same(profile_dcast(q, s, zp, per_channel),
                                                                           expected):
                    if storage == "i32" and not per_channel and wrap32(q - zp) != q - zp:
                        name = "dcast-i32-wrap"
            counts[name or "unexplained"] += 1
    return out



if __name__ == "__main__":
    sys.exit(classify_report.main(sys.argv, classify, CLASSES, __doc__))
