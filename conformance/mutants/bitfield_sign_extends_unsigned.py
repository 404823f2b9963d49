"""dcast reads unsigned storage of odd width (u4, u7, u12, u24, ...) with sign extension from its top bit.

Origin: one bit-field extractor `(int32_t)(w << (32 - n)) >> (32 - n)` used for signed and unsigned fields.
Class: odd-width.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def stored_value(self, bits):
        if not self.st.signed and self.st.bits not in (8, 16, 32):
            return vb.Storage(True, self.st.bits, 0, 0).from_bits(bits)
        return super().stored_value(bits)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
