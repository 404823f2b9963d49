"""Every rounding into an f8 format goes through f16 first (f32 -> f16 -> f8): two roundings.

Harmless for p <= 4 results of one operation (f16 has 2p + 3 bits), wrong for f8E3M4 and for integers
(i16 -> f8: the integer is rounded to 11 bits, then to E).
Origin: libraries / hardware whose only f8 conversion is from f16.
Class: int-to-float, float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F16 = vb.FORMATS["f16"]


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        if self.E.bits != 8:
            return super().round_e(v)
        return super().round_e(vb.round_to_format(v, F16))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
