#!/usr/bin/env python3
"""Builds the seed corpora of the libFuzzer harnesses from the lit suite.

    make-corpus.py OUT_DIR        (normally build-fuzz/fuzz-corpus; never in the repo)

Writes OUT_DIR/seed-interpret, OUT_DIR/seed-argument, OUT_DIR/seed-golden and
OUT_DIR/seed-numeric:
  interpret: one input per quant-interp RUN line of conformance/lit/**/*.mlir
             (module text, the delimiter, option lines, the arguments of
             --arg / --args-file), plus every .mlir file without arguments;
  argument:  every distinct --arg / --args-file value, prefixed with the byte
             of the parameter type (FuzzArgument.cpp kParameterTypes) whose
             element type it names;
  golden:    every case file and the manifest of each golden/v*/smoke (quant-interp-golden/1
             and /2: tiled cases), as they are;
  numeric:   one input per op x format x mode with edge-ish operands
             (deterministic).
See docs/reliability.md.
"""
import hashlib
import os
import re
import shlex
import struct
import sys

DELIMITER = "// --- fuzz args ---"
OPTIONS = ("entry", "profile", "rounding", "arith-rounding", "nan-policy", "overflow-policy")

# Element type spelled in an argument -> index into FuzzArgument.cpp kParameterTypes.
ARG_TYPE_INDEX = [
    ("!quant.calibrated", 14), ("f8E4M3FN", 4), ("f8E8M0FNU", 18), ("f6E3M2FN", 21),
    ("f4E2M1FN", 11), ("f128", 17), ("f80", 16), ("bf16", 3), ("f16", 2), ("f64", 10),
    ("i128", 19), ("i64", 15), ("i32", 12), ("i16", 9), ("ui8", 23), ("i8", 7), ("i4", 8),
    ("i1", 6), ("index", 22), ("f32", 1),
]


def write(directory, data):
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(directory, name), "wb") as f:
        f.write(data)


def run_lines(text):
    """The RUN: commands of a lit file, continuation lines joined."""
    commands, current = [], ""
    for line in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        part = m.group(1)
        if part.rstrip().endswith("\\"):
            current += part.rstrip()[:-1] + " "
            continue
        commands.append(current + part)
        current = ""
    return commands


def strip_comments(text):
    """Drops full-line // comments (RUN / CHECK lines, prose), keeps // ----- markers."""
    out = []
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("//") and not s.startswith("// -----"):
            continue
        out.append(line)
    return "\n".join(out) + "\n"


def read_args_file(path):
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    return [l.strip() for l in lines if l.strip() and not l.strip().startswith("//")]


def interp_invocations(command, inputs_dir, source_dir):
    """(options, arguments, split) of each quant-interp call in one RUN line."""
    for segment in re.split(r"\|\||\||&&|;", command):
        try:
            words = shlex.split(segment)
        except ValueError:
            continue
        if "quant-interp" not in words:
            continue
        words = words[words.index("quant-interp") + 1:]
        options, arguments, split = [], [], False
        for w in words:
            if w.startswith("--arg="):
                arguments.append(w[len("--arg="):])
            elif w.startswith("--args-file="):
                path = w[len("--args-file="):].replace("%inputs", inputs_dir).replace("%S", source_dir)
                lines = read_args_file(path)
                if lines is None:
                    break
                arguments.extend(lines)
            elif w == "--split-input-file":
                split = True
            elif w.startswith("--") and "=" in w and w[2:].split("=")[0] in OPTIONS:
                name, value = w[2:].split("=", 1)
                options.append("%" + name + "=" + value)
        else:
            yield options, arguments, split


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    lit = os.path.join(repo, "conformance", "lit")
    inputs_dir = os.path.join(lit, "Inputs")
    dirs = {k: os.path.join(out, "seed-" + k) for k in ("interpret", "argument", "golden", "numeric")}
    for d in dirs.values():
        # Regenerated from scratch: seeds of edited or deleted lit tests must go.
        if os.path.isdir(d):
            for name in os.listdir(d):
                os.remove(os.path.join(d, name))
        os.makedirs(d, exist_ok=True)

    all_args = set()
    count = {k: 0 for k in dirs}
    for root, _, files in os.walk(lit):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            path = os.path.join(root, name)
            with open(path) as f:
                text = f.read()
            module = strip_comments(text)
            write(dirs["interpret"], module)
            count["interpret"] += 1
            for command in run_lines(text):
                for options, arguments, split in interp_invocations(command, inputs_dir, root):
                    lines = options + (["%split"] if split else []) + arguments
                    write(dirs["interpret"], module + DELIMITER + "\n" + "\n".join(lines) + "\n")
                    count["interpret"] += 1
                    all_args.update(arguments)
    for arg in sorted(all_args):
        index = 1
        for needle, i in ARG_TYPE_INDEX:
            if needle in arg:
                index = i
                break
        write(dirs["argument"], bytes([index]) + arg.encode())
        count["argument"] += 1

    # Golden reader: the checked-in smoke suites of every format version (cases and manifest).
    golden_files = []
    for version in sorted(os.listdir(os.path.join(repo, "golden"))):
        smoke = os.path.join(repo, "golden", version, "smoke")
        golden_files.append(os.path.join(smoke, "manifest.json"))
        cases_dir = os.path.join(smoke, "cases")
        if os.path.isdir(cases_dir):
            golden_files += [os.path.join(cases_dir, n) for n in sorted(os.listdir(cases_dir))
                             if n.endswith(".json")]
    for path in golden_files:
        if os.path.isfile(path):
            with open(path, "rb") as f:
                write(dirs["golden"], f.read())
            count["golden"] += 1

    # Numeric: op (8) x format (18, FloatFormat table order) x mode (5), with
    # operands 1.0-ish / max-ish patterns from a fixed LCG.
    state = 0x5EED
    def rnd():
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        return state
    for op in range(8):
        for fmt in range(18):
            for mode in range(5):
                header = bytes([op, fmt, rnd() % 256, mode | (0x80 if rnd() & 1 else 0)])
                operands = b"".join(struct.pack("<QQ", rnd(), rnd() >> (rnd() % 64)) for _ in range(3))
                write(dirs["numeric"], header + operands)
                count["numeric"] += 1
    print("seed corpora in %s: %s" % (out, ", ".join("%s=%d files" % (k, len(os.listdir(d)))
                                                   for k, d in dirs.items())))


if __name__ == "__main__":
    main()
