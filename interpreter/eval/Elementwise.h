//===- Elementwise.h - Apply a scalar rule to every element -----*- C++ -*-===//
//
// Spec: [eval.elementwise], [value.poison]. Elementwise ops (arith, math) act
// on scalars and on tensors of one shape alike; poison propagates.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_ELEMENTWISE_H
#define QI_EVAL_ELEMENTWISE_H

#include "interpreter/eval/Interpreter.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace qi::eval {

/// One result element: its bit pattern, or poison.
struct ElementResult {
  numeric::Bits bits = 0;
  bool poison = false;
};

/// A rule over the operands' elements at one index.
using ElementRule = llvm::function_ref<ElementResult(llvm::ArrayRef<numeric::Bits>)>;
/// A rule that also sees which operand elements are poison (arith.select).
using PoisonAwareRule =
    llvm::function_ref<ElementResult(llvm::ArrayRef<numeric::Bits>, llvm::ArrayRef<bool>)>;

/// The operands of `op` (all scalars, or tensors of one runtime shape) mapped
/// element by element into a value of `resultElement`; an element is poison
/// when any operand element is (then `rule` is not called) or `rule` says so.
RuntimeValue mapElements(mlir::Operation &op, llvm::ArrayRef<const RuntimeValue *> operands,
                         const ElementType &resultElement, ElementRule rule);
/// As mapElements, but the rule decides about poison operands itself.
RuntimeValue mapElementsPoisonAware(mlir::Operation &op,
                                    llvm::ArrayRef<const RuntimeValue *> operands,
                                    const ElementType &resultElement, PoisonAwareRule rule);

/// Evaluates a one-result elementwise op: operands from the frame, result
/// element type from the op's result type, result bound in the frame.
void evalElementwise(Interpreter &interp, Frame &frame, mlir::Operation &op, ElementRule rule);

} // namespace qi::eval

#endif
