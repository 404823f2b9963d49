#!/usr/bin/env python3
"""Translation check: MLIR 22's lowering of tosa.rescale against the reference semantics.

Spec: spec/translation-check.md [translation.rescale.corpus], [translation.rescale.compare],
[translation.rescale.classes]; the semantics: spec/rescale.md. Figures: docs/translation-check-rescale.md.

For every program of a generated corpus (one tosa.rescale per program: in_t x out_t x signedness x scale32 x rounding
mode x per-tensor / per-channel x constant / runtime multiplier, shift and zero points), run
  A. quant-interp on the original program (the reference semantics, spec/rescale.md),
  B. quant-interp's lowered-IR interpreter on the output of mlir-opt-22 with one of the lowerings
       generic  func.func(tosa-to-linalg, tosa-to-arith{include-apply-rescale=true use-32-bit=false})
       32bit    func.func(tosa-to-linalg, tosa-to-arith{include-apply-rescale=true use-32-bit=true})
       linalg   func.func(tosa-to-linalg)   (tosa.apply_scale left in the linalg bodies; interpreted only)
  C. the same lowering taken on to LLVM and run natively by mlir-runner-22 -O3 (the mlir-cpu backend's way:
     docs/vendor-guide.md), every output element printed through printI64,
and compare element by element (bit patterns). A model of the specification's pseudo-code written here (apply_scale_32,
apply_scale_16, RESCALE) cross-checks A and classifies every departure:
  unpredictable  A stops on a REQUIRE: the specification allows any value;
  error-if       A stops on an ERROR_IF (runtime zero points only; MLIR's verifier rejects constant ones): no output;
  departure      A has a value and B or C another one: not allowed. Known causes are named (runtime zero points of
                 unsigned types sign-extended; a constant multiplier with a runtime shift or the other way round,
                 which leaves an empty constant tensor in the linalg.generic); an unnamed cause fails the check;
  refused        mlir-opt fails on a valid program (no output, not a wrong value).
Exit status 1 when: quant-interp fails where it should not, A differs from the model, B and C differ where B is not
poison, a departure has no known cause, or a lowering fails for an unknown reason. --reproducers runs only the minimal
reproducer of each class and prints A, B and C for it. Standard library only.
"""
import argparse
import bisect
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

SINGLE, INEXACT, DOUBLE = "SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND"

LOWERINGS = {
    "generic": "func.func(tosa-to-linalg,tosa-to-arith{include-apply-rescale=true use-32-bit=false})",
    "32bit": "func.func(tosa-to-linalg,tosa-to-arith{include-apply-rescale=true use-32-bit=true})",
    "linalg": "func.func(tosa-to-linalg)",
}
NATIVE = {"generic", "32bit"}  # tosa.apply_scale has no lowering to LLVM of its own
# After the TOSA lowering: the mlir-cpu backend's pipeline from --canonicalize on (conformance/runner/Backends.cpp).
LLVM_TAIL = ("canonicalize,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,"
             "convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-math-to-llvm,"
             "convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,"
             "reconcile-unrealized-casts")


# ----------------------------------------------------------------------------------------------------------------------
# Types
# ----------------------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class IntType:
    name: str
    width: int
    unsigned: bool

    @property
    def lo(self):
        return 0 if self.unsigned else -(1 << (self.width - 1))

    @property
    def hi(self):
        return (1 << self.width) - 1 if self.unsigned else (1 << (self.width - 1)) - 1

    @property
    def mlir(self):
        return f"i{self.width}"  # signless: signedness is the op's input_unsigned / output_unsigned

    def signless(self, v):
        """The value as MLIR prints the signless bit pattern (two's complement)."""
        v &= (1 << self.width) - 1
        return v - (1 << self.width) if v >= 1 << (self.width - 1) else v


I8, U8, I16, U16, I32, I48 = (IntType("i8", 8, False), IntType("u8", 8, True), IntType("i16", 16, False),
                              IntType("u16", 16, True), IntType("i32", 32, False), IntType("i48", 48, False))
IN_TYPES = [I8, U8, I16, U16, I32, I48]
OUT_TYPES = [I8, U8, I16, U16, I32]


def type_ok(i, o):
    """The type pairs RESCALE allows (spec/rescale.md [rescale.error-if] 4)."""
    if i.unsigned and o.unsigned:
        return False
    if o == I32 and i.unsigned:
        return False
    if i in (I32, I48) and o.unsigned:
        return False
    return True


def modes(i):
    """(scale32, rounding mode) pairs allowed for in_t ([rescale.error-if] 3)."""
    both = [(True, SINGLE), (True, DOUBLE), (True, INEXACT), (False, SINGLE), (False, INEXACT)]
    return [(s, r) for s, r in both if not (s and i == I48)]


def zp_allowed(t, zp):
    if t.width == 8:
        return True
    if t == U16:
        return zp in (0, 32768)
    return zp == 0


# ----------------------------------------------------------------------------------------------------------------------
# The model of the specification's pseudo-code (spec/rescale.md). Values are Python integers (unbounded).
# ----------------------------------------------------------------------------------------------------------------------

class Undefined(Exception):
    def __init__(self, kind, condition):
        super().__init__(f"{kind}({condition})")
        self.kind = kind  # "REQUIRE" or "ERROR_IF"
        self.condition = condition


def apply_scale_32(value, multiplier, shift, double_round):
    if not multiplier >= 0:
        raise Undefined("REQUIRE", "multiplier >= 0")
    if not 2 <= shift <= 62:
        raise Undefined("REQUIRE", "2 <= shift && shift <= 62")
    if not -(1 << (shift - 1)) <= value < (1 << (shift - 1)):
        raise Undefined("REQUIRE", "value in [-(1 << (shift - 1)), 1 << (shift - 1))")
    rnd = 1 << (shift - 1)
    if double_round and shift > 31:
        rnd += (1 << 30) if value >= 0 else -(1 << 30)
    return (value * multiplier + rnd) >> shift


def apply_scale_16(value, multiplier, shift):
    if not multiplier >= 0:
        raise Undefined("REQUIRE", "multiplier >= 0")
    if not 2 <= shift <= 62:
        raise Undefined("REQUIRE", "2 <= shift && shift <= 62")
    result = (value * multiplier + (1 << (shift - 1))) >> shift
    if not -(1 << 31) <= result < (1 << 31):
        raise Undefined("REQUIRE", "result in int32 (apply_scale_16)")
    return result


