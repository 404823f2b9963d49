"""The generated sections of the docs: text between a BEGIN and an END marker line that a script renders from a
run (render_sweep_table.py, calibration/render_disagreements.py). `--check` fails with a diff when the section
differs from the run, `--update` rewrites it; everything outside the markers is left as written.
"""
import difflib
import sys


def check_or_update(doc, begin, end, text, *, update, label, fix_hint, tool):
    """Compares (or with `update`, replaces) DOC's section between the lines `begin` and `end` with `text`.

    Returns the exit status: 0 equal or updated, 1 different (a unified diff and FAIL with `fix_hint` printed), 2
    when DOC lacks the markers."""
    with open(doc) as f:
        doc_text = f.read()
    if begin not in doc_text or end not in doc_text:
        print(f"{tool}: error: {doc} has no section {begin} ... {end}", file=sys.stderr)
        return 2
    start = doc_text.index(begin) + len(begin) + 1
    stop = doc_text.index(end)
    if update:
        with open(doc, "w") as f:
            f.write(doc_text[:start] + text + doc_text[stop:])
        return 0
    current = doc_text[start:stop]
    if current != text:
        sys.stdout.writelines(difflib.unified_diff(current.splitlines(True), text.splitlines(True),
                                                   f"{doc} ({label})", "this run"))
        print(f"\nFAIL: {doc}'s generated section {label} differs from this run; if the change is intended: "
              f"{fix_hint}")
        return 1
    print(f"{doc}: {label} section matches this run")
    return 0
