#!/usr/bin/env python3
"""Makes one case of a golden suite tiled (quant-interp-golden/2, docs/golden-format.md
"Tiled cases"), then damages it or another case in a named way (tiled-cases.test).

The case is the first per-layer static qcast value case that is not tiled yet; it keeps its
first L = 10 elements (of 20) and gets "period": 10: as a per-layer case's element i depends on
input element i only, the expanded case is still right, and `quant-golden check` re-derives it.
usage: tile.py SUITE_DIR good|period-n|values|expected|poison|v1|contraction|row
(period-n sets the period to N, values drops a listed input element, expected a listed expected
value, poison adds the index L to a poison list, v1 writes the case as quant-interp-golden/1,
contraction gives a MATMUL case a period (only qcast, dcast and rescale cases are tiled), row makes the manifest row's `listed` disagree)
Prints the tiled case's ID.
"""
import json
import os
import sys

PERIOD = 10

suite, how = sys.argv[1], sys.argv[2]
manifest_path = os.path.join(suite, "manifest.json")
with open(manifest_path) as f:
    manifest = json.load(f)


def load(row):
    with open(os.path.join(suite, row["file"])) as f:
        return json.load(f)


def save(row, case):
    with open(os.path.join(suite, row["file"]), "w") as f:
        json.dump(case, f, indent=1)


row = next(r for r in manifest["cases"]
           if r["id"].startswith("qcast-per-layer-") and "-static-" in r["id"] and "-tile" not in r["id"]
           and not r["tags"]["rejection"] and r["elements"] == 2 * PERIOD)
case = load(row)
os.remove(os.path.join(suite, row["file"]))
inp = case["input"]
inp["period"] = PERIOD
inp["values"], inp["classes"] = inp["values"][:PERIOD], inp["classes"][:PERIOD]
for e in case["expected"]:
    e["values"], e["poison"] = e["values"][:PERIOD], [i for i in e["poison"] if i < PERIOD]
prefix, _, digest = case["id"].rpartition("-")
case["id"] = "%s-tile%d-%s" % (prefix, PERIOD, digest)  # the reader checks the text before the hash
case["tags"]["inputClasses"] = sorted(set(inp["classes"]))
row.update(id=case["id"], file="cases/%s.json" % case["id"], listed=PERIOD)
row["tags"]["inputClasses"] = case["tags"]["inputClasses"]

if how == "period-n":
    inp["period"] = row["elements"]
elif how == "values":
    inp["values"].pop()
elif how == "expected":
    case["expected"][0]["values"].pop()
elif how == "poison":
    case["expected"][0]["poison"].append(PERIOD)
elif how == "v1":
    case["format"] = "quant-interp-golden/1"
elif how == "contraction":
    other = next(r for r in manifest["cases"] if r["tags"]["op"] == "matmul" and not r["tags"]["rejection"])
    matmul = load(other)
    matmul["input"]["period"] = 1
    save(other, matmul)
elif how == "row":
    row["listed"] = PERIOD + 1
elif how != "good":
    sys.exit("unknown damage '%s'" % how)
save(row, case)
with open(manifest_path, "w") as f:
    json.dump(manifest, f, indent=1)
print(case["id"])
