"""Narrow bounds ignored: clamps to the storage type's full range instead of [storageMin, storageMax].

Models a backend that derives qmin/qmax from the storage type (`numeric_limits<int8_t>`) and drops the `<-127:127>`
of `!quant.uniform<i8<-127:127>:...>`.
Caught by: narrow-bound types with inputs beyond the narrow bounds (storage-bound-half, +inf/-inf, random).
Origin: qmin / qmax from `numeric_limits<int8_t>`, the `<-127:127>` dropped.
Class: range.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def clamp(self, n):
        return min(max(n, self.st.type_min), self.st.type_max)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
