//===- GoldenContraction.h - Contraction cases: program, inputs, expected -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Contraction cases"), spec/tosa-contractions.md.
// Everything particular to a golden case of a TOSA contraction or pooling op
// (tosa.matmul, tosa.conv2d, tosa.depthwise_conv2d, tosa.transpose_conv2d,
// tosa.avg_pool2d, tosa.max_pool2d; integer rows only): its MLIR text, ID
// and category, the output shape, the inputs by purpose, and its one
// expected output, computed with the interpreter's own kernels
// (interpreter/eval/TosaContraction.h, TosaPooling.h: the code quant-interp
// runs). Float contractions have no single bit-exact answer in TOSA (any
// accumulation order is allowed), so no case has float data.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCONTRACTION_H
#define QI_GENERATORS_GOLDENCONTRACTION_H

#include "generators/GoldenCase.h"
#include "generators/Prng.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// The name of the one expected output of a contraction case (tags
/// `semantics`): TOSA 1.0's pseudo-code, which defines every integer result.
inline constexpr std::string_view kContractionSemantics = "tosa";
/// Its summary line (`summary` in the file).
std::string contractionSummaryLine();

/// `matmul`, `conv2d`, `depthwise_conv2d`, `transpose_conv2d`, `avg_pool2d`,
/// `max_pool2d` (tags `op`, the op's MLIR name after `tosa.`).
std::string_view contractionOpName(ContractionKind kind);
std::optional<ContractionKind> parseContractionOp(std::string_view name);
/// Which operands the op has beyond the input.
bool hasWeight(ContractionKind kind);
bool hasBias(ContractionKind kind);
/// The zero point operands the program declares as tosa.const: MATMUL
/// a_zp / b_zp, the convolutions input_zp / weight_zp, AVG_POOL2D input_zp /
/// output_zp, none for MAX_POOL2D.
bool hasZeroPoints(ContractionKind kind);
/// out_t: acc_t for MATMUL and the convolutions, in_out_t for the pools.
std::string contractionOutputElement(const CaseParams &p);

/// The result's sizes the operator derives from the concrete input shapes
/// and attributes (integer division as idiv_check's, truncating), or
/// nullopt where the geometry has none (a negative size, a zero stride).
std::optional<Shape> derivedOutputShape(const CaseParams &p);
/// The result's declared dimensions (-1 where dynamic): declaredOutput, or
/// the derived sizes with a dynamic batch when the input's batch is dynamic.
std::vector<int64_t> declaredOutputDims(const CaseParams &p);
/// The result's concrete shape: the declared one with each dynamic size the
/// derived one (the input's batch). Throws std::logic_error when neither is
/// known.
Shape contractionOutputShape(const CaseParams &p);

/// `tensor<1x?x4x2xi8>`-style spellings of the input (program / concrete),
/// weight, bias and output (program / concrete).
std::string contractionInputType(const CaseParams &p, bool concrete);
std::string contractionWeightType(const CaseParams &p);
std::string contractionBiasType(const CaseParams &p);
std::string contractionOutputType(const CaseParams &p, bool concrete);
/// The whole program: @main(%arg0 input, %weight, %bias) with the zero
/// points as tosa.const and one op.
std::string contractionProgramText(const CaseParams &p);
/// The weight and bias as `quant-interp --arg` text (after the input), in
/// parameter order; empty for the pools.
std::vector<std::string> contractionOperandArguments(const GoldenCase &c);
/// `dense<[[1, 2]]> : tensor<1x2xi8>` of flat row-major `values`.
std::string denseIntText(const std::vector<int64_t> &values, const Shape &shape,
                         const std::string &type);

/// `<op>-<input>-<weight>-<acc>-<purpose>-<shape kind>[-<variant>]-<hash>`
/// (the pools: `<op>-<input>-<purpose>-...`).
std::string contractionCaseId(const CaseParams &p);
/// `<op>/<input>[x<weight>]/<purpose>`.
std::string contractionCategory(const CaseParams &p);
/// `i8`, `i8xi4`, `i16xi8`: the type row (manifest `byContractionTypes`).
std::string contractionTypesTag(const CaseParams &p);

/// The smallest and largest value of a signless `iN` type read signed.
int64_t signedMin(const std::string &type);
int64_t signedMax(const std::string &type);

/// Runs the interpreter's kernel on the case's inputs. On success returns
/// true with the output integers (row-major, out_t read signed); when the
/// kernel stops at an ERROR_IF or REQUIRE (or any of its checks) returns
/// false with `error` = its message after `tosa.<op>: `.
bool evaluateContraction(const GoldenCase &c, std::vector<int64_t> &values, std::string &error);
/// The expected output of a contraction case (kContractionSemantics).
bool contractionExpected(const GoldenCase &c, ExpectedOutput &out, std::string &error);

/// Fills the input, weight and bias integers and the input classes
/// according to the case's purpose (docs/golden-format.md, "Contraction
/// cases").
void makeContractionInputs(GoldenCase &c, SplitMix64 &rng);

/// The static consistency of a contraction rejection (no MLIR): an
/// `error-if` or `require` case makes the kernel stop with that kind of
/// message, which the rejection's contains; a `verifier` one needs only its
/// form. False with `error` describing the difference.
bool contractionRejectionMatches(const GoldenCase &c, std::string &error);

} // namespace qi::generators

#endif
