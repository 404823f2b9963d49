"""RESCALE per-channel parameters indexed by the first dimension instead of the last (NC = shape[rank - 1]).

The arrays are read modulo their length, as a kernel indexing by the outermost dimension would wrap.
Origin: per-channel requantization written for OIHW weights (output channel outermost), applied to TOSA's
channel-last layout.
Class: rescale, rank-axis.
"""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.RescaleBackend):
    def channel(self, flat, shape, channels):
        return (flat // math.prod(shape[1:])) % channels


if __name__ == "__main__":
    sys.exit(vb.main(rescale_class=Backend))
