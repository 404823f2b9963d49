//===- ReferenceKernels.h - The qcast and dcast element kernels --------- -*- C++ -*-===//
//
// Spec: [qcast.steps], [dcast.steps], [qcast.exact], [dcast.exact],
// [recipe.quantize], [recipe.dequantize]. The dialect's pseudo-code is the
// default recipe; backend profiles are other recipes run by the same code.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_REFERENCEKERNELS_H
#define QI_QUANT_REFERENCEKERNELS_H

#include "interpreter/quant/QuantType.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/quant/StepArithmetic.h"

namespace qi::quant {

/// A stored integer, or poison.
struct StoredOutcome {
  int64_t value = 0;
  bool poison = false;
};

/// An expressed float, or poison.
struct ExpressedOutcome {
  numeric::Bits bits = 0;
  bool poison = false;
};

class QuantizeKernel {
public:
  QuantizeKernel(const QuantType &type, const Semantics &semantics);
  /// qcast of one expressed value `x` with parameters number `parameter`.
  StoredOutcome operator()(numeric::Bits x, int64_t parameter) const;

private:
  /// Per-parameter constants, prepared once per op.
  struct Parameter {
    /// As added (zp' for unsigned-via-signed recipes); a BigInt because
    /// MLIR accepts any int64 zero point and zp' may leave int64.
    numeric::BigInt zeroPoint = 0;
    StepValue scale, reciprocal, zeroPointFloat, clampLow, clampHigh;
  };
  /// The rounded integer in the intermediate type, before the zero point
  /// (integer recipes) and the clamp.
  struct Rounded {
    numeric::BigInt value;
    bool poison = false;
  };
  Rounded toInteger(const StepValue &t) const;
  Rounded outOfRange(const numeric::BigInt &value, bool isInfinity, bool negative) const;
  StoredOutcome finish(numeric::BigInt value, const Parameter &p) const;
  StoredOutcome storeNaN(const Parameter &p) const;

  const QuantType &type_;
  Semantics semantics_;
  StepArithmetic arith_;
  /// The integer type after rounding. [recipe.quantize]
  numeric::IntFormat intermediate_;
  int64_t unsignedShift_ = 0;
  StepValue upperBound_;
  std::vector<Parameter> parameters_;
};

class DequantizeKernel {
public:
  DequantizeKernel(const QuantType &type, const Semantics &semantics);
  /// dcast of one stored value with parameters number `parameter`.
  ExpressedOutcome operator()(int64_t stored, int64_t parameter) const;

private:
  struct Parameter {
    int64_t zeroPoint = 0;
    StepValue scale, zeroPointFloat, negatedZeroPointTimesScale;
  };
  /// q - zp as the recipe's integer arithmetic computes it.
  numeric::BigInt integerDifference(int64_t stored, const Parameter &p) const;

  const QuantType &type_;
  DequantizeRecipe recipe_;
  StepArithmetic arith_;
  std::vector<Parameter> parameters_;
};

} // namespace qi::quant

#endif
