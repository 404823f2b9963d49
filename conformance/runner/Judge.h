//===- Judge.h - Classify one case's backend output -------------*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Result classes"). Stored integers and float
// bit patterns are compared exactly; only the expected output's don't-care
// (poison) elements are skipped. A value the backend itself leaves undefined
// never equals a defined expected value.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_JUDGE_H
#define QI_CONFORMANCE_JUDGE_H

#include "conformance/runner/Backend.h"
#include "conformance/runner/RunReport.h"

namespace qi::conform {

/// The result of `c` on `out` against the expected output for `profile`
/// (for a rescale case: the requantize recipe) which the case must have
/// unless it is a rejection case. Keeps the first `maxMismatches` differing
/// elements; counts all of them. A rescale element with an allowed interval
/// ([rescale.inexact]) passes with any value in it; a rescale case rejected
/// for a REQUIRE passes whatever the backend does but crash
/// ([conform.unpredictable]).
CaseResult judgeCase(const generators::GoldenCase &c, const std::string &file,
                     const std::string &profile, const BackendOutput &out,
                     size_t maxMismatches);

/// [conform.compared] Whether element `i` of the backend's output equals
/// element `i` of `expected` (the expected output for `profile`, or a
/// diagnosis candidate's): the one comparison of the judge and the diagnosis.
/// The caller skips elements `expected` leaves undefined (don't-care).
bool elementMatches(const generators::GoldenCase &c, const generators::ExpectedOutput &expected,
                    const std::string &profile, const BackendOutput &out, size_t i);

/// The elements judgeCase counts as mismatched (compared, i.e. not
/// don't-care under `profile`, and different); empty when the case has no
/// expected output for `profile`.
std::vector<bool> mismatchingElements(const generators::GoldenCase &c, const std::string &profile,
                                      const BackendOutput &out);

/// Whether `got` is an allowed value of rescale element `i` under `e`: its
/// value, or any value of its interval.
bool rescaleValueAllowed(const generators::ExpectedOutput &e, size_t i, int64_t got);

/// A case the backend did not run: outside its capabilities, with `reason`.
CaseResult unsupportedCase(const generators::GoldenCase &c, const std::string &file,
                           const std::string &reason);

/// [conform.nan-bits] Whether the semantics named `variant` (a profile, or a
/// profile with knobs: "mlir-lower-quant-ops --rounding=odd") leaves the sign
/// and payload of a NaN result unspecified, as LLVM does for arith float ops
/// (spec/lowered-arith.md [arith.float]): then any NaN matches an expected NaN.
bool nanBitsUnspecified(const std::string &variant);

/// Float elements compared bit for bit, except NaN vs NaN when `nanBitsFree`.
bool sameFloat(const numeric::FloatFormat &format, numeric::Bits expected, numeric::Bits got,
               bool nanBitsFree);

/// [conform.value-text] Significant digits up to which exactValueText
/// prints a finite value exactly (every value of a format up to 16 bits).
inline constexpr size_t kMaxExactDigits = 40;

/// The exact value of a float bit pattern as a decimal, for reports beside
/// its bits ("57344" for f8E5M2 0x7B, "65504" for f16 0x7BFF, "0.1000000015"
/// … exact for f32 0x3DCCCCCD); "inf", "-inf", "nan", "-nan" ("nan" for the
/// single NaN of an FNUZ format, which has no sign). A value needing more
/// than kMaxExactDigits significant digits is the shortest round-trip
/// decimal prefixed by "~". Not MLIR syntax: programs keep decimalText.
std::string exactValueText(const numeric::FloatFormat &format, numeric::Bits bits);

/// Element text as the reports show it: qcast input / dcast output
/// "0x3F800000 (1)", the exact value; stored integers in decimal.
std::string floatText(const numeric::FloatFormat &format, numeric::Bits bits);

} // namespace qi::conform

#endif
