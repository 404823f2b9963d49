#!/usr/bin/env python3
"""Runs quant-conform against a real framework (spec/conformance.md [conform.frameworks]).

Generates the level's suite with the profile's expected outputs into the build tree (quant-golden; golden/v2 records
only `reference` and `mlir-lower-quant-ops`), runs `quant-conform run --backend=NAME --profile=P` on it, and
requires exit 0 with at least one case passed (a run where every case is unsupported proves nothing).
With --expect-fail-profile=Q (repeatable; `all` = every other profile) it also runs under profile Q, which the
framework is known not to match, and requires that run to fail (the check can fail); a profile named with
--same-on-level=Q instead must pass too (it agrees with the framework on every case of the level the framework runs:
the declaration is checked as well). Exit 77 (a CTest skip), with the reason, when the framework is not installed.

Known failures the profile does not predict yet are named either by case tags (--known-fail=op=dcast,storage=i32: such
cases may fail, and one must) or, finer, per element (--classify=SCRIPT --known-class=NAME ...): SCRIPT RESULTS_JSON
--json sorts every mismatching element of the run into named classes (`unexplained` when it cannot); a failing case
passes the check only if all its elements fall in known classes, and every known class must occur (so the test
notices a new mismatch and a fixed one alike).
"""
import argparse
import json
import os
import subprocess
import sys


def installed(backend, node_modules, args):
    if backend == "xnnpack":
        if args.xnnpack_missing:
            return args.xnnpack_missing
        if not args.xnnpack_backend or not os.access(args.xnnpack_backend, os.X_OK):
            return f"the adapter {args.xnnpack_backend or 'quant-xnnpack-backend'} was not built " \
                   "(cmake --build build --target quant-xnnpack-backend)"
        return None
    if backend == "onnxruntime":
        if not os.path.isfile(os.path.join(node_modules, "onnxruntime-node", "package.json")):
            return f"onnxruntime-node is not installed in {node_modules} (.ci/setup installs it)"
        return None
    if backend == "pytorch":
        r = subprocess.run(["/usr/bin/python3", "-c", "import torch"], capture_output=True, text=True)
        if r.returncode != 0:
            return "Debian's python3-torch is not installed (.ci/setup installs it): " + \
                (r.stderr.strip().splitlines() or ["import torch failed"])[-1]
        return None
    return f"unknown framework backend {backend}"


