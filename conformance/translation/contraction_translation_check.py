#!/usr/bin/env python3
"""Translation check: MLIR 22's lowering of the TOSA contractions and pools against the reference semantics.

Spec: spec/translation-check.md [translation.contraction.corpus], [translation.contraction.compare],
[translation.contraction.classes]; the semantics: spec/tosa-contractions.md. Figures:
docs/translation-check-contractions.md.

For every program of a generated corpus (contraction_corpus.py: one tosa.matmul, conv2d, depthwise_conv2d,
transpose_conv2d, avg_pool2d or max_pool2d per program, over the type rows of TOSA 1.0, shapes, pads, strides,
dilations, kernels, zero points and values at the accumulator's bounds and float specials), run
  A. quant-interp on the original program (the pseudo-code, spec/tosa-contractions.md),
  B. quant-interp's lowered-IR interpreter on the output of
       mlir-opt-22 --pass-pipeline='builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith))'
     (transpose_conv2d: tosa-optional-decompositions first, tosa-to-tensor and cse after: the decomposition makes
     tosa.pad / reshape / slice, which only tosa-to-tensor lowers, and dead tosa.const_shape ops, which cse drops),
  C. the same lowering with tosa.apply_scale expanded (tosa-to-arith{include-apply-rescale=true}) taken on to LLVM
     with the mlir-cpu backend's pipeline and run by mlir-runner-22 -O3, every element's bits printed by printI64,
and compare element by element (bit patterns). A model of the pseudo-code (contraction_model.py) cross-checks A on
every element and defines the reference; every element where B or C differs is classified:
  unpredictable  the reference stops on a REQUIRE (the lowered code wraps): any value allowed;
  error-if       the reference stops on an ERROR_IF (a type row TOSA 1.0 lacks): no output defined;
  nan-bits       both NaN, other bits (the pseudo-code does not distinguish NaNs);
  departure      a float value explained by a model of the lowering with named switches (bias first, padding
                 multiplied, the decomposition's summation order, max pooling from the lowest finite value with
                 arith.maximumf); no explanation is an unknown departure and fails the check;
  refused        probes mlir-opt is expected to refuse (runtime zero points, dynamic weights, unranked: a crash).
Exit status 1 when: A differs from the model, B and C differ where B is not poison, a departure is unknown,
quant-interp fails on a program or a lowered program, mlir-opt fails on a corpus program, or a probe does not fail
the way it is expected to. Standard library only.
"""
import itertools
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from contraction_corpus import (OPS, check_types, chunk_text, corpus, function_text, native_module,  # noqa: E402
                                probes, role_type, targeted_cases)
from contraction_lowering import FEATURES, lowered_float  # noqa: E402
from contraction_model import Undefined, tosa_model  # noqa: E402
from rescale_translation_check import (LLVM_TAIL, chunk_starts, parse_hex_result, run, split_errors,  # noqa: E402
                                       split_stdout)
from translation_common import check_main, judge_value, lower as common_lower, run_native as common_run_native  # noqa: E402

LOWER = "tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith"
PIPELINES = {
    "named": f"func.func({LOWER})",
    "decomposed": f"func.func(tosa-optional-decompositions,{LOWER},tosa-to-tensor,cse)",
}


def pipeline_of(c):
    return "decomposed" if c.op == "transpose_conv2d" and "without-decompositions" not in c.name else "named"


def native_pipeline(name):
    return f"builtin.module({PIPELINES[name][:-1]},tosa-to-arith{{include-apply-rescale=true}}),{LLVM_TAIL})"


def row_name(c):
    t = c.types
    parts = [t["in"].name]
    if "weight" in t:
        parts.append(t["weight"].name)
    if c.op not in ("avg_pool2d", "max_pool2d"):
        parts.append(t["out"].name)
    if c.op != "max_pool2d" and c.op != "matmul":
        parts.append("acc " + t["acc"].name)
    return " x ".join(parts[:2]) + (" -> " + " ".join(parts[2:]) if len(parts) > 2 else "")


# ----------------------------------------------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------------------------------------------

def run_quant_interp(qi, path, cases):
    """Per case: ("values", [bits or None for poison]) or ("error", message)."""
    with open(path) as fh:
        text = fh.read()
    r = run([qi, path, "--split-input-file", "--hex"])
    errors = split_errors(r.stderr, chunk_starts(text), len(cases))
    outs = split_stdout(r.stdout, len(cases))
    res = []
    for k, c in enumerate(cases):
        vals = parse_hex_result(outs[k], c.count(), c.types["out"].width)
        res.append(("values", vals) if vals is not None else
                   ("error", errors[k] or f"no output (exit status {r.returncode})"))
    return res


def lower(args, pipeline, path, out_path, cases):
    return common_lower(args.mlir_opt, pipeline, PIPELINES[pipeline], path, out_path, cases)


def run_native(args, pipeline, batch, tmp, tag):
    """{case index: ("values", [bits]) or ("error", message)}; a failing batch is retried in halves."""
    return common_run_native(args, native_pipeline(pipeline), native_module, batch, tmp, tag)


