//===- GoldenBuild.cpp - Case assembly: inputs and expected outputs ---------===//
//
// Spec: docs/golden-format.md, "Case IDs and seeds", "Input classes". Turns
// the parameters of a case into its inputs (edge values of GoldenInputs.cpp
// interleaved with seeded random ones) and its expected outputs.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenLevels.h"

#include "generators/GoldenTosaOp.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenInputs.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenRun.h"
#include "generators/GoldenTile.h"
#include "generators/Prng.h"
#include "interpreter/quant/ParameterMap.h"

#include <map>
#include <stdexcept>

namespace qi::generators {

using numeric::Bits;
using quant::QuantType;
using namespace detail;

namespace {

/// Tiled cases (docs/golden-format.md, "Tiled cases"): elements period ...
/// n - 1 repeat elements 0 ... period - 1 (repeatTiledInputs). Each must
/// have the parameter of the element it repeats, or the expected outputs
/// would not repeat.
template <typename ParameterOf>
void repeatPeriod(GoldenCase &c, const ParameterOf &parameterOf, int64_t n) {
  const int64_t L = c.params.period;
  if (L >= n)
    throw std::logic_error("golden case " + c.id + ": period " + std::to_string(L) +
                           " is not below the element count " + std::to_string(n));
  for (int64_t i = L; i < n; ++i)
    if (parameterOf(i) != parameterOf(i % L))
      throw std::logic_error("golden case " + c.id + ": element " + std::to_string(i) +
                             " has another parameter than element " + std::to_string(i % L) +
                             " (the period must be a multiple of the parameters' period)");
  repeatTiledInputs(c);
}

/// quant-interp's own rejection of a rejection case (GoldenRun.cpp); throws
/// when quant-interp runs the program or the reason does not fit the case.
void setRejection(GoldenCase &c) {
  RunOutcome run = runProgram(c);
  if (!run.setupError.empty())
    throw std::logic_error("golden case " + c.id + ": cannot run: " + run.setupError);
  if (!run.rejection)
    throw std::logic_error("golden case " + c.id +
                           ": expected a rejection, but quant-interp runs the program");
  c.rejection = std::move(run.rejection);
  std::string error;
  if (!rejectionMatchesCase(c, error))
    throw std::logic_error("golden case " + c.id + ": " + error + " (quant-interp: " +
                           c.rejection->reason + " '" + c.rejection->message + "')");
}

/// A rescale case: inputs by class, then quant-interp's rejection or the
/// expected output under every recipe.
GoldenCase buildRescaleCase(GoldenCase c, const std::vector<std::string> &recipes) {
  generators::SplitMix64 rng(c.seed);
  makeRescaleInputs(c, rng); // a tiled case's first `period` elements
  if (c.params.period > 0)
    repeatPeriod(c, [&](int64_t i) { return rescaleChannelOf(c.params, size_t(i)); },
                 numElements(c.params.shape));
  if (c.params.variant == kRejectVariant) {
    setRejection(c);
    return c;
  }
  for (const std::string &recipe : recipes) {
    ExpectedOutput out;
    std::string error;
    if (!evaluateRecipe(c, recipe, out, error))
      throw std::logic_error("golden case " + c.id + ": " + recipe + ": " + error);
    if (recipe == requant::recipeName(requant::RequantizeRecipe::Tosa) && !out.poison.empty())
      throw std::logic_error("golden case " + c.id + ": element " +
                             std::to_string(out.poison.front()) +
                             " is unpredictable under tosa (a REQUIRE fails): a value case "
                             "holds none");
    c.expected.push_back(std::move(out));
  }
  return c;
}

/// A TOSA operator case: inputs by purpose (a tiled case's first `period`
/// elements, repeated by the generators), then quant-interp's rejection or
/// the one expected output (the interpreter's kernels).
GoldenCase buildTosaOpCase(GoldenCase c) {
  generators::SplitMix64 rng(c.seed);
  c.outputShape = tosaOpOutputShape(c.params);
  if (c.params.period > 0)
    if (std::string problem = tosaTileProblem(c.params, c.params.period); !problem.empty())
      throw std::logic_error("golden case " + c.id + " cannot be tiled: " + problem);
  makeTosaOpInputs(c, rng);
  if (c.params.variant == kRejectVariant) {
    setRejection(c);
    return c;
  }
  ExpectedOutput out;
  std::string error;
  if (!tosaOpExpected(c, out, error))
    throw std::logic_error("golden case " + c.id + ": " + error);
  c.expected.push_back(std::move(out));
  return c;
}

/// The classes a one-element case (scalar, 0-d, a 1-element tensor) takes,
/// first found first: the rounding-sensitive ones, so that computing the
/// single element in another format (a scalar folded in f64, a helper in
/// f32) shows.
const char *const kSingleQcastClasses[] = {"zero-point-in-float", "reciprocal-differs", "tie",
                                           "inexact"};
const char *const kSingleDcastClasses[] = {"product-rounding-visible", "int-tie-above"};

std::string classOf(const Edge &e) { return e.cls; }
std::string classOf(const std::pair<std::string, int64_t> &e) { return e.first; }

/// The cursor of the first edge with a preferred class, else `fallback`.
template <typename EdgeT, size_t N>
size_t singleElementEdge(const std::vector<EdgeT> &edges, const char *const (&preferred)[N],
                         size_t fallback) {
  for (const char *cls : preferred)
    for (size_t k = 0; k < edges.size(); ++k)
      if (classOf(edges[k]) == cls)
        return k;
  return fallback;
}

} // namespace

static GoldenCase buildCaseContent(const CaseParams &params, Level level, uint64_t suiteSeed,
                                   const std::vector<std::string> &profiles,
                                   const std::vector<std::string> *recipes) {
  GoldenCase c;
  c.params = params;
  c.id = parameterId(params); // the seed's; the case ID is set once the content is known
  c.level = std::string(levelName(level));
  c.seed = caseSeed(suiteSeed, c.id);
  if (params.op == Op::TosaOp)
    return buildTosaOpCase(std::move(c));
  if (params.op == Op::Rescale) {
    std::string error;
    return buildRescaleCase(std::move(c), recipes ? *recipes
                                                  : *parseRecipeList(kDefaultRecipes, error));
  }
  generators::SplitMix64 rng(c.seed);
  const QuantType &type = params.type;
  if (mlirLosesZeroPoint(type))
    throw std::logic_error("golden case " + c.id +
                           ": a signed i1 sub-channel zero point -1, which MLIR 22 parses as 0");
  const bool reject = params.variant == kRejectVariant;
  std::string error;
  std::optional<quant::ParameterMap> map = quant::ParameterMap::build(
      type, params.shape, params.shapeKind != ShapeKind::Scalar, error);
  if (!map && !reject)
    throw std::logic_error("golden case " + c.id + ": " + error);
  // A rejection case's shape breaks the type's integrity rules: its inputs
  // are made for parameter 0.
  auto parameterOf = [&](int64_t i) { return map ? map->parameterIndex(i) : int64_t(0); };
  int64_t n = params.shapeKind == ShapeKind::Scalar ? 1 : numElements(params.shape);

  std::optional<uint64_t> chunk = exhaustiveChunkIndex(params.variant);
  if (params.variant == "exhaustive" || chunk) {
    // Every bit pattern in order; chunk k holds the patterns k * n ... k * n + n - 1.
    uint64_t first = chunk ? *chunk * uint64_t(n) : 0;
    for (int64_t i = 0; i < n; ++i) {
      uint64_t bits = first + uint64_t(i);
      if (params.op == Op::QCast)
        c.inputFloats.push_back(Bits(bits));
      else
        c.inputStored.push_back(static_cast<int64_t>(type.storage.fromBits(bits)));
      c.inputClasses.push_back("exhaustive");
    }
  } else {
    std::map<int64_t, ParamView> views;
    auto view = [&](int64_t p) -> const ParamView & {
      auto it = views.find(p);
      if (it == views.end())
        it = views.emplace(p, viewOf(type, p)).first;
      return it->second;
    };
    // Edge values per parameter, computed on first use.
    std::map<int64_t, std::vector<Edge>> qEdges;
    std::map<int64_t, std::vector<std::pair<std::string, int64_t>>> dEdges;
    std::map<int64_t, size_t> cursor;
    const std::vector<Slot> qSlots = params.op == Op::QCast ? qcastSlots() : std::vector<Slot>{};
    auto dSlots = dcastSlots();
    size_t start = static_cast<size_t>(c.seed % 7); // different cases start at different classes
    // A tiled case makes its first `period` elements; the rest repeat them
    // (below).
    const int64_t made = params.period > 0 ? params.period : n;
    for (int64_t i = 0; i < made; ++i) {
      int64_t p = parameterOf(i);
      const ParamView &v = view(p);
      bool random = (i % 4 == 3);
      if (params.op == Op::QCast) {
        auto it = qEdges.find(p);
        if (it == qEdges.end()) {
          std::vector<Edge> all;
          for (const Slot &s : qSlots)
            for (Edge &e : s(v))
              all.push_back(std::move(e));
          it = qEdges.emplace(p, std::move(all)).first;
          cursor[p] = n == 1 ? singleElementEdge(it->second, kSingleQcastClasses, start * 3) : start;
        }
        Edge e;
        if (random || it->second.empty()) {
          e = randomFloat(v, rng);
        } else {
          e = it->second[cursor[p]++ % it->second.size()];
        }
        c.inputFloats.push_back(e.bits);
        c.inputClasses.push_back(e.cls);
      } else {
        auto it = dEdges.find(p);
        if (it == dEdges.end()) {
          std::vector<std::pair<std::string, int64_t>> all;
          for (auto &s : dSlots)
            if (auto e = s(v))
              all.push_back(*e);
          it = dEdges.emplace(p, std::move(all)).first;
          cursor[p] = n == 1 ? singleElementEdge(it->second, kSingleDcastClasses, start) : start;
        }
        if (random || it->second.empty()) {
          c.inputStored.push_back(rng.range(v.typeMin, v.typeMax));
          c.inputClasses.push_back("random");
        } else {
          auto &e = it->second[cursor[p]++ % it->second.size()];
          c.inputStored.push_back(e.second);
          c.inputClasses.push_back(e.first);
        }
      }
    }
  }
  if (params.period > 0)
    repeatPeriod(c, parameterOf, n);
  if (reject) {
    // No expected output: the program must be rejected, and the reason and
    // message are quant-interp's own (GoldenRun.cpp).
    setRejection(c);
    return c;
  }
  for (const std::string &profile : profiles) {
    ExpectedOutput out;
    if (!evaluateProfile(c, profile, out, error))
      throw std::logic_error("golden case " + c.id + ": " + error);
    c.expected.push_back(std::move(out));
  }
  return c;
}

GoldenCase buildCase(const CaseParams &params, Level level, uint64_t suiteSeed,
                     const std::vector<std::string> &profiles,
                     const std::vector<std::string> *recipes) {
  GoldenCase c = buildCaseContent(params, level, suiteSeed, profiles, recipes);
  c.id = caseId(params, c);
  return c;
}

} // namespace qi::generators
