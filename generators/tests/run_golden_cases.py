#!/usr/bin/env python3
"""Runs golden cases through the quant-interp CLI and compares with the file.

For every case of a suite (or every --sample-th one), the case's program is
parsed and run by `quant-interp - --profile=P --arg=INPUT` with the case's
input, and the printed result (stored integers, or --hex bit patterns for
floats, and the `// poison:` line) must equal the case's expected output for
P (default: reference); a rescale case's output must equal its expected output
for the recipe R (default: tosa, the reference profile's) — quant-interp computes
INEXACT_ROUND as SINGLE_ROUND, the value the file lists. An expected-rejection case
(`"rejection"`) must make quant-interp exit with status 1 and print exactly one line
`FILE:LINE:COL: error: MESSAGE` with the case's message. Python standard library only: it reads the
quant-interp-golden/1 and /2 files itself, as docs/golden-format.md promises (a tiled case, /2, is
expanded to all its elements first: "Tiled cases").

usage: run_golden_cases.py --quant-interp BIN --suite DIR [--profile P] [--recipe R] [--jobs N]
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

# Longer --arg values go through --args-file (Linux limits one argument to 128 KiB).
MAX_ARG_LENGTH = 100000


def expand_tiles(case):
    """A tiled case (input "period": L) lists its first L elements: element i of the input, of its
    classes, of a TOSA operator's input2 with a period (tiled with the input) and of every
    expected output is element i % L, and i is poison iff i % L is."""
    inp = case["input"]
    period = inp.get("period")
    if not period:
        return case
    n = 1
    for d in inp["shape"]:
        n *= d
    tile = lambda listed: [listed[i % period] for i in range(n)]
    inp["values"], inp["classes"] = tile(inp["values"]), tile(inp["classes"])
    for o in case.get("operands", []):
        if "period" in o:
            o["values"] = tile(o["values"])
    for e in case["expected"]:
        e["values"] = tile(e["values"])
        if "poison" in e:  # TOSA operator cases have none
            poison = set(e["poison"])
            e["poison"] = [i for i in range(n) if i % period in poison]
    return case


def run_quant_interp(cmd, arguments, program):
    """quant-interp with the program on stdin and `arguments` as --arg (or an --args-file when long)."""
    if sum(map(len, arguments)) <= MAX_ARG_LENGTH:
        return subprocess.run(cmd + ["--arg=" + a for a in arguments], input=program,
                              capture_output=True, text=True)
    with tempfile.NamedTemporaryFile("w", suffix=".args") as f:
        f.write("".join(a + "\n" for a in arguments))
        f.flush()
        return subprocess.run(cmd + ["--args-file=" + f.name], input=program, capture_output=True, text=True)


def nested(values, shape):
    """MLIR dense-literal nesting of a flat list."""
    if not shape:
        return values[0]
    if len(shape) == 1:
        return "[" + ", ".join(values) + "]"
    step = len(values) // shape[0] if shape[0] else 0
    return "[" + ", ".join(nested(values[i * step:(i + 1) * step], shape[1:])
                           for i in range(shape[0])) + "]"


def tosa_op(case):
    """The op object of a TOSA operator case (contraction or elementwise), else None."""
    return case.get("contraction") or case.get("elementwise")


def operand_arguments(case):
    """The further parameters of @main, as --arg texts: a TOSA operator case's operands (weight and
    bias, input2); a rescale case's multiplier, shift and zero points when they are arguments."""
    if tosa_op(case):
        return ["dense<%s> : %s" % (nested([str(v) for v in o["values"]], o["shape"]), o["type"])
                if o["values"] else "dense<> : %s" % o["type"] for o in case["operands"]]
    op = case.get("rescale")
    if not op or op["operands"] != "arguments":
        return []
    inw, outw = op["input"][1:], op["output"][1:]
    args = []
    for key, element in (("multiplier", "i32" if op["scale32"] else "i16"), ("shift", "i8"),
                         ("inputZp", "i" + inw), ("outputZp", "i" + outw)):
        values = op[key] if isinstance(op[key], list) else [op[key]]
        args.append("dense<[%s]> : tensor<%dx%s>" % (", ".join(map(str, values)), len(values), element))
    return args


def argument(case):
    inp = case["input"]
    if case["tags"]["op"] == "qcast":
        elems = [v[0] for v in inp["values"]]  # hex literals, e.g. 0x3F800000
    else:
        elems = [str(v) for v in inp["values"]]
    if case["tags"]["shapeKind"] == "scalar":
        return "%s : %s" % (elems[0], inp["type"])
    if not elems:
        return "dense<> : %s" % inp["type"]
    return "dense<%s> : %s" % (nested(elems, inp["shape"]), inp["type"])


