"""Zero point wraps: the zero point is held in the signed integer type of the storage width.

Models a per-tensor parameter struct with an `int8_t zero_point` (or `int32_t` for u32) also used for unsigned
storage: zp 255 of u8 becomes -1, 4000000000 of u32 becomes -294967296.
Caught by: unsigned types whose zero point is >= 2^(n-1) (u8 zp 128 or 255, u16 65535, u32 4000000000, u1 zp 1).
Origin: an `int8_t zero_point` field used for u8 too (255 becomes -1).
Class: zero-point, signedness.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def zero_point(self, zp):
        signed = vb.Storage(True, self.st.bits, 0, 0)
        return signed.wrap(zp)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