def every_profile(args):
    """Every profile quant-golden knows: the `profiles` tag of one case generated with --profiles=all."""
    r = subprocess.run([args.quant_golden, "generate", "--level=smoke", "--out=-", "--limit=1", "--profiles=all"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout.splitlines()[0])["tags"]["profiles"]


def run(args, profile, report_dir):
    cmd = [args.quant_conform, "run", f"--backend={args.backend}", f"--suite={args.suite_dir}",
           f"--profile={profile}", f"--report-dir={report_dir}", f"--jobs={args.jobs}", "--no-color",
           "--max-mismatches=1000000" if args.classify and profile == args.profile else "--max-mismatches=3"]
    print("$ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, capture_output=True, text=True)
    print(r.stdout[-20000:], r.stderr[-4000:], sep="\n", flush=True)
    results = None
    path = os.path.join(report_dir, "results.json")
    if os.path.isfile(path):
        with open(path) as f:
            results = json.load(f)
    return r.returncode, results


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--quant-conform", required=True)
    p.add_argument("--quant-golden", required=True)
    p.add_argument("--node-modules", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--backend", required=True)
    p.add_argument("--xnnpack-backend", default="", help="the built quant-xnnpack-backend (--backend=xnnpack)")
    p.add_argument("--xnnpack-missing", default="",
                   help="why CMake did not build quant-xnnpack-backend: --backend=xnnpack skips with it")
    p.add_argument("--profile", required=True)
    p.add_argument("--level", default="smoke")
    p.add_argument("--golden", default="",
                   help="the checked-in golden/v2: its level is run as it is when it has every profile needed")
    p.add_argument("--jobs", default="1")
    p.add_argument("--expect-fail-profile", action="append", default=[],
                   help="a profile the run must fail under (repeatable; all = every other profile)")
    p.add_argument("--same-on-level", action="append", default=[],
                   help="with --expect-fail-profile=all: a profile that agrees with the framework on this level")
    p.add_argument("--known-fail", action="append", default=[],
                   help="key=value,... on a case's tags: a failure the profile does not predict yet, recorded in "
                        "docs/real-frameworks.md; such cases may fail, nothing else may, and one must (so the test notices a fix)")
    p.add_argument("--classify", default="",
                   help="a script that sorts the run's mismatching elements into classes (RESULTS_JSON --json)")
    p.add_argument("--known-class", action="append", default=[],
                   help="with --classify: a class of mismatching elements recorded in docs/real-frameworks.md; "
                        "failing cases whose elements are all in known classes pass, and every known class must occur")
    args = p.parse_args()

    why = installed(args.backend, args.node_modules, args)
    if why:
        print(f"SKIPPED: framework backend {args.backend}: {why}", flush=True)
        return 77

    every = "all" in args.expect_fail_profile
    wanted = [args.profile] + [q for q in args.expect_fail_profile if q != "all"]
    profiles = "all" if every else ",".join(wanted)
    # The checked-in level when it carries every profile (smoke does: [golden.profiles]), else the same cases
    # generated with the profiles' expected outputs.
    checked_in = os.path.join(args.golden, args.level) if args.golden else ""
    generated = None
    if checked_in and os.path.isfile(os.path.join(checked_in, "manifest.json")):
        with open(os.path.join(checked_in, "manifest.json")) as f:
            names = [p["name"] for p in json.load(f)["profiles"]]
        if all(q in names for q in (every_profile(args) if every else wanted)):
            args.suite_dir, generated = checked_in, names
    if generated is None:
        args.suite_dir = os.path.join(args.work, f"suite-{args.backend}-{args.level}")
        gen = [args.quant_golden, "generate", f"--level={args.level}", f"--out={args.suite_dir}",
               "--profiles=" + profiles]
        r = subprocess.run(gen, capture_output=True, text=True)
        if r.returncode != 0:
            print("quant-golden generate failed:\n" + r.stdout + r.stderr)
            return 1
        with open(os.path.join(args.suite_dir, "manifest.json")) as f:
            generated = [p["name"] for p in json.load(f)["profiles"]]
    print(f"suite: {args.suite_dir}", flush=True)
    others = [q for q in (generated if every else args.expect_fail_profile) if q != args.profile]
    unknown = [q for q in args.same_on_level if q not in others]
    if unknown:
        print("usage: --same-on-level names a profile the run does not check: " + ", ".join(unknown))
        return 2

    report_dir = os.path.join(args.work, f"report-{args.backend}-{args.level}")
    status, results = run(args, args.profile, report_dir)
    if status not in (0, 1) or results is None:
        print(f"FAIL: {args.backend} under {args.profile}: quant-conform exit {status}")
        return 1

    classes = {}
    if args.classify:
        r = subprocess.run([sys.executable, args.classify, os.path.join(report_dir, "results.json"), "--json"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL: {args.classify} failed:\n{r.stdout}{r.stderr}")
            return 1
        classes = json.loads(r.stdout)["cases"]
        totals = {}
        for counts in classes.values():
            for name, n in counts.items():
                totals[name] = totals.get(name, 0) + n
        for name, n in sorted(totals.items(), key=lambda kv: -kv[1]):
            print(f"mismatching elements of class {name}: {n}" +
                  ("" if name in args.known_class else "  <- not a known class"))
        missing = [name for name in args.known_class if name not in totals]
        if missing:
            print("FAIL: known mismatch class(es) not reproduced: " + ", ".join(missing) +
                  ": the profile may predict them now; update docs/real-frameworks.md and drop --known-class")
            return 1

    def known(case):
        tags = {k: str(v) for k, v in case["tags"].items()}
        if any(all(tags.get(k) == v for k, v in (t.split("=", 1) for t in spec.split(",")))
               for spec in args.known_fail):
            return True
        counts = classes.get(case["id"])
        return bool(counts) and all(name in args.known_class for name in counts)

    bad = [c for c in results["cases"] if c["outcome"] == "error" or (c["outcome"] == "fail" and not known(c))]
    for c in results["cases"]:
        if c["outcome"] == "fail" and known(c):
            print(f"known failure (docs/real-frameworks.md): {c['id']}: {c['reason']}")
    if bad:
        for c in bad:
            print(f"FAIL: {c['id']}: {c['outcome']}: {c['reason']}")
        return 1
    if args.known_fail and not any(c["outcome"] == "fail" for c in results["cases"]):
        print("FAIL: no known failure was reproduced: the profile may predict it now; update docs/real-frameworks.md "
              "and drop --known-fail")
        return 1
    counts = results["counts"]
    elements = sum(c["compared"] for c in results["cases"] if c["outcome"] == "pass")
    print(f"{args.backend} under {args.profile}: {counts['pass']} cases pass ({elements} elements compared), "
          f"{counts['unsupported']} unsupported")
    if counts["pass"] == 0:
        print("FAIL: no case passed (everything unsupported?)")
        return 1
    wrong = []
    for other in others:
        status, results = run(args, other, os.path.join(args.work, f"report-{args.backend}-{args.level}-{other}"))
        fails = results["counts"]["fail"] if results else 0
        same = other in args.same_on_level
        if results is None or status not in (0, 1) or (status == 1) == same or (fails == 0) != same:
            wrong.append(f"{other} (exit {status}, {fails} cases fail; " +
                         ("declared --same-on-level" if same else "expected to fail") + ")")
        else:
            print(f"{args.backend} under {other}: " +
                  (f"{fails} cases fail, as expected" if not same else "passes, as declared (--same-on-level)"))
    if wrong:
        print("FAIL: under other profiles: " + "; ".join(wrong))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
