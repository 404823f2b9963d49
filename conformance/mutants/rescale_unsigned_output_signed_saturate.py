"""RESCALE unsigned outputs clipped with the signed type's upper bound: u8 to [0, 127], u16 to [0, 32767].

Origin: narrowing with a signed saturating instruction (`vqmovn_s16`, `packsswb`) and a max with 0 where the
unsigned one (`vqmovun`, `packuswb`) was meant.
Class: rescale, saturation.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def clip(self, result):
        if self.out_unsigned:
            return min(max(result, 0), (1 << (self.out_width - 1)) - 1)
        return super().clip(result)


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
