#!/usr/bin/python3
"""The quantization parameters PyTorch's observers choose for given ranges ([calib.pytorch], docs/calibration.md).

    /usr/bin/python3 torch_qparams.py --dtype=quint8|qint8|qint32
        --qscheme=per_tensor_affine|per_tensor_symmetric|per_channel_affine|per_channel_symmetric
        --reduce-range=0|1 [--quant-min=N --quant-max=N] [--classes=all|first] [--batch=off|on|check]
        --ranges-file=FILE --out=OUT
    /usr/bin/python3 torch_qparams.py --jobs=FILE       (one such argument list per line; - reads them from stdin
                                                         as they come)

For every case of FILE (the ranges-file format of `quant-interp --choose-params`: `MIN MAX` per tensor, `axis=N
MIN0 MAX0 ...` per channel) it sets min_val / max_val of each observer class whose calculate_qparams is
UniformQuantizationObserverBase._calculate_qparams on the stored range (MinMaxObserver and
MovingAverageMinMaxObserver per tensor; PerChannelMinMaxObserver and MovingAveragePerChannelMinMaxObserver per
channel), default eps, and calls calculate_qparams(). The buffers are float32: a binary64 range value is rounded
to nearest even when stored, as observing float32 data would have it. An exception (at construction or in
calculate_qparams) is a refusal, its type and message recorded. The classes must agree on every case (they share
the function; a disagreement exits 1).

--batch=on answers the cases whose ranges are all finite with min <= max (as float32) from one calculate_qparams()
call per observer class, min_val / max_val set to the vectors of all their ranges, and the others one call each
(batch_mask says why exactly those: 1.13's check_min_max_valid and _calculate_qparams take other branches on the
others). --batch=check answers every case per range and compares the batched answers with those: a difference
exits 1 (the quick tier runs it, so the full tier may use --batch=on).

OUT gets one JSON object per case: {"line": N, "ok": true, "scales": ["<binary64 bits>"], "zero_points": [Z],
"quant_min": QMIN, "quant_max": QMAX} -- a float32 scale as the 16 hex digits of its exact binary64 value -- or
{"line": N, "ok": false, "refusal": "AssertionError: ..."}. PyTorch 1.13 (Debian python3-torch).
"""
import argparse
import json
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
    return float.fromhex(text)  # also reads nan, inf, -inf, +inf


def parse_case(line):
    """(axis or None, [(min, max), ...]) of one ranges-file line."""
    fields = line.split()
    axis = None
    if fields and fields[0].startswith("axis="):
        axis = int(fields[0][5:])
        fields = fields[1:]
    values = list(map(parse_number, fields))
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


def batch_mask(cases):
    """Per case (a list of (min, max) pairs): True when every range of it is finite and ordered as the float32
    buffers hold it (f32(min) <= f32(max), both finite).

    Only there does the batched call compute what the per-range call does (1.13's observer.py and
    ao/quantization/utils.py): check_min_max_valid differs by shape -- a 0-dim range (inf, -inf) returns the default
    (1.0, 0) where a 1-D one asserts, and the 1-D `assert torch.all(min_val <= max_val)` refuses the whole batch for
    one NaN or reversed range --, and with an infinite end the intermediate NaNs (-inf / inf) meet float-to-int
    conversions whose scalar and vectorized kernels need not agree. For finite ordered ranges _calculate_qparams is
    the same elementwise formula either way; its scalar and vectorized kernels differ only in the sign of a zero
    from torch.min / torch.max (which the eps clamp and the zero-point division erase: max(+-0, eps) = eps, +-0 /
    scale rounds to 0). `--batch=check` (the quick tier) compares the two on every case."""
    mins = torch.tensor([lo for ranges in cases for lo, _ in ranges], dtype=torch.float32)
    maxs = torch.tensor([hi for ranges in cases for _, hi in ranges], dtype=torch.float32)
    good = (torch.isfinite(mins) & torch.isfinite(maxs) & (mins <= maxs)).tolist()
    out, at = [], 0
    for ranges in cases:
        out.append(all(good[at:at + len(ranges)]))
        at += len(ranges)
    return out


