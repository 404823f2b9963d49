#!/usr/bin/env python3
"""Every mutant a level does not detect is a real bug: a witness input on which it differs from the reference.

A survivor in expected_survivors.json claims a gap in the golden levels; that claim is empty if the mutant computes
what the reference computes. For every mutant listed there (any level) this script builds the witness below (a
request directory of quant-conform-command/1, written from the mutant's bug class, not from the golden inputs), runs
conformance/examples/vendor_backend.py's reference and the mutant on it in-process, and requires different outcomes
(output.txt, or a rejection). It also fails when a listed survivor has no witness. Exit status 0 when all hold.

    conformance/mutants/check_witnesses.py [--expect conformance/mutants/expected_survivors.json] [--all]

--all checks every witness here, listed or not.
"""
import argparse
import importlib.util
import json
import os
import struct
import sys
import tempfile
from fractions import Fraction

sys.dont_write_bytecode = True  # no __pycache__ beside the mutants
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))
import vendor_backend as vb  # noqa: E402


def storage_range(storage):
    signed, bits = vb.parse_storage_name(storage)
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def cast_request(op, storage, expressed, scales, zero_points, shape, inputs, axis=None, scalar=False):
    """A qcast / dcast request: per-layer (one scale) or per-axis (`axis`); qcast inputs are exact values (rounded
    to the expressed type), dcast inputs stored integers."""
    lo, hi = storage_range(storage)
    params = ", ".join("%r:%d" % (s, z) for s, z in zip(scales, zero_points))
    if axis is None:
        mlir = "!quant.uniform<%s:%s, %s>" % (storage, expressed, params)
    else:
        mlir = "!quant.uniform<%s:%s:%d, {%s}>" % (storage, expressed, axis, params)
    qtype = {"mlir": mlir, "storage": storage, "storageMin": lo, "storageMax": hi, "expressed": expressed,
             "granularity": "per-layer" if axis is None else "per-axis", "scaleFormat": "f64",
             "scales": [["0x%016X" % struct.unpack("<Q", struct.pack("<d", s))[0], repr(s)] for s in scales],
             "zeroPoints": list(zero_points)}
    if axis is not None:
        qtype["axis"] = axis
    dims = "".join("%dx" % d for d in shape)
    float_type = expressed if scalar else "tensor<%s%s>" % (dims, expressed)
    quant_type = mlir if scalar else "tensor<%s%s>" % (dims, mlir)
    source, result = (float_type, quant_type) if op == "qcast" else (quant_type, float_type)
    program = ("func.func @main(%%arg0: %s) -> %s {\n  %%0 = quant.%s %%arg0 : %s to %s\n  return %%0 : %s\n}\n"
               % (source, result, op, source, result, result))
    fmt = vb.float_format(expressed)
    if op == "qcast":
        lines = ["0x%0*X" % (fmt.hex_digits, vb.encode(vb.round_to_format(vb.Val.of(Fraction(x)), fmt), fmt))
                 for x in inputs]
    else:
        lines = ["%d" % q for q in inputs]
    return {"type.json": json.dumps(qtype), "program.mlir": program, "input.txt": "".join(l + "\n" for l in lines),
            "request.txt": "format %s\nid witness\nop %s\nshape %s\nelements %d\n"
                           % (vb.PROTOCOL, op, " ".join(map(str, shape)), len(inputs))}


def rescale_request(op, shape, inputs):
    dims = "x".join(map(str, shape))
    program = "func.func @main(%%arg0: tensor<%sxi32>) -> tensor<%sxi32>\n" % (dims, dims)
    return {"rescale.json": json.dumps(op), "program.mlir": program,
            "input.txt": "".join("%d\n" % x for x in inputs),
            "request.txt": "format %s\nid witness\nop rescale\nshape %s\nelements %d\n"
                           % (vb.PROTOCOL, " ".join(map(str, shape)), len(inputs))}


def product_rounds_across(shift):
    """RESCALE operands whose product, rounded to f64, crosses a rounding boundary: value * multiplier + 2^(shift-1)
    is one below a multiple of 2^shift, the product beyond 2^54, so f64 rounds it up onto the multiple."""
    target = -(1 << (shift - 1)) - 1
    for multiplier in range((1 << 31) - 1, 1 << 30, -2):
        value = target * pow(multiplier, -1, 1 << shift) % (1 << shift)
        if value < 1 << 31 and value * multiplier >= 1 << 54:
            return value, multiplier
    raise AssertionError("no operands found")


def f32_values(count, step, offset=0.0):
    return [offset + step * k for k in range(count)]


