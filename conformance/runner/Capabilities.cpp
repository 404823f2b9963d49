//===- Capabilities.cpp - What a backend claims to support ----------------===//
#include "conformance/runner/Capabilities.h"

#include "generators/GoldenIds.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenRescale.h"
#include "interpreter/numeric/FloatFormat.h"

#include <cctype>
#include <sstream>

namespace qi::conform {
using generators::GoldenCase;

namespace {

const std::set<std::string> kOps = {"qcast",         "dcast",          "rescale",
                                     "matmul",        "conv2d",         "depthwise_conv2d",
                                     "transpose_conv2d", "avg_pool2d", "max_pool2d",
                                     "add",           "sub",            "mul",
                                     "negate",        "clamp"};
const std::set<std::string> kRoundingModes = {"SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND"};
const std::set<std::string> kScales = {"32", "16"};
const std::set<std::string> kOperands = {"constants", "arguments"};
const std::set<std::string> kGranularities = {"per-layer", "per-axis", "sub-channel"};
const std::set<std::string> kShapeKinds = {"scalar", "0-d", "static", "dynamic", "unranked"};
const std::set<std::string> kYesNo = {"yes", "no"};

/// "i8" -> ('i', 8); false for anything else.
bool parseStorage(const std::string &word, char &sign, unsigned &width) {
  if (word.size() < 2 || (word[0] != 'i' && word[0] != 'u'))
    return false;
  width = 0;
  for (size_t i = 1; i < word.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(word[i])) || width > 64)
      return false;
    width = width * 10 + unsigned(word[i] - '0');
  }
  sign = word[0];
  return width >= 1 && width <= 64;
}

/// Storage words: "i8", or a range "i1-i32" expanded into each width.
bool expandStorage(const std::string &word, std::set<std::string> &out) {
  size_t dash = word.find('-');
  char s1, s2;
  unsigned w1, w2;
  if (dash == std::string::npos) {
    if (!parseStorage(word, s1, w1))
      return false;
    out.insert(word);
    return true;
  }
  if (!parseStorage(word.substr(0, dash), s1, w1) || !parseStorage(word.substr(dash + 1), s2, w2) ||
      s1 != s2 || w1 > w2)
    return false;
  for (unsigned w = w1; w <= w2; ++w)
    out.insert(std::string(1, s1) + std::to_string(w));
  return true;
}

} // namespace

namespace {

/// Adds `word` to `values` when it is a valid value of `key`; else sets `error`.
bool addValue(const std::string &key, const std::string &word, std::set<std::string> &values,
              const std::string &where, std::string &error) {
  bool ok = false;
  if (key == "op")
    ok = kOps.count(word);
  else if (key == "granularity")
    ok = kGranularities.count(word);
  else if (key == "shape-kind")
    ok = kShapeKinds.count(word);
  else if (key == "narrow" || key == "rejection" || key == "per-channel")
    ok = kYesNo.count(word);
  else if (key == "rounding-mode")
    ok = kRoundingModes.count(word);
  else if (key == "scale")
    ok = kScales.count(word);
  else if (key == "operands")
    ok = kOperands.count(word);
  else if (key == "purpose" || key == "types") // a TOSA operator case's (docs/golden-format.md)
    ok = !word.empty();
  else if (key == "case") // one case by ID: a departure only its inputs show
    ok = !word.empty();
  else if (key == "rescale-input" || key == "rescale-output") {
    unsigned width = 0;
    bool isUnsigned = false;
    ok = generators::parseRescaleIntTag(word, width, isUnsigned);
  }
  else if (key == "expressed")
    ok = numeric::findFloatFormat(word) != nullptr;
  else if (key == "storage") {
    if (expandStorage(word, values))
      return true;
    error = where + "bad storage '" + word + "' (expected i<N>, u<N> or a range such as i1-i32)";
    return false;
  } else {
    error = where + "unknown key '" + key +
            "' (expected op, granularity, storage, narrow, expressed, shape-kind, rejection, "
            "rescale-input, rescale-output, scale, rounding-mode, per-channel, operands, purpose, types, "
            "case, exclude)";
    return false;
  }
  if (!ok) {
    error = where + "unknown " + key + " '" + word + "'";
    return false;
  }
  values.insert(word);
  return true;
}

std::string trimmed(const std::string &text) {
  size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos)
    return "";
  return text.substr(begin, text.find_last_not_of(" \t\r") + 1 - begin);
}

} // namespace

