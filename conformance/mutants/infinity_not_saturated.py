"""Infinity not saturated: +-inf become INT32_MIN (x86 "integer indefinite"), then the clamp.

Models `_mm_cvtps_epi32` / `cvtss2si` on an infinite value, which returns 0x80000000 for either sign; after the clamp
+inf is stored as storageMin instead of storageMax.
Caught by: +inf inputs and quotients that overflow to +inf.
Origin: x86 `cvtss2si` / `_mm_cvtps_epi32` "integer indefinite" for +-inf.
Class: overflow.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def non_finite(self, t):
        return None if t.is_nan() else -(1 << 31)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
