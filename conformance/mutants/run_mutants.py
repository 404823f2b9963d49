#!/usr/bin/env python3
"""The mutant detection score per golden level: which wrong backends each level catches.

Runs `quant-conform run --backend=command --batch` with conformance/examples/vendor_backend.py (must pass: exit 0, no
fail, no error) and then with every conformance/mutants/*.py (detected: at least one `fail`, no `error` — a mutant
that crashes is not "detected", it is broken), on each level given (`--levels smoke full`, suites under
golden/v2; or one `--suite DIR`). A mutant of RESCALE (`rescale_*.py`) runs on the rescale cases only
(--filter=op=rescale); every other mutant on the qcast / dcast cases only (the example's capabilities with rescale
excluded: its rescale code is the example's). Prints one line per mutant and level with its class (the `Class:` line
of its docstring), the failing case count, how many failing cases the headline diagnosis explains (a semantics
reproducing every mismatching element it defines) and how many it says "no known semantics" for, and the explaining
headlines most often named; then a table per class and the score per level, e.g. `smoke: detected 57 of 76`.

The levels are cumulative, as a vendor runs them: the full level is `--suite=golden/v2`, smoke then full, so a
mutant detected on an earlier level counts as detected on the later ones and is not run again ("detected on smoke").

--expect FILE (the CTests; conformance/mutants/expected_survivors.json) compares, for each level run, the mutants it
does not detect with the file's list for that level, exactly: a survivor not listed fails, and so does a listed
mutant that is now detected (the list only shrinks, by improving the levels; --write-expect rewrites it). Without
--expect every mutant must be detected.

--check-diagnosis (the CTest conform-mutants-detected, on both levels; spec/conformance.md [conform.diagnosis],
[conform.compared]) also runs every mutant with --diagnosis-candidates=1000, so every candidate of the shown kind is
in results.json, and checks each failing case with values: the figures add up to the case's mismatching elements,
the `explains` / `exact` flags follow from them, the candidates are in the documented rank order, `explainedBy`
lists exactly the explaining candidates, and the headline (the console's first diagnosis line) names the first
explaining candidate when one exists ("reproduced exactly by" / "reproduces every mismatching element it defines")
and says "no known semantics reproduces these outputs" otherwise; the run's diagnosis summary counts the cases'
`explainedBy`. For the mutants whose bug is a known semantics (KNOWN_CAUSE) that semantics must explain every
failing case.

Exit status 0 only when the example passes every level, no mutant is broken, the diagnoses check out, and the
survivors are as expected (or, without --expect, there are none).

    conformance/mutants/run_mutants.py --quant-conform build/bin/quant-conform [--levels smoke full | --suite DIR]
        [--jobs 2] [--only NAME...] [--check-diagnosis] [--expect FILE] [--write-expect FILE] [--keep DIR]
        [--catalogue]
"""
import argparse
import collections
import glob
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


NOT_MUTANTS = {"run_mutants.py", "check_witnesses.py"}  # the scripts beside the mutants
EXAMPLE_CAPABILITIES = os.path.join(ROOT, "conformance/examples/vendor_backend.capabilities")

# Mutants whose bug is exactly a known semantics (conformance/mutants/README.md, "diagnosis"): it must explain
# every failing case on the level that detects the mutant (--check-diagnosis).
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
    command = [quant_conform, "run", "--backend=command", "--batch",
               "--command=" + shlex.quote(sys.executable) + " " + shlex.quote(script),
               "--capabilities=" + capabilities,
               "--suite=" + suite, "--jobs=%d" % jobs, "--report-dir=" + out, "--no-color"] + list(extra)
    proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    path = os.path.join(out, "results.json")
    if not os.path.exists(path):
        return proc.returncode, None, proc.stdout
    with open(path) as f:
        return proc.returncode, json.load(f), proc.stdout


def describe(script):
    """(summary, origin, classes) from a mutant's docstring: its first line, its `Origin:` line(s) and its `Class:`
    line (comma-separated; the first is the class the tables count it under)."""
    with open(script) as f:
        text = f.read()
    doc = text.split('"""')[1]
    summary = doc.strip().splitlines()[0]
    origin = re.search(r"^Origin: (.*?)(?=\nClass:)", doc, re.S | re.M)
    classes = re.search(r"^Class: (.*?)\.?$", doc, re.M)
    if not classes or not origin:
        raise SystemExit("%s: the docstring needs an `Origin:` line followed by a `Class:` line" % script)
    return summary, " ".join(origin.group(1).split()), [c.strip() for c in classes.group(1).split(",")]


