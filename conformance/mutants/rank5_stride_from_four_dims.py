"""Rank-5 per-axis values: the channel stride is the product of the dimensions after the axis among the first 4.

The shape is kept in a fixed array of 4 entries, so the 5th dimension is missing from the stride:
channel = (i / inner4) % C. Rank <= 4 is right.
Origin: runtime whose kernels hold shapes in a fixed 4-entry array (rank-4-only kernels reached by rank 5).
Class: rank-axis.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


MAX_DIMS = 4


class Backend(vb.ReferenceBackend):
    def parameter_indices(self, shape):
        indices = super().parameter_indices(shape)
        if self.qtype["granularity"] != "per-axis" or len(shape) <= MAX_DIMS:
            return indices
        inner = math.prod(shape[self.axis + 1:MAX_DIMS])
        channels = len(self.qtype["scales"])
        return [(k // inner) % channels for k in range(len(indices))]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
