"""The command line shared by the frameworks' mismatch classifiers (pytorch/, xnnpack/classify_mismatches.py).

    classify_mismatches.py RESULTS_JSON [--json]

`classify(results)` maps each failing case ID to a Counter of class names ("unexplained" when no class explains an
element); this prints the classes with their counts by op and storage (or, with --json, the per-case counts) and
exits 1 when any element is unexplained.
"""
import collections
import json
import sys


def main(argv, classify, classes, usage):
    if len(argv) < 2:
        sys.stderr.write(usage)
        return 2
    with open(argv[1]) as f:
        results = json.load(f)
    per_case = classify(results)
    if "--json" in argv[2:]:
        json.dump({"cases": {k: dict(v) for k, v in per_case.items()}}, sys.stdout, indent=1, sort_keys=True)
        sys.stdout.write("\n")
        return 0
    total = collections.Counter()
    by_storage = collections.defaultdict(collections.Counter)
    cases = {c["id"]: c for c in results["cases"]}
    for case_id, counts in per_case.items():
        total.update(counts)
        key = "%s %s" % (cases[case_id]["tags"]["op"], cases[case_id]["tags"]["storage"])
        for name, n in counts.items():
            by_storage[name][key] += n
    for name, n in total.most_common():
        print("%7d  %-16s %s  [%s]" % (n, name, classes.get(name, "not explained by the emulations"),
                                       ", ".join("%s %d" % kv for kv in sorted(by_storage[name].items()))))
    print("%7d  total mismatching elements in %d failing cases" % (sum(total.values()), len(per_case)))
    return 1 if total["unexplained"] else 0
