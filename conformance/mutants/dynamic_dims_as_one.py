"""Per-axis strides computed ahead of time from the static type, each `?` dimension taken as 1.

Right when no dynamic dimension follows the channel axis; otherwise the channel stride is too small.
Origin: shape signatures whose unknown (-1) dimensions are replaced by 1 when the kernel's strides are
precomputed (TFLite shape_signature vs shape).
Class: dynamic.
"""
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


def input_dims(program):
    """The dimensions of @main's argument as written ('?' dynamic), "*" when unranked, None for a scalar."""
    m = re.search(r"@main\(%\w+: tensor<(\*x)?((?:(?:\d+|\?)x)*)", program)
    if not m:
        return None
    return "*" if m.group(1) else [d for d in m.group(2).split("x") if d]


class Backend(vb.ReferenceBackend):
    def parameter_indices(self, shape):
        indices = super().parameter_indices(shape)
        dims = input_dims(self.program)
        if self.qtype["granularity"] != "per-axis" or dims in (None, "*") or "?" not in dims:
            return indices
        inner = math.prod(1 if d == "?" else int(d) for d in dims[self.axis + 1:])
        channels = len(self.qtype["scales"])
        return [(k // inner) % channels for k in range(len(indices))]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
