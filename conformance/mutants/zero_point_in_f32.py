"""The zero point is held as an f32 and used without rounding it to E.

qcast adds E(t + f32(zp)) and dcast subtracts E(E(q) - f32(zp)): for f32 tensors the reference; for f16 /
bf16 / f8 a zero point inexact in E is not rounded to E first; for f64 one inexact in f32 is.
Origin: runtimes that precompute `float zero_point` for every tensor type.
Class: zero-point.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32 = vb.FORMATS["f32"]


class Backend(vb.ReferenceBackend):
    def zp_f32(self, zp):
        return vb.round_to_format(vb.Val.of(zp), F32)

    def add_zero_point(self, t, zp):
        return self.round_e(vb.exact_add(t, self.zp_f32(zp)))

    def difference(self, q, zp):
        return self.round_e(vb.exact_sub(self.int_to_e(q), self.zp_f32(zp)))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
