"""Wrong channel axis: the per-axis parameter is taken as flat index modulo the number of channels.

Models a kernel that assumes channels-last (NHWC) layout, whatever the type's channel axis: right for the last axis,
wrong for every other one.
Caught by: per-axis types whose channel axis is not the last dimension (axis 0 and 1 of a rank-3 value).
Origin: channels-last (NHWC) assumption: the channel is `flat % channels`.
Class: rank-axis.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def channel_index(self, coords, flat, nchannels):
        return flat % nchannels


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
