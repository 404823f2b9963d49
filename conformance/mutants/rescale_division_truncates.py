"""RESCALE's arithmetic shift written as a division: `(value * m + round) / 2^shift` truncates toward zero.

The shift floors; C's division truncates, so negative results with a fraction come out one too high.
Origin: ports writing `/ (1LL << shift)` for `>> shift`.
Class: rescale.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


def divide(n, shift):
    return n >> shift if n >= 0 else -((-n) >> shift)


class Backend(vb.RescaleBackend):
    def apply_scale_32(self, value, multiplier, shift, double_round):
        self.require(multiplier >= 0, "multiplier >= 0")
        self.require(2 <= shift <= 62, "2 <= shift && shift <= 62")
        self.require(-(1 << (shift - 1)) <= value < (1 << (shift - 1)), "value within +-2^(shift-1)")
        return divide(value * multiplier + self.rounding(value, shift, double_round), shift)

    def apply_scale_16(self, value, multiplier, shift):
        self.require(multiplier >= 0, "multiplier >= 0")
        self.require(2 <= shift <= 62, "2 <= shift && shift <= 62")
        result = divide(value * multiplier + (1 << (shift - 1)), shift)
        self.require(-(1 << 31) <= result < (1 << 31), "result within int32_t")
        return result


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
