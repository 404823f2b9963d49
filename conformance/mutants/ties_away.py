"""Ties away from zero: halves round away from zero instead of to even.

Models `std::round` / `lround` (TFLite reference quantize, many hand-written kernels).
Caught by: exact ties with an even lower neighbour, e.g. 2.5 -> 3 instead of 2 (class `tie`).
Origin: `std::round` / `lround` (TFLite reference quantize).
Class: rounding.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_to_int(self, t):
        n = vb.math.floor(abs(t) + vb.Fraction(1, 2))
        return -n if t < 0 else n


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
