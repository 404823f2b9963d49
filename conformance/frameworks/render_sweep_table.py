#!/usr/bin/env python3
"""Renders an element sweep's results (element_sweep.py --json) as the generated tables of docs/real-frameworks.md.

    render_sweep_table.py SWEEP_JSON                      print the section
    render_sweep_table.py SWEEP_JSON --check DOC          exit 1 if DOC's section differs (prints a diff)
    render_sweep_table.py SWEEP_JSON --update DOC         rewrite DOC's section

The section of framework NAME lies between the lines `<!-- BEGIN generated: sweep-NAME -->` and
`<!-- END generated: sweep-NAME -->`; everything in it comes from the run, so the figures in the document are the
figures of a run (issue 22), and `framework-NAME-sweep-doc` (label full) fails when a run no longer gives them.
Only deterministic figures are rendered (counts, not seconds): the sweep is seeded and the frameworks are
deterministic, so a rerun on the CI machine reproduces the section byte for byte.
"""
import argparse
import json
import sys

import generated_section


def markers(backend):
    return (f"<!-- BEGIN generated: sweep-{backend} (conformance/frameworks/render_sweep_table.py) -->",
            f"<!-- END generated: sweep-{backend} -->")


def number(n):
    return f"{n:,}"


def render(sweep):
    backend, profile = sweep["backend"], sweep["profile"]
    lines = [f"Sweep of `{backend}` under `{profile}`: seed {sweep['seed']}, `--random={sweep['random']}` "
             f"`--boundary={sweep['boundary']}` per qcast configuration.", ""]
    lines.append("| configuration | parameter sets | elements (random + boundary) | mismatches | known, reproduced by | "
                 "refused | don't-care |")
    lines.append("|---|---|---|---|---|---|---|")
    for c in sweep["configurations"]:
        elements = number(c["elements"])
        if c.get("randomElements") or c.get("boundaryElements"):
            elements += f" ({number(c.get('randomElements', 0))} + {number(c.get('boundaryElements', 0))})"
        # --known-mismatch=TAGS:PROFILE: the mismatches are allowed only where PROFILE gives the framework's value.
        known = ", ".join(f"`{k.rsplit(':', 1)[1]}`" for k in c.get("knownMismatch", [])) or "—"
        lines.append(f"| {c['name']} | {c['parameterSets']} | {elements} | {number(c['mismatches'])} | {known} | "
                     f"{number(c['refusedElements'])} | {number(c['dontCare'])} |")
    t = sweep["totals"]
    lines.append(f"| **all** | | {number(t['elements'])} | {number(t['mismatches'])} | | "
                 f"{number(t['refusedElements'])} | {number(t['dontCare'])} |")
    lines += ["", f"The same framework outputs under every other profile (mismatching elements; each must be "
              f"non-zero unless declared equal):", ""]
    lines.append("| profile | mismatching elements | configurations that differ |")
    lines.append("|---|---|---|")
    for name, o in sweep["otherProfiles"].items():
        differing = sum(1 for n in o["byConfiguration"].values() if n)
        same = " (declared equal)" if o.get("declaredSame") else ""
        lines.append(f"| `{name}`{same} | {number(o['mismatches'])} | {differing} of {len(o['byConfiguration'])} |")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("sweep_json")
    p.add_argument("--check", metavar="DOC")
    p.add_argument("--update", metavar="DOC")
    args = p.parse_args()
    try:
        with open(args.sweep_json) as f:
            sweep = json.load(f)
    except FileNotFoundError:
        # The sweep skipped (framework not installed) or did not run: nothing to compare (a CTest skip).
        print(f"SKIPPED: no sweep results {args.sweep_json}")
        return 77
    except (OSError, ValueError) as e:
        print(f"render_sweep_table.py: error: {args.sweep_json}: {e}", file=sys.stderr)
        return 2
    text = render(sweep)
    doc = args.check or args.update
    if not doc:
        sys.stdout.write(text)
        return 0
    begin, end = markers(sweep["backend"])
    return generated_section.check_or_update(
        doc, begin, end, text, update=bool(args.update), label=f"sweep-{sweep['backend']}",
        fix_hint=f"render_sweep_table.py {args.sweep_json} --update {doc}", tool="render_sweep_table.py")

if __name__ == "__main__":
    sys.exit(main())
