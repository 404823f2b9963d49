"""Per-channel scales with one zero point: every channel uses the first zero point.

Origin: backends that assume symmetric per-channel quantization (TFLite requires zp = 0 per channel) and read
zero_point[0] for the whole tensor.
Class: rank-axis, zero-point.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        first = [zero_points[0]] * len(zero_points)
        return super().quantize_tensor(xs, shape, indices, scales, first)

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        first = [zero_points[0]] * len(zero_points)
        return super().dequantize_tensor(qs, shape, indices, scales, first)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
