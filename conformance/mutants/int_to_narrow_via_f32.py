"""Integers are converted to a narrow E (bf16, f16, f8) through f32: two roundings.

An integer wider than 24 bits is rounded to f32 first, then to E; a tie in E created by the first rounding
goes the wrong way.
Origin: `static_cast<bfloat16>(static_cast<float>(q))`, `q.float().to(torch.bfloat16)`.
Class: int-to-float.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F32 = vb.FORMATS["f32"]


class Backend(vb.ReferenceBackend):
    def int_to_e(self, n):
        if self.E.p >= F32.p:
            return super().int_to_e(n)
        return self.round_e(vb.round_to_format(vb.Val.of(n), F32))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
