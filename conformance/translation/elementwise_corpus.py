"""The corpus of the elementwise translation check (elementwise_translation_check.py) and its MLIR text.

Spec: spec/translation-check.md [translation.elementwise.corpus]. One program per case: `func.func @prog` with one
tosa.add / sub / mul / clamp / negate / reshape / transpose / pad / concat / slice whose data operands are function
arguments (shift, zero points and pad_const tosa.const, or arguments in the runtime programs; shapes
tosa.const_shape), and `func.func @main` calling it with constants (through tensor.cast where the declared types are
dynamic). Deterministic for a seed. Standard library only.
"""
import random
from dataclasses import dataclass, field

from contraction_corpus import dense, float_values, int_values, literal, ttype
from elementwise_model import BINARY, BOOL, I8, I32, OPS, ROWS, TYPES, size

RUNTIME_OPERANDS = {"mul": ("shift",), "negate": ("izp", "ozp"), "pad": ("pad_const",)}


@dataclass
class Case:
    name: str
    group: str
    op: str
    types: dict  # "in", "out" -> element type
    inputs: list  # data roles in operand order: input1 [, input2 [, input3]]
    shapes: dict  # role and "out" -> runtime (static) shape
    attrs: dict
    tensors: dict = field(default_factory=dict)  # role -> flat list (signed ints, 0/1 for i1, float bits)
    dynamic: dict = field(default_factory=dict)  # role -> declared shape with None for '?'
    runtime: bool = False  # shift / zero points / pad_const as function arguments
    expect: str = ""  # a probe's expected refusal

    def count(self):
        return size(self.shapes["out"])


def declared(c, role):
    return c.dynamic.get(role, c.shapes[role])


def scalar_operands(c):
    """[(name, element type, value)] of the one-element tensor operands after the data operands."""
    a, t = c.attrs, c.types["in"]
    if c.op == "mul":
        return [("shift", I8, a["shift"])]
    if c.op == "negate":
        return [("izp", t, a["izp"]), ("ozp", t, a["ozp"])]
    if c.op == "pad":
        return [("pad_const", t, a["pad_const"])]
    return []


def shape_operands(c):
    a = c.attrs
    return {"reshape": [("shape", a.get("new_shape"))], "pad": [("padding", a.get("padding"))],
            "slice": [("start", a.get("start")), ("size", a.get("size"))]}.get(c.op, [])


def op_line(c):
    a, t = c.attrs, c.types["in"]
    args = [f"%{r}" for r in c.inputs] + [f"%{n}" for n, _ in shape_operands(c)] + \
        [f"%{n}" for n, _, _ in scalar_operands(c)]
    types = [ttype(declared(c, r), t) for r in c.inputs]
    types += [f"!tosa.shape<{len(v)}>" for _, v in shape_operands(c)]
    types += [ttype((1,), st) for _, st, _ in scalar_operands(c)]
    attrs = ""
    if c.op == "clamp":
        attrs = (f" {{min_val = {literal(t, a['min'])} : {t.name}, max_val = {literal(t, a['max'])} : {t.name}, "
                 f"nan_mode = {a['nan_mode']}}}")
    elif c.op == "transpose":
        attrs = " {perms = array<i32: " + ", ".join(str(p) for p in a["perms"]) + ">}"
    elif c.op == "concat":
        attrs = f" {{axis = {a['axis']} : i32}}"
    return (f"tosa.{c.op} {', '.join(args)}{attrs} : ({', '.join(types)}) -> "
            f"{ttype(declared(c, 'out'), c.types['out'])}")


def function_text(c, fn, attributes=""):
    params = [f"%{r}: {ttype(declared(c, r), c.types['in'])}" for r in c.inputs]
    body = [f"  %{n} = tosa.const_shape {{values = dense<[{', '.join(str(x) for x in v)}]> : "
            f"tensor<{len(v)}xindex>}} : () -> !tosa.shape<{len(v)}>" for n, v in shape_operands(c)]
    for n, st, v in scalar_operands(c):
        if c.runtime:
            params.append(f"%{n}: {ttype((1,), st)}")
        else:
            body.append(f"  %{n} = \"tosa.const\"() {{values = {dense(st, (1,), [v])}}} : () -> {ttype((1,), st)}")
    out = ttype(declared(c, "out"), c.types["out"])
    body.append("  %r = " + op_line(c))
    body.append(f"  return %r : {out}")
    attributes = f" attributes {{{attributes}}}" if attributes else ""
    return f"func.func @{fn}({', '.join(params)}) -> {out}{attributes} {{\n" + "\n".join(body) + "\n}\n"


