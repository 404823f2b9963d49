"""Tensors of 256 elements or more take a vector path that rounds ties away from zero.

Below the threshold a scalar loop uses `lrintf` (nearest-even); the vector path converts with `vcvtaq_s32_f32`
(round to nearest, ties away), so 2.5 stores 3 only in large tensors.
Origin: NEON kernel dispatched for large buffers, converting with FCVTAS instead of FCVTNS.
Class: size.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


THRESHOLD = 256


class Vector(vb.ReferenceBackend):
    def round_to_int(self, t):
        n = math.floor(abs(t) + vb.Fraction(1, 2))
        return n if t >= 0 else -n


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if len(xs) < THRESHOLD:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        return Vector(self.qtype).quantize_tensor(xs, shape, indices, scales, zero_points)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
