"""RESCALE DOUBLE_ROUND applied from shift 31 on (`shift >= 31`) instead of shift > 31.

Origin: off-by-one in the double-rounding condition of a hand port of apply_scale_32.
Class: rescale.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def rounding(self, value, shift, double_round):
        r = 1 << (shift - 1)
        if double_round and shift >= 31:
            r += (1 << 30) if value >= 0 else -(1 << 30)
        return r


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
