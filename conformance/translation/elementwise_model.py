"""Models for the elementwise translation check (elementwise_translation_check.py).

Spec: spec/translation-check.md [translation.elementwise.compare], [translation.elementwise.classes]; the semantics:
spec/tosa-elementwise.md. tosa_model is the TOSA 1.0.2 pseudo-code of ADD, SUB, MUL, CLAMP, NEGATE, RESHAPE,
TRANSPOSE, PAD, CONCAT and SLICE (pseudocode/operators/*.tosac, helpers from pseudocode/library/*.tosac) written
from the specification text on Python numbers: integers unbounded with each REQUIRE checked, floats as host doubles
rounded once to the format (exact: one rounding of a double sum, difference or product of two f32 values is the
correctly rounded result), data movement on bit patterns (NaN payloads and -0 move as they are). It cross-checks
quant-interp (A) on every element. lowered_model is MLIR 22's lowering with a switch per known departure, used only
to name departures. Standard library only.
"""
import math

from contraction_model import BF16, F16, F32, I8, I16, I32, IntType, Undefined, apply_add_s, apply_sub_s

BOOL = IntType("i1", 1)
TYPES = {t.name: t for t in (BOOL, I8, I16, I32, F16, BF16, F32)}

# TOSA 1.0's type-support tables (spec/tosa-elementwise.md [tosa-ew.types]): op -> [(in_t, out_t)].
MOVE_ROWS = [(t, t) for t in ("i1", "i8", "i16", "i32", "f16", "bf16", "f32")]
ROWS = {
    "add": [(t, t) for t in ("i32", "f16", "bf16", "f32")],
    "sub": [(t, t) for t in ("i32", "f16", "bf16", "f32")],
    "mul": [("i8", "i32"), ("i16", "i32"), ("i32", "i32"), ("f16", "f16"), ("bf16", "bf16"), ("f32", "f32")],
    "clamp": [(t, t) for t in ("i8", "i16", "f16", "bf16", "f32")],
    "negate": [(t, t) for t in ("i8", "i16", "i32", "f16", "bf16", "f32")],
    "reshape": MOVE_ROWS, "transpose": MOVE_ROWS, "pad": MOVE_ROWS, "concat": MOVE_ROWS, "slice": MOVE_ROWS,
}
OPS = list(ROWS)
BINARY = ("add", "sub", "mul")


