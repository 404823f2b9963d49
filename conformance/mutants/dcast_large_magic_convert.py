"""dcast of 1,024 elements or more converts q to f32 with the magic-number trick, exact only for q within +-2^22.

The vector path builds the f32 whose bits are `0x4B400000 + q` and subtracts 1.5 * 2^23; beyond |q| = 2^22
the addend leaves the significand and the result is garbage. Small tensors use `cvtsi2ss`. (f64 tensors:
the f64 kernel's magic number works for every 32-bit q.)
Origin: SSE2 int32 -> float conversion by magic number in a vectorised dequantize loop.
Class: size, int-to-float.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


THRESHOLD = 1024
MAGIC_BITS = 0x4B400000  # 1.5 * 2^23 as f32
F32 = vb.FORMATS["f32"]


class Vector(vb.ReferenceBackend):
    def difference(self, q, zp):
        if self.E.name == "f64":
            return super().difference(q, zp)
        biased = vb.decode((MAGIC_BITS + q) & 0xFFFFFFFF, F32)
        q_f32 = vb.round_to_format(vb.exact_sub(biased, vb.Val.of(3 << 22)), F32)
        return self.round_e(vb.exact_sub(self.round_e(q_f32), self.int_to_e(zp)))


class Backend(vb.ReferenceBackend):
    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        if len(qs) < THRESHOLD:
            return super().dequantize_tensor(qs, shape, indices, scales, zero_points)
        return Vector(self.qtype).dequantize_tensor(qs, shape, indices, scales, zero_points)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
