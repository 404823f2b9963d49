"""f64 scale: the per-layer / per-axis scale is used as the stored f64, without rounding it to E.

Models a backend that divides or multiplies by the attribute's double directly (each step still rounds into E), where
the dialect materialises the scale as a constant of E. No effect on sub-channel types (scales already in E) and f64.
Caught by: scales inexact in E (0.1, 0.3, 0.001, the 1e-7 / 1e-40 subnormals) with ties or near-ties, and dcast of
any value whose product depends on the scale's low bits.
Origin: the f64 scale attribute used directly, never rounded to E.
Class: float-steps.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def scale_in_e(self, scale):
        return scale


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