def call_lines(c, fn, s=""):
    """Constants for the operands, casts to the declared types, the call, the result cast back: (lines, value)."""
    lines, args, types = [], [], []
    t = c.types["in"]
    for r in c.inputs:
        static, decl = ttype(c.shapes[r], t), ttype(declared(c, r), t)
        lit = dense(t, c.shapes[r], c.tensors[r]) if c.tensors[r] else f"dense<> : {static}"
        lines.append(f"  %{r}{s} = arith.constant {lit}")
        name = f"%{r}{s}"
        if decl != static:
            lines.append(f"  %{r}_cast{s} = tensor.cast %{r}{s} : {static} to {decl}")
            name = f"%{r}_cast{s}"
        args.append(name)
        types.append(decl)
    if c.runtime:
        for n, st, v in scalar_operands(c):
            lines.append(f"  %{n}{s} = arith.constant {dense(st, (1,), [v])}")
            args.append(f"%{n}{s}")
            types.append(ttype((1,), st))
    ot = c.types["out"]
    out_static, out_decl = ttype(c.shapes["out"], ot), ttype(declared(c, "out"), ot)
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


# ----------------------------------------------------------------------------------------------------------------------
# Values
# ----------------------------------------------------------------------------------------------------------------------

FLOAT_MODES = ["plain", "specials", "ties", "zeros", "large"]


def values(rng, t, n, k, small=False):
    if t is BOOL:
        return [rng.randint(0, 1) for _ in range(n)]
    if t.is_float:
        return float_values(rng, t, n, FLOAT_MODES[k % len(FLOAT_MODES)])
    if small:  # i32 MUL operands whose products mostly fit
        return [rng.choice([0, 1, -1, 2, -2, 3, 7, -7, 255, -256, 46341, -46341, rng.randint(-40000, 40000)])
                for _ in range(n)]
    return int_values(rng, t, n, 0, k % 3 == 0)


def scalar(rng, t, k):
    return values(rng, t, 1, k)[0]


# ----------------------------------------------------------------------------------------------------------------------
# Shapes and attributes
# ----------------------------------------------------------------------------------------------------------------------

def rand_shape(rng, rank, lo=1, hi=3):
    return tuple(rng.randint(lo, hi) for _ in range(rank))


def binary_shapes(rng, dyn):
    """Runtime shapes of input1, input2, out with size-1 broadcasts; dynamic programs may have a 0 dimension."""
    rank = rng.randint(1, 4)
    out = list(rand_shape(rng, rank))
    if dyn and rng.random() < 0.3:
        out[rng.randrange(rank)] = 0
    s1 = tuple(1 if rng.random() < 0.3 else d for d in out)
    s2 = tuple(1 if rng.random() < 0.3 and s1[i] != 1 else d for i, d in enumerate(out))
    out = tuple(max(a, b) if 0 not in (a, b) else 0 for a, b in zip(s1, s2))
    return s1, s2, out


def dyn_of(rng, shape):
    """A declared shape with some sizes dynamic (at least one)."""
    d = [None if x == 0 or rng.random() < 0.5 else x for x in shape]  # TOSA's verifier rejects a static 0
    if None not in d:
        d[rng.randrange(len(d))] = None
    return tuple(d)


