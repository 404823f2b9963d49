//===- Recipe.h - How a backend orders and rounds qcast / dcast -*- C++ -*-===//
//
// Spec: [recipe.quantize], [recipe.dequantize], spec/profiles.md. A recipe is
// data: the type of each intermediate, how the scale is applied, where the
// zero point enters and where clamping happens. The rounding mode and the
// NaN / overflow policies are knobs of Semantics.h. The kernels
// (ReferenceKernels.cpp) execute any recipe.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_RECIPE_H
#define QI_QUANT_RECIPE_H

#include <string>

namespace qi::quant {

/// The format an intermediate is rounded to: the op's expressed type, or a
/// fixed host type. (`--arith-rounding=exact` makes every step exact.)
enum class Precision { Expressed, F32, F64 };

/// [recipe.quantize]
struct QuantizeRecipe {
  /// The stored scale (f64, or the expressed type for sub-channel) is first
  /// rounded to this format.
  Precision scale = Precision::Expressed;
  /// t = x / scale, or t = x * reciprocal with reciprocal = 1 / scale
  /// computed in `reciprocalComputed` then rounded to `reciprocalStored`.
  bool multiplyByReciprocal = false;
  Precision reciprocalComputed = Precision::F32;
  Precision reciprocalStored = Precision::F32;
  /// The format of t (the input is converted to it first).
  Precision scaled = Precision::Expressed;
  /// Zero point added in float before rounding (in the format of t), or as
  /// an integer after rounding.
  bool zeroPointInFloat = true;
  /// With `zeroPointInFloat`: t is rounded to an integer in its own format
  /// first and the zero point added after (PyTorch's generic ATen path:
  /// `zero_point + Round(value * inv_scale)` is an int64 plus a float, so
  /// the zero point is converted to float and added after the rounding).
  bool roundBeforeZeroPoint = false;
  /// TFLite->TOSA: unsigned storage quantizes with zp - 2^(n-1) into the
  /// signed type of the same width, then adds 2^(n-1) back as an integer.
  bool unsignedViaSigned = false;
  /// Float clamp before rounding: t clamped to [lo - zp, hi - zp] (computed
  /// in the format of t); NaN becomes the lower bound (x86 maxps order).
  bool clampInFloat = false;
  /// Float upper bound before rounding (FBGEMM: 2147483520, the largest
  /// float below 2^31); NaN becomes the bound. 0 = none.
  double floatUpperBound = 0;
  /// Float upper clamp only: t = min(t, hi - zp) in the format of t, NaN
  /// becomes the bound (x86 minps with t first: XNNPACK's SIMD kernels).
  bool clampHighInFloat = false;
  /// The float steps flush subnormal operands and results to zero (x86 DAZ
  /// and FTZ, which pthreadpool sets around XNNPACK's kernels). Rounded
  /// arithmetic only: `--arith-rounding=exact` has no formats to flush in.
  bool flushSubnormals = false;
  /// The integer type the rounded value lands in: 0 = the storage type (as
  /// MLIR's fptosi / fptoui), else a signed type of that width (32 for C++
  /// int32 casts).
  unsigned intermediateBits = 0;
  /// Integer zero-point addition wraps in the intermediate type.
  bool integerAddWraps = false;
  /// Clamp to [storageMin, storageMax] after rounding: always, or only when
  /// the bounds are narrower than the storage type (MLIR lowering).
  bool clampOnlyNarrowBounds = false;
};

/// [recipe.dequantize]
struct DequantizeRecipe {
  /// q - zp exactly as integers, or each converted to `difference` first and
  /// subtracted there.
  bool integerDifference = false;
  /// With `integerDifference`: q - zp computed in a signed integer of this
  /// width, wrapping (C++ `int32_t` arithmetic in PyTorch's and ONNX
  /// Runtime's int32 dequantize); 0 = exactly.
  unsigned differenceBits = 0;
  Precision difference = Precision::Expressed;
  /// The scale rounded to this format before the multiplication.
  Precision scale = Precision::Expressed;
  /// The product rounded to this format, then to the expressed type.
  Precision product = Precision::Expressed;
  /// y = fma(f(q), scale, f(-zp * scale)) in `product` instead (NEON TFLite).
  bool fusedMultiplyAdd = false;
  /// Subnormal operands and results of the float steps flushed to zero (x86
  /// DAZ / FTZ), as in QuantizeRecipe.
  bool flushSubnormals = false;
};

} // namespace qi::quant

#endif
