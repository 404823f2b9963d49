//===- GoldenCoverageFeatures.cpp - The coverage models of the golden levels ===//
//
// Spec: docs/vendor-guide.md, "Coverage classes" (every feature, value and
// rule below is listed there; keep the two in step). Three models: qcast /
// dcast cases, rescale cases, TOSA operator cases; and what each case's
// parameters give for each feature.
//
// A rule forbids a combination only when MLIR 22's types, its verifier or
// the op's specification make it impossible (or it contradicts a feature's
// definition), never because a level lacks it: a rule that a level's case
// breaks is reported (DomainCoverage::contradictions) and tested.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenCoverage.h"

#include "generators/GoldenRescale.h"
#include "generators/GoldenTosaOp.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/numeric/FloatOps.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace qi::generators {

using coverage::Model;
using numeric::Bits;
using numeric::FloatFormat;
using quant::QuantType;

namespace {

const char *const kContractionOps = "matmul|conv2d|depthwise_conv2d|transpose_conv2d|avg_pool2d|max_pool2d";

// --- The models -------------------------------------------------------------

std::vector<std::string> sizeBands() {
  return {"0", "1", "2-255", "256-1023", "1024-4095", "4096-65535", ">=65536"};
}

std::unique_ptr<Model> makeCastModel() {
  auto model = std::make_unique<Model>("qcast-dcast", "qcast / dcast",
          std::vector<coverage::Feature>{{"op", {"qcast", "dcast"}},
           {"granularity", {"per-layer", "per-axis", "sub-channel"}},
           {"rank", {"0", "1", "2", "3", "4", "5+"}},
           {"axis", {"none", "first", "middle", "last", "beyond"}},
           {"traits", {"plain", "size-1", "square", "batch-1", "empty"}},
           {"channels", {"n/a", "1", "2", "3", "4-8", ">8"}},
           {"parameters", {"n/a", "equal", "scales-differ", "zps-differ", "both-differ"}},
           {"blocked-dims", {"n/a", "1", "2", "3+"}},
           {"block-kind", {"n/a", "unit", "partial", "whole"}},
           {"narrow", {"none", "low", "high", "both"}},
           {"scale", {"pow2", "near-1", "huge", "tiny", "subnormal", "inexact", "ordinary"}},
           {"zero-point", {"zero", "min", "max", "out-of-range", "other"}},
           {"storage-width", {"1", "2", "4", "odd", "8", "16", "32"}},
           {"signedness", {"signed", "unsigned"}},
           {"expressed", {"f16", "bf16", "f32", "f64", "f8", "f8-fnuz", "f4-f6", "tf32"}},
           {"shape-kind", {"scalar", "0-d", "static", "dynamic", "unranked"}},
           {"validity", {"value", "rejection"}},
           {"size", sizeBands()}});
  Model &m = *model;
  // What a granularity carries.
  m.forbid("granularity=per-layer & axis!=none", "a per-layer type has no axis");
  m.forbid("granularity=per-axis|sub-channel & axis=none", "its axis / blocked dimensions");
  m.forbid("granularity=per-layer & channels!=n/a", "one parameter");
  m.forbid("granularity=per-axis|sub-channel & channels=n/a", "one or more parameters");
  m.forbid("granularity=per-layer & parameters!=n/a", "one parameter");
  m.forbid("granularity=per-axis|sub-channel & parameters=n/a", "one or more parameters");
  m.forbid("granularity!=sub-channel & blocked-dims!=n/a", "only sub-channel types have blocks");
  m.forbid("granularity=sub-channel & blocked-dims=n/a", "a sub-channel type names a block");
  m.forbid("granularity!=sub-channel & block-kind!=n/a", "only sub-channel types have blocks");
  m.forbid("granularity=sub-channel & block-kind=n/a", "a sub-channel type names a block");
  m.forbid("channels=1 & parameters!=equal|n/a", "one parameter equals itself");
  // Where a case can be rejected: per-layer qcast / dcast accept every shape.
  m.forbid("granularity=per-layer & validity=rejection",
           "MLIR verifies no shape condition of a per-layer type, none is checked at run time");
  m.forbid("axis=beyond & validity=value", "the axis (or blocked dimension) must exist");
  // Axis position within the rank (definitions).
  m.forbid("axis=first|middle|last & rank=0", "rank 0 has no dimension");
  m.forbid("axis=middle & rank=1|2", "a middle dimension needs rank 3");
  m.forbid("blocked-dims=2 & rank=0|1 & validity=value", "blocked dimensions exist");
  m.forbid("blocked-dims=3+ & rank=0|1|2 & validity=value", "blocked dimensions exist");
  m.forbid("granularity=sub-channel & shape-kind=unranked & validity=value",
           "MLIR: the tensor of a sub-channel type must be ranked");
  // Shape kinds, ranks, traits and sizes (definitions).
  m.forbid("shape-kind=scalar|0-d & rank!=0", "scalar and 0-d have rank 0");
  m.forbid("shape-kind=static|dynamic & rank=0", "a ranked tensor of rank 0 is 0-d");
  m.forbid("rank=0 & size!=1", "rank 0 holds one element");
  m.forbid("rank=0 & traits!=plain", "no dimension");
  m.forbid("traits=square & rank=1", "square needs rank 2");
  m.forbid("traits=empty & size!=0", "a 0 dimension");
  m.forbid("traits=plain & size=0", "no element: a 0 dimension");
  m.forbid("size=1 & rank!=0 & traits=plain|empty", "one element: every dimension is 1");
  m.forbid("rank=1 & traits=size-1|batch-1 & size!=1", "rank 1 with a 1: one element");
  m.forbid("channels=2|3|4-8|>8 & size=1 & validity=value", "each parameter covers an element");
  m.forbid("granularity=per-axis & channels=1 & traits=plain & validity=value",
           "the channel dimension has size 1");
  m.forbid("block-kind=partial|whole & size=1", "every dimension is 1: its block of 1 is unit");
  m.forbid("rank=0 & block-kind!=n/a", "no dimension, so no block (a sub-channel case of rank 0 has no block kind)");
  // Storage and zero points.
  m.forbid("storage-width=1 & narrow!=none", "MLIR: storageMax - storageMin >= 1");
  m.forbid("storage-width=1 & zero-point=other", "a 1-bit type's values are its min and max");
  m.forbid("granularity=sub-channel & zero-point=out-of-range",
           "sub-channel zero points are parsed into the storage type ([qtype.model])");
  m.forbid("granularity=sub-channel & storage-width=1 & signedness=signed & zero-point=min",
           "MLIR 22 parses a signed i1 sub-channel zero point -1 as 0 ([qtype.model])");
  m.forbid("granularity=sub-channel & storage-width=1 & signedness=signed & "
           "parameters=zps-differ|both-differ",
           "two zero points of a signed i1 type include -1 ([qtype.model])");
  // Scales.
  m.forbid("scale=inexact & expressed=f64", "an f64 scale is an f64");
  m.forbid("scale=inexact & granularity=sub-channel", "sub-channel scales are stored in E");
  m.forbid("scale=tiny & expressed=f4-f6",
           "no normal value below 1/sqrt(max) in f4E2M1FN, f6E2M3FN, f6E3M2FN");
  m.addCombination({"granularity", "rank", "axis"});
  m.addCombination({"op", "granularity", "storage-width", "expressed"}, "validity=value");
  m.addCombination({"granularity", "shape-kind", "validity"});
  m.addCombination({"op", "size", "granularity"});
  return model;
}

std::unique_ptr<Model> makeRescaleModel() {
  auto model = std::make_unique<Model>("rescale", "rescale",
          std::vector<coverage::Feature>{{"input-width", {"8", "16", "32", "48"}},
           {"output-width", {"8", "16", "32"}},
           {"signedness", {"signed", "unsigned-input", "unsigned-output", "both-unsigned"}},
           {"multiplier", {"scale32", "scale16"}},
           {"rounding", {"single", "inexact", "double"}},
           {"channels", {"per-tensor", "per-channel"}},
           {"operands", {"constants", "arguments"}},
           {"shape-kind", {"0-d", "static", "dynamic", "unranked"}},
           {"validity", {"value", "rejection"}},
           {"size", sizeBands()}});
  Model &m = *model;
  // The ERROR_IFs of RESCALE (spec/rescale.md [rescale.error-if]).
  m.forbid("input-width=48 & multiplier=scale32 & validity=value", "ERROR_IF(scale32 && i48)");
  m.forbid("multiplier=scale16 & rounding=double & validity=value",
           "ERROR_IF(!scale32 && DOUBLE_ROUND)");
  m.forbid("signedness=both-unsigned & validity=value", "ERROR_IF(input_unsigned && output_unsigned)");
  m.forbid("signedness=unsigned-input & input-width=32|48 & validity=value", "no u32 / u48 input");
  m.forbid("signedness=unsigned-input & output-width=32 & validity=value",
           "ERROR_IF(out_t == i32 && input_unsigned)");
  m.forbid("signedness=unsigned-output & input-width=32|48 & validity=value",
           "ERROR_IF(in_t == i32 / i48 && output_unsigned)");
  m.forbid("signedness=unsigned-output & output-width=32 & validity=value", "no u32 output");
  m.forbid("channels=per-channel & shape-kind=0-d & validity=value",
           "ERROR_IF(per_channel && rank < 1)");
  m.forbid("shape-kind=0-d & size!=1", "a 0-d tensor holds one element");
  m.forbid("shape-kind=static & size=0 & validity=value", "MLIR's TOSA verifier: no static 0 dimension");
  m.addCombination({"input-width", "output-width", "rounding"});
  m.addCombination({"input-width", "output-width", "signedness"});
  // Every size band per granularity runs (a value) and is refused.
  m.addCombination({"channels", "size", "validity"});
  return model;
}

std::unique_ptr<Model> makeTosaModel() {
  auto model = std::make_unique<Model>("tosa", "TOSA operators",
          std::vector<coverage::Feature>{{"op",
            {"matmul", "conv2d", "depthwise_conv2d", "transpose_conv2d", "avg_pool2d", "max_pool2d",
             "add", "sub", "mul", "negate", "clamp"}},
           {"shape-kind", {"0-d", "static", "dynamic", "unranked"}},
           {"validity", {"value", "rejection"}},
           {"size", sizeBands()}});
  Model &m = *model;
  m.forbid(std::string("op=") + kContractionOps + " & shape-kind=0-d & validity=value",
           "MLIR: rank 3 (matmul) or 4 tensors (unranked allowed)");
  m.forbid("shape-kind=0-d & size!=1", "a 0-d tensor holds one element");
  m.forbid("shape-kind=static & size=0 & validity=value", "MLIR's TOSA verifier: no static 0 dimension");
  m.addCombination({"op", "shape-kind", "validity"});
  return model;
}

// --- Values of one case -----------------------------------------------------

/// A case's values, filled by feature name (model order does not matter).
class Values {
public:
  explicit Values(const Model &m) : model_(m), values_(m.features().size()) {}
  std::vector<std::string> &operator[](std::string_view feature) {
    return values_[model_.featureIndex(feature)];
  }
  coverage::CaseValues take() { return std::move(values_); }

private:
  const Model &model_;
  coverage::CaseValues values_;
};

std::string sizeBand(int64_t n) {
  if (n <= 1)
    return n <= 0 ? "0" : "1";
  if (n < 256)
    return "2-255";
  if (n < 1024)
    return "256-1023";
  if (n < 4096)
    return "1024-4095";
  return n < 65536 ? "4096-65535" : ">=65536";
}

std::string validity(const CaseParams &p) {
  return p.variant == kRejectVariant ? "rejection" : "value";
}

/// The value of a bit pattern as a host double (exact for the formats up to f64).
double toDouble(const FloatFormat &f, Bits bits) {
  uint64_t u = uint64_t(numeric::floatConvert(f, bits, numeric::f64Format(),
                                              numeric::RoundingMode::NearestEven)
                            .bits);
  double d;
  std::memcpy(&d, &u, 8);
  return d;
}

/// The classes of one scale (as the type stores it) in expressed type E.
void scaleClasses(const quant::ScaleValue &s, const FloatFormat &E, std::vector<std::string> &out) {
  const double v = toDouble(*s.format, s.bits);
  const double maxE = toDouble(E, numeric::largestFinite(E, false));
  const double minNormal = std::ldexp(1.0, E.minExponent);
  std::vector<std::string> classes;
  int exponent = 0;
  const bool pow2 = v > 0 && std::frexp(v, &exponent) == 0.5;
  if (pow2)
    classes.push_back("pow2");
  if (!pow2 && v >= 0.5 && v <= 2)
    classes.push_back("near-1");
  if (v > std::sqrt(maxE))
    classes.push_back("huge");
  if (v >= minNormal && v < 1 / std::sqrt(maxE))
    classes.push_back("tiny");
  if (v > 0 && v < minNormal)
    classes.push_back("subnormal");
  // An f64 attribute scale that E cannot hold (sub-channel scales are in E).
  if (s.format != &E) {
    Bits inE = numeric::floatConvert(*s.format, s.bits, E, numeric::RoundingMode::NearestEven).bits;
    if (toDouble(E, inE) != v)
      classes.push_back("inexact");
  }
  if (classes.empty())
    classes.push_back("ordinary");
  for (std::string &c : classes)
    out.push_back(std::move(c));
}

std::string family(const FloatFormat &E) {
  std::string_view n = E.name;
  if (n == "f16" || n == "bf16" || n == "f32" || n == "f64" || n == "tf32")
    return std::string(n);
  if (E.nonFinite == numeric::NonFinite::FiniteOnly && (n.substr(0, 2) == "f4" || n.substr(0, 2) == "f6"))
    return "f4-f6";
  if (n.substr(0, 3) == "f8E" && E.hasZero && E.hasSign) // not f80, not f8E8M0FNU
    return n.find("FNUZ") != std::string_view::npos ? "f8-fnuz" : "f8";
  return std::string(n); // f80, f128, f8E8M0FNU: outside the model
}

std::string widthClass(unsigned w) {
  if (w == 1 || w == 2 || w == 4 || w == 8 || w == 16 || w == 32)
    return std::to_string(w);
  return "odd";
}

std::string countClass(size_t n) {
  if (n <= 3)
    return std::to_string(n);
  return n <= 8 ? "4-8" : ">8";
}

coverage::CaseValues castValues(const Model &m, const CaseParams &p) {
  const QuantType &t = p.type;
  const Shape &s = p.shape;
  const size_t rank = s.size();
  const bool perLayer = t.granularity == QuantType::Granularity::PerLayer;
  const bool sub = t.granularity == QuantType::Granularity::SubChannel;
  Values v(m);
  v["op"] = {std::string(opName(p.op))};
  v["granularity"] = {std::string(granularityName(t.granularity))};
  v["rank"] = {rank >= 5 ? "5+" : std::to_string(rank)};
  // Axis position of the channel axis / of each blocked dimension, in the runtime rank.
  auto position = [&](int64_t d) {
    std::vector<std::string> out;
    if (d < 0 || size_t(d) >= rank)
      return std::vector<std::string>{"beyond"};
    if (d == 0)
      out.push_back("first");
    if (d > 0 && size_t(d) + 1 < rank)
      out.push_back("middle");
    if (size_t(d) + 1 == rank)
      out.push_back("last");
    return out;
  };
  if (perLayer)
    v["axis"] = {"none"};
  else if (!sub)
    v["axis"] = position(t.axis);
  else
    for (auto [dim, block] : t.blockSizes)
      for (std::string &pos : position(dim))
        v["axis"].push_back(pos);
  // Shape traits.
  if (rank >= 1) {
    if (std::count(s.begin(), s.end(), 1))
      v["traits"].push_back("size-1");
    if (rank >= 2 && std::all_of(s.begin(), s.end(), [&](int64_t d) { return d == s[0]; }))
      v["traits"].push_back("square");
    if (s[0] == 1)
      v["traits"].push_back("batch-1");
    if (std::count(s.begin(), s.end(), 0))
      v["traits"].push_back("empty");
  }
  if (v["traits"].empty())
    v["traits"] = {"plain"};
  // Parameters: how many, and whether they differ.
  if (perLayer) {
    v["channels"] = v["parameters"] = {"n/a"};
  } else {
    v["channels"] = {countClass(t.scales.size())};
    bool scalesDiffer = false, zpsDiffer = false;
    for (size_t k = 1; k < t.scales.size(); ++k)
      scalesDiffer |= t.scales[k].bits != t.scales[0].bits;
    for (size_t k = 1; k < t.zeroPoints.size(); ++k)
      zpsDiffer |= t.zeroPoints[k] != t.zeroPoints[0];
    v["parameters"] = {scalesDiffer ? (zpsDiffer ? "both-differ" : "scales-differ")
                                    : (zpsDiffer ? "zps-differ" : "equal")};
  }
  // Blocks: how many dimensions, and each block against its runtime
  // dimension (a dimension of size 0 or beyond the rank has no kind).
  if (!sub) {
    v["blocked-dims"] = v["block-kind"] = {"n/a"};
  } else {
    size_t n = t.blockSizes.size();
    v["blocked-dims"] = {n >= 3 ? "3+" : std::to_string(n)};
    for (auto [dim, block] : t.blockSizes) {
      if (dim < 0 || size_t(dim) >= rank || s[size_t(dim)] == 0)
        continue;
      const int64_t d = s[size_t(dim)];
      std::vector<std::string> &kinds = v["block-kind"];
      std::string kind = block == 1 ? "unit" : block < d ? "partial" : block == d ? "whole" : "";
      if (!kind.empty() && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
        kinds.push_back(kind);
    }
  }
  const numeric::BigInt lo = t.storage.min(), hi = t.storage.max();
  const bool narrowLow = t.storageMin > lo, narrowHigh = t.storageMax < hi;
  v["narrow"] = {narrowLow ? (narrowHigh ? "both" : "low") : (narrowHigh ? "high" : "none")};
  for (const quant::ScaleValue &scale : t.scales)
    if (t.expressed && scale.format)
      scaleClasses(scale, *t.expressed, v["scale"]);
  for (int64_t zp : t.zeroPoints) {
    const numeric::BigInt z = zp;
    if (z == 0)
      v["zero-point"].push_back("zero");
    if (z == lo)
      v["zero-point"].push_back("min");
    if (z == hi)
      v["zero-point"].push_back("max");
    if (z < lo || z > hi)
      v["zero-point"].push_back("out-of-range");
    if (z != 0 && z != lo && z != hi && z >= lo && z <= hi)
      v["zero-point"].push_back("other");
  }
  v["storage-width"] = {widthClass(t.storage.width)};
  v["signedness"] = {t.storage.isSigned ? "signed" : "unsigned"};
  if (t.expressed)
    v["expressed"] = {family(*t.expressed)};
  v["shape-kind"] = {std::string(shapeKindName(p.shapeKind))};
  v["validity"] = {validity(p)};
  v["size"] = {sizeBand(numElements(s))};
  return v.take();
}

coverage::CaseValues rescaleValues(const Model &m, const CaseParams &p) {
  const requant::RescaleAttributes &a = p.rescale.attributes;
  const char *sign = a.inputUnsigned ? (a.outputUnsigned ? "both-unsigned" : "unsigned-input")
                                     : (a.outputUnsigned ? "unsigned-output" : "signed");
  Values v(m);
  v["input-width"] = {std::to_string(a.inputWidth)};
  v["output-width"] = {std::to_string(a.outputWidth)};
  v["signedness"] = {sign};
  v["multiplier"] = {a.scale32 ? "scale32" : "scale16"};
  v["rounding"] = {std::string(roundingTag(a.roundingMode))};
  v["channels"] = {a.perChannel ? "per-channel" : "per-tensor"};
  v["operands"] = {std::string(rescaleOperandsName(p.rescale.operands))};
  v["shape-kind"] = {std::string(shapeKindName(p.shapeKind))};
  v["validity"] = {validity(p)};
  v["size"] = {sizeBand(numElements(p.shape))};
  return v.take();
}

coverage::CaseValues tosaValues(const Model &m, const CaseParams &p) {
  Values v(m);
  v["op"] = {std::string(tosaOpName(p.tosaOp.kind))};
  v["shape-kind"] = {std::string(shapeKindName(p.shapeKind))};
  v["validity"] = {validity(p)};
  v["size"] = {sizeBand(numElements(p.shape))};
  return v.take();
}

} // namespace

const std::vector<const Model *> &coverageModels() {
  static const std::unique_ptr<Model> cast = makeCastModel(), rescale = makeRescaleModel(),
                                      tosa = makeTosaModel();
  static const std::vector<const Model *> models{cast.get(), rescale.get(), tosa.get()};
  return models;
}

CaseFeatures caseFeatures(const CaseParams &p) {
  const std::vector<const Model *> &models = coverageModels();
  switch (p.op) {
  case Op::Rescale: return {1, rescaleValues(*models[1], p)};
  case Op::TosaOp: return {2, tosaValues(*models[2], p)};
  case Op::QCast:
  case Op::DCast: break;
  }
  return {0, castValues(*models[0], p)};
}

LevelCoverage::LevelCoverage() {
  for (const Model *m : coverageModels())
    counters_.emplace_back(*m);
}

void LevelCoverage::add(const CaseParams &p) {
  CaseFeatures f = caseFeatures(p);
  counters_.at(f.domain).add(f.values);
}

std::vector<coverage::DomainCoverage> LevelCoverage::result() const {
  std::vector<coverage::DomainCoverage> out;
  for (const coverage::Counter &c : counters_)
    out.push_back(c.result());
  return out;
}

} // namespace qi::generators
