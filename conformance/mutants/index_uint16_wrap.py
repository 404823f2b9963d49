"""Per-axis channel computed from a 16-bit element counter: beyond 65,536 elements the channel index wraps.

The channel is `(i / inner) % C` with `i` a `uint16_t`, so element 65,536 is treated as element 0.
Origin: DSP / microcontroller kernel with a 16-bit loop counter (int16 offsets in a tiled kernel).
Class: size, rank-axis.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def parameter_indices(self, shape):
        indices = super().parameter_indices(shape)
        if self.qtype["granularity"] != "per-axis":
            return indices
        inner = math.prod(shape[self.axis + 1:])
        channels = len(self.qtype["scales"])
        return [((k & 0xFFFF) // inner) % channels for k in range(len(indices))]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
