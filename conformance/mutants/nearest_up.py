"""Nearest-up: floor(t + 0.5), i.e. ties toward +infinity.

Models the classic `floor(x + 0.5)` rounding idiom (and magic-number tricks built on it).
Caught by: positive ties with an even lower neighbour (2.5 -> 3) and negative ties with an odd upper one (-1.5 -> -1).
Origin: `floor(t + 0.5)`.
Class: rounding.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_to_int(self, t):
        return vb.math.floor(t + vb.Fraction(1, 2))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