def witnesses():
    """Mutant -> its witness request, from the bug class of its docstring."""
    value, multiplier = product_rounds_across(40)
    return {
        # size: the path taken only from 256 / 1,024 / 4,096 / 65,536 elements
        "vector_path_ties_away": cast_request("qcast", "i8", "f32", [1.0], [0], [256], [2.5] * 256),
        "large_tensor_reciprocal": cast_request("qcast", "i16", "f32", [0.1], [0], [1024],
                                                f32_values(1024, 0.1, 0.05)),
        "threaded_chunk_channel": cast_request("qcast", "i8", "f32", [1.0, 0.5, 0.25], [0, 0, 0], [1366, 3],
                                               [1.0] * 4098, axis=1),
        "gpu_offload_fast_math": cast_request("qcast", "i16", "f32", [0.1], [0], [65536],
                                              f32_values(65536, 0.1, 0.05)),
        "index_uint16_wrap": cast_request("qcast", "i8", "f32", [1.0, 0.5, 0.25], [0, 0, 0], [3, 21846],
                                          [1.0] * 65538, axis=0),
        "dcast_large_magic_convert": cast_request("dcast", "i32", "f32", [1.0], [0], [1024], [(1 << 22) + 1] * 1024),
        # rank and axis: a rank-4 weight with the axis first, a rank-5 value
        "rank4_assumes_nchw": cast_request("qcast", "i8", "f32", [1.0, 0.25], [0, 0], [2, 2, 2, 2], [1.0] * 16,
                                           axis=0),
        "rank5_stride_from_four_dims": cast_request("qcast", "i8", "f32", [1.0, 0.25], [0, 0], [2, 2, 2, 2, 3],
                                                    [1.0] * 48, axis=0),
        # scalars: 3 * f16(0.1) is a tie in f16 (spec/quant.md [dcast.steps], worked example)
        "scalar_folded_in_f64": cast_request("dcast", "i8", "f16", [0.1], [0], [], [3], scalar=True),
        "scalar_scale_as_f32": cast_request("dcast", "i8", "f16", [0.1], [0], [], [3], scalar=True),
        # integer -> expressed type: double rounding (via f32, via f16), a missing sticky bit
        "int_to_narrow_via_f32": cast_request("dcast", "i32", "bf16", [1.0], [0], [1], [(1 << 24) + (1 << 16) + 1]),
        "f8_via_f16": cast_request("dcast", "i16", "f8E5M2", [1.0], [0], [1], [2048 + 256 + 1]),
        "u32_to_float_halving": cast_request("dcast", "u32", "f32", [1.0], [0], [1], [(1 << 31) + 128 + 1]),
        # magic-number rounding beyond 2^22
        "magic_number_round": cast_request("qcast", "i32", "f32", [1.0], [0], [1], [(1 << 22) + 1]),
        # a subnormal bf16 result (scale 2^-130)
        "bf16_subnormal_flush": cast_request("dcast", "i8", "bf16", [2.0 ** -130], [0], [1], [1]),
        # RESCALE: a product beyond 2^53 that f64 rounds across the boundary
        "rescale_product_in_f64": rescale_request(
            {"input": "i32", "output": "i32", "scale32": True, "roundingMode": "SINGLE_ROUND", "perChannel": False,
             "multiplier": [multiplier], "shift": [40], "inputZp": 0, "outputZp": 0, "operands": "arguments"},
            [1], [value]),
    }


def outcome(request, backend_class=vb.ReferenceBackend, rescale_class=vb.RescaleBackend):
    with tempfile.TemporaryDirectory(prefix="witness-") as directory:
        for name, text in request.items():
            with open(os.path.join(directory, name), "w") as f:
                f.write(text)
        try:
            vb.run(directory, backend_class, rescale_class)
        except vb.Rejected as e:
            return "rejected: %s" % e
        with open(os.path.join(directory, "output.txt")) as f:
            return f.read().split()


def mutant_backend(name):
    spec = importlib.util.spec_from_file_location("mutant_" + name, os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Backend


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--expect", default=os.path.join(HERE, "expected_survivors.json"))
    parser.add_argument("--all", action="store_true", help="check every witness, listed as a survivor or not")
    args = parser.parse_args()
    with open(args.expect) as f:
        listed = sorted(set(name for names in json.load(f).values() for name in names))
    table = witnesses()
    ok = True
    for name in sorted(set(listed) | (set(table) if args.all else set())):
        if name not in table:
            print("FAIL: %s is listed as a survivor but has no witness here" % name)
            ok = False
            continue
        backend = mutant_backend(name)
        request = table[name]
        if issubclass(backend, vb.RescaleBackend):
            reference, mutant = outcome(request), outcome(request, rescale_class=backend)
        else:
            reference, mutant = outcome(request), outcome(request, backend_class=backend)
        if reference == mutant:
            print("FAIL: %s computes the reference's outputs on its witness: not a wrong backend" % name)
            ok = False
            continue
        if isinstance(reference, str):
            print("FAIL: %s: the reference rejects the witness (%s)" % (name, reference))
            ok = False
            continue
        first = next((k for k, (a, b) in enumerate(zip(reference, mutant)) if a != b), None) \
            if not isinstance(mutant, str) else None
        shown = mutant if isinstance(mutant, str) else "element %d of %d: %s, reference %s" % (
            first, len(reference), mutant[first], reference[first])
        print("%-32s differs: %s" % (name, shown))
    print("witnesses: %s" % ("every survivor differs from the reference" if ok else "FAILED"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