def rescale_model(p, v, c, izp=None, ozp=None):
    """RESCALE of one element v (its value in in_t, unsigned types as 0..2^n-1) in channel c. izp / ozp override
    the program's zero points (to model a lowering that reads them differently; the ERROR_IFs on zero points are
    then not checked)."""
    if izp is None and ozp is None:
        if not zp_allowed(p.in_t, p.izp):
            raise Undefined("ERROR_IF", "input_zp")
        if not zp_allowed(p.out_t, p.ozp):
            raise Undefined("ERROR_IF", "output_zp")
    izp = p.izp if izp is None else izp
    ozp = p.ozp if ozp is None else ozp
    value = v - izp
    m, s = p.mults[c], p.shifts[c]
    if p.scale32:
        result = apply_scale_32(value, m, s, p.rounding == DOUBLE)
    else:
        result = apply_scale_16(value, m, s)
    result += ozp
    if not -(1 << 31) <= result < (1 << 31):
        raise Undefined("REQUIRE", "apply_add_s<int32_t> does not overflow")
    return min(max(result, p.out_t.lo), p.out_t.hi)


# ----------------------------------------------------------------------------------------------------------------------
# Programs
# ----------------------------------------------------------------------------------------------------------------------

@dataclass
class Program:
    name: str
    group: str
    in_t: IntType
    out_t: IntType
    scale32: bool
    rounding: str
    per_channel: bool
    mults: list
    shifts: list
    izp: int
    ozp: int
    m_src: str = "const"  # "const" (tosa.const) or "arg" (a function argument)
    s_src: str = "const"
    zp_src: str = "const"
    values: list = field(default_factory=list)  # flat, row-major
    shape: tuple = ()

    @property
    def channels(self):
        return len(self.mults)

    def channel_of(self, index):
        return index % self.shape[-1] if self.per_channel else 0

    def count(self):
        n = 1
        for d in self.shape:
            n *= d
        return n


def dense(values, t, shape):
    """dense<...> : tensor<SHAPExT> literal of signless values."""
    vals = [str(t.signless(v)) for v in values]
    if len(shape) == 1:
        body = "[" + ", ".join(vals) + "]"
    else:
        rows, cols = shape
        body = "[" + ", ".join("[" + ", ".join(vals[r * cols:(r + 1) * cols]) + "]" for r in range(rows)) + "]"
    return f"dense<{body}> : {tensor(shape, t)}"


def tensor(shape, t):
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{t.mlir}>"


MULT32 = IntType("i32", 32, False)
MULT16 = IntType("i16", 16, False)
SHIFT8 = IntType("i8", 8, False)


def operands(p):
    """[(role, literal text, type text)] for multiplier, shift, input_zp, output_zp, in operand order."""
    mt = MULT32 if p.scale32 else MULT16
    nc = p.channels
    return [
        ("m", dense(p.mults, mt, (nc,)), tensor((nc,), mt), p.m_src),
        ("s", dense(p.shifts, SHIFT8, (nc,)), tensor((nc,), SHIFT8), p.s_src),
        ("izp", dense([p.izp], p.in_t, (1,)), tensor((1,), p.in_t), p.zp_src),
        ("ozp", dense([p.ozp], p.out_t, (1,)), tensor((1,), p.out_t), p.zp_src),
    ]


def function_text(p, fn, attributes=""):
    """func.func @fn with the tosa.rescale; runtime operands are parameters after the input."""
    ops = operands(p)
    xt, rt = tensor(p.shape, p.in_t), tensor(p.shape, p.out_t)
    params = [f"%x: {xt}"] + [f"%{role}: {ty}" for role, _, ty, src in ops if src == "arg"]
    body = [f"  %{role} = \"tosa.const\"() {{values = {lit}}} : () -> {ty}" for role, lit, ty, src in ops
            if src == "const"]
    attrs = (f"scale32 = {str(p.scale32).lower()}, rounding_mode = {p.rounding}, "
             f"per_channel = {str(p.per_channel).lower()}, input_unsigned = {str(p.in_t.unsigned).lower()}, "
             f"output_unsigned = {str(p.out_t.unsigned).lower()}")
    types = ", ".join([xt] + [ty for _, _, ty, _ in ops])
    body.append(f"  %r = tosa.rescale %x, %m, %s, %izp, %ozp {{{attrs}}} : ({types}) -> {rt}")
    body.append(f"  return %r : {rt}")
    attributes = f" attributes {{{attributes}}}" if attributes else ""
    return f"func.func @{fn}({', '.join(params)}) -> {rt}{attributes} {{\n" + "\n".join(body) + "\n}\n"


def call_lines(p, fn, indent="  ", suffix=""):
    """Constants for the input and the runtime operands, and the call; the result is %r{suffix}."""
    ops = operands(p)
    xt, rt = tensor(p.shape, p.in_t), tensor(p.shape, p.out_t)
    lines = [f"{indent}%x{suffix} = arith.constant {dense(p.values, p.in_t, p.shape)}"]
    args, types = [f"%x{suffix}"], [xt]
    for role, lit, ty, src in ops:
        if src == "arg":
            lines.append(f"{indent}%{role}{suffix} = arith.constant {lit}")
            args.append(f"%{role}{suffix}")
            types.append(ty)
    lines.append(f"{indent}%r{suffix} = func.call @{fn}({', '.join(args)}) : ({', '.join(types)}) -> {rt}")
    return lines


def chunk_text(p):
    """One --split-input-file chunk: the program as @prog and an argument-less @main that calls it (the arguments
    are constants in @main, so @prog sees runtime operands; no pass here inlines)."""
    rt = tensor(p.shape, p.out_t)
    main = ["func.func @main() -> " + rt + " {"] + call_lines(p, "prog") + [f"  return %r : {rt}", "}"]
    return f"// {p.name}\n" + function_text(p, "prog") + "\n".join(main) + "\n"


