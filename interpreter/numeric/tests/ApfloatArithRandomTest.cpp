//===- ApfloatArithRandomTest.cpp - Random arithmetic vs llvm::APFloat ----===//
//
// Spec: [op.arith] [op.zero-sign] [format.nan] [format.overflow]
// [format.underflow] [round.modes] [status.flags]. Every format x every IEEE
// mode x add/sub/mul/div/fma over random + edge + related operands.
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/tests/ApfloatArith.h"

namespace qi::numeric::test {
namespace {

int inputsFor(const FloatFormat &f) {
  if (f.sizeInBits >= 80)
    return 4000; // f80/f128: wide BigInt and APFloat work
  return 20000;
}

class ArithRandom : public ::testing::TestWithParam<ArithOp> {};

TEST_P(ArithRandom, EveryFormatEveryIeeeMode_OpArith) {
  ArithOp op = GetParam();
  long total = 0;
  for (const FloatFormat *f : allFloatFormats()) {
    for (RoundingMode m : kIeeeModes) {
      OracleTally t;
      t.name = std::string(f->name) + "." + arithName(op) + "." +
               std::string(roundingModeName(m));
      Rng rng(0x5eed0000 + uint64_t(op) * 1000 + uint64_t(m) * 37 + f->sizeInBits);
      PatternGen gen(*f, rng);
      for (int i = 0, n = inputsFor(*f); i < n; ++i) {
        Bits a = gen.next(), b = gen.related(a);
        // f80: also non-canonical encodings (unnormals, pseudo-NaN/inf,
        // pseudo-denormals) as raw random patterns. [format.encoding]
        if (f->explicitIntegerBit && rng.below(4) == 0)
          a = rng.bits128() & f->allBitsMask();
        Bits c = rng.below(2) ? gen.next() : gen.related(a);
        compareArith(t, *f, op, a, b, c, m);
      }
      total += t.compared;
      t.report();
      t.expectClean();
    }
  }
  std::printf("[apfloat] %s total compared=%ld\n", arithName(op), total);
}

INSTANTIATE_TEST_SUITE_P(Ops, ArithRandom,
                         ::testing::Values(ArithOp::Add, ArithOp::Sub, ArithOp::Mul,
                                           ArithOp::Div, ArithOp::Fma),
                         [](const auto &info) { return std::string(arithName(info.param)); });

} // namespace
} // namespace qi::numeric::test
