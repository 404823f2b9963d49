#!/usr/bin/python3
"""The quantization parameters PyTorch's observers choose for given ranges ([calib.pytorch], docs/calibration.md).

    /usr/bin/python3 torch_qparams.py --dtype=quint8|qint8|qint32
        --qscheme=per_tensor_affine|per_tensor_symmetric|per_channel_affine|per_channel_symmetric
        --reduce-range=0|1 [--quant-min=N --quant-max=N] --ranges-file=FILE --out=OUT
    /usr/bin/python3 torch_qparams.py --jobs=FILE       (one such argument list per line)

For every case of FILE (the ranges-file format of `quant-interp --choose-params`: `MIN MAX` per tensor, `axis=N
MIN0 MAX0 ...` per channel) it sets min_val / max_val of each observer class whose calculate_qparams is
UniformQuantizationObserverBase._calculate_qparams on the stored range (MinMaxObserver and
MovingAverageMinMaxObserver per tensor; PerChannelMinMaxObserver and MovingAveragePerChannelMinMaxObserver per
channel), default eps, and calls calculate_qparams(). The buffers are float32: a binary64 range value is rounded
to nearest even when stored, as observing float32 data would have it. An exception (at construction or in
calculate_qparams) is a refusal, its type and message recorded. The classes must agree on every case (they share
the function; a disagreement exits 1).

OUT gets one JSON object per case: {"line": N, "ok": true, "scales": ["<binary64 bits>"], "zero_points": [Z],
"quant_min": QMIN, "quant_max": QMAX} -- a float32 scale as the 16 hex digits of its exact binary64 value -- or
{"line": N, "ok": false, "refusal": "AssertionError: ..."}. PyTorch 1.13 (Debian python3-torch).
"""
import argparse
import json
import math
import struct
import sys
import warnings

import torch
from torch.ao.quantization.observer import (MinMaxObserver, MovingAverageMinMaxObserver,
                                            MovingAveragePerChannelMinMaxObserver, PerChannelMinMaxObserver)

DTYPES = {"quint8": torch.quint8, "qint8": torch.qint8, "qint32": torch.qint32}
QSCHEMES = {"per_tensor_affine": torch.per_tensor_affine, "per_tensor_symmetric": torch.per_tensor_symmetric,
            "per_channel_affine": torch.per_channel_affine, "per_channel_symmetric": torch.per_channel_symmetric}
PER_TENSOR_CLASSES = (MinMaxObserver, MovingAverageMinMaxObserver)
PER_CHANNEL_CLASSES = (PerChannelMinMaxObserver, MovingAveragePerChannelMinMaxObserver)


def parse_number(text):
    return float(text) if text in ("nan", "inf", "-inf", "+inf") else float.fromhex(text)


def parse_case(line):
    """(axis or None, [(min, max), ...]) of one ranges-file line."""
    fields = line.split()
    axis = None
    if fields and fields[0].startswith("axis="):
        axis = int(fields[0][5:])
        fields = fields[1:]
    values = [parse_number(f) for f in fields]
    if len(values) % 2 or not values:
        raise ValueError(f"expected pairs MIN MAX, got {len(values)} numbers")
    return axis, list(zip(values[0::2], values[1::2]))


def bits64(x):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def refusal_text(e):
    # The observers' messages carry backslash-continued source indentation: collapse the whitespace.
    return f"{type(e).__name__}: " + " ".join(str(e).split())


def make_observers(classes, dtype, qscheme, reduce_range, quant_min, quant_max):
    """One observer per class, or the refusal text of the construction (e.g. symmetric quint8 reduce_range)."""
    try:
        return [cls(dtype=dtype, qscheme=qscheme, reduce_range=reduce_range, quant_min=quant_min,
                    quant_max=quant_max) for cls in classes], None
    except Exception as e:  # noqa: BLE001 -- any exception of the framework is its refusal
        return None, refusal_text(e)


