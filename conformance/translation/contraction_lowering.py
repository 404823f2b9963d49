"""A model of MLIR 22's lowering of the float contractions and pools, for the contraction translation check.

Spec: spec/translation-check.md [translation.contraction.classes]; the lowering: spec/tosa-contractions.md
[contract.lowering]. Each known departure from the pseudo-code is a switch (FEATURES); the check names a differing
element by the smallest set of switches whose model gives its value. Written from the lowered IR that
mlir-opt-22 prints (tensor.pad with 0.0, the bias broadcast into the accumulator, arith.maximumf, the
decomposition of tosa-optional-decompositions), not from quant-interp. Standard library only.
"""
import math

from contraction_model import FLUSH_SUBNORMALS, Tensor, _zp, apply_max_s, host_tensor, tosa_model

# ----------------------------------------------------------------------------------------------------------------------
# MLIR 22's lowering of the float ops, each known departure a switch ([contract.lowering])
# ----------------------------------------------------------------------------------------------------------------------

PAD = object()  # an element tensor.pad / tosa.pad adds (the reference reads no such element)

FEATURES = {
    "conv2d": ("bias first", "padding multiplied", "float zero points ignored"),
    "depthwise_conv2d": ("padding multiplied", "float zero points ignored"),
    "transpose_conv2d": ("decomposed (kernel reversed, strides as channels)", "padding multiplied", "bias first",
                         "float zero points ignored"),
    "max_pool2d": ("starts at the lowest finite value", "arith.maximumf (-0 < +0)"),
    "avg_pool2d": (),
    "matmul": (),
}


def _dot(acc_t, init, terms, izp, wzp, features):
    """The float accumulation of (value, weight) terms in order; PAD terms skipped unless multiplied as zeros."""
    acc = init
    for v, w in terms:
        if v is PAD or w is PAD:
            if "padding multiplied" not in features:
                continue
            v = 0.0 if v is PAD else v
            w = 0.0 if w is PAD else w
            vz, wz = v, w  # tensor.pad's value stands for the zero point itself
        elif "float zero points ignored" in features:
            vz, wz = v, w
        else:
            vz, wz = acc_t.round(v - izp), acc_t.round(w - wzp)
        acc = acc_t.round(acc + acc_t.round(vz * wz))
    return acc


def _padded(inp, pt, pb, pl, pr):
    N, IH, IW, C = inp.shape
    H, W = IH + pt + pb, IW + pl + pr
    vals = []
    for n in range(N):
        for y in range(H):
            for x in range(W):
                for ch in range(C):
                    inside = 0 <= y - pt < IH and 0 <= x - pl < IW
                    vals.append(inp[n, y - pt, x - pl, ch] if inside else PAD)
    return Tensor((N, H, W, C), vals)


def _conv_lowered(inp, wt_at, KH, KW, OC, chans, bias, BC, pads, strides, dilations, types, izp, wzp, features,
                  bias_in_acc):
    """{(n, oy, ox, oc): bits} of a conv over explicitly padded input; wt_at(oc, ky, kx, ic) the weight."""
    in_t, out_t, acc_t = types["in"], types["out"], types["acc"]
    pt, pb, pl, pr = pads
    sy, sx = strides
    dy, dx = dilations
    P = _padded(inp, pt, pb, pl, pr)
    N, H, W, _ = P.shape
    OH, OW = (H - (KH - 1) * dy - 1) // sy + 1, (W - (KW - 1) * dx - 1) // sx + 1
    res = {}
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for oc in range(OC):
                    b = bias[(0 if BC == 1 else oc,)]
                    terms = [(P[n, oy * sy + ky * dy, ox * sx + kx * dx, ic], wt_at(oc, ky, kx, ic))
                             for ky in range(KH) for kx in range(KW) for ic in chans(oc)]
                    if bias_in_acc:
                        acc = _dot(acc_t, acc_t.round(b), terms, izp, wzp, features)
                        res[(n, oy, ox, oc)] = out_t.round(acc)
                    else:
                        acc = _dot(acc_t, 0.0, terms, izp, wzp, features)
                        res[(n, oy, ox, oc)] = out_t.round(out_t.round(acc) + b)
    return res


