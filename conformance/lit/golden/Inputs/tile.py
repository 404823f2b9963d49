#!/usr/bin/env python3
"""Makes one case of a golden suite tiled (quant-interp-golden/2, docs/golden-format.md
"Tiled cases"), then damages it or another case in a named way (tiled-cases.test).

The case is the first per-layer static qcast value case that is not tiled yet; it keeps its
first L = 10 elements (of 20) and gets "period": 10: as a per-layer case's element i depends on
input element i only, the expanded case is still right, and `quant-golden check` re-derives it.
`good` also tiles smoke's ADD `bounds` case (8 elements, input2 of the input's shape) with
L = 3: input, input2 (which says "period": 3 too) and the output keep their first 3 elements.
usage: tile.py SUITE_DIR good|period-n|values|expected|poison|v1|contraction|row
(period-n sets the period to N, values drops a listed input element, expected a listed expected
value, poison adds the index L to a poison list, v1 writes the case as quant-interp-golden/1,
contraction gives a period to smoke's AVG_POOL2D i16 `small` case, whose 3x3 window (pad 1)
keeps the input's shape but is not one element, row makes the manifest row's `listed` disagree)
Prints the tiled cases' IDs.
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


def tile(row, period):
    """The case of `row` cut to its first `period` elements (input, an input2 of the input's
    shape, every expected output) and renamed; returns it (not saved yet)."""
    case = load(row)
    os.remove(os.path.join(suite, row["file"]))
    inp = case["input"]
    inp["period"] = period
    inp["values"], inp["classes"] = inp["values"][:period], inp["classes"][:period]
    for o in case.get("operands", []):
        if o["name"] == "input2" and o["shape"] == inp["shape"]:
            o["period"], o["values"] = period, o["values"][:period]
    for e in case["expected"]:
        e["values"] = e["values"][:period]
        if "poison" in e:
            e["poison"] = [i for i in e["poison"] if i < period]
    prefix, _, digest = case["id"].rpartition("-")
    case["id"] = "%s-tile%d-%s" % (prefix, period, digest)  # the reader checks the text before the hash
    case["tags"]["inputClasses"] = sorted(set(inp["classes"]))
    row.update(id=case["id"], file="cases/%s.json" % case["id"], listed=period)
    row["tags"]["inputClasses"] = case["tags"]["inputClasses"]
    return case


row = next(r for r in manifest["cases"]
           if r["id"].startswith("qcast-per-layer-") and "-static-" in r["id"] and "-tile" not in r["id"]
           and not r["tags"]["rejection"] and r["elements"] == 2 * PERIOD)
case = tile(row, PERIOD)
inp = case["input"]
ids = [case["id"]]

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
    other = next(r for r in manifest["cases"] if r["tags"]["op"] == "avg_pool2d"
                 and r["tags"]["types"] == "i16" and r["tags"]["purpose"] == "small")
    pool = load(other)
    pool["input"]["period"] = 3
    save(other, pool)
elif how == "row":
    row["listed"] = PERIOD + 1
elif how == "good":
    add_row = next(r for r in manifest["cases"] if r["tags"]["op"] == "add"
                   and r["tags"]["purpose"] == "bounds" and r["elements"] == 8)
    add = tile(add_row, 3)
    save(add_row, add)
    ids.append(add["id"])
else:
    sys.exit("unknown damage '%s'" % how)
save(row, case)
with open(manifest_path, "w") as f:
    json.dump(manifest, f, indent=1)
print("\n".join(ids))
