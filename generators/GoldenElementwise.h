//===- GoldenElementwise.h - Elementwise cases: program, inputs, expected -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Elementwise cases"), spec/tosa-elementwise.md.
// What is particular to a TOSA operator case of an elementwise op (tosa.add,
// tosa.sub, tosa.mul, tosa.negate, tosa.clamp; integer rows only): its MLIR
// text, ID, the broadcast output shape, the inputs by purpose, and its one
// expected output, computed with the interpreter's own kernels
// (interpreter/eval/TosaElementwise.h: the code quant-interp runs). The
// family's interface, which dispatches here: GoldenTosaOp.h.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENELEMENTWISE_H
#define QI_GENERATORS_GOLDENELEMENTWISE_H

#include "generators/GoldenTosaOp.h"

namespace qi::generators {

/// ADD, SUB, MUL: the op has input2.
bool hasInput2(TosaOpKind kind);
/// out_t: i32 for MUL, in_out_t otherwise.
std::string elementwiseOutputElement(const CaseParams &p);

/// broadcast_shape of the inputs' concrete shapes (the input's alone for
/// NEGATE and CLAMP), or nullopt where the ranks differ or a pair of sizes
/// does not broadcast.
std::optional<Shape> broadcastShape(const CaseParams &p);
/// The result's declared dimensions: declaredOutput, or the broadcast sizes
/// with -1 where an input writes `?` (an unranked case: the broadcast sizes;
/// its program writes `tensor<*x…>`).
std::vector<int64_t> elementwiseDeclaredOutputDims(const CaseParams &p);
/// The declared dimensions with each `?` the broadcast size. Throws
/// std::logic_error when neither is known.
Shape elementwiseOutputShape(const CaseParams &p);

/// The whole program: @main(%arg0 input[, %input2]) with MUL's shift and
/// NEGATE's zero points as tosa.const and one op.
std::string elementwiseProgramText(const CaseParams &p);

/// `<op>-<in_t>[-<out_t>]-<purpose>-<shape kind>[-<variant>][-tile<L>]-<hash>` (out_t
/// for MUL only).
std::string elementwiseCaseId(const CaseParams &p);

/// evaluateTosaOp of an elementwise case.
bool evaluateElementwise(const GoldenCase &c, std::vector<int64_t> &values, std::string &error);

/// Fills input, input2 and the input classes according to the case's
/// purpose (docs/golden-format.md, "Elementwise cases").
void makeElementwiseInputs(GoldenCase &c, SplitMix64 &rng);

} // namespace qi::generators

#endif
