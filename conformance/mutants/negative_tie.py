"""Round-half-even with the wrong tie on negative values.

Models a hand-written roundeven `r = floor(t + 0.5); if (r - t == 0.5 && fmod(r, 2.0) == 1.0) r -= 1;`: C fmod keeps
the dividend's sign, so for a negative odd r it is -1.0 and the correction never happens; negative ties then round
up (-1.5 -> -1 instead of -2), positive ties are right.
Caught by: negative ties whose upper neighbour is odd (the `tie` class at -1.5).
Origin: hand-written roundeven whose `fmod(r, 2) == 1` misses negative odd r.
Class: rounding.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_to_int(self, t):
        r = vb.math.floor(t + vb.Fraction(1, 2))
        if r - t == vb.Fraction(1, 2) and vb.math.fmod(r, 2.0) == 1.0:
            r -= 1
        return r


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
