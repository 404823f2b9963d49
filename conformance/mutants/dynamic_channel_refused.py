"""Every per-axis value whose channel dimension is not static is refused (exit 3), valid or not.

A dynamic (`?`) channel dimension or an unranked tensor is rejected at compile time, so the cases that must
run are refused like the ones that must be rejected.
Origin: converters that require a static quantized dimension (TFLite converter, XLA) and reject instead of
checking at run time.
Class: dynamic.
"""
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
    def verify(self, scales, program):
        super().verify(scales, program)
        dims = input_dims(program)
        if self.qtype["granularity"] != "per-axis" or dims is None:
            return
        if dims == "*" or (self.qtype["axis"] < len(dims) and dims[self.qtype["axis"]] == "?"):
            raise vb.Rejected("the quantized dimension must be static")


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
