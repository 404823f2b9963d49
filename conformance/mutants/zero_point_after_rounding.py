"""Zero point added as an integer after rounding, instead of in float before rounding.

Models the integer-zero-point recipes (TFLite, ONNX, ORT MLAS, FBGEMM: `lrint(x / s) + zp`). The reference rounds
E(t + E(zp)), so the float addition can round t onto, or off, a tie; and a zero point inexact in E (u32 4000000000
in f16 is +inf) enters exactly here.
Caught by: the `zero-point-in-float` class, zero points not exact in E, infinities with zp != 0 only via the clamp.
Origin: `lrint(x / s) + zp` (TFLite, ONNX, ORT MLAS, FBGEMM).
Class: zero-point.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    zero_point_in_float = False


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
