#!/usr/bin/env python3
"""Differential test of quant-interp against the JIT-compiled MLIR.

spec/lowered-arith.md [arith.differential]. Generates (fixed seed) f32 / f64
arith and math ops and int<->float casts on special and random operands,
runs the same calls
  (a) through quant-interp, and
  (b) through mlir-opt --convert-{math,arith,func}-to-llvm | mlir-runner -O0
      (each op in its own function, called with constant arguments, so the
      host FPU / libm computes it, not LLVM's constant folder),
and compares the result bit patterns. NaN results compare as "any NaN"
(LLVM leaves NaN payload and sign unspecified); results that quant-interp
marks poison are checked against an independent Python rule instead (fptosi /
fptoui of NaN, inf or out of range) and not compared. maxnumf / minnumf
accept either zero for (+0, -0) and skip signaling NaNs (both
implementation-defined in LLVM).

Usage: differential.py QUANT_INTERP MLIR_OPT MLIR_RUNNER WORKDIR [CASES_PER_OP]
Prints one summary line per op and "differential: N compared, M mismatches";
exits 1 on any mismatch.
"""
import math
import os
import random
import shutil
import struct
import subprocess
import sys

F = {"f32": (32, 8, 23), "f64": (64, 11, 52)}
INT_T = {"f32": "i32", "f64": "i64"}


def specials(t):
    w, e, m = F[t]
    sign = 1 << (w - 1)
    exp_all = ((1 << e) - 1) << m
    one = ((1 << (e - 1)) - 1) << m
    vals = [0, exp_all, exp_all | (1 << (m - 1)), exp_all | 1, 1, (1 << m) - 1,
            1 << m, exp_all - 1, one, one | 1, one - 1, one + (1 << m), one + (1 << (m - 1)),
            ((1 << (e - 1)) + m - 1) << m,  # 2^m... large integers region
            ((1 << (e - 1)) + m) << m | 1, (((1 << (e - 1)) + 30) << m) | 12345,
            (((1 << (e - 1)) + 62) << m) | 777, (((1 << (e - 1)) + 31) << m),
            (((1 << (e - 1)) + 63) << m), (((1 << (e - 1)) - 2) << m) | 5]
    vals += [v | sign for v in vals]
    return vals


def rand_bits(t, rng):
    w, e, m = F[t]
    r = rng.random()
    if r < 0.4:  # moderate magnitudes
        sign = rng.getrandbits(1) << (w - 1)
        bias = (1 << (e - 1)) - 1
        ex = bias + rng.randint(-40, 70)
        return sign | (ex << m) | rng.getrandbits(m)
    if r < 0.55:  # small integers and halves
        v = rng.randint(-300, 300) / rng.choice([1, 2, 4])
        return to_bits(t, v)
    return rng.getrandbits(w)


def to_bits(t, v):
    if t == "f32":
        return struct.unpack("<I", struct.pack("<f", v))[0]
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def from_bits(t, b):
    if t == "f32":
        return struct.unpack("<f", struct.pack("<I", b))[0]
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def is_nan(t, b):
    w, e, m = F[t]
    return ((b >> m) & ((1 << e) - 1)) == (1 << e) - 1 and (b & ((1 << m) - 1)) != 0


def is_snan(t, b):
    w, e, m = F[t]
    return is_nan(t, b) and not (b >> (m - 1)) & 1


def is_zero(t, b):
    w, e, m = F[t]
    return b & ((1 << (w - 1)) - 1) == 0


def flit(t, b):
    return "0x%X : %s" % (b, t)


class Case:
    def __init__(self, op, func, operands, result, check):
        self.op, self.func, self.operands, self.result, self.check = op, func, operands, result, check


