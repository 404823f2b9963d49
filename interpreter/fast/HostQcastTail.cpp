//===- HostQcastTail.cpp - What the host qcast paths share ----------------===//
//
// Spec: [fast.host-qcast], [fast.x87-host] (spec/performance.md). The
// integer steps of QuantizeKernel::operator() (ReferenceKernels.cpp) on int64, and its
// constants by the same exact StepArithmetic steps.
//
//===----------------------------------------------------------------------===//
#include "interpreter/fast/HostQcastTail.h"

#include <algorithm>

namespace qi::fast {

using namespace quant;

using namespace numeric;

namespace {

/// `value` modulo 2^width into a signed or unsigned range ([int.wrap]);
/// width <= 32 here, value within +-2^63.
int64_t wrapTo(int64_t value, unsigned width, bool isSigned) {
  const uint64_t mask = (uint64_t(1) << width) - 1;
  uint64_t low = static_cast<uint64_t>(value) & mask;
  if (isSigned && (low >> (width - 1)))
    return static_cast<int64_t>(low) - static_cast<int64_t>(mask) - 1;
  return static_cast<int64_t>(low);
}

} // namespace

bool HostQcastTail::integerStepsFitInt64(const QuantType &type, const Semantics &semantics) {
  return type.storage.width <= 32 && quantizeRecipeFor(type, semantics).intermediateBits <= 32 &&
         zeroPointsWithin(type, semantics, int64_t(1) << 32);
}

HostQcastTail::HostQcastTail(const QuantType &type, const Semantics &semantics)
    : type_(type), recipe_(quantizeRecipeFor(type, semantics)), rounding_(semantics.rounding),
      nan_(semantics.nan), overflow_(semantics.overflow) {
  const QuantizeRecipe &r = recipe_;
  const bool viaSigned = r.unsignedViaSigned && !type.storage.isSigned;
  if (viaSigned)
    unsignedShift_ = int64_t(1) << (type.storage.width - 1);
  const IntFormat intermediate = r.intermediateBits ? IntFormat{r.intermediateBits, true}
                                 : viaSigned        ? IntFormat{type.storage.width, true}
                                                    : type.storage;
  intermediateWidth_ = intermediate.width;
  intermediateMin_ = static_cast<int64_t>(intermediate.min());
  intermediateMax_ = static_cast<int64_t>(intermediate.max());
  clamp_ = !r.clampOnlyNarrowBounds || type.hasNarrowBounds();
  storageMask_ = (uint64_t(1) << type.storage.width) - 1;

  // The same constants as QuantizeKernel's, by the same exact steps, in the
  // format of t (as StepArithmetic::binary converts them).
  const StepArithmetic arith(semantics.arithRounding, *type.expressed);
  if (r.floatUpperBound != 0)
    upperBound_ = arith.fromExact(Exact::fromRatio(BigInt(r.floatUpperBound), 1), r.scaled);
  for (size_t i = 0; i < type.scales.size(); ++i) {
    StepConstants c;
    c.zeroPoint = zeroPointFor(type, semantics, i) - unsignedShift_;
    const StepValue scale = arith.convert(
        arith.fromBits(*type.scales[i].format, type.scales[i].bits), r.scale);
    if (r.multiplyByReciprocal) {
      const StepValue one = arith.fromExact(Exact::fromInteger(1), r.reciprocalComputed);
      const StepValue reciprocal =
          arith.convert(arith.div(one, scale, r.reciprocalComputed), r.reciprocalStored);
      c.factor = arith.convert(reciprocal, r.scaled);
    } else {
      c.factor = arith.convert(scale, r.scaled);
    }
    c.zeroPointFloat = arith.fromExact(Exact::fromInteger(c.zeroPoint), r.scaled);
    c.clampLow = arith.fromExact(
        Exact::fromInteger(BigInt(type.storageMin) - unsignedShift_ - c.zeroPoint), r.scaled);
    c.clampHigh = arith.fromExact(
        Exact::fromInteger(BigInt(type.storageMax) - unsignedShift_ - c.zeroPoint), r.scaled);
    constants_.push_back(c);
  }
}

int64_t HostQcastTail::finish(int64_t value, int64_t zeroPoint) const {
  if (!recipe_.zeroPointInFloat) {
    value += zeroPoint;
    if (recipe_.integerAddWraps) // in the intermediate type, as the kernel
      value = wrapTo(value, intermediateWidth_, intermediateMin_ < 0);
  }
  value += unsignedShift_;
  if (clamp_)
    value = std::min(std::max(value, type_.storageMin), type_.storageMax);
  return static_cast<int64_t>(static_cast<uint64_t>(value) & storageMask_);
}

int64_t HostQcastTail::nanResult(int64_t zeroPoint) const {
  const int64_t addedBack = recipe_.zeroPointInFloat ? 0 : zeroPoint;
  switch (nan_) {
  case NanPolicy::Poison:
    return -1;
  case NanPolicy::Qmin:
    return static_cast<int64_t>(static_cast<uint64_t>(type_.storageMin) & storageMask_);
  case NanPolicy::Qmax:
    return static_cast<int64_t>(static_cast<uint64_t>(type_.storageMax) & storageMask_);
  case NanPolicy::ZeroPoint:
    return finish(zeroPoint - addedBack, zeroPoint);
  case NanPolicy::Zero:
    return finish(-unsignedShift_ - addedBack, zeroPoint);
  case NanPolicy::Indefinite:
    return finish(intermediateMin_, zeroPoint);
  }
  return -1;
}

int64_t HostQcastTail::beyondIntermediate(bool negative, int64_t zeroPoint) const {
  switch (overflow_) {
  case OverflowPolicy::Saturate:
    return finish(negative ? intermediateMin_ : intermediateMax_, zeroPoint);
  case OverflowPolicy::Indefinite:
    return finish(intermediateMin_, zeroPoint);
  case OverflowPolicy::Poison:
  case OverflowPolicy::Wrap: // not reached: store() asks the reference kernel
    return -1;
  }
  return -1;
}

int64_t HostQcastTail::rounded(int64_t n, int half, bool inexact, bool negative,
                               int64_t zeroPoint) const {
  bool move = false; // to the neighbour away from zero
  switch (rounding_) {
  case RoundingMode::NearestEven:
    move = half > 0 || (half == 0 && (n & 1));
    break;
  case RoundingMode::NearestAway:
    move = half >= 0;
    break;
  case RoundingMode::NearestUp:
    move = negative ? half > 0 : half >= 0;
    break;
  case RoundingMode::TowardZero:
    break;
  case RoundingMode::TowardPositive:
    move = inexact && !negative;
    break;
  case RoundingMode::TowardNegative:
    move = inexact && negative;
    break;
  case RoundingMode::Odd:
    move = inexact && !(n & 1);
    break;
  }
  if (move)
    n += negative ? -1 : 1;
  // [sem.overflow-policy] on the exact integer.
  if (n < intermediateMin_ || n > intermediateMax_) {
    switch (overflow_) {
    case OverflowPolicy::Saturate:
      n = n < 0 ? intermediateMin_ : intermediateMax_;
      break;
    case OverflowPolicy::Poison:
      return -1;
    case OverflowPolicy::Wrap:
      n = wrapTo(n, intermediateWidth_, intermediateMin_ < 0);
      break;
    case OverflowPolicy::Indefinite:
      n = intermediateMin_;
      break;
    }
  }
  return finish(n, zeroPoint);
}

} // namespace qi::fast
