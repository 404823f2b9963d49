#!/usr/bin/env python3
"""Helpers of duplicate-ids.test ([conform.case-ids]).

    suites.py clash SRC DST   copy suite SRC to DST with one case changed (an input element swapped with the
                              next one, its class and expected values alike) under the same ID
    suites.py ids RESULTS     per parameter prefix of the IDs in results.json (the ID without its hash): how many
                              cases, how many distinct IDs, and the outcomes; then the total
"""
import collections
import json
import os
import shutil
import sys


def clash(src, dst):
    shutil.copytree(src, dst)
    with open(os.path.join(dst, "manifest.json")) as f:
        manifest = json.load(f)
    for row in manifest["cases"]:
        path = os.path.join(dst, row["file"])
        with open(path) as f:
            case = json.load(f)
        expected = case.get("expected", [])
        values = case["input"]["values"]
        if (case["tags"]["op"] != "qcast" or not expected or len(values) < 2 or values[0] == values[1]
                or any(e["poison"] for e in expected)):
            continue
        for seq in [values, case["input"]["classes"]] + [e["values"] for e in expected]:
            seq[0], seq[1] = seq[1], seq[0]
        with open(path, "w") as f:
            json.dump(case, f, indent=2)
        print("changed", case["id"])
        return
    sys.exit("no qcast case without don't-care elements in " + src)


def ids(results):
    with open(results) as f:
        run = json.load(f)
    groups = collections.defaultdict(list)
    for case in run["cases"]:
        groups[case["id"].rsplit("-", 1)[0]].append(case)
    for prefix in sorted(groups):
        cases = groups[prefix]
        print("%s: %d cases, %d IDs, %s" % (prefix, len(cases), len({c["id"] for c in cases}),
                                           " ".join(sorted(c["outcome"] for c in cases))))
    print("total: %d cases, %d IDs" % (len(run["cases"]), len({c["id"] for c in run["cases"]})))


if __name__ == "__main__":
    {"clash": clash, "ids": ids}[sys.argv[1]](*sys.argv[2:])
