"""Storage widths other than 8 / 16 / 32 are computed in their C container and clamped to its range.

i12 is clamped to int16's range (u7 to uint8's, i24 to int32's), then only the low n bits are stored, so a
saturating value wraps. Explicit narrow bounds are honoured; loads sign-extend correctly.
Origin: kernels templated on the C type (int16_t for i12), the storage width used only for packing.
Class: odd-width.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


def container_bits(bits):
    return 8 if bits <= 8 else 16 if bits <= 16 else 32


class Backend(vb.ReferenceBackend):
    def storage(self, qtype):
        self.real = real = super().storage(qtype)
        bits = container_bits(real.bits)
        if bits == real.bits or (real.lo, real.hi) != (real.type_min, real.type_max):
            return real
        container = vb.Storage(real.signed, bits, 0, 0)
        return vb.Storage(real.signed, bits, container.type_min, container.type_max)

    def stored_value(self, bits):
        return self.real.from_bits(bits)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
