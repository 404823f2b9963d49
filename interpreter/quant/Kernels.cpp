//===- Kernels.cpp - The qcast and dcast element kernels ------------------===//
//
// Spec: [qcast.steps], [dcast.steps], [qcast.exact], [dcast.exact],
// [sem.nan-policy], [sem.overflow-policy].
//
//===----------------------------------------------------------------------===//
#include "quant/Kernels.h"

#include "numeric/FloatCodec.h"
#include "numeric/FloatOps.h"

namespace qi::quant {

using namespace numeric;

namespace {

/// Whether a step produced "not a number": a NaN, or an invalid operation in
/// a format that has no NaN to show it. [format.nonfinite]
bool isNotANumber(const FloatFormat &format, const FloatResult &r) {
  return isNaN(format, r.bits) || (r.status.invalid() && !format.hasNaN());
}

std::vector<PreparedParameter> prepare(const QuantType &type, const Semantics &semantics) {
  const RoundingMode mode = semantics.arithRounding.value_or(RoundingMode::NearestEven);
  std::vector<PreparedParameter> parameters(type.scales.size());
  for (size_t i = 0; i < parameters.size(); ++i) {
    PreparedParameter &p = parameters[i];
    const ScaleValue &scale = type.scales[i];
    p.zeroPoint = type.zeroPoints[i];
    p.zeroPointExpressed = intToFloat(p.zeroPoint, *type.expressed, mode).bits;
    FloatResult converted = floatConvert(*scale.format, scale.bits, *type.expressed, mode);
    p.scaleExpressed = converted.bits;
    p.scaleExpressedInvalid = isNotANumber(*type.expressed, converted);
    p.scaleExact = decode(*scale.format, scale.bits);
  }
  return parameters;
}

} // namespace

//===----------------------------------------------------------------------===//
// qcast
//===----------------------------------------------------------------------===//

QuantizeKernel::QuantizeKernel(const QuantType &type, const Semantics &semantics)
    : type_(type), semantics_(semantics), parameters_(prepare(type, semantics)) {}

StoredOutcome QuantizeKernel::operator()(Bits x, int64_t parameter) const {
  const PreparedParameter &p = parameters_[size_t(parameter)];
  return semantics_.arithRounding ? stepwise(x, p) : exact(x, p);
}

StoredOutcome QuantizeKernel::stepwise(Bits x, const PreparedParameter &p) const {
  const FloatFormat &e = *type_.expressed;
  const RoundingMode mode = *semantics_.arithRounding;
  if (p.scaleExpressedInvalid)
    return storeNaN(p);
  // scaledValue = expressedValue / scale
  FloatResult scaled = floatDiv(e, x, p.scaleExpressed, mode);
  if (isNotANumber(e, scaled))
    return storeNaN(p);
  // storedValueFloat = scaledValue + zeroPointFloat
  FloatResult storedFloat = floatAdd(e, scaled.bits, p.zeroPointExpressed, mode);
  if (isNotANumber(e, storedFloat))
    return storeNaN(p);
  // storedValue = convertFloatToInt(storedValueFloat, storageType)
  Exact value = decode(e, storedFloat.bits);
  if (value.isInfinity())
    return storeInfinity(value.negative, p);
  return store(roundToInteger(value, semantics_.rounding).value, p);
}

StoredOutcome QuantizeKernel::exact(Bits x, const PreparedParameter &p) const {
  // [qcast.exact]: x / scale + zeroPoint with the scale as the type stores
  // it, rounded once to an integer.
  Exact value = decode(*type_.expressed, x);
  const Exact &scale = p.scaleExact;
  if (value.isNaN() || scale.isNaN() || (value.isInfinity() && scale.isInfinity()))
    return storeNaN(p);
  if (value.isInfinity())
    return storeInfinity(value.negative != scale.negative, p);
  if (scale.isZero()) {
    if (value.isZero())
      return storeNaN(p);
    return storeInfinity(value.negative != scale.negative, p);
  }
  Exact scaled = scale.isInfinity() ? Exact::zero() : exactDiv(value, scale);
  Exact stored = exactAdd(scaled, Exact::fromInteger(p.zeroPoint));
  return store(roundToInteger(stored, semantics_.rounding).value, p);
}

StoredOutcome QuantizeKernel::store(const BigInt &value, const PreparedParameter &p) const {
  BigInt inType = value;
  if (!type_.storage.contains(value)) { // [sem.overflow-policy]
    switch (semantics_.overflow) {
    case OverflowPolicy::Saturate:
      inType = type_.storage.saturate(value);
      break;
    case OverflowPolicy::Poison:
      return {0, true};
    case OverflowPolicy::Wrap:
      inType = type_.storage.wrap(value);
      break;
    }
  }
  // storedValueClamped = clamp(storedValue, storageMin, storageMax)
  int64_t v = static_cast<int64_t>(inType);
  v = std::min(std::max(v, type_.storageMin), type_.storageMax);
  return {v, false};
}

StoredOutcome QuantizeKernel::storeNaN(const PreparedParameter &p) const {
  switch (semantics_.nan) { // [sem.nan-policy]
  case NanPolicy::Poison:
    return {0, true};
  case NanPolicy::Qmin:
    return {type_.storageMin, false};
  case NanPolicy::Qmax:
    return {type_.storageMax, false};
  case NanPolicy::ZeroPoint:
    return store(p.zeroPoint, p);
  case NanPolicy::Zero:
    return store(0, p);
  }
  return {0, true};
}

StoredOutcome QuantizeKernel::storeInfinity(bool negative, const PreparedParameter &p) const {
  switch (semantics_.overflow) { // [sem.overflow-policy]
  case OverflowPolicy::Saturate:
    return store(negative ? type_.storage.min() : type_.storage.max(), p);
  case OverflowPolicy::Poison:
  case OverflowPolicy::Wrap: // no finite integer to wrap
    return {0, true};
  }
  return {0, true};
}

//===----------------------------------------------------------------------===//
// dcast
//===----------------------------------------------------------------------===//

DequantizeKernel::DequantizeKernel(const QuantType &type, const Semantics &semantics)
    : type_(type), semantics_(semantics), parameters_(prepare(type, semantics)) {}

ExpressedOutcome DequantizeKernel::operator()(int64_t stored, int64_t parameter) const {
  const PreparedParameter &p = parameters_[size_t(parameter)];
  const FloatFormat &e = *type_.expressed;
  if (!semantics_.arithRounding) {
    // [dcast.exact]: (stored - zeroPoint) * scale, rounded once, nearest-even.
    // A non-finite scale (unreachable from verified IR) follows IEEE:
    // 0 * inf and NaN are NaN, otherwise +-inf.
    Exact difference = Exact::fromInteger(BigInt(stored) - BigInt(p.zeroPoint));
    Exact product;
    if (p.scaleExact.isFinite())
      product = exactMul(difference, p.scaleExact);
    else if (p.scaleExact.isInfinity() && !difference.isZero())
      product = Exact::infinity(difference.negative != p.scaleExact.negative);
    else
      product = Exact::nan();
    FloatResult r = roundToFormat(product, e, RoundingMode::NearestEven);
    // roundToFormat(NaN) raises no flag, so a NaN product is checked here.
    return {r.bits, !e.hasNaN() && (product.isNaN() || isNotANumber(e, r))};
  }
  const RoundingMode mode = *semantics_.arithRounding;
  // storedValueFloat = convertIntToFloat(storedValue, expressedType)
  FloatResult storedFloat = intToFloat(stored, e, mode);
  // expressedValue = (storedValueFloat - zeroPointFloat) * scale
  FloatResult difference = floatSub(e, storedFloat.bits, p.zeroPointExpressed, mode);
  FloatResult product = floatMul(e, difference.bits, p.scaleExpressed, mode);
  bool poison = !e.hasNaN() && (p.scaleExpressedInvalid || isNotANumber(e, difference) ||
                                isNotANumber(e, product));
  return {product.bits, poison};
}

} // namespace qi::quant
