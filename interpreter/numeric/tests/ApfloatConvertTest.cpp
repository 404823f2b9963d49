//===- ApfloatConvertTest.cpp - Conversions vs llvm::APFloat --------------===//
//
// Spec: [op.convert] [op.float-to-int] [round.float] [round.integer]
// [format.nan] [format.nonfinite] [format.overflow] [format.underflow]
// [oracle.apfloat-departures].
//
// float->float between every pair of formats, int->float (signed, widths
// 8..128), float->int (signed and unsigned, widths 8..128) under every IEEE
// mode; exhaustive for every 4/6/8-bit source and for f16/bf16 sources, and
// f32 -> f16/bf16 at every rounding decision point.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/ApfloatOracle.h"

#include "interpreter/numeric/IntFormat.h"

namespace qi::numeric::test {
namespace {

/// [oracle.apfloat-departures] for float->float conversions.
bool convertDeparture(const FloatFormat &from, Bits bits, const FloatFormat &to) {
  if (to.nonFinite == NonFinite::FiniteOnly) {
    FloatClass c = classify(from, bits);
    if (c == FloatClass::Infinity || c == FloatClass::QuietNaN ||
        c == FloatClass::SignalingNaN)
      return true; // APFloat: llvm_unreachable / garbage; ours: see spec.
  }
  if (!to.hasSign && !isNaN(from, bits)) {
    Exact v = decode(from, bits);
    if (v.negative && !v.isZero())
      return true; // APFloat drops the sign; ours: NaN + Invalid.
  }
  if (!to.hasZero && !isNaN(from, bits) && decode(from, bits).isZero())
    return true; // same bits (0x00 = 2^-127); we add Inexact|Underflow.
  if (!from.hasSign && isNaN(from, bits) && to.nonFinite == NonFinite::IEEE)
    return true; // APFloat turns the E8M0 NaN into the INFINITY pattern.
  if (&from == &to && isNaN(from, bits) &&
      (isSignalingNaN(from, bits) || canonical(from, bits) != bits))
    return true; // APFloat's same-semantics convert keeps the operand; we
                 // quiet sNaNs and make non-canonical f80 NaNs canonical.
  return false;
}

void compareConvert(OracleTally &t, const FloatFormat &from, Bits a, const FloatFormat &to,
                    RoundingMode m) {
  if (convertDeparture(from, a, to)) {
    ++t.skipped;
    return;
  }
  FloatResult ours = floatConvert(from, a, to, m);
  llvm::APFloat x = toAP(from, a);
  bool losesInfo = false;
  llvm::APFloat::opStatus st = x.convert(semanticsOf(to), apMode(m), &losesInfo);
  compareFloat(t, to, ours, fromAP(x), unsigned(st), true, [&] {
    return std::string(from.name) + "->" + std::string(to.name) + " " +
           std::string(roundingModeName(m)) + " a=" + hex(a);
  });
}

// Every pair of formats, every IEEE mode: exhaustive sources up to 16 bits,
// random + edge sources otherwise.
TEST(ConvertOracle, EveryPairEveryMode_OpConvert) {
  long total = 0;
  for (const FloatFormat *from : allFloatFormats()) {
    for (const FloatFormat *to : allFloatFormats()) {
      OracleTally t;
      t.name = std::string(from->name) + "->" + std::string(to->name);
      Rng rng(0xc0417 + from->sizeInBits * 131 + to->sizeInBits);
      PatternGen gen(*from, rng);
      for (RoundingMode m : kIeeeModes) {
        if (from->sizeInBits <= 16) {
          for (unsigned a = 0, n = 1u << from->sizeInBits; a < n; ++a)
            compareConvert(t, *from, a, *to, m);
        } else {
          for (int i = 0; i < 3000; ++i)
            compareConvert(t, *from, gen.next(), *to, m);
          if (from->explicitIntegerBit) // non-canonical f80 encodings
            for (int i = 0; i < 500; ++i)
              compareConvert(t, *from, rng.bits128() & from->allBitsMask(), *to, m);
          for (Bits a : gen.edges)
            compareConvert(t, *from, a, *to, m);
        }
      }
      total += t.compared;
      t.report();
      t.expectClean();
    }
  }
  std::printf("[apfloat] convert total compared=%ld\n", total);
}

// f32 -> f16 / bf16 at every rounding decision point: each finite target
// value exactly, the midpoint to its upper neighbour, midpoint +- 1 f32 ulp,
// exact value +- 1 f32 ulp, and the overflow threshold (max + ulp/2).
void decisionPoints(const FloatFormat &to) {
  const FloatFormat &f32 = f32Format();
  std::vector<uint32_t> points;
  const Bits half = 0x3f000000; // 0.5f
  for (unsigned p = 0; p < 0x7fff; ++p) {
    if (classify(to, p) == FloatClass::Infinity || isNaN(to, p))
      break;
    Bits x = floatConvert(to, p, f32, RoundingMode::NearestEven).bits;
    Bits next;
    if (classify(to, p + 1) == FloatClass::Infinity) {
      // Virtual next value 2^(emax+1) (its half is representable in f32).
      next = 0;
      Bits halfNext = intToFloat(BigInt(1), f32, RoundingMode::NearestEven).bits +
                      (Bits(to.maxExponent) << 23);
      Bits mid = floatAdd(f32, floatMul(f32, x, half, RoundingMode::NearestEven).bits,
                          halfNext, RoundingMode::NearestEven).bits;
      for (int d = -1; d <= 1; ++d)
        points.push_back(uint32_t(mid + Bits(d)));
      points.push_back(uint32_t(x));
      points.push_back(uint32_t(x + 1));
      points.push_back(uint32_t(x - 1));
      break;
    }
    next = floatConvert(to, p + 1, f32, RoundingMode::NearestEven).bits;
    FloatResult mid = floatAdd(f32, floatMul(f32, x, half, RoundingMode::NearestEven).bits,
                               floatMul(f32, next, half, RoundingMode::NearestEven).bits,
                               RoundingMode::NearestEven);
    EXPECT_FALSE(mid.status.inexact()) << "midpoint not exact in f32";
    points.push_back(uint32_t(x));
    if (x != 0) points.push_back(uint32_t(x - 1));
    points.push_back(uint32_t(x + 1));
    for (int d = -1; d <= 1; ++d)
      points.push_back(uint32_t(mid.bits + Bits(d)));
  }
  long total = 0;
  for (RoundingMode m : kIeeeModes) {
    OracleTally t;
    t.name = "f32->" + std::string(to.name) + " decision points " +
             std::string(roundingModeName(m));
    for (uint32_t p : points) {
      compareConvert(t, f32, p, to, m);
      compareConvert(t, f32, p | 0x80000000u, to, m);
    }
    total += t.compared;
    t.report();
    t.expectClean();
  }
  std::printf("[apfloat] f32->%s decision points=%zu compared=%ld\n",
              std::string(to.name).c_str(), points.size() * 2, total);
}

TEST(ConvertOracle, F32ToF16DecisionPoints_RoundFloat) { decisionPoints(f16Format()); }
TEST(ConvertOracle, F32ToBF16DecisionPoints_RoundFloat) { decisionPoints(bf16Format()); }

// [op.convert] int -> float: signed integers of widths 8..128.
TEST(ConvertOracle, IntToFloatEveryFormatEveryMode_OpConvert) {
  long total = 0;
  std::vector<unsigned> widths;
  for (unsigned w = 8; w <= 128; w += 8) widths.push_back(w);
  for (unsigned w : {9u, 11u, 17u, 25u, 53u, 54u, 63u, 65u, 113u, 127u}) widths.push_back(w);
  for (const FloatFormat *f : allFloatFormats()) {
    OracleTally t;
    t.name = "int->" + std::string(f->name);
    Rng rng(0x1217f + f->sizeInBits);
    for (RoundingMode m : kIeeeModes) {
      for (unsigned w : widths) {
        for (int i = 0; i < 150; ++i) {
          Bits raw = rng.bits128();
          if (rng.below(3) == 0) raw >>= rng.below(w); // small magnitudes
          if (rng.below(4) == 0) raw = Bits(rng.below(64)) - 32;
          llvm::APInt v(w, llvm::ArrayRef<uint64_t>(
                               std::initializer_list<uint64_t>{uint64_t(raw), uint64_t(raw >> 64)}));
          BigInt value = bigFromAPInt(v, true);
          if (!f->hasSign && value < 0) { ++t.skipped; continue; } // departure
          if (!f->hasZero && value == 0) { ++t.skipped; continue; } // departure (flags)
          FloatResult ours = intToFloat(value, *f, m);
          llvm::APFloat x(semanticsOf(*f));
          llvm::APFloat::opStatus st = x.convertFromAPInt(v, true, apMode(m));
          compareFloat(t, *f, ours, fromAP(x), unsigned(st), true, [&] {
            return "i" + std::to_string(w) + " " + value.str() + " " +
                   std::string(roundingModeName(m));
          });
        }
      }
    }
    total += t.compared;
    t.report();
    t.expectClean();
  }
  std::printf("[apfloat] int->float total compared=%ld\n", total);
}

/// float -> integer of `width` bits against APFloat (floatToIntMismatch).
void compareToInt(OracleTally &t, const FloatFormat &f, Bits a, unsigned width, bool isSigned,
                  RoundingMode m) {
  ++t.compared;
  std::string mismatch = floatToIntMismatch(f, a, width, isSigned, m);
  if (mismatch.empty())
    return;
  ++t.valueMismatches;
  if (t.failuresShown++ < 8)
    ADD_FAILURE() << t.name << " " << mismatch;
}

// [op.float-to-int] every format, every IEEE mode, widths 8..128.
TEST(ConvertOracle, FloatToIntEveryFormatEveryMode_OpFloatToInt) {
  long total = 0;
  for (const FloatFormat *f : allFloatFormats()) {
    OracleTally t;
    t.name = std::string(f->name) + "->int";
    Rng rng(0xf2177 + f->sizeInBits);
    PatternGen gen(*f, rng);
    for (RoundingMode m : kIeeeModes) {
      for (unsigned w : {8u, 16u, 32u, 64u, 128u}) {
        for (bool s : {true, false}) {
          if (f->sizeInBits <= 8) {
            for (unsigned a = 0, n = 1u << f->sizeInBits; a < n; ++a)
              compareToInt(t, *f, a, w, s, m);
          } else {
            for (int i = 0; i < 1500; ++i)
              compareToInt(t, *f, gen.next(), w, s, m);
          }
        }
      }
    }
    total += t.compared;
    t.report();
    EXPECT_EQ(t.valueMismatches, 0) << t.name;
  }
  std::printf("[apfloat] float->int total compared=%ld\n", total);
}

// Exhaustive f16 / bf16 -> i32 under every IEEE mode.
TEST(ConvertOracle, F16AndBF16ToI32Exhaustive_OpFloatToInt) {
  for (const FloatFormat *f : {&f16Format(), &bf16Format()}) {
    OracleTally t;
    t.name = std::string(f->name) + "->i32 exhaustive";
    for (RoundingMode m : kIeeeModes)
      for (unsigned a = 0; a < 0x10000; ++a)
        compareToInt(t, *f, a, 32, true, m);
    t.report();
    EXPECT_EQ(t.valueMismatches, 0) << t.name;
  }
}

} // namespace
} // namespace qi::numeric::test

