"""Threaded per-axis kernel: each thread computes the channel from its offset inside its own chunk.

From 4,096 elements the work is split into 4 contiguous chunks; the body computes the channel as
`((i - begin) / inner) % C` instead of `(i / inner) % C`, right in the first chunk only (and wherever a chunk
starts on a multiple of inner * C).
Origin: `parallel_for(begin, end)` body that indexes the per-channel parameters with the chunk-local offset.
Class: size, rank-axis.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


THRESHOLD = 4096
THREADS = 4


class Backend(vb.ReferenceBackend):
    def parameter_indices(self, shape):
        indices = super().parameter_indices(shape)  # the integrity checks
        if self.qtype["granularity"] != "per-axis" or len(indices) < THRESHOLD:
            return indices
        inner = math.prod(shape[self.axis + 1:])
        channels = len(self.qtype["scales"])
        chunk = -(-len(indices) // THREADS)
        return [((k % chunk) // inner) % channels for k in range(len(indices))]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
