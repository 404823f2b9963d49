#!/usr/bin/python3
"""PyTorch as a quant-conform backend (docs/real-frameworks.md; spec/conformance.md [conform.frameworks]).

Speaks quant-conform-command/1 per case (`torch_backend.py REQUEST_DIR`) or in batch mode (QI_COMMAND_MODE=batch:
request directories on stdin, one `done STATUS` line on stdout per case), so that `import torch` (about a second)
happens once per job. quant-conform starts it with Debian's /usr/bin/python3, whose dist-packages hold python3-torch.

What runs:
  qcast  torch.quantize_per_tensor(x, scale, zero_point, dtype) / torch.quantize_per_channel(x, scales, zero_points,
         axis, dtype), then .int_repr()
  dcast  torch._make_per_tensor_quantized_tensor(ints, scale, zero_point) / torch._make_per_channel_quantized_tensor(
         ints, scales, zero_points, axis) on the stored integers, then .dequantize()
with dtype quint8 (u8), qint8 (i8), qint32 (i32) and an f32 tensor (quantize_per_tensor refuses f16 / bf16 / f64
input; dequantize gives f32 only).

The scale: the type's f64 scale is handed over unchanged, as a Python float (per-tensor; PyTorch stores it as a double,
`q_scale()` reads it back bit for bit) or as a float64 tensor (per-channel; PyTorch keeps per-channel scales as a
float64 tensor and converts a float32 one to float64). What PyTorch then does with it is PyTorch's business: the
generic ATen quantize rounds it to f32 (`1.0f / static_cast<float>(scale)`), per-tensor dequantize multiplies by
`static_cast<float>(scale)`, per-channel dequantize by the double.

Unsupported (exit 77, a reason on stderr): ops other than qcast / dcast (no rescale), storage other than i8 / u8 /
i32, narrow storage bounds, expressed types other than f32, sub-channel types, a zero point outside the storage type
(PyTorch checks `zero_point` against the dtype's range and refuses).
A RuntimeError from PyTorch on a case it was given is reported as a rejection (exit 3) with PyTorch's message: its
own checks refuse a per-channel type whose channel count or axis does not fit the tensor, as MLIR does.
"""
import json
import os
import struct
import sys

PROTOCOL = "quant-conform-command/1"
EXIT_REJECTED = 3
EXIT_UNSUPPORTED = 77
EXIT_BAD_REQUEST = 2


class Unsupported(Exception):
    pass


try:
    import torch
except ImportError as e:  # reported per case, so quant-conform shows the reason
    torch = None
    TORCH_ERROR = str(e)

# storage -> (quantized dtype, the int dtype of int_repr / _make_*_quantized_tensor, min, max)
STORAGE = {} if torch is None else {
    "u8": (torch.quint8, torch.uint8, 0, 255),
    "i8": (torch.qint8, torch.int8, -128, 127),
    "i32": (torch.qint32, torch.int32, -2**31, 2**31 - 1),
}


def read_keys(directory):
    keys = {}
    with open(os.path.join(directory, "request.txt")) as f:
        for line in f:
            parts = line.rstrip("\n").split(None, 1)
            if parts:
                keys[parts[0]] = parts[1] if len(parts) > 1 else ""
    if keys.get("format") != PROTOCOL:
        raise Unsupported("request format %r is not %s" % (keys.get("format"), PROTOCOL))
    return keys


def f64_from_hex(text):
    return struct.unpack(">d", int(text, 16).to_bytes(8, "big"))[0]


