#!/usr/bin/env python3
"""Renders the generated table of docs/calibration.md: where the calibration recipes disagree.

    render_disagreements.py --quant-interp=BIN                  print the section
    render_disagreements.py --quant-interp=BIN --check DOC      exit 1 if DOC's section differs (prints a diff)
    render_disagreements.py --quant-interp=BIN --update DOC     rewrite DOC's section

It runs `quant-interp --choose-params --calibration=all --ranges-file=F --json` on the fixed ranges of RANGES
below (each chosen because some recipes part there: a zero-point tie, one-signed and degenerate ranges, extremes,
NaN, infinities, a reversed range) and renders, per family, a table of range rows x recipe columns: the storage,
the scale (9 significant digits; the exact bits are in the JSON) and the zero point, or the refusal. The first
recipe of each family in quant-interp's catalogue is its default; the other columns are headed by the options
they change. The section
lies between `<!-- BEGIN generated: calibration-disagreements ... -->` and `<!-- END generated:
calibration-disagreements -->`; every figure in it comes from quant-interp, and `calibration-disagreements-doc`
fails when the checked-in section is not what quant-interp gives now. Python 3 standard library only.
"""
import argparse
import collections
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import generated_section  # noqa: E402 (conformance/frameworks/generated_section.py)

BEGIN = "<!-- BEGIN generated: calibration-disagreements (conformance/frameworks/calibration/render_disagreements.py) -->"
END = "<!-- END generated: calibration-disagreements -->"

# (label, min, max): the telling ranges, as ranges-file numbers (C99 hex floats, nan, inf).
RANGES = [
    ("[-1, 1]", "-0x1p0", "0x1p0"),
    ("[0, 6] (ReLU6)", "0x0p0", "0x1.8p2"),
    ("[-2.5, 252.5] (zero-point tie)", "-0x1.4p1", "0x1.f9p7"),
    ("[-0.3, 1.7]", "-0x1.3333333333333p-2", "0x1.b333333333333p0"),
    ("[0.5, 4] (min > 0)", "0x1p-1", "0x1p2"),
    ("[-3, -1] (max < 0)", "-0x1.8p1", "-0x1p0"),
    ("[0, 0] (all-zero data)", "0x0p0", "0x0p0"),
    ("[1, 1] (min = max)", "0x1p0", "0x1p0"),
    ("[-1e-30, 1e-30]", "-0x1.4484bfeebc2ap-100", "0x1.4484bfeebc2ap-100"),
    ("[0, 2^-149] (subnormal)", "0x0p0", "0x1p-149"),
    ("[-1e30, 1e30]", "-0x1.93e5939a08ceap+99", "0x1.93e5939a08ceap+99"),
    ("[-1e-30, 1e30] (mixed)", "-0x1.4484bfeebc2ap-100", "0x1.93e5939a08ceap+99"),
    ("[-inf, 1]", "-inf", "0x1p0"),
    ("[nan, 1]", "nan", "0x1p0"),
    ("[1, -1] (min > max)", "0x1p0", "-0x1p0"),
]


def choose_all(quant_interp):
    """{recipe spelling: {line: answer}} in quant-interp's order of recipes."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "ranges.txt")
        with open(path, "w") as f:
            f.writelines(f"{lo} {hi}\n" for _, lo, hi in RANGES)
        r = subprocess.run([quant_interp, "--choose-params", "--calibration=all", f"--ranges-file={path}", "--json"],
                           capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"quant-interp --choose-params --calibration=all exited {r.returncode}: {r.stderr[-2000:]}")
    by_recipe = collections.OrderedDict()
    for text in r.stdout.splitlines():
        obj = json.loads(text)
        by_recipe.setdefault(obj["recipe"], {})[obj["line"]] = obj
    return by_recipe


def scale_text(bits):
    value = struct.unpack("<d", struct.pack("<Q", int(bits, 16)))[0]
    return f"{value:.9g}"


def cell(answer):
    if answer is None:
        return "(no answer)"
    if not answer["ok"]:
        return "refuses: " + answer["refusal"].replace("|", "\\|")
    scales = ", ".join(scale_text(s) for s in answer["scales"])
    zero_points = ", ".join(str(z) for z in answer["zero_points"])
    return f"{answer['storage']}<{answer['storage_min']}:{answer['storage_max']}> s={scales} z={zero_points}"


def options_of(recipe):
    return dict(item.split("=", 1) for item in recipe.split(":", 1)[1].split(",")) if ":" in recipe else {}


def column_name(default, recipe):
    """A column's heading: the options in which `recipe` differs from the family's default recipe."""
    base, mine = options_of(default), options_of(recipe)
    changed = [f"{k}={v}" for k, v in mine.items() if base.get(k) != v]
    return f"`{','.join(changed)}`" if changed else "defaults"


def render(by_recipe):
    families = collections.OrderedDict()
    for recipe in by_recipe:
        families.setdefault(recipe.split(":")[0], []).append(recipe)
    lines = [f"`quant-interp --choose-params --calibration=all --json` on {len(RANGES)} ranges, "
             f"{len(by_recipe)} recipes (storage<min:max>, scale to 9 digits, zero point):", ""]
    for family, recipes in families.items():
        lines.append(f"**{family}**")
        lines.append("")
        lines.append(f"`{recipes[0]}`: the defaults; the other columns name the options they change.")
        lines.append("")
        lines.append("| range | " + " | ".join(column_name(recipes[0], r) for r in recipes) + " |")
        lines.append("|---" * (len(recipes) + 1) + "|")
        for line, (label, _, _) in enumerate(RANGES, 1):
            lines.append(f"| {label} | " + " | ".join(cell(by_recipe[r].get(line)) for r in recipes) + " |")
        lines.append("")
    return "\n".join(lines)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quant-interp", required=True)
    p.add_argument("--check", metavar="DOC")
    p.add_argument("--update", metavar="DOC")
    args = p.parse_args()
    try:
        text = render(choose_all(args.quant_interp))
    except (RuntimeError, ValueError, KeyError) as e:
        print(f"render_disagreements.py: error: {e}", file=sys.stderr)
        return 1
    doc = args.check or args.update
    if not doc:
        sys.stdout.write(text)
        return 0
    return generated_section.check_or_update(
        doc, BEGIN, END, text, update=bool(args.update), label="calibration-disagreements",
        fix_hint=f"render_disagreements.py --quant-interp=BIN --update {doc}", tool="render_disagreements.py")

if __name__ == "__main__":
    sys.exit(main())