def reference(c):
    """("values", [(kind, bits or Undefined)]) or ("error-if", Undefined): the model of the pseudo-code."""
    try:
        check_types(c)
        return "values", tosa_model(c)
    except Undefined as e:
        if e.kind != "ERROR_IF":
            raise
        return "error-if", e


def run_all(args, cases, tmp, tag):
    """Per case: (reference, A, lowered (text, error), B, C)."""
    results = [None] * len(cases)
    for pipeline in PIPELINES:
        idx = [k for k, c in enumerate(cases) if pipeline_of(c) == pipeline]
        if not idx:
            continue
        group = [cases[k] for k in idx]
        src = os.path.join(tmp, f"{tag}-{pipeline}.mlir")
        with open(src, "w") as fh:
            fh.write("// -----\n".join(chunk_text(c) for c in group))
        a = run_quant_interp(args.quant_interp, src, group)
        low_path = os.path.join(tmp, f"{tag}-{pipeline}.lowered.mlir")
        lowered = lower(args, pipeline, src, low_path, group)
        b = run_quant_interp(args.quant_interp, low_path, group)
        native = {}
        if not args.no_native:
            batch = [(j, c) for j, c in enumerate(group) if lowered[j][0] is not None]
            native = run_native(args, pipeline, batch, tmp, f"{tag}-{pipeline}") if batch else {}
        for j, k in enumerate(idx):
            results[k] = (reference(group[j]), a[j], lowered[j], b[j], native.get(j, ("absent", None)))
    return results


# ----------------------------------------------------------------------------------------------------------------------
# Classification
# ----------------------------------------------------------------------------------------------------------------------

class Tally:
    def __init__(self):
        self.rows = {}  # (op, row) -> [programs, elements, agree]
        self.classes = {}  # class -> [elements, programs, example]
        self.failures = []
        self.b_and_c = self.b_poison = self.nan_signs = 0

    def add(self, cls, c, detail, n=1):
        e = self.classes.setdefault(cls, [0, set(), None])
        e[0] += n
        e[1].add(c.name)
        if e[2] is None:
            e[2] = (c, detail)


def element_index(c, i):
    idx, rest = [], i
    for d in reversed(c.shapes["out"]):
        idx.append(rest % d)
        rest //= d
    return list(reversed(idx))


def show_as(t, x):
    if t.is_float:
        return f"{t.decode(x)!r} (0x{x:0{t.width // 4}X})"
    return str(x)


def show(c, x):
    t = c.types["out"]
    if x is None:
        return "poison"
    if x == "absent":
        return "-"
    if t.is_float:
        return f"{t.decode(x)!r} (0x{x:0{t.width // 4}X})"
    return str(t.signed(x))


def check_a(c, ref, a, tally):
    """A against the model of the pseudo-code."""
    status, model = ref
    if status == "error-if":
        if a[0] != "error" or "ERROR_IF" not in a[1]:
            tally.failures.append(f"{c.name}: the model has ERROR_IF({model.condition}), quant-interp gives {a}")
        return
    first = next((i for i, (kind, _) in enumerate(model) if kind == "undefined"), None)
    if first is None:
        if a[0] != "values":
            tally.failures.append(f"{c.name}: quant-interp fails ({a[1]}) where the model has values")
        else:
            for i, (_, mv) in enumerate(model):
                if a[1][i] != mv:
                    tally.failures.append(f"{c.name}: element {element_index(c, i)}: quant-interp "
                                          f"{show(c, a[1][i])}, the model {show(c, mv)}")
                    break
        return
    want = "element [" + ", ".join(str(x) for x in element_index(c, first)) + "]: REQUIRE"
    if a[0] != "error" or want not in a[1]:
        tally.failures.append(f"{c.name}: the model stops at {want}({model[first][1].condition}), quant-interp "
                              f"gives {a[1] if a[0] == 'error' else 'values'}")


def explain(c, i, bad, cache, flush_bf16=False):
    """The smallest set of the op's lowering switches whose model gives `bad` at element i (NaN = any NaN); with
    flush_bf16 the model of the compiled code (the empty set included)."""
    t = c.types["out"]
    if not t.is_float:
        return None
    feats = FEATURES[c.op]
    for n in range(0 if flush_bf16 else 1, len(feats) + 1):
        for subset in itertools.combinations(feats, n):
            if (subset, flush_bf16) not in cache:
                cache[(subset, flush_bf16)] = lowered_float(c, set(subset), flush_bf16)
            v = cache[(subset, flush_bf16)][i]
            if v == bad or (t.is_nan(v) and t.is_nan(bad)):
                return subset
    return None


def expected_refusal(c, message):
    """The known reason why mlir-opt refuses a corpus program, or None."""
    if c.op == "transpose_conv2d" and c.types["weight"] != c.types["in"] and c.attrs["stride"] != [1, 1] and \
            "'tosa.pad' op expect input and output to have same element type" in message:
        return ("transpose_conv2d with a weight type other than the input's (i8 x i4, i16 x i8) and a stride > 1: "
                "the decomposition's tosa.pad of the weight gets a pad value of the input's type")
    return None


