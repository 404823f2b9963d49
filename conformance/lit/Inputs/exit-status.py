#!/usr/bin/env python3
"""Runs a command, passes its stdout and stderr through, then prints its exit
status as the last line of stdout: `exit status: N` ([cli.exit-status]).

`not` only tells zero from non-zero; this lets a test check that bad flag
values exit with 2 and bad input with 1. Always exits 0 itself.
"""
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sys.stdout.write(result.stdout.decode("utf-8", "replace"))
sys.stdout.write(result.stderr.decode("utf-8", "replace"))
sys.stdout.write("exit status: %d\n" % result.returncode)
