"""Round-to-integer by the magic number: `(t + 0x1.8p23f) - 0x1.8p23f` in f32, exact only for t within +-2^22.

Beyond 2^22 the sum's ulp is 2 and odd integers come back rounded to even. (f64 tensors: 0x1.8p52 in f64.)
Origin: SSE2 replacement of `lrintf` in vectorised quantize loops.
Class: magic-number.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32, F64 = vb.FORMATS["f32"], vb.FORMATS["f64"]


class Backend(vb.ReferenceBackend):
    def round_to_int(self, t):
        fmt, magic = (F64, vb.Val.of(3 << 51)) if self.E.name == "f64" else (F32, vb.Val.of(3 << 22))
        biased = vb.round_to_format(vb.exact_add(vb.Val.of(t), magic), fmt)
        return int(vb.round_to_format(vb.exact_sub(biased, magic), fmt).value())


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
