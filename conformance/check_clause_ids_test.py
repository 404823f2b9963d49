#!/usr/bin/env python3
"""Tests of check_clause_ids.py on small made-up source trees: each rule of
spec/README.md must make the checker fail when it is broken, and nothing that
the rules exclude may."""

import contextlib
import io
import os
import shutil
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_clause_ids  # noqa: E402


def b(text):
    """`text` with <...> turned into [...]. The made-up trees are written with
    angle brackets because this file is itself scanned by the real check, where
    their made-up IDs would be citations."""
    return text.replace("<", "[").replace(">", "]")


LIT_CFG = 'config.suffixes = [".mlir", ".test"]\nconfig.excludes = ["Inputs", "lit.cfg.py"]\n'
SPEC = b(textwrap.dedent("""\
    # Chapter
    ## <a.one> <a.two> Title citing <b.three>
    ### <b.three>
    ```
    ## <b.three> a heading inside a fence cites, it does not define
    ```
    ## Tests
    | lit test | clauses |
    |---|---|
    | `q/ok.mlir`, `q/other.test` | <a.one> |
    """))


class CheckerTest(unittest.TestCase):
    def tree(self, files):
        """A source tree with a valid spec and lit suite, plus `files` (whose
        texts go through b())."""
        root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, root)
        base = {
            "spec/chapter.md": SPEC,
            "conformance/lit/lit.cfg.py": LIT_CFG,
            "conformance/lit/q/ok.mlir": b("// <a.one> <a.*>\n"),
            "conformance/lit/q/other.test": b("# <b.three>\n"),
            "conformance/lit/q/Inputs/helper.mlir": "// not a test\n",
        }
        base.update({path: b(text) for path, text in files.items()})
        for path, text in base.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return root

    def run_checker(self, root):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = check_clause_ids.main(["--root", root])
        return status, out.getvalue()

    def assertFails(self, files, *messages):
        status, out = self.run_checker(self.tree(files))
        self.assertEqual(status, 1, out)
        for message in messages:
            self.assertIn(b(message), out)

    def test_valid_tree_passes(self):
        status, out = self.run_checker(self.tree({
            # Indexing, Markdown links, single words, Python code: no citations.
            "src/a.cpp": "x = shape<type.axis> + v<i> + f(p)<q.r>;\n// <a.two> and <b.*>\n",
            "src/b.py": "run(<args.mlir_opt> + x)  # see <a.one>\ns = 'cites <b.three>'\n",
            "docs/d.md": "See <errors.md>(errors.md), <x.y><ref> and <cli> and `<a.one> 3`.\n",
            "build/CMakeCache.txt": "",
            "build/gen.cpp": "// <no.such> inside a build tree is not scanned\n",
        }))
        self.assertEqual(status, 0, out)
        self.assertIn("0 problem(s)", out)

    def test_unresolved_citation_fails_with_location(self):
        self.assertFails({"src/a.cpp": "int x;\n// <no.such-clause>\n"},
                         os.path.join("src", "a.cpp") + ":2: <no.such-clause> is cited")

    def test_citations_in_python_comments_strings_and_markdown(self):
        self.assertFails({"src/b.py": "x = 1  # <no.such>\ny = '<no.str>'\n",
                          "docs/d.md": "text (<no.other>)\n"},
                         "b.py:1: <no.such> is cited", "b.py:2: <no.str> is cited",
                         "d.md:1: <no.other> is cited")

    def test_fenced_heading_defines_nothing(self):
        self.assertFails({"spec/other.md": "```\n## <c.fenced> Title\n```\n",
                          "src/a.h": "// <c.fenced>\n"},
                         "a.h:1: <c.fenced> is cited")

    def test_wildcard_needs_a_clause_with_the_prefix(self):
        self.assertFails({"src/a.h": "// <zz.*>\n"}, "<zz.*> is cited")

    def test_duplicate_definition_fails(self):
        self.assertFails({"spec/other.md": "## <a.one> Again\n"}, "<a.one> is defined twice")

    def test_unlisted_lit_test_fails(self):
        self.assertFails({"conformance/lit/q/new.mlir": "// <a.one>\n"},
                         "q/new.mlir:1: lit test is not listed")

    def test_stale_table_entry_fails(self):
        self.assertFails({"spec/other.md": "## Tests\n\n| `q/gone.mlir` | <a.one> |\n"},
                         "`q/gone.mlir` is listed as a lit test")


if __name__ == "__main__":
    unittest.main()
