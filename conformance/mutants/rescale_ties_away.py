"""RESCALE rounding half away from zero: `round(value * multiplier / 2^shift)` instead of TOSA's round half up.

Models a backend that rounds the scaled product symmetrically (C's round(), or adding 2^(shift-1) - 1 to a negative
product), as TVM's TONEAREST rounding and gemmlowp's RoundingDivideByPOT do, and ignores DOUBLE_ROUND.
Caught by: negative ties (`tie-negative`: -2.5 gives -3, TOSA gives -2) and the double-rounding bands.
Diagnosis: the `tvm-tonearest` recipe.
Origin: `round()` of the scaled product (TVM TONEAREST, gemmlowp's RoundingDivideByPOT).
Class: rescale, rounding.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def rounding(self, value, shift, double_round):
        half = 1 << (shift - 1)
        return half if value >= 0 else half - 1


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
