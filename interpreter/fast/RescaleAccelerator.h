//===- RescaleAccelerator.h - tosa.rescale of a whole tensor -----*- C++ -*-===//
//
// Spec: [fast.rescale] in spec/performance.md. For an op that planRescale
// (RescalePlan.h) claims, every element is RESCALE's formula of
// [rescale.op] with no REQUIRE to check: one tight loop over the stored
// integers per (in_t storage, out_t storage), the channel's constants in
// registers (per-tensor) or read per element (per-channel, the last axis);
// i32 -> byte outputs four lanes at a time in SSE2 (RescaleVector.h).
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_RESCALEACCELERATOR_H
#define QI_FAST_RESCALEACCELERATOR_H

#include "interpreter/fast/RescalePlan.h"
#include "interpreter/value/RuntimeValue.h"

namespace qi::fast {

/// How rescaleTensor computes: the vector form (RescaleVector.h) where it
/// applies and the scalar loop for the rest, or the scalar loop only (the
/// differential test compares both).
enum class RescaleForm { Best, Scalar };

/// Every element of `input` (in_t patterns) rescaled by `plan` into
/// `result`, a fresh tensor of out_t (all zero, none poison) of the same
/// shape. A poison input element gives a poison result element with bits 0,
/// as the reference loop of tosa.rescale leaves it. Returns how many
/// elements the vector form computed.
int64_t rescaleTensor(const RescalePlan &plan, const RuntimeValue &input, RuntimeValue &result,
                      RescaleForm form = RescaleForm::Best);

} // namespace qi::fast

#endif
