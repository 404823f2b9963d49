"""Rank-0 values (scalars, 0-d tensors) are constant-folded in f64: x / s + zp and (q - zp) * s in double.

The folder uses the f64 scale attribute and double arithmetic, and rounds only the final result to E (dcast)
or to an integer (qcast); tensors of rank >= 1 run the kernel.
Origin: compiler constant folder evaluating scalar quantize / dequantize with APFloat double.
Class: scalar.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the example in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import vendor_backend as vb  # noqa: E402


F64 = vb.FORMATS["f64"]


def f64(v):
    return vb.round_to_format(v, F64)


class Backend(vb.ReferenceBackend):
    def quantize_tensor(self, xs, shape, indices, scales, zero_points):
        if shape:
            return super().quantize_tensor(xs, shape, indices, scales, zero_points)
        result = []
        for x, p in zip(xs, indices):
            zp = zero_points[p]
            t = f64(vb.exact_add(f64(vb.exact_div(x, scales[p])), vb.Val.of(zp)))
            result.append(self.to_storage(t, zp))
        return result

    def dequantize_tensor(self, qs, shape, indices, scales, zero_points):
        if shape:
            return super().dequantize_tensor(qs, shape, indices, scales, zero_points)
        return [self.round_e(f64(vb.exact_mul(vb.Val.of(q - zero_points[p]), scales[p])))
                for q, p in zip(qs, indices)]


if __name__ == "__main__":
    sys.exit(vb.main(Backend))