class BatchError(Exception):
    pass


def qparams_batch(observer, cases):
    """The answers of qparams(observer, ranges, ...) for every case of `cases` (each finite and ordered: batch_mask)
    from one calculate_qparams() call: min_val / max_val set to the vectors of every range of every case."""
    if not cases:
        return []
    mins = torch.tensor([lo for ranges in cases for lo, _ in ranges], dtype=torch.float32)
    maxs = torch.tensor([hi for ranges in cases for _, hi in ranges], dtype=torch.float32)
    observer.min_val = mins
    observer.max_val = maxs
    try:
        scale, zero_point = observer.calculate_qparams()
    except Exception as e:  # noqa: BLE001 -- batch_mask admits no range the observer refuses
        raise BatchError(f"{type(observer).__name__}: the batched call raised on finite ordered ranges: "
                         f"{refusal_text(e)}")
    if scale.dtype != torch.float32:
        raise RuntimeError(f"{type(observer).__name__} returned a {scale.dtype} scale, expected torch.float32")
    if tuple(scale.shape) != tuple(mins.shape) or tuple(zero_point.shape) != tuple(mins.shape):
        raise BatchError(f"{type(observer).__name__}: the batched call returned shapes {tuple(scale.shape)} / "
                         f"{tuple(zero_point.shape)} for {tuple(mins.shape)} ranges")
    # bits64 of every scale at once: the float32 values widened exactly, their binary64 bits
    scales = ["0x%016x" % (b & 0xFFFFFFFFFFFFFFFF) for b in scale.double().view(torch.int64).tolist()]
    zps = [int(z) for z in zero_point.tolist()]
    out, at = [], 0
    for ranges in cases:
        n = len(ranges)
        out.append({"ok": True, "scales": scales[at:at + n], "zero_points": zps[at:at + n],
                    "quant_min": observer.quant_min, "quant_max": observer.quant_max})
        at += n
    return out


def answer_line(answer, number):
    """json.dumps(dict(answer, line=number)) + newline; an answer with values spelled directly (the same text)."""
    if answer["ok"] and set(answer) == ANSWER_KEYS:
        return ('{"ok": true, "scales": ["%s"], "zero_points": [%s], "quant_min": %d, "quant_max": %d, "line": %d}\n'
                % ('", "'.join(answer["scales"]), ", ".join(map(str, answer["zero_points"])), answer["quant_min"],
                   answer["quant_max"], number))
    return json.dumps(dict(answer, line=number)) + "\n"


ANSWER_KEYS = {"ok", "scales", "zero_points", "quant_min", "quant_max"}


def same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


class UsageError(Exception):
    pass


def answers_of(observer, batch_observer, cases, per_channel, mode):
    """The answers of one observer class for `cases` ([(min, max), ...] each): per range (mode off), or batched for
    the cases batch_mask admits and per range for the others (on), or both for every admitted case (check: the
    per-range answers are returned, and the cases where the batched ones differ). (answers, differences, number of
    cases checked)"""
    if mode == "off":
        return [qparams(observer, ranges, per_channel) for ranges in cases], [], 0
    mask = batch_mask(cases)
    batched = iter(qparams_batch(batch_observer, [c for c, ok in zip(cases, mask) if ok]))
    answers, differences = [], []
    for index, (ranges, ok) in enumerate(zip(cases, mask)):
        if not ok:
            answers.append(qparams(observer, ranges, per_channel))
        elif mode == "on":
            answers.append(next(batched))
        else:
            single, batch = qparams(observer, ranges, per_channel), next(batched)
            if not same(single, batch):
                differences.append((index, single, batch))
            answers.append(single)
    return answers, differences, sum(mask) if mode == "check" else 0


