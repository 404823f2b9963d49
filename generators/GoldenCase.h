//===- GoldenCase.h - The golden case model and its tag names ---*- C++ -*-===//
//
// Spec: docs/golden-format.md ("quant-interp-golden/1", "Case file"). A golden
// case is one program (a single quant.qcast or quant.dcast in func.func
// @main), one input tensor and the expected outputs under one or more
// profiles, computed by the same kernels quant-interp runs
// (GoldenExpected.h).
//
// A rescale case (op "rescale") is one tosa.rescale instead: integer input,
// the RESCALE attributes and operands as data (RescaleParams), and the
// expected output under one or more requantize recipes
// (interpreter/requant/RequantizeRecipe.h; GoldenRescale.h).
//
// An expected-rejection case (variant "reject") has no expected outputs but
// a Rejection: its program, run on its input, must fail (GoldenRun.h).
//
// What is derived from a case's parameters lives beside: its MLIR text in
// GoldenProgram.h, its ID, category and seed in GoldenIds.h.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCASE_H
#define QI_GENERATORS_GOLDENCASE_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/quant/QuantType.h"
#include "interpreter/requant/Rescale.h"
#include "interpreter/value/Shape.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

enum class Op { QCast, DCast, Rescale };
/// How the program's parameter type is written; the input always records its
/// concrete shape. Scalar: `f32`; ZeroD: `tensor<f32>`; Static: `tensor<4x8xf32>`;
/// Dynamic: some dimensions `?`; Unranked: `tensor<*xf32>`.
enum class ShapeKind { Scalar, ZeroD, Static, Dynamic, Unranked };

/// The names of the enums in case files and tags (`qcast`, `0-d`,
/// `per-axis`); parse* return nullopt for any other text.
std::string_view opName(Op op);
std::optional<Op> parseOp(std::string_view name);
std::string_view shapeKindName(ShapeKind kind);
std::optional<ShapeKind> parseShapeKind(std::string_view name);
std::string_view granularityName(quant::QuantType::Granularity g);
std::optional<quant::QuantType::Granularity> parseGranularity(std::string_view name);

/// How a rescale program gets its multiplier, shift and zero points:
/// `tosa.const` ops in @main ("constants") or four more parameters of @main
/// ("arguments", passed like the input).
enum class RescaleOperands { Constants, Arguments };
std::string_view rescaleOperandsName(RescaleOperands operands);
std::optional<RescaleOperands> parseRescaleOperands(std::string_view name);

/// The parameters of one tosa.rescale (spec/rescale.md [rescale.op]). All
/// integers are the values the op reads: zero points extended per
/// input_unsigned / output_unsigned (a u16 zero point 32768 is 32768), the
/// multiplier as the signed mul_t value (i32 with scale32, else i16), the
/// shift as the signed i8 value.
struct RescaleParams {
  requant::RescaleAttributes attributes;
  std::vector<int64_t> multipliers; ///< NC entries (per_channel: the last dimension)
  std::vector<int64_t> shifts;      ///< NC entries
  int64_t inputZp = 0;
  int64_t outputZp = 0;
  RescaleOperands operands = RescaleOperands::Constants;
};

/// Everything that determines a case's identity.
struct CaseParams {
  Op op = Op::QCast;
  quant::QuantType type; ///< qcast / dcast: kind Uniform, fully filled (spelling included)
  RescaleParams rescale; ///< rescale only
  ShapeKind shapeKind = ShapeKind::Static;
  Shape shape;                ///< concrete runtime shape ({} for scalar and 0-d)
  std::vector<bool> dynamic;  ///< ShapeKind::Dynamic: which dimensions are '?'
  std::string variant;        ///< "" or a discriminator such as "exhaustive"
};

/// An element whose allowed outputs are an interval wider than its
/// expected value: INEXACT_ROUND under the `tosa` recipe
/// ([rescale.inexact]); lo <= the expected value <= hi.
struct AllowedInterval {
  int64_t index = 0;
  int64_t lo = 0, hi = 0;
};

struct ExpectedOutput {
  /// qcast / dcast: the profile; rescale: the requantize recipe
  /// (`recipe` in the file).
  std::string profile;
  /// qcast / dcast: Semantics::describe() of the profile (its
  /// --list-profiles line is "PROFILE: DESCRIPTION"); rescale: the recipe's
  /// summary (requant::recipeSummary).
  std::string description;
  std::vector<int64_t> stored;         ///< qcast: stored integers; rescale: output integers (0 where poison)
  std::vector<numeric::Bits> floats;   ///< dcast: expressed bit patterns (0 where poison)
  /// Flat indices, ascending: don't-care elements (qcast / dcast: the
  /// profile leaves them undefined; rescale: the recipe computes no value).
  std::vector<int64_t> poison;
  /// Rescale only: elements that allow an interval, ascending by index.
  std::vector<AllowedInterval> intervals;
};

/// An expected rejection: the case's program must not produce an output for
/// its input. `reason` is "verifier" (MLIR's verifier rejects the program) or
/// "runtime-integrity" (the program is valid, but the input's runtime shape
/// breaks per-axis integrity or sub-channel block divisibility); `message` is
/// quant-interp's one-line error message for it.
struct Rejection {
  std::string reason;
  std::string message;
};

/// The rejection reasons: the first two for every op, the last two for
/// rescale only (spec/rescale.md [rescale.violation]).
inline constexpr std::string_view kRejectVerifier = "verifier";
inline constexpr std::string_view kRejectRuntimeIntegrity = "runtime-integrity";
/// An ERROR_IF of RESCALE holds (the program is in error).
inline constexpr std::string_view kRejectErrorIf = "error-if";
/// A REQUIRE fails for some element (the program is unpredictable).
inline constexpr std::string_view kRejectRequire = "require";
/// The variant of every rejection case (its ID reads `...-<shape kind>-reject-<hash>`).
inline constexpr std::string_view kRejectVariant = "reject";

struct GoldenCase {
  std::string id;
  std::string level;
  uint64_t seed = 0;
  CaseParams params;
  std::vector<numeric::Bits> inputFloats; ///< qcast input (expressed bit patterns)
  std::vector<int64_t> inputStored;       ///< dcast input (stored integers); rescale input integers
  std::vector<std::string> inputClasses;  ///< one class name per element
  std::vector<ExpectedOutput> expected; ///< empty for a rejection case
  /// Set for an expected-rejection case (then `expected` is empty).
  std::optional<Rejection> rejection;

  size_t numInputs() const {
    return params.op == Op::QCast ? inputFloats.size() : inputStored.size();
  }
  bool isRescale() const { return params.op == Op::Rescale; }
};

} // namespace qi::generators

#endif
