//===- Kernels.h - The qcast and dcast element kernels ----------*- C++ -*-===//
//
// Spec: [qcast.steps], [dcast.steps], [qcast.exact], [dcast.exact]. Written as
// the dialect's pseudo-code, one numeric-core call per step.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_KERNELS_H
#define QI_QUANT_KERNELS_H

#include "numeric/Exact.h"
#include "quant/QuantType.h"
#include "quant/Semantics.h"

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

/// The per-parameter constants both kernels start from, prepared once per
/// op: the zero point and the scale converted into the expressed type with
/// the arithmetic rounding (steps 1-2 of [qcast.steps]), and exact copies
/// for `exact` arithmetic.
struct PreparedParameter {
  int64_t zeroPoint = 0;
  numeric::Bits zeroPointExpressed = 0;
  numeric::Bits scaleExpressed = 0;
  bool scaleExpressedInvalid = false;
  numeric::Exact scaleExact;
};

class QuantizeKernel {
public:
  QuantizeKernel(const QuantType &type, const Semantics &semantics);
  /// qcast of one expressed value `x` with parameters number `parameter`.
  StoredOutcome operator()(numeric::Bits x, int64_t parameter) const;

private:
  StoredOutcome stepwise(numeric::Bits x, const PreparedParameter &p) const;
  StoredOutcome exact(numeric::Bits x, const PreparedParameter &p) const;
  /// Step 5-6: a rounded integer, range policy, clamp.
  StoredOutcome store(const numeric::BigInt &value, const PreparedParameter &p) const;
  StoredOutcome storeNaN(const PreparedParameter &p) const;
  StoredOutcome storeInfinity(bool negative, const PreparedParameter &p) const;

  const QuantType &type_;
  Semantics semantics_;
  std::vector<PreparedParameter> parameters_;
};

class DequantizeKernel {
public:
  DequantizeKernel(const QuantType &type, const Semantics &semantics);
  /// dcast of one stored value with parameters number `parameter`.
  ExpressedOutcome operator()(int64_t stored, int64_t parameter) const;

private:
  const QuantType &type_;
  Semantics semantics_;
  std::vector<PreparedParameter> parameters_;
};

} // namespace qi::quant

#endif
