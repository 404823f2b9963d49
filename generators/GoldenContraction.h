//===- GoldenContraction.h - Contraction cases: program, inputs, expected -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Contraction cases"), spec/tosa-contractions.md.
// What is particular to a TOSA operator case of a contraction or pooling op
// (tosa.matmul, tosa.conv2d, tosa.depthwise_conv2d, tosa.transpose_conv2d,
// tosa.avg_pool2d, tosa.max_pool2d; integer rows only): its MLIR text, ID,
// the output shape, the inputs by purpose, and its one expected output,
// computed with the interpreter's own kernels (interpreter/eval/
// TosaContraction.h, TosaPooling.h: the code quant-interp runs). Float
// contractions have no single bit-exact answer in TOSA (any accumulation
// order is allowed), so no case has float data. The family's interface,
// which dispatches here: GoldenTosaOp.h.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCONTRACTION_H
#define QI_GENERATORS_GOLDENCONTRACTION_H

#include "generators/GoldenTosaOp.h"

namespace qi::generators {

/// Which operands the op has beyond the input.
bool hasWeight(TosaOpKind kind);
bool hasBias(TosaOpKind kind);
/// The zero point operands the program declares as tosa.const: MATMUL
/// a_zp / b_zp, the convolutions input_zp / weight_zp, AVG_POOL2D input_zp /
/// output_zp, none for MAX_POOL2D.
bool hasZeroPoints(TosaOpKind kind);
/// out_t: acc_t for MATMUL and the convolutions, in_out_t for the pools.
std::string contractionOutputElement(const CaseParams &p);

/// The result's sizes the operator derives from the concrete input shapes
/// and attributes (integer division as idiv_check's, truncating), or
/// nullopt where the geometry has none (a negative size, a zero stride).
std::optional<Shape> derivedOutputShape(const CaseParams &p);
/// The result's declared dimensions (-1 where dynamic): declaredOutput, or
/// the derived sizes with a dynamic batch when the input's batch is dynamic
/// (an unranked case: the derived sizes; its program writes `tensor<*x…>`).
std::vector<int64_t> contractionDeclaredOutputDims(const CaseParams &p);
/// The result's concrete shape: the declared one with each dynamic size the
/// derived one (the input's batch). Throws std::logic_error when neither is
/// known.
Shape contractionOutputShape(const CaseParams &p);

/// `tensor<2x2x2x1xi8>`-style spellings of the weight and the bias.
std::string contractionWeightType(const CaseParams &p);
std::string contractionBiasType(const CaseParams &p);
/// The whole program: @main(%arg0 input, %weight, %bias) with the zero
/// points as tosa.const and one op.
std::string contractionProgramText(const CaseParams &p);

/// `<op>-<input>-<weight>-<acc>-<purpose>-<shape kind>[-<variant>][-tile<L>]-<hash>`
/// (the pools: `<op>-<input>-<purpose>-...`).
std::string contractionCaseId(const CaseParams &p);
/// `i8`, `i8xi4`, `i16xi8`.
std::string contractionTypesTag(const CaseParams &p);

/// evaluateTosaOp of a contraction case.
bool evaluateContraction(const GoldenCase &c, std::vector<int64_t> &values, std::string &error);

/// Fills the input, weight and bias integers and the input classes
/// according to the case's purpose (docs/golden-format.md, "Contraction
/// cases").
void makeContractionInputs(GoldenCase &c, SplitMix64 &rng);

} // namespace qi::generators

#endif
