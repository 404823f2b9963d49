//===- ApfloatOracle.h - llvm::APFloat as a test-only oracle ----*- C++ -*-===//
//
// Spec: [oracle.apfloat-departures]. Maps our formats and modes to APFloat's,
// converts bit patterns both ways, and compares one result under the rules
// of spec/numeric.md: bit patterns exactly (NaN payloads included), flags
// Inexact/Invalid/DivideByZero/Overflow exactly, Underflow by implication
// (APFloat detects tininess after rounding, we before, so APFloat's
// Underflow implies ours; the converse differences are counted and logged).
//
// APFloat is built without assertions: inputs for which it would reach
// llvm_unreachable (NaN or infinity in a FiniteOnly format) must never be
// passed to it; the tests skip them and test our rule with explicit values.
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_TESTS_APFLOATORACLE_H
#define QI_NUMERIC_TESTS_APFLOATORACLE_H

#include "interpreter/numeric/tests/TestUtil.h"

#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

#include <llvm/ADT/APFloat.h>
#include <llvm/ADT/APInt.h>
#include <llvm/ADT/APSInt.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace qi::numeric::test {

inline const llvm::fltSemantics &semanticsOf(const FloatFormat &f) {
  using llvm::APFloat;
  std::string_view n = f.name;
  if (n == "f16") return APFloat::IEEEhalf();
  if (n == "bf16") return APFloat::BFloat();
  if (n == "f32") return APFloat::IEEEsingle();
  if (n == "f64") return APFloat::IEEEdouble();
  if (n == "f80") return APFloat::x87DoubleExtended();
  if (n == "f128") return APFloat::IEEEquad();
  if (n == "tf32") return APFloat::FloatTF32();
  if (n == "f8E5M2") return APFloat::Float8E5M2();
  if (n == "f8E4M3") return APFloat::Float8E4M3();
  if (n == "f8E4M3FN") return APFloat::Float8E4M3FN();
  if (n == "f8E5M2FNUZ") return APFloat::Float8E5M2FNUZ();
  if (n == "f8E4M3FNUZ") return APFloat::Float8E4M3FNUZ();
  if (n == "f8E4M3B11FNUZ") return APFloat::Float8E4M3B11FNUZ();
  if (n == "f8E3M4") return APFloat::Float8E3M4();
  if (n == "f8E8M0FNU") return APFloat::Float8E8M0FNU();
  if (n == "f6E2M3FN") return APFloat::Float6E2M3FN();
  if (n == "f6E3M2FN") return APFloat::Float6E3M2FN();
  if (n == "f4E2M1FN") return APFloat::Float4E2M1FN();
  ADD_FAILURE() << "no APFloat semantics for " << n;
  return APFloat::Bogus();
}

inline llvm::RoundingMode apMode(RoundingMode m) {
  switch (m) {
  case RoundingMode::NearestEven: return llvm::RoundingMode::NearestTiesToEven;
  case RoundingMode::NearestAway: return llvm::RoundingMode::NearestTiesToAway;
  case RoundingMode::TowardZero: return llvm::RoundingMode::TowardZero;
  case RoundingMode::TowardPositive: return llvm::RoundingMode::TowardPositive;
  case RoundingMode::TowardNegative: return llvm::RoundingMode::TowardNegative;
  default: ADD_FAILURE() << "no APFloat mode for " << roundingModeName(m);
  }
  return llvm::RoundingMode::NearestTiesToEven;
}

inline llvm::APFloat toAP(const FloatFormat &f, Bits b) {
  uint64_t words[2] = {uint64_t(b), uint64_t(b >> 64)};
  return llvm::APFloat(semanticsOf(f),
                       llvm::APInt(f.sizeInBits, llvm::ArrayRef<uint64_t>(
                                                     words, f.sizeInBits > 64 ? 2 : 1)));
}

inline Bits apIntBits(const llvm::APInt &i) {
  Bits b = i.getRawData()[0];
  if (i.getNumWords() > 1)
    b |= Bits(i.getRawData()[1]) << 64;
  return b;
}
inline Bits fromAP(const llvm::APFloat &x) { return apIntBits(x.bitcastToAPInt()); }

inline BigInt bigFromAPInt(const llvm::APInt &v, bool isSigned) {
  BigInt out = 0;
  for (unsigned w = v.getNumWords(); w-- > 0;)
    out = (out << 64) | BigInt(v.getRawData()[w]);
  if (isSigned && v.isNegative())
    out -= BigInt(1) << v.getBitWidth();
  return out;
}

inline llvm::APInt apIntFromBig(const BigInt &v, unsigned width) {
  BigInt u = v < 0 ? BigInt(v + (BigInt(1) << width)) : v;
  uint64_t words[2] = {uint64_t(u & BigInt(UINT64_MAX)),
                       uint64_t((u >> 64) & BigInt(UINT64_MAX))};
  return llvm::APInt(width, llvm::ArrayRef<uint64_t>(words, width > 64 ? 2 : 1));
}

