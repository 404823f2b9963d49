"""The corpus of the contraction translation check (contraction_translation_check.py) and its MLIR text.

Spec: spec/translation-check.md [translation.contraction.corpus]. One program per case: `func.func @prog` with one
tosa.matmul / conv2d / depthwise_conv2d / transpose_conv2d / avg_pool2d / max_pool2d whose data operands are
function arguments (zero points tosa.const, as MLIR's lowering needs them), and `func.func @main` calling it with
constants. Deterministic for a seed. Standard library only.
"""
import random
from dataclasses import dataclass, field

from contraction_model import TYPES, I8, Undefined
from translation_common import harness_module

# (in, weight, out, acc) of TOSA 1.0's type-support tables (spec/tosa-contractions.md [contract.types]).
ROWS = {
    "matmul": [("i8", "i8", "i32", "i32"), ("i16", "i16", "i48", "i48"), ("f16", "f16", "f16", "f16"),
               ("f16", "f16", "f32", "f32"), ("bf16", "bf16", "f32", "f32"), ("f32", "f32", "f32", "f32")],
    "conv": [("i8", "i8", "i32", "i32"), ("i8", "i4", "i32", "i32"), ("i16", "i8", "i48", "i48"),
             ("f16", "f16", "f16", "f16"), ("f16", "f16", "f16", "f32"), ("bf16", "bf16", "bf16", "f32"),
             ("f32", "f32", "f32", "f32")],
    "avg_pool2d": [("i8", None, "i8", "i32"), ("i16", None, "i16", "i32"), ("f16", None, "f16", "f16"),
                   ("f16", None, "f16", "f32"), ("bf16", None, "bf16", "f32"), ("f32", None, "f32", "f32")],
    "max_pool2d": [(t, None, t, None) for t in ("i8", "i16", "f16", "bf16", "f32")],
}
OPS = ["matmul", "conv2d", "depthwise_conv2d", "transpose_conv2d", "avg_pool2d", "max_pool2d"]
ZP_ROLES = {"matmul": ("a_zp", "b_zp"), "avg_pool2d": ("input_zp", "output_zp"), "max_pool2d": ()}
I8_ZP_PAIRS = [(0, 0), (-128, 127), (127, -128), (-128, -128), (5, -1), (0, 127)]


def rows_of(op):
    return ROWS.get(op, ROWS["conv"])


@dataclass
class Case:
    name: str
    group: str
    op: str
    types: dict  # role ("in", "weight", "out", "acc") -> element type
    shapes: dict  # role ("input", "weight", "bias", "out") -> static shape
    attrs: dict
    zps: dict  # zero point role -> value (ints; floats as bits)
    tensors: dict = field(default_factory=dict)  # role -> flat list (ints; floats as bits)
    dynamic: dict = field(default_factory=dict)  # role -> declared shape with None for '?'; "*" unranked
    runtime_zps: bool = False
    expect: str = ""  # a probe's expected refusal, "" for corpus programs

    def count(self):
        n = 1
        for d in self.shapes["out"]:
            n *= d
        return n


def zp_roles(op):
    return ZP_ROLES.get(op, ("input_zp", "weight_zp"))


def data_roles(op):
    if op == "matmul":
        return ["input", "weight"]
    if op in ("avg_pool2d", "max_pool2d"):
        return ["input"]
    return ["input", "weight", "bias"]


def role_type(c, role):
    return c.types[{"input": "in", "weight": "weight", "bias": "out", "out": "out"}[role]]


def zp_type(c, role):
    return c.types["weight" if role in ("weight_zp", "b_zp") else "in"]


# ----------------------------------------------------------------------------------------------------------------------
# MLIR text
# ----------------------------------------------------------------------------------------------------------------------

def ttype(shape, t):
    if shape == "*":
        return f"tensor<*x{t.name}>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in shape) + f"{t.name}>"


def literal(t, v):
    return f"0x{v:0{t.width // 4}X}" if t.is_float else str(v)


