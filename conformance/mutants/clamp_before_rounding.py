"""Clamp before rounding, in float, against the bounds converted to E; the rounded value is then stored as is.

Models vectorised kernels that clamp with `maxps/minps` against float constants E(storageMin), E(storageMax) and then
convert with a wrapping cast. When a bound is not exact in E (i32 max 2147483647 is 2^31 in f32, i16 max 32767 is
32768 in f16) the clamped value rounds to bound + 1 and wraps to the other end of the range.
Caught by: values beyond the top bound when that bound is inexact in E (i32 with f32, i16 with f16, u32 with f32).
Origin: `maxps` / `minps` against E(storageMin), E(storageMax), then a wrapping convert.
Class: range.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def to_storage(self, t, zp):
        if t.is_nan():
            return None
        lo, hi = self.int_to_e(self.st.lo), self.int_to_e(self.st.hi)
        if vb.exact_sub(t, lo).neg:  # t < lo: maxps(t, lo)
            t = lo
        elif vb.exact_sub(hi, t).neg:  # t > hi: minps(t, hi)
            t = hi
        if t.is_inf():  # a bound that overflowed E does not stop an infinity
            return self.non_finite(t)
        return self.st.wrap(self.round_to_int(t.value()))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
