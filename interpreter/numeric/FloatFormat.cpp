//===- FloatFormat.cpp - The table of float formats -----------------------===//
//
// Spec: [format.table]. Parameters mirror llvm::fltSemantics of LLVM 22.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/FloatFormat.h"

namespace qi::numeric {

namespace {
constexpr NonFinite kIEEE = NonFinite::IEEE;
constexpr NonFinite kNanOnly = NonFinite::NanOnly;
constexpr NonFinite kFiniteOnly = NonFinite::FiniteOnly;
constexpr NanEncoding kIeeeNan = NanEncoding::IEEE;
constexpr NanEncoding kAllOnes = NanEncoding::AllOnes;
constexpr NanEncoding kNegZero = NanEncoding::NegativeZero;

//                      name                 bits prec  emax    emin
const FloatFormat kF16{"f16", 16, 11, 15, -14};
const FloatFormat kBF16{"bf16", 16, 8, 127, -126};
const FloatFormat kF32{"f32", 32, 24, 127, -126};
const FloatFormat kF64{"f64", 64, 53, 1023, -1022};
const FloatFormat kF80{"f80", 80, 64, 16383, -16382, kIEEE, kIeeeNan, true};
const FloatFormat kF128{"f128", 128, 113, 16383, -16382};
const FloatFormat kTF32{"tf32", 19, 11, 127, -126};
const FloatFormat kF8E5M2{"f8E5M2", 8, 3, 15, -14};
const FloatFormat kF8E4M3{"f8E4M3", 8, 4, 7, -6};
const FloatFormat kF8E3M4{"f8E3M4", 8, 5, 3, -2};
const FloatFormat kF8E4M3FN{"f8E4M3FN", 8, 4, 8, -6, kNanOnly, kAllOnes};
const FloatFormat kF8E5M2FNUZ{"f8E5M2FNUZ", 8, 3, 15, -15, kNanOnly, kNegZero};
const FloatFormat kF8E4M3FNUZ{"f8E4M3FNUZ", 8, 4, 7, -7, kNanOnly, kNegZero};
const FloatFormat kF8E4M3B11FNUZ{"f8E4M3B11FNUZ", 8, 4, 4, -10, kNanOnly,
                                 kNegZero};
const FloatFormat kF8E8M0FNU{"f8E8M0FNU", 8,       1,     127,  -127,
                             kNanOnly,    kAllOnes, false, false, false};
const FloatFormat kF6E3M2FN{"f6E3M2FN", 6, 3, 4, -2, kFiniteOnly, kIeeeNan};
const FloatFormat kF6E2M3FN{"f6E2M3FN", 6, 4, 2, 0, kFiniteOnly, kIeeeNan};
const FloatFormat kF4E2M1FN{"f4E2M1FN", 4, 2, 2, 0, kFiniteOnly, kIeeeNan};
} // namespace

bool FloatFormat::maxBinadeLosesAllOnesFraction() const {
  return nonFinite == NonFinite::NanOnly && nanEncoding == NanEncoding::AllOnes &&
         unsigned(maxExponent + bias()) == exponentFieldMax();
}

const std::vector<const FloatFormat *> &allFloatFormats() {
  static const std::vector<const FloatFormat *> formats = {
      &kF16,        &kBF16,        &kF32,         &kF64,
      &kF80,        &kF128,        &kTF32,        &kF8E5M2,
      &kF8E4M3,     &kF8E4M3FN,    &kF8E5M2FNUZ,  &kF8E4M3FNUZ,
      &kF8E4M3B11FNUZ, &kF8E3M4,   &kF8E8M0FNU,   &kF6E2M3FN,
      &kF6E3M2FN,   &kF4E2M1FN};
  return formats;
}

const FloatFormat *findFloatFormat(std::string_view mlirName) {
  for (const FloatFormat *format : allFloatFormats())
    if (format->name == mlirName)
      return format;
  return nullptr;
}

const FloatFormat &f16Format() { return kF16; }
const FloatFormat &bf16Format() { return kBF16; }
const FloatFormat &f32Format() { return kF32; }
const FloatFormat &f64Format() { return kF64; }
const FloatFormat &f80Format() { return kF80; }
const FloatFormat &f128Format() { return kF128; }
const FloatFormat &tf32Format() { return kTF32; }

} // namespace qi::numeric
