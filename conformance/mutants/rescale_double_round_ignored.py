"""RESCALE without double rounding: DOUBLE_ROUND computed as SINGLE_ROUND.

Models a backend whose apply_scale_32 has no `double_round` path (the 2^30 nudge of the rounding constant for
shift > 31 is missing), as when a kernel written for TFLite's single-rounding build is reused for TOSA.
Caught by: DOUBLE_ROUND cases with shift > 31 on the `double-round-differs` / `double-round-edge` inputs and on negative
ties. Diagnosis: the `tosa-single-round` recipe.
Origin: a single-rounding apply_scale_32 reused for TOSA (no DOUBLE_ROUND path).
Class: rescale.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def rounding(self, value, shift, double_round):
        return 1 << (shift - 1)


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
