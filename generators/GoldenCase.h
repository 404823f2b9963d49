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
// A contraction case (tags op "matmul", "conv2d", "depthwise_conv2d",
// "transpose_conv2d", "avg_pool2d", "max_pool2d"; Op::TosaOp) is one
// integer TOSA contraction or pooling op: the input tensor, the weight and
// bias tensors as further arguments of @main, the zero points as tosa.const,
// and one expected output, TOSA's (GoldenContraction.h).
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

enum class Op { QCast, DCast, Rescale, TosaOp };
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

/// The operators of TOSA operator cases: the six contraction and pooling
/// operators of spec/tosa-contractions.md, then five elementwise operators
/// of spec/tosa-elementwise.md.
enum class TosaOpKind {
  MatMul, Conv2d, DepthwiseConv2d, TransposeConv2d, AvgPool2d, MaxPool2d,
  Add, Sub, Mul, Negate, Clamp
};

/// The parameters of one TOSA operator case. The input's shape is
/// CaseParams::shape (a contraction's batch may be dynamic, an elementwise
/// input any dimension); MATMUL's B is the "weight". Element types are
/// signless MLIR integers (`i8`, `i4`, `i16`, `i32`, `i48`). The
/// contraction fields are empty for the elementwise ops and the reverse.
struct TosaOpParams {
  TosaOpKind kind = TosaOpKind::Conv2d;
  std::string input = "i8";  ///< in_t (MATMUL: A_t; pools: in_out_t)
  std::string weight = "i8"; ///< weight_t (MATMUL: B_t); "" for the pools
  std::string acc = "i32";   ///< acc_t = out_t of MATMUL and the convolutions, AVG_POOL2D's acc_type; "" for MAX_POOL2D
  Shape weightShape;         ///< [] for the pools
  Shape biasShape;           ///< [BC] for the convolutions, [] otherwise
  /// pad [top, bottom, left, right] (TRANSPOSE_CONV2D: out_pad), stride
  /// [y, x], dilation [y, x] (CONV2D, DEPTHWISE_CONV2D), kernel [y, x] (pools).
  std::vector<int64_t> pad, stride, dilation, kernel;
  /// A_zp / input_zp (NEGATE: input1_zp), B_zp / weight_zp, output_zp
  /// (AVG_POOL2D, NEGATE), as the op reads them (sign-extended).
  int64_t inputZp = 0, weightZp = 0, outputZp = 0;
  /// ADD, SUB, MUL: input2's concrete shape and which of its dimensions the
  /// program writes `?` (input2's type is the input's).
  Shape input2Shape;
  std::vector<bool> input2Dynamic;
  /// MUL's shift (a tosa.const tensor<1xi8>), CLAMP's min_val and max_val.
  int64_t shift = 0, minVal = 0, maxVal = 0;
  /// The declared result's dimensions (-1 where dynamic); empty: the sizes
  /// the operator derives from the inputs.
  std::vector<int64_t> declaredOutput;
  /// What the case is for (docs/golden-format.md, "Contraction cases"):
  /// `small`, `zero-points`, `acc-max`, ...; part of the ID.
  std::string purpose;
};

/// Everything that determines a case's identity.
struct CaseParams {
  Op op = Op::QCast;
  quant::QuantType type; ///< qcast / dcast: kind Uniform, fully filled (spelling included)
  RescaleParams rescale; ///< rescale only
  TosaOpParams tosaOp; ///< TOSA operator cases only
  ShapeKind shapeKind = ShapeKind::Static;
  Shape shape;                ///< concrete runtime shape ({} for scalar and 0-d)
  std::vector<bool> dynamic;  ///< ShapeKind::Dynamic: which dimensions are '?'
  std::string variant;        ///< "" or a discriminator such as "exhaustive"
  /// 0, or the period L of a tiled case (quant-interp-golden/2,
  /// docs/golden-format.md "Tiled cases"): element i of the input (of a TOSA
  /// operator's input2 of the input's shape) and of every expected output
  /// equals element i % L, and the file lists the first L elements only. Lets
  /// a case of more than 65,536 elements cost L listed elements; part of the
  /// ID (`-tileL`). A TOSA operator case is tiled only where output element i
  /// stands for input element i (GoldenTile.h, tosaTileProblem).
  int64_t period = 0;
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
  std::vector<int64_t> inputStored;       ///< dcast input (stored integers); rescale / TOSA operator input integers
  /// Contraction only: the weight (MATMUL: B) and bias integers, row-major.
  std::vector<int64_t> weightStored, biasStored;
  /// ADD / SUB / MUL only: input2's integers, row-major.
  std::vector<int64_t> input2Stored;
  std::vector<std::string> inputClasses;  ///< one class name per element
  std::vector<ExpectedOutput> expected; ///< empty for a rejection case
  /// Set for an expected-rejection case (then `expected` is empty).
  std::optional<Rejection> rejection;

  /// The elements of each expected output: the length of the input for
  /// qcast, dcast and rescale; a TOSA operator's output has its own shape
  /// (outputShape: a contraction's window, ADD's broadcast).
  size_t numOutputs() const {
    if (params.op == Op::TosaOp)
      return size_t(numElements(outputShape));
    return params.op == Op::QCast ? inputFloats.size() : inputStored.size();
  }
  /// Every input element (a contraction's weight and bias, input2 included).
  size_t inputElementCount() const {
    if (params.op == Op::TosaOp)
      return inputStored.size() + weightStored.size() + biasStored.size() + input2Stored.size();
    return numOutputs();
  }
  bool isRescale() const { return params.op == Op::Rescale; }
  bool isTosaOp() const { return params.op == Op::TosaOp; }
  /// TOSA operator cases only: the result's concrete shape (derived from
  /// the parameters, tosaOpOutputShape in GoldenTosaOp.h).
  Shape outputShape;
};

} // namespace qi::generators

#endif
