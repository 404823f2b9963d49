//===- FloatOps.h - Correctly rounded operations on bit patterns -*- C++ -*-===//
//
// Spec: [op.arith], [op.convert], [format.nan]. Each operation computes the
// exact result and rounds once with the given mode.
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_FLOATOPS_H
#define QI_NUMERIC_FLOATOPS_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/Rounding.h"

namespace qi::numeric {

FloatResult floatAdd(const FloatFormat &format, Bits a, Bits b, RoundingMode mode);
FloatResult floatSub(const FloatFormat &format, Bits a, Bits b, RoundingMode mode);
FloatResult floatMul(const FloatFormat &format, Bits a, Bits b, RoundingMode mode);
FloatResult floatDiv(const FloatFormat &format, Bits a, Bits b, RoundingMode mode);
/// a * b + c with a single rounding.
FloatResult floatFma(const FloatFormat &format, Bits a, Bits b, Bits c,
                     RoundingMode mode);

/// Float -> float conversion (extension is exact; truncation rounds once).
FloatResult floatConvert(const FloatFormat &from, Bits bits, const FloatFormat &to,
                         RoundingMode mode);

/// Integer -> float conversion.
FloatResult intToFloat(const BigInt &value, const FloatFormat &to, RoundingMode mode);

/// Float -> integer: the value rounded to an integer, unlimited range.
/// NaN and infinities raise Invalid and answer 0; range limits and their
/// policies are the caller's (IntFormat.h). [op.float-to-int]
IntegerResult floatToInteger(const FloatFormat &from, Bits bits, RoundingMode mode);

} // namespace qi::numeric

#endif
