"""u32 values (and zero points) of 2^31 or more are converted to float as int32 (negative).

Origin: x86 before AVX-512 has no unsigned int -> float instruction; `_mm_cvtepi32_ps` applied to uint32 data.
Class: int-to-float.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def int_to_e(self, n):
        if not self.st.signed and self.st.bits == 32 and n >= 1 << 31:
            n -= 1 << 32
        return super().int_to_e(n)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