def run_case(directory):
    if torch is None:
        raise Unsupported("import torch failed: " + TORCH_ERROR)
    keys = read_keys(directory)
    op = keys.get("op")
    if op not in ("qcast", "dcast"):
        raise Unsupported("op %s (PyTorch has quantize / dequantize only)" % op)
    with open(os.path.join(directory, "type.json")) as f:
        t = json.load(f)
    if t["expressed"] != "f32":
        raise Unsupported("expressed type %s (torch.quantize_per_tensor takes a float32 tensor only)" % t["expressed"])
    if t["storage"] not in STORAGE:
        raise Unsupported("storage %s (PyTorch's affine dtypes are quint8, qint8, qint32)" % t["storage"])
    qdtype, idtype, lo, hi = STORAGE[t["storage"]]
    if (t["storageMin"], t["storageMax"]) != (lo, hi):
        raise Unsupported("narrow storage bounds [%d, %d] (PyTorch clamps to the dtype's range)"
                          % (t["storageMin"], t["storageMax"]))
    zps = t["zeroPoints"]
    if any(not lo <= z <= hi for z in zps):
        raise Unsupported("a zero point outside %s (PyTorch refuses it: 'zero_point ... is above upper bound')"
                          % t["storage"])
    if t["scaleFormat"] != "f64":
        raise Unsupported("scale format %s" % t["scaleFormat"])
    scales = [f64_from_hex(bits) for bits, _ in t["scales"]]
    granularity = t["granularity"]
    shape = [int(d) for d in keys.get("shape", "").split()]
    n = int(keys["elements"])
    if granularity not in ("per-layer", "per-axis"):
        raise Unsupported("granularity %s (PyTorch has per-tensor and per-channel affine)" % granularity)

    with open(os.path.join(directory, "input.txt")) as f:
        lines = [line.strip() for line in f if line.strip()]
    if len(lines) != n:
        raise ValueError("input.txt has %d elements, request.txt says %d" % (len(lines), n))

    if op == "qcast":
        bits = [int(s, 16) for s in lines]
        signed = [b - (1 << 32) if b >= 1 << 31 else b for b in bits]  # the f32 bit patterns as int32 values
        x = torch.tensor(signed, dtype=torch.int32).view(torch.float32).reshape(shape)
        if granularity == "per-layer":
            q = torch.quantize_per_tensor(x, scales[0], zps[0], qdtype)
        else:
            q = torch.quantize_per_channel(x, torch.tensor(scales, dtype=torch.float64),
                                           torch.tensor(zps, dtype=torch.int64), t["axis"], qdtype)
        out = ["%d" % v for v in q.int_repr().reshape(-1).tolist()]
    else:
        ints = torch.tensor([int(s) for s in lines], dtype=idtype).reshape(shape)
        if granularity == "per-layer":
            q = torch._make_per_tensor_quantized_tensor(ints, scales[0], zps[0])
        else:
            q = torch._make_per_channel_quantized_tensor(ints, torch.tensor(scales, dtype=torch.float64),
                                                         torch.tensor(zps, dtype=torch.int64), t["axis"])
        assert q.dtype == qdtype
        y = q.dequantize()
        assert y.dtype == torch.float32
        out = ["0x%08X" % (v & 0xFFFFFFFF) for v in y.reshape(-1).view(torch.int32).tolist()]
    if len(out) != n:
        raise RuntimeError("PyTorch returned %d elements, expected %d" % (len(out), n))
    with open(os.path.join(directory, "output.txt"), "w") as f:
        f.write("".join(line + "\n" for line in out))


def answer(directory):
    name = "pytorch backend"
    try:
        run_case(directory)
    except Unsupported as e:
        sys.stderr.write("%s: unsupported: %s\n" % (name, e))
        return EXIT_UNSUPPORTED
    except (OSError, ValueError, KeyError) as e:
        sys.stderr.write("%s: bad request: %s\n" % (name, e))
        return EXIT_BAD_REQUEST
    except RuntimeError as e:
        # PyTorch's own refusal of a parameter the type allows.
        sys.stderr.write("pytorch: %s\n" % str(e).splitlines()[0])
        return EXIT_REJECTED
    sys.stderr.flush()
    return 0


def main(argv):
    if torch is not None:
        torch.set_num_threads(1)  # quant-conform runs --jobs processes; elementwise results do not depend on it
    if os.environ.get("QI_COMMAND_MODE") != "batch":
        if len(argv) != 2:
            sys.stderr.write("usage: torch_backend.py REQUEST_DIR (or QI_COMMAND_MODE=batch, directories on stdin)\n")
            return EXIT_BAD_REQUEST
        return answer(argv[1])
    for line in sys.stdin:
        directory = line.rstrip("\n")
        if not directory:
            continue
        try:
            status = answer(directory)
        except Exception as e:  # anything else: this case is an error, the next one still runs
            sys.stderr.write("pytorch backend: %s: %s\n" % (type(e).__name__, e))
            status = 1
        sys.stderr.flush()
        sys.stdout.write("done %d\n" % status)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
