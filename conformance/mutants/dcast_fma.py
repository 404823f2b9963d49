"""dcast with a fused multiply-add: E(fma(E(q), sE, E(E(-zp) * sE))).

Models TFLite's NEON dequantize kernel (vmlaq_f32 with a precomputed -zp * scale): one rounding of q * sE + offset
instead of rounding the difference and then the product.
Caught by: dcast with a non-zero zero point and a scale inexact in E (0.1, 0.3, 0.001).
Origin: TFLite's NEON dequantize (`vmlaq_f32` with a precomputed -zp * scale).
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def dequantize(self, q, scale, zp):
        sE = self.scale_in_e(scale)
        offset = self.round_e(vb.exact_mul(self.int_to_e(-zp), sE))
        return self.round_e(vb.exact_fma(self.int_to_e(q), sE, offset))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
