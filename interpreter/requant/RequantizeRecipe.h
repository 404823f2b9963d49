//===- RequantizeRecipe.h - How a backend computes a rescale -----*- C++ -*-===//
//
// Spec: [requant.recipes] (spec/requantize.md). A requantize recipe is the
// computation a backend really performs where a program says tosa.rescale:
// the TOSA specification's own (the op's rounding_mode honoured), or a
// framework's fixed-point or float requantize applied to the same
// (multiplier, shift). Selected per run by the profile's `requantize` field
// or --requantize. The recipes themselves: interpreter/requant/recipes/.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_REQUANTIZERECIPE_H
#define QI_REQUANT_REQUANTIZERECIPE_H

#include "interpreter/requant/Rescale.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::requant {

/// In the order of spec/requantize.md's table; one [requant.<name>] clause each.
enum class RequantizeRecipe {
  /// The TOSA 1.0 specification: RESCALE as written, rounding_mode honoured
  /// (INEXACT_ROUND computed as SINGLE_ROUND). [rescale.op]
  Tosa,
  /// RESCALE, always SINGLE_ROUND. [requant.tosa-single-round]
  TosaSingleRound,
  /// RESCALE, always DOUBLE_ROUND with scale32. [requant.tosa-double-round]
  TosaDoubleRound,
  /// TFLite default build: gemmlowp's two roundings. [requant.tflite]
  Tflite,
  /// TFLite with TFLITE_SINGLE_ROUNDING. [requant.tflite-single-rounding]
  TfliteSingleRounding,
  /// TVM qnn.requantize, "UPWARD". [requant.tvm-upward]
  TvmUpward,
  /// TVM qnn.requantize, "TONEAREST". [requant.tvm-tonearest]
  TvmToNearest,
  /// ONNX Runtime MlasRequantizeOutput. [requant.onnxruntime-mlas]
  OnnxruntimeMlas,
  /// XNNPACK fp32 requantization. [requant.xnnpack-fp32]
  XnnpackFp32,
  /// FBGEMM Requantize with a float multiplier. [requant.fbgemm]
  Fbgemm,
  /// PyTorch requantize_from_int. [requant.pytorch]
  Pytorch,
};

/// The recipe's name on the command line and in profiles ("tosa").
std::string_view recipeName(RequantizeRecipe recipe);
std::optional<RequantizeRecipe> parseRecipe(std::string_view name);
/// Every recipe, in the order of spec/requantize.md.
const std::vector<RequantizeRecipe> &allRecipes();
/// "tosa, ..." for messages.
std::string allRecipeNames();
/// One line: what the recipe computes (for --list-requantize-recipes).
std::string_view recipeSummary(RequantizeRecipe recipe);
/// The repository, file and function the recipe follows.
std::string_view recipeSource(RequantizeRecipe recipe);

/// One element of a tosa.rescale computed by `recipe`, after checkRescale
/// passed (the op's ERROR_IFs hold for every recipe: they are about the
/// program, not the backend). A framework precondition that does not hold is
/// a violation naming the framework's function and condition.
RescaledElement requantizeElement(RequantizeRecipe recipe, const RescaleAttributes &attributes,
                                  uint64_t inputBits, int64_t multiplier, int8_t shift,
                                  uint64_t inputZpBits, uint64_t outputZpBits);

} // namespace qi::requant

#endif
