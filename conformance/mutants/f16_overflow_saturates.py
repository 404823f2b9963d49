"""f16 values are clipped to +-65504 before every conversion: overflow gives the largest finite, never inf.

Origin: "safe" f16 casts `np.clip(x, -65504, 65504).astype(np.float16)` (onnxconverter-common's float16
conversion clips so).
Class: overflow.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F16_MAX = vb.FORMATS["f16"].max_finite


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        if self.E.name == "f16" and not v.is_nan() and (v.is_inf() or v.mag > F16_MAX):
            return vb.Val("num", v.neg, F16_MAX)
        return super().round_e(v)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
