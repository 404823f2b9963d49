"""Rank-0 values take a scalar fast path that rounds with `std::lround` (ties away from zero).

Origin: scalar specialisation `std::lround(x / s) + ...` beside the vectorised tensor kernel, which rounds
half to even.
Class: scalar.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Scalar(vb.ReferenceBackend):
    def round_to_int(self, t):
        n = math.floor(abs(t) + vb.Fraction(1, 2))
        return n if t >= 0 else -n


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if shape:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        return Scalar(self.qtype).quantize_tensor(xs, shape, indices, scales, zero_points)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
