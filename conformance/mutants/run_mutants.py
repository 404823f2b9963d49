#!/usr/bin/env python3
"""The mutant detection score: every mutant must fail the suite, the example must pass.

Runs `quant-conform run --backend=command` with conformance/examples/vendor_backend.py
(must pass: exit 0, no fail, no error) and then with every conformance/mutants/*.py
(must be detected: at least one `fail`, no `error` — a mutant that crashes is not
"detected", it is broken). A mutant of RESCALE (`rescale_*.py`) runs on the rescale
cases only (--filter=op=rescale); every other mutant on the qcast / dcast cases only
(the example's capabilities with rescale excluded: its rescale code is the example's). Prints one line per mutant with the failing case count and
the exact diagnosis (a semantics reproducing the case) most often named, then the score, e.g. `detected 23 of 23 mutants`.
Exit status 0 only when the example passes and every mutant is detected.

    conformance/mutants/run_mutants.py --quant-conform build/bin/quant-conform \
        [--suite golden/v1/smoke] [--jobs 2] [--only NAME…]
"""
import argparse
import collections
import glob
import json
import os
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


EXAMPLE_CAPABILITIES = os.path.join(ROOT, "conformance/examples/vendor_backend.capabilities")


def cast_only_capabilities(scratch):
    """The example's capabilities with rescale excluded (the cast mutants' claim)."""
    path = os.path.join(scratch, "cast-mutants.capabilities")
    with open(EXAMPLE_CAPABILITIES) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text + "exclude op=rescale  # a qcast / dcast mutant: its rescale code is the example's\n")
    return path


def run(quant_conform, script, suite, jobs, out, capabilities=EXAMPLE_CAPABILITIES, extra=()):
    command = [quant_conform, "run", "--backend=command",
               "--command=" + shlex.quote(sys.executable) + " " + shlex.quote(script),
               "--capabilities=" + capabilities,
               "--suite=" + suite, "--jobs=%d" % jobs, "--report-dir=" + out, "--no-color"] + list(extra)
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    path = os.path.join(out, "results.json")
    if not os.path.exists(path):
        return proc.returncode, None, proc.stdout
    with open(path) as f:
        return proc.returncode, json.load(f), proc.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quant-conform", required=True)
    parser.add_argument("--suite", default=os.path.join(ROOT, "golden/v1/smoke"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="mutant names (default: all)")
    args = parser.parse_args()

    mutants = sorted(glob.glob(os.path.join(HERE, "*.py")))
    mutants = [m for m in mutants if os.path.basename(m) != os.path.basename(__file__)]
    if args.only:
        mutants = [m for m in mutants if os.path.basename(m)[:-3] in args.only]
    ok = True
    with tempfile.TemporaryDirectory(prefix="mutants-") as scratch:
        example = os.path.join(ROOT, "conformance/examples/vendor_backend.py")
        status, results, output = run(args.quant_conform, example, args.suite, args.jobs,
                                      os.path.join(scratch, "example"))
        if results is None or status != 0 or results["counts"]["fail"] or results["counts"]["error"]:
            print(output)
            print("FAIL: the example backend does not pass (exit status %d)" % status)
            ok = False
        else:
            c = results["counts"]
            print("example vendor_backend.py: %d pass, %d expected-rejection, %d unsupported" %
                  (c["pass"], c["expected-rejection"], c["unsupported"]))
        detected = 0
        print("%-28s %6s %6s  %s" % ("mutant", "fail", "error", "exact diagnosis most often named"))
        cast_capabilities = cast_only_capabilities(scratch)
        for script in mutants:
            name = os.path.basename(script)[:-3]
            if name.startswith("rescale_"):
                options = dict(extra=["--filter=op=rescale"])
            else:
                options = dict(capabilities=cast_capabilities)
            status, results, output = run(args.quant_conform, script, args.suite, args.jobs,
                                          os.path.join(scratch, name), **options)
            if results is None:
                print(output)
                print("%-28s no results.json (exit status %d)" % (name, status))
                ok = False
                continue
            c = results["counts"]
            named = collections.Counter()
            for case in results["cases"]:
                if case["outcome"] == "fail" and case["diagnosis"] and case["diagnosis"][0]["exact"]:
                    named[case["diagnosis"][0]["variant"]] += 1
            top = ", ".join("%s (%d)" % kv for kv in named.most_common(2)) or "-"
            caught = c["fail"] > 0 and c["error"] == 0 and status == 1
            detected += caught
            ok = ok and caught
            print("%-28s %6d %6d  %s%s" % (name, c["fail"], c["error"], top, "" if caught else "   NOT DETECTED"))
        print("detected %d of %d mutants on %s" % (detected, len(mutants), os.path.relpath(args.suite, ROOT)))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
