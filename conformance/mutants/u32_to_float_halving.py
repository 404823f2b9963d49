"""Integers of 2^31 or more are converted as 2 * E(n >> 1): the shifted-out bit is not kept as a sticky bit.

The correct expansion converts `(n >> 1) | (n & 1)` and doubles; dropping `| (n & 1)` rounds a tie of the
halved value to even where the full value was above the tie.
Origin: hand-written uint32 -> float for SIMD without an unsigned convert, missing the sticky bit.
Class: int-to-float.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def int_to_e(self, n):
        if n < 1 << 31:
            return super().int_to_e(n)
        return self.round_e(vb.exact_mul(super().int_to_e(n >> 1), vb.Val.of(2)))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
