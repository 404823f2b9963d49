"""Block index off by one: the first element of every block but the first uses the previous block's parameters.

Models a sub-channel kernel that computes the block from a 1-based position, `(i - 1) / block_size` with C integer
division (which makes -1 / b zero for the very first element).
Caught by: sub-channel types, at the first element of each block (coordinate = k * block size, k >= 1).
Origin: sub-channel kernel computing the block from a 1-based position, `(i - 1) / b`.
Class: sub-channel.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def block_coordinate(self, i, block_size):
        return max(i - 1, 0) // block_size


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
