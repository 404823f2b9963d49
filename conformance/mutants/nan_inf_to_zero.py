"""Non-finite values quantized as 0: NaN and +-inf both store clamp(0).

Models a guard `if (!std::isfinite(t)) t = 0;` (ORT's portable fallback maps NaN to 0). Under `reference` NaN is
don't-care, so the NaN half of this bug is invisible by design; the +-inf half is what a conformance run sees.
Caught by: +inf / -inf inputs and overflowing quotients (huge inputs with a tiny scale), which must saturate.
Origin: `if (!isfinite(t)) t = 0` (ORT's portable fallback).
Class: overflow.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


class Backend(vb.ReferenceBackend):
    def non_finite(self, t):
        return 0


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
