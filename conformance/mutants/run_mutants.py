#!/usr/bin/env python3
"""The mutant detection score: every mutant must fail the suite, the example must pass.

Runs `quant-conform run --backend=command` with conformance/examples/vendor_backend.py
(must pass: exit 0, no fail, no error) and then with every conformance/mutants/*.py
(must be detected: at least one `fail`, no `error` — a mutant that crashes is not
"detected", it is broken). A mutant of RESCALE (`rescale_*.py`) runs on the rescale
cases only (--filter=op=rescale); every other mutant on the qcast / dcast cases only
(the example's capabilities with rescale excluded: its rescale code is the example's). Prints one line per mutant with the failing case count,
how many failing cases the headline diagnosis explains (a semantics reproducing every mismatching element it defines)
and how many it says "no known semantics" for, and the explaining headlines most often named; then the score, e.g.
`detected 25 of 25 mutants`. Exit status 0 only when the example passes and every mutant is detected.

--check-diagnosis (the CTest conform-mutants-detected; spec/conformance.md [conform.diagnosis], [conform.compared])
also runs every mutant with --diagnosis-candidates=1000, so every candidate of the shown kind is in results.json,
and checks each failing case with values: the figures add up to the case's mismatching elements, the `explains` /
`exact` flags follow from them, the candidates are in the documented rank order, `explainedBy` lists exactly the
explaining candidates, and the headline (the console's first diagnosis line) names the first explaining candidate
when one exists ("reproduced exactly by" / "reproduces every mismatching element it defines") and says "no known
semantics reproduces these outputs" otherwise; the run's diagnosis summary counts the cases' `explainedBy`. For the
mutants whose bug is a known semantics (KNOWN_CAUSE) that semantics must explain every failing case.

    conformance/mutants/run_mutants.py --quant-conform build/bin/quant-conform \
        [--suite golden/v1/smoke] [--jobs 2] [--only NAME…] [--check-diagnosis] [--keep DIR]
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

# Mutants whose bug is exactly a known semantics (conformance/mutants/README.md, "diagnosis"): it must explain
# every failing case on the smoke level (--check-diagnosis).
KNOWN_CAUSE = {
    "truncation": "reference --rounding=toward-zero",
    "ties_away": "reference --rounding=nearest-away",
    "nearest_up": "reference --rounding=nearest-up",
    "rescale_double_round_ignored": "tosa-single-round",
}

HEADLINE_EXACT = "reproduced exactly by `%s`"
HEADLINE_EXPLAINS = "`%s` reproduces every mismatching element it defines"
HEADLINE_NONE = "no known semantics reproduces these outputs"


def rank_key(d):
    """[conform.diagnosis]: explaining first, then more defined elements reproduced, fewer defined ones missed,
    fewer left undefined, fewer contradictions, named profiles (no knob) before knob variants."""
    return (not d["explains"], -d["reproduced"], d["defined"] - d["reproduced"], d["undefined"], d["contradicted"],
            " --" in d["variant"])


def console_headlines(output):
    """Case ID -> the first diagnosis line under it in the console's `fail` list."""
    headlines = {}
    lines = output.splitlines()
    in_fail = False
    for i, line in enumerate(lines):
        if line and not line.startswith(" "):
            in_fail = line.startswith("fail (")
            continue
        if in_fail and line.startswith("  ") and not line.startswith("   ") and ": " in line:
            case_id = line.strip().split(": ", 1)[0]
            if i + 1 < len(lines) and lines[i + 1].startswith("      "):
                headlines[case_id] = lines[i + 1].strip()
    return headlines


