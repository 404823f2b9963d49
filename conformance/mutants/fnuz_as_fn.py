"""FNUZ formats handled as their OCP sibling: exponent bias one lower, NaN at all-ones, a -0.

f8E4M3FNUZ is read and written as f8E4M3FN, f8E5M2FNUZ as f8E5M2, f8E4M3B11FNUZ as an FN format of bias 10:
every encoding means twice (or half) its value and 0x80 is -0 instead of NaN.
Origin: FNUZ tensors (AMD MI300 / Graphcore) run through kernels written for OCP f8 (NVIDIA) formats.
Class: fnuz.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


def fn_sibling(fmt):
    if fmt.nonfinite != "fnuz":
        return fmt
    if fmt.exponent_bits == 5:  # IEEE-like: inf and NaN in the top binade
        return vb.FloatFormat(fmt.name + "-as-ocp", 8, fmt.p, fmt.emin + 1, fmt.emax, "ieee")
    return vb.FloatFormat(fmt.name + "-as-ocp", 8, fmt.p, fmt.emin + 1, fmt.emax + 1, "fn")


class Backend(vb.ReferenceBackend):
    def __init__(self, qtype):
        super().__init__(qtype)
        self.E = fn_sibling(self.E)
        self.scale_format = fn_sibling(self.scale_format)


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
