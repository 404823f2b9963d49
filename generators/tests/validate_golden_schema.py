#!/usr/bin/env python3
"""Validates checked-in golden files against their published JSON Schema.

docs/golden-format.md: every case file and manifest of a suite (golden/v1,
golden/v2) and the calibration vectors (golden/calibration/v1) are instances
of the schema.json beside them; vendors validate with it, so what
quant-golden writes must pass it. Before the files, a self-check: the schema
is a valid 2020-12 schema, and two broken copies of the first file (an
unknown key at the top, a wrong `format`) are refused, so a schema that
accepts anything fails here.

  validate_golden_schema.py --schema golden/v2/schema.json --suite golden/v2/smoke
  validate_golden_schema.py --schema golden/calibration/v1/schema.json FILE...

Exit status 0: all valid; 1: a file (or the self-check) fails, each failure
named by file and JSON path; 2: usage error.
"""
import argparse
import copy
import glob
import json
import os
import sys

try:
    import jsonschema
except ImportError:  # a missing dependency fails loudly, never a skip
    sys.exit("validate_golden_schema.py: error: the Python module jsonschema is missing "
             "(Debian package python3-jsonschema; .ci/setup installs it)")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def where(error):
    return "/" + "/".join(str(p) for p in error.absolute_path)


def closest(errors):
    """The errors of the closest match: the schema is a oneOf (case |
    manifest, each op's case a branch), and a oneOf error only says that no
    branch matched; of its branches, the one with the fewest errors names
    the problem."""
    out = []
    for e in errors:
        if not e.context:
            out.append(e)
            continue
        branches = {}
        for c in e.context:
            branches.setdefault(c.relative_schema_path[0], []).append(c)
        out += min((closest(b) for b in branches.values()), key=len)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--schema", required=True, help="schema.json")
    ap.add_argument("--suite", action="append", default=[],
                    help="a suite directory: its manifest.json and cases/*.json")
    ap.add_argument("files", nargs="*", help="single instance files")
    args = ap.parse_args()

    schema = load(args.schema)
    # Every $ref is local ("#/$defs/..."); the relative $id
    # ("quant-interp-golden/2") names the format, and Debian 12's jsonschema
    # (4.10) would resolve those refs against it as a remote document.
    schema.pop("$id", None)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)

    paths = list(args.files)
    for suite in args.suite:
        cases = sorted(glob.glob(os.path.join(suite, "cases", "*.json")))
        if not cases:
            sys.exit("validate_golden_schema.py: error: %s: no cases/*.json" % suite)
        paths += [os.path.join(suite, "manifest.json")] + cases
    if not paths:
        ap.error("nothing to validate: give --suite or files")

    # Self-check on the first file: valid as it is, refused when broken.
    first = load(paths[0])
    probes = []
    extra = copy.deepcopy(first)
    extra["unknownKeyForTheSchemaSelfCheck"] = 1
    probes.append(("an unknown top-level key", extra))
    wrong = copy.deepcopy(first)
    wrong["format"] = "quant-interp-golden/99"
    probes.append(("a wrong format", wrong))
    for what, instance in probes:
        if validator.is_valid(instance):
            print("FAIL: the schema accepts %s in a copy of %s" % (what, paths[0]))
            return 1

    failures = 0
    for path in paths:
        errors = list(validator.iter_errors(load(path)))
        if errors:
            failures += 1
            if failures <= 20:
                for e in closest(errors)[:3]:
                    print("%s: %s: %s" % (path, where(e), e.message[:300]))
    print("%d file(s) against %s: %s" % (len(paths), args.schema,
                                         "all valid" if not failures else "%d invalid" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
