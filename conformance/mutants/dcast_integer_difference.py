"""dcast with the zero point subtracted as integers: E(q - zp) instead of E(E(q) - E(zp)).

Models the integer-difference recipes (TFLite, XNNPACK, ORT: `(float)(q - zp) * scale`). The reference converts q and
zp to E separately, which rounds when either is inexact in E (u32 in f16/f32, i16 in f8, u4 values in f8E5M2).
Caught by: dcast with stored values or zero points not exact in E.
Origin: `(float)(q - zp) * scale` (TFLite, XNNPACK, ORT).
Class: int-to-float.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def difference(self, q, zp):
        return self.round_e(vb.Val.of(q - zp))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
