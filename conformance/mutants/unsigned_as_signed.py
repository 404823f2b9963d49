"""Unsigned storage handled as signed of the same width.

Models a backend with only signed integer kernels: u8 data is read as int8 (dcast of 200 computes with -56) and
quantized into the int8 range (qcast clamps at 127, or at the narrow bounds clipped into that range); the bits are
written unchanged, so the caller reads them back as unsigned.
Caught by: unsigned types with stored values or results >= 2^(n-1) (storage-max, random, zero points >= 2^(n-1)).
Origin: signed-only kernels: u8 data read and clamped as int8.
Class: signedness.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def storage(self, qtype):
        real = super().storage(qtype)
        signed_min, signed_max = -(1 << (real.bits - 1)), (1 << (real.bits - 1)) - 1
        if (real.lo, real.hi) == (real.type_min, real.type_max):
            return vb.Storage(True, real.bits, signed_min, signed_max)  # qmin/qmax of the signed type
        return vb.Storage(True, real.bits, max(real.lo, signed_min), min(real.hi, signed_max))


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
