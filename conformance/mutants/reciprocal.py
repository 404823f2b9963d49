"""Reciprocal multiply: x * E(1/sE) instead of x / sE.

Models kernels that precompute the inverse scale once (FBGEMM, XNNPACK, TOSA legalization): the reciprocal is rounded
into E, so the product can land on a tie, or across one, where the quotient does not.
Caught by: the `reciprocal-differs` class (e.g. the trap scale 0.00214854861 on u8); invisible for power-of-two scales.
Origin: `x * E(1 / s)` (FBGEMM, XNNPACK, TOSA legalization).
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def divide(self, x, sE):
        reciprocal = self.round_e(vb.exact_div(vb.Val.of(1), sE))
        return self.round_e(vb.exact_mul(x, reciprocal))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
