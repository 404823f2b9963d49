//===- ApfloatArithExhaustiveTest.cpp - All operand pairs of small formats ===//
//
// Spec: [op.arith] [op.zero-sign] [format.nan] [format.overflow]
// [format.underflow] [round.modes] [status.flags]. For every 8-, 6- and
// 4-bit format: every pair of bit patterns, add/sub/mul/div, all five IEEE
// modes, against llvm::APFloat.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/ApfloatArith.h"

namespace qi::numeric::test {
namespace {

std::vector<const FloatFormat *> smallFormats() {
  std::vector<const FloatFormat *> out;
  for (const FloatFormat *f : allFloatFormats())
    if (f->sizeInBits <= 8)
      out.push_back(f);
  return out;
}

void exhaustive(ArithOp op) {
  long total = 0;
  for (const FloatFormat *f : smallFormats()) {
    const unsigned n = 1u << f->sizeInBits;
    for (RoundingMode m : kIeeeModes) {
      OracleTally t;
      t.name = "exhaustive " + std::string(f->name) + "." + arithName(op) + "." +
               std::string(roundingModeName(m));
      for (unsigned a = 0; a < n; ++a)
        for (unsigned b = 0; b < n; ++b)
          compareArith(t, *f, op, a, b, 0, m);
      total += t.compared;
      t.report();
      t.expectClean();
    }
  }
  std::printf("[apfloat] exhaustive %s total compared=%ld\n", arithName(op), total);
}

TEST(ArithExhaustive, Add_OpArith) { exhaustive(ArithOp::Add); }
TEST(ArithExhaustive, Sub_OpArith_OpZeroSign) { exhaustive(ArithOp::Sub); }
TEST(ArithExhaustive, Mul_OpArith) { exhaustive(ArithOp::Mul); }
TEST(ArithExhaustive, Div_OpArith) { exhaustive(ArithOp::Div); }

} // namespace
} // namespace qi::numeric::test
