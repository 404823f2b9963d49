//===- SoftFloat.cpp - The float steps of the float recipes ----------------===//
//
// Spec: [requant.float-steps], [requant.float-multiplier].
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/recipes/SoftFloat.h"

#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

#include <cstdio>

namespace qi::requant::recipes {

namespace {

using numeric::RoundingMode;

constexpr RoundingMode kNearestEven = RoundingMode::NearestEven;

const numeric::FloatFormat &f32() { return numeric::f32Format(); }
const numeric::FloatFormat &f64() { return numeric::f64Format(); }

F32 asF32(numeric::Bits bits) { return F32{static_cast<uint32_t>(bits)}; }
F64 asF64(numeric::Bits bits) { return F64{static_cast<uint64_t>(bits)}; }

std::string hex(uint64_t bits, int digits) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%0*llX", digits, static_cast<unsigned long long>(bits));
  return buffer;
}

} // namespace

F32 f32FromInteger(int64_t v) {
  return asF32(numeric::intToFloat(numeric::BigInt(v), f32(), kNearestEven).bits);
}

F64 f64FromInteger(int64_t v) {
  return asF64(numeric::intToFloat(numeric::BigInt(v), f64(), kNearestEven).bits);
}

F32 f32FromScale(int64_t multiplier, int shift) {
  const numeric::Exact real = numeric::Exact::fromRatio(numeric::BigInt(multiplier), 1, -shift);
  return asF32(numeric::roundToFormat(real, f32(), kNearestEven).bits);
}

F64 f64FromScale(int64_t multiplier, int shift) {
  const numeric::Exact real = numeric::Exact::fromRatio(numeric::BigInt(multiplier), 1, -shift);
  return asF64(numeric::roundToFormat(real, f64(), kNearestEven).bits);
}

F32 mul(F32 a, F32 b) { return asF32(numeric::floatMul(f32(), a.bits, b.bits, kNearestEven).bits); }
F64 mul(F64 a, F64 b) { return asF64(numeric::floatMul(f64(), a.bits, b.bits, kNearestEven).bits); }
F32 add(F32 a, F32 b) { return asF32(numeric::floatAdd(f32(), a.bits, b.bits, kNearestEven).bits); }
F64 add(F64 a, F64 b) { return asF64(numeric::floatAdd(f64(), a.bits, b.bits, kNearestEven).bits); }
F32 sub(F32 a, F32 b) { return asF32(numeric::floatSub(f32(), a.bits, b.bits, kNearestEven).bits); }
F64 sub(F64 a, F64 b) { return asF64(numeric::floatSub(f64(), a.bits, b.bits, kNearestEven).bits); }
F32 div(F32 a, F32 b) { return asF32(numeric::floatDiv(f32(), a.bits, b.bits, kNearestEven).bits); }
F64 div(F64 a, F64 b) { return asF64(numeric::floatDiv(f64(), a.bits, b.bits, kNearestEven).bits); }

F32 toF32(F64 d) { return asF32(numeric::floatConvert(f64(), d.bits, f32(), kNearestEven).bits); }
F64 toF64(F32 f) { return asF64(numeric::floatConvert(f32(), f.bits, f64(), kNearestEven).bits); }

F32 absolute(F32 a) { return F32{a.bits & 0x7FFFFFFFu}; }
F64 absolute(F64 a) { return F64{a.bits & 0x7FFFFFFFFFFFFFFFull}; }

bool isNaN(F32 a) { return numeric::isNaN(f32(), a.bits); }
bool isNaN(F64 a) { return numeric::isNaN(f64(), a.bits); }
bool isFinite(F32 a) { return numeric::decode(f32(), a.bits).isFinite(); }
bool isFinite(F64 a) { return numeric::decode(f64(), a.bits).isFinite(); }

namespace {
/// exactCompare of two non-NaN patterns of one format.
int compareNumbers(const numeric::FloatFormat &format, numeric::Bits a, numeric::Bits b) {
  return numeric::exactCompare(numeric::decode(format, a), numeric::decode(format, b));
}

/// An integral float of `format` by rounding `bits` to an integer with
/// `mode`; the integer is representable (|a| < 2^p rounds to at most 2^p,
/// larger values are integers already), so converting back is exact.
numeric::Bits roundIntegral(const numeric::FloatFormat &format, numeric::Bits bits,
                            RoundingMode mode) {
  if (!numeric::decode(format, bits).isFinite())
    return bits;
  const numeric::IntegerResult r = numeric::floatToInteger(format, bits, mode);
  if (r.value == 0) // keep the sign of the zero: round(-0.4) is -0.0
    return bits & format.signMask();
  return numeric::intToFloat(r.value, format, kNearestEven).bits;
}

RoundedInteger integral(const numeric::FloatFormat &format, numeric::Bits bits, int64_t lo,
                        int64_t hi) {
  if (!numeric::decode(format, bits).isFinite())
    return {};
  const numeric::IntegerResult r = numeric::floatToInteger(format, bits, RoundingMode::TowardZero);
  if (r.status.invalid() || r.value < lo || r.value > hi)
    return {};
  return {true, static_cast<int64_t>(r.value)};
}
} // namespace

bool less(F32 a, F32 b) {
  if (isNaN(a) || isNaN(b))
    return false;
  return compareNumbers(f32(), a.bits, b.bits) < 0;
}
bool less(F64 a, F64 b) {
  if (isNaN(a) || isNaN(b))
    return false;
  return compareNumbers(f64(), a.bits, b.bits) < 0;
}
bool equal(F32 a, F32 b) { return !isNaN(a) && !isNaN(b) && compareNumbers(f32(), a.bits, b.bits) == 0; }
bool equal(F64 a, F64 b) { return !isNaN(a) && !isNaN(b) && compareNumbers(f64(), a.bits, b.bits) == 0; }

F32 roundIntegralEven(F32 a) { return asF32(roundIntegral(f32(), a.bits, kNearestEven)); }
F64 roundIntegralEven(F64 a) { return asF64(roundIntegral(f64(), a.bits, kNearestEven)); }
F32 roundIntegralAway(F32 a) { return asF32(roundIntegral(f32(), a.bits, RoundingMode::NearestAway)); }
F64 roundIntegralAway(F64 a) { return asF64(roundIntegral(f64(), a.bits, RoundingMode::NearestAway)); }
F64 floorIntegral(F64 a) { return asF64(roundIntegral(f64(), a.bits, RoundingMode::TowardNegative)); }
F64 ceilIntegral(F64 a) { return asF64(roundIntegral(f64(), a.bits, RoundingMode::TowardPositive)); }

RoundedInteger integralValue(F32 a, int64_t lo, int64_t hi) { return integral(f32(), a.bits, lo, hi); }
RoundedInteger integralValue(F64 a, int64_t lo, int64_t hi) { return integral(f64(), a.bits, lo, hi); }

RoundedInteger roundToEven(F32 a, int64_t lo, int64_t hi) {
  const numeric::IntegerResult r = numeric::floatToInteger(f32(), a.bits, kNearestEven);
  if (r.status.invalid() || r.value < lo || r.value > hi)
    return {};
  return {true, static_cast<int64_t>(r.value)};
}

std::string text(F32 a) { return numeric::formatDecimal(f32(), a.bits) + " (" + hex(a.bits, 8) + ")"; }
std::string text(F64 a) {
  return numeric::formatDecimal(f64(), a.bits) + " (" + hex(a.bits, 16) + ")";
}

} // namespace qi::requant::recipes
