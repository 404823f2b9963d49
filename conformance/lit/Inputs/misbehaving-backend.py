#!/usr/bin/env python3
"""A `command` backend that misbehaves on purpose (docs/errors.md, quant-conform rows).

    misbehaving-backend.py MODE REQUEST_DIR

MODE: crash (SIGSEGV), hang (sleeps; for --timeout and Ctrl-C), garbage (an
output.txt that is not numbers), short (one line too few), outofrange (300 for an i8), unsupported (exit
77), reject (exit 3 on a case that has values), status5 (exit 5 after a line
on stderr).
"""
import os
import signal
import sys
import time

mode, request = sys.argv[1], sys.argv[2]
out = os.path.join(request, "output.txt")
if mode == "crash":
    sys.stderr.write("about to crash\n")
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGSEGV)
elif mode == "hang":
    time.sleep(600)
elif mode == "garbage":
    with open(out, "w") as f:
        f.write("\x1b[31mhello\n")
elif mode == "short":
    with open(os.path.join(request, "input.txt")) as f:
        lines = f.read().splitlines()
    with open(out, "w") as f:
        f.write("0\n" * max(0, len(lines) - 1))
elif mode == "outofrange":
    with open(os.path.join(request, "input.txt")) as f:
        n = len(f.read().splitlines())
    with open(out, "w") as f:
        f.write("0\n0\n300\n" + "0\n" * (n - 3))
elif mode == "unsupported":
    sys.exit(77)
elif mode == "reject":
    sys.exit(3)
elif mode == "status5":
    sys.stderr.write("vendor compiler: internal error 42\n")
    sys.exit(5)
else:
    sys.exit("unknown mode " + mode)
