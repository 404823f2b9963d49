//===- GoldenManifest.cpp - The manifest: write and read -------------------===//
//
// Spec: docs/golden-format.md ("Manifest"), golden/v2/schema.json. The case
// rows with their tags, the counts per category and /2's optional
// `coverage` object (computed elsewhere, kept as JSON text and written in the
// manifest's own layout, so reading and writing it again is stable).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenJsonRead.h"
#include "generators/GoldenJsonWrite.h"

#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenTile.h"
#include "generators/GoldenTosaOp.h"

#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <stdexcept>

namespace qi::generators {

using namespace jsonread;
using namespace jsonwrite;

namespace {

/// A number as JSON text: integers exactly, other doubles in the fewest
/// digits that read back to the same double.
std::string numberText(const Value &v) {
  if (std::optional<int64_t> i = v.getAsInteger())
    return std::to_string(*i);
  if (std::optional<uint64_t> u = v.getAsUINT64())
    return std::to_string(*u);
  const double d = *v.getAsNumber();
  char buf[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, d);
    if (std::strtod(buf, nullptr) == d)
      break;
  }
  return buf;
}

bool isScalar(const Value &v) { return !v.getAsObject() && !v.getAsArray(); }

/// Any JSON value in the manifest's layout at nesting `depth`: objects one
/// member per line with their keys sorted, arrays of scalars on one line,
/// other arrays one item per line.
std::string prettyJson(const Value &v, int depth) {
  const std::string inner = "\n" + std::string(2 * size_t(depth + 1), ' ');
  const std::string outer = "\n" + std::string(2 * size_t(depth), ' ');
  if (const Object *o = v.getAsObject()) {
    if (o->empty())
      return "{}";
    std::vector<std::string> keys;
    for (const auto &kv : *o)
      keys.push_back(kv.first.str());
    std::sort(keys.begin(), keys.end());
    std::string out = "{";
    for (size_t i = 0; i < keys.size(); ++i)
      out += (i ? "," : "") + inner + quote(keys[i]) + ": " +
             prettyJson(*o->get(keys[i]), depth + 1);
    return out + outer + "}";
  }
  if (const Array *a = v.getAsArray()) {
    if (a->empty())
      return "[]";
    const bool flat = std::all_of(a->begin(), a->end(), isScalar);
    std::string out = "[";
    for (size_t i = 0; i < a->size(); ++i)
      out += (i ? "," : "") + (flat ? std::string(i ? " " : "") : inner) +
             prettyJson((*a)[i], depth + 1);
    return out + (flat ? "" : outer) + "]";
  }
  if (std::optional<llvm::StringRef> s = v.getAsString())
    return quote(std::string_view(s->data(), s->size()));
  if (std::optional<bool> b = v.getAsBoolean())
    return *b ? "true" : "false";
  if (v.getAsNull())
    return "null";
  return numberText(v);
}

} // namespace

void ManifestBuilder::add(const GoldenCase &c, const std::string &file) {
  Row r;
  r.entry.id = c.id;
  r.entry.file = file;
  r.entry.category = caseCategory(c.params);
  r.entry.elements = c.numOutputs();
  r.entry.listed = listedElements(c);
  // TOSA operator cases count their input and operand elements here
  // (entry.elements: the elements of the expected output).
  r.tagsJson = tagsJson(c);
  rows_.push_back(std::move(r));
  elements_ += c.inputElementCount();
  const CaseParams &p = c.params;
  counts_["byCategory"][caseCategory(p)]++;
  // A TOSA operator case under its op's name (its `op` tag: conv2d, mul, ...).
  counts_["byOp"][p.op == Op::TosaOp ? std::string(tosaOpName(p.tosaOp.kind))
                                      : std::string(opName(p.op))]++;
  if (p.op == Op::TosaOp) {
    // Contraction and elementwise ops counted apart (the contraction keys
    // predate the elementwise cases).
    const bool ew = isElementwiseKind(p.tosaOp.kind);
    counts_[ew ? "byElementwiseOp" : "byContractionOp"][std::string(tosaOpName(p.tosaOp.kind))]++;
    counts_[ew ? "byElementwiseTypes" : "byContractionTypes"][tosaOpTypesTag(p)]++;
  } else if (p.op == Op::Rescale) {
    counts_["byRescaleTypes"][rescaleInputTag(p.rescale) + "-" + rescaleOutputTag(p.rescale)]++;
    counts_["byRoundingMode"]
           [std::string(requant::roundingModeName(p.rescale.attributes.roundingMode))]++;
  } else {
    counts_["byGranularity"][std::string(granularityName(p.type.granularity))]++;
    counts_["byStorage"][storageTag(p.type) + (p.type.hasNarrowBounds() ? " narrow" : "")]++;
    counts_["byExpressed"][std::string(p.type.expressed->name)]++;
  }
  counts_["byShapeKind"][std::string(shapeKindName(p.shapeKind))]++;
  counts_["byRejection"][c.rejection ? c.rejection->reason : std::string("none")]++;
  for (const std::string &cls : c.inputClasses)
    counts_["inputElementsByClass"][cls]++;
}

