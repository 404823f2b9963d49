//===- TosaElementwise.h - TOSA 1.0 ADD, SUB, MUL, CLAMP, NEGATE -*- C++ -*-===//
//
// Spec: spec/tosa-elementwise.md [tosa-ew.errors], [tosa-ew.broadcast],
// [tosa.add], [tosa.sub], [tosa.mul], [tosa.clamp], [tosa.negate]. Each
// kernel is its operator's pseudo-code (TOSA 1.0.2,
// pseudocode/operators/*.tosac) on runtime values: the checks in the order
// of [tosa-ew.errors], then one output element at a time in row-major
// order. No MLIR: TosaElementwiseOps.cpp reads the ops, the differential
// test calls the kernels directly. Throws tosakernel::KernelError.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSAELEMENTWISE_H
#define QI_EVAL_TOSAELEMENTWISE_H

#include "interpreter/eval/TosaKernelSupport.h"
#include "interpreter/eval/TosaPooling.h" // NanMode

namespace qi::eval::tosakernel {

/// The type-support tables of TOSA 1.0 (tosa.xml). [tosa-ew.types]
const TypeTable &addSubTypes(const char *op); ///< ADD, SUB: in_out_t
const TypeTable &mulTypes();                  ///< in_t, out_t
const TypeTable &clampTypes();                ///< in_out_t
const TypeTable &negateTypes();               ///< in_out_t (acc_t follows from it)

/// broadcast_shape(shape1, shape2) with its ERROR_IFs ("broadcast_shape in
/// ADD"), then ERROR_IF(shape != broadcast_shape(shape1, shape2)) against
/// the declared output; the output's runtime shape. [tosa-ew.broadcast]
Shape broadcastOutput(const char *op, const Shape &shape1, const Shape &shape2,
                      const DeclaredShape &output);

/// The runtime shape of an output that must have `shape` (CLAMP, NEGATE:
/// the input's): ERROR_IF(<condition>) of `op` where the declared one
/// differs. `condition` is "shape(output) != shape(input)" and the like.
Shape sameShapeOutput(const char *op, const DeclaredShape &output, const Shape &shape,
                      const std::string &condition, const std::string &shapeName);

/// "[2, 3]" of a declared shape ("[?, 3]", "*").
std::string declaredShapeText(const DeclaredShape &declared);

/// ADD / SUB: apply_add_s / apply_sub_s<in_out_t> of broadcast elements.
/// [tosa.add] [tosa.sub]
RuntimeValue add(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &input2,
                 const DeclaredShape &output);
RuntimeValue sub(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &input2,
                 const DeclaredShape &output);

/// MUL: in_t x in_t -> out_t, `shift` a one-element i8 tensor. [tosa.mul]
RuntimeValue mul(const ElementType &in, const ElementType &out, const RuntimeValue &input1,
                 const RuntimeValue &input2, const RuntimeValue &shift,
                 const DeclaredShape &output);

/// CLAMP's attributes: min_val and max_val as in_out_t patterns.
struct ClampAttributes {
  numeric::Bits minVal = 0, maxVal = 0;
  NanMode nanMode = NanMode::Propagate;
};
/// CLAMP: apply_clip_s<in_out_t>(value, min_val, max_val, nan_mode). [tosa.clamp]
RuntimeValue clamp(const ElementType &inOut, const RuntimeValue &input, const ClampAttributes &a,
                   const DeclaredShape &output);

/// NEGATE with its zero point operands (one element each). [tosa.negate]
RuntimeValue negate(const ElementType &inOut, const RuntimeValue &input1,
                    const RuntimeValue &input1Zp, const RuntimeValue &outputZp,
                    const DeclaredShape &output);

} // namespace qi::eval::tosakernel

#endif
