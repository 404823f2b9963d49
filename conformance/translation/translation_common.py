"""Helpers shared by the TOSA translation checks (contraction_translation_check.py,
elementwise_translation_check.py): lowering a --split-input-file corpus with mlir-opt-22, and building and
running the native harness module with mlir-runner-22 (the mlir-cpu backend's way).

Spec: spec/translation-check.md [translation.contraction.compare], [translation.elementwise.compare]. A case is any
object with count() (output elements), shapes["out"] and types["out"] (an element type with width and is_float).
Standard library only.
"""
import argparse
import os
import sys
import tempfile
import time

from rescale_translation_check import chunk_starts, run, split_errors, split_stdout


def lower(mlir_opt, name, pipeline, path, out_path, cases):
    """mlir-opt with --pass-pipeline=builtin.module(pipeline) on a corpus file; per case (lowered text or None,
    None or the first error message)."""
    r = run([mlir_opt, "--split-input-file", f"--pass-pipeline=builtin.module({pipeline})", path])
    with open(path) as fh:
        errors = split_errors(r.stderr, chunk_starts(fh.read()), len(cases))
    chunks = ["\n".join(lines) for lines in split_stdout(r.stdout, len(cases))]
    if sum(1 for line in r.stdout.splitlines() if line.startswith("// -----")) != len(cases) - 1:
        raise RuntimeError(f"mlir-opt ({name}): output chunks do not match the programs:\n{r.stderr[-2000:]}")
    with open(out_path, "w") as fh:
        fh.write(r.stdout)
    return [(ch if ch.strip() else None, None if ch.strip() else (e or "no output")) for ch, e in zip(chunks, errors)]


