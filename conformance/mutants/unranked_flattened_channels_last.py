"""Unranked per-axis values are computed on a flattened 1-D buffer with the channel taken as flat % C.

Origin: unranked tensors lowered through a rank-erased 1-D buffer whose per-channel path assumes
channels-last.
Class: dynamic.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def channel_index(self, coords, flat, nchannels):
        if "tensor<*x" in self.program:
            return flat % nchannels
        return super().channel_index(coords, flat, nchannels)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
