"""qcast computed in f64: x / s + zp evaluated in f64 with the stored f64 scale, rounded once to E.

Models a float64 reference quantizer (`np.float32(x.astype(np.float64) / scale + zp)` before rounding to integer):
neither the scale nor the quotient is rounded to E. (Dividing alone in f64 and rounding the quotient to E would equal
f64_scale: one division rounded through f64 and then to E <= f32 is the same as rounded once.)
Caught by: ties and near-ties with a scale inexact in E, and the `zero-point-in-float` class.
Origin: float64 reference quantizer `np.float32(x.astype(np.float64) / scale + zp)`.
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def affine(self, x, scale, zp):
        f64 = vb.FORMATS["f64"]
        t = vb.round_to_format(vb.exact_div(x, vb.round_to_format(scale, f64)), f64)
        t = vb.round_to_format(vb.exact_add(t, vb.Val.of(zp)), f64)
        return self.round_e(t)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
