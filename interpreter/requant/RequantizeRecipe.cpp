//===- RequantizeRecipe.cpp - How a backend computes a rescale -------------===//
//
// Spec: [requant.recipes].
//
//===----------------------------------------------------------------------===//
#include "interpreter/requant/RequantizeRecipe.h"

namespace qi::requant {

std::string_view recipeName(RequantizeRecipe recipe) {
  switch (recipe) {
  case RequantizeRecipe::Tosa:
    return "tosa";
  }
  return "?";
}

const std::vector<RequantizeRecipe> &allRecipes() {
  static const std::vector<RequantizeRecipe> all = {RequantizeRecipe::Tosa};
  return all;
}

std::optional<RequantizeRecipe> parseRecipe(std::string_view name) {
  for (RequantizeRecipe recipe : allRecipes())
    if (recipeName(recipe) == name)
      return recipe;
  return std::nullopt;
}

std::string allRecipeNames() {
  std::string names;
  for (RequantizeRecipe recipe : allRecipes())
    names += (names.empty() ? "" : ", ") + std::string(recipeName(recipe));
  return names;
}

std::string_view recipeSummary(RequantizeRecipe recipe) {
  switch (recipe) {
  case RequantizeRecipe::Tosa:
    return "TOSA 1.0 RESCALE: apply_scale_32/16, rounding_mode as the op says "
           "(INEXACT_ROUND as SINGLE_ROUND)";
  }
  return "?";
}

RescaledElement requantizeElement(RequantizeRecipe recipe, const RescaleAttributes &attributes,
                                  uint64_t inputBits, int64_t multiplier, int8_t shift,
                                  uint64_t inputZpBits, uint64_t outputZpBits) {
  switch (recipe) {
  case RequantizeRecipe::Tosa:
    return rescaleElement(attributes, inputBits, multiplier, shift, inputZpBits, outputZpBits);
  }
  return rescaleElement(attributes, inputBits, multiplier, shift, inputZpBits, outputZpBits);
}

} // namespace qi::requant
