//===- GoldenCase.h - The golden case model and its tag names ---*- C++ -*-===//
//
// Spec: docs/golden-format.md ("quant-interp-golden/1", "Case file"). A golden
// case is one program (a single quant.qcast or quant.dcast in func.func
// @main), one input tensor and the expected outputs under one or more
// profiles, computed by the same kernels quant-interp runs
// (GoldenExpected.h).
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
#include "interpreter/value/Shape.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

enum class Op { QCast, DCast };
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

/// Everything that determines a case's identity.
struct CaseParams {
  Op op = Op::QCast;
  quant::QuantType type; ///< kind Uniform, fully filled (spelling included)
  ShapeKind shapeKind = ShapeKind::Static;
  Shape shape;                ///< concrete runtime shape ({} for scalar and 0-d)
  std::vector<bool> dynamic;  ///< ShapeKind::Dynamic: which dimensions are '?'
  std::string variant;        ///< "" or a discriminator such as "exhaustive"
};

struct ExpectedOutput {
  std::string profile;
  /// Semantics::describe() of the profile (its --list-profiles line is
  /// "PROFILE: DESCRIPTION").
  std::string description;
  std::vector<int64_t> stored;         ///< qcast: stored integers (0 where poison)
  std::vector<numeric::Bits> floats;   ///< dcast: expressed bit patterns (0 where poison)
  std::vector<int64_t> poison;         ///< flat indices, ascending
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

/// The two rejection reasons.
inline constexpr std::string_view kRejectVerifier = "verifier";
inline constexpr std::string_view kRejectRuntimeIntegrity = "runtime-integrity";
/// The variant of every rejection case (its ID reads `...-<shape kind>-reject-<hash>`).
inline constexpr std::string_view kRejectVariant = "reject";

struct GoldenCase {
  std::string id;
  std::string level;
  uint64_t seed = 0;
  CaseParams params;
  std::vector<numeric::Bits> inputFloats; ///< qcast input (expressed bit patterns)
  std::vector<int64_t> inputStored;       ///< dcast input (stored integers)
  std::vector<std::string> inputClasses;  ///< one class name per element
  std::vector<ExpectedOutput> expected; ///< empty for a rejection case
  /// Set for an expected-rejection case (then `expected` is empty).
  std::optional<Rejection> rejection;

  size_t numInputs() const {
    return params.op == Op::QCast ? inputFloats.size() : inputStored.size();
  }
};

} // namespace qi::generators

#endif
