//===- HostQcastTail.h - What the host qcast paths share --------*- C++ -*-===//
//
// Spec: [fast.host-qcast], [fast.x87-host], [fast.exact-rational]
// (spec/performance.md). The host qcast paths (HostQuantizer for f32 / f64 /
// f16 / bf16 / tf32, X87Quantizer for f80) differ only in the host type of
// their float steps; RationalQuantizer (exact arithmetic) finds the
// integer part and fraction of t with integers and shares the rest. Everything
// around those steps is here, once: the per-parameter constants, computed
// by the exact StepArithmetic exactly as QuantizeKernel computes them, and
// every step after the float ones (NaN policy, round_R to an integer,
// overflow policy, zero-point add, clamp, storage bits), in the order of
// QuantizeKernel::operator() (ReferenceKernels.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_HOSTQCASTTAIL_H
#define QI_FAST_HOSTQCASTTAIL_H

#include "interpreter/quant/ReferenceKernels.h"
#include "interpreter/quant/StepArithmetic.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

namespace qi::fast {

/// The constants of one parameter as step values in the format of t.
struct StepConstants {
  quant::StepValue factor;            // the scale, or its reciprocal
  quant::StepValue zeroPointFloat;    // the zero point when added in float
  quant::StepValue clampLow, clampHigh; // storage bounds minus the zero point
  int64_t zeroPoint = 0;       // minus the unsigned shift
};

class HostQcastTail {
public:
  /// Whether every integer step stays inside int64: storage and intermediate
  /// integers of at most 32 bits and zero points (as the steps use them,
  /// zeroPointFor) within +-2^32 -- MLIR accepts any int64 zero point. The
  /// precondition of every host qcast path. [fast.host-qcast]
  static bool integerStepsFitInt64(const quant::QuantType &type, const quant::Semantics &semantics);

  HostQcastTail(const quant::QuantType &type, const quant::Semantics &semantics);

  const std::vector<StepConstants> &constants() const { return constants_; }
  /// The recipe's float upper bound in the format of t, if it has one.
  const std::optional<quant::StepValue> &upperBound() const { return upperBound_; }
  const quant::QuantizeRecipe &recipe() const { return recipe_; }
  int64_t unsignedShift() const { return unsignedShift_; }
  int64_t intermediateMin() const { return intermediateMin_; }
  int64_t intermediateMax() const { return intermediateMax_; }
  bool clamps() const { return clamp_; }

  /// The steps after t's float steps, for t of host type float, double or
  /// long double. `exactWrap()` gives the stored pattern (or -1) for a finite
  /// |t| >= 2^62 under the wrap policy, the one case that needs the exact
  /// integer. Returns the stored bit pattern, or -1 for poison.
  template <typename T, typename ExactWrap>
  int64_t store(T t, int64_t zeroPoint, ExactWrap exactWrap) const {
    if (t != t)
      return nanResult(zeroPoint);
    // Infinities and |t| >= 2^62 (integers far outside every intermediate
    // type): [sem.overflow-policy].
    if (!(std::fabs(t) < T(4611686018427387904.0))) // 2^62
      return storeBeyond(t < 0, std::isinf(t), zeroPoint, exactWrap);
    // round_R: the integer part toward zero and the fraction d - n, both
    // exact for |d| < 2^62 (the fraction's bits are a subset of d's); f32
    // and f64 in binary64, f80 in x87 long double.
    using R = std::conditional_t<std::is_same_v<T, long double>, long double, double>;
    const R d = static_cast<R>(t);
    const int64_t n = static_cast<int64_t>(d);
    const R away = std::fabs(d - static_cast<R>(n)); // |fraction| < 1
    const int half = away < R(0.5) ? -1 : away == R(0.5) ? 0 : 1;
    return rounded(n, half, away != 0, d < 0, zeroPoint);
  }

  /// [sem.overflow-policy] for a t that is infinite or whose rounded
  /// integer lies far outside the intermediate type, with the sign of t:
  /// saturate, poison and indefinite directly; wrap of an infinity is
  /// poison, wrap of a finite t asks `exactWrap()` (the reference kernel).
  template <typename ExactWrap>
  int64_t storeBeyond(bool negative, bool infinite, int64_t zeroPoint,
                      ExactWrap exactWrap) const {
    if (overflow_ == quant::OverflowPolicy::Wrap)
      return infinite ? -1 : exactWrap(); // no integer to wrap
    return beyondIntermediate(negative, zeroPoint);
  }

  /// round_R of t = n + f with n = trunc(t) (|n| < 2^62) and the fraction f
  /// given by `half` (|f| against 1/2: -1, 0, +1), `inexact` (f != 0) and
  /// `negative` (t < 0), then the overflow policy on the integer and
  /// finish. For paths that find n and f without host floats
  /// ([fast.exact-rational]).
  int64_t storeRounded(int64_t n, int half, bool inexact, bool negative,
                       int64_t zeroPoint) const {
    return rounded(n, half, inexact, negative, zeroPoint);
  }

  /// [sem.nan-policy], as QuantizeKernel::storeNaN.
  int64_t nanResult(int64_t zeroPoint) const;
  /// The zero-point add, unsigned shift, clamp and storage bits of an
  /// intermediate integer. [recipe.quantize] steps 7-8
  int64_t finish(int64_t value, int64_t zeroPoint) const;

private:
  /// An infinite or huge t under saturate, poison or indefinite.
  int64_t beyondIntermediate(bool negative, int64_t zeroPoint) const;
  /// round_R of n + fraction (fraction compared with 1/2 in `half`), then
  /// the overflow policy on the integer and finish.
  int64_t rounded(int64_t n, int half, bool inexact, bool negative, int64_t zeroPoint) const;

  const quant::QuantType &type_;
  quant::QuantizeRecipe recipe_;
  numeric::RoundingMode rounding_;
  quant::NanPolicy nan_;
  quant::OverflowPolicy overflow_;
  bool clamp_ = true;
  int64_t intermediateMin_ = 0, intermediateMax_ = 0;
  unsigned intermediateWidth_ = 32;
  int64_t unsignedShift_ = 0;
  uint64_t storageMask_ = 0;
  std::vector<StepConstants> constants_;
  std::optional<quant::StepValue> upperBound_;
};

} // namespace qi::fast

#endif
