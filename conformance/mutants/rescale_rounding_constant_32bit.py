"""RESCALE's rounding constant computed in 32 bits: `int32_t round = 1 << (shift - 1)`.

For shift > 32 x86 takes the count mod 32 (a small constant); for shift = 32, 1 << 31 is INT32_MIN.
Origin: C port of apply_scale_32 that widens the product to 64 bits but not the rounding constant.
Class: rescale.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def rounding(self, value, shift, double_round):
        r = vb.Storage(True, 32, 0, 0).wrap(1 << ((shift - 1) & 31))
        if double_round and shift > 31:
            r += (1 << 30) if value >= 0 else -(1 << 30)
        return r


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
