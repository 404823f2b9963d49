"""f8 overflow saturates to the largest finite value instead of giving inf / NaN.

Models the saturating fp8 conversions of GPU libraries (`__nv_cvt_float_to_fp8(..., __NV_SATFINITE, ...)`) used for
every rounding into an 8-bit float: 512 into f8E4M3FN becomes 448 (0x7E) instead of NaN (0x7F).
Caught by: dcast into an f8 format whose result (or converted scale, zero point or stored value) overflows.
Origin: saturating fp8 conversion (`__nv_cvt_float_to_fp8(..., __NV_SATFINITE, ...)`).
Class: overflow.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        r = super().round_e(v)
        overflowed = (r.is_inf() or r.is_nan()) and not (v.is_inf() or v.is_nan())
        if self.E.bits == 8 and overflowed:
            return vb.Val("num", v.neg, self.E.max_finite)
        return r


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