std::optional<Capabilities> Capabilities::parse(const std::string &text, const std::string &file,
                                                std::string &error) {
  Capabilities caps;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::string where = file + ":" + std::to_string(number) + ": ";
    size_t hash = line.find('#');
    std::string comment = hash == std::string::npos ? "" : trimmed(line.substr(hash + 1));
    line = line.substr(0, hash);
    std::istringstream words(line);
    std::string key;
    if (!(words >> key))
      continue;
    if (key == "exclude") {
      // `exclude key=value…  # why`: a combination the backend does not claim.
      Exclusion exclusion;
      exclusion.where = file + ":" + std::to_string(number);
      exclusion.reason = comment;
      for (std::string w; words >> w;) {
        size_t eq = w.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == w.size()) {
          error = where + "exclude expects key=value words, got '" + w + "'";
          return std::nullopt;
        }
        std::string k = w.substr(0, eq);
        if (!addValue(k, w.substr(eq + 1), exclusion.match[k], where, error))
          return std::nullopt;
      }
      if (exclusion.match.empty()) {
        error = where + "'exclude' lists no key=value";
        return std::nullopt;
      }
      caps.exclusions_.push_back(std::move(exclusion));
      continue;
    }
    if (caps.claims_.count(key)) {
      error = where + "'" + key + "' appears twice";
      return std::nullopt;
    }
    std::set<std::string> &values = caps.claims_[key];
    for (std::string w; words >> w;)
      if (!addValue(key, w, values, where, error))
        return std::nullopt;
    if (values.empty()) {
      error = where + "'" + key + "' lists no value";
      return std::nullopt;
    }
    if ((key == "narrow" || key == "rejection" || key == "per-channel") && values.size() != 1) {
      error = where + "'" + key + "' takes one value, yes or no";
      return std::nullopt;
    }
  }
  return caps;
}

std::optional<Capabilities> Capabilities::builtIn(const std::string &backend,
                                                  std::string &source) {
  static const char *const kMlirCpu =
#include "conformance/runner/MlirCpuCapabilities.inc"
      ;
  static const char *const kMlirLowering =
#include "conformance/runner/MlirLoweringCapabilities.inc"
      ;
  const char *text = backend == "mlir-cpu"        ? kMlirCpu
                     : backend == "mlir-lowering" ? kMlirLowering
                                                  : nullptr;
  if (!text)
    return std::nullopt;
  source = "conformance/backends/" + backend + ".capabilities";
  std::string error;
  return parse(text, source + " (built in)", error);
}

std::optional<std::string>
Capabilities::excluded(const std::map<std::string, std::string> &tags) const {
  for (const Exclusion &e : exclusions_) {
    bool all = true;
    std::string what;
    for (const auto &[key, values] : e.match) {
      all = all && values.count(tags.at(key));
      what += (what.empty() ? "" : " ") + key + "=" + tags.at(key);
    }
    if (all)
      return what + " is excluded (" + e.where + (e.reason.empty() ? "" : ": " + e.reason) + ")";
  }
  return std::nullopt;
}

std::optional<std::string> Capabilities::notClaimed(const std::string &key,
                                                    const std::string &value,
                                                    const std::string &what) const {
  auto it = claims_.find(key);
  if (it == claims_.end() || it->second.count(value))
    return std::nullopt;
  return what + " is not claimed";
}

std::optional<std::string> Capabilities::outside(const GoldenCase &c) const {
  if (c.isRescale())
    return outsideRescale(c);
  if (c.isTosaOp())
    return outsideTosaOp(c);
  const quant::QuantType &t = c.params.type;
  auto check = [&](const std::string &key, const std::string &value, const std::string &what) {
    return notClaimed(key, value, what);
  };
  std::string op(generators::opName(c.params.op));
  std::string granularity(generators::granularityName(t.granularity));
  std::string expressed(t.expressed->name);
  std::string shapeKind(generators::shapeKindName(c.params.shapeKind));
  std::string storage = generators::storageTag(t);
  const std::map<std::string, std::string> tags = {
      {"op", op},         {"granularity", granularity},
      {"storage", storage}, {"expressed", expressed},
      {"shape-kind", shapeKind}, {"narrow", t.hasNarrowBounds() ? "yes" : "no"},
      {"rejection", c.rejection ? "yes" : "no"},
      // Rescale-only keys never match a qcast / dcast case.
      {"rescale-input", ""}, {"rescale-output", ""}, {"scale", ""}, {"rounding-mode", ""},
      {"per-channel", ""}, {"operands", ""}, {"purpose", ""}, {"types", ""}, {"case", c.id}};
  if (auto why = excluded(tags))
    return why;
  for (auto reason : {check("op", op, "op " + op),
                      check("granularity", granularity, "granularity " + granularity),
                      check("storage", storage, "storage " + storage),
                      check("expressed", expressed, "expressed type " + expressed),
                      check("shape-kind", shapeKind, "shape kind " + shapeKind)})
    if (reason)
      return reason;
  if (t.hasNarrowBounds())
    if (auto reason = check("narrow", "yes", "narrow storage bounds"))
      return reason;
  if (c.rejection)
    if (auto reason = check("rejection", "yes", "an expected-rejection case"))
      return reason;
  return std::nullopt;
}

