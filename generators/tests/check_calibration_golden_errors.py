#!/usr/bin/env python3
"""quant-golden calibration check on broken copies of golden/calibration/v1/smoke.json ([golden.calibration]).

Each copy breaks one thing; the check must exit with the stated status and print a message naming the file, the case
id and the key (docs/golden-format.md, "Calibration golden vectors"). A wrong expected value (a zero point, a scale
bit, the storage bounds, ok) in an otherwise well-formed file is a mismatch: exit 1 and the case named. Usage errors
exit 2.

    check_calibration_golden_errors.py --quant-golden PATH --smoke FILE --scratch DIR
"""
import argparse
import json
import os
import subprocess
import sys


def load_lines(path):
    with open(path) as f:
        return f.read().split("\n")


def case_line(lines, case_id):
    for i, line in enumerate(lines):
        if line.lstrip().startswith('{"id": "%s"' % case_id):
            return i
    raise SystemExit("no case %s in the smoke file" % case_id)


def edit_case(lines, case_id, change):
    """The file with `change(case_dict)` applied to one case line (written back compactly)."""
    out = list(lines)
    i = case_line(out, case_id)
    text = out[i].strip()
    comma = text.endswith(",")
    case = json.loads(text.rstrip(","))
    change(case)
    out[i] = "    " + json.dumps(case) + ("," if comma else "")
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quant-golden", required=True)
    parser.add_argument("--smoke", required=True)
    parser.add_argument("--scratch", required=True)
    args = parser.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    lines = load_lines(args.smoke)
    straddle = "tflite.0-straddle"

    def drop(key):
        return lambda c: c["expected"].pop(key)

    def setexp(key, value):
        return lambda c: c["expected"].__setitem__(key, value)

    def plus_one_zero_point(c):
        c["expected"]["zero_points"][0] += 1

    def flip_scale_bit(c):
        bits = int(c["expected"]["scales"][0], 16) ^ 1
        c["expected"]["scales"][0] = "0x%016x" % bits

    def bad_range(text):
        return lambda c: c["ranges"][0].__setitem__(0, text)

    def refuse(c):
        c["expected"] = {"ok": False, "refusal": "made up"}

    # (name, lines, expected status, substrings of the output)
    cases = [
        ("missing-storage", edit_case(lines, straddle, drop("storage")), 1,
         ["case %s)/expected/storage: missing" % straddle]),
        ("unknown-key", edit_case(lines, straddle, lambda c: c.__setitem__("extra", 1)), 1,
         ["case %s): unknown key 'extra'" % straddle]),
        ("non-canonical-range", edit_case(lines, straddle, bad_range("-0x1.0p+0")), 1,
         ["case %s)/ranges/0/0: expected a canonical C99 hex float" % straddle]),
        ("upper-case-scale", edit_case(lines, straddle, setexp("scales", ["0x3F88181818181818"])), 1,
         ["case %s)/expected/scales/0: expected \"0x\" and 16 lower-case hex digits" % straddle]),
        ("two-zero-points", edit_case(lines, straddle, setexp("zero_points", [85, 85])), 1,
         ["case %s)/expected/zero_points: expected 1 zero point(s)" % straddle]),
        ("per-layer-two-ranges", edit_case(lines, straddle,
                                           lambda c: c["ranges"].append(["0x0p+0", "0x1p+0"])), 1,
         ["case %s)/ranges: expected exactly one [min, max]" % straddle]),
        ("unknown-recipe", edit_case(lines, straddle, lambda c: c.__setitem__("recipe", "tflite")), 1,
         ["case %s)/recipe: 'tflite' is not one of the file's /recipes" % straddle]),
        ("duplicate-id", edit_case(lines, "tflite.0-min-positive", lambda c: c.__setitem__("id", straddle)), 1,
         ["case %s)/id: duplicate case id" % straddle]),
        ("expressed-f16", edit_case(lines, straddle, lambda c: c.__setitem__("expressed", "f16")), 1,
         ["case %s)/expressed: expected \"f32\"" % straddle]),
        ("wrong-format", [l.replace("quant-interp-calibration-golden/1", "quant-interp-calibration-golden/9")
                          for l in lines], 1, ["/format: expected \"quant-interp-calibration-golden/1\""]),
        ("not-json", lines[:10], 1, ["not valid JSON"]),
        # Well-formed, wrong values: mismatches.
        ("wrong-zero-point", edit_case(lines, straddle, plus_one_zero_point), 1,
         ["case %s: /expected/zero_points/0: the file says 86, chooseParams gives 85" % straddle,
          "1 mismatching"]),
        ("wrong-scale-bit", edit_case(lines, straddle, flip_scale_bit), 1,
         ["case %s: /expected/scales/0: the file says 0x3f88181818181819, chooseParams gives 0x3f88181818181818"
          % straddle]),
        ("wrong-storage-max", edit_case(lines, straddle, setexp("storage_max", 254)), 1,
         ["case %s: /expected/storage_max: the file says 254, chooseParams gives 255" % straddle]),
        ("wrong-type", edit_case(lines, straddle, setexp("type", "!quant.uniform<u8:f32, 1.0>")), 1,
         ["case %s: /expected/type: the file says !quant.uniform<u8:f32, 1.0>" % straddle]),
        ("refused-instead", edit_case(lines, straddle, refuse), 1,
         ["case %s: /expected/ok: the file says refused (made up), chooseParams gives ok (" % straddle]),
    ]
    failures = 0
    for name, text, status, wanted in cases:
        path = os.path.join(args.scratch, name + ".json")
        with open(path, "w") as f:
            f.write("\n".join(text))
        run = subprocess.run([args.quant_golden, "calibration", "check", path],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        problems = []
        if run.returncode != status:
            problems.append("exit status %d, expected %d" % (run.returncode, status))
        if not run.stdout.startswith(path) and "quant-golden: error: " + path not in run.stdout:
            problems.append("the output does not start by naming the file")
        for w in wanted:
            if w not in run.stdout:
                problems.append("missing %r" % w)
        if problems:
            failures += 1
            print("FAIL %s: %s\n%s" % (name, "; ".join(problems), run.stdout))
        else:
            print("ok   %s" % name)
    # The file as published: agrees.
    run = subprocess.run([args.quant_golden, "calibration", "check", args.smoke], stdout=subprocess.PIPE, text=True)
    if run.returncode != 0:
        failures += 1
        print("FAIL the smoke file itself: exit %d\n%s" % (run.returncode, run.stdout))
    usage = [["calibration"], ["calibration", "frobnicate"], ["calibration", "check"],
             ["calibration", "generate", "--out=-"], ["calibration", "generate", "--level=huge", "--out=-"],
             ["calibration", "check", args.smoke, "--level=smoke"]]
    for argv in usage:
        run = subprocess.run([args.quant_golden] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if run.returncode != 2 or "quant-golden: error: " not in run.stderr:
            failures += 1
            print("FAIL usage %s: exit %d, stderr %r" % (argv, run.returncode, run.stderr))
        else:
            print("ok   usage %s -> %s" % (" ".join(argv), run.stderr.strip()))
    print("%d failure(s)" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
