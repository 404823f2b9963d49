"""u32 results are converted with a signed saturating float -> int32 conversion: they never exceed 2^31 - 1.

Origin: ARM `vcvtnq_s32_f32` (FCVTNS, signed saturation) used for unsigned 32-bit storage.
Class: saturation.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def clamp(self, n):
        if not self.st.signed and self.st.bits == 32:
            n = min(n, (1 << 31) - 1)
        return super().clamp(n)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
