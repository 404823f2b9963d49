"""Rank-4 per-axis values are taken as NCHW: the channel is dimension 1 whatever the type's axis.

Right for NCHW activations; wrong for OIHW weights (axis 0) and NHWC / HWIO (axis 3), which are then indexed
(or, when dimension 1 has another size, refused) by dimension 1.
Origin: per-channel code written for NCHW activations reused for rank-4 convolution weights.
Class: rank-axis.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def channel_axis(self, shape):
        return 1 if len(shape) == 4 else super().channel_axis(shape)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