def make_case(op, row, rng, k, name, dyn):
    t_in, t_out = TYPES[row[0]], TYPES[row[1]]
    types = {"in": t_in, "out": t_out}
    a, shapes, dynamic, inputs = {}, {}, {}, ["input1"]
    runtime = op in RUNTIME_OPERANDS and k % 5 == 2
    if op in BINARY:
        inputs = ["input1", "input2"]
        s1, s2, out = binary_shapes(rng, dyn)
        shapes = {"input1": s1, "input2": s2, "out": out}
        if dyn:
            dynamic = {"input1": dyn_of(rng, s1), "input2": dyn_of(rng, s2)}
            dynamic["out"] = tuple(None if dynamic["input1"][i] is None or dynamic["input2"][i] is None else d
                                   for i, d in enumerate(out))
        if op == "mul":
            a["shift"] = 0
            if t_in is I32:
                a["shift"] = rng.choice([0, 0, 1, 1, 2, 15, 16, 30, 31, 32, 33, 47, 62, 63, rng.randint(0, 63)])
    else:
        rank = rng.randint(1, 4 if op in ("clamp", "negate", "transpose") else 3)
        s1 = rand_shape(rng, rank)
        shapes = {"input1": s1}
        if op in ("clamp", "negate"):
            shapes["out"] = s1
        elif op == "reshape":
            n, new = size(s1), []
            while n > 1 or not new:
                f = rng.choice([d for d in range(1, n + 1) if n % d == 0])
                new.append(f)
                n //= f
            rng.shuffle(new)
            shapes["out"] = tuple(new)
            a["new_shape"] = list(new)
            if rng.random() < 0.3 or dyn:
                a["new_shape"][rng.randrange(len(new))] = -1  # MLIR 22's inferred size ([tosa.reshape] 2)
        elif op == "transpose":
            a["perms"] = rng.sample(range(rank), rank)
            shapes["out"] = tuple(s1[p] for p in a["perms"])
        elif op == "pad":
            a["padding"] = [rng.choice([0, 0, 1, 2]) for _ in range(2 * rank)]
            shapes["out"] = tuple(a["padding"][2 * i] + d + a["padding"][2 * i + 1] for i, d in enumerate(s1))
            a["pad_const"] = scalar(rng, t_in, k + 1)
        elif op == "concat":
            a["axis"] = rng.randrange(rank)
            inputs = [f"input{j + 1}" for j in range(rng.choice([1, 2, 2, 3]))]
            for r in inputs[1:]:
                shapes[r] = tuple(rng.randint(1, 3) if i == a["axis"] else d for i, d in enumerate(s1))
            shapes["out"] = tuple(sum(shapes[r][i] for r in inputs) if i == a["axis"] else d
                                  for i, d in enumerate(s1))
        elif op == "slice":
            a["start"] = [rng.randrange(d) for d in s1]
            a["size"] = [rng.randint(1, d - st) for d, st in zip(s1, a["start"])]
            shapes["out"] = tuple(a["size"])
            if rng.random() < 0.3:
                i = rng.randrange(rank)
                a["size"][i] = -1  # "to the end" ([tosa.slice] 2)
                shapes["out"] = tuple(s1[i] - a["start"][i] if j == i else d for j, d in enumerate(shapes["out"]))
        if dyn:
            for r in inputs:
                dynamic[r] = dyn_of(rng, shapes[r])
            if op in ("clamp", "negate"):
                dynamic["out"] = dynamic["input1"]
            elif op == "reshape":
                dynamic["out"] = tuple(None if v == -1 else d for v, d in zip(a["new_shape"], shapes["out"]))
            elif op == "transpose":
                dynamic["out"] = tuple(dynamic["input1"][p] for p in a["perms"])
            elif op == "concat":
                dynamic["out"] = tuple(None if any(dynamic[r][i] is None for r in inputs) else d
                                       for i, d in enumerate(shapes["out"]))
            else:
                dynamic["out"] = tuple(None if x is None else d for x, d in zip(dynamic["input1"], shapes["out"]))
        if op == "clamp":
            kb = 0 if t_in.is_float else 1  # no NaN bound (the verifier rejects it)
            lo, hi = sorted([scalar(rng, t_in, kb), scalar(rng, t_in, kb)], key=t_in.decode if t_in.is_float else int)
            if t_in.is_float:
                choice = rng.choice(["pair", "zeros", "equal", "wide"])
                if choice == "zeros":
                    lo, hi = rng.choice([(-0.0, 0.0), (0.0, 0.0), (-0.0, -0.0), (-0.0, 1.0), (-1.0, 0.0)])
                    lo, hi = t_in.encode(lo), t_in.encode(hi)
                elif choice == "equal":
                    hi = lo
                elif choice == "wide":
                    lo, hi = t_in.encode(-t_in.decode(t_in.max_bits)), t_in.max_bits
            elif rng.random() < 0.25:
                hi = lo
            a.update(min=lo, max=hi, nan_mode=rng.choice(["PROPAGATE", "IGNORE"]))
        elif op == "negate":
            a["izp"] = a["ozp"] = 0
            if t_in is I8:
                a["izp"], a["ozp"] = rng.choice([(0, 0), (-128, 127), (127, -128), (-128, -128), (3, -5), (127, 127)])
            elif t_in.is_float and k % 3 == 1:
                a["izp"], a["ozp"] = t_in.encode(-0.0), rng.choice([0, t_in.encode(-0.0)])
    c = Case(name, "corpus", op, types, inputs, shapes, a, {}, dynamic, runtime)
    small = op == "mul" and t_in is I32 and a["shift"] < 32 and k % 2 == 0
    for r in inputs:
        c.tensors[r] = values(rng, t_in, size(shapes[r]), k, small)
    return c


