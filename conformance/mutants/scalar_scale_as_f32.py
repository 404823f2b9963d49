"""Rank-0 values are computed by a scalar helper in f32 (`float x, float scale, int zp`), the result taken to E.

For f32 tensors this is the reference; for f16 / bf16 / f8 the steps round to f32 instead of E, for f64
tensors the scale and the arithmetic lose precision.
Origin: runtime scalar helper `quantize_scalar(float x, float scale, int32_t zp)` used whatever the type.
Class: scalar.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32 = vb.FORMATS["f32"]


class InF32(vb.ReferenceBackend):
    def round_e(self, v):
        return vb.round_to_format(v, F32)


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if shape:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        helper = InF32(self.qtype)
        return helper.quantize_tensor([helper.round_e(x) for x in xs], shape, indices, scales, zero_points)

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        if shape:
            return super().dequantize_tensor(qs, shape, indices, scales, zero_points)
        values = InF32(self.qtype).dequantize_tensor(qs, shape, indices, scales, zero_points)
        return [self.round_e(v) for v in values]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