std::optional<std::string> Capabilities::outsideRescale(const GoldenCase &c) const {
  const generators::RescaleParams &r = c.params.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  auto check = [&](const std::string &key, const std::string &value, const std::string &what) {
    return notClaimed(key, value, what);
  };
  const std::string shapeKind(generators::shapeKindName(c.params.shapeKind));
  const std::string in = generators::rescaleInputTag(r), out = generators::rescaleOutputTag(r);
  const std::string scale = a.scale32 ? "32" : "16";
  const std::string mode(requant::roundingModeName(a.roundingMode));
  const std::string operands(generators::rescaleOperandsName(r.operands));
  const std::map<std::string, std::string> tags = {
      {"op", "rescale"}, {"shape-kind", shapeKind}, {"rejection", c.rejection ? "yes" : "no"},
      {"rescale-input", in}, {"rescale-output", out}, {"scale", scale},
      {"rounding-mode", mode}, {"per-channel", a.perChannel ? "yes" : "no"},
      {"operands", operands},
      // qcast / dcast keys never match a rescale case.
      {"granularity", ""}, {"storage", ""}, {"expressed", ""}, {"narrow", ""}, {"purpose", ""}, {"types", ""}, {"case", c.id}};
  if (auto why = excluded(tags))
    return why;
  for (auto reason : {check("op", "rescale", "op rescale"),
                      check("shape-kind", shapeKind, "shape kind " + shapeKind),
                      check("rescale-input", in, "rescale input " + in),
                      check("rescale-output", out, "rescale output " + out),
                      check("scale", scale, "scale " + scale),
                      check("rounding-mode", mode, "rounding mode " + mode),
                      check("operands", operands, "operands as " + operands)})
    if (reason)
      return reason;
  if (a.perChannel)
    if (auto reason = check("per-channel", "yes", "per-channel rescale"))
      return reason;
  if (c.rejection)
    if (auto reason = check("rejection", "yes", "an expected-rejection case"))
      return reason;
  return std::nullopt;
}

/// A TOSA operator case (contraction or elementwise): op, shape kind and
/// rejection are its keys (purpose and types in exclude lines); the qcast /
/// dcast and rescale keys never match it.
std::optional<std::string> Capabilities::outsideTosaOp(const GoldenCase &c) const {
  const std::string op(generators::tosaOpName(c.params.tosaOp.kind));
  const std::string shapeKind(generators::shapeKindName(c.params.shapeKind));
  const std::map<std::string, std::string> tags = {
      {"op", op}, {"shape-kind", shapeKind}, {"rejection", c.rejection ? "yes" : "no"},
      {"purpose", c.params.tosaOp.purpose},
      {"types", generators::tosaOpTypesTag(c.params)}, {"case", c.id}, {"granularity", ""}, {"storage", ""}, {"expressed", ""}, {"narrow", ""},
      {"rescale-input", ""}, {"rescale-output", ""}, {"scale", ""}, {"rounding-mode", ""},
      {"per-channel", ""}, {"operands", ""}};
  if (auto why = excluded(tags))
    return why;
  for (auto reason : {notClaimed("op", op, "op " + op),
                      notClaimed("shape-kind", shapeKind, "shape kind " + shapeKind)})
    if (reason)
      return reason;
  if (c.rejection)
    if (auto reason = notClaimed("rejection", "yes", "an expected-rejection case"))
      return reason;
  return std::nullopt;
}

} // namespace qi::conform
