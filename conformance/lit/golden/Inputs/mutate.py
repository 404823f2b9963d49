#!/usr/bin/env python3
"""Damages one case of a golden suite in a named way (suite-errors.test).

The case is the first qcast per-layer case in manifest order (for the
reject-* damages: the first expected-rejection case).
usage: mutate.py SUITE_DIR truncate|version|extra-key|decimal|scale|expected|
                 reject-message|reject-runtime-message|reject-tag|reject-expected
(reject-message damages a verifier case, reject-runtime-message a runtime-integrity one)
"""
import json
import os
import sys

suite, how = sys.argv[1], sys.argv[2]
with open(os.path.join(suite, "manifest.json")) as f:
    manifest = json.load(f)
if how.startswith("reject-"):
    def reason(c):
        with open(os.path.join(suite, c["file"])) as f:
            return json.load(f)["rejection"]["reason"]
    want = "runtime-integrity" if how == "reject-runtime-message" else "verifier"
    entry = next(c for c in manifest["cases"] if c["tags"]["rejection"] and reason(c) == want)
else:
    entry = next(c for c in manifest["cases"] if c["id"].startswith("qcast-per-layer-"))
path = os.path.join(suite, entry["file"])
with open(path) as f:
    text = f.read()
if how == "truncate":
    text = text[: len(text) // 2]
else:
    case = json.loads(text)
    if how == "version":
        case["format"] = "quant-interp-golden/2"
    elif how == "extra-key":
        case["input"]["comment"] = "hand-edited"
    elif how == "decimal":
        case["input"]["values"][0][1] = "12345.0"
    elif how == "scale":
        case["type"]["mlir"] = case["type"]["mlir"].replace(":f", ":f", 1).replace(", ", ", 2", 1)
    elif how == "expected":
        exp = case["expected"][0]
        i = 0
        if i in exp["poison"]:
            exp["poison"].remove(i)
        exp["values"][i] = -1 if exp["values"][i] == 0 else 0  # the case is signed (i1)
    elif how in ("reject-message", "reject-runtime-message"):
        case["rejection"]["message"] = "quant.qcast: something else"
    elif how == "reject-tag":
        case["tags"]["rejection"] = False
    elif how == "reject-expected":
        case["expected"] = [{"profile": "reference", "semantics": "", "type": "", "values": [],
                             "poison": []}]
    text = json.dumps(case, indent=1)
with open(path, "w") as f:
    f.write(text)
