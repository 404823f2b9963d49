//===- StepArithmetic.h - One recipe step: exact op, then round -*- C++ -*-===//
//
// Spec: [sem.arith-rounding], [recipe.quantize]. Each step of a recipe is an
// IEEE operation whose exact result is rounded into the step's format with
// the arithmetic rounding mode, or kept exact under `--arith-rounding=exact`.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_STEPARITHMETIC_H
#define QI_QUANT_STEPARITHMETIC_H

#include "interpreter/numeric/Exact.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/Rounding.h"
#include "interpreter/numeric/RoundingMode.h"
#include "interpreter/quant/Recipe.h"

#include <optional>

namespace qi::quant {

/// An intermediate value: a float of the format it was rounded to, or (exact
/// arithmetic) an exact extended real.
struct StepValue {
  numeric::Exact value;
  /// The format holding `bits`; nullptr under exact arithmetic.
  const numeric::FloatFormat *format = nullptr;
  numeric::Bits bits = 0;
  /// An invalid operation in a format without NaN: counts as NaN.
  bool invalidWithoutNaN = false;

  bool isNaN() const { return value.isNaN() || invalidWithoutNaN; }
  bool isInfinity() const { return !invalidWithoutNaN && value.isInfinity(); }
};

class StepArithmetic {
public:
  /// `mode` nullopt: exact arithmetic. `expressed`: the op's expressed type.
  StepArithmetic(std::optional<numeric::RoundingMode> mode,
                 const numeric::FloatFormat &expressed);

  bool isExact() const { return !mode_; }
  /// The format of a precision (nullptr under exact arithmetic).
  const numeric::FloatFormat *format(Precision p) const;

  /// A float bit pattern as a step value (no rounding).
  StepValue fromBits(const numeric::FloatFormat &format, numeric::Bits bits) const;
  /// An exact value rounded into `p`.
  StepValue fromExact(const numeric::Exact &value, Precision p) const;
  /// `v` converted (rounded) into `p`.
  StepValue convert(const StepValue &v, Precision p) const;

  StepValue add(const StepValue &a, const StepValue &b, Precision p) const;
  StepValue sub(const StepValue &a, const StepValue &b, Precision p) const;
  StepValue mul(const StepValue &a, const StepValue &b, Precision p) const;
  StepValue div(const StepValue &a, const StepValue &b, Precision p) const;
  /// a * b + c rounded once.
  StepValue fma(const StepValue &a, const StepValue &b, const StepValue &c, Precision p) const;

  /// `v` with a subnormal replaced by the zero of its sign (x86 DAZ on an
  /// operand, FTZ on a result). Values without a format (exact arithmetic)
  /// are unchanged. [recipe.flush]
  StepValue flushSubnormal(const StepValue &v) const;
  /// `v` rounded to an integer in its own format with `mode` (C's nearbyint);
  /// NaN and infinities unchanged. [recipe.quantize]
  StepValue roundToIntegral(const StepValue &v, numeric::RoundingMode mode) const;

  /// The final rounding into the expressed type: the arithmetic mode, or
  /// nearest-even after exact arithmetic. [dcast.exact]
  StepValue toExpressed(const StepValue &v) const;

private:
  using ExactOp = numeric::Exact (*)(const numeric::Exact &, const numeric::Exact &);
  using RoundedOp = numeric::FloatResult (*)(const numeric::FloatFormat &, numeric::Bits,
                                             numeric::Bits, numeric::RoundingMode);
  /// One binary step: exact (IEEE special values on exact operands) or the
  /// numeric core's correctly rounded operation in the format of `p`.
  StepValue binary(const StepValue &a, const StepValue &b, Precision p, ExactOp exact,
                   RoundedOp rounded) const;

  std::optional<numeric::RoundingMode> mode_;
  const numeric::FloatFormat &expressed_;
};

} // namespace qi::quant

#endif
