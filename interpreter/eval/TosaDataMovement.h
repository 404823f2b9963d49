//===- TosaDataMovement.h - TOSA 1.0 RESHAPE, TRANSPOSE, PAD, CONCAT, SLICE -*- C++ -*-===//
//
// Spec: spec/tosa-elementwise.md [tosa.const-shape], [tosa.reshape],
// [tosa.transpose], [tosa.pad], [tosa.concat], [tosa.slice]. Each kernel is
// its operator's pseudo-code (TOSA 1.0.2, pseudocode/operators/*.tosac) on
// runtime values: the checks in the order of [tosa-ew.errors], then the
// elements, which move with their poison bit unchanged (no arithmetic, so
// NaN payloads are kept too). No MLIR: TosaDataMovementOps.cpp reads the
// ops. Throws tosakernel::KernelError.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TOSADATAMOVEMENT_H
#define QI_EVAL_TOSADATAMOVEMENT_H

#include "interpreter/eval/TosaKernelSupport.h"

namespace qi::eval::tosakernel {

/// The type-support table of RESHAPE, TRANSPOSE, PAD, CONCAT, SLICE (the
/// same rows: bool_t, i8_t, i16_t, i32_t, fp8e4m3_t, fp8e5m2_t, fp16_t,
/// bf16_t, fp32_t). [tosa-ew.types]
const TypeTable &dataMovementTypes(const char *op);

/// A !tosa.shape value at run time: a rank-1 tensor of `index` holding the
/// shape_t's values. [tosa.const-shape]
RuntimeValue shapeValue(const std::vector<int64_t> &values);
/// The values of shape_t operand `name` (a value made by shapeValue).
std::vector<int64_t> shapeValues(const char *name, const RuntimeValue &shape);

/// RESHAPE: `shape` a shape_t value; one -1 (MLIR 22) is inferred. [tosa.reshape]
RuntimeValue reshape(const ElementType &inOut, const RuntimeValue &input1,
                     const RuntimeValue &shape, const DeclaredShape &output);

/// TRANSPOSE by the perms attribute. [tosa.transpose]
RuntimeValue transpose(const ElementType &inOut, const RuntimeValue &input1,
                       const std::vector<int64_t> &perms, const DeclaredShape &output);

/// PAD: `padding` a shape_t value [start_0, end_0, start_1, ...], `padConst`
/// a one-element in_out_t tensor. [tosa.pad]
RuntimeValue pad(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &padding,
                 const RuntimeValue &padConst, const DeclaredShape &output);

/// CONCAT of `inputs` along `axis`. [tosa.concat]
RuntimeValue concat(const ElementType &inOut, const std::vector<const RuntimeValue *> &inputs,
                    int64_t axis, const DeclaredShape &output);

/// SLICE: `start`, `size` shape_t values; a size of -1 (MLIR 22) reaches to
/// the end of the dimension. [tosa.slice]
RuntimeValue slice(const ElementType &inOut, const RuntimeValue &input1, const RuntimeValue &start,
                   const RuntimeValue &size, const DeclaredShape &output);

} // namespace qi::eval::tosakernel

#endif