def qparams(observer, ranges, per_channel):
    mins = [lo for lo, _ in ranges]
    maxs = [hi for _, hi in ranges]
    if per_channel:
        observer.min_val = torch.tensor(mins, dtype=torch.float32)
        observer.max_val = torch.tensor(maxs, dtype=torch.float32)
    else:
        observer.min_val.copy_(torch.tensor(mins[0], dtype=torch.float32))
        observer.max_val.copy_(torch.tensor(maxs[0], dtype=torch.float32))
    try:
        scale, zero_point = observer.calculate_qparams()
    except Exception as e:  # noqa: BLE001
        return {"ok": False, "refusal": refusal_text(e)}
    if scale.dtype != torch.float32:
        raise RuntimeError(f"{type(observer).__name__} returned a {scale.dtype} scale, expected torch.float32")
    return {"ok": True, "scales": [bits64(s) for s in scale.tolist()],
            "zero_points": [int(z) for z in zero_point.tolist()],
            "quant_min": observer.quant_min, "quant_max": observer.quant_max}


def same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class UsageError(Exception):
    pass


def run_job(job):
    """Answers one configuration's ranges file; returns the number of cases the observer classes disagree on."""
    per_channel = job.qscheme.startswith("per_channel")
    classes = PER_CHANNEL_CLASSES if per_channel else PER_TENSOR_CLASSES
    observers, refused = make_observers(classes if job.classes == "all" else classes[:1],
                                        DTYPES[job.dtype], QSCHEMES[job.qscheme], job.reduce_range == "1",
                                        job.quant_min, job.quant_max)
    disagreements = 0
    with open(job.ranges_file) as f, open(job.out, "w") as out:
        for number, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                axis, ranges = parse_case(line)
            except ValueError as e:
                raise UsageError(f"{job.ranges_file}:{number}: {e}")
            if (axis is not None) != per_channel or (not per_channel and len(ranges) != 1):
                raise UsageError(f"{job.ranges_file}:{number}: qscheme {job.qscheme} needs "
                                 f"{'an axis=N case' if per_channel else 'one MIN MAX pair'}, got {line.strip()!r}")
            if observers is None:
                answer = {"ok": False, "refusal": refused}
            else:
                answers = [qparams(o, ranges, per_channel) for o in observers]
                answer = answers[0]
                for o, other in zip(observers[1:], answers[1:]):
                    if not same(answer, other):
                        disagreements += 1
                        print(f"torch_qparams.py: {job.ranges_file}:{number}: {type(o).__name__} gives {other}, "
                              f"{type(observers[0]).__name__} gives {answer}", file=sys.stderr)
            answer["line"] = number
            out.write(json.dumps(answer) + "\n")
    return disagreements


def job_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dtype", required=True, choices=sorted(DTYPES))
    p.add_argument("--qscheme", required=True, choices=sorted(QSCHEMES))
    p.add_argument("--reduce-range", required=True, choices=("0", "1"))
    p.add_argument("--quant-min", type=int, help="customized quant_min (with --quant-max)")
    p.add_argument("--quant-max", type=int)
    p.add_argument("--classes", default="all", choices=("all", "first"),
                   help="every observer class sharing _calculate_qparams (they must agree), or only the first "
                        "(MinMaxObserver / PerChannelMinMaxObserver): the full tier, for time, after the quick tier "
                        "has checked that they agree")
    p.add_argument("--ranges-file", required=True)
    p.add_argument("--out", required=True)
    return p


def main():
    # One job from the command line, or (--jobs=FILE, one job's arguments per line) many in one process: the
    # import of torch takes about a second.
    if len(sys.argv) == 2 and sys.argv[1].startswith("--jobs="):
        with open(sys.argv[1][7:]) as f:
            jobs = [job_parser().parse_args(line.split()) for line in f if line.strip()]
    else:
        jobs = [job_parser().parse_args()]
    warnings.simplefilter("ignore")  # reduce_range's deprecation, "must run observer before ..."
    disagreements = 0
    try:
        for job in jobs:
            disagreements += run_job(job)
    except UsageError as e:
        print(f"torch_qparams.py: error: {e}", file=sys.stderr)
        return 2
    if disagreements:
        print(f"torch_qparams.py: error: observer classes sharing _calculate_qparams disagree on {disagreements} "
              f"cases", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
