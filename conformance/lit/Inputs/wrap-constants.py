#!/usr/bin/env python3
"""Wraps each result line printed by quant-interp in MLIR that mlir-opt parses.

Reads quant-interp's stdout on stdin and writes on stdout:
  func.func @results() {
    %r0 = arith.constant <line 1>
    ...
    "test.use"(%r0, ...) : (<type 1>, ...) -> ()
    return
  }
so that `mlir-opt --allow-unregistered-dialect` checks that every printed
result parses back as an MLIR attribute of the printed type ([cli.output]),
and prints it back in MLIR's own form (used to compare --hex with decimal
output). arith.constant accepts only signless scalar integers, so a scalar
of a signed/unsigned type (`5 : ui4`) is wrapped as an attribute of an
unregistered op instead: `"test.value"() {value = 5 : ui4} : () -> ()`.
Comment lines (`// poison: ...`, `// -----`) and blank lines are skipped.
"""
import re
import sys

results = []
for line in sys.stdin:
    line = line.strip()
    if line and not line.startswith("//"):
        results.append(line)

print("func.func @results() {")
used, types = [], []
for i, line in enumerate(results):
    value_type = line.rsplit(" : ", 1)[1]
    if re.fullmatch(r"[su]i[0-9]+", value_type):
        print('  "test.value"() {value = %s} : () -> ()' % line)
        continue
    print("  %%r%d = arith.constant %s" % (i, line))
    used.append("%%r%d" % i)
    types.append(value_type)
if used:
    print('  "test.use"(%s) : (%s) -> ()' % (", ".join(used), ", ".join(types)))
print("  return")
print("}")
