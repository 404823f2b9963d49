//===- StepArithmetic.cpp - One recipe step: exact op, then round ---------===//
//
// Stepwise: the numeric core's IEEE operations on bit patterns (operands are
// first converted into the step's format). Exact: the same IEEE special-value
// rules on exact values, with no rounding at all.
//
//===----------------------------------------------------------------------===//
#include "interpreter/quant/StepArithmetic.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

namespace qi::quant {

using namespace numeric;

namespace {

StepValue fromResult(const FloatFormat &format, const FloatResult &r) {
  StepValue v;
  v.format = &format;
  v.bits = r.bits;
  v.value = decode(format, r.bits);
  v.invalidWithoutNaN = r.status.invalid() && !format.hasNaN();
  return v;
}

StepValue exactValue(Exact value) {
  StepValue v;
  v.value = std::move(value);
  return v;
}

StepValue nanValue() { return exactValue(Exact::nan()); }

// IEEE special values on exact operands (exact arithmetic only).
Exact ieeeAdd(const Exact &a, const Exact &b) {
  if (a.isNaN() || b.isNaN())
    return Exact::nan();
  if (a.isInfinity() || b.isInfinity()) {
    if (a.isInfinity() && b.isInfinity() && a.negative != b.negative)
      return Exact::nan();
    return Exact::infinity(a.isInfinity() ? a.negative : b.negative);
  }
  return exactAdd(a, b);
}

Exact ieeeSub(const Exact &a, const Exact &b) { return ieeeAdd(a, exactNegate(b)); }

Exact ieeeMul(const Exact &a, const Exact &b) {
  if (a.isNaN() || b.isNaN())
    return Exact::nan();
  bool negative = a.negative != b.negative;
  if (a.isInfinity() || b.isInfinity())
    return (a.isZero() || b.isZero()) ? Exact::nan() : Exact::infinity(negative);
  return exactMul(a, b);
}

Exact ieeeDiv(const Exact &a, const Exact &b) {
  if (a.isNaN() || b.isNaN())
    return Exact::nan();
  bool negative = a.negative != b.negative;
  if (a.isInfinity())
    return b.isInfinity() ? Exact::nan() : Exact::infinity(negative);
  if (b.isInfinity())
    return Exact::zero(negative);
  if (b.isZero())
    return a.isZero() ? Exact::nan() : Exact::infinity(negative);
  return exactDiv(a, b);
}

} // namespace

StepArithmetic::StepArithmetic(std::optional<RoundingMode> mode, const FloatFormat &expressed)
    : mode_(mode), expressed_(expressed) {}

const FloatFormat *StepArithmetic::format(Precision p) const {
  if (!mode_)
    return nullptr;
  switch (p) {
  case Precision::Expressed:
    return &expressed_;
  case Precision::F32:
    return &f32Format();
  case Precision::F64:
    return &f64Format();
  }
  return nullptr;
}

StepValue StepArithmetic::fromBits(const FloatFormat &format, Bits bits) const {
  if (!mode_)
    return exactValue(decode(format, bits));
  return fromResult(format, FloatResult{bits, Status{}});
}

StepValue StepArithmetic::fromExact(const Exact &value, Precision p) const {
  if (!mode_)
    return exactValue(value);
  return fromResult(*format(p), roundToFormat(value, *format(p), *mode_));
}

StepValue StepArithmetic::convert(const StepValue &v, Precision p) const {
  if (!mode_ || v.format == format(p) || v.invalidWithoutNaN)
    return v;
  return fromResult(*format(p), floatConvert(*v.format, v.bits, *format(p), *mode_));
}

StepValue StepArithmetic::flushSubnormal(const StepValue &v) const {
  if (!v.format || v.invalidWithoutNaN || !v.format->hasSubnormals())
    return v;
  const FloatFormat &f = *v.format;
  const Bits exponentField = (v.bits >> f.fractionBits()) & ((Bits(1) << f.exponentBits()) - 1);
  if (exponentField != 0 || (v.bits & f.fractionMask()) == 0)
    return v;
  return fromResult(f, FloatResult{v.bits & f.signMask(), Status{}});
}

StepValue StepArithmetic::roundToIntegral(const StepValue &v, RoundingMode mode) const {
  if (v.isNaN() || v.isInfinity())
    return v;
  const Exact integral = Exact::fromInteger(roundToInteger(v.value, mode).value);
  if (!mode_ || !v.format)
    return exactValue(integral);
  // An integer rounded from a value of this format is representable in it.
  return fromResult(*v.format, roundToFormat(integral, *v.format, *mode_));
}

StepValue StepArithmetic::binary(const StepValue &a, const StepValue &b, Precision p,
                                 ExactOp exact, RoundedOp rounded) const {
  if (a.invalidWithoutNaN || b.invalidWithoutNaN)
    return nanValue();
  if (!mode_)
    return exactValue(exact(a.value, b.value));
  const FloatFormat &f = *format(p);
  return fromResult(f, rounded(f, convert(a, p).bits, convert(b, p).bits, *mode_));
}

StepValue StepArithmetic::add(const StepValue &a, const StepValue &b, Precision p) const {
  return binary(a, b, p, ieeeAdd, floatAdd);
}

StepValue StepArithmetic::sub(const StepValue &a, const StepValue &b, Precision p) const {
  return binary(a, b, p, ieeeSub, floatSub);
}

StepValue StepArithmetic::mul(const StepValue &a, const StepValue &b, Precision p) const {
  return binary(a, b, p, ieeeMul, floatMul);
}

StepValue StepArithmetic::div(const StepValue &a, const StepValue &b, Precision p) const {
  return binary(a, b, p, ieeeDiv, floatDiv);
}

StepValue StepArithmetic::fma(const StepValue &a, const StepValue &b, const StepValue &c,
                              Precision p) const {
  if (a.invalidWithoutNaN || b.invalidWithoutNaN || c.invalidWithoutNaN)
    return nanValue();
  if (!mode_)
    return exactValue(ieeeAdd(ieeeMul(a.value, b.value), c.value));
  const FloatFormat &f = *format(p);
  return fromResult(f, floatFma(f, convert(a, p).bits, convert(b, p).bits,
                                convert(c, p).bits, *mode_));
}

StepValue StepArithmetic::toExpressed(const StepValue &v) const {
  if (mode_)
    return convert(v, Precision::Expressed);
  if (v.isNaN())
    return fromResult(expressed_, FloatResult{defaultNaN(expressed_),
                                              makeStatus(expressed_.hasNaN() ? 0 : Status::Invalid)});
  return fromResult(expressed_, roundToFormat(v.value, expressed_, RoundingMode::NearestEven));
}

} // namespace qi::quant
