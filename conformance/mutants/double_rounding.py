"""Double rounding through a wider type: x / sE + zp is computed in a wider format W and rounded to E once.

Models half-precision (and f32) arithmetic evaluated in wider registers (f16 promoted to f32, FLT_EVAL_METHOD=2,
x87): the quotient is not rounded to E before the zero point is added, and the sum is rounded to W and then to E.
(Rounding each single operation through W would be harmless: W has at least 2p + 2 bits.)
Caught by: the `zero-point-in-float` class and inexact sums with a non-zero zero point in f16, bf16 and f32.
Origin: f16 / f32 arithmetic kept in wider registers (promotion, FLT_EVAL_METHOD=2, x87).
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


WIDER = {"f32": "f64", "f64": "f64"}  # 16-bit and 8-bit formats are promoted to f32


class Backend(vb.ReferenceBackend):
    def affine(self, x, scale, zp):
        W = vb.FORMATS[WIDER.get(self.E.name, "f32")]
        t = vb.round_to_format(vb.exact_div(x, self.scale_in_e(scale)), W)
        t = vb.round_to_format(vb.exact_add(t, vb.round_to_format(vb.Val.of(zp), W)), W)
        return self.round_e(t)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
