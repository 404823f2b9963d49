#!/usr/bin/env python3
"""Copies a golden suite keeping only its untiled or only its tiled cases (suite-errors.test,
tiled-cases.test).

A tiled case is a manifest row whose `listed` is less than its `elements` (docs/golden-format.md
"Manifest"). The smoke level's own tiled cases hold almost all of its elements at run time, so a
test that runs `quant-golden check` many times on damaged copies of a suite does so on the untiled
part (the damaged cases are untiled ones), and runs the whole suite once. The manifest keeps its
other keys as generated: the reader requires `counts` to be an object and `coverage` (optional) to
be one; neither is compared with the rows.
usage: subset.py SRC_DIR DST_DIR untiled|tiled
Prints "<kept> of <all> cases, <rejections> rejections".
"""
import json
import os
import shutil
import sys

src, dst, which = sys.argv[1], sys.argv[2], sys.argv[3]
if which not in ("untiled", "tiled"):
    sys.exit("subset.py: unknown part '%s' (untiled or tiled)" % which)
if os.path.exists(dst):
    sys.exit("subset.py: '%s' exists" % dst)
with open(os.path.join(src, "manifest.json")) as f:
    manifest = json.load(f)
rows = manifest["cases"]
kept = [r for r in rows if (r["listed"] < r["elements"]) == (which == "tiled")]
if not kept:
    sys.exit("subset.py: %s has no %s case" % (src, which))
os.makedirs(os.path.join(dst, "cases"))
for r in kept:
    shutil.copyfile(os.path.join(src, r["file"]), os.path.join(dst, r["file"]))
manifest["cases"] = kept
with open(os.path.join(dst, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
print("%d of %d cases, %d rejections" % (len(kept), len(rows), sum(r["tags"]["rejection"] for r in kept)))
