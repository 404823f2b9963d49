//===- Rounding.h - The single rounding step of every operation -*- C++ -*-===//
//
// Spec: [round.modes], [round.float], [round.integer], [format.overflow],
// [format.underflow].
//
//===----------------------------------------------------------------------===//
#ifndef QI_NUMERIC_ROUNDING_H
#define QI_NUMERIC_ROUNDING_H

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/RoundingMode.h"
#include "interpreter/numeric/Status.h"

namespace qi::numeric {

/// A float result: its bit pattern in the target format and the flags raised.
struct FloatResult {
  Bits bits = 0;
  Status status;
};

/// Rounds an exact value once into `format`. NaN becomes the format's default
/// NaN; infinity becomes the format's infinity, or what the format does
/// instead ([format.nonfinite]). Zero keeps its sign where the format has -0.
FloatResult roundToFormat(const Exact &value, const FloatFormat &format,
                          RoundingMode mode);

/// An integer result of rounding a finite value; Inexact when it changed.
struct IntegerResult {
  BigInt value;
  Status status;
};

/// Rounds a finite exact value to an integer (no range limit). [round.integer]
IntegerResult roundToInteger(const Exact &value, RoundingMode mode);

/// floor(log2(|value|)) of a finite non-zero value.
int64_t floorLog2(const Exact &value);

} // namespace qi::numeric

#endif
