#!/usr/bin/env python3
"""Checks that spec clause IDs resolve and that every lit test is in a spec table.

The rules are those of spec/README.md ("Clause IDs"), in short:

* A clause is defined by a Markdown heading in spec/*.md whose text starts with
  one or more bracketed IDs ("### [tensor.dim] [tensor.rank] Title"). An ID is
  two or more dot-separated segments of lower-case letters, digits, '-' and
  '_', each starting with a letter. Defining an ID twice is an error.
* A citation is such an ID in brackets anywhere in the scanned files, or a
  prefix with a '*' wildcard as its last segment (one or more clauses under
  that prefix must exist). Not citations: a bracket directly after a letter,
  digit, '_', ']' or ')' (C++/Python indexing), a bracket directly followed
  by '(' or '[' (Markdown links), and in Python code anything outside
  comments and string literals (list displays).
* Every lit test (the suffixes and excludes of conformance/lit/lit.cfg.py) is
  named by its path relative to conformance/lit/, in backquotes, in a table
  row of some spec/*.md; every such path in a spec table names an existing
  lit test.

Exit status 0 when everything resolves, 1 with one "FILE:LINE: message" per
problem otherwise, 2 on usage errors. Standard library only.
"""

import argparse
import ast
import io
import os
import re
import sys
import tokenize

SEGMENT = r"[a-z][a-z0-9_-]*"
ID_RE = re.compile(rf"{SEGMENT}(?:\.{SEGMENT})+")
# A bracketed ID or wildcard prefix; the look-arounds exclude indexing
# (shape[type.axis]) and Markdown links ([errors.md](errors.md)).
CITATION_RE = re.compile(
    rf"(?<![A-Za-z0-9_\])])\[({SEGMENT}(?:\.{SEGMENT})*(?:\.\*)|{SEGMENT}(?:\.{SEGMENT})+)\](?![(\[])")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*)$")
LEADING_IDS_RE = re.compile(r"\s*\[([^\]\s]+)\]")
FENCE_RE = re.compile(r"^\s*(```|~~~)")

# Text files that may cite clauses. Generated data (golden/**/*.json) is not
# scanned: it is written by the generators, whose sources are.
SCANNED_SUFFIXES = {".md", ".h", ".hpp", ".cpp", ".cc", ".c", ".py", ".mlir", ".test", ".txt",
                    ".cmake", ".in", ".args", ".sh", ".cfg"}
# Extension-less scripts (.ci/run, .ci/setup, .ci/sanitize).
SCANNED_DIRS_ANY_FILE = {".ci"}

LIT_DIR = os.path.join("conformance", "lit")

class Problems:
    def __init__(self):
        self.lines = []

    def add(self, path, line, message):
        self.lines.append(f"{path}:{line}: {message}")


def rel(root, path):
    return os.path.relpath(path, root)


def scanned_files(root):
    """Every text file of the source tree that may cite a clause."""
    for dirpath, dirnames, filenames in os.walk(root):
        top = rel(root, dirpath).split(os.sep)[0]
        # Build trees (build/, build-asan/, any configured directory) and
        # hidden directories other than .ci/ hold no sources.
        dirnames[:] = sorted(
            d for d in dirnames
            if not (d.startswith(".") and d not in SCANNED_DIRS_ANY_FILE)
            and d != "__pycache__"
            and not os.path.exists(os.path.join(dirpath, d, "CMakeCache.txt")))
        for name in sorted(filenames):
            suffix = os.path.splitext(name)[1]
            if suffix in SCANNED_SUFFIXES or name == "CMakeLists.txt" or top in SCANNED_DIRS_ANY_FILE:
                yield os.path.join(dirpath, name)


def python_text_regions(text):
    """(line, text) of each comment and string literal of Python source; the
    rest is code, where a bracketed dotted name is a list display. None if it
    does not tokenize."""
    regions = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING):
                regions.append((tok.start[0], tok.string))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    return regions


def citations(path, text):
    """(line, id) of each citation in one file's text."""
    if path.endswith(".py"):
        regions = python_text_regions(text)
        if regions is None:
            regions = [(1, text)]
    else:
        regions = [(1, text)]
    for first_line, chunk in regions:
        for number, line in enumerate(chunk.split("\n"), first_line):
            for match in CITATION_RE.finditer(line):
                yield number, match.group(1)