def run_level(args, level, suite, mutants, scratch, earlier):
    """One level: the example must pass, then every mutant not detected on an earlier level (`earlier`: mutant ->
    that level's name). Returns (ok, {detected mutant: the level that detected it}, mutants with diagnosis
    problems); a broken mutant is reported and makes ok false."""
    ok = True
    diagnosis_problems = 0
    out = os.path.join(scratch, level)
    example = os.path.join(ROOT, "conformance/examples/vendor_backend.py")
    status, results, output = run(args.quant_conform, example, suite, args.jobs, os.path.join(out, "example"))
    if results is None or status != 0 or results["counts"]["fail"] or results["counts"]["error"]:
        print(output)
        print("FAIL: the example backend does not pass %s (exit status %d)" % (level, status))
        ok = False
    else:
        c = results["counts"]
        print("== %s: example vendor_backend.py: %d pass, %d expected-rejection, %d unsupported (%.1f s)" %
              (level, c["pass"], c["expected-rejection"], c["unsupported"], results["seconds"]))
    caught = {}
    print("%-40s %-14s %5s %5s %9s %8s  %s" % ("mutant", "class", "fail", "error", "explained", "no-known",
                                              "headline diagnosis most often named"))
    cast_capabilities = cast_only_capabilities(scratch)
    for script in mutants:
        name = os.path.basename(script)[:-3]
        primary = describe(script)[2][0]
        if name in earlier:
            caught[name] = earlier[name]
            print("%-40s %-14s detected on %s" % (name, primary, earlier[name]))
            continue
        extra = ["--diagnosis-candidates=1000"] if args.check_diagnosis else []
        if name.startswith("rescale_"):
            options = dict(extra=["--filter=op=rescale"] + extra)
        else:
            options = dict(capabilities=cast_capabilities, extra=extra)
        status, results, output = run(args.quant_conform, script, suite, args.jobs, os.path.join(out, name),
                                      **options)
        if results is None:
            print(output)
            print("%-40s no results.json (exit status %d)   BROKEN" % (name, status))
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
        if c["error"] or (c["fail"] and status != 1):
            verdict, ok = "   BROKEN (error cases or exit status %d)" % status, False
        elif c["fail"]:
            verdict = ""
            caught[name] = level
        else:
            verdict = "   survives"
        print("%-40s %-14s %5d %5d %9d %8d  %s%s" % (name, primary, c["fail"], c["error"], sum(named.values()),
                                                    unexplained, top, verdict))
        if args.check_diagnosis:
            problems = check_diagnosis(name, results, output)
            for problem in problems[:10]:
                print("    DIAGNOSIS: " + problem)
            if len(problems) > 10:
                print("    DIAGNOSIS: ... %d more" % (len(problems) - 10))
            diagnosis_problems += bool(problems)
    return ok, caught, diagnosis_problems


