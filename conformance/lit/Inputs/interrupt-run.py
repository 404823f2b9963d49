#!/usr/bin/env python3
"""Ctrl-C during a conformance run (docs/reliability.md, docs/vendor-guide.md).

    interrupt-run.py SCRATCH -- quant-conform run ... --report-dir=DIR ...

Starts the command with TMPDIR=SCRATCH/tmp, waits until a backend process is
running, sends SIGINT to quant-conform, and prints: its exit status; every
file left in the report directory and whether it is complete (results.json
parses and says "interrupted": true); whether any request directory is left
in TMPDIR; whether any backend process survived.
"""
import json
import os
import signal
import subprocess
import sys
import time

scratch = sys.argv[1]
command = sys.argv[sys.argv.index("--") + 1:]
report = [a.split("=", 1)[1] for a in command if a.startswith("--report-dir=")][0]
tmp = os.path.join(scratch, "tmp")
os.makedirs(tmp, exist_ok=True)
env = dict(os.environ, TMPDIR=tmp)
proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def backend_pids():
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                argv = f.read().split(b"\0")
        except OSError:
            continue
        if any(tmp.encode() in a for a in argv) and int(pid) != proc.pid:
            pids.append(int(pid))
    return pids


deadline = time.time() + 30
while not backend_pids() and time.time() < deadline:
    time.sleep(0.05)
time.sleep(0.3)
proc.send_signal(signal.SIGINT)
output = proc.communicate(timeout=60)[0].decode("utf-8", "replace")
print(output.rstrip())
print("exit status: %d" % proc.returncode)
for name in sorted(os.listdir(report)) if os.path.isdir(report) else []:
    path = os.path.join(report, name)
    note = ""
    if name == "results.json":
        with open(path) as f:
            note = " interrupted=%s" % json.load(f)["interrupted"]
    print("report file: %s%s" % (name, note))
print("left in TMPDIR: %d" % len(os.listdir(tmp)))
time.sleep(0.2)
print("backend processes left: %d" % len(backend_pids()))
