"""Helpers shared by the TOSA translation checks (contraction_translation_check.py,
elementwise_translation_check.py): lowering a --split-input-file corpus with mlir-opt-22, and building and
running the native harness module with mlir-runner-22 (the mlir-cpu backend's way).

Spec: spec/translation-check.md [translation.contraction.compare], [translation.elementwise.compare]. A case is any
object with count() (output elements), shapes["out"] and types["out"] (an element type with width and is_float).
Standard library only.
"""
import os

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
