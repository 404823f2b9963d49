#!/usr/bin/env python3
"""Translation check: MLIR 22's --lower-quant-ops against the original program.

Spec: spec/translation-check.md [translation.corpus], [translation.compare].

For every program of a generated corpus (qcast and dcast x per-layer / per-channel / sub-channel x signed / unsigned /
narrow storage x scalar / static / dynamic / unranked x f16 / bf16 / f32 / f64), run
  A. the original under `quant-interp --profile=<profile>`, and
  B. the output of `mlir-opt-22 --lower-quant-ops --strip-func-quant-types` under quant-interp's lowered-IR interpreter,
on the same arguments, and compare the results bit for bit (hex output), element by element, with poison sets.

--profile=mlir-lower-quant-ops (default) must agree everywhere: exit status 1 on any difference.
--profile=reference reports where MLIR 22's lowering departs from the reference semantics (informational; exit 0).
Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# Expressed types: MLIR name, hex NaN / +inf / -inf patterns.
EXPRESSED = {
    "f16": ("0x7E00", "0x7C00", "0xFC00"),
    "bf16": ("0x7FC0", "0x7F80", "0xFF80"),
    "f32": ("0x7FC00000", "0x7F800000", "0xFF800000"),
    "f64": ("0x7FF8000000000000", "0x7FF0000000000000", "0xFFF0000000000000"),
}

# Storage variants: spelling, zero points (one per channel/block), stored test values.
STORAGE = {
    "signed": ("i8", [-3, 7, 0, 12], [-128, -1, 0, 1, 5, 100, 127, -100]),
    "unsigned": ("u8", [200, 128, 0, 255], [0, 1, 127, 128, 200, 255, 10, 250]),
    "narrow": ("i8<-100:100>", [5, -5, 0, 100], [-100, -1, 0, 1, 5, 100, 99, -50]),
    # Zero points outside the storage type: MLIR's verifier accepts them; the lowering materializes them as iN
    # constants, so they wrap (spec/profiles.md [sem.zero-point-storage]). Sub-channel zero points wrap already
    # when the type is parsed.
    "signed-wide-zp": ("i8", [200, -300, 300, -129], [-128, -1, 0, 1, 5, 100, 127, -100]),
    "unsigned-wide-zp": ("u8", [-120, -10, 256, 300], [0, 1, 127, 128, 200, 255, 10, 250]),
    "narrow-wide-zp": ("i8<-100:100>", [150, -200, 1000, -129], [-100, -1, 0, 1, 5, 100, 99, -50]),
}

SCALES = ["0.5", "0.1", "3.0", "0.0078125"]

# Inputs of qcast (8 elements, shape 2x4): ties for scale 0.5 / 1, fractions, specials, out of range.
def qcast_inputs(expressed):
    nan, inf, ninf = EXPRESSED[expressed]
    return ["1.25", "-0.75", "0.35", nan, inf, ninf, "1.0e4", "-0.3"]


def quant_type(granularity, storage, expressed):
    spelling, zps, _ = STORAGE[storage]
    if granularity == "per-layer":
        return f"!quant.uniform<{spelling}:{expressed}, {SCALES[0]}:{zps[0]}>"
    if granularity == "per-channel":  # axis 1 of 2x4
        pairs = ", ".join(f"{s}:{z}" for s, z in zip(SCALES, zps))
        return f"!quant.uniform<{spelling}:{expressed}:1, {{{pairs}}}>"
    # sub-channel: 2x4 in blocks of 1x2 -> a 2x2 scale tensor
    return (f"!quant.uniform<{spelling}:{expressed}:{{0:1, 1:2}}, "
            f"{{{{{SCALES[0]}:{zps[0]}, {SCALES[1]}:{zps[1]}}}, {{{SCALES[2]}:{zps[2]}, {SCALES[3]}:{zps[3]}}}}}>")


SHAPES = {"scalar": None, "static": "2x4", "dynamic": "?x4", "unranked": "*"}


def container(shape, element):
    return element if shape is None else f"tensor<{shape}x{element}>"


def corpus():
    """Yields (name, mlir text, argument text)."""
    for op in ("qcast", "dcast"):
        for granularity in ("per-layer", "per-channel", "sub-channel"):
            for storage in STORAGE:
                for shape_kind, shape in SHAPES.items():
                    if shape is None and granularity != "per-layer":
                        continue  # per-axis types need a tensor
                    if shape == "*" and granularity == "sub-channel":
                        continue  # MLIR: sub-channel types need a ranked tensor
                    for expressed in EXPRESSED:
                        q = container(shape, quant_type(granularity, storage, expressed))
                        f = container(shape, expressed)
                        name = f"{op}-{granularity}-{storage}-{shape_kind}-{expressed}"
                        if op == "qcast":
                            src, dst, body = f, q, f"quant.qcast %x : {f} to {q}"
                            values = qcast_inputs(expressed)
                            literal_type = expressed
                        else:
                            src, dst, body = q, f, f"quant.dcast %x : {q} to {f}"
                            values = [str(v) for v in STORAGE[storage][2]]
                            literal_type = "i8"
                        text = (f"func.func @main(%x: {src}) -> {dst} {{\n"
                                f"  %0 = {body}\n"
                                f"  return %0 : {dst}\n}}\n")
                        if shape is None:
                            arg = f"{values[0]} : {literal_type}"
                        else:
                            rows = f"[[{', '.join(values[:4])}], [{', '.join(values[4:])}]]"
                            arg = f"dense<{rows}> : tensor<2x4x{literal_type}>"
                        yield name, text, arg


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def parse_result(stdout):
    """(bit-pattern payload, poison line) of a single-result output. Scalar integers print in decimal with the
    storage's signedness (200 : ui8 vs -56 : i8), so they are reduced to their bits."""
    lines = stdout.strip().splitlines()
    if not lines:
        return None
    payload, _, type_text = lines[0].partition(" : ")
    m = re.fullmatch(r"u?i(\d+)", type_text.strip())
    if m and re.fullmatch(r"-?\d+", payload):
        payload = format(int(payload) % (1 << int(m.group(1))), "X")
    poison = lines[1] if len(lines) > 1 and lines[1].startswith("// poison:") else ""
    return payload, poison