def classify(c, res, tally, verbose):
    ref, a, (low_text, low_err), b, cn = res
    row = tally.rows.setdefault((c.op, row_name(c)), [0, 0, 0])
    row[0] += 1
    row[1] += c.count()
    check_a(c, ref, a, tally)
    if low_text is None:
        why = expected_refusal(c, low_err)
        if why is None:
            tally.failures.append(f"{c.name}: mlir-opt fails: {low_err}")
        tally.add(f"refused: {why or 'UNKNOWN'}", c, low_err, c.count())
        return
    if b[0] != "values":
        tally.failures.append(f"{c.name}: quant-interp fails on the lowered program: {b[1]}")
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
                flush = explain(c, i, cv, cache, flush_bf16=True) if c.types["in"].name == "bf16" else None
                if flush is None:
                    tally.failures.append(f"{c.name}: element {element_index(c, i)}: interpreted lowering "
                                          f"{show(c, bv)}, native {show(c, cv)}")
                else:
                    tally.add("native only: LLVM's x86 code for fptrunc to bf16 flushes subnormal results to zero"
                              + (f" (on top of: {' + '.join(flush)})" if flush else ""), c, (i, bv, cv))
                    cv = "absent"  # explained; B alone is compared with the reference below
        detail = (i, bv, cv)
        if ref[0] == "error-if":
            tally.add(f"error-if: ERROR_IF({ref[1].condition})", c, detail)
            continue
        kind, mv = ref[1][i]
        if kind == "undefined":
            tally.add(f"unpredictable: REQUIRE of {mv.condition.split(' (')[0]}" +
                      ("; interpreted lowering poison" if bv is None else ""), c, detail)
            continue
        judge_value(c, i, t, mv, bv, cv, row, tally, lambda bad: explain(c, i, bad, cache), show, element_index,
                    verbose)


def run_probes(args, tmp, tally):
    """Each probe on its own: A must have the model's values, mlir-opt must fail the expected way."""
    lines = []
    for k, c in enumerate(probes()):
        src = os.path.join(tmp, f"probe-{k}.mlir")
        with open(src, "w") as fh:
            fh.write(chunk_text(c))
        a = run_quant_interp(args.quant_interp, src, [c])[0]
        check_a(c, reference(c), a, tally)
        r = run([args.mlir_opt, f"--pass-pipeline=builtin.module({PIPELINES[pipeline_of(c)]})", src])
        crashed = r.returncode < 0 or "Stack dump" in r.stderr or "PLEASE submit a bug report" in r.stderr
        err = next((m.group(3) for m in map(re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$").match,
                                             r.stderr.splitlines()) if m), None)
        err = next((line.split("error: ", 1)[1] for line in r.stderr.splitlines() if "error: " in line), err)
        if c.expect == "crash":
            ok, what = crashed, f"mlir-opt crashes (exit status {r.returncode})"
        elif c.expect == "lowered":
            ok, what = r.returncode == 0, "mlir-opt lowers it"
        else:
            ok, what = (r.returncode > 0 and not crashed and c.expect in (err or "")), f"mlir-opt: {err}"
        if c.expect == "lowered" and ok:
            low = os.path.join(tmp, f"probe-{k}.lowered.mlir")
            with open(low, "w") as fh:
                fh.write(r.stdout)
            b = run_quant_interp(args.quant_interp, low, [c])[0]
            what += f"; A: {a[1] if a[0] == 'error' else a[1]}; B: " + \
                (", ".join(show(c, x) for x in b[1]) if b[0] == "values" else b[1])
        if not ok:
            tally.failures.append(f"{c.name}: expected {c.expect}, got exit status {r.returncode}: {err}")
        tally.add(f"refused / probe: {c.name}", c, what, c.count())
        lines.append(f"  {c.name}: {what}")
    return lines


def show_reproducers(args, tmp):
    cases = targeted_cases()
    results = run_all(args, cases, tmp, "repro")
    for c, (ref, a, low, b, cn) in zip(cases, results):
        print(f"=== {c.name}\n{function_text(c, 'prog')}  operands: " + "; ".join(
            f"%{r} = [{', '.join(show_as(role_type(c, r), v) for v in c.tensors[r][:4])}"
            f"{', ...' if len(c.tensors[r]) > 4 else ''}]" for r in c.tensors))
        vals = ref[1] if ref[0] == "values" else []
        print("  model: " + ", ".join(show(c, v) if k == "value" else str(v) for k, v in vals))
        print("  A: " + (", ".join(show(c, v) for v in a[1]) if a[0] == "values" else a[1]))
        print("  B: " + (", ".join(show(c, v) for v in b[1]) if b[0] == "values" else b[1]))
        print("  C: " + (", ".join(show(c, v) for v in cn[1]) if cn[0] == "values" else
                         "not run" if cn[0] == "absent" else cn[1]))
    tally = Tally()
    print("\n".join(run_probes(args, tmp, tally)))
    for line in tally.failures:
        print(f"FAIL {line}")
    return 1 if tally.failures else 0


def main():
    return check_main("contraction", __doc__, OPS, corpus, run_all, classify, run_probes, show_reproducers, Tally, show,
                      element_index)


if __name__ == "__main__":
    sys.exit(main())
