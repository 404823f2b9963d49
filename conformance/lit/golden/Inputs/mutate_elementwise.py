#!/usr/bin/env python3
"""Damages one elementwise case of a golden suite in a named way
(elementwise-errors.test, docs/golden-format.md "Elementwise cases").
usage: mutate_elementwise.py SUITE_DIR value|overflow|operand-dynamic|shift-range|object-key|scalar|unranked-declared
  value            the first expected element of the MUL shift-1 `round` case, plus one
  overflow         input2[0] of the ADD `out-max` case, plus one (its sum leaves i32)
  operand-dynamic  input2 of the static ADD `bounds` case gets dynamicDims [0]
  shift-range      the MUL `round` case gets shift 300 (not an i8)
  object-key       the NEGATE `bounds` case's op object under `contraction`
  scalar           the NEGATE `bounds` case's shape kind `scalar` (a TOSA tensor has none)
  unranked-declared  the NEGATE `bounds` case unranked, with a declared result size
"""
import json
import os
import sys

suite, how = sys.argv[1], sys.argv[2]
with open(os.path.join(suite, "manifest.json")) as f:
    manifest = json.load(f)
prefix = {"value": "mul-i32-i32-round-", "overflow": "add-i32-out-max-", "operand-dynamic": "add-i32-bounds-",
          "shift-range": "mul-i32-i32-round-", "object-key": "negate-i16-bounds-",
          "scalar": "negate-i16-bounds-", "unranked-declared": "negate-i16-bounds-"}[how]
entry = next(c for c in manifest["cases"] if c["id"].startswith(prefix))
path = os.path.join(suite, entry["file"])
with open(path) as f:
    case = json.load(f)
if how == "value":
    case["expected"][0]["values"][0] += 1
elif how == "overflow":
    case["operands"][0]["values"][0] += 1
elif how == "operand-dynamic":
    case["operands"][0]["dynamicDims"] = [0]
elif how == "shift-range":
    case["elementwise"]["shift"] = 300
elif how == "object-key":
    case["contraction"] = case.pop("elementwise")
elif how == "scalar":
    case["tags"]["shapeKind"] = "scalar"
elif how == "unranked-declared":
    case["tags"]["shapeKind"] = "unranked"
    case["elementwise"]["declaredOutput"] = case["input"]["shape"]
with open(path, "w") as f:
    json.dump(case, f, indent=2)
print("damaged", entry["id"])
