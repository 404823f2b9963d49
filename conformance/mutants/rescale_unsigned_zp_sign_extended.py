"""RESCALE zero points of unsigned types sign-extended: u8 200 becomes -56, u16 32768 becomes -32768.

The ERROR_IF checks see the right values; the arithmetic uses the sign-extended ones.
Origin: zero points held in int8_t / int16_t fields for unsigned types too.
Class: rescale, zero-point.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def rescale(self, x, multiplier, shift):
        izp, ozp = self.op["inputZp"], self.op["outputZp"]
        if self.in_unsigned:
            izp = vb.Storage(True, self.in_width, 0, 0).wrap(izp)
        if self.out_unsigned:
            ozp = vb.Storage(True, self.out_width, 0, 0).wrap(ozp)
        result = self.scale(x - izp, multiplier, shift) + ozp
        self.require(-(1 << 31) <= result < (1 << 31), "apply_add_s<int32_t> does not overflow")
        return self.clip(result)


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
