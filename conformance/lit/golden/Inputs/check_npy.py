#!/usr/bin/env python3
"""Checks quant-golden's .npy export against the suite's JSON (stdlib only).

usage: check_npy.py SUITE_DIR NPY_DIR
A tiled case (quant-interp-golden/2) is expanded to all its elements first: the export has them all.
"""
import ast
import json
import os
import struct
import sys


def read_npy(path):
    with open(path, "rb") as f:
        data = f.read()
    assert data[:6] == b"\x93NUMPY" and data[6:8] == b"\x01\x00", path
    hlen = struct.unpack("<H", data[8:10])[0]
    assert (10 + hlen) % 64 == 0, path
    header = ast.literal_eval(data[10:10 + hlen].decode("latin1"))
    assert header["fortran_order"] is False
    descr, shape = header["descr"], header["shape"]
    size = int(descr[2:])
    count = 1
    for d in shape:
        count *= d
    body = data[10 + hlen:]
    assert len(body) == count * size, path
    signed = descr[1] == "i"
    vals = [int.from_bytes(body[i:i + size], "little", signed=signed) for i in range(0, len(body), size)]
    return descr, shape, vals


def untile(case):
    """docs/golden-format.md "Tiled cases": element i is element i % L, and i is poison (has an interval) iff i % L is;
    a TOSA operator's input2 with a period is tiled with the input."""
    inp, period = case["input"], case["input"].get("period")
    if period:
        n = 1
        for d in inp["shape"]:
            n *= d
        tiled = [o["values"] for o in case.get("operands", []) if "period" in o]
        for seq in [inp["values"], inp["classes"]] + tiled + [e["values"] for e in case["expected"]]:
            seq[:] = [seq[i % period] for i in range(n)]
        for e in case["expected"]:
            if "poison" not in e:  # TOSA operator cases have none
                continue
            listed = set(e["poison"])
            e["poison"] = [i for i in range(n) if i % period in listed]
            if e.get("intervals"):  # a rescale case's: [i, lo, hi] repeats as i does
                e["intervals"] = [[k + i, lo, hi] for k in range(0, n, period)
                                  for i, lo, hi in e["intervals"] if k + i < n]
    return case


def int_dtype(tag):
    """The dtype of a rescale integer type tag (i8, u16, i48): the smallest NumPy integer of its signedness."""
    width = int(tag[1:])
    size = 1 if width <= 8 else 2 if width <= 16 else 4 if width <= 32 else 8
    return ("|" if size == 1 else "<") + ("u" if tag[0] == "u" else "i") + str(size)


def check_rescale(case, out, shape):
    """input.npy, <recipe>.npy, <recipe>.poison.npy and, for tosa on INEXACT_ROUND, <recipe>.intervals.npy."""
    op = case["rescale"]
    d, s, v = read_npy(os.path.join(out, case["id"], "input.npy"))
    assert (d, s, v) == (int_dtype(op["input"]), shape, case["input"]["values"]), (case["id"], "input")
    files = 1
    for e in case["expected"]:
        d, s, v = read_npy(os.path.join(out, case["id"], e["recipe"] + ".npy"))
        assert (d, s, v) == (int_dtype(op["output"]), shape, e["values"]), (case["id"], e["recipe"])
        d, s, v = read_npy(os.path.join(out, case["id"], e["recipe"] + ".poison.npy"))
        assert d == "<i8" and s == (len(e["poison"]),) and v == e["poison"], case["id"]
        files += 2
        path = os.path.join(out, case["id"], e["recipe"] + ".intervals.npy")
        inexact = e["recipe"] == "tosa" and op["roundingMode"] == "INEXACT_ROUND"
        assert os.path.exists(path) == inexact, (case["id"], path)
        if inexact:
            d, s, v = read_npy(path)
            flat = [x for row in e["intervals"] for x in row]
            assert d == "<i8" and s == (len(e["intervals"]), 3) and v == flat, (case["id"], "intervals")
            files += 1
    return files


def main():
    suite, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(suite, "manifest.json")) as f:
        manifest = json.load(f)
    files = 0
    for entry in manifest["cases"]:
        with open(os.path.join(suite, entry["file"])) as f:
            case = untile(json.load(f))
        shape = tuple(case["input"]["shape"])
        if case["tags"]["op"] == "rescale":
            files += check_rescale(case, out, shape)
            continue
        if "contraction" in case or "elementwise" in case:  # input, operands, tosa.npy (the result's shape)
            arrays = [("input.npy", case["input"]["shape"], case["input"]["values"])]
            arrays += [(o["name"] + ".npy", o["shape"], o["values"]) for o in case["operands"]]
            arrays += [(e["semantics"] + ".npy", e["shape"], e["values"]) for e in case["expected"]]
            for name, want_shape, want in arrays:
                d, s, v = read_npy(os.path.join(out, case["id"], name))
                assert d[1] == "i" and s == tuple(want_shape) and v == want, (case["id"], name)
                files += 1
            continue
        qcast = case["tags"]["op"] == "qcast"

        def floats(values):
            return [int(v[0], 16) for v in values]

        d, s, v = read_npy(os.path.join(out, case["id"], "input.npy"))
        want = floats(case["input"]["values"]) if qcast else case["input"]["values"]
        if not qcast:  # stored integers of an unsigned storage read back unsigned
            pass
        assert s == shape, (case["id"], s, shape)
        # Float inputs come back as bits when read as unsigned; compare bit patterns.
        if qcast:
            v = [x & ((1 << (8 * int(d[2:]))) - 1) for x in v]
        assert v == want, (case["id"], "input")
        files += 1
        for e in case["expected"]:
            d, s, v = read_npy(os.path.join(out, case["id"], e["profile"] + ".npy"))
            assert s == shape
            want = e["values"] if qcast else floats(e["values"])
            if not qcast:
                v = [x & ((1 << (8 * int(d[2:]))) - 1) for x in v]
            assert v == want, (case["id"], e["profile"])
            d, s, v = read_npy(os.path.join(out, case["id"], e["profile"] + ".poison.npy"))
            assert d == "<i8" and s == (len(e["poison"]),) and v == e["poison"], case["id"]
            files += 2
    print("checked %d cases, %d .npy files: all match the JSON" % (len(manifest["cases"]), files))


main()
