//===- GoldenRescale.h - Rescale cases: program, inputs, expected -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Rescale cases"), spec/rescale.md,
// spec/requantize.md. Everything that is particular to a golden case of
// op "rescale" (one tosa.rescale in func.func @main): its MLIR text, ID and
// category, the ERROR_IFs and REQUIREs that make it an expected rejection,
// its input classes, and its expected outputs under the requantize recipes,
// computed with requant::checkRescale / requant::requantizeElement (the
// code quant-interp runs) and, for INEXACT_ROUND under `tosa`, the allowed
// interval of [rescale.inexact].
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENRESCALE_H
#define QI_GENERATORS_GOLDENRESCALE_H

#include "generators/GoldenCase.h"
#include "generators/Prng.h"
#include "interpreter/requant/RequantizeRecipe.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace qi::generators {

/// The recipes a rescale case lists unless --recipes says otherwise: every
/// recipe of requant::allRecipes() (integer arithmetic: cheap).
inline constexpr std::string_view kDefaultRecipes = "all";

/// Parses "a,b,c" (or "all") into recipe names; on an unknown name returns
/// nullopt and names it in `error`.
std::optional<std::vector<std::string>> parseRecipeList(std::string_view list,
                                                        std::string &error);
/// "RECIPE: SUMMARY" (requant::recipeSummary).
std::string recipeLine(const std::string &recipe);

/// The smallest and largest value of a `width`-bit integer read as unsigned
/// or signed (width 1..64; unsigned up to 63).
int64_t intTypeMin(unsigned width, bool isUnsigned);
int64_t intTypeMax(unsigned width, bool isUnsigned);

/// `i8`, `u8`, `i16`, `u16`, `i32`, `i48`: the input / output type as the op
/// reads it (width and *_unsigned); parseRescaleIntTag reads it back.
std::string rescaleIntTag(unsigned width, bool isUnsigned);
std::string rescaleInputTag(const RescaleParams &r);
std::string rescaleOutputTag(const RescaleParams &r);
bool parseRescaleIntTag(std::string_view tag, unsigned &width, bool &isUnsigned);
/// `single`, `inexact`, `double` (IDs and categories).
std::string_view roundingTag(requant::RoundingMode mode);
/// `per-tensor` / `per-channel`.
std::string_view rescaleGranularityTag(const RescaleParams &r);

/// NC: the number of multipliers and shifts the op reads for the case's
/// concrete shape (shape[rank - 1] when per_channel, else 1; 0 when
/// per_channel on rank 0).
int64_t rescaleChannelCount(const CaseParams &p);
/// The channel of flat element `i` (i % NC when per_channel, else 0).
size_t rescaleChannelOf(const CaseParams &p, size_t i);

/// The signless element types of the program: `i8`, `i48` (input), `i16`.
std::string rescaleInputElement(const CaseParams &p);
std::string rescaleOutputElement(const CaseParams &p);
/// The whole program: @main with one tosa.rescale (operands as tosa.const,
/// or as parameters 1-4 of @main).
std::string rescaleProgramText(const CaseParams &p);
/// The operands as `quant-interp --arg` text, in parameter order
/// (multiplier, shift, input_zp, output_zp), e.g. `dense<[1073741824]> :
/// tensor<1xi32>`; empty unless operands are arguments.
std::vector<std::string> rescaleOperandArguments(const CaseParams &p);
/// The operands' types in the program (`tensor<1xi32>`; `tensor<?xi32>` for
/// a per-channel multiplier / shift on a dynamic last dimension), in the
/// same order.
std::vector<std::string> rescaleOperandTypes(const CaseParams &p);

/// `rescale-<granularity>-<in>-<out>-<rounding>-<shape kind>[-<variant>][-tile<L>]-<hash>`.
std::string rescaleCaseId(const CaseParams &p);
/// `rescale/<in>-<out>/<rounding>`.
std::string rescaleCategory(const CaseParams &p);

/// The first ERROR_IF of RESCALE that holds for the case (checkRescale on
/// its attributes, zero points and input rank), or nullopt.
std::optional<requant::Violation> rescaleErrorIf(const CaseParams &p);
/// One element under `recipe`: input value `x` (as the op reads it) of
/// flat element `i`. The caller has checked the ERROR_IFs.
requant::RescaledElement rescaleElementOf(const CaseParams &p, requant::RequantizeRecipe recipe,
                                          size_t i, int64_t x);
/// [rescale.inexact]: the interval of outputs INEXACT_ROUND allows for
/// element `i` with input `x` (fp64, in the specification's order; clipped
/// to out_t's range as the op clips).
std::pair<int64_t, int64_t> inexactInterval(const CaseParams &p, size_t i, int64_t x);
/// The first element whose REQUIRE fails under `tosa`, with the violation.
std::optional<std::pair<size_t, requant::Violation>> firstRequireViolation(const GoldenCase &c);

/// The expected output of a rescale case under `recipe` (poison: the
/// elements the recipe computes no value for; intervals: INEXACT_ROUND
/// under `tosa`). False with `error` for an unknown recipe.
bool evaluateRecipe(const GoldenCase &c, const std::string &recipe, ExpectedOutput &out,
                    std::string &error);

/// Fills `c.inputStored` / `c.inputClasses` (docs/golden-format.md, "Rescale
/// input classes"); value cases use only inputs whose REQUIREs hold. A tiled
/// case (period L) gets its first L elements only.
void makeRescaleInputs(GoldenCase &c, SplitMix64 &rng);

} // namespace qi::generators

#endif