def parse_output(case, lines):
    """(values, poison) from quant-interp's output lines."""
    poison = []
    if len(lines) > 1 and lines[1].startswith("// poison:"):
        poison = [int(x) for x in lines[1][len("// poison:"):].split(",")]
    first = lines[0]
    body, _, _ = first.rpartition(" : ")
    if case["tags"]["op"] == "rescale" or tosa_op(case):  # signless: read per the op's signedness
        op = case.get("rescale") or tosa_op(case)
        width, unsigned = int(op["output"][1:]), op["output"][0] == "u"
        vals = [int(x) & ((1 << width) - 1) for x in re.findall(r"-?\d+", body[body.find("<") + 1:])]
        return [v - (1 << width) if not unsigned and v >> (width - 1) else v for v in vals], poison
    if case["tags"]["op"] == "qcast":
        return [int(x) for x in re.findall(r"-?\d+", body)], poison
    # Bytes per element: the expressed format's hex digits (e.g. 4 for f16).
    vals = case["expected"][0]["values"]
    nbytes = ((len(vals[0][0]) - 2) * 4 + 7) // 8 if vals else 1
    if body == "dense<>":  # an empty tensor
        return [], poison
    if body.startswith("0x"):  # scalar
        return [int(body, 16)], poison
    m = re.fullmatch(r'dense<"0x([0-9A-F]*)">', body)
    if not m:
        raise ValueError("unexpected output: " + first)
    raw = bytes.fromhex(m.group(1))
    vals = [int.from_bytes(raw[i:i + nbytes], "little") for i in range(0, len(raw), nbytes)]
    return vals, poison


def run_rejection(quant_interp, path, case):
    proc = run_quant_interp([quant_interp, "-"], [argument(case)] + operand_arguments(case), case["program"])
    want = case["rejection"]["message"]
    lines = proc.stderr.strip().split("\n")
    if proc.returncode != 1 or proc.stdout or len(lines) != 1 or \
            not re.fullmatch(r"[^:]+:\d+:\d+: error: " + re.escape(want), lines[0]):
        return "%s: expected rejection '%s'; quant-interp exited %d with stdout %r stderr %r" % (
            path, want, proc.returncode, proc.stdout[:200], proc.stderr[:300])
    return ""


def run_case(quant_interp, path, profile, recipe):
    with open(path) as f:
        case = expand_tiles(json.load(f))
    if "rejection" in case:
        return run_rejection(quant_interp, path, case)
    rescale = case["tags"]["op"] == "rescale"
    contraction = tosa_op(case) is not None  # one expected output, TOSA's, under every profile
    expected = [e for e in case["expected"]
                if contraction or (e["recipe"] == recipe if rescale else e["profile"] == profile)]
    if not expected:
        return None
    expected = expected[0]
    cmd = [quant_interp, "-", "--profile=" + profile]
    if rescale:
        cmd.append("--requantize=" + recipe)
    if case["tags"]["op"] == "dcast":
        cmd.append("--hex")
    proc = run_quant_interp(cmd, [argument(case)] + operand_arguments(case), case["program"])
    if proc.returncode != 0:
        return "%s: quant-interp failed (%d): %s" % (path, proc.returncode, proc.stderr.strip())
    lines = proc.stdout.strip().split("\n")
    try:
        got, poison = parse_output(case, lines)
    except ValueError as e:
        return "%s: %s" % (path, e)
    if case["tags"]["op"] in ("qcast", "rescale") or contraction:
        want = expected["values"]
    else:
        want = [int(v[0], 16) for v in expected["values"]]
    if got != want or poison != expected.get("poison", []):
        bad = [i for i in range(max(len(got), len(want)))
               if i >= len(got) or i >= len(want) or got[i] != want[i]]
        return "%s: quant-interp gives %s poison %s, the file says %s poison %s (first differing elements %s)" % (
            path, got[:8], poison, want[:8], expected.get("poison", []), bad[:8])
    return ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quant-interp", required=True)
    ap.add_argument("--suite", required=True, action="append")
    ap.add_argument("--profile", default="reference")
    ap.add_argument("--recipe", default="tosa", help="the requantize recipe of rescale cases")
    ap.add_argument("--sample", type=int, default=1, help="run every N-th case")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    paths = []
    for suite in args.suite:
        with open(os.path.join(suite, "manifest.json")) as f:
            manifest = json.load(f)
        paths += [os.path.join(suite, c["file"]) for c in manifest["cases"]][::args.sample]
    failures, ran = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(lambda p: run_case(args.quant_interp, p, args.profile, args.recipe), paths):
            if result is None:
                continue
            ran += 1
            if result:
                failures.append(result)
    for f in failures:
        print(f)
    print("ran %d cases through quant-interp (profile %s): %d failed" % (ran, args.profile, len(failures)))
    return 1 if failures or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
