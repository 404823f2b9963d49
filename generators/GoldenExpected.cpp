//===- GoldenExpected.cpp - Profiles and the expected outputs --------------===//
//
// Spec: docs/golden-format.md ("Case file": `expected`).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenExpected.h"
#include "generators/GoldenTosaOp.h"
#include "generators/NameList.h"

#include "interpreter/quant/ReferenceKernels.h"
#include "interpreter/quant/ParameterMap.h"

namespace qi::generators {

std::optional<std::vector<std::string>> parseProfileList(std::string_view list,
                                                         std::string &error) {
  std::vector<std::string> known(quant::profileNames().begin(), quant::profileNames().end());
  return parseNameList(list, known, "profile", error);
}

std::string listProfilesLine(const std::string &profile) {
  auto s = quant::findProfile(profile);
  return profile + ": " + (s ? s->describe() : std::string("?"));
}

bool evaluateProfile(const GoldenCase &c, const std::string &profile, ExpectedOutput &out,
                     std::string &error) {
  if (c.isTosaOp()) {
    // One expected output, TOSA's: the kernels quant-interp runs.
    if (profile != kTosaOpSemantics) {
      error = "a " + std::string(tosaOpName(c.params.tosaOp.kind)) + " case has one expected output, '" +
              std::string(kTosaOpSemantics) + "', not '" + profile + "'";
      return false;
    }
    return tosaOpExpected(c, out, error);
  }
  std::optional<quant::Semantics> semantics = quant::findProfile(profile);
  if (!semantics) {
    error = "unknown profile '" + profile + "' (known: " + quant::allProfileNames() + ")";
    return false;
  }
  return evaluateSemantics(c, *semantics, profile, out, error);
}

bool evaluateSemantics(const GoldenCase &c, const quant::Semantics &semantics,
                       const std::string &name, ExpectedOutput &out, std::string &error) {
  if (c.isTosaOp() || c.isRescale()) {
    error = "a " + std::string(c.isRescale() ? "rescale" : tosaOpName(c.params.tosaOp.kind)) +
            " case has no qcast / dcast semantics";
    return false;
  }
  const CaseParams &p = c.params;
  std::optional<quant::ParameterMap> map = quant::ParameterMap::build(
      p.type, p.shape, p.shapeKind != ShapeKind::Scalar, error);
  if (!map)
    return false;
  out = ExpectedOutput{};
  out.profile = name;
  out.description = semantics.describe();
  // Every element through the kernel: poison is listed, a defined outcome's
  // value stored (0 stays where poison). The kernel is a function of (input,
  // parameter) alone, so an element of a tiled case that repeats element
  // i % period with its parameter repeats its outcome (docs/golden-format.md,
  // "Tiled cases"): 65,536 elements cost `period` kernel calls.
  const size_t period = p.period > 0 ? size_t(p.period) : 0;
  auto evaluateAll = [&](const auto &kernel, const auto &inputs, auto &values, auto valueOf) {
    values.resize(inputs.size());
    std::vector<decltype(kernel(inputs[0], 0))> outcomes;
    for (size_t i = 0; i < inputs.size(); ++i) {
      const int64_t parameter = map->parameterIndex(int64_t(i));
      const bool repeats = period && i >= period && inputs[i] == inputs[i % period] &&
                           parameter == map->parameterIndex(int64_t(i % period));
      auto outcome = repeats ? outcomes[i % period] : kernel(inputs[i], parameter);
      if (period && i < period)
        outcomes.push_back(outcome);
      if (outcome.poison)
        out.poison.push_back(int64_t(i));
      else
        values[i] = valueOf(outcome);
    }
  };
  if (p.op == Op::QCast)
    evaluateAll(quant::QuantizeKernel(p.type, semantics), c.inputFloats, out.stored,
                [](const quant::StoredOutcome &o) { return o.value; });
  else
    evaluateAll(quant::DequantizeKernel(p.type, semantics), c.inputStored, out.floats,
                [](const quant::ExpressedOutcome &o) { return o.bits; });
  return true;
}

} // namespace qi::generators
