"""Rounding into bf16 keeps the upper half of the f32 bit pattern (round to f32, then truncate).

Origin: bf16 as the high 16 bits of an f32 (TensorFlow's original FloatToBFloat16, many hand-written
converters).
Class: float-steps.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32 = vb.FORMATS["f32"]


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        if self.E.name != "bf16":
            return super().round_e(v)
        r = vb.round_to_format(v, F32)
        if r.kind != "num" or r.is_zero():
            return super().round_e(r)
        quantum = vb.Fraction(2) ** (max(vb.floor_log2(r.mag), self.E.emin) - self.E.p + 1)
        return vb.Val("num", r.neg, math.floor(r.mag / quantum) * quantum)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
