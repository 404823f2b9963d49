"""The zero point is clamped to [storageMin, storageMax] before use.

A zero point outside the (narrow) storage range is legal and used as stated; this backend saturates it.
Origin: observers / exporters that `clamp(zero_point, quant_min, quant_max)` (PyTorch's observers).
Class: zero-point.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def zero_point(self, zp):
        return min(max(zp, self.st.lo), self.st.hi)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
