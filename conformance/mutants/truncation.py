"""Truncation: the float is converted to an integer toward zero instead of to nearest-even.

Models a plain C cast / `arith.fptosi` without `math.roundeven` (what MLIR's own --lower-quant-ops emits).
Caught by: any element whose storedValueFloat has a fraction above 1/2 (tie-plus-ulp, inexact, random).
Origin: C cast / `arith.fptosi` without `math.roundeven` (MLIR's --lower-quant-ops).
Class: rounding.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_to_int(self, t):
        return int(t)  # int() of a Fraction truncates toward zero


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
