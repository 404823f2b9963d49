#!/usr/bin/env python3
"""A command-protocol backend for elementwise cases (docs/vendor-guide.md),
naive Python from elementwise.json and the operand files: ADD, SUB, MUL (with
its shift), NEGATE (zero points, the clip), CLAMP, broadcasting size-1
dimensions; inputs that do not broadcast are refused (exit 3), as is a
declared result they contradict. Other ops exit 77. Modes:
  record DIR   also write DIR/<id>.txt: the file names, request.txt, elementwise.json
  compute      TOSA's result (a sum beyond i32 is just wrapped)
  truncate     MUL rounds by truncation toward zero instead of adding 2^(shift-1) (a wrong backend)
  reject       exits 3 (refuses every program)
"""
import json, os, sys

mode, req = sys.argv[1], sys.argv[-1]
if mode == "reject":
    sys.exit(3)
if not os.path.exists(os.path.join(req, "elementwise.json")):
    print("not an elementwise case", file=sys.stderr)
    sys.exit(77)
op = json.load(open(os.path.join(req, "elementwise.json")))
if mode == "record":
    with open(os.path.join(sys.argv[2], os.path.basename(req.rstrip("/")) + ".txt"), "w") as f:
        f.write("files: " + " ".join(sorted(os.listdir(req))) + "\n")
        f.write(open(os.path.join(req, "request.txt")).read())
        f.write("elementwise.json: " + json.dumps(op, sort_keys=True) + "\n")
read = {o["name"]: ([int(l) for l in open(os.path.join(req, o["file"]))], o["shape"]) for o in op["operands"]}
x, xs = read["input"]
out_shape = op["outputShape"]


def wrap(v, bits):
    return (v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))


def at(values, shape, index):
    """The element a broadcast output index reads (size-1 dimensions read 0)."""
    flat = 0
    for d, size in enumerate(shape):
        flat = flat * size + (0 if size == 1 else index[d])
    return values[flat]


def indices(shape):
    if not shape:
        yield []
        return
    for i in range(shape[0]):
        for rest in indices(shape[1:]):
            yield [i] + rest


name = op["op"]
if name in ("add", "sub", "mul"):
    y, ys = read["input2"]
    if len(xs) != len(ys) or any(a != b and a != 1 and b != 1 for a, b in zip(xs, ys)):
        print("shapes %s and %s do not broadcast" % (xs, ys), file=sys.stderr)
        sys.exit(3)
    if [b if a == 1 else a for a, b in zip(xs, ys)] != out_shape:
        print("the declared result contradicts the inputs", file=sys.stderr)
        sys.exit(3)
    out = []
    for index in indices(out_shape):
        a, b = at(x, xs, index), at(y, ys, index)
        if name == "add":
            out.append(a + b)
        elif name == "sub":
            out.append(a - b)
        else:
            shift = op["shift"]
            if shift and mode == "truncate":
                p = a * b
                out.append(-((-p) >> shift) if p < 0 else p >> shift)
            else:
                out.append((a * b + (1 << (shift - 1))) >> shift if shift else a * b)
elif name in ("negate", "clamp"):
    if xs != out_shape:
        print("the declared result contradicts the input", file=sys.stderr)
        sys.exit(3)
    bits = int(op["input"][1:])
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    if name == "negate":
        out = [min(max(-(v - op["input1Zp"]) + op["outputZp"], lo), hi) for v in x]
    else:
        out = [min(max(v, op["minVal"]), op["maxVal"]) for v in x]
else:
    print("op %s not implemented" % name, file=sys.stderr)
    sys.exit(77)
bits = int(op["output"][1:])  # beyond out_t (unpredictable): wrap, as compiled code does
with open(os.path.join(req, "output.txt"), "w") as f:
    f.write("".join("%d\n" % wrap(v, bits) for v in out))
