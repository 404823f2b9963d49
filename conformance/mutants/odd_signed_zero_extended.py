"""dcast reads signed storage of odd width (i3, i7, i12, i24, ...) without sign extension.

Origin: packed values unpacked with a shift and a mask (`(w >> s) & ((1 << n) - 1)`) and never sign-extended.
Class: odd-width.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def stored_value(self, bits):
        if self.st.signed and self.st.bits not in (8, 16, 32):
            return bits
        return super().stored_value(bits)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
