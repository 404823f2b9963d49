"""The NaN of an invalid operation (inf - inf, 0 * inf) is negative: x86's "QNaN floating-point indefinite".

The specification's default NaN is positive (0x7E00 in f16); SSE / AVX produce 0xFFC00000, so a dcast whose
difference is inf - inf prints 0xFE00.
Origin: x86 SIMD default NaN (sign bit set), where ARM and RISC-V give a positive one.
Class: nan-sign.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def round_e(self, v):
        if v is vb.DEFAULT_NAN:
            return super().round_e(vb.Val("nan", True))
        return super().round_e(v)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