def lowered_float(c, features, flush_bf16=False):
    """Per output element (row-major) the bits MLIR 22's lowering computes for a float op with the given subset of
    FEATURES[c.op] switched on (the empty set is the reference's arithmetic). flush_bf16: every rounding to bf16
    flushes a subnormal result to zero, as LLVM's x86 code for fptrunc to bf16 does (the native run, C)."""
    if flush_bf16:
        FLUSH_SUBNORMALS.add("bf16")
    try:
        return _lowered_float(c, features)
    finally:
        FLUSH_SUBNORMALS.discard("bf16")


def _lowered_float(c, features):
    t = c.types
    if c.op in ("matmul", "avg_pool2d"):  # no float departure known: the reference's arithmetic
        return [bits if kind == "value" else None for kind, bits in tosa_model(c)]
    out_t = t["out"]
    inp = host_tensor(t["in"], c.shapes["input"], c.tensors["input"])
    if c.op == "max_pool2d":
        return _max_pool_lowered(c, inp, features)
    wt = host_tensor(t["weight"], c.shapes["weight"], c.tensors["weight"])
    bias = host_tensor(out_t, c.shapes["bias"], c.tensors["bias"])
    izp, wzp = _zp(c, "input_zp"), _zp(c, "weight_zp")
    N, IH, IW, IC = inp.shape
    BC = bias.shape[0]
    if c.op == "conv2d":
        OC, KH, KW, _ = wt.shape
        res = _conv_lowered(inp, lambda oc, ky, kx, ic: wt[oc, ky, kx, ic], KH, KW, OC, lambda oc: range(IC), bias,
                            BC, c.attrs["pad"], c.attrs["stride"], c.attrs["dilation"], t, izp, wzp, features,
                            "bias first" in features)
    elif c.op == "depthwise_conv2d":
        KH, KW, _, M = wt.shape
        res = _conv_lowered(inp, lambda oc, ky, kx, ic: wt[ky, kx, ic, oc % M], KH, KW, IC * M,
                            lambda oc: [oc // M], bias, BC, c.attrs["pad"], c.attrs["stride"], c.attrs["dilation"],
                            t, izp, wzp, features, "bias first" in features)
    else:
        res = _transpose_lowered(c, inp, wt, bias, izp, wzp, features)
    return [out_t.encode(res[k]) for k in sorted(res)]


def _transpose_lowered(c, inp, wt, bias, izp, wzp, features):
    t = c.types
    opt, opb, opl, opr = c.attrs["out_pad"]
    sy, sx = c.attrs["stride"]
    N, IH, IW, IC = inp.shape
    OC, KH, KW, _ = wt.shape
    BC = bias.shape[0]
    OH, OW = c.shapes["out"][1:3]
    if "decomposed (kernel reversed, strides as channels)" not in features:
        # TOSA's own loop (oy - out_pad - ky over the strided input) with the other switches
        res = {}
        for n in range(N):
            for oy in range(OH):
                for ox in range(OW):
                    for oc in range(OC):
                        terms = []
                        for ky in range(KH):
                            for kx in range(KW):
                                for ic in range(IC):
                                    y, x = oy - opt - ky, ox - opl - kx
                                    ok = 0 <= y < IH * sy and 0 <= x < IW * sx and y % sy == 0 and x % sx == 0
                                    terms.append((inp[n, y // sy, x // sx, ic] if ok else PAD, wt[oc, ky, kx, ic]))
                        b = bias[(0 if BC == 1 else oc,)]
                        if "bias first" in features:
                            res[(n, oy, ox, oc)] = t["out"].round(_dot(t["acc"], t["acc"].round(b), terms, izp, wzp,
                                                                      features))
                        else:
                            acc = _dot(t["acc"], 0.0, terms, izp, wzp, features)
                            res[(n, oy, ox, oc)] = t["out"].round(t["out"].round(acc) + b)
        return res
    if sy == 1 and sx == 1:
        # TransposeConvNonStridedConverter: reverse the kernel, conv2d with pad K - 1 + out_pad, bias inside.
        return _conv_lowered(inp, lambda oc, ky, kx, ic: wt[oc, KH - 1 - ky, KW - 1 - kx, ic], KH, KW, OC,
                             lambda oc: range(IC), bias, BC, (KH - 1 + opt, KH - 1 + opb, KW - 1 + opl, KW - 1 + opr),
                             (1, 1), (1, 1), t, izp, wzp, features, "bias first" in features)
    # TransposeConvStridedConverter: the weight padded to multiples of the strides, the stride phases moved into
    # the output channels, reversed; the input padded by A - 1, B - 1; conv2d with a zero bias; the phases moved
    # back; sliced / padded to the output; the bias added (tosa.add).
    A, B = -(-KH // sy), -(-KW // sx)

    def wp(oc, ky, kx, ic):
        return wt[oc, ky, kx, ic] if ky < KH and kx < KW else PAD

    def restrided(f, a, b, ic):  # R'[f, a, b, ic]
        p, q, oc = f // (sx * OC), (f // OC) % sx, f % OC
        aa, bb = A - 1 - a, B - 1 - b
        return wp(oc, aa * sy + p, bb * sx + q, ic)
    zero_bias = Tensor((1,), [0.0])
    conv = _conv_lowered(inp, restrided, A, B, OC * sy * sx, lambda f: range(IC), zero_bias, 1,
                         (A - 1, A - 1, B - 1, B - 1), (1, 1), (1, 1), t, izp, wzp, features, True)
    CH, CW = IH + A - 1, IW + B - 1
    slice_top, slice_left = max(0, -opt), max(0, -opl)
    pad_top, pad_left = max(0, opt), max(0, opl)
    slice_h = min(CH * sy - slice_top, OH - pad_top)
    slice_w = min(CW * sx - slice_left, OW - pad_left)
    res = {}
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for oc in range(OC):
                    yy, xx = oy - pad_top, ox - pad_left
                    if 0 <= yy < slice_h and 0 <= xx < slice_w:
                        Y, X = yy + slice_top, xx + slice_left
                        v = conv[(n, Y // sy, X // sx, ((Y % sy) * sx + X % sx) * OC + oc)]
                    else:
                        v = 0.0
                    res[(n, oy, ox, oc)] = t["out"].round(v + bias[(0 if BC == 1 else oc,)])
    return res


def _maximumf(a, b):
    if math.isnan(a) or math.isnan(b):
        return math.nan
    if a == b == 0:
        return a if math.copysign(1.0, a) > 0 else b
    return max(a, b)


def _max_pool_lowered(c, inp, features):
    io_t = c.types["in"]
    nan_mode = c.attrs["nan_mode"]
    KY, KX = c.attrs["kernel"]
    sy, sx = c.attrs["stride"]
    pt, _, pl, _ = c.attrs["pad"]
    N, IH, IW, C = inp.shape
    OH, OW = c.shapes["out"][1:3]
    lowest = "starts at the lowest finite value" in features
    start = -io_t.decode(io_t.max_bits) if lowest else (math.nan if nan_mode == "IGNORE" else -math.inf)
    out = []
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for ch in range(C):
                    acc = start
                    for ky in range(KY):
                        for kx in range(KX):
                            y, x = oy * sy - pt + ky, ox * sx - pl + kx
                            if not (0 <= y < IH and 0 <= x < IW):
                                continue  # the padding value is the start value: no effect
                            v = inp[n, y, x, ch]
                            if "arith.maximumf (-0 < +0)" in features:
                                if nan_mode == "IGNORE":
                                    acc = acc if math.isnan(v) else (v if math.isnan(acc) else _maximumf(acc, v))
                                else:
                                    acc = _maximumf(acc, v)
                            else:
                                acc = apply_max_s(io_t, acc, v, nan_mode)
                            acc = io_t.round(acc)  # identity, except flushing a subnormal bf16 (compiled code)
                    out.append(io_t.encode(acc))
    return out
