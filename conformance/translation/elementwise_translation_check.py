#!/usr/bin/env python3
"""Translation check: MLIR 22's lowering of the TOSA elementwise and data-movement ops against the reference.

Spec: spec/translation-check.md [translation.elementwise.corpus], [translation.elementwise.compare],
[translation.elementwise.classes]; the semantics: spec/tosa-elementwise.md. Figures:
docs/translation-check-elementwise.md.

For every program of a generated corpus (elementwise_corpus.py: one tosa.add, sub, mul, clamp, negate, reshape,
transpose, pad, concat or slice per program, over the type rows of TOSA 1.0, broadcast shapes with size-1 and
(dynamic) 0 dimensions, static and dynamic shapes, MUL shifts 0-63, CLAMP bounds and NaN modes, NEGATE zero points,
paddings, perms, axes, starts and sizes), run
  A. quant-interp on the original program (the pseudo-code, spec/tosa-elementwise.md),
  B. quant-interp's lowered-IR interpreter on the output of
       mlir-opt-22 --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,
                                                              tosa-to-tensor))'
     (tosa-to-tensor lowers reshape, slice, pad and concat; tosa-to-linalg the rest, transpose as linalg.transpose);
     for MUL also B' on the same with tosa-to-arith{include-apply-rescale=true}, since the i32 MUL with a shift
     becomes tosa.apply_scale, whose TOSA function (apply_scale_32) has REQUIREs MUL lacks,
  C. the B' lowering taken on to LLVM with the mlir-cpu backend's pipeline and run by mlir-runner-22 -O3,
and compare element by element (bit patterns). A model of the pseudo-code (elementwise_model.py) cross-checks A on
every element and defines the reference; every element where B or C differs is classified (unpredictable REQUIRE,
error-if, nan-bits, named departure, native only, refused); anything else fails the check (exit status 1), as do
A != model, B != C where B is not poison, quant-interp failing on a program or lowered program without a known
reason, mlir-opt failing on a corpus program, and a probe not refused the expected way. Standard library only.
"""
import itertools
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from contraction_translation_check import Tally, element_index  # noqa: E402
from elementwise_corpus import call_lines, chunk_text, function_text, probes, targeted_cases, corpus  # noqa: E402
from elementwise_model import BF16, BOOL, FEATURES, OPS, Undefined, lowered_model, tosa_model  # noqa: E402
from rescale_translation_check import (LLVM_TAIL, chunk_starts, parse_hex_result, run, split_errors,  # noqa: E402
                                       split_stdout)
from translation_common import check_main, harness_module, judge_value, lower, run_native  # noqa: E402

LOWER = "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith{},tosa-to-tensor"
PIPELINES = {"plain": f"func.func({LOWER.format('')})",
             "arith": f"func.func({LOWER.format('{include-apply-rescale=true}')})"}
NATIVE = f"builtin.module({PIPELINES['arith']},{LLVM_TAIL})"


# ----------------------------------------------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------------------------------------------

def parse_result(lines, c):
    """Output bits (None for poison) of one printed result, or None when there is none."""
    if c.count() == 0:
        return [] if lines and lines[0].startswith("dense<> : ") else None
    if c.types["out"] is not BOOL:
        return parse_hex_result(lines, c.count(), c.types["out"].width)
    m = re.match(r"dense<(.*)> : tensor<", lines[0]) if lines else None  # i1 prints true / false even with --hex
    if not m:
        return None
    vals = [1 if w == "true" else 0 for w in re.findall(r"true|false", m.group(1))]
    vals = vals * c.count() if len(vals) == 1 else vals
    return vals if len(vals) == c.count() else None


def run_quant_interp(qi, path, cases):
    """Per case: ("values", [bits or None]) or ("error", message)."""
    with open(path) as fh:
        text = fh.read()
    r = run([qi, path, "--split-input-file", "--hex"])
    errors = split_errors(r.stderr, chunk_starts(text), len(cases))
    outs = split_stdout(r.stdout, len(cases))
    res = []
    for k, c in enumerate(cases):
        vals = parse_result(outs[k], c)
        res.append(("values", vals) if vals is not None else
                   ("error", errors[k] or f"no output (exit status {r.returncode})"))
    return res


def reference(c):
    """("values", [(kind, bits or Undefined)]), ("error-if", Undefined) or ("require", Undefined) (op-level)."""
    try:
        return "values", tosa_model(c)
    except Undefined as e:
        return ("error-if" if e.kind == "ERROR_IF" else "require"), e


