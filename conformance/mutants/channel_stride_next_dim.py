"""Per-axis channel stride taken as the next dimension only, not the product of all later dimensions.

channel = (i / shape[axis + 1]) % C: right when the axis is the last or second-to-last dimension, wrong when two
or more dimensions follow it (rank 3 axis 0, rank 4 axis 0 or 1, rank 5).
Origin: hand-written stride for a [C, H*W] layout, applied to tensors whose spatial dimensions are not flattened.
Class: rank-axis.
"""
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
        inner = shape[self.axis + 1] if self.axis + 1 < len(shape) else 1
        channels = len(self.qtype["scales"])
        return [(k // inner) % channels for k in range(len(indices))]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