/// [op.float-to-int] float -> integer of `width` bits against
/// APFloat::convertToInteger: value, Inexact, and Invalid (NaN, infinity, or
/// out of range). Empty when they agree, else what differs.
inline std::string floatToIntMismatch(const FloatFormat &f, Bits a, unsigned width,
                                      bool isSigned, RoundingMode m) {
  IntegerResult ours = floatToInteger(f, a, m);
  BigInt lo = isSigned ? BigInt(-(BigInt(1) << (width - 1))) : BigInt(0);
  BigInt hi = isSigned ? BigInt((BigInt(1) << (width - 1)) - 1)
                       : BigInt((BigInt(1) << width) - 1);
  bool invalid = ours.status.invalid() || ours.value < lo || ours.value > hi;
  llvm::APSInt result(width, !isSigned);
  bool isExact = false;
  llvm::APFloat::opStatus st = toAP(f, a).convertToInteger(result, apMode(m), &isExact);
  bool theirInvalid = st & llvm::APFloat::opInvalidOp;
  bool ok = invalid == theirInvalid;
  if (ok && !invalid)
    ok = bigFromAPInt(result, isSigned) == ours.value &&
         ours.status.inexact() == bool(st & llvm::APFloat::opInexact);
  if (ok)
    return "";
  return std::string(isSigned ? "i" : "u") + std::to_string(width) + " " +
         std::string(roundingModeName(m)) + " a=" + hex(a) + ": ours " + ours.value.str() +
         " flags " + std::to_string(ours.status.flags) + (invalid ? " (invalid)" : "") +
         ", APFloat " + bigFromAPInt(result, isSigned).str() + " status " +
         std::to_string(unsigned(st));
}

/// Counts of one oracle comparison run.
struct OracleTally {
  std::string name;
  long compared = 0, skipped = 0, valueMismatches = 0, flagMismatches = 0;
  long overflowDiffs = 0, underflowOursOnly = 0;
  long overflowAtLargestFinite = 0; // Overflow raised by us, not by APFloat
  long failuresShown = 0;

  void report() const {
    std::printf("[apfloat] %-40s compared=%ld skipped(departures)=%ld value-mismatch=%ld "
                "flag-mismatch=%ld overflow-diff=%ld underflow(ours-only)=%ld "
                "overflow-at-largest-finite(ours-only)=%ld\n",
                name.c_str(), compared, skipped, valueMismatches, flagMismatches,
                overflowDiffs, underflowOursOnly, overflowAtLargestFinite);
  }
  void expectClean() const {
    EXPECT_EQ(valueMismatches, 0) << name;
    EXPECT_EQ(flagMismatches, 0) << name;
    EXPECT_EQ(overflowDiffs, 0) << name;
  }
};

/// Compares our result with APFloat's. `exactNaN`: compare NaN bit patterns
/// exactly (everything except fma(0, inf, qNaN), see [op.arith]).
template <class Describe>
void compareFloat(OracleTally &t, const FloatFormat &f, const FloatResult &ours,
                  Bits theirs, unsigned theirStatus, bool exactNaN, Describe describe) {
  ++t.compared;
  bool on = isNaN(f, ours.bits), tn = isNaN(f, theirs);
  bool valueOk = (on || tn) ? (on && tn && (!exactNaN || ours.bits == theirs))
                            : ours.bits == theirs;
  const uint8_t strict = Status::Inexact | Status::Invalid | Status::DivideByZero;
  uint8_t of = ours.status.flags, tf = uint8_t(theirStatus);
  bool flagsOk = (of & strict) == (tf & strict) &&
                 (!(tf & Status::Underflow) || (of & Status::Underflow));
  bool overflowOk = (of & Status::Overflow) == (tf & Status::Overflow);
  // APFloat's handleOverflow returns only opInexact when the result is the
  // largest finite value (directed modes, FiniteOnly saturation); IEEE 754
  // 7.4 (and x86) signal Overflow there too, as we do. Counted, not failed.
  if (!overflowOk && (of & Status::Overflow) && !(tf & Status::Overflow) &&
      (ours.bits == largestFinite(f, false) || ours.bits == largestFinite(f, true))) {
    overflowOk = true;
    ++t.overflowAtLargestFinite;
  }
  if ((of & Status::Underflow) && !(tf & Status::Underflow))
    ++t.underflowOursOnly;
  if (!valueOk) ++t.valueMismatches;
  if (!flagsOk) ++t.flagMismatches;
  if (!overflowOk) ++t.overflowDiffs;
  if ((!valueOk || !flagsOk || !overflowOk) && t.failuresShown++ < 8)
    ADD_FAILURE() << t.name << " " << describe() << ": ours " << hex(ours.bits)
                  << " flags " << int(of) << ", APFloat " << hex(theirs) << " flags "
                  << int(tf);
}

} // namespace qi::numeric::test

#endif
