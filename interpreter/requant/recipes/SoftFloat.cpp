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

F32 toF32(F64 d) { return asF32(numeric::floatConvert(f64(), d.bits, f32(), kNearestEven).bits); }

bool isNaN(F32 a) { return numeric::isNaN(f32(), a.bits); }

bool less(F32 a, F32 b) {
  if (isNaN(a) || isNaN(b))
    return false;
  return numeric::exactCompare(numeric::decode(f32(), a.bits), numeric::decode(f32(), b.bits)) < 0;
}

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
