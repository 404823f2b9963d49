#!/usr/bin/env python3
"""The example network of examples/cnn-mlp-*.mlir: written out, modelled, and checked against quant-interp.

Docs: docs/example-network.md. The network is a small quantized CNN + MLP on two 6x6x2 int8 images:

  conv2d 3x3, 4 channels, pad 1 (per-channel weight scales)  -> rescale to int8 -> clamp (ReLU)
  -> avg_pool2d 2x2 stride 2 -> reshape to [1, 2, 36] -> matmul with a 36x3 fully connected layer -> add bias
  -> rescale to int8: three class scores per image.

It exists in two forms of the same quantized model (same int8 weights, biases, scales and zero points):
  TOSA      integer TOSA 1.0 operators, requantized by tosa.rescale with the (multiplier, shift) pairs that MLIR 22's
            computeMultiplierAndShift (scale32) derives from the scale ratios (examples/cnn-mlp-tosa.mlir);
  fallback  seed 001's dequantization fallback: quant.dcast to f32, the same TOSA operators on f32, quant.qcast back
            to the layer's !quant.uniform type (examples/cnn-mlp-fallback.mlir).

This script holds the network's parameters (deterministic), writes the three example files from them (--write), and
models both forms independently of quant-interp's C++: the TOSA form from the TOSA 1.0 pseudo-code (CONV2D, RESCALE
with apply_scale_32, CLAMP, AVG_POOL2D with reciprocal_scale, RESHAPE, MATMUL, ADD; every REQUIRE checked), the
fallback form with NumPy's float32 scalars (one IEEE rounding per operation, in the pseudo-code's order) and the
reference profile's qcast / dcast (spec/quant.md). --check (the default) verifies that the checked-in files are what
--write writes, runs quant-interp on both forms, compares every output element with the models, and prints where the
two forms differ and why (--table prints that as the Markdown table of docs/example-network.md).
"""
import argparse
import math
import os
import re
import struct
import subprocess
import sys

# ----------------------------------------------------------------------------------------------------------------------
# The network's parameters
# ----------------------------------------------------------------------------------------------------------------------