void ManifestBuilder::setCoverage(std::string json) {
  if (json.empty()) {
    coverage_.clear();
    return;
  }
  std::string error;
  std::optional<Value> parsed = parseJsonText(json, error);
  if (!parsed)
    throw std::invalid_argument("manifest coverage: " + error);
  if (!parsed->getAsObject())
    throw std::invalid_argument("manifest coverage: expected a JSON object");
  coverage_ = prettyJson(*parsed, 1);
}

std::string ManifestBuilder::toJson() const {
  std::vector<const Row *> sorted;
  for (const Row &r : rows_)
    sorted.push_back(&r);
  std::sort(sorted.begin(), sorted.end(),
            [](const Row *a, const Row *b) { return a->entry.id < b->entry.id; });
  Writer w(false);
  w.open();
  w.member("format", quote(kFormatVersion));
  w.member("level", quote(level_));
  w.member("seed", quote(hex64(seed_)));
  w.key("profiles");
  {
    std::vector<std::string> items;
    for (const std::string &p : profiles_)
      items.push_back("{\"name\": " + quote(p) + ", \"description\": " +
                      quote(listProfilesLine(p)) + "}");
    w.tallList(items);
  }
  w.key("recipes");
  {
    std::vector<std::string> items;
    for (const std::string &r : recipes_)
      items.push_back("{\"name\": " + quote(r) + ", \"description\": " + quote(recipeLine(r)) +
                      "}");
    w.tallList(items);
  }
  w.key("counts");
  w.open();
  w.member("cases", std::to_string(rows_.size()));
  w.member("inputElements", std::to_string(elements_));
  for (const char *group : {"byCategory", "byOp", "byGranularity", "byStorage", "byExpressed",
                            "byRescaleTypes", "byRoundingMode", "byContractionOp",
                            "byContractionTypes", "byElementwiseOp", "byElementwiseTypes",
                            "byShapeKind", "byRejection",
                            "inputElementsByClass"}) {
    w.key(group);
    w.open();
    auto it = counts_.find(group);
    if (it != counts_.end())
      for (auto &[k, n] : it->second)
        w.member(k, std::to_string(n));
    w.close();
  }
  w.close();
  if (!coverage_.empty())
    w.member("coverage", coverage_);
  w.key("cases");
  {
    std::vector<std::string> items;
    for (const Row *r : sorted)
      items.push_back("{\"id\": " + quote(r->entry.id) + ", \"file\": " + quote(r->entry.file) +
                      ", \"category\": " + quote(r->entry.category) +
                      ", \"elements\": " + std::to_string(r->entry.elements) +
                      ", \"listed\": " + std::to_string(r->entry.listed) +
                      ", \"tags\": " + r->tagsJson + "}");
    w.tallList(items);
  }
  w.close();
  return w.take() + "\n";
}