def poison_set(line):
    return set(int(i) for i in re.findall(r"\d+", line))


def elements(payload, count):
    """Per-element hex strings of dense<"0x..."> (or a scalar pattern)."""
    m = re.match(r'dense<"0x([0-9A-F]*)">', payload)
    if m:
        data = m.group(1)
        width = len(data) // count
        return [data[i * width:(i + 1) * width] for i in range(count)]
    return [payload]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quant-interp", required=True)
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--profile", default="mlir-lower-quant-ops")
    parser.add_argument("--canonicalize", action="store_true", help="also run --canonicalize after lowering")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--sample", type=int, default=1,
                        help="check every Nth corpus program only (the quick tier; default 1: all)")
    args = parser.parse_args()
    if args.sample < 1:
        parser.error("--sample: expected a count >= 1, got %d" % args.sample)

    strict = args.profile == "mlir-lower-quant-ops"
    programs = errors = mismatched_programs = compared = differing = 0
    poison_original = poison_lowered = 0
    unsupported = {}
    # Departures by kind: (op, kind) -> elements.
    kinds = {}
    with tempfile.TemporaryDirectory() as tmp:
        for index, (name, text, arg) in enumerate(corpus()):
            if index % args.sample:
                continue
            programs += 1
            src = os.path.join(tmp, name + ".mlir")
            with open(src, "w") as f:
                f.write(text)
            passes = ["--lower-quant-ops", "--strip-func-quant-types"] + (["--canonicalize"] if args.canonicalize else [])
            lowered = run([args.mlir_opt] + passes + [src])
            if lowered.returncode != 0:
                print(f"ERROR {name}: mlir-opt failed: {lowered.stderr.strip()}")
                errors += 1
                continue
            low = os.path.join(tmp, name + ".lowered.mlir")
            with open(low, "w") as f:
                f.write(lowered.stdout)
            a = run([args.quant_interp, src, f"--profile={args.profile}", "--hex", f"--arg={arg}"])
            b = run([args.quant_interp, low, "--hex", f"--arg={arg}"])
            if a.returncode != 0 or b.returncode != 0:
                message = (a.stderr or b.stderr).strip()
                m = re.search(r"unsupported operation '([^']+)'", message)
                if m:
                    unsupported[m.group(1)] = unsupported.get(m.group(1), 0) + 1
                print(f"ERROR {name}: {'original' if a.returncode else 'lowered'}: {message}")
                errors += 1
                continue
            ra, rb = parse_result(a.stdout), parse_result(b.stdout)
            count = 1 if "scalar" in name else 8
            ea, eb = elements(ra[0], count), elements(rb[0], count)
            pa, pb = poison_set(ra[1]), poison_set(rb[1])
            poison_original += len(pa)
            poison_lowered += len(pb)
            bad = [i for i in range(count) if (i in pa) != (i in pb) or (i not in pa and ea[i] != eb[i])]
            op = name.split("-")[0]
            for i in bad:
                kind = ("lowered poison, original a value" if i in pb and i not in pa else
                        "original poison, lowered a value" if i in pa else "different values")
                kinds[(op, kind)] = kinds.get((op, kind), 0) + 1
            compared += count
            differing += len(bad)
            if bad:
                mismatched_programs += 1
                if strict or args.verbose:
                    print(f"{'MISMATCH' if strict else 'DEPARTS'} {name}: elements {bad}\n"
                          f"  original ({args.profile}): {ra[0]} {ra[1]}\n  lowered:  {rb[0]} {rb[1]}")
    print(f"translation check, profile {args.profile}{' + canonicalize' if args.canonicalize else ''}: "
          f"{programs} programs, {errors} errors, {compared} elements compared, {differing} differ "
          f"in {mismatched_programs} programs; poison: {poison_original} original, {poison_lowered} lowered")
    for (op, kind), n in sorted(kinds.items()):
        print(f"  {op}: {kind}: {n} elements")
    if unsupported:
        print("unsupported operations: " + ", ".join(f"{k} ({v})" for k, v in sorted(unsupported.items())))
    if errors or (strict and differing):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