def native_module(programs):
    """All programs as @p_N (noinline: the constants must not fold into the code under test) and @qi_harness,
    which prints for program N the marker -(N+1), then every output element zero-extended to i64."""
    parts = [function_text(p, f"p_{n}", 'passthrough = ["noinline"]') for n, p in programs]
    h = ["func.func private @printI64(i64)", "func.func private @printNewline()", "func.func @qi_harness() {",
         "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    for n, p in programs:
        s = f"_{n}"
        h += call_lines(p, f"p_{n}", suffix=s)
        h += [f"  %mark{s} = arith.constant {-(n + 1)} : i64",
              f"  func.call @printI64(%mark{s}) : (i64) -> ()", "  func.call @printNewline() : () -> ()"]
        count, ot = p.count(), p.out_t.mlir
        flat = f"%r{s}"
        if len(p.shape) > 1:
            h.append(f"  %flat{s} = tensor.collapse_shape %r{s} [[0, 1]] : {tensor(p.shape, p.out_t)} into "
                     f"tensor<{count}x{ot}>")
            flat = f"%flat{s}"
        h += [f"  %n{s} = arith.constant {count} : index",
              f"  scf.for %i{s} = %c0 to %n{s} step %c1 {{",
              f"    %e{s} = tensor.extract {flat}[%i{s}] : tensor<{count}x{ot}>",
              f"    %w{s} = arith.extui %e{s} : {ot} to i64",
              f"    func.call @printI64(%w{s}) : (i64) -> ()",
              "    func.call @printNewline() : () -> ()",
              "  }"]
    h += ["  return", "}"]
    return "\n".join(parts) + "\n".join(h) + "\n"


# ----------------------------------------------------------------------------------------------------------------------
# The corpus
# ----------------------------------------------------------------------------------------------------------------------

MULT32_VALUES = [0, 1, 2, 3, 1 << 16, 12345, 1 << 30, (1 << 30) + 1, 1431655765, 1518500250, (1 << 31) - 1]
MULT16_VALUES = [0, 1, 2, 3, 12345, 1 << 14, 16385, 21845, 32767]
SHIFTS = [2, 3, 7, 8, 15, 16, 17, 24, 30, 31, 32, 33, 34, 40, 47, 48, 55, 61, 62]
IN_ZPS = {I8: [-128, 127, 0, -1, 5], U8: [0, 255, 128, 127, 200], U16: [32768, 0]}
OUT_ZPS = {I8: [127, -128, 0, -3], U8: [255, 0, 128, 200], U16: [32768, 0]}


def solve_residue(m, r, s):
    """(d0, period): value*m == r (mod 2^s) exactly for value == d0 (mod period), or None."""
    if m == 0:
        return None
    t = (m & -m).bit_length() - 1
    if t >= s:
        return (0, 1) if r % (1 << s) == 0 else None
    if r % (1 << t):
        return None
    period = 1 << (s - t)
    o = (m >> t) % period
    return ((r >> t) * pow(o, -1, period)) % period, period


def interesting_values(p, c, rng):
    """Candidate inputs for channel c: type extremes, zero points, the REQUIRE window edges, rounding ties (single
    and double rounding), saturation edges, a few random values."""
    t, m, s = p.in_t, p.mults[c], p.shifts[c]
    zp = p.izp
    cand = {t.lo, t.lo + 1, -1, 0, 1, t.hi - 1, t.hi, zp - 1, zp, zp + 1}
    h = 1 << (s - 1)
    lo, hi = t.lo - zp, t.hi - zp  # value = v - zp
    if p.scale32:
        cand |= {zp - h, zp - h - 1, zp + h - 1, zp + h}
        lo, hi = max(lo, -h), min(hi, h - 1)
    residues = {h}
    if p.scale32 and p.rounding == DOUBLE and s > 31:
        residues |= {(h - (1 << 30)) % (1 << s), (h + (1 << 30)) % (1 << s)}
    for r in list(residues):
        for rr in (r - 1, r, r + 1):
            sol = solve_residue(m, rr, s)
            if sol is None:
                continue
            d0, period = sol
            for d in (d0, d0 - period, d0 + period, d0 - 2 * period):
                cand.add(zp + d)
            if hi >= lo:
                top = d0 + ((hi - d0) // period) * period
                bottom = d0 + (-((d0 - lo) // period)) * period
                for d in (top, top - period, bottom, bottom + period):
                    cand.add(zp + d)
    if m:
        ot = p.out_t
        for target in (ot.hi - p.ozp, ot.hi - p.ozp + 1, ot.lo - p.ozp, ot.lo - p.ozp - 1):
            # smallest value with (value*m + 2^(s-1)) >> s >= target
            d = -((-(target * (1 << s) - h)) // m)
            for e in (d - 2, d - 1, d, d + 1):
                cand.add(zp + e)
    for _ in range(3):
        cand.add(rng.randint(t.lo, t.hi))
        if hi >= lo:
            cand.add(zp + rng.randint(lo, hi))
    return sorted(v for v in cand if t.lo <= v <= t.hi)


def fill_values(p, rng, rows_cap):
    """Chooses the input values (valid for the model in every element: violations get programs of their own) and
    the shape."""
    per_channel = []
    for c in range(p.channels):
        valid = []
        for v in interesting_values(p, c, rng):
            try:
                rescale_model(p, v, c)
                valid.append(v)
            except Undefined:
                pass
        if len(valid) > rows_cap:  # keep both ends and an even spread
            step = len(valid) / rows_cap
            valid = sorted({valid[int(i * step)] for i in range(rows_cap)} | {valid[0], valid[-1]})
        per_channel.append(valid or [p.izp])
    if p.per_channel:
        rows = max(len(v) for v in per_channel)
        p.shape = (rows, p.channels)
        p.values = [per_channel[c][r % len(per_channel[c])] for r in range(rows) for c in range(p.channels)]
    else:
        p.values = per_channel[0]
        p.shape = (len(p.values),)


def pairs(scale32):
    mults = MULT32_VALUES if scale32 else MULT16_VALUES
    return [(m, s) for s in SHIFTS for m in mults]


def corpus(tier):
    """The programs of a tier (deterministic)."""
    rng = random.Random(20250601)
    programs = []
    full = tier == "full"

    def add(p, rows_cap=24):
        fill_values(p, rng, rows_cap)
        programs.append(p)

    # 1. The type matrix: every allowed (in_t, out_t, scale32, rounding mode), per-tensor and per-channel, all operands
    #    constant or all runtime; multiplier/shift pairs and zero points taken in turn from their lists.
    k = 0
    for i in IN_TYPES:
        for o in OUT_TYPES:
            if not type_ok(i, o):
                continue
            for scale32, rounding in modes(i):
                plist = pairs(scale32)
                for per_channel in (False, True):
                    for src in ("const", "arg"):
                        if not full and (k % 2):
                            k += 1
                            continue
                        nc = 4 if per_channel else 1
                        chosen = [plist[(k * 7 + j * 31) % len(plist)] for j in range(nc)]
                        izps, ozps = IN_ZPS.get(i, [0]), OUT_ZPS.get(o, [0])
                        p = Program(
                            name=f"types-{i.name}-{o.name}-{'s32' if scale32 else 's16'}-{rounding}-"
                                 f"{'pc' if per_channel else 'pt'}-{src}",
                            group="types", in_t=i, out_t=o, scale32=scale32, rounding=rounding,
                            per_channel=per_channel, mults=[m for m, _ in chosen], shifts=[s for _, s in chosen],
                            izp=izps[k % len(izps)], ozp=ozps[(k // 2) % len(ozps)], m_src=src, s_src=src,
                            zp_src=src)
                        add(p, 24 if full else 12)
                        k += 1

    # 2. Zero points at the extremes, constant and runtime, on 8-bit and unsigned 16-bit types.
    for i, o in [(I8, I8), (U8, I8), (I8, U8), (U16, I16), (I16, U16), (U8, I16), (I8, I16), (U16, I8)]:
        for izp in IN_ZPS.get(i, [0]):
            for ozp in OUT_ZPS.get(o, [0]):
                for src in ("const", "arg"):
                    if not full and (izp, ozp) not in ((IN_ZPS.get(i, [0])[0], OUT_ZPS.get(o, [0])[0]),
                                                       (IN_ZPS.get(i, [0])[-1], OUT_ZPS.get(o, [0])[-1])):
                        continue
                    add(Program(name=f"zp-{i.name}-{o.name}-{izp}-{ozp}-{src}", group="zero-points", in_t=i,
                                out_t=o, scale32=True, rounding=DOUBLE, per_channel=True,
                                mults=[1 << 30, (1 << 31) - 1], shifts=[31, 33], izp=izp, ozp=ozp, m_src=src,
                                s_src=src, zp_src=src), 16)

    # 3. The multiplier x shift sweep, per-channel in groups of 8, constant and runtime.
    sweeps = [(I32, I32, True, SINGLE), (I32, I32, True, DOUBLE), (I8, I8, True, DOUBLE), (I16, I16, True, DOUBLE),
              (U16, I16, True, DOUBLE), (I32, I8, True, DOUBLE), (I48, I32, False, SINGLE), (I16, I16, False, SINGLE),
              (I32, I32, False, SINGLE)]
    if not full:
        sweeps = [(I32, I32, True, DOUBLE), (I8, I8, True, DOUBLE), (I48, I32, False, SINGLE)]
    for i, o, scale32, rounding in sweeps:
        plist = pairs(scale32)
        for src in ("const", "arg"):
            for g in range(0, len(plist), 8):
                chosen = plist[g:g + 8]
                if not full and (g // 8) % 3 != (0 if src == "const" else 1):
                    continue
                add(Program(name=f"sweep-{i.name}-{o.name}-{'s32' if scale32 else 's16'}-{rounding}-{src}-{g // 8}",
                            group="sweep", in_t=i, out_t=o, scale32=scale32, rounding=rounding, per_channel=True,
                            mults=[m for m, _ in chosen], shifts=[s for _, s in chosen],
                            izp=IN_ZPS.get(i, [0])[0], ozp=OUT_ZPS.get(o, [0])[0] if o.width == 8 else 0,
                            m_src=src, s_src=src, zp_src=src), 24 if full else 10)

    # 4. Mixed sources: a constant multiplier with a runtime shift, and the other way round.
    for per_channel in (False, True):
        for m_src, s_src in (("const", "arg"), ("arg", "const")):
            for rounding in (SINGLE, DOUBLE):
                nc = 2 if per_channel else 1
                add(Program(name=f"mixed-m{m_src}-s{s_src}-{rounding}-{'pc' if per_channel else 'pt'}",
                            group="mixed", in_t=I8, out_t=I8, scale32=True, rounding=rounding,
                            per_channel=per_channel, mults=[1 << 30, 1518500250][:nc], shifts=[30, 33][:nc], izp=0,
                            ozp=0, m_src=m_src, s_src=s_src, zp_src="const"), 8)

    # 5. REQUIRE violations, one element per program.
    def single(name, i, o, scale32, rounding, m, s, v, izp=0, ozp=0, src="const", group="require"):
        programs.append(Program(name=name, group=group, in_t=i, out_t=o, scale32=scale32, rounding=rounding,
                                per_channel=False, mults=[m], shifts=[s], izp=izp, ozp=ozp, m_src=src, s_src=src,
                                zp_src=src, values=[v], shape=(1,)))

    n = 0
    for i, izp in ((I8, 0), (I8, 127), (U8, 0), (I16, 0), (U16, 32768), (I32, 0)):
        for s in (2, 3, 8, 15, 16, 30, 31):
            for m in (1, 1 << 30, (1 << 31) - 1):
                for v in sorted({izp + (1 << (s - 1)), izp - (1 << (s - 1)) - 1, i.lo, i.hi}):
                    if not i.lo <= v <= i.hi:
                        continue
                    o = I8 if not i.unsigned else I16
                    p = Program("", "", i, o, True, DOUBLE, False, [m], [s], izp, 0)
                    try:
                        rescale_model(p, v, 0)
                        continue  # not a violation
                    except Undefined:
                        pass
                    n += 1
                    if not full and n % 4:
                        continue
                    src = "arg" if n % 2 else "const"
                    single(f"require-value-{i.name}-s{s}-m{m}-v{v}-{src}", i, o, True, DOUBLE if n % 3 else SINGLE,
                           m, s, v, izp=izp, src=src)
    for src in ("const", "arg"):
        # apply_scale_16: the result must fit int32.
        single(f"require-as16-result-i48-{src}", I48, I32, False, SINGLE, 32767, 2, (1 << 47) - 1, src=src)
        single(f"require-as16-result-neg-i48-{src}", I48, I16, False, SINGLE, 32767, 15, -(1 << 47), src=src)
        single(f"require-as16-result-i32-{src}", I32, I32, False, SINGLE, 32767, 2, (1 << 31) - 1, src=src)
        # apply_add_s: the int32 sum with the output zero point must not overflow.
        single(f"require-add-overflow-i48-{src}", I48, I8, False, SINGLE, 1, 2, ((1 << 31) - 50) * 4, ozp=127,
               src=src)
        single(f"require-add-underflow-i48-{src}", I48, I8, False, SINGLE, 1, 2, -(1 << 31) * 4, ozp=-128,
               src=src)
        # multiplier >= 0
        single(f"require-mult-neg-s32-{src}", I8, I8, True, SINGLE, -1, 8, 100, src=src)
        single(f"require-mult-min-s32-{src}", I16, I16, True, DOUBLE, -(1 << 31), 40, -3, src=src)
        single(f"require-mult-neg-s16-{src}", I16, I16, False, SINGLE, -1, 8, 100, src=src)
        # 2 <= shift <= 62
        for s in (0, 1, 63, 64, 127, -1):
            single(f"require-shift{s}-s32-{src}", I8, I8, True, SINGLE, 1 << 30, s, 5, src=src)
        single(f"require-shift63-s16-{src}", I48, I32, False, SINGLE, 32767, 63, 1 << 40, src=src)

    # 6. ERROR_IF: zero points a type does not carry, given at run time (MLIR's verifier rejects constant ones).
    for i, o, izp, ozp in ((I16, I8, 5, 0), (U16, I8, 100, 0), (I32, I8, 1, 0), (I48, I8, 1, 0), (I8, I16, 0, 7),
                           (I8, U16, 0, 1), (I8, I32, 0, 1)):
        single(f"error-if-zp-{i.name}-{o.name}-{izp}-{ozp}", i, o, i != I48, SINGLE, 1 << 30, 31, 3, izp=izp,
               ozp=ozp, src="arg", group="error-if")
    return programs


def reproducers():
    """The minimal reproducers of docs/translation-check-rescale.md, one per class."""
    def one(name, i, o, scale32, rounding, m, s, values, izp=0, ozp=0, m_src="const", s_src="const",
            zp_src="const"):
        return Program(name=name, group="reproducer", in_t=i, out_t=o, scale32=scale32, rounding=rounding,
                       per_channel=False, mults=[m], shifts=[s], izp=izp, ozp=ozp, m_src=m_src, s_src=s_src,
                       zp_src=zp_src, values=values, shape=(len(values),))
    return [
        one("unsigned-input-zp-runtime", U8, I8, True, SINGLE, 1 << 30, 30, [0, 128, 255], izp=128, zp_src="arg"),
        one("unsigned-output-zp-runtime", I8, U8, True, SINGLE, 1 << 30, 30, [0, -128, 127], ozp=128,
            zp_src="arg"),
        one("u16-input-zp-32768-runtime", U16, I16, True, SINGLE, 1 << 30, 30, [32768, 0, 65535], izp=32768,
            zp_src="arg"),
        one("constant-multiplier-runtime-shift", I8, I8, True, SINGLE, 1 << 30, 30, [-128, 5], s_src="arg"),
        one("runtime-multiplier-constant-shift", I8, I8, True, SINGLE, 1 << 30, 30, [-128, 5], m_src="arg"),
        one("scale16-runtime-multiplier", I16, I16, False, SINGLE, 16384, 15, [100, -100], m_src="arg",
            s_src="arg"),
        one("inexact-round", I8, I8, True, INEXACT, 1 << 30, 31, [3]),
        one("scale16-constant-multiplier-i8", I8, I8, False, SINGLE, 1, 2, [100]),
        one("scale16-constant-multiplier-i48", I48, I32, False, SINGLE, 1, 2, [100]),
        one("double-round-constant-shift-31", I32, I32, True, DOUBLE, 1 << 30, 31, [-3, -1, 1, 3]),
        one("double-round-shift-33", I32, I32, True, DOUBLE, (1 << 31) - 1, 33, [-(1 << 31), -1610612736, 1073741823,
                                                                                (1 << 31) - 1]),
        one("require-value-window", I8, I8, True, SINGLE, 1, 2, [127]),
        one("require-shift-out-of-range", I8, I8, True, SINGLE, 1 << 30, -1, [5]),
        one("require-apply-add-s", I48, I8, False, SINGLE, 1, 2, [((1 << 31) - 50) * 4], ozp=127),
    ]


def show_reproducers(args, tmp):
    programs = reproducers()
    text = "// -----\n".join(chunk_text(p) for p in programs)
    src = os.path.join(tmp, "reproducers.mlir")
    with open(src, "w") as f:
        f.write(text)
    ref = run_quant_interp(args.quant_interp, src, text, programs)
    results = {}
    for lowering in LOWERINGS:
        low_path = os.path.join(tmp, f"reproducers.{lowering}.mlir")
        lowered = lower(args.mlir_opt, lowering, src, low_path, programs)
        with open(low_path) as f:
            interp = run_quant_interp(args.quant_interp, low_path, f.read(), programs)
        native = {}
        if lowering in NATIVE and not args.no_native:
            native = run_native(args, lowering, [(k, p) for k, p in enumerate(programs) if lowered[k][0]], tmp,
                                "repro")
        results[lowering] = (lowered, interp, native)

    def show(status, vals, p):
        return "[" + ", ".join(element_text(p, v) for v in vals) + "]" if status == "values" else f"error: {vals}"
    for k, p in enumerate(programs):
        print(f"=== {p.name}\n{function_text(p, 'prog')}input {p.values}"
              + "".join(f", {role} {lit}" for role, lit, _, src in operands(p) if src == "arg"))
        print(f"  A reference: {show(*ref[k], p)}")
        for lowering, (lowered, interp, native) in results.items():
            if lowered[k][0] is None:
                print(f"  {lowering}: mlir-opt fails: {lowered[k][1]}")
                continue
            line = f"  {lowering}: B {show(*interp[k], p)}"
            if k in native:
                line += f"; C {show(*native[k], p)}"
            print(line)
    return 0


# ----------------------------------------------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------------------------------------------

def run(cmd, stdin=None, timeout=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=timeout)


def chunk_starts(text):
    """1-based first line of each '// -----' chunk."""
    starts = [1]
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("// -----"):
            starts.append(n + 1)
    return starts


def chunk_of_line(starts, line):
    return max(bisect.bisect_right(starts, line) - 1, 0)


ERROR_RE = re.compile(r"^(?:.*?):(\d+):(\d+): error: (.*)$")


def split_errors(stderr, starts, count):
    """First error message per chunk."""
    errors = [None] * count
    for line in stderr.splitlines():
        m = ERROR_RE.match(line)
        if m:
            k = chunk_of_line(starts, int(m.group(1)))
            if k < count and errors[k] is None:
                errors[k] = m.group(3)
    return errors


def split_stdout(stdout, count):
    chunks = [[] for _ in range(count)]
    k = 0
    for line in stdout.splitlines():
        if line.startswith("// -----"):
            k += 1
        elif k < count:
            chunks[k].append(line)
    return chunks


def parse_hex_result(lines, count, width):
    """(elements as unsigned ints or None for poison) of a --hex tensor output."""
    if not lines:
        return None
    m = re.match(r'dense<"0x([0-9A-Fa-f]*)">', lines[0])
    if not m:
        return None
    data = bytes.fromhex(m.group(1))
    size = (width + 7) // 8
    if len(data) == size and count > 1:
        data = data * count  # a splat
    if len(data) != size * count:
        return None
    out = [int.from_bytes(data[k * size:(k + 1) * size], "little") for k in range(count)]
    for line in lines[1:]:
        if line.startswith("// poison:"):
            for idx in re.findall(r"\d+", line):
                out[int(idx)] = None
    return out


def run_quant_interp(qi, path, text, programs):
    """Per program: ("values", [..]) or ("error", message)."""
    r = run([qi, path, "--split-input-file", "--hex"])
    starts = chunk_starts(text)
    errors = split_errors(r.stderr, starts, len(programs))
    outs = split_stdout(r.stdout, len(programs))
    results = []
    for k, p in enumerate(programs):
        values = parse_hex_result(outs[k], p.count(), p.out_t.width)
        if values is not None:
            results.append(("values", values))
        else:
            results.append(("error", errors[k] or f"no output (exit status {r.returncode})"))
    return results


def lower(mlir_opt, lowering, path, out_path, programs):
    """mlir-opt with --split-input-file; per program the lowered chunk text, or None and the error."""
    r = run([mlir_opt, "--split-input-file", f"--pass-pipeline=builtin.module({LOWERINGS[lowering]})", path])
    with open(path) as f:
        errors = split_errors(r.stderr, chunk_starts(f.read()), len(programs))
    separators = sum(1 for line in r.stdout.splitlines() if line.startswith("// -----"))
    if separators != len(programs) - 1:
        raise RuntimeError(f"mlir-opt ({lowering}): {separators + 1} output chunks for {len(programs)} programs:\n"
                           + r.stderr[-2000:])
    chunks = ["\n".join(lines) for lines in split_stdout(r.stdout, len(programs))]
    with open(out_path, "w") as f:
        f.write(r.stdout)
    return [(c if c.strip() else None, None if c.strip() else (e or "no output")) for c, e in zip(chunks, errors)]


def run_native(args, lowering, batch, tmp, tag):
    """{program index: [unsigned ints]} for the programs of batch (list of (n, program)); programs whose batch
    fails to compile or run are retried in halves, and alone get ("error", message)."""
    src = os.path.join(tmp, f"native-{lowering}-{tag}.mlir")
    low = os.path.join(tmp, f"native-{lowering}-{tag}.llvm.mlir")
    with open(src, "w") as f:
        f.write(native_module(batch))
    pipeline = f"builtin.module({LOWERINGS[lowering]},{LLVM_TAIL})"
    r = run([args.mlir_opt, f"--pass-pipeline={pipeline}", src, "-o", low])
    failure = None
    if r.returncode != 0:
        failure = "mlir-opt to LLVM: " + (r.stderr.strip().splitlines() or ["?"])[0]
    else:
        try:
            rr = run([args.mlir_runner, low, "-O3", "-e", "qi_harness", "-entry-point-result=void",
                      f"-shared-libs={args.runner_utils}"], timeout=args.timeout)
            if rr.returncode != 0:
                failure = f"mlir-runner: exit status {rr.returncode}: " + rr.stderr.strip()[-300:]
        except subprocess.TimeoutExpired:
            failure = "mlir-runner: timeout"
    if failure is None:
        results, current = {}, None
        for line in rr.stdout.split():
            v = int(line)
            if v < 0:
                current = -v - 1
                results[current] = []
            elif current is not None:
                results[current].append(v)
        out = {}
        for n, p in batch:
            vals = results.get(n)
            out[n] = ("values", vals) if vals is not None and len(vals) == p.count() else \
                ("error", "harness output incomplete")
        return out
    if len(batch) == 1:
        return {batch[0][0]: ("error", failure)}
    half = len(batch) // 2
    out = run_native(args, lowering, batch[:half], tmp, tag + "a")
    out.update(run_native(args, lowering, batch[half:], tmp, tag + "b"))
    return out


# ----------------------------------------------------------------------------------------------------------------------
# Classification
# ----------------------------------------------------------------------------------------------------------------------

def model_results(p):
    """Per element: ("value", unsigned bits) or ("undefined", Undefined)."""
    out = []
    mask = (1 << p.out_t.width) - 1
    for idx, v in enumerate(p.values):
        try:
            out.append(("value", rescale_model(p, v, p.channel_of(idx)) & mask))
        except Undefined as e:
            out.append(("undefined", e))
    return out


def wrap(v, width):
    v &= (1 << width) - 1
    return v - (1 << width) if v >= 1 << (width - 1) else v


def lowering_model(p, v, c, izp, ozp):
    """What the generic lowering computes (no REQUIRE: wrapping arithmetic), with the zero points as given."""
    vw = max(32, p.in_t.width)
    value = wrap(v - izp, vw)
    m, s = p.mults[c], p.shifts[c]
    acc = wrap(value * m + ((1 << s) >> 1), 64)
    if p.scale32 and p.rounding == DOUBLE and s > 31:
        acc = wrap(acc + ((1 << 30) if value >= 0 else -(1 << 30)), 64)
    result = wrap(wrap(acc >> s, 32) + ozp, 32)
    return min(max(result, p.out_t.lo), p.out_t.hi)


def sign_extended_zps(p):
    """The zero points as the lowering reads runtime ones (arith.extsi), when that changes them, else None."""
    if p.zp_src != "arg":
        return None
    izp, ozp = p.in_t.signless(p.izp), p.out_t.signless(p.ozp)
    return (izp, ozp) if (izp, ozp) != (p.izp, p.ozp) else None


def known_cause(p, idx, got):
    """The known cause that explains a lowering's value `got` (bits) for element idx, or None."""
    mask = (1 << p.out_t.width) - 1
    zps = sign_extended_zps(p)
    if zps and lowering_model(p, p.values[idx], p.channel_of(idx), *zps) & mask == got:
        return "runtime zero point of an unsigned type sign-extended"
    if p.m_src != p.s_src:
        return "constant multiplier with runtime shift (or the reverse): empty constant tensor read out of bounds"
    return None


def interp_refusal(p, lowering, message):
    """The known reason why quant-interp rejects a lowered program, or None."""
    if p.group in ("require", "error-if"):
        return "the original is undefined too (REQUIRE / ERROR_IF)"
    if lowering == "linalg" and sign_extended_zps(p) and "apply_scale_32" in message:
        return ("runtime zero point of an unsigned type sign-extended: the value leaves apply_scale_32's window "
                "(REQUIRE in the lowered program)")
    if p.m_src != p.s_src and "size mismatch" in message:
        return "linalg.generic reads an empty constant tensor (operand sizes disagree)"
    if lowering == "linalg" and not p.scale32 and p.m_src == "const":
        # spec/tosa.md [tosa.lowered]: the constant i16 multipliers become i32 ones.
        if "unsupported value element type i48" in message:
            return ("scale32 = false with a constant multiplier: tosa.apply_scale gets an i48 value and an i32 "
                    "multiplier, which no function of the specification takes")
        if "REQUIRE" in message and "apply_scale_32" in message:
            return ("scale32 = false with a constant multiplier: tosa.apply_scale gets an i32 multiplier, i.e. "
                    "apply_scale_32 and its REQUIRE on the value, which apply_scale_16 does not have")
    return None


def expected_refusal(p, lowering):
    """Why the lowering is known to refuse p, or None."""
    if lowering == "linalg":
        return "INEXACT_ROUND not supported by tosa-to-linalg" if p.rounding == INEXACT else None
    if p.rounding == INEXACT:
        return "INEXACT_ROUND not supported by tosa-to-linalg"
    if lowering == "32bit" and not p.scale32 and p.m_src == "arg" and p.in_t.width <= 32:
        return "32-bit apply_scale with a runtime i16 multiplier: unresolved materialization i16 -> i32"
    return None


@dataclass
class Tally:
    programs: int = 0
    elements: int = 0
    agree: int = 0
    classes: dict = field(default_factory=dict)  # class -> [elements, programs set, example]
    failures: list = field(default_factory=list)  # check failures (exit status 1)
    b_and_c: int = 0  # elements with both B and C values
    b_poison: int = 0  # of those, poison in B

    def add(self, cls, p, idx, detail, elements=1):
        e = self.classes.setdefault(cls, [0, set(), None])
        e[0] += elements
        e[1].add(p.name)
        if e[2] is None:
            e[2] = (p, idx, detail)


def element_text(p, bits):
    if bits is None:
        return "poison"
    t = p.out_t
    return str(bits if t.unsigned else t.signless(bits))


def shown(p, x):
    return "-" if x == "absent" else element_text(p, x)


def compare(lowering, programs, ref, lowered, interp, native, tally, verbose):
    for k, p in enumerate(programs):
        tally.programs += 1
        model = model_results(p)
        a_status, a = ref[k]
        # A against the model.
        if a_status == "values":
            for idx, (kind, mv) in enumerate(model):
                if kind != "value" or mv != a[idx]:
                    tally.failures.append(f"{p.name}: quant-interp gives {element_text(p, a[idx])} at [{idx}], the "
                                          f"model {element_text(p, mv) if kind == 'value' else mv}")
                    break
        else:
            first = next((mv for kind, mv in model if kind == "undefined"), None)
            if first is None or first.kind not in a:
                tally.failures.append(f"{p.name}: quant-interp fails ({a}) where the model "
                                      f"{'has values' if first is None else 'says ' + str(first)}")
        low_text, low_err = lowered[k]
        if low_text is None:
            why = expected_refusal(p, lowering)
            cls = f"refused: {why}" if why else "refused: unknown cause"
            tally.add(cls, p, None, low_err, p.count())
            tally.elements += p.count()
            if not why:
                tally.failures.append(f"{p.name}: mlir-opt ({lowering}) fails: {low_err}")
            continue
        b_status, b = interp[k]
        c_status, c = native.get(k, ("absent", None))
        if b_status == "values" and c_status == "values":
            tally.b_and_c += p.count()
            tally.b_poison += sum(1 for x in b if x is None)
        if lowering in NATIVE and c_status != "values":
            tally.failures.append(f"{p.name}: native run ({lowering}) fails: {c}")
        if b_status != "values":
            why = interp_refusal(p, lowering, b)
            if why is None:
                tally.failures.append(f"{p.name}: quant-interp on the {lowering} lowering fails: {b}")
                why = "UNKNOWN"
            if c_status != "values":  # nothing of the lowering to compare
                tally.add(f"lowered program fails in quant-interp, not compared: {why}", p, None, b, p.count())
                tally.elements += p.count()
                continue
            tally.add(f"lowered program fails in quant-interp (native values compared): {why}", p, None, b, 0)
        for idx in range(p.count()):
            tally.elements += 1
            kind, mv = model[idx]
            bv = b[idx] if b_status == "values" else "absent"
            cv = c[idx] if c_status == "values" else "absent"
            # B against C (both the lowering): must agree wherever B is defined.
            if b_status == "values" and c_status == "values" and bv is not None and bv != cv:
                tally.failures.append(f"{p.name}: [{idx}] interpreted lowering {element_text(p, bv)} but native "
                                      f"{element_text(p, cv)}")
            if kind == "undefined":
                cls = (f"unpredictable: REQUIRE({mv.condition})" if mv.kind == "REQUIRE" else
                       f"error: ERROR_IF on the {mv.condition} (no output defined)")
                if bv is None:
                    cls += "; interpreted lowering poison"
                tally.add(cls, p, idx, f"interpreted {shown(p, bv)}, native {shown(p, cv)}")
                continue
            got = [x for x in (bv, cv) if x not in ("absent",)]
            if all(x == mv for x in got) and got:
                tally.agree += 1
                continue
            bad = next(x for x in got if x != mv) if got else None
            cause = known_cause(p, idx, bad) if bad is not None else None
            if cause is None:
                cause = "UNKNOWN"
                tally.failures.append(f"{p.name}: [{idx}] reference {element_text(p, mv)}, interpreted "
                                      f"{shown(p, bv)}, native {shown(p, cv)}")
            detail = f"reference {element_text(p, mv)}, interpreted {shown(p, bv)}, native {shown(p, cv)}"
            tally.add(f"departure: {cause}", p, idx, detail)
            if verbose:
                print(f"DEPARTS {lowering} {p.name} [{idx}] input {p.values[idx]}: {detail}")


def double_round_kept(chunk):
    m = re.search(r"tosa\.apply_scale[^\n]*rounding_mode = (\w+)", chunk)
    return m.group(1) if m else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quant-interp", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--mlir-runner", default="/usr/lib/llvm-22/bin/mlir-runner")
    parser.add_argument("--runner-utils", default="/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so")
    parser.add_argument("--tier", choices=["quick", "full"], default="quick")
    parser.add_argument("--lowerings", default="generic,32bit,linalg",
                        help="comma-separated: " + ", ".join(LOWERINGS))
    parser.add_argument("--no-native", action="store_true", help="skip C (mlir-runner)")
    parser.add_argument("--reference", choices=["quant-interp", "model"], default="quant-interp",
                        help="where A comes from; 'model' is for a quant-interp without tosa.rescale")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--keep", help="keep the generated files in this directory")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--reproducers", action="store_true",
                        help="run only the minimal reproducers of the departure classes, printing each")
    args = parser.parse_args()

    start = time.time()
    programs = corpus(args.tier)
    lowerings = [x for x in args.lowerings.split(",") if x]
    for x in lowerings:
        if x not in LOWERINGS:
            parser.error(f"unknown lowering '{x}'")
    tmp_holder = None
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        tmp_holder = tempfile.TemporaryDirectory()
        tmp = tmp_holder.name
    if args.reproducers:
        return show_reproducers(args, tmp)
    text = "// -----\n".join(chunk_text(p) for p in programs)
    src = os.path.join(tmp, "rescale-corpus.mlir")
    with open(src, "w") as f:
        f.write(text)
    elements = sum(p.count() for p in programs)
    print(f"rescale translation check ({args.tier}): {len(programs)} programs, {elements} elements "
          f"({sum(1 for p in programs if p.group in ('require', 'error-if'))} single-element REQUIRE / ERROR_IF "
          f"programs)")

    # A: the reference.
    if args.reference == "quant-interp":
        ref = run_quant_interp(args.quant_interp, src, text, programs)
    else:
        ref = []
        for p in programs:
            model = model_results(p)
            bad = next((mv for kind, mv in model if kind == "undefined"), None)
            ref.append(("values", [mv for _, mv in model]) if bad is None else ("error", str(bad)))
    print(f"  A (reference, {args.reference}): {time.time() - start:.1f} s")

    status = 0
    for lowering in lowerings:
        t0 = time.time()
        low_path = os.path.join(tmp, f"rescale-corpus.{lowering}.mlir")
        lowered = lower(args.mlir_opt, lowering, src, low_path, programs)
        with open(low_path) as f:
            low_text = f.read()
        interp = run_quant_interp(args.quant_interp, low_path, low_text, programs)
        t1 = time.time()
        native = {}
        if lowering in NATIVE and not args.no_native:
            batch = [(k, p) for k, p in enumerate(programs) if lowered[k][0] is not None]
            native = run_native(args, lowering, batch, tmp, "all")
        t2 = time.time()
        tally = Tally()
        compare(lowering, programs, ref, lowered, interp, native, tally, args.verbose)
        print(f"\nlowering {lowering}: {LOWERINGS[lowering]}")
        print(f"  {tally.programs} programs, {tally.elements} elements: {tally.agree} agree "
              f"(lower + interpret {t1 - t0:.1f} s, native {t2 - t1:.1f} s)")
        if tally.b_and_c:
            print(f"  B and C both ran on {tally.b_and_c} elements ({tally.b_poison} poison in B); they must be equal "
                  f"wherever B is not poison")
        ops = {}
        for chunk, _ in lowered:
            for op in re.findall(r"\b((?:arith|linalg|tensor|tosa)\.[a-z_]+)\b", chunk or ""):
                if not op.startswith("tosa.rounding"):
                    ops[op] = ops.get(op, 0) + 1
        print("  ops in the lowered programs: " + ", ".join(sorted(ops)))
        if lowering == "linalg":
            kept = {}
            for k, p in enumerate(programs):
                if p.rounding == DOUBLE and lowered[k][0] is not None and ref[k][0] == "values":
                    if p.s_src == "const" and p.m_src == "const":
                        what = "constant shifts all <= 31" if max(p.shifts) <= 31 else "a constant shift > 31"
                    else:
                        what = "runtime shift or multiplier"
                    key = (what, str(double_round_kept(lowered[k][0])))
                    kept.setdefault(key, [0, 0, 0])
                    kept[key][0] += 1
                    ok = ref[k][0] == "values" and interp[k][0] == "values" and ref[k][1] == interp[k][1]
                    kept[key][1 if ok else 2] += 1
            for (what, mode), (n, ok, other) in sorted(kept.items()):
                print(f"  DOUBLE_ROUND programs (reference defined) with {what}: tosa.apply_scale rounding_mode = "
                      f"{mode} in {n}; {ok} equal to the reference in every element")
        for cls, (n, progs, example) in sorted(tally.classes.items()):
            print(f"  {cls}: {n} elements in {len(progs)} programs")
            p, idx, detail = example
            if idx is None:
                print(f"      e.g. {p.name}: {detail}")
            else:
                c = p.channel_of(idx)
                print(f"      e.g. {p.name} [{idx}] input {p.values[idx]} (multiplier {p.mults[c]}, shift "
                      f"{p.shifts[c]}, zero points {p.izp} / {p.ozp}): {detail}")
        for line in tally.failures[:40]:
            print(f"  FAIL {line}")
        if tally.failures:
            print(f"  {len(tally.failures)} check failures")
            status = 1
    print(f"\ntotal {time.time() - start:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
