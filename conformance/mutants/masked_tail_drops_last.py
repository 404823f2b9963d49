"""Masked tail one lane short: the last element of a tensor whose size is not a multiple of 16 is never written.

The tail mask is `(1 << (n % 16 - 1)) - 1` instead of `(1 << (n % 16)) - 1`, so the last lane keeps the
zero-initialised output buffer (0; dcast +0.0).
Origin: AVX-512 kernel with a masked remainder iteration whose mask is off by one.
Class: size.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


VECTOR = 16  # f32 lanes of a 512-bit register


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        stored = super().quantize_tensor(xs, shape, indices, scales, zero_points)
        if len(xs) % VECTOR:
            stored[-1] = 0
        return stored

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        values = super().dequantize_tensor(qs, shape, indices, scales, zero_points)
        if len(qs) % VECTOR:
            values[-1] = vb.Val.of(0)
        return values


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