def harness_module(cases, function_text, call_lines):
    """Every (n, case) as @p_N (noinline: the constants must not fold into the code under test) and @qi_harness,
    printing -(N+1), then each output element's bits zero-extended to i64 (floats through arith.bitcast).
    function_text(c, fn, attributes) is the program as @fn; call_lines(c, fn, suffix) gives (lines, result value)
    that build the operands and call @fn."""
    parts = [function_text(c, f"p_{n}", 'passthrough = ["noinline"]') for n, c in cases]
    h = ["func.func private @printI64(i64)", "func.func private @printNewline()", "func.func @qi_harness() {",
         "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    for n, c in cases:
        s = f"_{n}"
        lines, res = call_lines(c, f"p_{n}", s)
        h += lines
        ot, count, shape = c.types["out"], c.count(), c.shapes["out"]
        static = "tensor<" + "".join(f"{d}x" for d in shape) + f"{ot.name}>"
        h += [f"  %mark{s} = arith.constant {-(n + 1)} : i64", f"  func.call @printI64(%mark{s}) : (i64) -> ()",
              "  func.call @printNewline() : () -> ()"]
        if len(shape) == 1:
            flat = res
        elif not shape:
            h.append(f"  %flat{s} = tensor.expand_shape {res} [] output_shape [1] : {static} into "
                     f"tensor<1x{ot.name}>")
            flat = f"%flat{s}"
        else:
            h.append(f"  %flat{s} = tensor.collapse_shape {res} [[{', '.join(str(i) for i in range(len(shape)))}]]"
                     f" : {static} into tensor<{count}x{ot.name}>")
            flat = f"%flat{s}"
        h += [f"  %n{s} = arith.constant {count} : index", f"  scf.for %i{s} = %c0 to %n{s} step %c1 {{",
              f"    %e{s} = tensor.extract {flat}[%i{s}] : tensor<{count}x{ot.name}>"]
        word = f"%e{s}"
        if ot.is_float:
            h.append(f"    %b{s} = arith.bitcast %e{s} : {ot.name} to i{ot.width}")
            word = f"%b{s}"
        h += [f"    %w{s} = arith.extui {word} : i{ot.width} to i64", f"    func.call @printI64(%w{s}) : (i64) -> ()",
              "    func.call @printNewline() : () -> ()", "  }"]
    h += ["  return", "}"]
    return "\n".join(parts) + "\n".join(h) + "\n"


def run_native(args, pipeline, module_text, batch, tmp, tag):
    """{case index: ("values", [bits]) or ("error", message)} of the batch [(index, case)] compiled with the full
    --pass-pipeline text `pipeline` and run by mlir-runner -O3; module_text(batch) builds the module. A failing
    batch is retried in halves, down to single cases."""
    src, low = os.path.join(tmp, f"native-{tag}.mlir"), os.path.join(tmp, f"native-{tag}.llvm.mlir")
    with open(src, "w") as fh:
        fh.write(module_text(batch))
    r = run([args.mlir_opt, f"--pass-pipeline={pipeline}", src, "-o", low])
    failure = None
    if r.returncode != 0:
        failure = "mlir-opt to LLVM: " + (r.stderr.strip().splitlines() or ["?"])[0]
    else:
        rr = run([args.mlir_runner, low, "-O3", "-e", "qi_harness", "-entry-point-result=void",
                  f"-shared-libs={args.runner_utils}"], timeout=args.timeout)
        if rr.returncode != 0:
            failure = f"mlir-runner: exit status {rr.returncode}: {rr.stderr.strip()[-300:]}"
    if failure is None:
        got, cur = {}, None
        for word in rr.stdout.split():
            v = int(word)
            if v < 0:
                cur = -v - 1
                got[cur] = []
            elif cur is not None:
                got[cur].append(v)
        return {n: ("values", got[n]) if len(got.get(n, [])) == c.count() else ("error", "harness output incomplete")
                for n, c in batch}
    if len(batch) == 1:
        return {batch[0][0]: ("error", failure)}
    half = len(batch) // 2
    out = run_native(args, pipeline, module_text, batch[:half], tmp, tag + "a")
    out.update(run_native(args, pipeline, module_text, batch[half:], tmp, tag + "b"))
    return out


def judge_value(c, i, t, mv, bv, cv, row, tally, explain, show, element_index, verbose):
    """Element i where the reference M has the value mv: B (bv) and C (cv; "absent" when not compared) agree with it
    (row[2] counts it), or are NaNs of other bits, or depart for a cause explain(bad value) names (None: unknown,
    a check failure)."""
    detail = (i, bv, cv)
    got = [x for x in (bv, cv) if x != "absent"]
    if got and all(x == mv for x in got):
        row[2] += 1
        return
    bad = next((x for x in got if x != mv), None)
    if t.is_float and bad is not None and t.is_nan(mv) and all(x is not None and t.is_nan(x) for x in got):
        tally.add("nan-bits: both NaN, other bits (TOSA does not distinguish NaNs)", c, detail)
        return
    why = explain(bad) if bad is not None else None
    if why is None:
        tally.failures.append(f"{c.name}: element {element_index(c, i)}: reference {show(c, mv)}, interpreted "
                              f"{show(c, bv)}, native {show(c, cv)}: no known cause")
        tally.add("departure: UNKNOWN", c, detail)
    else:
        tally.add(f"departure ({c.op}): {' + '.join(why)}", c, detail)
    if verbose:
        print(f"DEPARTS {c.name} {element_index(c, i)}: reference {show(c, mv)}, B {show(c, bv)}, "
              f"C {show(c, cv)}")


def check_main(kind, doc, ops, corpus, run_all, classify, run_probes, show_reproducers, tally_class, show,
               element_index):
    """The command line and report both TOSA checks share: options, the corpus run, the per-(op, type) table, the
    classes with an example each, the refusal probes and the exit status (1 on any check failure)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quant-interp", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--mlir-runner", default="/usr/lib/llvm-22/bin/mlir-runner")
    parser.add_argument("--runner-utils", default="/usr/lib/llvm-22/lib/libmlir_c_runner_utils.so")
    parser.add_argument("--tier", choices=["quick", "full"], default="quick")
    parser.add_argument("--seed", type=int, default=20250701)
    parser.add_argument("--ops", default=",".join(ops), help="comma-separated subset of " + ", ".join(ops))
    parser.add_argument("--no-native", action="store_true", help="skip C (mlir-runner)")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--keep", help="keep the generated files in this directory")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--reproducers", action="store_true",
                        help="run only the minimal reproducers and the refusal probes, printing A, B and C")
    args = parser.parse_args()
    start = time.time()
    holder = None
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        tmp = args.keep
    else:
        holder = tempfile.TemporaryDirectory()
        tmp = holder.name
    if args.reproducers:
        return show_reproducers(args, tmp)
    chosen = [x for x in args.ops.split(",") if x]
    cases = [c for c in corpus(args.tier, args.seed) if c.op in chosen]
    print(f"{kind} translation check ({args.tier}, seed {args.seed}): {len(cases)} programs, "
          f"{sum(c.count() for c in cases)} output elements")
    results = run_all(args, cases, tmp, "corpus")
    t1 = time.time()
    tally = tally_class()
    for c, res in zip(cases, results):
        classify(c, res, tally, args.verbose)
    probe_lines = run_probes(args, tmp, tally)
    print(f"  run {t1 - start:.1f} s, classify and probes {time.time() - t1:.1f} s")
    print(f"  B and C both ran on {tally.b_and_c} elements ({tally.b_poison} poison in B); equal wherever B is not "
          f"poison: {'no' if any('native' in f for f in tally.failures) else 'yes'} (NaN as NaN: "
          f"{tally.nan_signs} NaNs of other bits, B the default NaN, C x86's negative one)")
    print("\n  op, type row: programs, elements, agree with the reference")
    rows = sorted(tally.rows.items(), key=lambda kv: (ops.index(kv[0][0]), kv[0][1]))
    op_width = max([len(op) for (op, _), _ in rows] + [2])
    row_width = max([len(row) for (_, row), _ in rows] + [4])
    for (op, row), (p, e, ag) in rows:
        print(f"    {op:{op_width}s} {row:{row_width}s} {p:4d} {e:6d} {ag:6d}")
    print("\n  classes of the other elements (elements in programs), with an example:")
    for cls, (n, progs, (c, detail)) in sorted(tally.classes.items()):
        if cls.startswith("refused / probe"):
            continue
        print(f"    {cls}: {n} ({len(progs)})")
        if isinstance(detail, tuple):
            i, bv, cv = detail
            if i is not None:
                print(f"        e.g. {c.name} element {element_index(c, i)}: B {show(c, bv)}, C {show(c, cv)}")
        else:
            print(f"        e.g. {c.name}: {detail}")
    print("\n  refusal probes (each alone):")
    print("\n".join(probe_lines))
    for line in tally.failures[:40]:
        print(f"  FAIL {line}")
    if tally.failures:
        print(f"  {len(tally.failures)} check failures")
    print(f"\ntotal {time.time() - start:.1f} s")
    return 1 if tally.failures else 0