def run_all(args, cases, tmp, tag):
    """Per case: (reference, A, lowered (text, error), B, B' or None, C)."""
    src = os.path.join(tmp, f"{tag}.mlir")
    with open(src, "w") as fh:
        fh.write("// -----\n".join(chunk_text(c) for c in cases))
    a = run_quant_interp(args.quant_interp, src, cases)
    low_path = os.path.join(tmp, f"{tag}.lowered.mlir")
    lowered = lower(args.mlir_opt, "plain", PIPELINES["plain"], src, low_path, cases)
    b = run_quant_interp(args.quant_interp, low_path, cases)
    b2 = {}
    muls = [k for k, c in enumerate(cases) if c.op == "mul"]
    if muls:
        msrc = os.path.join(tmp, f"{tag}-mul.mlir")
        with open(msrc, "w") as fh:
            fh.write("// -----\n".join(chunk_text(cases[k]) for k in muls))
        mlow = os.path.join(tmp, f"{tag}-mul.arith.mlir")
        group = [cases[k] for k in muls]
        lower(args.mlir_opt, "arith", PIPELINES["arith"], msrc, mlow, group)
        b2 = dict(zip(muls, run_quant_interp(args.quant_interp, mlow, group)))
    native = {}
    if not args.no_native:
        batch = [(k, c) for k, c in enumerate(cases) if lowered[k][0] is not None]
        module = lambda bt: harness_module(bt, function_text, call_lines)  # noqa: E731
        good = [(k, c) for k, c in batch if not garbage_shift_sizes(c)]
        if good:
            native = run_native(args, NATIVE, module, good, tmp, tag)
        for k, c in batch:  # alone: they may crash, and a crash would halve the batch again and again
            if garbage_shift_sizes(c):
                native.update(run_native(args, NATIVE, module, [(k, c)], tmp, f"{tag}-alone-{k}"))
    return [(reference(c), a[k], lowered[k], b[k], b2.get(k), native.get(k, ("absent", None)))
            for k, c in enumerate(cases)]


# ----------------------------------------------------------------------------------------------------------------------
# Classification
# ----------------------------------------------------------------------------------------------------------------------

def show(c, x):
    t = c.types["out"]
    if x is None:
        return "poison"
    if x == "absent":
        return "-"
    if t.is_float:
        return f"{t.decode(x)!r} (0x{x:0{t.width // 4}X})"
    return str(x) if t is BOOL else str(t.signed(x))


def show_in(c, v):
    t = c.types["in"]
    return f"{t.decode(v)!r} (0x{v:0{t.width // 4}X})" if t.is_float else str(v)


def check_a(c, ref, a, tally):
    """A against the model of the pseudo-code."""
    status, model = ref
    if status != "values":
        want = "ERROR_IF" if status == "error-if" else "REQUIRE"
        if a[0] != "error" or want not in a[1] or "element [" in a[1]:
            tally.failures.append(f"{c.name}: the model has {want}({model.condition}), quant-interp gives {a}")
        return
    first = next((i for i, (kind, _) in enumerate(model) if kind == "undefined"), None)
    if first is None:
        if a[0] != "values":
            tally.failures.append(f"{c.name}: quant-interp fails ({a[1]}) where the model has values")
            return
        for i, (_, mv) in enumerate(model):
            if a[1][i] != mv:
                tally.failures.append(f"{c.name}: element {element_index(c, i)}: quant-interp {show(c, a[1][i])}, "
                                      f"the model {show(c, mv)}")
                break
        return
    want = "element [" + ", ".join(str(x) for x in element_index(c, first)) + "]: REQUIRE"
    if a[0] != "error" or want not in a[1]:
        tally.failures.append(f"{c.name}: the model stops at {want}({model[first][1].condition}), quant-interp "
                              f"gives {a[1] if a[0] == 'error' else 'values'}")


def explain(c, i, bad, cache):
    """The smallest set of the op's lowering switches whose model gives `bad` at element i (NaN = any NaN)."""
    t = c.types["out"]
    feats = FEATURES.get(c.op, ())
    for n in range(1, len(feats) + 1):
        for subset in itertools.combinations(feats, n):
            if subset not in cache:
                cache[subset] = lowered_model(c, set(subset))
            v = cache[subset][i] if cache[subset] is not None else None
            if v is not None and (v == bad or (t.is_float and t.is_nan(v) and t.is_nan(bad))):
                return subset
    return None


def bf16_flushed(c, bv, cv):
    """C is B with a bf16 subnormal result flushed to a signed zero (LLVM's x86 fptrunc to bf16)."""
    t = c.types["out"]
    return t is BF16 and (bv >> t.mbits) & 0xFF == 0 and bv & 0x7F != 0 and cv == bv & 0x8000


