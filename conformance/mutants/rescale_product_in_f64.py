"""RESCALE's product and rounding constant summed in double: exact only while value * multiplier fits 53 bits.

`floor(((double)value * multiplier + round) / 2^shift)`: a product beyond 2^53 is rounded before the shift.
Origin: float64 requantization in reference scripts and float-based ports (numpy float64 arithmetic).
Class: rescale.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def apply_scale_32(self, value, multiplier, shift, double_round):
        self.require(multiplier >= 0, "multiplier >= 0")
        self.require(2 <= shift <= 62, "2 <= shift && shift <= 62")
        self.require(-(1 << (shift - 1)) <= value < (1 << (shift - 1)), "value within +-2^(shift-1)")
        total = float(value * multiplier) + float(self.rounding(value, shift, double_round))
        return math.floor(total / 2.0 ** shift)


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
