"""u32 results are converted with the signed float -> int32 instruction: beyond 2^31 - 1 it returns 0x80000000.

`_mm_cvtps_epi32` gives the "integer indefinite" for out-of-range values, read back as u32 2147483648.
Origin: x86 SSE/AVX2 kernels (no unsigned convert before AVX-512) reused for u32 storage.
Class: saturation.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def to_storage(self, t, zp):
        if self.st.signed or self.st.bits != 32 or t.is_nan():
            return super().to_storage(t, zp)
        n = (1 << 31) if t.is_inf() else self.round_to_int(t.value())
        if not -(1 << 31) <= n < 1 << 31:
            n = 1 << 31  # INT32_MIN read as uint32
        return self.clamp(n)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