def garbage_shift_sizes(c):
    """MUL with a runtime shift, NEGATE with runtime zero points (tensor<1xT> operands of the linalg.generic), and a
    dynamic or non-leading size-1 result dimension: MLIR 22's tosa-to-linalg gives the result (and broadcast
    temporaries) garbage sizes there, read from beyond the one-element operand's shape."""
    out = c.dynamic.get("out", c.shapes["out"])
    return c.op in ("mul", "negate") and c.runtime and (None in out or 1 in out[1:])


def zero_against_one(c):
    """A dynamic broadcast of a runtime size 0 against 1: the lowering's result size is arith.maxui(0, 1) = 1."""
    if c.op not in ("add", "sub", "mul"):
        return False
    return any({a, b} == {0, 1} for a, b in zip(c.shapes["input1"], c.shapes["input2"]))


GARBAGE = ("MUL with a runtime shift or NEGATE with runtime zero points, and a dynamic or size-1 (not the first) "
           "result dimension: tosa-to-linalg gives the result garbage sizes (a compiler bug)")
GARBAGE_SIZE = re.compile(r"\d{12,}")  # a size read from beyond a shape: an address-like number
ZERO_BROADCAST = ("dynamic broadcast of a runtime size 0 against 1: the lowered result size is arith.maxui(0, 1) = 1 "
                  "and the linalg.generic's operands disagree (TOSA: an empty result)")


def slice_type_mismatch(c):
    inp, out = c.dynamic.get("input1", c.shapes["input1"]), c.dynamic.get("out", c.shapes["out"])
    return any((v == -1 and inp[i] is not None) or (v != -1 and out[i] is None) for i, v in enumerate(c.attrs["size"]))


def expected_refusal(c, ref, message):
    """The known reason why mlir-opt refuses a corpus program, or None."""
    if c.op == "slice" and ref[0] == "error-if" and "runs out-of-bounds" in message:
        return ("a static SLICE beyond the input (the reference's ERROR_IF): tensor.extract_slice's verifier rejects "
                "the lowered program")
    if c.op == "slice" and "(size mismatch)" in message and slice_type_mismatch(c):
        return ("SLICE whose declared result type is not the one tensor.extract_slice infers (size -1 on a static "
                "dimension, or a dynamic result dimension with a constant size): tosa-to-tensor keeps the declared "
                "type and inserts no tensor.cast")
    if garbage_shift_sizes(c) and GARBAGE_SIZE.search(message):
        return GARBAGE
    return None


def interp_refusal(c, ref, message):
    """Why quant-interp may stop on the lowered program, or None."""
    if garbage_shift_sizes(c) and GARBAGE_SIZE.search(message):
        return GARBAGE
    if zero_against_one(c) and "size mismatch for loop" in message:
        return ZERO_BROADCAST
    if "tosa.apply_scale" in message and "REQUIRE" in message and c.op == "mul":
        return ("intermediate IR: the i32 MUL with a shift becomes tosa.apply_scale(input1, input2, shift), "
                "whose apply_scale_32 REQUIREs (multiplier >= 0, 2 <= shift <= 62, value window) MUL lacks")
    if ref[0] != "values" or any(k == "undefined" for k, _ in ref[1]):
        return "the original is undefined too (REQUIRE / ERROR_IF)"
    return None