N, H, W, C = 2, 6, 6, 2            # input images (NHWC)
OC, K = 4, 3                       # conv2d: 4 output channels, 3x3 kernel, pad 1, stride 1
POOL = 2                           # avg_pool2d 2x2, stride 2 -> 3x3
FEATURES = (H // POOL) * (W // POOL) * OC   # 36
CLASSES = 3

X_SCALE, X_ZP = 0.0235, -5                           # the input
W_SCALES = [0.011, 0.0073, 0.0158, 0.0042]           # conv weights, per output channel, zero point 0
Y_SCALE, Y_ZP = 0.15, -20                            # conv output (and the pooled values: same type)
FC_SCALE = 0.0091                                    # fully connected weights, per tensor, zero point 0
OUT_SCALE, OUT_ZP = 0.25, 3                          # the class scores


class Lcg:
    """A fixed linear congruential generator (Knuth's MMIX constants): the weights are data, not randomness."""

    def __init__(self, seed):
        self.state = seed

    def int_in(self, lo, hi):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return lo + (self.state >> 33) % (hi - lo + 1)


def parameters():
    rng = Lcg(2026)
    conv_w = [[[[rng.int_in(-127, 127) for _ in range(C)] for _ in range(K)] for _ in range(K)] for _ in range(OC)]
    conv_b = [rng.int_in(-2000, 2000) for _ in range(OC)]
    fc_w = [[rng.int_in(-127, 127) for _ in range(CLASSES)] for _ in range(FEATURES)]
    fc_b = [rng.int_in(-3000, 3000) for _ in range(CLASSES)]
    x = [[[[rng.int_in(-128, 127) for _ in range(C)] for _ in range(W)] for _ in range(H)] for _ in range(N)]
    return conv_w, conv_b, fc_w, fc_b, x


def multiplier_and_shift(scale):
    """MLIR 22's computeMultiplierAndShift with scaleWidth 32 (mlir/lib/Dialect/Tosa/Utils/QuantUtils.cpp):
    frexp, the mantissa times 2^31 rounded (std::round: half away from zero), 2^31 folded back, shift = 31 - exponent."""
    mantissa, exponent = math.frexp(scale)
    multiplier = int(math.floor(abs(mantissa) * (1 << 31) + 0.5)) * (1 if mantissa >= 0 else -1)
    if multiplier == 1 << 31:
        multiplier //= 2
        exponent += 1
    shift = 31 - exponent
    assert 2 <= shift <= 62 and 0 <= multiplier < 1 << 31
    return multiplier, shift


def conv_rescales():
    return [multiplier_and_shift(X_SCALE * s / Y_SCALE) for s in W_SCALES]


def fc_rescale():
    return multiplier_and_shift(Y_SCALE * FC_SCALE / OUT_SCALE)


# ----------------------------------------------------------------------------------------------------------------------
# The TOSA form, from the TOSA 1.0 pseudo-code
# ----------------------------------------------------------------------------------------------------------------------

I32_MIN, I32_MAX = -(1 << 31), (1 << 31) - 1


def require(condition, what):
    if not condition:
        raise AssertionError("REQUIRE fails in the model: " + what)


def add_s(a, b):    # apply_add_s<i32_t>
    require(I32_MIN <= a + b <= I32_MAX, "apply_add_s")
    return a + b


def mul_s(a, b):    # apply_mul_s<i32_t>
    require(I32_MIN <= a * b <= I32_MAX, "apply_mul_s")
    return a * b


def apply_scale_32(value, multiplier, shift, double_round):
    require(multiplier >= 0 and 2 <= shift <= 62, "apply_scale_32 parameters")
    require(-(1 << (shift - 1)) <= value < 1 << (shift - 1), "apply_scale_32 value")
    rounding = 1 << (shift - 1)
    if double_round and shift > 31:
        rounding += (1 << 30) if value >= 0 else -(1 << 30)
    result = (value * multiplier + rounding) >> shift      # Python's >> floors, as the pseudo-code's int64 shift
    require(I32_MIN <= result <= I32_MAX, "apply_scale_32 result")
    return result


def rescale(value, input_zp, output_zp, multiplier, shift, double_round, lo=-128, hi=127):
    """RESCALE for one element, i32 -> i8, signed."""
    scaled = apply_scale_32(value - input_zp, multiplier, shift, double_round)
    return min(max(scaled + output_zp, lo), hi)


def reciprocal_scale(count):
    require(count > 0, "reciprocal_scale")
    k = (count - 1).bit_length()                 # 32 - count_leading_zeros(count - 1)
    return ((1 << 30) + 1 << k) // count, 30 + k


def tosa_form(conv_w, conv_b, fc_w, fc_b, x):
    """Returns the stages: conv accumulators, rescaled, clamped, pooled, fc accumulators (+ bias), scores."""
    conv = [[[[0] * OC for _ in range(W)] for _ in range(H)] for _ in range(N)]
    for n in range(N):
        for oy in range(H):
            for ox in range(W):
                for oc in range(OC):
                    acc = 0
                    for ky in range(K):
                        for kx in range(K):
                            for ic in range(C):
                                y, xx = oy - 1 + ky, ox - 1 + kx
                                if 0 <= y < H and 0 <= xx < W:     # padding contributes no term
                                    acc = add_s(acc, mul_s(x[n][y][xx][ic] - X_ZP, conv_w[oc][ky][kx][ic] - 0))
                    conv[n][oy][ox][oc] = add_s(acc, conv_b[oc])
    pairs = conv_rescales()
    y8 = [[[[rescale(conv[n][i][j][c], 0, Y_ZP, *pairs[c], True) for c in range(OC)] for j in range(W)]
           for i in range(H)] for n in range(N)]
    relu = [[[[min(max(v, Y_ZP), 127) for v in row] for row in img] for img in plane] for plane in y8]
    multiplier, shift = reciprocal_scale(POOL * POOL)
    pooled = [[[[0] * OC for _ in range(W // POOL)] for _ in range(H // POOL)] for _ in range(N)]
    for n in range(N):
        for py in range(H // POOL):
            for px in range(W // POOL):
                for c in range(OC):
                    acc = 0
                    for ky in range(POOL):
                        for kx in range(POOL):
                            acc = add_s(acc, relu[n][py * POOL + ky][px * POOL + kx][c] - Y_ZP)
                    acc = apply_scale_32(acc, multiplier, shift, False)
                    pooled[n][py][px][c] = min(max(add_s(acc, Y_ZP), -128), 127)
    flat = [[v for row in pooled[n] for pixel in row for v in pixel] for n in range(N)]   # RESHAPE, row-major
    fc = [[0] * CLASSES for _ in range(N)]
    for n in range(N):
        for j in range(CLASSES):
            acc = 0
            for f in range(FEATURES):
                acc = add_s(acc, mul_s(flat[n][f] - Y_ZP, fc_w[f][j] - 0))
            fc[n][j] = add_s(acc, fc_b[j])                   # ADD, the bias broadcast over the rows
    fm, fs = fc_rescale()
    scores = [[rescale(fc[n][j], 0, OUT_ZP, fm, fs, True) for j in range(CLASSES)] for n in range(N)]
    return {"conv": conv, "rescaled": y8, "relu": relu, "pooled": pooled, "fc": fc, "scores": scores}


# ----------------------------------------------------------------------------------------------------------------------
# The fallback form: dcast -> f32 operator -> qcast (the reference profile)
# ----------------------------------------------------------------------------------------------------------------------

def f32(value):
    """Rounds a double to the nearest float32 (ties to even), as C's double-to-float conversion does."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


def dcast(q, scale, zp):
    """spec/quant.md, reference profile: y = E(E(E(q) - E(zp)) * E(s)) in f32."""
    return f32(f32(f32(q) - f32(zp)) * f32(scale))


def qcast_t(value, scale, zp):
    """Reference profile, qcast steps 0-3: s = E(scale), t = E(x / s), t = E(t + zp) (before rounding)."""
    t = f32(f32(value) / f32(scale))
    return f32(t + f32(zp))


def qcast(value, scale, zp, lo=-128, hi=127):
    """Then round half to even and clamp; NaN never occurs here."""
    return int(min(max(round(qcast_t(value, scale, zp)), lo), hi))     # round(): half to even


def fallback_form(conv_w, conv_b, fc_w, fc_b, x):
    xf = [[[[dcast(v, X_SCALE, X_ZP) for v in pixel] for pixel in row] for row in img] for img in x]
    wf = [[[[dcast(v, W_SCALES[oc], 0) for v in pixel] for pixel in row] for row in conv_w[oc]] for oc in range(OC)]
    # The bias's type is !quant.uniform<i32:f32:0, {s_x * s_w[oc]}>: each scale written as the decimal of the double
    # product, which the type's f64 scale holds and E(scale) rounds to f32.
    bf = [dcast(conv_b[oc], bias_scale(oc), 0) for oc in range(OC)]
    conv = [[[[f32(0)] * OC for _ in range(W)] for _ in range(H)] for _ in range(N)]
    for n in range(N):
        for oy in range(H):
            for ox in range(W):
                for oc in range(OC):
                    acc = f32(0)
                    for ky in range(K):
                        for kx in range(K):
                            for ic in range(C):
                                y, xx = oy - 1 + ky, ox - 1 + kx
                                if 0 <= y < H and 0 <= xx < W:
                                    acc = f32(acc + f32(xf[n][y][xx][ic] * wf[oc][ky][kx][ic]))
                    conv[n][oy][ox][oc] = f32(acc + bf[oc])
    relu = [[[[f32(max(v, f32(0))) for v in pixel] for pixel in row] for row in img] for img in conv]  # CLAMP [0, max]
    y8 = [[[[qcast(v, Y_SCALE, Y_ZP) for v in pixel] for pixel in row] for row in img] for img in relu]
    yf = [[[[dcast(v, Y_SCALE, Y_ZP) for v in pixel] for pixel in row] for row in img] for img in y8]
    pooled_f = [[[[f32(0)] * OC for _ in range(W // POOL)] for _ in range(H // POOL)] for _ in range(N)]
    for n in range(N):
        for py in range(H // POOL):
            for px in range(W // POOL):
                for c in range(OC):
                    acc = f32(0)
                    for ky in range(POOL):
                        for kx in range(POOL):
                            acc = f32(acc + yf[n][py * POOL + ky][px * POOL + kx][c])
                    pooled_f[n][py][px][c] = f32(acc / f32(POOL * POOL))
    pooled_t = [[[[qcast_t(v, Y_SCALE, Y_ZP) for v in pixel] for pixel in row] for row in img] for img in pooled_f]
    pooled = [[[[qcast(v, Y_SCALE, Y_ZP) for v in pixel] for pixel in row] for row in img] for img in pooled_f]
    pf = [[dcast(v, Y_SCALE, Y_ZP) for row in pooled[n] for pixel in row for v in pixel] for n in range(N)]
    fwf = [[dcast(v, FC_SCALE, 0) for v in row] for row in fc_w]
    fbf = [dcast(v, fc_bias_scale(), 0) for v in fc_b]
    fc = [[f32(0)] * CLASSES for _ in range(N)]
    for n in range(N):
        for j in range(CLASSES):
            acc = f32(0)
            for f in range(FEATURES):
                acc = f32(acc + f32(pf[n][f] * fwf[f][j]))
            fc[n][j] = f32(acc + fbf[j])
    scores_t = [[qcast_t(fc[n][j], OUT_SCALE, OUT_ZP) for j in range(CLASSES)] for n in range(N)]
    scores = [[qcast(fc[n][j], OUT_SCALE, OUT_ZP) for j in range(CLASSES)] for n in range(N)]
    return {"conv": conv, "rescaled": y8, "pooled": pooled, "pooled_t": pooled_t, "fc": fc, "scores": scores,
            "scores_t": scores_t}


def bias_scale(oc):
    return float(repr(X_SCALE * W_SCALES[oc]))


def fc_bias_scale():
    return float(repr(Y_SCALE * FC_SCALE))


# ----------------------------------------------------------------------------------------------------------------------
# The example files
# ----------------------------------------------------------------------------------------------------------------------

def dense(values):
    if isinstance(values, list):
        return "[" + ", ".join(dense(v) for v in values) + "]"
    return str(values)


def tensor(shape, element):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + element + ">"


def tosa_text(conv_w, conv_b, fc_w, fc_b):
    pairs = conv_rescales()
    fm, fs = fc_rescale()
    mults = ", ".join(str(m) for m, _ in pairs)
    shifts = ", ".join(str(s) for _, s in pairs)
    lines = [
        "// The example network in integer TOSA 1.0 (docs/example-network.md): two 6x6x2 int8 images, a 3x3",
        "// convolution to 4 channels, requantize, ReLU, 2x2 average pooling, a fully connected layer of 36 -> 3",
        "// with bias, requantize: three int8 class scores per image.",
        "//",
        "//   quant-interp examples/cnn-mlp-tosa.mlir --args-file=examples/cnn-mlp.args",
        "//",
        "// Quantization (the same model as examples/cnn-mlp-fallback.mlir, which computes in f32 between casts):",
        f"//   input   scale {X_SCALE}, zero point {X_ZP}",
        f"//   conv    weights per output channel, scales {W_SCALES}, zero point 0; bias i32 at s_in * s_w",
        f"//   hidden  scale {Y_SCALE}, zero point {Y_ZP} (the rescale's output; ReLU clamps at the zero point)",
        f"//   fc      weights scale {FC_SCALE}, zero point 0; bias i32 at s_hidden * s_fc",
        f"//   scores  scale {OUT_SCALE}, zero point {OUT_ZP}",
        "// Each rescale's (multiplier, shift) is MLIR 22's computeMultiplierAndShift (scale32) of the scale ratio,",
        "// e.g. `quant-interp --derive-multiplier=<s_in * s_w / s_hidden> --derive-for=mlir-scale32`; DOUBLE_ROUND",
        "// as TFLite-converted models use. Written by conformance/examples/cnn_mlp_example.py --write.",
        f"func.func @main(%x: {tensor([N, H, W, C], 'i8')}) -> {tensor([N, CLASSES], 'i8')} {{",
        f"  %conv_w = \"tosa.const\"() {{values = dense<{dense(conv_w)}> : {tensor([OC, K, K, C], 'i8')}}} : () -> {tensor([OC, K, K, C], 'i8')}",
        f"  %conv_b = \"tosa.const\"() {{values = dense<{dense(conv_b)}> : {tensor([OC], 'i32')}}} : () -> {tensor([OC], 'i32')}",
        f"  %x_zp = \"tosa.const\"() {{values = dense<{X_ZP}> : tensor<1xi8>}} : () -> tensor<1xi8>",
        "  %w_zp = \"tosa.const\"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>",
        f"  %conv = tosa.conv2d %x, %conv_w, %conv_b, %x_zp, %w_zp {{pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = i32}} : ({tensor([N, H, W, C], 'i8')}, {tensor([OC, K, K, C], 'i8')}, {tensor([OC], 'i32')}, tensor<1xi8>, tensor<1xi8>) -> {tensor([N, H, W, OC], 'i32')}",
        f"  %conv_mult = \"tosa.const\"() {{values = dense<[{mults}]> : tensor<{OC}xi32>}} : () -> tensor<{OC}xi32>",
        f"  %conv_shift = \"tosa.const\"() {{values = dense<[{shifts}]> : tensor<{OC}xi8>}} : () -> tensor<{OC}xi8>",
        "  %acc_zp = \"tosa.const\"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>",
        f"  %y_zp = \"tosa.const\"() {{values = dense<{Y_ZP}> : tensor<1xi8>}} : () -> tensor<1xi8>",
        f"  %hidden = tosa.rescale %conv, %conv_mult, %conv_shift, %acc_zp, %y_zp {{scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = true, input_unsigned = false, output_unsigned = false}} : ({tensor([N, H, W, OC], 'i32')}, tensor<{OC}xi32>, tensor<{OC}xi8>, tensor<1xi32>, tensor<1xi8>) -> {tensor([N, H, W, OC], 'i8')}",
        f"  %relu = tosa.clamp %hidden {{min_val = {Y_ZP} : i8, max_val = 127 : i8}} : ({tensor([N, H, W, OC], 'i8')}) -> {tensor([N, H, W, OC], 'i8')}",
        f"  %pooled = tosa.avg_pool2d %relu, %y_zp, %y_zp {{kernel = array<i64: {POOL}, {POOL}>, stride = array<i64: {POOL}, {POOL}>, pad = array<i64: 0, 0, 0, 0>, acc_type = i32}} : ({tensor([N, H, W, OC], 'i8')}, tensor<1xi8>, tensor<1xi8>) -> {tensor([N, H // POOL, W // POOL, OC], 'i8')}",
        f"  %rows_shape = tosa.const_shape {{values = dense<[1, {N}, {FEATURES}]> : tensor<3xindex>}} : () -> !tosa.shape<3>",
        f"  %rows = tosa.reshape %pooled, %rows_shape : ({tensor([N, H // POOL, W // POOL, OC], 'i8')}, !tosa.shape<3>) -> {tensor([1, N, FEATURES], 'i8')}",
        f"  %fc_w = \"tosa.const\"() {{values = dense<{dense([fc_w])}> : {tensor([1, FEATURES, CLASSES], 'i8')}}} : () -> {tensor([1, FEATURES, CLASSES], 'i8')}",
        f"  %fc = tosa.matmul %rows, %fc_w, %y_zp, %w_zp : ({tensor([1, N, FEATURES], 'i8')}, {tensor([1, FEATURES, CLASSES], 'i8')}, tensor<1xi8>, tensor<1xi8>) -> {tensor([1, N, CLASSES], 'i32')}",
        f"  %fc_b = \"tosa.const\"() {{values = dense<{dense([[fc_b]])}> : {tensor([1, 1, CLASSES], 'i32')}}} : () -> {tensor([1, 1, CLASSES], 'i32')}",
        f"  %fc_biased = tosa.add %fc, %fc_b : ({tensor([1, N, CLASSES], 'i32')}, {tensor([1, 1, CLASSES], 'i32')}) -> {tensor([1, N, CLASSES], 'i32')}",
        f"  %fc_mult = \"tosa.const\"() {{values = dense<{fm}> : tensor<1xi32>}} : () -> tensor<1xi32>",
        f"  %fc_shift = \"tosa.const\"() {{values = dense<{fs}> : tensor<1xi8>}} : () -> tensor<1xi8>",
        f"  %out_zp = \"tosa.const\"() {{values = dense<{OUT_ZP}> : tensor<1xi8>}} : () -> tensor<1xi8>",
        f"  %scores3 = tosa.rescale %fc_biased, %fc_mult, %fc_shift, %acc_zp, %out_zp {{scale32 = true, rounding_mode = DOUBLE_ROUND, per_channel = false, input_unsigned = false, output_unsigned = false}} : ({tensor([1, N, CLASSES], 'i32')}, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> {tensor([1, N, CLASSES], 'i8')}",
        f"  %scores_shape = tosa.const_shape {{values = dense<[{N}, {CLASSES}]> : tensor<2xindex>}} : () -> !tosa.shape<2>",
        f"  %scores = tosa.reshape %scores3, %scores_shape : ({tensor([1, N, CLASSES], 'i8')}, !tosa.shape<2>) -> {tensor([N, CLASSES], 'i8')}",
        f"  return %scores : {tensor([N, CLASSES], 'i8')}",
        "}",
    ]
    return "\n".join(lines) + "\n"


def fallback_text(conv_w, conv_b, fc_w, fc_b):
    scales = ", ".join(f"{s}" for s in W_SCALES)
    bias_scales = ", ".join(repr(bias_scale(oc)) for oc in range(OC))
    x_t, hid_t = tensor([N, H, W, C], "!x"), tensor([N, H, W, OC], "!hidden")
    lines = [
        "// The example network of examples/cnn-mlp-tosa.mlir in seed 001's dequantization fallback form",
        "// (docs/example-network.md): the same int8 weights, biases, scales and zero points, but every layer",
        "// dequantizes its inputs (quant.dcast), computes in f32 with the same TOSA operators, and quantizes",
        "// its result (quant.qcast) to the layer's !quant.uniform type. No tosa.rescale: the requantization is",
        "// the qcast's division by the output scale, rounded half to even (the profile's rounding).",
        "//",
        "//   quant-interp examples/cnn-mlp-fallback.mlir --args-file=examples/cnn-mlp.args",
        "//",
        "// Written by conformance/examples/cnn_mlp_example.py --write.",
        f"!x = !quant.uniform<i8:f32, {X_SCALE}:{X_ZP}>",
        f"!w = !quant.uniform<i8:f32:0, {{{scales}}}>",
        f"!b = !quant.uniform<i32:f32:0, {{{bias_scales}}}>",
        f"!hidden = !quant.uniform<i8:f32, {Y_SCALE}:{Y_ZP}>",
        f"!fc_w = !quant.uniform<i8:f32, {FC_SCALE}>",
        f"!fc_b = !quant.uniform<i32:f32, {fc_bias_scale()!r}>",
        f"!scores = !quant.uniform<i8:f32, {OUT_SCALE}:{OUT_ZP}>",
        f"func.func @main(%x: {tensor([N, H, W, C], 'i8')}) -> {tensor([N, CLASSES], 'i8')} {{",
        "  %f0 = \"tosa.const\"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>",
        f"  %xq = quant.scast %x : {tensor([N, H, W, C], 'i8')} to {x_t}",
        f"  %xf = quant.dcast %xq : {x_t} to {tensor([N, H, W, C], 'f32')}",
        f"  %conv_w_i8 = arith.constant dense<{dense(conv_w)}> : {tensor([OC, K, K, C], 'i8')}",
        f"  %conv_wq = quant.scast %conv_w_i8 : {tensor([OC, K, K, C], 'i8')} to {tensor([OC, K, K, C], '!w')}",
        f"  %conv_wf = quant.dcast %conv_wq : {tensor([OC, K, K, C], '!w')} to {tensor([OC, K, K, C], 'f32')}",
        f"  %conv_b_i32 = arith.constant dense<{dense(conv_b)}> : {tensor([OC], 'i32')}",
        f"  %conv_bq = quant.scast %conv_b_i32 : {tensor([OC], 'i32')} to {tensor([OC], '!b')}",
        f"  %conv_bf = quant.dcast %conv_bq : {tensor([OC], '!b')} to {tensor([OC], 'f32')}",
        f"  %conv = tosa.conv2d %xf, %conv_wf, %conv_bf, %f0, %f0 {{pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 1, 1>, acc_type = f32}} : ({tensor([N, H, W, C], 'f32')}, {tensor([OC, K, K, C], 'f32')}, {tensor([OC], 'f32')}, tensor<1xf32>, tensor<1xf32>) -> {tensor([N, H, W, OC], 'f32')}",
        f"  %relu = tosa.clamp %conv {{min_val = 0.0 : f32, max_val = 3.40282347e+38 : f32}} : ({tensor([N, H, W, OC], 'f32')}) -> {tensor([N, H, W, OC], 'f32')}",
        f"  %hidden = quant.qcast %relu : {tensor([N, H, W, OC], 'f32')} to {hid_t}",
        f"  %hidden_f = quant.dcast %hidden : {hid_t} to {tensor([N, H, W, OC], 'f32')}",
        f"  %pooled_f = tosa.avg_pool2d %hidden_f, %f0, %f0 {{kernel = array<i64: {POOL}, {POOL}>, stride = array<i64: {POOL}, {POOL}>, pad = array<i64: 0, 0, 0, 0>, acc_type = f32}} : ({tensor([N, H, W, OC], 'f32')}, tensor<1xf32>, tensor<1xf32>) -> {tensor([N, H // POOL, W // POOL, OC], 'f32')}",
        f"  %pooled = quant.qcast %pooled_f : {tensor([N, H // POOL, W // POOL, OC], 'f32')} to {tensor([N, H // POOL, W // POOL, OC], '!hidden')}",
        f"  %pooled_in = quant.dcast %pooled : {tensor([N, H // POOL, W // POOL, OC], '!hidden')} to {tensor([N, H // POOL, W // POOL, OC], 'f32')}",
        f"  %rows_shape = tosa.const_shape {{values = dense<[1, {N}, {FEATURES}]> : tensor<3xindex>}} : () -> !tosa.shape<3>",
        f"  %rows = tosa.reshape %pooled_in, %rows_shape : ({tensor([N, H // POOL, W // POOL, OC], 'f32')}, !tosa.shape<3>) -> {tensor([1, N, FEATURES], 'f32')}",
        f"  %fc_w_i8 = arith.constant dense<{dense([fc_w])}> : {tensor([1, FEATURES, CLASSES], 'i8')}",
        f"  %fc_wq = quant.scast %fc_w_i8 : {tensor([1, FEATURES, CLASSES], 'i8')} to {tensor([1, FEATURES, CLASSES], '!fc_w')}",
        f"  %fc_wf = quant.dcast %fc_wq : {tensor([1, FEATURES, CLASSES], '!fc_w')} to {tensor([1, FEATURES, CLASSES], 'f32')}",
        f"  %fc = tosa.matmul %rows, %fc_wf, %f0, %f0 : ({tensor([1, N, FEATURES], 'f32')}, {tensor([1, FEATURES, CLASSES], 'f32')}, tensor<1xf32>, tensor<1xf32>) -> {tensor([1, N, CLASSES], 'f32')}",
        f"  %fc_b_i32 = arith.constant dense<{dense([[fc_b]])}> : {tensor([1, 1, CLASSES], 'i32')}",
        f"  %fc_bq = quant.scast %fc_b_i32 : {tensor([1, 1, CLASSES], 'i32')} to {tensor([1, 1, CLASSES], '!fc_b')}",
        f"  %fc_bf = quant.dcast %fc_bq : {tensor([1, 1, CLASSES], '!fc_b')} to {tensor([1, 1, CLASSES], 'f32')}",
        f"  %fc_biased = tosa.add %fc, %fc_bf : ({tensor([1, N, CLASSES], 'f32')}, {tensor([1, 1, CLASSES], 'f32')}) -> {tensor([1, N, CLASSES], 'f32')}",
        f"  %scores3 = quant.qcast %fc_biased : {tensor([1, N, CLASSES], 'f32')} to {tensor([1, N, CLASSES], '!scores')}",
        f"  %scores_q = quant.scast %scores3 : {tensor([1, N, CLASSES], '!scores')} to {tensor([1, N, CLASSES], 'i8')}",
        f"  %scores_shape = tosa.const_shape {{values = dense<[{N}, {CLASSES}]> : tensor<2xindex>}} : () -> !tosa.shape<2>",
        f"  %scores = tosa.reshape %scores_q, %scores_shape : ({tensor([1, N, CLASSES], 'i8')}, !tosa.shape<2>) -> {tensor([N, CLASSES], 'i8')}",
        f"  return %scores : {tensor([N, CLASSES], 'i8')}",
        "}",
    ]
    return "\n".join(lines) + "\n"


def args_text(x):
    return f"dense<{dense(x)}> : {tensor([N, H, W, C], 'i8')}\n"


def example_files(params):
    conv_w, conv_b, fc_w, fc_b, x = params
    return {
        "cnn-mlp-tosa.mlir": tosa_text(conv_w, conv_b, fc_w, fc_b),
        "cnn-mlp-fallback.mlir": fallback_text(conv_w, conv_b, fc_w, fc_b),
        "cnn-mlp.args": args_text(x),
    }


# ----------------------------------------------------------------------------------------------------------------------
# Checking
# ----------------------------------------------------------------------------------------------------------------------

def run_quant_interp(quant_interp, examples, name):
    command = [quant_interp, os.path.join(examples, name), "--args-file=" + os.path.join(examples, "cnn-mlp.args")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        sys.exit(f"error: {' '.join(command)} exited {done.returncode}:\n{done.stderr}")
    match = re.fullmatch(r"dense<(.*)> : tensor<(\d+)x(\d+)xi8>\n", done.stdout)
    if not match:
        sys.exit(f"error: unexpected output of {' '.join(command)}:\n{done.stdout}")
    return [[int(v) for v in row.split(",")] for row in re.findall(r"\[([-\d, ]+)\]", match.group(1))]


def differences(tosa, fallback):
    """The hidden, pooled and score elements where the forms differ: both values, the TOSA form's operand in steps
    (the window mean, the accumulator times the scale ratio; exact rationals) and the fallback's f32 t before its
    qcast rounds."""
    rows = []
    for n in range(N):
        for i in range(H):
            for j in range(W):
                for c in range(OC):
                    a, b = tosa["relu"][n][i][j][c], fallback["rescaled"][n][i][j][c]
                    if a != b:
                        exact = tosa["conv"][n][i][j][c] * X_SCALE * W_SCALES[c] / Y_SCALE + Y_ZP
                        rows.append(("hidden", f"[{n}, {i}, {j}, {c}]", a, b, f"{exact:.6f}", ""))
    for n in range(N):
        for i in range(H // POOL):
            for j in range(W // POOL):
                for c in range(OC):
                    a, b = tosa["pooled"][n][i][j][c], fallback["pooled"][n][i][j][c]
                    if a != b:
                        window = [tosa["relu"][n][i * POOL + y][j * POOL + x][c] - Y_ZP
                                  for y in range(POOL) for x in range(POOL)]
                        exact = Y_ZP + sum(window) / (POOL * POOL)      # a quarter: exact in a double
                        rows.append(("pooled", f"[{n}, {i}, {j}, {c}]", a, b, f"{exact:g}",
                                     repr(fallback["pooled_t"][n][i][j][c])))
    for n in range(N):
        for j in range(CLASSES):
            a, b = tosa["scores"][n][j], fallback["scores"][n][j]
            if a != b:
                exact = tosa["fc"][n][j] * Y_SCALE * FC_SCALE / OUT_SCALE + OUT_ZP
                rows.append(("scores", f"[{n}, {j}]", a, b, f"{exact:.6f}", repr(fallback["scores_t"][n][j])))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--examples", default=os.path.join(here, "..", "..", "examples"))
    parser.add_argument("--quant-interp", default=os.path.join(here, "..", "..", "build", "bin", "quant-interp"))
    parser.add_argument("--write", action="store_true", help="write the three example files and exit")
    parser.add_argument("--table", action="store_true", help="print the differences as a Markdown table")
    args = parser.parse_args()
    params = parameters()
    files = example_files(params)
    if args.write:
        for name, text in files.items():
            with open(os.path.join(args.examples, name), "w") as f:
                f.write(text)
        return 0
    failures = 0
    for name, text in files.items():
        with open(os.path.join(args.examples, name)) as f:
            if f.read() != text:
                print(f"FAIL: examples/{name} is not what --write writes from the parameters")
                failures += 1
    tosa, fallback = tosa_form(*params), fallback_form(*params)
    for name, model, label in (("cnn-mlp-tosa.mlir", tosa, "TOSA"), ("cnn-mlp-fallback.mlir", fallback, "fallback")):
        got = run_quant_interp(args.quant_interp, args.examples, name)
        if got != model["scores"]:
            print(f"FAIL: quant-interp on examples/{name} gives {got}, the {label} model {model['scores']}")
            failures += 1
        else:
            print(f"ok: examples/{name}: {got} (= the {label} model)")
    rows = differences(tosa, fallback)
    counts = {stage: sum(1 for r in rows if r[0] == stage) for stage in ("hidden", "pooled", "scores")}
    print(f"forms differ: hidden {counts['hidden']} of {N * H * W * OC}, pooled {counts['pooled']} of "
          f"{N * (H // POOL) * (W // POOL) * OC}, scores {counts['scores']} of {N * CLASSES}")
    if args.table:
        print("| stage | element | TOSA | fallback | TOSA's operand in steps | fallback's f32 t before rounding |")
        print("|---|---|---|---|---|---|")
        for stage, index, a, b, exact, t in rows:
            print(f"| {stage} | {index} | {a} | {b} | {exact} | {t} |")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
