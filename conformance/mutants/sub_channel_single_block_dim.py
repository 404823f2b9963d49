"""Sub-channel: only the last blocked dimension selects a block; blocks along other dimensions use block 0.

Origin: group-wise (GPTQ / AWQ-style) kernels that support groups along one dimension only.
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
        if q["granularity"] != "sub-channel" or not q["blockSizes"]:
            return indices
        written = dict((dim, size) for dim, size in q["blockSizes"])
        last = max(written)
        result = []
        for c in vb.coordinates(shape):
            index = 0
            for k, i in enumerate(c):
                index = index * q["parameterShape"][k] + (i // written[k] if k == last else 0)
            result.append(index)
        return result


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
