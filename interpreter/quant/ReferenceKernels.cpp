//===- ReferenceKernels.cpp - The qcast and dcast element kernels ---------===//
//
// Spec: [qcast.steps], [dcast.steps], [qcast.exact], [dcast.exact],
// [recipe.quantize], [recipe.dequantize], [sem.nan-policy],
// [sem.overflow-policy]. With the default recipe this is the dialect's
// pseudo-code step for step:
//   zeroPointFloat = convertIntToFloat(zeroPoint, expressedType)
//   scaledValue = expressedValue / scale
//   storedValueFloat = scaledValue + zeroPointFloat
//   storedValue = convertFloatToInt(storedValueFloat, storageType)
//   storedValueClamped = clamp(storedValue, storageMin, storageMax)
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/ReferenceKernels.h"

#include "interpreter/numeric/FloatCodec.h"

#include <algorithm>

namespace qi::quant {

using namespace numeric;

namespace {

/// The scale exactly as the type stores it, rounded into `p`. [qtype.scale]
StepValue scaleIn(const StepArithmetic &arith, const ScaleValue &scale, Precision p) {
  return arith.convert(arith.fromBits(*scale.format, scale.bits), p);
}

bool isAbove(const StepValue &a, const StepValue &b) {
  return exactCompare(a.value, b.value) > 0;
}

} // namespace

//===----------------------------------------------------------------------===//
// qcast
//===----------------------------------------------------------------------===//

QuantizeKernel::QuantizeKernel(const QuantType &type, const Semantics &semantics)
    : type_(type), semantics_(semantics),
      arith_(semantics.arithRounding, *type.expressed) {
  // [recipe.narrow-expressed] The recipe of this expressed type, for good.
  semantics_.quantize = quantizeRecipeFor(type, semantics);
  const QuantizeRecipe &r = semantics_.quantize;
  const bool viaSigned = r.unsignedViaSigned && !type.storage.isSigned;
  if (viaSigned)
    unsignedShift_ = int64_t(1) << (type.storage.width - 1);
  // [recipe.quantize] the integer type the rounded value lands in.
  if (r.intermediateBits)
    intermediate_ = IntFormat{r.intermediateBits, true};
  else
    intermediate_ = viaSigned ? IntFormat{type.storage.width, true} : type.storage;
  if (r.floatUpperBound != 0)
    upperBound_ = arith_.fromExact(Exact::fromRatio(BigInt(r.floatUpperBound), 1), r.scaled);

  for (size_t i = 0; i < type.scales.size(); ++i) {
    Parameter p;
    p.zeroPoint = BigInt(zeroPointFor(type, semantics, i)) - unsignedShift_;
    p.scale = scaleIn(arith_, type.scales[i], r.scale);
    if (r.multiplyByReciprocal) {
      StepValue one = arith_.fromExact(Exact::fromInteger(1), r.reciprocalComputed);
      p.reciprocal = arith_.convert(arith_.div(one, p.scale, r.reciprocalComputed),
                                    r.reciprocalStored);
    }
    // [recipe.flush] The scale and reciprocal are computed before the
    // kernel runs (outside DAZ) and flushed as its operands.
    if (r.flushSubnormals) {
      p.scale = arith_.flushSubnormal(p.scale);
      p.reciprocal = arith_.flushSubnormal(p.reciprocal);
    }
    p.zeroPointFloat = arith_.fromExact(Exact::fromInteger(p.zeroPoint), r.scaled);
    p.clampLow = arith_.fromExact(
        Exact::fromInteger(BigInt(type.storageMin) - unsignedShift_ - p.zeroPoint), r.scaled);
    p.clampHigh = arith_.fromExact(
        Exact::fromInteger(BigInt(type.storageMax) - unsignedShift_ - p.zeroPoint), r.scaled);
    parameters_.push_back(std::move(p));
  }
}

StoredOutcome QuantizeKernel::operator()(Bits x, int64_t parameter) const {
  const QuantizeRecipe &r = semantics_.quantize;
  const Parameter &p = parameters_[size_t(parameter)];
  // scaledValue = expressedValue / scale (or * reciprocal), in the recipe's
  // format (the input is converted there first).
  // [recipe.flush] x86 DAZ / FTZ: subnormal operands and results are zero.
  const auto flush = [&](const StepValue &v) {
    return r.flushSubnormals ? arith_.flushSubnormal(v) : v;
  };
  StepValue t = flush(arith_.fromBits(*type_.expressed, x));
  t = flush(r.multiplyByReciprocal ? arith_.mul(t, p.reciprocal, r.scaled)
                                   : arith_.div(t, p.scale, r.scaled));
  // storedValueFloat = scaledValue + zeroPointFloat (PyTorch: after rounding
  // t in float; the result is then an integer in the format of t).
  if (r.zeroPointInFloat) {
    if (r.roundBeforeZeroPoint)
      t = arith_.roundToIntegral(t, semantics_.rounding);
    t = flush(arith_.add(t, p.zeroPointFloat, r.scaled));
  }
  // Float clamps before rounding; x86 min/max put NaN on the bound.
  if (r.floatUpperBound != 0 && (t.isNaN() || isAbove(t, upperBound_)))
    t = upperBound_;
  if (r.clampHighInFloat && (t.isNaN() || isAbove(t, p.clampHigh)))
    t = p.clampHigh;
  if (r.clampInFloat) {
    if (t.isNaN() || isAbove(p.clampLow, t))
      t = p.clampLow;
    else if (isAbove(t, p.clampHigh))
      t = p.clampHigh;
  }
  if (t.isNaN())
    return storeNaN(p);
  // storedValue = convertFloatToInt(storedValueFloat, intermediate type)
  Rounded rounded = toInteger(t);
  if (rounded.poison)
    return {0, true};
  return finish(rounded.value, p);
}

QuantizeKernel::Rounded QuantizeKernel::toInteger(const StepValue &t) const {
  if (t.isInfinity())
    return outOfRange(0, true, t.value.negative);
  BigInt value = roundToInteger(t.value, semantics_.rounding).value;
  if (!intermediate_.contains(value))
    return outOfRange(value, false, value < 0);
  return {value, false};
}

QuantizeKernel::Rounded QuantizeKernel::outOfRange(const BigInt &value, bool isInfinity,
                                                   bool negative) const {
  switch (semantics_.overflow) { // [sem.overflow-policy]
  case OverflowPolicy::Saturate:
    return {negative ? intermediate_.min() : intermediate_.max(), false};
  case OverflowPolicy::Poison:
    return {0, true};
  case OverflowPolicy::Wrap: // no finite integer to wrap for infinities
    return isInfinity ? Rounded{0, true} : Rounded{intermediate_.wrap(value), false};
  case OverflowPolicy::Indefinite:
    return {intermediate_.min(), false};
  }
  return {0, true};
}

StoredOutcome QuantizeKernel::finish(BigInt value, const Parameter &p) const {
  const QuantizeRecipe &r = semantics_.quantize;
  if (!r.zeroPointInFloat) {
    value += p.zeroPoint;
    if (r.integerAddWraps)
      value = intermediate_.wrap(value);
  }
  value += unsignedShift_;
  // storedValueClamped = clamp(storedValue, storageMin, storageMax)
  if (!r.clampOnlyNarrowBounds || type_.hasNarrowBounds())
    value = std::min(std::max(value, BigInt(type_.storageMin)), BigInt(type_.storageMax));
  // Without a clamp the value is already in the storage type; keep only its
  // bits otherwise, as a store would.
  return {static_cast<int64_t>(type_.storage.wrap(value)), false};
}

StoredOutcome QuantizeKernel::storeNaN(const Parameter &p) const {
  const BigInt addedByFinish = semantics_.quantize.zeroPointInFloat ? BigInt(0) : p.zeroPoint;
  switch (semantics_.nan) { // [sem.nan-policy]
  case NanPolicy::Poison:
    return {0, true};
  case NanPolicy::Qmin:
    return {type_.storageMin, false};
  case NanPolicy::Qmax:
    return {type_.storageMax, false};
  // finish() adds the zero point of integer recipes; take it off first.
  case NanPolicy::ZeroPoint:
    return finish(p.zeroPoint - addedByFinish, p);
  case NanPolicy::Zero:
    return finish(BigInt(-unsignedShift_) - addedByFinish, p);
  case NanPolicy::Indefinite:
    return finish(intermediate_.min(), p);
  }
  return {0, true};
}

//===----------------------------------------------------------------------===//
// dcast
//===----------------------------------------------------------------------===//

DequantizeKernel::DequantizeKernel(const QuantType &type, const Semantics &semantics)
    : type_(type),
      recipe_(type.granularity == QuantType::Granularity::PerLayer
                  ? semantics.dequantizePerLayer
                  : semantics.dequantizePerChannel),
      arith_(semantics.arithRounding, *type.expressed) {
  for (size_t i = 0; i < type.scales.size(); ++i) {
    Parameter p;
    p.zeroPoint = zeroPointFor(type, semantics, i);
    p.scale = scaleIn(arith_, type.scales[i], recipe_.scale);
    if (recipe_.flushSubnormals) // [recipe.flush] DAZ on the scale operand
      p.scale = arith_.flushSubnormal(p.scale);
    p.zeroPointFloat = arith_.fromExact(Exact::fromInteger(p.zeroPoint), recipe_.difference);
    if (recipe_.fusedMultiplyAdd) {
      StepValue negatedZeroPoint =
          arith_.fromExact(Exact::fromInteger(-BigInt(p.zeroPoint)), recipe_.product);
      p.negatedZeroPointTimesScale = arith_.mul(negatedZeroPoint, p.scale, recipe_.product);
    }
    parameters_.push_back(std::move(p));
  }
}

BigInt DequantizeKernel::integerDifference(int64_t stored, const Parameter &p) const {
  BigInt difference = BigInt(stored) - p.zeroPoint;
  // [recipe.dequantize] C++ int32 arithmetic wraps (PyTorch, ONNX Runtime).
  if (recipe_.differenceBits)
    difference = IntFormat{recipe_.differenceBits, true}.wrap(difference);
  return difference;
}

ExpressedOutcome DequantizeKernel::operator()(int64_t stored, int64_t parameter) const {
  const Parameter &p = parameters_[size_t(parameter)];
  StepValue y;
  if (recipe_.fusedMultiplyAdd) {
    StepValue q = arith_.fromExact(Exact::fromInteger(stored), recipe_.product);
    y = arith_.fma(q, p.scale, p.negatedZeroPointTimesScale, recipe_.product);
  } else {
    // storedValueFloat = convertIntToFloat(storedValue, expressedType)
    // expressedValue = (storedValueFloat - zeroPointFloat) * scale
    StepValue difference =
        recipe_.integerDifference
            ? arith_.fromExact(Exact::fromInteger(integerDifference(stored, p)),
                               recipe_.difference)
            : arith_.sub(arith_.fromExact(Exact::fromInteger(stored), recipe_.difference),
                         p.zeroPointFloat, recipe_.difference);
    y = arith_.mul(difference, p.scale, recipe_.product);
  }
  if (recipe_.flushSubnormals) // [recipe.flush] FTZ on the product
    y = arith_.flushSubnormal(y);
  StepValue out = arith_.toExpressed(y);
  // A format without NaN cannot show an invalid result: poison.
  return {out.bits, !type_.expressed->hasNaN() && (y.isNaN() || out.isNaN())};
}

} // namespace qi::quant
