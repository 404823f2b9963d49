"""Sub-channel: the scale tensor is read in column-major order.

Right whenever at most one dimension has more than one block.
Origin: a [K/g, N] scale array indexed as [N, K/g] (scale layouts differ between GPTQ / AWQ exports).
Class: sub-channel.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def parameter_indices(self, shape):
        indices = super().parameter_indices(shape)
        q = self.qtype
        if q["granularity"] != "sub-channel":
            return indices
        written = dict((dim, size) for dim, size in q["blockSizes"])
        blocks = [written.get(k, d) for k, d in enumerate(shape)]
        result = []
        for c in vb.coordinates(shape):
            index, stride = 0, 1
            for k, i in enumerate(c):
                index += (i // blocks[k]) * stride
                stride *= q["parameterShape"][k]
            result.append(index)
        return result


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