def corpus(tier, seed):
    """Per op and type row `per_row` random programs (every fourth with dynamic shapes), then the targeted ones."""
    rng = random.Random(seed)
    per_row = 16 if tier == "full" else 4
    cases, k = [], 0
    for op in OPS:
        for row in ROWS[op]:
            for j in range(per_row):
                dyn = j % 4 == 3
                cases.append(make_case(op, row, rng, k, f"{op}-{row[0]}-{j}{'-dyn' if dyn else ''}", dyn))
                k += 1
    return cases + targeted_cases()


# ----------------------------------------------------------------------------------------------------------------------
# Targeted programs (the reproducers) and refusal probes
# ----------------------------------------------------------------------------------------------------------------------

def fixed(op, row, shapes, attrs, tensors, name, group="targeted", inputs=None, dynamic=None, runtime=False,
          expect=""):
    c = Case(name, group, op, {"in": TYPES[row[0]], "out": TYPES[row[1]]}, inputs or (
        ["input1", "input2"] if op in BINARY else ["input1"]), shapes, attrs, {}, dynamic or {}, runtime, expect)
    for r in c.inputs:
        v = tensors[r]
        c.tensors[r] = v if isinstance(v, list) else [v] * size(shapes[r])
    return c


def f(t, *xs):
    return [TYPES[t].encode(x) for x in xs]


