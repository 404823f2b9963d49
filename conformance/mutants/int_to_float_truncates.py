"""convertIntToFloat rounds toward zero: the low bits of an integer wider than E's significand are dropped.

Exact integers are unaffected; u32 / i32 -> f32, i24 -> bf16 / f16, i16 -> f8 lose instead of round.
Origin: software int -> float converter that shifts the low bits off (DSP / soft-float runtimes).
Class: int-to-float.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def int_to_e(self, n):
        v = vb.Val.of(n)
        if v.is_zero():
            return v
        quantum = vb.Fraction(2) ** (max(vb.floor_log2(v.mag), self.E.emin) - self.E.p + 1)
        return vb.Val("num", v.neg, min(math.floor(v.mag / quantum) * quantum, self.E.max_finite))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
