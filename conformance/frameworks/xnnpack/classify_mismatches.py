#!/usr/bin/env python3
"""Sorts the mismatching elements of a `quant-conform run --backend=xnnpack --profile=xnnpack` by cause.

Usage: classify_mismatches.py RESULTS_JSON [--json]
(the run needs --max-mismatches at least as large as any case's mismatch count, so that every element is listed)

For each mismatching element it checks two emulations, written here from XNNPACK's sources at ae108ef (the Debian
libxnnpack 0.0~git20220216 build; Python standard library only):
  - the x86 SIMD kernels XNNPACK picks at run time (src/f32-qs8-vcvt/gen/vcvt-avx512skx-x128.c, the same steps as
    avx2 / avx / sse4.1; src/qs8-f32-vcvt/gen/vcvt-avx512skx-x32.c), run with denormals disabled (src/operator-run.c
    passes PTHREADPOOL_FLAG_DISABLE_DENORMALS: MXCSR DAZ + FTZ), which must give what XNNPACK returned:
        qcast  r = 1.0f / s (xnn_create_*, outside the kernel: a subnormal r is kept there)
               t = x * r with DAZ (a subnormal x or r reads as 0; inf * 0 is NaN)
               t = _mm512_min_ps(t, hi - zp)  -- MINPS returns its second operand when t is NaN: hi - zp
               i = _mm512_cvtps_epi32(t)      -- ties to even; out of int32 (only t < -2^31 here) gives INT32_MIN
               packs_epi32 (int16 saturation), adds_epi16(zp), packs_epi16 / packus_epi16, max_epi8 / epu8(lo)
        dcast  y = f32(q - zp) * s (s is a normal f32, |q - zp| >= 1 or 0: no subnormal product for FTZ to flush)
  - the `xnnpack` profile (XNNPACK's scalar "fmagic" kernels, spec/profiles.md [profile.xnnpack]), which must give
    the expected value: t = x * r, t = max(t, lo - zp) with NaN -> lo - zp, t = min(t, hi - zp), round ties to even,
    + zp; dcast as above without DAZ / FTZ;
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

RANGE = {"i8": (-128, 127), "u8": (0, 255)}
MIN_NORMAL = 2.0**-126

# The classes, in the order a qcast element is tested against them.
CLASSES = {
    "nan-to-qmax": "NaN input stores the upper bound: MINPS(NaN, hi - zp) returns hi - zp; the scalar kernels' "
                   "max(NaN, lo - zp) gives the lower bound",
    "reciprocal-daz": "1/f32(s) is subnormal (s > 2^126) and DAZ reads it as 0: every finite input stores the zero "
                      "point (clamped to the bounds), +-inf stores hi (inf * 0 is NaN)",
    "input-daz": "a subnormal input reads as 0 (DAZ) where x * r would round to a nonzero integer (s near 2^-126)",
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


def subnormal(v):
    return v != 0 and abs(v) < MIN_NORMAL


def mul(a, b):
    # f32 product: the double product of two f32 values is exact, so one rounding to f32 is the f32 product.
    if math.isnan(a) or math.isnan(b) or (math.isinf(a) and b == 0) or (math.isinf(b) and a == 0):
        return math.nan
    return f32(a * b)


def reciprocal(scale):
    return f32(1.0 / f32(scale))  # double rounding of a quotient to f32 via double is innocuous (53 >= 2*24+2)


def sat(v, lo, hi):
    return min(max(v, lo), hi)


def x86_qcast(x, scale, zp, lo, hi, storage):
    lo_t, hi_t = RANGE[storage]
    r = reciprocal(scale)
    xd = 0.0 if subnormal(x) else x  # DAZ: the sign of a flushed operand does not matter after rounding
    rd = 0.0 if subnormal(r) else r
    t = mul(xd, rd)
    m = float(hi - zp)
    t = m if math.isnan(t) else min(t, m)
    i = -2**31 if t < -2.0**31 else int(round(t))  # t <= m < 2^31 here
    v = sat(sat(i, -32768, 32767) + zp, -32768, 32767)
    return max(sat(v, lo_t, hi_t), lo)


def fmagic_qcast(x, scale, zp, lo, hi):
    t = mul(x, reciprocal(scale))
    t = float(lo - zp) if math.isnan(t) else max(t, float(lo - zp))
    t = min(t, float(hi - zp))
    return int(round(t)) + zp


def qcast_class(x, scale, zp):
    if math.isnan(x):
        return "nan-to-qmax"
    if subnormal(reciprocal(scale)):
        return "reciprocal-daz"
    if subnormal(x):
        return "input-daz"
    return None


def classify(results):
    """{case id: Counter(class -> elements)}; `unexplained` for an element the emulations do not account for."""
    if results.get("profile") != "xnnpack":
        raise SystemExit("classify_mismatches.py: the run's profile is %s, not xnnpack" % results.get("profile"))
    out = {}
    for c in results["cases"]:
        if c["outcome"] != "fail":
            continue
        counts = collections.Counter()
        out[c["id"]] = counts
        with open(c["file"]) as f:
            case = json.load(f)
        t = case["type"]
        storage = t["storage"]
        if (len(c["mismatches"]) != c["mismatched"] or storage not in RANGE or t["granularity"] != "per-layer"
                or t["scaleFormat"] != "f64"):
            counts["unexplained"] += c["mismatched"]
            continue
        scale, zp = from_f64_bits(t["scales"][0][0]), t["zeroPoints"][0]
        lo, hi = t["storageMin"], t["storageMax"]
        for m in c["mismatches"]:
            name = None
            if c["tags"]["op"] == "qcast":
                x, got, expected = from_f32_bits(m["input"]), int(m["got"].split()[0]), int(m["expected"].split()[0])
                if x86_qcast(x, scale, zp, lo, hi, storage) == got and fmagic_qcast(x, scale, zp, lo, hi) == expected:
                    name = qcast_class(x, scale, zp)
            # dcast: both compute f32(q - zp) * s (no DAZ / FTZ effect is possible): a mismatch is unexplained.
            counts[name or "unexplained"] += 1
    return out



if __name__ == "__main__":
    sys.exit(classify_report.main(sys.argv, classify, CLASSES, __doc__))
