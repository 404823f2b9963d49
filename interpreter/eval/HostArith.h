//===- HostArith.h - Host-float fast paths of the arith evaluators -*- C++ -*-===//
//
// Spec: [fast.host-arith] in spec/performance.md. Whole-tensor arith ops on
// f32 / f64 elements (and the casts between them and i1..i64) computed with
// host IEEE operations, which give the numeric core's bits under
// [fast.environment]. An element whose host result is NaN is decided by the
// exact rule the caller passes (NaN payloads are the numeric core's business,
// [format.nan]). Every function returns nullopt when its conditions do not
// hold — then the evaluator computes every element exactly.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_HOSTARITH_H
#define QI_EVAL_HOSTARITH_H

#include "interpreter/numeric/RoundingMode.h"
#include "interpreter/value/RuntimeValue.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace qi::eval::hostarith {

/// The exact result bits of one element (the NaN cases).
using ExactBinary = llvm::function_ref<numeric::Bits(numeric::Bits, numeric::Bits)>;
using ExactUnary = llvm::function_ref<numeric::Bits(numeric::Bits)>;

enum class FloatBinary { Add, Sub, Mul, Div };

/// addf / subf / mulf / divf of two f32 or f64 tensors of one shape, no
/// poison elements, nearest-even, no nnan / ninf flags (`strict`).
std::optional<RuntimeValue> floatBinary(FloatBinary kind, const RuntimeValue &a,
                                        const RuntimeValue &b, numeric::RoundingMode mode,
                                        bool strict, ExactBinary exact);

/// sitofp / uitofp of an integer tensor (i1..i64 signed, i1..i63 unsigned)
/// into f32 or f64, nearest-even, no poison elements.
std::optional<RuntimeValue> intToFloat(bool isSigned, const RuntimeValue &in,
                                       unsigned intWidth, const ElementType &to,
                                       numeric::RoundingMode mode);

/// fptosi / fptoui of an f32 or f64 tensor into i1..i64 (toward zero; NaN,
/// infinities and out-of-range values are poison), no poison elements.
std::optional<RuntimeValue> floatToInt(bool isSigned, const RuntimeValue &in,
                                       unsigned intWidth, const ElementType &to);

/// extf f32 -> f64 / truncf f64 -> f32, nearest-even, no nnan / ninf flags
/// (`strict`), no poison elements.
std::optional<RuntimeValue> floatConvert(const RuntimeValue &in, const ElementType &to,
                                         numeric::RoundingMode mode, bool strict,
                                         ExactUnary exact);

enum class IntMinMax { MaxS, MinS, MaxU, MinU };

/// maxsi / minsi / maxui / minui of two integer tensors (i1..i64) of one
/// shape, no poison elements.
std::optional<RuntimeValue> intMinMax(IntMinMax kind, const RuntimeValue &a,
                                      const RuntimeValue &b, unsigned intWidth);

} // namespace qi::eval::hostarith

#endif