def spec_headings(root, problems):
    """{id: "spec/FILE.md:LINE"} of every clause heading."""
    defined = {}
    spec_dir = os.path.join(root, "spec")
    for name in sorted(os.listdir(spec_dir)):
        if not name.endswith(".md"):
            continue
        path = os.path.join(spec_dir, name)
        in_fence = False
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if FENCE_RE.match(line):
                    in_fence = not in_fence
                    continue
                heading = HEADING_RE.match(line) if not in_fence else None
                if not heading:
                    continue
                rest = heading.group(2)
                while True:
                    m = LEADING_IDS_RE.match(rest)
                    if not m:
                        break
                    clause = m.group(1)
                    where = f"{rel(root, path)}:{number}"
                    if not ID_RE.fullmatch(clause):
                        problems.add(rel(root, path), number,
                                     f"heading ID [{clause}] is not a clause ID (see spec/README.md)")
                    elif clause in defined:
                        problems.add(rel(root, path), number,
                                     f"[{clause}] is defined twice (also at {defined[clause]})")
                    else:
                        defined[clause] = where
                    rest = rest[m.end():]
    return defined


def resolves(clause, defined):
    if clause.endswith(".*"):
        prefix = clause[:-1]
        return any(d.startswith(prefix) for d in defined)
    return clause in defined


def check_citations(root, defined, problems):
    count = 0
    for path in scanned_files(root):
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue  # binary or unreadable: cites nothing
        for number, clause in citations(path, text):
            count += 1
            if not resolves(clause, defined):
                problems.add(rel(root, path), number,
                             f"[{clause}] is cited but no spec/*.md heading defines it")
    return count


def lit_config(root):
    """(suffixes, excludes) as conformance/lit/lit.cfg.py sets them."""
    with open(os.path.join(root, LIT_DIR, "lit.cfg.py"), encoding="utf-8") as f:
        text = f.read()
    values = {}
    for key in ("suffixes", "excludes"):
        m = re.search(rf"^config\.{key}\s*=\s*(\[[^\]]*\])", text, re.M)
        if not m:
            raise SystemExit(f"{LIT_DIR}/lit.cfg.py: no 'config.{key} = [...]' to read")
        values[key] = ast.literal_eval(m.group(1))
    return values["suffixes"], set(values["excludes"])


def lit_tests(root):
    """Paths, relative to conformance/lit/, of the files lit runs as tests."""
    suffixes, excludes = lit_config(root)
    base = os.path.join(root, LIT_DIR)
    tests = set()
    for dirpath, dirnames, filenames in os.walk(base):
        dirnames[:] = [d for d in dirnames if d not in excludes and not d.startswith(".")]
        for name in filenames:
            if name in excludes or os.path.splitext(name)[1] not in suffixes:
                continue
            tests.add(rel(base, os.path.join(dirpath, name)).replace(os.sep, "/"))
    return tests, suffixes


def check_lit_tables(root, problems):
    tests, suffixes = lit_tests(root)
    suffix_alt = "|".join(re.escape(s) for s in suffixes)
    token_re = re.compile(rf"`(?:conformance/lit/)?([A-Za-z0-9_./-]+(?:{suffix_alt}))`")
    listed = {}
    spec_dir = os.path.join(root, "spec")
    for name in sorted(os.listdir(spec_dir)):
        if not name.endswith(".md"):
            continue
        path = os.path.join(spec_dir, name)
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.lstrip().startswith("|"):
                    continue
                for m in token_re.finditer(line):
                    test = m.group(1)
                    # Only paths into conformance/lit/ (a first directory of
                    # it, or the explicit prefix) are lit tests.
                    first = test.split("/")[0]
                    if "/" not in test or not os.path.isdir(os.path.join(root, LIT_DIR, first)):
                        if not m.group(0).startswith("`conformance/lit/"):
                            continue
                    if test not in tests:
                        problems.add(rel(root, path), number,
                                     f"`{test}` is listed as a lit test but conformance/lit/{test} "
                                     "is not one")
                    listed.setdefault(test, f"{rel(root, path)}:{number}")
    for test in sorted(tests - set(listed)):
        problems.add(f"{LIT_DIR}/{test}", 1,
                     "lit test is not listed in any spec/*.md test table "
                     f"(a table row with `{test}`)")
    return len(tests), len(listed)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        help="source root (default: the repository holding this script)")
    args = parser.parse_args(argv)
    root = os.path.abspath(args.root)
    problems = Problems()
    defined = spec_headings(root, problems)
    cited = check_citations(root, defined, problems)
    n_tests, n_listed = check_lit_tables(root, problems)
    for line in problems.lines:
        print(line)
    print(f"check_clause_ids: {len(defined)} clauses defined, {cited} citations, "
          f"{n_tests} lit tests ({n_listed} in spec tables): {len(problems.lines)} problem(s)")
    return 1 if problems.lines else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