def size(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def unravel(offset, shape):
    idx = []
    for d in reversed(shape):
        idx.append(offset % d)
        offset //= d
    return tuple(reversed(idx))


def ravel(idx, shape):
    off = 0
    for i, d in zip(idx, shape):
        off = off * d + i
    return off


def host(t, v):
    """A stored element (signed int, float bits) as the pseudo-code's value."""
    return t.decode(v) if t.is_float else v


def out_bits(t, v):
    return t.encode(v) if t.is_float else t.bits(v)


def apply_max_s(a, b, nan_mode):
    if isinstance(a, float) and (math.isnan(a) or math.isnan(b)):
        return math.nan if nan_mode == "PROPAGATE" else (b if math.isnan(a) else a)  # compare_nan
    return a if a >= b else b


def apply_min_s(a, b, nan_mode):
    if isinstance(a, float) and (math.isnan(a) or math.isnan(b)):
        return math.nan if nan_mode == "PROPAGATE" else (b if math.isnan(a) else a)
    return a if a < b else b


def check_types(c):
    """[tosa-ew.types]: a row the table lacks is the ERROR_IF on types (before the pseudo-code)."""
    if (c.types["in"].name, c.types["out"].name) not in ROWS[c.op]:
        raise Undefined("ERROR_IF", "operator data types do not meet requirement of operator Supported Data Types")


def broadcast_shape(shape1, shape2):
    if len(shape1) != len(shape2):
        raise Undefined("ERROR_IF", "rank(shape1) != rank(shape2)")
    shape = list(shape1)
    for i in range(len(shape)):
        if shape[i] == 1:
            shape[i] = shape2[i]
        elif shape2[i] != 1 and shape2[i] != shape[i]:
            raise Undefined("ERROR_IF", "shape2[i] != 1 && shape2[i] != shape[i]")
    return tuple(shape)


def _binary(c, t_in, t_out, shape, element):
    s1, s2 = c.shapes["input1"], c.shapes["input2"]
    if tuple(shape) != broadcast_shape(s1, s2):
        raise Undefined("ERROR_IF", "shape != broadcast_shape(shape1, shape2)")
    out = []
    for off in range(size(shape)):
        index = unravel(off, shape)
        i1 = tuple(0 if d == 1 else i for i, d in zip(index, s1))
        i2 = tuple(0 if d == 1 else i for i, d in zip(index, s2))
        v1 = host(t_in, c.tensors["input1"][ravel(i1, s1)])
        v2 = host(t_in, c.tensors["input2"][ravel(i2, s2)])
        try:
            out.append(("value", out_bits(t_out, element(v1, v2))))
        except Undefined as e:
            out.append(("undefined", e))
    return out


def _mul(c, v1, v2):
    t_in, t_out, shift = c.types["in"], c.types["out"], c.attrs["shift"]
    if t_in is I32 and shift > 0:
        product = v1 * v2 + (1 << (shift - 1))
        if not -(1 << 63) <= product < 1 << 63:  # int64_t overflow: unpredictable ([tosa.mul] 3)
            raise Undefined("REQUIRE", "product + round <= maximum_s<int64_t>() of MUL")
        product >>= shift
        if not I32.lo <= product <= I32.hi:
            raise Undefined("REQUIRE", "product >= minimum_s<i32_t>() && product <= maximum_s<i32_t>() of MUL")
        return product
    if t_out.is_float:
        return t_out.round(v1 * v2)
    return t_out.signed(v1 * v2)  # apply_mul_s: the low 32 bits


def _clamp(c, v):
    a = c.attrs
    t = c.types["in"]
    lo, hi = host(t, a["min"]), host(t, a["max"])
    v = apply_max_s(v, lo, a["nan_mode"])
    return apply_min_s(v, hi, a["nan_mode"])


def _negate(c, v):
    t = c.types["in"]
    izp, ozp = host(t, c.attrs["izp"]), host(t, c.attrs["ozp"])
    if t.is_float:
        value = apply_sub_s(t, v, izp, "")
        value = apply_sub_s(t, 0.0, value, "")
        return apply_add_s(t, value, ozp, "")  # the clip to [-inf, inf] keeps every value
    value = apply_sub_s(I32, v, izp, "value1 - input1_zp")
    value = apply_sub_s(I32, 0, value, "0 - value")
    value = apply_add_s(I32, value, ozp, "value + output_zp")
    return min(max(value, t.lo), t.hi)


def _moved(c, source):
    """Data movement: out element offset -> ("value", raw bits) from source(index) = (role, offset) or pad."""
    shape = c.shapes["out"]
    t = c.types["out"]
    out = []
    for off in range(size(shape)):
        src = source(unravel(off, shape))
        v = c.attrs["pad_const"] if src is None else c.tensors[src[0]][src[1]]
        out.append(("value", t.bits(v) if not t.is_float else v))
    return out


def _reshape(c):
    s1, shape = c.shapes["input1"], c.shapes["out"]
    if size(s1) != size(shape):
        raise Undefined("ERROR_IF", "tensor_size(shape1) != tensor_size(shape)")
    return _moved(c, lambda idx: ("input1", ravel(idx, shape)))


def _transpose(c):
    s1, shape, perms = c.shapes["input1"], c.shapes["out"], c.attrs["perms"]
    if len(s1) != len(shape) or size(s1) != size(shape):
        raise Undefined("ERROR_IF", "rank / tensor_size")
    used = [False] * len(s1)
    for p in perms:
        if p >= len(s1) or p < 0 or used[p]:
            raise Undefined("ERROR_IF", "perms")
        used[p] = True
    if any(s1[perms[i]] != shape[i] for i in range(len(shape))):
        raise Undefined("ERROR_IF", "shape1[perms[i]] != shape[i]")

    def source(index):
        tmp = [0] * len(s1)
        for i in range(len(shape)):
            tmp[perms[i]] = index[i]
        return "input1", ravel(tmp, s1)
    return _moved(c, source)


def _pad(c):
    s1, shape, padding = c.shapes["input1"], c.shapes["out"], c.attrs["padding"]
    if len(shape) != len(s1):
        raise Undefined("ERROR_IF", "rank(shape) != rank(shape1)")
    for i in range(len(shape)):
        if padding[2 * i] < 0 or padding[2 * i + 1] < 0:
            raise Undefined("ERROR_IF", "padding[i * 2] < 0 || padding[(i * 2) + 1] < 0")
        if shape[i] != padding[2 * i] + s1[i] + padding[2 * i + 1]:
            raise Undefined("ERROR_IF", "shape[i] != padding[i * 2] + shape1[i] + padding[(i * 2) + 1]")

    def source(index):
        index1 = [x - padding[2 * i] for i, x in enumerate(index)]
        if any(x < 0 or x >= s1[i] for i, x in enumerate(index1)):  # [tosa.pad] 3's reading of is_pad
            return None
        return "input1", ravel(index1, s1)
    return _moved(c, source)


def _concat(c):
    roles, axis, shape = c.inputs, c.attrs["axis"], c.shapes["out"]
    shapes = [c.shapes[r] for r in roles]
    if not roles:
        raise Undefined("ERROR_IF", "input1 == []")
    if axis < 0 or axis >= max(1, len(shapes[0])):
        raise Undefined("ERROR_IF", "axis < 0 || axis >= max(1,rank(shapes1[0]))")
    axis_sum = 0
    for s in shapes:
        if len(s) != len(shapes[0]):
            raise Undefined("ERROR_IF", "rank(shapes1[shape_index]) != rank(shapes1[0])")
        for a in range(len(shapes[0])):
            if a == axis:
                axis_sum += s[a]
            elif s[a] != shapes[0][a]:
                raise Undefined("ERROR_IF", "shapes1[shape_index][axis_index] != shapes1[0][axis_index]")
    if axis_sum != shape[axis]:
        raise Undefined("ERROR_IF", "axis_sum != shape[axis]")

    def source(index):
        index2 = list(index)
        for r, s in zip(roles, shapes):
            if 0 <= index2[axis] < s[axis]:
                return r, ravel(index2, s)
            index2[axis] -= s[axis]
        raise AssertionError("no input holds the element")
    return _moved(c, source)


def _slice(c):
    s1, shape, start, sz = c.shapes["input1"], c.shapes["out"], c.attrs["start"], list(c.attrs["size"])
    sz = [s1[i] - start[i] if v == -1 and start[i] >= 0 else v for i, v in enumerate(sz)]  # [tosa.slice] 2
    if len(s1) != len(start) or len(s1) != len(sz) or len(s1) != len(shape):
        raise Undefined("ERROR_IF", "rank(shape1) != length(start) || ...")
    for i in range(len(s1)):
        if start[i] < 0:
            raise Undefined("ERROR_IF", "start[index] < 0")
        if sz[i] <= 0:
            raise Undefined("ERROR_IF", "size[index] <= 0")
        if start[i] + sz[i] > s1[i]:
            raise Undefined("ERROR_IF", "start[index] + size[index] > shape1[index]")
        if shape[i] != sz[i]:
            raise Undefined("ERROR_IF", "shape[index] != size[index]")
    return _moved(c, lambda idx: ("input1", ravel([x + s for x, s in zip(idx, start)], s1)))


def tosa_model(c):
    """Per output element (row-major): ("value", bits) or ("undefined", Undefined) for an element REQUIRE. Raises
    Undefined for an ERROR_IF or an op-level REQUIRE (MUL's shift): no element is defined."""
    check_types(c)
    t_in, t_out, shape = c.types["in"], c.types["out"], c.shapes["out"]
    if c.op in ("add", "sub"):
        f = apply_add_s if c.op == "add" else apply_sub_s
        return _binary(c, t_in, t_out, shape, lambda a, b: f(t_in, a, b, f"value1 = {a}, value2 = {b}"))
    if c.op == "mul":
        shift = c.attrs["shift"]
        if not 0 <= shift <= 63:
            raise Undefined("REQUIRE", "0 <= shift && shift <= 63")
        if t_in is not I32 and shift != 0:
            raise Undefined("REQUIRE", "is_same<in_t,int32_t>() || shift == 0")
        return _binary(c, t_in, t_out, shape, lambda a, b: _mul(c, a, b))
    if c.op in ("clamp", "negate"):
        a = c.attrs
        if c.op == "clamp":
            lo, hi = host(t_in, a["min"]), host(t_in, a["max"])
            if hi < lo:
                raise Undefined("ERROR_IF", "max_val < min_val")
            if t_in.is_float and (math.isnan(lo) or math.isnan(hi)):
                raise Undefined("ERROR_IF", "isNaN(min_val) || isNaN(max_val)")
        if c.op == "negate" and t_in is not I8:
            for role in ("izp", "ozp"):
                if host(t_in, a[role]) != 0:  # a float -0.0 is == 0, NaN is != 0
                    raise Undefined("ERROR_IF", f"!is_same<in_out_t,i8_t>() && "
                                                f"{'input1_zp' if role == 'izp' else 'output_zp'} != 0")
        if c.shapes["input1"] != shape:
            raise Undefined("ERROR_IF", "shape(output) != shape(input)")
        fn = _clamp if c.op == "clamp" else _negate
        out = []
        for v in c.tensors["input1"]:
            try:
                out.append(("value", out_bits(t_out, fn(c, host(t_in, v)))))
            except Undefined as e:
                if e.kind == "ERROR_IF":
                    raise
                out.append(("undefined", e))
        return out
    return globals()["_" + c.op](c)


# ----------------------------------------------------------------------------------------------------------------------
# MLIR 22's lowering (spec/tosa-elementwise.md [tosa-ew.lowering]), each known departure a switch
# ----------------------------------------------------------------------------------------------------------------------

FEATURES = {
    "negate": ("arith.negf (a sign flip: -(+0) = -0)",),
    "clamp": ("arith.minimumf / arith.maximumf (-0 < +0)", "IGNORE: a NaN input selects min_val"),
}


def _ordered_max(t, a, b):
    """arith.maximumf: NaN if either is, else the larger with -0 < +0 (bits)."""
    x, y = t.decode(a), t.decode(b)
    if math.isnan(x) or math.isnan(y):
        return t.nan
    if x == y:
        return b if math.copysign(1.0, x) < 0 else a
    return a if x > y else b


def _ordered_min(t, a, b):
    x, y = t.decode(a), t.decode(b)
    if math.isnan(x) or math.isnan(y):
        return t.nan
    if x == y:
        return a if math.copysign(1.0, x) < 0 else b
    return a if x < y else b


def lowered_model(c, features):
    """The output bits MLIR 22's lowering gives with the named departures switched on (the reference elsewhere;
    None where it defines nothing)."""
    t = c.types["out"]
    try:
        ref = tosa_model(c)
    except Undefined:
        return None
    out = []
    for i, (_, mv) in enumerate(ref):
        v = c.tensors["input1"][i] if c.op in ("clamp", "negate") else None
        if c.op == "negate" and t.is_float and "arith.negf (a sign flip: -(+0) = -0)" in features:
            mv = v ^ (1 << (t.width - 1))
        elif c.op == "clamp" and t.is_float:
            a = c.attrs
            if math.isnan(t.decode(v)) and a["nan_mode"] == "IGNORE" and "IGNORE: a NaN input selects min_val" in \
                    features:
                mv = a["min"]
            elif "arith.minimumf / arith.maximumf (-0 < +0)" in features:
                mv = _ordered_max(t, _ordered_min(t, v, a["max"]), a["min"])
        out.append(mv)
    return out
