#!/usr/bin/env python3
"""Extracts the ```python block of docs/golden-format.md's section "Reading a
suite without quant-interp" and runs it on a suite (a short standard-library
reader: at most 35 lines).

usage: doc_reader.py DOCS_MD SUITE_DIR
"""
import re
import sys

with open(sys.argv[1]) as f:
    text = f.read()
section = text[text.index("## Reading a suite without quant-interp"):]
block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
assert len(block.strip().split("\n")) <= 35, "the documented reader is longer than 35 lines"
sys.argv = ["reader", sys.argv[2]]
exec(compile(block, "docs/golden-format.md reader", "exec"), {"__name__": "__main__"})
