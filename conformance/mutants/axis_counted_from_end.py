"""The channel axis is counted from the last dimension: dimension rank - 1 - axis is used.

A backend storing dimensions in reverse (column-major) order takes the type's axis without converting it;
right only when the axis is the middle dimension of an odd rank.
Origin: column-major tensor library (Eigen ColMajor, Fortran-order arrays) fed MLIR's row-major axis.
Class: rank-axis.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def channel_axis(self, shape):
        axis = super().channel_axis(shape)
        return axis if axis >= len(shape) else len(shape) - 1 - axis


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