namespace qi::numeric::test {
namespace {
// [format.table] Largest finite, smallest positive, and default NaN of every
// format agree with APFloat's getLargest / getSmallest / getNaN.
TEST(FormatTableOracle, LargestSmallestNaN_FormatTable) {
  for (const FloatFormat *f : allFloatFormats()) {
    const llvm::fltSemantics &s = semanticsOf(*f);
    EXPECT_EQ(hex(largestFinite(*f, false)), hex(fromAP(llvm::APFloat::getLargest(s))))
        << f->name;
    EXPECT_EQ(hex(f->hasSubnormals() ? Bits(1) : Bits(0)),
              hex(fromAP(llvm::APFloat::getSmallest(s))))
        << f->name;
    EXPECT_EQ(f->sizeInBits, llvm::APFloat::getSizeInBits(s)) << f->name;
    EXPECT_EQ(f->precision, llvm::APFloat::semanticsPrecision(s)) << f->name;
    EXPECT_EQ(f->maxExponent, llvm::APFloat::semanticsMaxExponent(s)) << f->name;
    EXPECT_EQ(f->minExponent, llvm::APFloat::semanticsMinExponent(s)) << f->name;
    if (f->hasNaN()) {
      EXPECT_EQ(hex(defaultNaN(*f)), hex(fromAP(llvm::APFloat::getNaN(s)))) << f->name;
    }
    if (f->hasNegativeZero()) {
      EXPECT_EQ(hex(f->signMask()), hex(fromAP(llvm::APFloat::getZero(s, true)))) << f->name;
    }
  }
}
} // namespace
} // namespace qi::numeric::test
