//===- Golden.cpp - Names, MLIR text, IDs and expected values ---------------===//
//
// Spec: docs/golden-format.md.
//
//===----------------------------------------------------------------------===//
#include "Golden.h"

#include "generators/Prng.h"
#include "numeric/DecimalFormat.h"
#include "numeric/FloatCodec.h"
#include "quant/Kernels.h"
#include "quant/ParameterMap.h"
#include "quant/Semantics.h"

#include <cstdio>
#include <functional>

namespace qi::golden {

using numeric::Bits;
using numeric::FloatFormat;
using quant::QuantType;

std::string_view opName(Op op) { return op == Op::QCast ? "qcast" : "dcast"; }
std::optional<Op> parseOp(std::string_view name) {
  if (name == "qcast")
    return Op::QCast;
  if (name == "dcast")
    return Op::DCast;
  return std::nullopt;
}

static const std::pair<ShapeKind, std::string_view> kShapeKinds[] = {
    {ShapeKind::Scalar, "scalar"},   {ShapeKind::ZeroD, "0-d"},
    {ShapeKind::Static, "static"},   {ShapeKind::Dynamic, "dynamic"},
    {ShapeKind::Unranked, "unranked"}};

std::string_view shapeKindName(ShapeKind kind) {
  for (auto &[k, n] : kShapeKinds)
    if (k == kind)
      return n;
  return "?";
}
std::optional<ShapeKind> parseShapeKind(std::string_view name) {
  for (auto &[k, n] : kShapeKinds)
    if (n == name)
      return k;
  return std::nullopt;
}

std::string_view levelName(Level level) {
  switch (level) {
  case Level::Smoke: return "smoke";
  case Level::Full: return "full";
  case Level::Exhaustive: return "exhaustive";
  }
  return "?";
}
std::optional<Level> parseLevel(std::string_view name) {
  for (Level l : {Level::Smoke, Level::Full, Level::Exhaustive})
    if (levelName(l) == name)
      return l;
  return std::nullopt;
}

std::string_view granularityName(QuantType::Granularity g) {
  switch (g) {
  case QuantType::Granularity::PerLayer: return "per-layer";
  case QuantType::Granularity::PerAxis: return "per-axis";
  case QuantType::Granularity::SubChannel: return "sub-channel";
  }
  return "?";
}
std::optional<QuantType::Granularity> parseGranularity(std::string_view name) {
  for (auto g : {QuantType::Granularity::PerLayer, QuantType::Granularity::PerAxis,
                 QuantType::Granularity::SubChannel})
    if (granularityName(g) == name)
      return g;
  return std::nullopt;
}

std::string hexBits(const FloatFormat &format, Bits bits) {
  unsigned digits = (format.sizeInBits + 3) / 4;
  std::string out = "0x";
  for (int i = static_cast<int>(digits) - 1; i >= 0; --i)
    out += "0123456789ABCDEF"[static_cast<unsigned>((bits >> (4 * i)) & 0xF)];
  return out;
}

std::string decimalText(const FloatFormat &format, Bits bits) {
  numeric::FloatClass c = numeric::classify(format, bits);
  bool negative = numeric::signBit(format, bits);
  if (c == numeric::FloatClass::Infinity)
    return negative ? "-inf" : "inf";
  if (c == numeric::FloatClass::QuietNaN || c == numeric::FloatClass::SignalingNaN)
    return negative ? "-nan" : "nan";
  return numeric::formatDecimal(format, bits);
}

std::string storageTag(const QuantType &type) { return type.storage.name(); }

static std::string scaleText(const quant::ScaleValue &s) {
  return decimalText(*s.format, s.bits);
}

std::string typeSpelling(const QuantType &t) {
  std::string out = "!quant.uniform<" + t.storage.name();
  if (t.hasNarrowBounds())
    out += "<" + std::to_string(t.storageMin) + ":" + std::to_string(t.storageMax) + ">";
  out += ":" + std::string(t.expressed->name);
  auto param = [&](size_t i) {
    return scaleText(t.scales[i]) + ":" + std::to_string(t.zeroPoints[i]);
  };
  switch (t.granularity) {
  case QuantType::Granularity::PerLayer:
    out += ", " + param(0);
    break;
  case QuantType::Granularity::PerAxis: {
    out += ":" + std::to_string(t.axis) + ", {";
    for (size_t i = 0; i < t.scales.size(); ++i)
      out += (i ? ", " : "") + param(i);
    out += "}";
    break;
  }
  case QuantType::Granularity::SubChannel: {
    out += ":{";
    for (size_t i = 0; i < t.blockSizes.size(); ++i)
      out += (i ? ", " : "") + std::to_string(t.blockSizes[i].first) + ":" +
             std::to_string(t.blockSizes[i].second);
    out += "}, ";
    // Nested braces following the parameter shape, row-major.
    size_t index = 0;
    std::function<void(size_t)> nest = [&](size_t dim) {
      out += "{";
      for (int64_t k = 0; k < t.parameterShape[dim]; ++k) {
        if (k)
          out += ", ";
        if (dim + 1 == t.parameterShape.size())
          out += param(index++);
        else
          nest(dim + 1);
      }
      out += "}";
    };
    nest(0);
    break;
  }
  }
  return out + ">";
}

std::string resultIntegerSpelling(const numeric::IntFormat &storage) {
  return (storage.isSigned ? "i" : "ui") + std::to_string(storage.width);
}

static std::string dims(const CaseParams &p, bool concrete) {
  std::string out;
  for (size_t k = 0; k < p.shape.size(); ++k) {
    bool dyn = !concrete && p.shapeKind == ShapeKind::Dynamic && k < p.dynamic.size() &&
               p.dynamic[k];
    out += dyn ? "?" : std::to_string(p.shape[k]);
    out += "x";
  }
  return out;
}

std::string shapedSpelling(const CaseParams &p, const std::string &element) {
  switch (p.shapeKind) {
  case ShapeKind::Scalar: return element;
  case ShapeKind::ZeroD: return "tensor<" + element + ">";
  case ShapeKind::Unranked: return "tensor<*x" + element + ">";
  case ShapeKind::Static:
  case ShapeKind::Dynamic: return "tensor<" + dims(p, false) + element + ">";
  }
  return element;
}

std::string concreteSpelling(const CaseParams &p, const std::string &element) {
  if (p.shapeKind == ShapeKind::Scalar)
    return element;
  return "tensor<" + dims(p, true) + element + ">";
}

std::string programText(const CaseParams &p) {
  std::string quantType = typeSpelling(p.type);
  std::string expressed(p.type.expressed->name);
  std::string in = shapedSpelling(p, p.op == Op::QCast ? expressed : quantType);
  std::string out = shapedSpelling(p, p.op == Op::QCast ? quantType : expressed);
  std::string op(opName(p.op));
  return "func.func @main(%arg0: " + in + ") -> " + out + " {\n" + "  %0 = quant." + op +
         " %arg0 : " + in + " to " + out + "\n" + "  return %0 : " + out + "\n}\n";
}

uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string caseId(const CaseParams &p) {
  std::string canonical = std::string(opName(p.op)) + "|" + typeSpelling(p.type) + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" + dims(p, true) +
                          "|" + dims(p, false) + "|" + p.variant;
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = std::string(opName(p.op)) + "-" +
                   std::string(granularityName(p.type.granularity)) + "-" +
                   storageTag(p.type) + (p.type.hasNarrowBounds() ? "n" : "") + "-" +
                   std::string(p.type.expressed->name) + "-" +
                   std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  return id + "-" + hash;
}

std::string caseCategory(const CaseParams &p) {
  return std::string(opName(p.op)) + "/" + std::string(granularityName(p.type.granularity)) +
         "/" + std::string(p.type.expressed->name);
}

uint64_t caseSeed(uint64_t suiteSeed, const std::string &id) {
  generators::SplitMix64 mix(suiteSeed ^ fnv1a64(id));
  return mix.next();
}

std::optional<std::vector<std::string>> parseProfileList(std::string_view list,
                                                         std::string &error) {
  std::vector<std::string> out;
  if (list == "all") {
    for (std::string_view p : quant::profileNames())
      out.emplace_back(p);
    return out;
  }
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    std::string_view name =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (name.empty()) {
      error = "empty profile name in '" + std::string(list) + "'";
      return std::nullopt;
    }
    if (!quant::findProfile(name)) {
      error = "unknown profile '" + std::string(name) + "' (known: " + quant::allProfileNames() +
              ", or all)";
      return std::nullopt;
    }
    bool seen = false;
    for (auto &p : out)
      seen |= p == name;
    if (!seen)
      out.emplace_back(name);
    if (comma == std::string_view::npos)
      break;
    start = comma + 1;
  }
  return out;
}

