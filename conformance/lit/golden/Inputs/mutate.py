#!/usr/bin/env python3
"""Damages one case of a golden suite in a named way (suite-errors.test).

The case is the first qcast per-layer case in manifest order (for the
reject-* damages: the first expected-rejection case; for the rescale-* ones a
rescale case, below).
usage: mutate.py SUITE_DIR truncate|version|extra-key|decimal|scale|expected|
                 reject-message|reject-runtime-message|reject-tag|reject-expected|
                 rescale-interval|rescale-value|rescale-require|rescale-zp|rescale-reason
(reject-message damages a verifier case, reject-runtime-message a runtime-integrity one;
rescale-interval widens an interval of the first INEXACT_ROUND case with one, rescale-value
changes a tosa output, rescale-require puts an unpredictable input into the shift-2 case,
rescale-zp gives a signed i16 case a zero point, rescale-reason calls a require rejection error-if)
"""
import json
import os
import sys

suite, how = sys.argv[1], sys.argv[2]
with open(os.path.join(suite, "manifest.json")) as f:
    manifest = json.load(f)
def load(entry):
    with open(os.path.join(suite, entry["file"])) as f:
        return json.load(f)


def rescale_case(how):
    cases = [c for c in manifest["cases"] if c["tags"]["op"] == "rescale"]
    if how == "rescale-interval":
        return next(c for c in cases if not c["tags"]["rejection"] and load(c)["expected"][0]["intervals"])
    if how == "rescale-require":
        return next(c for c in cases if not c["tags"]["rejection"] and load(c)["rescale"]["shift"] == [2]
                    and load(c)["rescale"]["scale32"])
    if how == "rescale-zp":
        return next(c for c in cases if not c["tags"]["rejection"] and c["tags"]["input"] == "i16")
    if how == "rescale-reason":
        return next(c for c in cases if c["tags"]["rejection"] and load(c)["rejection"]["reason"] == "require")
    return next(c for c in cases if not c["tags"]["rejection"] and c["elements"] > 0)


if how.startswith("rescale-"):
    entry = rescale_case(how)
elif how.startswith("reject-"):
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
        case["format"] = "quant-interp-golden/3"
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
    elif how == "rescale-interval":
        case["expected"][0]["intervals"][0][2] += 1
    elif how == "rescale-value":
        exp = case["expected"][0]
        i = next(k for k in range(len(exp["values"])) if k not in [iv[0] for iv in exp["intervals"]])
        exp["values"][i] += 1 if exp["values"][i] == 0 else -1  # stays in the output type
    elif how == "rescale-require":
        case["input"]["values"][0] = 100  # the REQUIRE on the value admits -2 ... 1 at shift 2
    elif how == "rescale-zp":
        case["rescale"]["inputZp"] = 5
    elif how == "rescale-reason":
        case["rejection"]["reason"] = "error-if"
    elif how == "reject-expected":
        case["expected"] = [{"profile": "reference", "semantics": "", "type": "", "values": [],
                             "poison": []}]
    text = json.dumps(case, indent=1)
with open(path, "w") as f:
    f.write(text)