def run_job(job):
    """Answers one configuration's ranges file; returns the number of cases the observer classes disagree on, and
    (--batch=check) on which the batched call and the per-range call disagree."""
    per_channel = job.qscheme.startswith("per_channel")
    classes = PER_CHANNEL_CLASSES if per_channel else PER_TENSOR_CLASSES
    chosen = classes if job.classes == "all" else classes[:1]
    args = (DTYPES[job.dtype], QSCHEMES[job.qscheme], job.reduce_range == "1", job.quant_min, job.quant_max)
    observers, refused = make_observers(chosen, *args)
    # the batched calls get observers of their own: their min_val / max_val become vectors
    batch_observers = make_observers(chosen, *args)[0] if job.batch != "off" else None
    numbers, cases = [], []
    with open(job.ranges_file) as f:
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
            numbers.append(number)
            cases.append(ranges)
    disagreements = batch_differences = checked = 0
    if observers is None:
        answers = [{"ok": False, "refusal": refused} for _ in cases]
    else:
        by_class = []
        for k, o in enumerate(observers):
            class_answers, differences, n = answers_of(o, batch_observers[k] if batch_observers else None, cases,
                                                       per_channel, job.batch)
            checked += n
            for index, single, batch in differences[:5]:
                print(f"torch_qparams.py: {job.ranges_file}:{numbers[index]}: {type(o).__name__} batched gives "
                      f"{batch}, per range {single}", file=sys.stderr)
            batch_differences += len(differences)
            by_class.append(class_answers)
        answers = by_class[0]
        for o, other in zip(observers[1:], by_class[1:]):
            for number, answer, theirs in zip(numbers, answers, other):
                if not same(answer, theirs):
                    disagreements += 1
                    print(f"torch_qparams.py: {job.ranges_file}:{number}: {type(o).__name__} gives {theirs}, "
                          f"{type(observers[0]).__name__} gives {answer}", file=sys.stderr)
    with open(job.out, "w") as out:
        out.writelines(answer_line(answer, number) for number, answer in zip(numbers, answers))
    return disagreements, batch_differences, checked


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
    p.add_argument("--batch", default="off", choices=("off", "on", "check"),
                   help="off: one calculate_qparams() call per case; on: one call for all the cases whose ranges are "
                        "finite and ordered (batch_mask), per case for the others; check: both for every such case, "
                        "and exit 1 where they differ (the quick tier)")
    p.add_argument("--ranges-file", required=True)
    p.add_argument("--out", required=True)
    return p


def jobs_of(argv):
    """The jobs: one from the command line, or (--jobs=FILE, one job's arguments per line; - for stdin, read as the
    lines come, so a caller can queue a job as soon as its ranges file is written) many in one process: the import
    of torch takes about a second."""
    if len(argv) == 1 and argv[0].startswith("--jobs="):
        name = argv[0][7:]
        f = sys.stdin if name == "-" else open(name)
        for line in f:
            if line.strip():
                yield job_parser().parse_args(line.split())
        return
    yield job_parser().parse_args(argv)


def main():
    warnings.simplefilter("ignore")  # reduce_range's deprecation, "must run observer before ..."
    disagreements = batch_differences = checked = 0
    try:
        for job in jobs_of(sys.argv[1:]):
            d, b, n = run_job(job)
            disagreements += d
            batch_differences += b
            checked += n
            sys.stdout.flush()
    except UsageError as e:
        print(f"torch_qparams.py: error: {e}", file=sys.stderr)
        return 2
    except BatchError as e:
        print(f"torch_qparams.py: error: {e}", file=sys.stderr)
        return 1
    if checked:
        print(f"torch_qparams.py: --batch=check: {checked} cases answered by the batched call and per range, "
              f"{batch_differences} differ")
    if disagreements:
        print(f"torch_qparams.py: error: observer classes sharing _calculate_qparams disagree on {disagreements} "
              f"cases", file=sys.stderr)
    if batch_differences:
        print(f"torch_qparams.py: error: the batched calculate_qparams() call differs from the per-range call on "
              f"{batch_differences} cases", file=sys.stderr)
    return 1 if disagreements or batch_differences else 0


if __name__ == "__main__":
    sys.exit(main())
