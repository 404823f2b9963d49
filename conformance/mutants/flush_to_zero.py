"""Flush to zero: every subnormal result of a float step becomes a zero of the same sign.

Models running with FTZ set (x86 MXCSR.FTZ, ARM FPCR.FZ, GPU fast math): a subnormal scale such as f32 1e-40 or
f16 1e-7 is converted to 0, so x / 0 gives +-inf (or NaN) and dcast returns zeros.
Caught by: tiny scales (subnormal in E) and results below the smallest normal (dcast with tiny scales).
Origin: FTZ set (x86 MXCSR.FTZ, ARM FPCR.FZ, GPU fast math).
Class: subnormal.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        r = super().round_e(v)
        if r.kind == "num" and 0 < r.mag < vb.Fraction(2) ** self.E.emin:
            return vb.Val("num", r.neg and self.E.nonfinite != "fnuz")
        return r


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
