//===- ApfloatArith.h - One arithmetic comparison against APFloat -*- C++ -*-===//
//
// Spec: [op.arith] [op.zero-sign] [format.nan] [format.overflow]
// [oracle.apfloat-departures].
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_TESTS_APFLOATARITH_H
#define QI_NUMERIC_TESTS_APFLOATARITH_H

#include "interpreter/numeric/tests/ApfloatOracle.h"

namespace qi::numeric::test {

enum class ArithOp { Add, Sub, Mul, Div, Fma };
inline const char *arithName(ArithOp op) {
  switch (op) {
  case ArithOp::Add: return "add";
  case ArithOp::Sub: return "sub";
  case ArithOp::Mul: return "mul";
  case ArithOp::Div: return "div";
  case ArithOp::Fma: return "fma";
  }
  return "?";
}

/// Whether APFloat's answer is not a defined answer for these operands
/// ([oracle.apfloat-departures]); such cases are skipped here and tested
/// with explicit expected values elsewhere.
inline bool arithDeparture(const FloatFormat &f, ArithOp op, Bits a, Bits b, Bits c) {
  // FiniteOnly: x/0 would make APFloat build an infinity or a NaN the
  // format does not have (llvm_unreachable, undefined behaviour here).
  if (f.nonFinite == NonFinite::FiniteOnly && op == ArithOp::Div &&
      decode(f, b).isZero())
    return true;
  // Unsigned f8E8M0FNU: a negative exact result (a - b with a < b) is NaN
  // with Invalid for us; APFloat drops the sign. An exact zero (a - a) is
  // 2^-127 for both, but we also raise Inexact|Underflow (APFloat: none).
  if (!f.hasSign && op == ArithOp::Sub && !isNaN(f, a) && !isNaN(f, b) &&
      exactCompare(decode(f, a), decode(f, b)) <= 0)
    return true;
  (void)c;
  return false;
}

inline FloatResult ourArith(const FloatFormat &f, ArithOp op, Bits a, Bits b, Bits c,
                            RoundingMode m) {
  switch (op) {
  case ArithOp::Add: return floatAdd(f, a, b, m);
  case ArithOp::Sub: return floatSub(f, a, b, m);
  case ArithOp::Mul: return floatMul(f, a, b, m);
  case ArithOp::Div: return floatDiv(f, a, b, m);
  case ArithOp::Fma: return floatFma(f, a, b, c, m);
  }
  return {};
}

inline void compareArith(OracleTally &t, const FloatFormat &f, ArithOp op, Bits a, Bits b,
                         Bits c, RoundingMode m) {
  if (arithDeparture(f, op, a, b, c)) {
    ++t.skipped;
    return;
  }
  FloatResult ours = ourArith(f, op, a, b, c, m);
  llvm::APFloat x = toAP(f, a);
  llvm::RoundingMode rm = apMode(m);
  llvm::APFloat::opStatus st = llvm::APFloat::opOK;
  switch (op) {
  case ArithOp::Add: st = x.add(toAP(f, b), rm); break;
  case ArithOp::Sub: st = x.subtract(toAP(f, b), rm); break;
  case ArithOp::Mul: st = x.multiply(toAP(f, b), rm); break;
  case ArithOp::Div: st = x.divide(toAP(f, b), rm); break;
  case ArithOp::Fma: st = x.fusedMultiplyAdd(toAP(f, b), toAP(f, c), rm); break;
  }
  bool exactNaN = true;
  if (op == ArithOp::Fma && !isNaN(f, a) && !isNaN(f, b) && isNaN(f, c)) {
    // fma(0, inf, NaN): APFloat answers its default NaN, we propagate c
    // (IEEE 754-2019 7.2(c) and 6.2.3 leave both open); NaN-ness only.
    Exact xa = decode(f, a), xb = decode(f, b);
    if ((xa.isZero() && xb.isInfinity()) || (xa.isInfinity() && xb.isZero()))
      exactNaN = false;
  }
  compareFloat(t, f, ours, fromAP(x), unsigned(st), exactNaN, [&] {
    return std::string(f.name) + "." + arithName(op) + " " +
           std::string(roundingModeName(m)) + " a=" + hex(a) + " b=" + hex(b) +
           (op == ArithOp::Fma ? " c=" + hex(c) : std::string());
  });
}

} // namespace qi::numeric::test

#endif
