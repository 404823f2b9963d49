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
import difflib
import json
import sys


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


def section_of(doc_text, backend):
    begin, end = markers(backend)
    if begin not in doc_text or end not in doc_text:
        return None
    start = doc_text.index(begin) + len(begin) + 1
    return doc_text[start:doc_text.index(end)]


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
    with open(doc) as f:
        doc_text = f.read()
    current = section_of(doc_text, sweep["backend"])
    if current is None:
        print(f"render_sweep_table.py: error: {doc} has no section {markers(sweep['backend'])[0]}", file=sys.stderr)
        return 2
    if args.update:
        begin = doc_text.index(markers(sweep["backend"])[0]) + len(markers(sweep["backend"])[0]) + 1
        end = doc_text.index(markers(sweep["backend"])[1])
        with open(doc, "w") as f:
            f.write(doc_text[:begin] + text + doc_text[end:])
        return 0
    if current != text:
        sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), text.splitlines(True),
                                                   f"{doc} (sweep-{sweep['backend']})", "this run"))
        print(f"FAIL: {doc}'s generated section differs from this run; if the change is intended: "
              f"render_sweep_table.py {args.sweep_json} --update {doc}")
        return 1
    print(f"{doc}: sweep-{sweep['backend']} section matches this run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
