"""Clamp missing: the rounded integer is stored by keeping its low bits (wrapping) instead of clamping.

Models `(int8_t)lrintf(t)` with no saturation: 300 stored in i8 becomes 44, and narrow bounds are never applied.
Caught by: values beyond the storage range (storage-bound-half, beyond-2^31, random), narrow bounds.
Origin: `(int8_t)lrintf(t)` with no saturation.
Class: range.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def clamp(self, n):
        return self.st.wrap(n)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
