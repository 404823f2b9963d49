"""dcast computed in f64 and rounded once to E: E(f64(f64(f64(q) - f64(zp)) * f64(s))), the stored scale.

Models a float64 reference (`((q.astype(np.float64) - zp) * scale).astype(E)`): the scale is not rounded to E and
the product is rounded twice (to f64, then to E).
Caught by: dcast into f16, bf16, f32 and the f8 formats with a scale inexact in E (0.1, 0.3, 0.001).
Origin: float64 reference `((q.astype(np.float64) - zp) * scale).astype(E)`.
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def dequantize(self, q, scale, zp):
        f64 = vb.FORMATS["f64"]
        d = vb.round_to_format(vb.exact_sub(vb.round_to_format(vb.Val.of(q), f64),
                                            vb.round_to_format(vb.Val.of(zp), f64)), f64)
        return self.round_e(vb.round_to_format(vb.exact_mul(d, vb.round_to_format(scale, f64)), f64))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
