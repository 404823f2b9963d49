//===- Golden.h - Golden cases: model, generation, expected values -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("quant-interp-golden/1"). A golden case is one
// program (a single quant.qcast or quant.dcast in func.func @main), one input
// tensor and the expected outputs under one or more profiles, computed by
// the same kernels quant-interp runs (QuantizeKernel / DequantizeKernel).
//
// An expected-rejection case (variant "reject") has no expected outputs but
// a Rejection: its program, run on its input, must fail (GoldenRun.h).
//
// Case IDs are derived from the case's parameters (op, quantized type, shape
// kind, concrete shape, variant), never from generation order, so adding a
// case to a level does not rename the others. Each case has its own seed,
// derived from the suite seed and the ID, for its random input elements
// (generators/Prng.h; no std::*_distribution).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDEN_H
#define QI_GENERATORS_GOLDEN_H

#include "numeric/FloatFormat.h"
#include "quant/QuantType.h"
#include "quant/Semantics.h"
#include "value/Shape.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::golden {

/// The format identifier written in every case and manifest.
inline constexpr std::string_view kFormatVersion = "quant-interp-golden/1";
/// The profiles a case lists unless --profiles says otherwise.
inline constexpr std::string_view kDefaultProfiles = "reference,mlir-lower-quant-ops";
/// Suite seed unless --seed says otherwise.
inline constexpr uint64_t kDefaultSeed = 1;

enum class Op { QCast, DCast };
/// How the program's parameter type is written; the input always records its
/// concrete shape. Scalar: `f32`; ZeroD: `tensor<f32>`; Static: `tensor<4x8xf32>`;
/// Dynamic: some dimensions `?`; Unranked: `tensor<*xf32>`.
enum class ShapeKind { Scalar, ZeroD, Static, Dynamic, Unranked };
enum class Level { Smoke, Full, Exhaustive };

std::string_view opName(Op op);
std::optional<Op> parseOp(std::string_view name);
std::string_view shapeKindName(ShapeKind kind);
std::optional<ShapeKind> parseShapeKind(std::string_view name);
std::string_view levelName(Level level);
std::optional<Level> parseLevel(std::string_view name);
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

// --- Text derived from the parameters ---------------------------------------

/// The MLIR spelling of a uniform quantized type, e.g.
/// `!quant.uniform<i8<-127:127>:f32, 0.1:-3>`, `!quant.uniform<u8:f16:1, {0.5:1, 2.0:0}>`,
/// `!quant.uniform<i8:f32:{0:1, 1:2}, {{0.1:0, 2.0:1}}>`. Scales are printed as the
/// shortest decimal that reads back to the stored bits (f64, or the expressed type for
/// sub-channel), so the program denotes exactly the type of the case.
std::string typeSpelling(const quant::QuantType &type);
/// The storage-width integer spelling quant-interp prints (`i8`, `ui8`).
std::string resultIntegerSpelling(const numeric::IntFormat &storage);
/// The type of the program's parameter or result: `element` wrapped per the
/// shape kind (scalar, `tensor<E>`, `tensor<4x?xE>`, `tensor<*xE>`).
std::string shapedSpelling(const CaseParams &p, const std::string &element);
/// The same type with the concrete shape (how the input / output is passed).
std::string concreteSpelling(const CaseParams &p, const std::string &element);
/// The whole program: one op in func.func @main.
std::string programText(const CaseParams &p);
/// Stable ID: `<op>-<granularity>-<storage>[n]-<expressed>-<shape kind>-<hash>`
/// (hash: 64-bit FNV-1a of the canonical parameter text, 12 hex digits).
std::string caseId(const CaseParams &p);
/// `<op>/<granularity>/<expressed>`: the unit of the manifest's counts and of
/// the sampling tests.
std::string caseCategory(const CaseParams &p);
/// Storage spelling as a tag: `i8`, `u4`.
std::string storageTag(const quant::QuantType &type);

// --- Generation ---------------------------------------------------------------

/// The case parameters of a level (order: the manifest's order). For the
/// exhaustive level this holds all 65,540 cases' parameters; prefer
/// forEachLevelCase there.
std::vector<CaseParams> levelCases(Level level);
/// Calls `visit` with the parameters of every case of `level`, in order, one
/// at a time: the exhaustive level's 65,536 f32 chunks are made on the fly,
/// so a caller that builds, writes and drops each case streams in constant
/// memory. Stops when `visit` returns false.
void forEachLevelCase(Level level, const std::function<bool(const CaseParams &)> &visit);
/// The number of cases forEachLevelCase visits.
size_t levelCaseCount(Level level);
/// Elements per chunk of the exhaustive f32 cases (2^16).
inline constexpr int64_t kExhaustiveChunkElements = int64_t(1) << 16;
/// The variant of chunk `k` of an exhaustive 32-bit sweep: `chunk` and 4
/// lower-case hex digits (`chunk00ff`); its inputs are the bit patterns
/// k * 2^16 ... k * 2^16 + 2^16 - 1.
std::string exhaustiveChunkVariant(uint64_t k);
/// k for an exhaustive chunk variant, nullopt for any other variant.
std::optional<uint64_t> exhaustiveChunkIndex(std::string_view variant);

/// Parses "a,b,c" (or "all") into profile names; on an unknown name returns
/// nullopt and names it in `error`.
std::optional<std::vector<std::string>> parseProfileList(std::string_view list,
                                                         std::string &error);
/// "PROFILE: DESCRIPTION", as `quant-interp --list-profiles` prints it.
std::string listProfilesLine(const std::string &profile);

/// Builds the inputs of a case (edge values interleaved with seeded random
/// ones) and its expected outputs under `profiles`.
GoldenCase buildCase(const CaseParams &params, Level level, uint64_t suiteSeed,
                     const std::vector<std::string> &profiles);

/// The expected output of `c`'s input under `profile`, computed with
/// QuantizeKernel / DequantizeKernel. Returns false with `error` set when the
/// profile is unknown or the shape breaks the type's integrity rules.
bool evaluateProfile(const GoldenCase &c, const std::string &profile, ExpectedOutput &out,
                     std::string &error);
/// The same under any semantics (a profile with knobs changed), recorded as
/// profile `name` in `out`.
bool evaluateSemantics(const GoldenCase &c, const quant::Semantics &semantics,
                       const std::string &name, ExpectedOutput &out, std::string &error);

/// Per-case seed: splitmix64 of the suite seed mixed with the ID's hash.
uint64_t caseSeed(uint64_t suiteSeed, const std::string &id);
/// 64-bit FNV-1a.
uint64_t fnv1a64(std::string_view text);

// --- Float text -----------------------------------------------------------------

/// "0x3F800000": the bit pattern, upper-case hex digits, ceil(bits/4) digits.
std::string hexBits(const numeric::FloatFormat &format, numeric::Bits bits);
/// formatDecimal for finite values; "inf", "-inf", "nan", "-nan" otherwise.
std::string decimalText(const numeric::FloatFormat &format, numeric::Bits bits);

} // namespace qi::golden

#endif