def classify(c, res, tally, verbose):
    ref, a, (low_text, low_err), b, b2, cn = res
    row = tally.rows.setdefault((c.op, c.types["in"].name), [0, 0, 0])
    row[0] += 1
    row[1] += c.count()
    check_a(c, ref, a, tally)
    if low_text is None:
        why = expected_refusal(c, ref, low_err)
        if why is None:
            tally.failures.append(f"{c.name}: mlir-opt fails: {low_err}")
        tally.add(f"refused: {why or 'UNKNOWN'}", c, low_err, c.count())
        return
    if b[0] != "values":
        why = interp_refusal(c, ref, b[1])
        if why is None:
            tally.failures.append(f"{c.name}: quant-interp fails on the lowered program: {b[1]}")
        tally.add(f"B stops: {why or 'UNKNOWN'}" + ("; B' (apply_scale expanded) compared instead"
                                                     if b2 and b2[0] == "values" else ""), c, b[1], 0)
        b = b2 if b2 and b2[0] == "values" else b
        if why in (GARBAGE, ZERO_BROADCAST):
            if cn[0] == "error" and why == GARBAGE and "exit status -11" in cn[1]:
                tally.add("native run crashes (segmentation fault): " + why, c, cn[1][:60], 0)
            elif cn[0] == "values":
                tally.add("native run gives values (not compared: the lowered program is invalid): " + why, c,
                          ", ".join(str(x) for x in cn[1][:4]), 0)
            tally.add(f"departure (no lowered value): {why}", c, b[1], c.count())
            return
    if b2 and b2[0] == "values" and b[0] == "values" and b2[1] != b[1]:
        tally.failures.append(f"{c.name}: tosa.apply_scale interpreted and expanded give other values")
    if cn[0] == "error":
        tally.failures.append(f"{c.name}: native run fails: {cn[1]}")
    t = c.types["out"]
    cache = {}
    for i in range(c.count()):
        bv = b[1][i] if b[0] == "values" else "absent"
        cv = cn[1][i] if cn[0] == "values" else "absent"
        if bv != "absent" and cv != "absent":
            tally.b_and_c += 1
            tally.b_poison += bv is None
            both_nan = t.is_float and bv is not None and t.is_nan(bv) and t.is_nan(cv)
            tally.nan_signs += both_nan and bv != cv
            if bv is not None and bv != cv and not both_nan:
                if bf16_flushed(c, bv, cv):
                    tally.add("native only: LLVM's x86 code for bf16 arithmetic flushes subnormal results to zero",
                              c, (i, bv, cv))
                    cv = "absent"
                else:
                    tally.failures.append(f"{c.name}: element {element_index(c, i)}: interpreted lowering "
                                          f"{show(c, bv)}, native {show(c, cv)}")
        detail = (i, bv, cv)
        if ref[0] == "error-if":
            tally.add(f"error-if: ERROR_IF({ref[1].condition})", c, detail)
            continue
        if ref[0] == "require":
            tally.add(f"unpredictable: REQUIRE({ref[1].condition}) of {c.op.upper()}", c, detail)
            continue
        kind, mv = ref[1][i]
        if kind == "undefined":
            tally.add(f"unpredictable: REQUIRE {mv.condition.split(' (')[0]}" +
                      ("; interpreted lowering poison" if bv is None else ""), c, detail)
            continue
        judge_value(c, i, t, mv, bv, cv, row, tally, lambda bad: explain(c, i, bad, cache), show, element_index,
                    verbose)


def run_probes(args, tmp, tally):
    """Each probe alone: A must have the model's values, mlir-opt must refuse it the expected way."""
    lines = []
    for k, c in enumerate(probes()):
        src = os.path.join(tmp, f"probe-{k}.mlir")
        with open(src, "w") as fh:
            fh.write(chunk_text(c))
        a = run_quant_interp(args.quant_interp, src, [c])[0]
        check_a(c, reference(c), a, tally)
        r = run([args.mlir_opt, f"--pass-pipeline=builtin.module({PIPELINES['plain']})", src])
        err = next((line.split("error: ", 1)[1] for line in r.stderr.splitlines() if "error: " in line), None)
        ok = r.returncode > 0 and c.expect in (err or "")
        if not ok:
            tally.failures.append(f"{c.name}: expected {c.expect}, got exit status {r.returncode}: {err}")
        lines.append(f"  {c.name}: mlir-opt: {err}; A: " + (", ".join(show(c, v) for v in a[1]) if a[0] == "values"
                                                             else a[1]))
    return lines


def show_reproducers(args, tmp):
    cases = targeted_cases()
    for c, (ref, a, low, b, b2, cn) in zip(cases, run_all(args, cases, tmp, "repro")):
        ops = ", ".join(f"%{r} = [{', '.join(show_in(c, v) for v in c.tensors[r][:4])}"
                        f"{', ...' if len(c.tensors[r]) > 4 else ''}]" for r in c.inputs)
        print(f"=== {c.name}\n{function_text(c, 'prog')}  operands: {ops}")
        print("  model: " + (", ".join(show(c, v) if k == "value" else str(v) for k, v in ref[1])
                             if ref[0] == "values" else str(ref[1])))
        for name, r in (("A", a), ("B", b), ("B'", b2), ("C", cn)):
            if r is not None:
                print(f"  {name}: " + (", ".join(show(c, v) for v in r[1]) if r[0] == "values" else
                                       "not run" if r[0] == "absent" else r[1]))
        if low[0] is None:
            print(f"  lowering refused: {low[1]}")
    tally = Tally()
    print("\n".join(run_probes(args, tmp, tally)))
    for line in tally.failures:
        print(f"FAIL {line}")
    return 1 if tally.failures else 0


def main():
    return check_main("elementwise", __doc__, OPS, corpus, run_all, classify, run_probes, show_reproducers, Tally, show,
                      element_index)


if __name__ == "__main__":
    sys.exit(main())