def print_tables(mutants, levels, caught, catalogue):
    """The score per class and level; with `catalogue`, the README's catalogue rows."""
    by_class = collections.OrderedDict()
    for script in mutants:
        by_class.setdefault(describe(script)[2][0], []).append(os.path.basename(script)[:-3])
    print()
    print("%-16s %7s  %s" % ("class", "mutants", "  ".join("%-7s" % level for level in levels)))
    for cls in sorted(by_class):
        names = by_class[cls]
        print("%-16s %7d  %s" % (cls, len(names), "  ".join(
            "%-7s" % ("%d" % sum(n in caught[level] for n in names)) for level in levels)))
    print("%-16s %7d  %s" % ("all", len(mutants), "  ".join(
        "%-7s" % ("%d" % len(caught[level])) for level in levels)))
    if catalogue:
        print()
        print("| mutant | bug | real-world origin | class | %s |" % " | ".join(levels))
        print("|---|---|---|---|%s" % ("---|" * len(levels)))
        for script in mutants:
            name = os.path.basename(script)[:-3]
            summary, origin, classes = describe(script)
            print("| `%s` | %s | %s | %s | %s |" % (name, summary, origin, ", ".join(classes), " | ".join(
                "yes" if name in caught[level] else "**no**" for level in levels)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quant-conform", required=True)
    parser.add_argument("--levels", nargs="+", default=["smoke"], help="golden levels under --golden (in order)")
    parser.add_argument("--golden", default=os.path.join(ROOT, "golden/v2"))
    parser.add_argument("--suite", default=None, help="one suite directory instead of --levels")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", nargs="*", default=None, help="mutant names (default: all)")
    parser.add_argument("--check-diagnosis", action="store_true",
                        help="also check every failing case's diagnosis and headline (see the docstring)")
    parser.add_argument("--expect", default=None, help="expected survivors per level (JSON); compared exactly")
    parser.add_argument("--write-expect", default=None, help="write the survivors per level to this JSON file")
    parser.add_argument("--catalogue", action="store_true", help="print the README's catalogue table")
    parser.add_argument("--keep", default=None, help="write the reports under this directory and keep them")
    args = parser.parse_args()

    mutants = [m for m in sorted(glob.glob(os.path.join(HERE, "*.py"))) if os.path.basename(m) not in NOT_MUTANTS]
    if args.only:
        unknown = set(args.only) - set(os.path.basename(m)[:-3] for m in mutants)
        if unknown:
            parser.error("unknown mutants: %s" % " ".join(sorted(unknown)))
        mutants = [m for m in mutants if os.path.basename(m)[:-3] in args.only]
    names = [os.path.basename(m)[:-3] for m in mutants]
    if args.suite:
        levels = [(os.path.basename(os.path.normpath(args.suite)), args.suite)]
    else:
        levels = [(level, os.path.join(args.golden, level)) for level in args.levels]
    ok = True
    caught = {}
    with tempfile.TemporaryDirectory(prefix="mutants-") as temporary:
        scratch = args.keep or temporary
        os.makedirs(scratch, exist_ok=True)
        earlier = {}
        diagnosis_problems = 0
        for level, suite in levels:
            level_ok, caught[level], problems = run_level(args, level, suite, mutants, scratch, earlier)
            ok = ok and level_ok and not problems
            diagnosis_problems += problems
            earlier.update(caught[level])
            print("%s: detected %d of %d mutants on %s" % (level, len(caught[level]), len(mutants),
                                                          os.path.relpath(suite, ROOT)))
    level_names = [level for level, _ in levels]
    print_tables(mutants, level_names, caught, args.catalogue)
    survivors = dict((level, [n for n in names if n not in caught[level]]) for level in level_names)
    for level in level_names:
        print("%s survivors (%d): %s" % (level, len(survivors[level]), " ".join(survivors[level]) or "none"))
    if args.write_expect:
        with open(args.write_expect, "w") as f:
            json.dump(survivors, f, indent=2)
            f.write("\n")
    if args.expect:
        with open(args.expect) as f:
            expected = json.load(f)
        for level in level_names:
            if level not in expected:
                print("FAIL: %s has no list for level %s" % (args.expect, level))
                ok = False
                continue
            unknown = set(expected[level]) - set(os.path.basename(m)[:-3] for m in glob.glob(os.path.join(HERE, "*.py"))
                                                 if os.path.basename(m) not in NOT_MUTANTS)
            want = set(expected[level]) & set(names)
            got = set(survivors[level])
            for name in sorted(got - want):
                print("FAIL: %s: `%s` survives but is not listed in %s" % (level, name, os.path.relpath(args.expect)))
            for name in sorted(want - got):
                print("FAIL: %s: `%s` is listed as a survivor but is now detected: remove it from %s" %
                      (level, name, os.path.relpath(args.expect)))
            for name in sorted(unknown):
                print("FAIL: %s: %s lists `%s`, which is no mutant" % (level, os.path.relpath(args.expect), name))
            ok = ok and got == want and not unknown
        if ok:
            print("survivors as expected (%s)" % os.path.relpath(args.expect))
    elif any(survivors.values()):
        ok = False
    if args.check_diagnosis:
        print("diagnosis checked: %s" % ("every headline as documented" if not diagnosis_problems
                                         else "%d mutants with problems (DIAGNOSIS lines above)" % diagnosis_problems))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