def build_cases(n, seed):
    rng = random.Random(seed)
    funcs = {}
    cases = []

    def operand_pool(t):
        pool = specials(t)
        return pool + [rand_bits(t, rng) for _ in range(max(0, n - len(pool)))]

    def add_func(name, args, res, body):
        funcs[name] = "func.func @%s(%s) -> %s {\n%s\n}\n" % (
            name, ", ".join("%%a%d: %s" % (i, a) for i, a in enumerate(args)), res, body)

    for t in ("f32", "f64"):
        it = INT_T[t]
        for op in ("addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf",
                   "maxnumf", "minnumf"):
            name = "%s_%s" % (op, t)
            add_func(name, [t, t], t, "  %%r = arith.%s %%a0, %%a1 : %s\n  return %%r : %s" % (op, t, t))
            pa, pb = operand_pool(t), operand_pool(t)
            rng.shuffle(pb)
            for a, b in zip(pa, pb):
                if op in ("maxnumf", "minnumf") and (is_snan(t, a) or is_snan(t, b)):
                    continue
                cases.append(Case(op + "." + t, name, [flit(t, a), flit(t, b)], t, "float"))
        for pred in ("oeq", "olt", "ole", "one", "ord", "ueq", "ugt", "une", "uno"):
            name = "cmpf_%s_%s" % (pred, t)
            add_func(name, [t, t], "i1", "  %%r = arith.cmpf %s, %%a0, %%a1 : %s\n  return %%r : i1" % (pred, t))
            pa, pb = operand_pool(t), operand_pool(t)
            rng.shuffle(pb)
            for a, b in list(zip(pa, pb)) + [(x, x) for x in specials(t)]:
                cases.append(Case("cmpf." + pred + "." + t, name, [flit(t, a), flit(t, b)], "i1", "int"))
        for op in ("negf",):
            name = "%s_%s" % (op, t)
            add_func(name, [t], t, "  %%r = arith.%s %%a0 : %s\n  return %%r : %s" % (op, t, t))
            for a in operand_pool(t):
                cases.append(Case(op + "." + t, name, [flit(t, a)], t, "float"))
        for op in ("sqrt", "floor", "ceil", "trunc", "roundeven", "round", "absf"):
            name = "math_%s_%s" % (op, t)
            add_func(name, [t], t, "  %%r = math.%s %%a0 : %s\n  return %%r : %s" % (op, t, t))
            for a in operand_pool(t):
                cases.append(Case("math." + op + "." + t, name, [flit(t, a)], t, "float"))
        name = "math_copysign_%s" % t
        add_func(name, [t, t], t, "  %%r = math.copysign %%a0, %%a1 : %s\n  return %%r : %s" % (t, t))
        for a, b in zip(operand_pool(t), operand_pool(t)):
            cases.append(Case("math.copysign." + t, name, [flit(t, a), flit(t, b)], t, "float"))
        name = "math_fma_%s" % t
        add_func(name, [t, t, t], t, "  %%r = math.fma %%a0, %%a1, %%a2 : %s\n  return %%r : %s" % (t, t))
        for a, b, c in zip(operand_pool(t), operand_pool(t), operand_pool(t)):
            cases.append(Case("math.fma." + t, name, [flit(t, a), flit(t, b), flit(t, c)], t, "float"))
        # int -> float
        for iw in (8, 32, 64):
            ity = "i%d" % iw
            for op in ("sitofp", "uitofp"):
                name = "%s_%s_%s" % (op, ity, t)
                add_func(name, [ity], t, "  %%r = arith.%s %%a0 : %s to %s\n  return %%r : %s" % (op, ity, t, t))
                vals = [0, 1, -1, (1 << (iw - 1)) - 1, -(1 << (iw - 1)), (1 << 24) + 1, (1 << 53) + 1,
                        (1 << 54) + 3, 16777217, -16777217]
                vals = [v for v in vals if -(1 << (iw - 1)) <= v < (1 << (iw - 1))]
                vals += [rng.randint(-(1 << (iw - 1)), (1 << (iw - 1)) - 1) >> rng.randint(0, iw - 1)
                         for _ in range(n)]
                for v in vals:
                    cases.append(Case(op + "." + ity + "." + t, name, ["%d : %s" % (v, ity)], t, "float"))
            # float -> int
            for op in ("fptosi", "fptoui"):
                name = "%s_%s_%s" % (op, t, ity)
                add_func(name, [t], ity, "  %%r = arith.%s %%a0 : %s to %s\n  return %%r : %s" % (op, t, ity, ity))
                pool = operand_pool(t)
                pool += [to_bits(t, float(x)) for x in
                         (2.0 ** (iw - 1) - 1, 2.0 ** (iw - 1), -(2.0 ** (iw - 1)), 2.0 ** iw, 2.0 ** iw - 1,
                          -0.99, -1.0, 0.99, 255.5, -128.5, 127.9, -129.0)]
                pool += [to_bits(t, rng.uniform(-(2.0 ** iw), 2.0 ** iw)) for _ in range(n // 2)]
                pool += [to_bits(t, rng.uniform(-300, 300)) for _ in range(n // 4)]
                for a in pool:
                    if t == "f32":
                        a &= 0xFFFFFFFF
                    cases.append(Case(op + "." + t + "." + ity, name, [flit(t, a)], ity,
                                      ("toint", t, a, op == "fptosi", iw)))
    # f32 <-> f64
    add_func("extf", ["f32"], "f64", "  %r = arith.extf %a0 : f32 to f64\n  return %r : f64")
    for a in operand_pool("f32"):
        cases.append(Case("extf.f32.f64", "extf", [flit("f32", a)], "f64", "float"))
    add_func("truncf", ["f64"], "f32", "  %r = arith.truncf %a0 : f64 to f32\n  return %r : f32")
    pool = operand_pool("f64") + [to_bits("f64", rng.uniform(-1e39, 1e39)) for _ in range(n // 2)] + \
        [to_bits("f64", rng.uniform(-1e-38, 1e-38) * 1e-6) for _ in range(n // 2)] + \
        [to_bits("f64", 3.4028235677973366e38), to_bits("f64", 3.4028235677973362e38),
         to_bits("f64", 1.401298464324817e-45 / 2), to_bits("f64", 1.401298464324817e-45 * 0.75)]
    for a in pool:
        cases.append(Case("truncf.f64.f32", "truncf", [flit("f64", a)], "f32", "float"))
    return funcs, cases


def result_to_i64(res, var, k):
    """MLIR lines turning a result %var of type res into an i64 %o{k}."""
    if res in ("f32", "f64"):
        it = INT_T[res]
        lines = ["  %%b%d = arith.bitcast %s : %s to %s" % (k, var, res, it)]
        if it == "i64":
            lines.append("  %%o%d = arith.addi %%b%d, %%zero : i64" % (k, k))
        else:
            lines.append("  %%o%d = arith.extui %%b%d : %s to i64" % (k, k, it))
        return lines
    if res == "i64":
        return ["  %%o%d = arith.addi %s, %%zero : i64" % (k, var)]
    return ["  %%o%d = arith.extui %s : %s to i64" % (k, var, res)]


def call_lines(case, k):
    lines = []
    args = []
    for j, operand in enumerate(case.operands):
        lines.append("  %%c%d_%d = arith.constant %s" % (k, j, operand))
        args.append("%%c%d_%d" % (k, j))
    types = [o.rsplit(": ", 1)[1] for o in case.operands]
    lines.append("  %%r%d = func.call @%s(%s) : (%s) -> %s" % (k, case.func, ", ".join(args),
                                                              ", ".join(types), case.result))
    return lines + result_to_i64(case.result, "%%r%d" % k, k)


def write_modules(funcs, cases, workdir):
    body = [l for k, c in enumerate(cases) for l in call_lines(c, k)]
    zero = "  %zero = arith.constant 0 : i64"
    interp = "".join(funcs.values())
    interp += "func.func @main() -> (%s) {\n%s\n%s\n  return %s : %s\n}\n" % (
        ", ".join(["i64"] * len(cases)), zero, "\n".join(body),
        ", ".join("%%o%d" % k for k in range(len(cases))), ", ".join(["i64"] * len(cases)))
    # quant-interp only runs public functions as entries; the helpers are private-free
    jit = "func.func private @printI64(i64)\nfunc.func private @printNewline()\n" + "".join(funcs.values())
    prints = []
    for k in range(len(cases)):
        prints.append("  func.call @printI64(%%o%d) : (i64) -> ()" % k)
        prints.append("  func.call @printNewline() : () -> ()")
    jit += "func.func @main() {\n%s\n%s\n%s\n  return\n}\n" % (zero, "\n".join(body), "\n".join(prints))
    pi, pj = os.path.join(workdir, "interp.mlir"), os.path.join(workdir, "jit.mlir")
    with open(pi, "w") as f:
        f.write(interp)
    with open(pj, "w") as f:
        f.write(jit)
    return pi, pj


def run_interp(quant_interp, path):
    out = subprocess.run([quant_interp, path, "--entry=main"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("quant-interp failed:\n" + out.stderr)
    values = []
    for line in out.stdout.splitlines():
        if line.startswith("// poison:"):
            values[-1] = None
        else:
            values.append(int(line.split(" : ")[0]))
    return values


def run_jit(mlir_opt, mlir_runner, path):
    lowered = subprocess.run([mlir_opt, path, "--convert-math-to-llvm", "--convert-arith-to-llvm",
                              "--convert-func-to-llvm", "--reconcile-unrealized-casts"],
                             capture_output=True, text=True)
    if lowered.returncode != 0:
        sys.exit("mlir-opt failed:\n" + lowered.stderr)
    runner_path = shutil.which(mlir_runner) or mlir_runner
    libdir = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(runner_path))), "lib")
    lib = os.path.join(libdir, "libmlir_c_runner_utils.so")
    out = subprocess.run([mlir_runner, "-O0", "-e", "main", "-entry-point-result=void",
                          "-shared-libs=" + lib], input=lowered.stdout, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("mlir-runner failed:\n" + out.stderr)
    return [int(l) for l in out.stdout.split()]


def expected_poison(check):
    _, t, a, signed, iw = check
    if is_nan(t, a):
        return True
    v = from_bits(t, a)
    if math.isinf(v):
        return True
    q = math.trunc(v)
    lo, hi = (-(1 << (iw - 1)), (1 << (iw - 1)) - 1) if signed else (0, (1 << iw) - 1)
    return not (lo <= q <= hi)


def main():
    quant_interp, mlir_opt, mlir_runner, workdir = sys.argv[1:5]
    n = int(sys.argv[5]) if len(sys.argv) > 5 else 64
    os.makedirs(workdir, exist_ok=True)
    funcs, cases = build_cases(n, seed=20250122)
    pi, pj = write_modules(funcs, cases, workdir)
    mine = run_interp(quant_interp, pi)
    theirs = run_jit(mlir_opt, mlir_runner, pj)
    if len(mine) != len(cases) or len(theirs) != len(cases):
        sys.exit("result count mismatch: %d cases, %d interp, %d jit" % (len(cases), len(mine), len(theirs)))
    stats = {}
    mismatches = 0
    compared = 0
    for case, x, y in zip(cases, mine, theirs):
        st = stats.setdefault(case.op, [0, 0, 0])
        ok = True
        if isinstance(case.check, tuple):
            want_poison = expected_poison(case.check)
            if (x is None) != want_poison:
                ok = False
            elif x is not None:
                ok = x == y
            st[2] += x is None
        elif x is None:
            ok = False
        elif case.check == "float":
            t = case.result
            mask = (1 << F[t][0]) - 1
            xb, yb = x & mask, y & mask
            if is_nan(t, xb) or is_nan(t, yb):
                ok = is_nan(t, xb) and is_nan(t, yb)
            elif case.op.startswith(("maxnumf", "minnumf")) and is_zero(t, xb) and is_zero(t, yb):
                ok = True
            else:
                ok = xb == yb
        else:
            ok = x == y
        st[0] += 1
        compared += 1
        if not ok:
            st[1] += 1
            mismatches += 1
            if mismatches <= 20:
                print("MISMATCH %s(%s): quant-interp %s, jit %s" % (
                    case.op, ", ".join(case.operands), "poison" if x is None else hex(x & (2**64 - 1)),
                    hex(y & (2**64 - 1))))
    for op in sorted(stats):
        print("%s: %d cases, %d mismatches, %d poison" % (op, *stats[op]))
    print("differential: %d compared, %d mismatches" % (compared, mismatches))
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
