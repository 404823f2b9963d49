//===- RequantizeRecipe.cpp - How a backend computes a rescale -------------===//
//
// Spec: [requant.recipes]. The recipes as data: name, summary, source, and
// the function that computes one element (interpreter/requant/recipes/).
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/RequantizeRecipe.h"

#include "interpreter/requant/recipes/Recipes.h"

namespace qi::requant {

namespace {

using RecipeFunction = RescaledElement (*)(const RescaleAttributes &, uint64_t, int64_t, int8_t,
                                           uint64_t, uint64_t);

struct RecipeEntry {
  RequantizeRecipe recipe;
  std::string_view name;
  RecipeFunction compute;
  std::string_view summary;
  std::string_view source;
};

const RecipeEntry kRecipes[] = {
    {RequantizeRecipe::Tosa, "tosa", rescaleElement,
     "TOSA 1.0 RESCALE: apply_scale_32/16, rounding_mode as the op says (INEXACT_ROUND as "
     "SINGLE_ROUND)",
     "arm/tosa-specification pseudocode/operators/RESCALE.tosac, "
     "pseudocode/library/scale_helpers.tosac"},
    {RequantizeRecipe::TosaSingleRound, "tosa-single-round", recipes::tosaSingleRound,
     "TOSA RESCALE always SINGLE_ROUND: one rounding, ties toward +inf (ignores DOUBLE_ROUND)",
     "arm/tosa-specification scale_helpers.tosac apply_scale_32 (double_round = false)"},
    {RequantizeRecipe::TosaDoubleRound, "tosa-double-round", recipes::tosaDoubleRound,
     "TOSA RESCALE always DOUBLE_ROUND with scale32: +-2^30 more rounding when shift > 31",
     "arm/tosa-specification scale_helpers.tosac apply_scale_32 (double_round = true)"},
    {RequantizeRecipe::Tflite, "tflite", recipes::tflite,
     "TFLite default build: gemmlowp SaturatingRoundingDoublingHighMul (ties toward +inf) then "
     "RoundingDivideByPOT (ties away from zero) on (multiplier, 31 - shift)",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/common.cc "
     "MultiplyByQuantizedMultiplier, reference/requantize.h Requantize; google/gemmlowp "
     "fixedpoint/fixedpoint.h"},
    {RequantizeRecipe::TfliteSingleRounding, "tflite-single-rounding",
     recipes::tfliteSingleRounding,
     "TFLite with TFLITE_SINGLE_ROUNDING: (value * multiplier + 2^(shift-1)) >> shift, one "
     "rounding, ties toward +inf; DCHECKs multiplier >= 0, 1 <= shift <= 62, int32 result",
     "tensorflow/tensorflow tensorflow/lite/kernels/internal/common.cc "
     "MultiplyByQuantizedMultiplier (TFLITE_SINGLE_ROUNDING)"},
    {RequantizeRecipe::TvmUpward, "tvm-upward", recipes::tvmUpward,
     "TVM qnn.requantize rounding=UPWARD: int64 fixed-point multiply, + 2^(n-1), >> n, ties "
     "toward +inf, int32 cast wraps",
     "apache/tvm src/relay/qnn/op/requantize.cc RequantizeLowerInt, src/relay/qnn/utils.cc, "
     "src/target/intrin_rule.cc q_multiply_shift"},
    {RequantizeRecipe::TvmToNearest, "tvm-tonearest", recipes::tvmToNearest,
     "TVM qnn.requantize rounding=TONEAREST: int64 fixed-point multiply, + 2^(n-1) (- 1 when "
     "negative), >> n, ties away from zero",
     "apache/tvm src/relay/qnn/op/requantize.cc RequantizeLowerInt, src/relay/qnn/utils.cc "
     "FixedPointMultiplyToNearest"},
    {RequantizeRecipe::OnnxruntimeMlas, "onnxruntime-mlas", recipes::onnxruntimeMlas,
     "ONNX Runtime MLAS: f32(value) * f32(real), clamp in float to [lo-zp, hi-zp], round to "
     "nearest even, + zp; 8-bit outputs only",
     "microsoft/onnxruntime onnxruntime/core/mlas/lib/quantize.cpp MlasRequantizeOutput (SSE2)"},
    {RequantizeRecipe::XnnpackFp32, "xnnpack-fp32", recipes::xnnpackFp32,
     "XNNPACK fp32: as onnxruntime-mlas (magic-bias rounding), asserting 2^-32 <= f32(real) < "
     "256; 8-bit outputs only",
     "google/XNNPACK src/qs8-requantization/qs8-requantization-fp32-scalar-fmagic.c, "
     "src/microparams-init.c"},
    {RequantizeRecipe::Fbgemm, "fbgemm", recipes::fbgemm,
     "FBGEMM: zp + lrintf(f32(f32(value) * f32(real))) in long, then clamp",
     "pytorch/FBGEMM include/fbgemm/QuantUtils.h Requantize<T> (float multiplier)"},
    {RequantizeRecipe::Pytorch, "pytorch", recipes::pytorch,
     "PyTorch: zp + lrintf(f32(f64(value) * f64(real))) in int64, then clamp; qint8, quint8, "
     "qint32 outputs",
     "pytorch/pytorch aten/src/ATen/native/quantized/AffineQuantizerBase.cpp "
     "requantize_from_int"},
};

const RecipeEntry &entry(RequantizeRecipe recipe) {
  for (const RecipeEntry &e : kRecipes)
    if (e.recipe == recipe)
      return e;
  return kRecipes[0];
}

} // namespace

std::string_view recipeName(RequantizeRecipe recipe) { return entry(recipe).name; }

const std::vector<RequantizeRecipe> &allRecipes() {
  static const std::vector<RequantizeRecipe> all = [] {
    std::vector<RequantizeRecipe> v;
    for (const RecipeEntry &e : kRecipes)
      v.push_back(e.recipe);
    return v;
  }();
  return all;
}

std::optional<RequantizeRecipe> parseRecipe(std::string_view name) {
  for (const RecipeEntry &e : kRecipes)
    if (e.name == name)
      return e.recipe;
  return std::nullopt;
}

std::string allRecipeNames() {
  std::string names;
  for (const RecipeEntry &e : kRecipes)
    names += (names.empty() ? "" : ", ") + std::string(e.name);
  return names;
}

std::string_view recipeSummary(RequantizeRecipe recipe) { return entry(recipe).summary; }

std::string_view recipeSource(RequantizeRecipe recipe) { return entry(recipe).source; }

RescaledElement requantizeElement(RequantizeRecipe recipe, const RescaleAttributes &attributes,
                                  uint64_t inputBits, int64_t multiplier, int8_t shift,
                                  uint64_t inputZpBits, uint64_t outputZpBits) {
  return entry(recipe).compute(attributes, inputBits, multiplier, shift, inputZpBits,
                               outputZpBits);
}

} // namespace qi::requant