bool manifestFromJson(const std::string &text, Manifest &out, std::string &error) {
  std::optional<Value> parsed = parseJsonText(text, error);
  if (!parsed)
    return false;
  out = Manifest{};
  try {
    const Object &o = asObject(&*parsed, "");
    const int version = readVersion(o);
    out.format = std::string(version == 1 ? kFormatVersion1 : kFormatVersion2);
    closedKeys(o, "", {"format", "level", "seed", "profiles", "recipes", "counts", "coverage",
                       "cases"});
    out.level = asString(o.get("level"), "/level");
    if (!parseLevel(out.level))
      fail("/level", "unknown level '" + out.level + "'");
    out.seed = parseHex64(asString(o.get("seed"), "/seed"), "/seed");
    // `profiles` and `recipes`: [{name, description}], each name known and
    // its description its --list-… line.
    auto readNamed = [&](const Value *v, const std::string &key, const char *what,
                         bool (*known)(const std::string &),
                         std::string (*line)(const std::string &), std::vector<std::string> &names) {
      const Array &items = asArray(v, "/" + key);
      for (size_t i = 0; i < items.size(); ++i) {
        std::string where = "/" + key + "/" + std::to_string(i);
        const Object &io = asObject(&items[i], where);
        closedKeys(io, where, {"name", "description"});
        std::string name = asString(io.get("name"), where + "/name");
        if (!known(name))
          fail(where + "/name", std::string("unknown ") + what + " '" + name + "'");
        expectEqual(asString(io.get("description"), where + "/description"), line(name),
                    where + "/description", "description");
        names.push_back(name);
      }
    };
    readNamed(o.get("profiles"), "profiles", "profile",
              [](const std::string &n) { return bool(quant::findProfile(n)); },
              listProfilesLine, out.profiles);
    if (const Value *rv = o.get("recipes"))
      readNamed(rv, "recipes", "recipe",
                [](const std::string &n) { return bool(requant::parseRecipe(n)); }, recipeLine,
                out.recipes);
    asObject(o.get("counts"), "/counts");
    if (const Value *cv = o.get("coverage")) {
      if (version == 1)
        failNotInVersion1("/coverage", "the key 'coverage'");
      asObject(cv, "/coverage");
      out.coverageJson = prettyJson(*cv, 0);
    }
    const Array &cases = asArray(o.get("cases"), "/cases");
    std::set<std::string> ids;
    for (size_t i = 0; i < cases.size(); ++i) {
      std::string where = "/cases/" + std::to_string(i);
      const Object &co = asObject(&cases[i], where);
      closedKeys(co, where, {"id", "file", "category", "elements", "listed", "tags"});
      ManifestEntry e;
      e.id = asString(co.get("id"), where + "/id");
      e.file = asString(co.get("file"), where + "/file");
      e.category = asString(co.get("category"), where + "/category");
      const int64_t elements = asInt(co.get("elements"), where + "/elements");
      if (elements < 0)
        fail(where + "/elements", "negative element count " + std::to_string(elements));
      e.elements = size_t(elements);
      e.listed = e.elements;
      if (version == 1 && co.get("listed"))
        failNotInVersion1(where + "/listed", "the key 'listed'");
      if (version == 2) {
        // Every element, or the period of a tiled case: 1 <= L < elements.
        const int64_t listed = asInt(co.get("listed"), where + "/listed");
        if (listed != elements && (listed < 1 || listed >= elements))
          fail(where + "/listed", std::to_string(listed) + " listed elements for " +
                                      std::to_string(elements) + " (expected " +
                                      std::to_string(elements) +
                                      ", or a tiled case's period in [1, " +
                                      std::to_string(elements) + "))");
        e.listed = size_t(listed);
      }
      asObject(co.get("tags"), where + "/tags");
      if (e.file != "cases/" + e.id + ".json")
        fail(where + "/file", "expected 'cases/" + e.id + ".json'");
      if (!ids.insert(e.id).second)
        fail(where + "/id", "duplicate case id '" + e.id + "'");
      out.cases.push_back(std::move(e));
    }
  } catch (const FormatError &e) {
    error = e.message;
    return false;
  }
  return true;
}

} // namespace qi::generators
