"""bf16 results below 2^-126 are flushed to zero.

Origin: AVX512-BF16 `vcvtneps2bf16` (and AMX) flush denormal results whatever MXCSR says.
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
        if self.E.name == "bf16" and r.kind == "num" and 0 < r.mag < vb.Fraction(2) ** self.E.emin:
            return vb.Val("num", r.neg)
        return r


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
