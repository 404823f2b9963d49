#!/usr/bin/env python3
"""Extracts the first ```python block of docs/golden-format.md and runs it on
a suite (the docs promise a <= 30-line standard-library reader).

usage: doc_reader.py DOCS_MD SUITE_DIR
"""
import re
import sys

with open(sys.argv[1]) as f:
    text = f.read()
block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
assert len(block.strip().split("\n")) <= 30, "the documented reader is longer than 30 lines"
sys.argv = ["reader", sys.argv[2]]
exec(compile(block, "docs/golden-format.md reader", "exec"), {"__name__": "__main__"})
