"""XNNPACK-style fp32 magic-bias conversion: clamp t to the bounds in f32, add 1.5 * 2^23, subtract the bits.

`n = bits(f32(min(max(t, lo), hi) + 0x1.8p23f)) - 0x4B400000`: right while |t| < 2^22, which every bound of a
storage type of 16 bits or fewer keeps; wider storage (i24, i32, u32) gets garbage above 2^22. (f64 tensors
use lrint.)
Origin: XNNPACK's fp32 "magic bias" requantization reused for wide storage types.
Class: magic-number.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32 = vb.FORMATS["f32"]
MAGIC_BITS = 0x4B400000


def f32(v):
    return vb.round_to_format(v, F32)


def less(a, b):
    d = vb.exact_sub(a, b)
    return d.neg and not d.is_zero()


class Backend(vb.ReferenceBackend):
    def to_storage(self, t, zp):
        if self.E.name == "f64":
            return super().to_storage(t, zp)
        if t.is_nan():
            return None
        t, lo, hi = f32(t), f32(vb.Val.of(self.st.lo)), f32(vb.Val.of(self.st.hi))
        t = lo if less(t, lo) else hi if less(hi, t) else t
        biased = f32(vb.exact_add(t, vb.Val.of(3 << 22)))
        return vb.Storage(True, 32, 0, 0).wrap(vb.encode(biased, F32) - MAGIC_BITS)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
