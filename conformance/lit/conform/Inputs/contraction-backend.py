#!/usr/bin/env python3
"""A command-protocol backend for contraction cases (docs/vendor-guide.md),
naive Python from contraction.json: MATMUL and CONV2D (integer sums, bias per
channel or broadcast); other ops exit 77. Modes:
  record DIR   also write DIR/<id>.txt: the file names, request.txt, contraction.json
  compute      TOSA's result (exact sums; a sum beyond acc_t is just computed)
  no-input-zp  forgets to subtract input_zp (a wrong backend)
  reject       exits 3 (refuses every program)
"""
import json, os, sys

mode, req = sys.argv[1], sys.argv[-1]
if mode == "reject":
    sys.exit(3)
op = json.load(open(os.path.join(req, "contraction.json")))
if mode == "record":
    with open(os.path.join(sys.argv[2], os.path.basename(req.rstrip("/")) + ".txt"), "w") as f:
        f.write("files: " + " ".join(sorted(os.listdir(req))) + "\n")
        f.write(open(os.path.join(req, "request.txt")).read())
        f.write("contraction.json: " + json.dumps(op, sort_keys=True) + "\n")
if op["op"] not in ("matmul", "conv2d"):
    print("op %s not implemented" % op["op"], file=sys.stderr)
    sys.exit(77)
read = {o["name"]: ([int(l) for l in open(os.path.join(req, o["file"]))], o["shape"]) for o in op["operands"]}
(x, xs), (w, ws) = read["input"], read["weight"]
izp = 0 if mode == "no-input-zp" else op.get("aZp", op.get("inputZp", 0))
wzp = op.get("bZp", op.get("weightZp", 0))
out = []
if op["op"] == "matmul":
    N, H, C = xs
    W = ws[2]
    for n in range(N):
        for h in range(H):
            for c2 in range(W):
                out.append(sum((x[(n * H + h) * C + c] - izp) * (w[(n * C + c) * W + c2] - wzp) for c in range(C)))
elif op["op"] == "conv2d":
    b, _ = read["bias"]
    N, IH, IW, IC = xs
    OC, KH, KW, _ = ws
    pt, pb, pl, pr = op["pad"]
    sy, sx = op["stride"]
    dy, dx = op["dilation"]
    _, OH, OW, _ = op["outputShape"]
    for n in range(N):
        for oy in range(OH):
            for ox in range(OW):
                for oc in range(OC):
                    acc = 0
                    for ky in range(KH):
                        for kx in range(KW):
                            y, xx = oy * sy - pt + ky * dy, ox * sx - pl + kx * dx
                            if 0 <= y < IH and 0 <= xx < IW:
                                for ic in range(IC):
                                    acc += (x[((n * IH + y) * IW + xx) * IC + ic] - izp) * \
                                           (w[((oc * KH + ky) * KW + kx) * IC + ic] - wzp)
                    out.append(acc + b[0 if len(b) == 1 else oc])
else:
    print("op %s not implemented" % op["op"], file=sys.stderr)
    sys.exit(77)
bits = int(op["output"][1:])  # beyond acc_t (unpredictable): wrap, as compiled code does
out = [(v + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1)) for v in out]
with open(os.path.join(req, "output.txt"), "w") as f:
    f.write("".join("%d\n" % v for v in out))
