"""Every NaN result is the positive canonical NaN: the sign of an FN overflow's NaN (0xFF) is lost (0x7F).

Origin: conversions that return `std::numeric_limits<T>::quiet_NaN()` for any NaN (NaN canonicalisation).
Class: nan-sign.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        r = super().round_e(v)
        return vb.Val("nan") if r.is_nan() else r


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
