"""Vector main loop + scalar tail: the last n % 8 elements are converted by a C cast (toward zero).

The 8-wide main loop rounds half to even (`cvtps2dq`); the remainder loop, written separately, uses
`(int32_t)t`. A tensor of fewer than 8 elements is all tail.
Origin: XNNPACK-style 8-wide SIMD main loop with a hand-written scalar tail that truncates.
Class: size.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


VECTOR = 8  # elements per iteration of the main loop


class Tail(vb.ReferenceBackend):
    def round_to_int(self, t):
        return int(t)  # (int32_t)t: toward zero


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        stored = super().quantize_tensor(xs, shape, indices, scales, zero_points)
        tail = Tail(self.qtype)
        for k in range(len(xs) - len(xs) % VECTOR, len(xs)):
            stored[k] = tail.quantize(xs[k], scales[indices[k]], zero_points[indices[k]])
        return stored


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