def dense(t, shape, values):
    if values and all(v == values[0] for v in values):
        return f"dense<{literal(t, values[0])}> : {ttype(shape, t)}"

    def nest(vals, dims):
        if not dims:
            return literal(t, vals[0])
        step = len(vals) // dims[0] if dims[0] else 0
        return "[" + ", ".join(nest(vals[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"
    return f"dense<{nest(values, list(shape))}> : {ttype(shape, t)}"


def declared(c, role):
    return c.dynamic.get(role, c.shapes[role])


def op_line(c, args):
    a = c.attrs

    def arr(v):
        return "array<i64: " + ", ".join(str(x) for x in v) + ">"
    if c.op == "matmul":
        attrs = ""
    elif c.op in ("conv2d", "depthwise_conv2d"):
        attrs = (f" {{pad = {arr(a['pad'])}, stride = {arr(a['stride'])}, dilation = {arr(a['dilation'])}, "
                 f"acc_type = {c.types['acc'].name}}}")
    elif c.op == "transpose_conv2d":
        attrs = f" {{out_pad = {arr(a['out_pad'])}, stride = {arr(a['stride'])}, acc_type = {c.types['acc'].name}}}"
    elif c.op == "avg_pool2d":
        attrs = (f" {{kernel = {arr(a['kernel'])}, stride = {arr(a['stride'])}, pad = {arr(a['pad'])}, "
                 f"acc_type = {c.types['acc'].name}}}")
    else:
        attrs = (f" {{kernel = {arr(a['kernel'])}, stride = {arr(a['stride'])}, pad = {arr(a['pad'])}, "
                 f"nan_mode = {a['nan_mode']}}}")
    in_types = [ttype(declared(c, r), role_type(c, r)) for r in data_roles(c.op)]
    in_types += [ttype((1,), zp_type(c, r)) for r in zp_roles(c.op)]
    return (f"tosa.{c.op} {', '.join(args)}{attrs} : ({', '.join(in_types)}) -> "
            f"{ttype(declared(c, 'out'), c.types['out'])}")


def function_text(c, fn, attributes=""):
    params = [f"%{r}: {ttype(declared(c, r), role_type(c, r))}" for r in data_roles(c.op)]
    body = []
    zps = list(zp_roles(c.op))
    for r in zps:
        t = zp_type(c, r)
        if c.runtime_zps:
            params.append(f"%{r}: {ttype((1,), t)}")
        else:
            body.append(f"  %{r} = \"tosa.const\"() {{values = {dense(t, (1,), [c.zps[r]])}}} : () -> "
                        f"{ttype((1,), t)}")
    out = ttype(declared(c, "out"), c.types["out"])
    body.append("  %r = " + op_line(c, [f"%{r}" for r in data_roles(c.op) + zps]))
    body.append(f"  return %r : {out}")
    attributes = f" attributes {{{attributes}}}" if attributes else ""
    return f"func.func @{fn}({', '.join(params)}) -> {out}{attributes} {{\n" + "\n".join(body) + "\n}\n"


def call_lines(c, fn, s=""):
    """Constants for the operands, casts to the declared types, the call, the result cast back: %res{s}."""
    lines, args, types = [], [], []
    for r in data_roles(c.op):
        t = role_type(c, r)
        static, decl = ttype(c.shapes[r], t), ttype(declared(c, r), t)
        lines.append(f"  %{r}{s} = arith.constant {dense(t, c.shapes[r], c.tensors[r])}")
        name = f"%{r}{s}"
        if decl != static:
            lines.append(f"  %{r}_cast{s} = tensor.cast %{r}{s} : {static} to {decl}")
            name = f"%{r}_cast{s}"
        args.append(name)
        types.append(decl)
    if c.runtime_zps:
        for r in zp_roles(c.op):
            t = zp_type(c, r)
            lines.append(f"  %{r}{s} = arith.constant {dense(t, (1,), [c.zps[r]])}")
            args.append(f"%{r}{s}")
            types.append(ttype((1,), t))
    out_static, out_decl = ttype(c.shapes["out"], c.types["out"]), ttype(declared(c, "out"), c.types["out"])
    lines.append(f"  %r{s} = func.call @{fn}({', '.join(args)}) : ({', '.join(types)}) -> {out_decl}")
    if out_decl == out_static:
        return lines, f"%r{s}"
    lines.append(f"  %res{s} = tensor.cast %r{s} : {out_decl} to {out_static}")
    return lines, f"%res{s}"


def chunk_text(c):
    out_static = ttype(c.shapes["out"], c.types["out"])
    lines, res = call_lines(c, "prog")
    return (f"// {c.name}\n" + function_text(c, "prog") + f"func.func @main() -> {out_static} {{\n"
            + "\n".join(lines) + f"\n  return {res} : {out_static}\n}}\n")


def native_module(cases):
    """Every case as @p_N (noinline) and @qi_harness, printing -(N+1), then each output element's bits."""
    return harness_module(cases, function_text, call_lines)


# ----------------------------------------------------------------------------------------------------------------------
# Values
# ----------------------------------------------------------------------------------------------------------------------

FLOAT_MODES = ["plain", "specials", "ties", "zeros", "large"]


def float_values(rng, t, n, mode):
    """n values (bits) of float type t: small exact values, specials (inf, NaN, -0, the largest finite, the smallest
    subnormal), rounding ties (a power of two at the type's precision with +-1), signed zeros, or values near the
    largest finite one (sums overflow)."""
    big = float(1 << (t.mbits + 1))
    maxf = t.decode(t.max_bits)
    specials = [float("inf"), float("-inf"), float("nan"), -0.0, 0.0, maxf, -maxf, t.decode(1)]
    out = []
    for _ in range(n):
        x = rng.choice([-3.0, -2.0, -1.5, -1.0, -0.5, 0.5, 1.0, 1.0, 2.0, 3.0, 0.25]) * rng.choice([1, 1, 2, 4])
        if mode == "specials" and rng.random() < 0.2:
            x = rng.choice(specials)
        elif mode == "ties":
            x = rng.choice([big, -big, 1.0, -1.0, 0.5, 3.0, big / 2, 1.5])
        elif mode == "zeros":
            x = rng.choice([0.0, -0.0, -0.0, 1.0, -1.0])
        elif mode == "large":
            x = rng.choice([maxf, -maxf, maxf / 2, 2.0, -1.0, 1.0])
        elif rng.random() < 0.3:
            x = rng.uniform(-8, 8)
        out.append(t.encode(x))
    return out


def int_values(rng, t, n, zp, extreme):
    pool = [t.lo, t.hi, 0, 1, -1, zp - 1, zp, zp + 1]
    out = []
    for _ in range(n):
        if extreme and rng.random() < 0.6:
            v = rng.choice([t.lo, t.hi])
        elif rng.random() < 0.5:
            v = rng.choice(pool)
        else:
            v = rng.randint(t.lo, t.hi)
        out.append(min(max(v, t.lo), t.hi))
    return out


def size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def fill(c, rng, k):
    mode = FLOAT_MODES[k % len(FLOAT_MODES)]
    extreme = k % 3 == 0
    for r in data_roles(c.op):
        t = role_type(c, r)
        n = size(c.shapes[r])
        if t.is_float:
            c.tensors[r] = float_values(rng, t, n, mode)
        elif r == "bias":
            lim = 1 << (t.width - 1)
            c.tensors[r] = [rng.choice([0, 1, -1, 100, -100, lim - 70000, -lim + 70000, rng.randint(-1000, 1000)])
                            for _ in range(n)]
        else:
            zp = c.zps.get("input_zp" if r == "input" else "weight_zp", c.zps.get("a_zp" if r == "input" else "b_zp",
                                                                             0))
            c.tensors[r] = int_values(rng, t, n, zp if t is I8 else 0, extreme)


# ----------------------------------------------------------------------------------------------------------------------
# Geometry
# ----------------------------------------------------------------------------------------------------------------------

def conv_geometry(rng, depthwise):
    while True:
        KH, KW = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
        sy, sx = rng.choice([1, 1, 2]), rng.choice([1, 1, 2])
        dy, dx = rng.choice([1, 1, 2]), rng.choice([1, 1, 2])
        IH, IW = rng.randint(1, 5), rng.randint(1, 5)
        pads = [rng.choice([0, 0, 1, 2]) for _ in range(4)]
        ok = True
        for axis, (I, K, s, d) in enumerate(((IH, KH, sy, dy), (IW, KW, sx, dx))):
            num = I - 1 + pads[2 * axis] + pads[2 * axis + 1] - (K - 1) * d
            if num < 0:
                pads[2 * axis + 1] -= num
                num = 0
            pads[2 * axis + 1] += (-num) % s
            ok = ok and pads[2 * axis + 1] <= 4
        if ok:
            N, C = rng.choice([1, 1, 2]), rng.choice([1, 2, 3])
            OC = rng.choice([1, 2]) if depthwise else rng.choice([1, 2, 3])  # the channel multiplier M for depthwise
            OH = (IH - 1 + pads[0] + pads[1] - (KH - 1) * dy) // sy + 1
            OW = (IW - 1 + pads[2] + pads[3] - (KW - 1) * dx) // sx + 1
            return dict(N=N, IH=IH, IW=IW, C=C, OC=OC, KH=KH, KW=KW, OH=OH, OW=OW,
                        attrs=dict(pad=pads, stride=[sy, sx], dilation=[dy, dx]))


def pool_geometry(rng):
    while True:
        KY, KX = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
        sy, sx = rng.choice([1, 2, 3]), rng.choice([1, 2])
        IH, IW = rng.randint(1, 5), rng.randint(1, 5)
        pads = [rng.randint(0, KY - 1), rng.randint(0, KY - 1), rng.randint(0, KX - 1), rng.randint(0, KX - 1)]
        nh, nw = IH + pads[0] + pads[1] - KY, IW + pads[2] + pads[3] - KX
        if nh < 0 or nw < 0 or nh % sy or nw % sx:
            continue
        return dict(N=rng.choice([1, 2]), IH=IH, IW=IW, C=rng.choice([1, 2, 3]), OH=nh // sy + 1, OW=nw // sx + 1,
                    attrs=dict(kernel=[KY, KX], stride=[sy, sx], pad=pads))


def make_case(op, row, rng, k, name, group="corpus", dynamic=False, zps=None):
    it, wt, ot, at = row
    types = {"in": TYPES[it], "out": TYPES[ot]}
    if wt:
        types["weight"] = TYPES[wt]
    if at:
        types["acc"] = TYPES[at]
    if op == "max_pool2d":
        types["acc"] = TYPES[it]
    roles = zp_roles(op)
    if zps is None:
        zps = {}
        for r in roles:
            t = types["weight" if r in ("weight_zp", "b_zp") else "in"]
            zps[r] = 0
            if t.is_float and k % 7 == 3:
                zps[r] = t.encode(-0.0)  # -0.0 passes != 0 ([contract.zero-point] 2)
        if types["in"] is I8 and roles:
            pair = I8_ZP_PAIRS[k % len(I8_ZP_PAIRS)]
            zps[roles[0]] = pair[0]
            if op in ("matmul", "avg_pool2d") or types.get("weight") is I8:
                zps[roles[1]] = pair[1]
    attrs, shapes = {}, {}
    if op == "matmul":
        N, H, C, W = rng.choice([1, 1, 2]), rng.choice([1, 2, 3]), rng.choice([1, 2, 4, 7]), rng.choice([1, 2, 3])
        shapes = {"input": (N, H, C), "weight": (N, C, W), "out": (N, H, W)}
    elif op in ("conv2d", "depthwise_conv2d"):
        g = conv_geometry(rng, op == "depthwise_conv2d")
        attrs = g["attrs"]
        OC = g["C"] * g["OC"] if op == "depthwise_conv2d" else g["OC"]
        w = (g["KH"], g["KW"], g["C"], g["OC"]) if op == "depthwise_conv2d" else (OC, g["KH"], g["KW"], g["C"])
        shapes = {"input": (g["N"], g["IH"], g["IW"], g["C"]), "weight": w,
                  "bias": (rng.choice([1, OC]),), "out": (g["N"], g["OH"], g["OW"], OC)}
    elif op == "transpose_conv2d":
        OH = OW = 0
        while OH < 1 or OW < 1:
            KH, KW = rng.choice([1, 2, 3]), rng.choice([1, 2, 3])
            sy, sx = rng.choice([1, 2, 3]), rng.choice([1, 2])
            IH, IW, N, IC, OC = rng.randint(1, 3), rng.randint(1, 3), rng.choice([1, 2]), rng.choice([1, 2]), \
                rng.choice([1, 2])
            op_ = [rng.randint(-(KH - 1), 2), rng.randint(-(KH - 1), 2), rng.randint(-(KW - 1), 2),
                   rng.randint(-(KW - 1), 2)]
            OH, OW = (IH - 1) * sy + op_[0] + op_[1] + KH, (IW - 1) * sx + op_[2] + op_[3] + KW
        attrs = dict(out_pad=op_, stride=[sy, sx])
        shapes = {"input": (N, IH, IW, IC), "weight": (OC, KH, KW, IC), "bias": (rng.choice([1, OC]),),
                  "out": (N, OH, OW, OC)}
    else:
        g = pool_geometry(rng)
        attrs = g["attrs"]
        if op == "max_pool2d":
            attrs["nan_mode"] = "IGNORE" if k % 2 else "PROPAGATE"
        shapes = {"input": (g["N"], g["IH"], g["IW"], g["C"]), "out": (g["N"], g["OH"], g["OW"], g["C"])}
    c = Case(name, group, op, types, shapes, attrs, zps)
    if dynamic:
        if op == "matmul":
            N, H, C = shapes["input"]
            c.dynamic = {"input": (None, H, C), "weight": (None, C, None), "out": (None, H, None)}
        else:
            n, h, w, ch = shapes["input"]
            c.dynamic = {"input": (None, h, w, ch) if op != "max_pool2d" else (None, None, None, ch),
                         "out": (None, shapes["out"][1], shapes["out"][2], shapes["out"][3])}
            if op in ("conv2d", "max_pool2d"):
                c.dynamic["out"] = (None, None, None, shapes["out"][3])
    fill(c, rng, k)
    return c


DYNAMIC_OPS = OPS  # batch only for avg_pool2d (dynamic H, W refused) and transpose_conv2d


def corpus(tier, seed):
    """The programs of a tier: per op and type row, `per_row` random programs (geometry, zero points, values),
    every fourth with dynamic shapes where the lowering takes them, then the accumulator-bound and targeted
    float programs."""
    rng = random.Random(seed)
    per_row = 24 if tier == "full" else 3
    cases = []
    k = 0
    for op in OPS:
        for row in rows_of(op):
            for j in range(per_row):
                dyn = op in DYNAMIC_OPS and j % 4 == 3
                cases.append(make_case(op, row, rng, k, f"{op}-{'-'.join(x for x in row if x)}-{j}"
                                       f"{'-dyn' if dyn else ''}", dynamic=dyn))
                k += 1
    cases += bound_cases(tier)
    cases += targeted_cases()
    return cases


# ----------------------------------------------------------------------------------------------------------------------
# Accumulator bounds, targeted float programs, refusal probes
# ----------------------------------------------------------------------------------------------------------------------

def fixed(op, row, shapes, attrs, zps, tensors, name, group, dynamic=None, runtime_zps=False, expect=""):
    it, wt, ot, at = row
    types = {"in": TYPES[it], "out": TYPES[ot]}
    if wt:
        types["weight"] = TYPES[wt]
    types["acc"] = TYPES[at or it]
    c = Case(name, group, op, types, shapes, attrs, zps, dict(tensors), dynamic or {}, runtime_zps, expect)
    for r in data_roles(op):
        if not isinstance(c.tensors[r], list):
            c.tensors[r] = [c.tensors[r]] * size(shapes[r])
    return c


CONV1 = dict(pad=[0, 0, 0, 0], stride=[1, 1], dilation=[1, 1])
I8ROW, I16ROW, I48ROW = ("i8", "i8", "i32", "i32"), ("i16", "i16", "i48", "i48"), ("i16", "i8", "i48", "i48")


def bound_cases(tier):
    """Sums at and one term beyond the accumulator's bounds (the REQUIREs of [contract.accumulator]): i8 dot products
    of 33025 / 33026 extreme terms of both signs, the bias addition at int32 / int48's ends, a 182 x 182 depthwise
    window; in the full tier also 2^17 i16 terms into i48 and a 257 x 256 i16 average pool."""
    out = []
    zp = {"a_zp": 127, "b_zp": 127}
    for C in (33025, 33026):
        for sign, bval in ((1, -128), (-1, 127)):
            bzp = 127 if sign > 0 else -128
            out.append(fixed("matmul", I8ROW, {"input": (1, 1, C), "weight": (1, C, 2), "out": (1, 1, 2)}, {},
                             {"a_zp": 127, "b_zp": bzp}, {"input": -128, "weight": bval},
                             f"bound-matmul-i8-C{C}-{'pos' if sign > 0 else 'neg'}", "bound"))
        out.append(fixed("conv2d", I8ROW, {"input": (1, 1, 1, C), "weight": (1, 1, 1, C), "bias": (1,),
                                           "out": (1, 1, 1, 1)}, CONV1, {"input_zp": 127, "weight_zp": 127},
                         {"input": -128, "weight": -128, "bias": 0}, f"bound-conv2d-i8-IC{C}", "bound"))
        out.append(fixed("transpose_conv2d", I8ROW, {"input": (1, 1, 1, C), "weight": (1, 1, 1, C), "bias": (1,),
                                                     "out": (1, 1, 1, 1)}, dict(out_pad=[0, 0, 0, 0], stride=[1, 1]),
                         {"input_zp": -128, "weight_zp": 127}, {"input": 127, "weight": -128, "bias": 0},
                         f"bound-transpose-i8-IC{C}", "bound"))
    for bias in ((1 << 31) - 1 - 6, (1 << 31) - 1 - 5, -(1 << 31) + 5):
        out.append(fixed("conv2d", I8ROW, {"input": (1, 1, 2, 1), "weight": (1, 1, 1, 1), "bias": (1,),
                                           "out": (1, 1, 2, 1)}, CONV1, {"input_zp": 0, "weight_zp": 0},
                         {"input": [2, 3], "weight": [2], "bias": [bias]}, f"bound-conv2d-bias-{bias}", "bound"))
    for bias in ((1 << 47) - 1 - 6, (1 << 47) - 5):
        out.append(fixed("depthwise_conv2d", I48ROW, {"input": (1, 1, 2, 1), "weight": (1, 1, 1, 1), "bias": (1,),
                                                      "out": (1, 1, 2, 1)}, CONV1, {"input_zp": 0, "weight_zp": 0},
                         {"input": [2, 3], "weight": [2], "bias": [bias]}, f"bound-depthwise-i48-bias-{bias}",
                         "bound"))
    out.append(fixed("depthwise_conv2d", I8ROW, {"input": (1, 182, 182, 1), "weight": (182, 182, 1, 1),
                                                 "bias": (1,), "out": (1, 1, 1, 1)}, CONV1,
                     {"input_zp": 127, "weight_zp": 127}, {"input": -128, "weight": -128, "bias": 0},
                     "bound-depthwise-i8-182x182", "bound"))
    if tier == "full":
        for C in ((1 << 17) - 1, 1 << 17):
            out.append(fixed("matmul", I16ROW, {"input": (1, 1, C), "weight": (1, C, 1), "out": (1, 1, 1)}, {},
                             {"a_zp": 0, "b_zp": 0}, {"input": -32768, "weight": -32768}, f"bound-matmul-i16-C{C}",
                             "bound"))
        for KX in (255, 256):
            out.append(fixed("avg_pool2d", ("i16", None, "i16", "i32"),
                             {"input": (1, 257, KX, 1), "out": (1, 1, 1, 1)},
                             dict(kernel=[257, KX], stride=[1, 1], pad=[0, 0, 0, 0]),
                             {"input_zp": 0, "output_zp": 0}, {"input": 32767}, f"bound-avgpool-i16-257x{KX}",
                             "bound"))
    return out


def f(t, *xs):
    return [TYPES[t].encode(x) for x in xs]


F32ROW, BF16ROW, F16ACC32 = ("f32", "f32", "f32", "f32"), ("bf16", "bf16", "bf16", "f32"), ("f16", "f16", "f16", "f32")


def targeted_cases():
    """The minimal reproducers of [contract.lowering]'s departures (also run by --reproducers)."""
    z = {"input_zp": 0, "weight_zp": 0}
    one = {"input": (1, 1, 2, 1), "weight": (1, 1, 2, 1), "bias": (1,), "out": (1, 1, 1, 1)}
    pool = dict(kernel=[1, 2], stride=[1, 1], pad=[0, 0, 0, 0])
    pshape = {"input": (1, 1, 2, 1), "out": (1, 1, 1, 1)}
    dshape = {"input": (1, 1, 1, 1), "weight": (1, 2, 1, 1), "bias": (1,), "out": (1, 1, 1, 1)}
    return [
        fixed("conv2d", BF16ROW, one, CONV1, z, {"input": f("bf16", 256, 1), "weight": f("bf16", 1, 1),
                                                 "bias": f("bf16", 1)}, "bias-first-bf16", "targeted"),
        fixed("conv2d", F16ACC32, one, CONV1, z, {"input": f("f16", 2048, 1), "weight": f("f16", 1, 1),
                                                  "bias": f("f16", 1)}, "bias-first-f16-acc-f32", "targeted"),
        fixed("conv2d", F32ROW, one, CONV1, z, {"input": f("f32", -0.0, -0.0), "weight": f("f32", 1, 1),
                                                "bias": f("f32", -0.0)}, "bias-first-negative-zero", "targeted"),
        fixed("conv2d", F32ROW, {"input": (1, 1, 1, 1), "weight": (1, 1, 1, 1), "bias": (1,), "out": (1, 1, 1, 1)},
              CONV1, {"input_zp": f("f32", -0.0)[0], "weight_zp": f("f32", -0.0)[0]},
              {"input": f("f32", -0.0), "weight": f("f32", 1), "bias": f("f32", -0.0)},
              "float-zero-point-negative-zero", "targeted"),
        fixed("conv2d", F32ROW, {"input": (1, 1, 1, 1), "weight": (1, 1, 2, 1), "bias": (1,), "out": (1, 1, 1, 1)},
              dict(pad=[0, 0, 1, 0], stride=[1, 1], dilation=[1, 1]), z,
              {"input": f("f32", 1), "weight": f("f32", float("inf"), 1), "bias": f("f32", 0)},
              "padding-times-inf-conv2d", "targeted"),
        fixed("depthwise_conv2d", F32ROW, dshape, dict(pad=[0, 0, 1, 0], stride=[1, 1], dilation=[1, 1]), z,
              {"input": f("f32", 1), "weight": f("f32", float("nan"), 1), "bias": f("f32", 0)},
              "padding-times-nan-depthwise", "targeted"),
        fixed("transpose_conv2d", F32ROW, {"input": (1, 1, 3, 1), "weight": (1, 1, 3, 1), "bias": (1,),
                                           "out": (1, 1, 3, 1)}, dict(out_pad=[0, 0, -2, 0], stride=[1, 1]), z,
              {"input": f("f32", 1, 1e8, -1e8), "weight": f("f32", 1, 1, 1), "bias": f("f32", 0)},
              "transpose-summation-order", "targeted"),
        fixed("transpose_conv2d", F32ROW, {"input": (1, 1, 1, 1), "weight": (1, 1, 3, 1), "bias": (1,),
                                           "out": (1, 1, 3, 1)}, dict(out_pad=[0, 0, 0, 0], stride=[1, 2]), z,
              {"input": f("f32", 1), "weight": f("f32", 1, 2, float("inf")), "bias": f("f32", 0)},
              "transpose-strided-padding-times-inf", "targeted"),
        fixed("max_pool2d", ("f32", None, "f32", None), pshape, dict(pool, nan_mode="PROPAGATE"), {},
              {"input": f("f32", float("-inf"), float("-inf"))}, "maxpool-window-of-minus-inf", "targeted"),
        fixed("max_pool2d", ("f32", None, "f32", None), pshape, dict(pool, nan_mode="IGNORE"), {},
              {"input": f("f32", float("nan"), float("nan"))}, "maxpool-ignore-all-nan", "targeted"),
        fixed("max_pool2d", ("f32", None, "f32", None), pshape, dict(pool, nan_mode="PROPAGATE"), {},
              {"input": f("f32", -0.0, 0.0)}, "maxpool-negative-zero-first", "targeted"),
        fixed("conv2d", I8ROW, {"input": (1, 1, 2, 1), "weight": (1, 1, 1, 1), "bias": (1,), "out": (1, 1, 2, 1)},
              CONV1, {"input_zp": 0, "weight_zp": 0}, {"input": [2, 3], "weight": [2], "bias": [(1 << 31) - 6]},
              "bias-require-i32", "targeted"),
        fixed("avg_pool2d", ("i8", None, "i8", "i32"), {"input": (1, 1, 3, 1), "out": (1, 1, 1, 1)},
              dict(kernel=[1, 3], stride=[1, 1], pad=[0, 0, 0, 0]), {"input_zp": -128, "output_zp": 127},
              {"input": [127, 127, 126]}, "avgpool-zero-points-extreme", "targeted"),
    ]


def probes():
    """Programs MLIR 22's lowering is expected to refuse, each run on its own (an unranked one crashes mlir-opt)."""
    z8 = {"input_zp": 0, "weight_zp": 0}
    conv_shapes = {"input": (1, 2, 2, 1), "weight": (1, 1, 1, 1), "bias": (1,), "out": (1, 2, 2, 1)}
    conv_t = {"input": [1, 2, 3, 4], "weight": [3], "bias": [5]}
    pool = dict(kernel=[2, 2], stride=[1, 1], pad=[0, 0, 0, 0])
    pshape = {"input": (1, 2, 2, 1), "out": (1, 1, 1, 1)}
    mm = {"input": (1, 1, 2), "weight": (1, 2, 1), "out": (1, 1, 1)}
    return [
        fixed("matmul", I8ROW, mm, {}, {"a_zp": 3, "b_zp": -2}, {"input": [1, 2], "weight": [3, 4]},
              "probe-matmul-runtime-zero-points", "probe", runtime_zps=True, expect="failed to legalize"),
        fixed("conv2d", I8ROW, conv_shapes, CONV1, {"input_zp": 1, "weight_zp": 0}, conv_t,
              "probe-conv2d-runtime-zero-points", "probe", runtime_zps=True, expect="failed to legalize"),
        fixed("avg_pool2d", ("i8", None, "i8", "i32"), pshape, pool, {"input_zp": 1, "output_zp": 2},
              {"input": [1, 2, 3, 4]}, "probe-avgpool-runtime-zero-points", "probe", runtime_zps=True,
              expect="failed to legalize"),
        fixed("conv2d", I8ROW, conv_shapes, CONV1, z8, conv_t, "probe-conv2d-dynamic-weight", "probe",
              dynamic={"weight": (None, 1, 1, 1)}, expect="failed to legalize"),
        fixed("conv2d", I8ROW, conv_shapes, CONV1, z8, conv_t, "probe-conv2d-dynamic-bias", "probe",
              dynamic={"bias": (None,)}, expect="failed to legalize"),
        fixed("depthwise_conv2d", I8ROW, conv_shapes, CONV1, z8, conv_t, "probe-depthwise-dynamic-weight", "probe",
              dynamic={"weight": (1, 1, 1, None), "out": (1, 2, 2, None)}, expect="failed to legalize"),
        fixed("avg_pool2d", ("i8", None, "i8", "i32"), pshape, pool, {"input_zp": 0, "output_zp": 0},
              {"input": [1, 2, 3, 4]}, "probe-avgpool-dynamic-height", "probe",
              dynamic={"input": (1, None, 2, 1), "out": (1, None, 1, 1)}, expect="failed to legalize"),
        fixed("transpose_conv2d", I8ROW, conv_shapes, dict(out_pad=[0, 0, 0, 0], stride=[1, 1]), z8, conv_t,
              "probe-transpose-without-decompositions", "probe", expect="failed to legalize"),
        fixed("transpose_conv2d", I8ROW, {"input": (1, 2, 2, 1), "weight": (1, 1, 1, 1), "bias": (1,),
                                          "out": (1, 3, 3, 1)}, dict(out_pad=[0, 0, 0, 0], stride=[2, 2]), z8, conv_t,
              "probe-transpose-strided-dynamic-height", "probe",
              dynamic={"input": (1, None, 2, 1), "out": (1, None, 3, 1)}, expect="failed to legalize"),
        fixed("max_pool2d", ("i8", None, "i8", None), pshape, dict(pool, nan_mode="PROPAGATE"), {},
              {"input": [1, 2, 3, 4]}, "probe-maxpool-unranked-input", "probe",
              dynamic={"input": "*"}, expect="crash"),
        fixed("matmul", ("i8", "i16", "i32", "i32"), mm, {}, {"a_zp": 0, "b_zp": 0},
              {"input": [1, 2], "weight": [3, 4]}, "probe-matmul-i8-by-i16", "probe", expect="lowered"),
    ]


def check_types(c):
    """[contract.types]: a row the tables lack is the ERROR_IF on types (raised before the pseudo-code)."""
    row = (c.types["in"].name, c.types.get("weight", c.types["in"]).name if c.op not in ("avg_pool2d", "max_pool2d")
           else None, c.types["out"].name, c.types["acc"].name if c.op not in ("matmul", "max_pool2d") else None)
    rows = [(a, b if c.op not in ("avg_pool2d", "max_pool2d") else None, o, d if c.op not in ("matmul", "max_pool2d")
             else None) for a, b, o, d in rows_of(c.op)]
    if c.op == "matmul":
        rows = [(a, b, o, None) for a, b, o, _ in rows_of("matmul")]
    if row not in rows:
        raise Undefined("ERROR_IF", "operator data types do not meet requirement of operator Supported Data Types")