def targeted_cases():
    """Minimal reproducers of [tosa-ew.lowering]'s departures and of each class (also run by --reproducers)."""
    nan, i32max = float("nan"), (1 << 31) - 1
    two = {"input1": (2,), "out": (2,)}
    bin1 = {"input1": (1,), "input2": (1,), "out": (1,)}
    return [
        fixed("negate", ("f32", "f32"), two, {"izp": 0, "ozp": 0}, {"input1": f("f32", 0.0, -0.0)},
              "negate-f32-signed-zeros"),
        fixed("negate", ("bf16", "bf16"), two, {"izp": 0, "ozp": 0}, {"input1": f("bf16", 0.0, nan)},
              "negate-bf16-zero-and-nan"),
        fixed("clamp", ("f32", "f32"), {"input1": (3,), "out": (3,)},
              {"min": f("f32", 0.0)[0], "max": f("f32", 1.0)[0], "nan_mode": "PROPAGATE"},
              {"input1": f("f32", -0.0, 0.0, nan)}, "clamp-f32-minus-zero-below-zero-bound"),
        fixed("clamp", ("f32", "f32"), two, {"min": f("f32", -0.0)[0], "max": f("f32", 0.0)[0],
                                             "nan_mode": "IGNORE"},
              {"input1": f("f32", nan, 0.0)}, "clamp-f32-ignore-nan-between-zeros"),
        fixed("clamp", ("f16", "f16"), two, {"min": f("f16", -1.0)[0], "max": f("f16", -1.0)[0],
                                             "nan_mode": "IGNORE"},
              {"input1": f("f16", nan, 5.0)}, "clamp-f16-ignore-nan-equal-bounds"),
        fixed("mul", ("i32", "i32"), {"input1": (3,), "input2": (3,), "out": (3,)}, {"shift": 1},
              {"input1": [5, -5, 7], "input2": [1, 1, -3]}, "mul-i32-shift-1-ties"),
        fixed("mul", ("i32", "i32"), bin1, {"shift": 63}, {"input1": [-(1 << 31)], "input2": [-(1 << 31)]},
              "mul-i32-shift-63-int64-overflow"),
        fixed("mul", ("i32", "i32"), bin1, {"shift": 0}, {"input1": [65536], "input2": [65536]},
              "mul-i32-shift-0-low-bits"),
        fixed("mul", ("i32", "i32"), bin1, {"shift": 1}, {"input1": [100000], "input2": [100000]},
              "mul-i32-product-require"),
        fixed("mul", ("i32", "i32"), bin1, {"shift": 64}, {"input1": [3], "input2": [5]},
              "mul-i32-shift-64-require", runtime=True),
        fixed("mul", ("i16", "i32"), bin1, {"shift": 3}, {"input1": [3], "input2": [5]},
              "mul-i16-shift-require", runtime=True),
        fixed("add", ("i32", "i32"), bin1, {}, {"input1": [i32max], "input2": [1]}, "add-i32-require-wraps"),
        fixed("sub", ("i32", "i32"), bin1, {}, {"input1": [-(1 << 31)], "input2": [1]}, "sub-i32-require-wraps"),
        fixed("negate", ("i32", "i32"), bin1, {"izp": 0, "ozp": 0}, {"input1": [-(1 << 31)]},
              "negate-i32-require-min"),
        fixed("negate", ("i16", "i16"), two, {"izp": 1, "ozp": 0}, {"input1": [5, 6]}, "negate-i16-zero-point-error-if",
              runtime=True),
        fixed("negate", ("i8", "i8"), {"input1": (4,), "out": (4,)}, {"izp": -128, "ozp": 127},
              {"input1": [-128, 127, 0, -1]}, "negate-i8-zero-points-extreme", runtime=True),
        fixed("add", ("i8", "i8"), bin1, {}, {"input1": [100], "input2": [100]}, "add-i8-type-error-if"),
        fixed("add", ("bf16", "bf16"), bin1, {}, {"input1": [0x0006], "input2": [0x8001]}, "add-bf16-subnormal"),
        fixed("slice", ("i8", "i8"), {"input1": (3,), "out": (2,)}, {"start": [2], "size": [2]},
              {"input1": [1, 2, 3]}, "slice-out-of-bounds-error-if"),
        fixed("pad", ("f32", "f32"), {"input1": (1,), "out": (3,)}, {"padding": [1, 1], "pad_const": f("f32", -0.0)[0]},
              {"input1": f("f32", nan)}, "pad-f32-minus-zero-and-nan", runtime=True),
        fixed("concat", ("i1", "i1"), {"input1": (2, 1), "input2": (2, 2), "out": (2, 3)}, {"axis": 1},
              {"input1": [1, 0], "input2": [0, 1, 1, 0]}, "concat-bool-axis-1", inputs=["input1", "input2"],
              dynamic={"input1": (None, 1), "input2": (None, 2), "out": (None, 3)}),
        fixed("add", ("f32", "f32"), {"input1": (0, 2), "input2": (1, 2), "out": (0, 2)}, {},
              {"input1": [], "input2": f("f32", 1, 2)}, "add-f32-empty-dimension",
              dynamic={"input1": (None, 2), "out": (None, 2)}),
    ]


def probes():
    """Programs MLIR 22's lowering is expected to refuse, each run on its own."""
    return [
        fixed("add", ("f32", "f32"), {"input1": (1,), "input2": (1,), "out": (1,)}, {},
              {"input1": f("f32", 1), "input2": f("f32", 2)}, "probe-add-unranked", "probe",
              dynamic={"input1": "*", "input2": "*", "out": "*"}, expect="failed to legalize"),
        fixed("clamp", ("i8", "i8"), {"input1": (2,), "out": (2,)}, {"min": -1, "max": 1, "nan_mode": "PROPAGATE"},
              {"input1": [5, -5]}, "probe-clamp-unranked", "probe", dynamic={"input1": "*", "out": "*"},
              expect="failed to legalize"),
    ]
