"""Tensors of 65,536 elements or more run on a GPU kernel built with fast math: FTZ and x * rcp(sE).

Smaller tensors run on the CPU with IEEE arithmetic; the offloaded kernel flushes subnormal results to zero
and divides with `__fdividef` (a multiplication by the rounded reciprocal).
Origin: large tensors offloaded to a CUDA kernel compiled with --use_fast_math.
Class: size.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


THRESHOLD = 65536


class FastMath(vb.ReferenceBackend):
    def round_e(self, v):
        r = super().round_e(v)
        if r.kind == "num" and 0 < r.mag < vb.Fraction(2) ** self.E.emin:
            return vb.Val("num", r.neg and self.E.nonfinite != "fnuz")
        return r

    def divide(self, x, sE):
        reciprocal = self.round_e(vb.exact_div(vb.Val.of(1), sE))
        return self.round_e(vb.exact_mul(x, reciprocal))


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if len(xs) < THRESHOLD:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        return FastMath(self.qtype).quantize_tensor(xs, shape, indices, scales, zero_points)

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        if len(qs) < THRESHOLD:
            return super().dequantize_tensor(qs, shape, indices, scales, zero_points)
        return FastMath(self.qtype).dequantize_tensor(qs, shape, indices, scales, zero_points)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
