"""Tensors of 1,024 elements or more are quantized as x * E(1 / sE); smaller ones divide.

The blocked kernel for large buffers hoists the division out of the loop as a reciprocal; the small-tensor
path divides like the reference, so only large tensors show the reciprocal's off-by-one results.
Origin: MLAS / oneDNN-style blocked kernel for large buffers with a precomputed 1/scale.
Class: size.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


THRESHOLD = 1024


class Blocked(vb.ReferenceBackend):
    def divide(self, x, sE):
        reciprocal = self.round_e(vb.exact_div(vb.Val.of(1), sE))
        return self.round_e(vb.exact_mul(x, reciprocal))


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if len(xs) < THRESHOLD:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        return Blocked(self.qtype).quantize_tensor(xs, shape, indices, scales, zero_points)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