std::string listProfilesLine(const std::string &profile) {
  auto s = quant::findProfile(profile);
  return profile + ": " + (s ? s->describe() : std::string("?"));
}

bool evaluateProfile(const GoldenCase &c, const std::string &profile, ExpectedOutput &out,
                     std::string &error) {
  std::optional<quant::Semantics> semantics = quant::findProfile(profile);
  if (!semantics) {
    error = "unknown profile '" + profile + "' (known: " + quant::allProfileNames() + ")";
    return false;
  }
  return evaluateSemantics(c, *semantics, profile, out, error);
}

bool evaluateSemantics(const GoldenCase &c, const quant::Semantics &semantics,
                       const std::string &name, ExpectedOutput &out, std::string &error) {
  const CaseParams &p = c.params;
  std::optional<quant::ParameterMap> map = quant::ParameterMap::build(
      p.type, p.shape, p.shapeKind != ShapeKind::Scalar, error);
  if (!map)
    return false;
  out = ExpectedOutput{};
  out.profile = name;
  out.description = semantics.describe();
  size_t n = c.numInputs();
  if (p.op == Op::QCast) {
    quant::QuantizeKernel kernel(p.type, semantics);
    out.stored.resize(n);
    for (size_t i = 0; i < n; ++i) {
      quant::StoredOutcome o = kernel(c.inputFloats[i], map->parameterIndex(int64_t(i)));
      if (o.poison)
        out.poison.push_back(int64_t(i));
      else
        out.stored[i] = o.value;
    }
  } else {
    quant::DequantizeKernel kernel(p.type, semantics);
    out.floats.resize(n);
    for (size_t i = 0; i < n; ++i) {
      quant::ExpressedOutcome o = kernel(c.inputStored[i], map->parameterIndex(int64_t(i)));
      if (o.poison)
        out.poison.push_back(int64_t(i));
      else
        out.floats[i] = o.bits;
    }
  }
  return true;
}

} // namespace qi::golden
