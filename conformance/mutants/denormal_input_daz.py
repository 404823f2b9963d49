"""Subnormal operands read as zero (denormals-are-zero): x, the converted scale and the products' operands.

With a subnormal scale every x / sE becomes +-inf; a subnormal input stores the zero point.
Origin: MXCSR.DAZ set by the runtime on its worker threads (oneDNN / TensorFlow set FTZ and DAZ).
Class: subnormal.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def daz(self, v):
        if v.kind == "num" and 0 < v.mag < vb.Fraction(2) ** self.E.emin:
            return vb.Val("num", v.neg and self.E.nonfinite != "fnuz")
        return v

    def divide(self, x, sE):
        return super().divide(self.daz(x), self.daz(sE))

    def add_zero_point(self, t, zp):
        return super().add_zero_point(self.daz(t), zp)

    def multiply(self, d, sE):
        return super().multiply(self.daz(d), self.daz(sE))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
