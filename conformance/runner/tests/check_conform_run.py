#!/usr/bin/env python3
"""Runs `quant-conform run` and checks what its results.json says.

The issue's acceptance criteria for the shipped backends, as a test that can
fail (docs/vendor-guide.md, "Backends"):

  --expect=pass            every case that was run and has values passes
                           (rejections: expected-rejection or, with
                           --integrity-accepted, a fail saying the backend
                           accepted a runtime-integrity violation; with
                           --error-if-accepted, one saying it accepted a
                           rescale program an ERROR_IF makes erroneous)
  --expect=diagnosed:NAME  at least one value case fails, and every failing
                           value case's diagnosis names the profile NAME (or a knob variant of it)

In both modes no case may end as `error`, and the exit status of
quant-conform must agree with the counts (0 iff nothing failed or erred).
Everything after `--` is passed to `quant-conform run`.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quant-conform", required=True)
    parser.add_argument("--expect", required=True)
    parser.add_argument("--integrity-accepted", action="store_true",
                        help="runtime-integrity rejection cases may fail as 'accepted a program that must be rejected'")
    parser.add_argument("--error-if-accepted", action="store_true",
                        help="error-if rejection cases may fail as 'accepted a program that must be rejected'")
    parser.add_argument("--min-unsupported", type=int, default=0)
    parser.add_argument("run_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    run_args = [a for a in args.run_args if a != "--"]

    problems = []
    with tempfile.TemporaryDirectory(prefix="check-conform-") as out:
        command = [args.quant_conform, "run", "--report-dir=" + out, "--no-color"] + run_args
        proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        summary = proc.stdout.strip().splitlines()[-1:] or ["(no output)"]
        print(" ".join(command))
        print(summary[0])
        path = os.path.join(out, "results.json")
        if not os.path.exists(path):
            print(proc.stdout)
            sys.exit("FAIL: no results.json (exit status %d)" % proc.returncode)
        with open(path) as f:
            results = json.load(f)

    counts = results["counts"]
    cases = results["cases"]
    if counts["cases"] != len(cases) or counts["cases"] == 0:
        problems.append("counts.cases %d but %d case records" % (counts["cases"], len(cases)))
    expected_status = 0 if counts["fail"] == 0 and counts["error"] == 0 else 1
    if proc.returncode != expected_status:
        problems.append("exit status %d, expected %d for %s" % (proc.returncode, expected_status, counts))
    if counts["unsupported"] < args.min_unsupported:
        problems.append("%d unsupported, expected at least %d" % (counts["unsupported"], args.min_unsupported))

    value_fails = []
    for case in cases:
        rejection = case["tags"].get("rejection", False) or "-reject-" in case["id"]
        outcome = case["outcome"]
        if outcome == "error":
            problems.append("%s: error: %s" % (case["id"], case["reason"]))
        elif outcome == "fail" and rejection:
            reason = case["reason"]
            accepted = (args.integrity_accepted and
                        reason.startswith("accepted a program that must be rejected (runtime-integrity")) or \
                       (args.error_if_accepted and
                        reason.startswith("accepted a program that must be rejected (error-if"))
            if not accepted:
                problems.append("%s: rejection case failed: %s" % (case["id"], case["reason"]))
        elif outcome == "fail":
            value_fails.append(case)

    if args.expect == "pass":
        for case in value_fails:
            problems.append("%s: %s" % (case["id"], case["reason"]))
    elif args.expect.startswith("diagnosed:"):
        name = args.expect.split(":", 1)[1]
        if not value_fails:
            problems.append("no value case failed; expected departures diagnosed as %s" % name)
        for case in value_fails:
            # The profile, or one of its knob variants (e.g. `--overflow-policy=wrap`
            # where the profile leaves the element poison), heads the diagnosis
            # or is among the shown candidates ([conform.diagnosis]).
            variants = [d["variant"] for d in case["diagnosis"]]
            if not any(v == name or v.startswith(name + " ") for v in variants):
                problems.append("%s: diagnosis %s does not name %s" % (case["id"], variants[:5], name))
        print("%d failing value cases, every one diagnosed as %s" % (len(value_fails), name)
              if not problems else "")
    else:
        sys.exit("unknown --expect %r" % args.expect)

    if problems:
        print("FAIL:")
        for p in problems[:50]:
            print("  " + p)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