def check_diagnosis(name, results, output):
    """The problems of one mutant's run (see --check-diagnosis); [] when none."""
    problems = []
    headlines = console_headlines(output)
    explained = collections.Counter()
    cause = KNOWN_CAUSE.get(name)
    for case in results["cases"]:
        if case["outcome"] != "fail":
            continue
        cid, diagnosis = case["id"], case["diagnosis"]
        explained.update(set(case["explainedBy"]))
        if not diagnosis:
            if case["mismatched"]:
                problems.append("%s: %d mismatching elements, no diagnosis" % (cid, case["mismatched"]))
            continue
        for d in diagnosis:
            explains = d["defined"] > 0 and d["reproduced"] == d["defined"] and d["contradicted"] == 0
            if d["defined"] + d["undefined"] != case["mismatched"] or d["reproduced"] > d["defined"]:
                problems.append("%s: `%s` reproduced %d / defined %d / undefined %d of %d mismatching" % (
                    cid, d["variant"], d["reproduced"], d["defined"], d["undefined"], case["mismatched"]))
            if d["explains"] != explains or d["exact"] != (explains and d["undefined"] == 0):
                problems.append("%s: `%s` explains/exact flags disagree with its figures" % (cid, d["variant"]))
        keys = [rank_key(d) for d in diagnosis]
        if keys != sorted(keys):
            problems.append("%s: candidates out of rank order: %s" % (cid, [d["variant"] for d in diagnosis[:5]]))
        if case["diagnosisMore"]:
            problems.append("%s: %d candidates cut despite --diagnosis-candidates=1000" % (cid, case["diagnosisMore"]))
        explaining = [d["variant"] for d in diagnosis if d["explains"]]
        if case["explainedBy"] != explaining:
            problems.append("%s: explainedBy %s, the explaining candidates %s" % (cid, case["explainedBy"][:3],
                                                                                  explaining[:3]))
        top = diagnosis[0]
        headline = headlines.get(cid, "")
        if explaining:
            want = (HEADLINE_EXACT if top["exact"] else HEADLINE_EXPLAINS) % top["variant"]
            if not top["explains"] or not headline.startswith(want):
                problems.append("%s: %s explain it, yet the headline is %r" % (cid, explaining[:3], headline))
        elif not headline.startswith(HEADLINE_NONE):
            problems.append("%s: nothing explains it, yet the headline is %r" % (cid, headline))
        if cause and cause not in case["explainedBy"]:
            problems.append("%s: the known cause `%s` does not explain it (headline %r)" % (cid, cause, headline))
    summary = {d["variant"]: d["cases"] for d in results["diagnosisSummary"]}
    if summary != dict(explained):
        problems.append("diagnosisSummary %s disagrees with the cases' explainedBy %s" % (summary, dict(explained)))
    return problems


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
    parser.add_argument("--check-diagnosis", action="store_true",
                        help="also check every failing case's diagnosis and headline (see the docstring)")
    parser.add_argument("--keep", default=None, help="write the reports under this directory and keep them")
    args = parser.parse_args()

    mutants = sorted(glob.glob(os.path.join(HERE, "*.py")))
    mutants = [m for m in mutants if os.path.basename(m) != os.path.basename(__file__)]
    if args.only:
        mutants = [m for m in mutants if os.path.basename(m)[:-3] in args.only]
    ok = True
    with tempfile.TemporaryDirectory(prefix="mutants-") as temporary:
        scratch = args.keep or temporary
        os.makedirs(scratch, exist_ok=True)
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
        print("%-28s %5s %5s %9s %8s  %s" % ("mutant", "fail", "error", "explained", "no-known",
                                             "headline diagnosis most often named"))
        diagnosis_problems = 0
        cast_capabilities = cast_only_capabilities(scratch)
        for script in mutants:
            name = os.path.basename(script)[:-3]
            extra = ["--diagnosis-candidates=1000"] if args.check_diagnosis else []
            if name.startswith("rescale_"):
                options = dict(extra=["--filter=op=rescale"] + extra)
            else:
                options = dict(capabilities=cast_capabilities, extra=extra)
            status, results, output = run(args.quant_conform, script, args.suite, args.jobs,
                                          os.path.join(scratch, name), **options)
            if results is None:
                print(output)
                print("%-28s no results.json (exit status %d)" % (name, status))
                ok = False
                continue
            c = results["counts"]
            named = collections.Counter()
            unexplained = 0
            for case in results["cases"]:
                if case["outcome"] != "fail" or not case["diagnosis"]:
                    continue
                if case["diagnosis"][0]["explains"]:
                    named[case["diagnosis"][0]["variant"]] += 1
                else:
                    unexplained += 1
            top = ", ".join("%s (%d)" % kv for kv in named.most_common(2)) or "-"
            caught = c["fail"] > 0 and c["error"] == 0 and status == 1
            detected += caught
            ok = ok and caught
            print("%-28s %5d %5d %9d %8d  %s%s" % (name, c["fail"], c["error"], sum(named.values()), unexplained,
                                                top, "" if caught else "   NOT DETECTED"))
            if args.check_diagnosis:
                problems = check_diagnosis(name, results, output)
                for problem in problems[:10]:
                    print("    DIAGNOSIS: " + problem)
                if len(problems) > 10:
                    print("    DIAGNOSIS: ... %d more" % (len(problems) - 10))
                diagnosis_problems += bool(problems)
                ok = ok and not problems
        print("detected %d of %d mutants on %s" % (detected, len(mutants), os.path.relpath(args.suite, ROOT)))
        if args.check_diagnosis:
            print("diagnosis checked on %d mutants: %s" % (
                len(mutants), "every headline as documented" if not diagnosis_problems
                else "%d with problems (DIAGNOSIS lines above)" % diagnosis_problems))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
