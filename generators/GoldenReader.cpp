//===- GoldenReader.cpp - quant-interp-golden strict case reader -----------===//
//
// Spec: docs/golden-format.md, golden/v2/schema.json. Closed schema, exact
// version (/1 or /2), and every derived field checked against the
// parameters; a tiled case (/2) is expanded to all its elements. The
// manifest is read by GoldenManifest.cpp.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenJsonRead.h"
#include "generators/GoldenTosaOpJson.h"

#include "generators/FloatText.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenRun.h"
#include "generators/GoldenTile.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/Semantics.h"

#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <tuple>

namespace qi::generators {

std::string readableVersions() {
  return std::string(kFormatVersion1) + " and " + std::string(kFormatVersion2);
}

using numeric::Bits;
using numeric::FloatFormat;
using quant::QuantType;

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {

using namespace jsonread;

/// A ["0xBITS", "decimal"] pair of format f; the decimal must be the one the
/// generator writes for those bits.
Bits floatPairValue(const Value *v, const FloatFormat &f, const std::string &where) {
  const Array &a = asArray(v, where);
  if (a.size() != 2)
    fail(where, "expected a [\"0xBITS\", \"DECIMAL\"] pair");
  std::string hex = asString(&a[0], where + "/0");
  std::string dec = asString(&a[1], where + "/1");
  if (hex.size() != 2 + (f.sizeInBits + 3) / 4)
    fail(where + "/0", "'" + hex + "' is not a " + std::string(f.name) + " bit pattern (" +
                           std::to_string((f.sizeInBits + 3) / 4) + " hex digits)");
  Bits b = parseHex64(hex, where + "/0");
  if (b & ~f.allBitsMask())
    fail(where + "/0", "'" + hex + "' has bits beyond " + std::string(f.name));
  if (decimalText(f, b) != dec)
    fail(where + "/1", "decimal '" + dec + "' does not match the bits " + hex + " (expected '" +
                           decimalText(f, b) + "')");
  return b;
}

const FloatFormat &formatNamed(const std::string &name, const std::string &where) {
  const FloatFormat *f = numeric::findFloatFormat(name);
  if (!f)
    fail(where, "unknown float format '" + name + "'");
  return *f;
}

numeric::IntFormat storageNamed(const std::string &s, const std::string &where) {
  if (s.size() >= 2 && (s[0] == 'i' || s[0] == 'u')) {
    unsigned w = 0;
    bool digits = true;
    for (size_t i = 1; i < s.size(); ++i) {
      digits &= s[i] >= '0' && s[i] <= '9';
      if (digits)
        w = w * 10 + unsigned(s[i] - '0');
      if (w > 64)
        break;
    }
    if (digits && w >= 1 && w <= 32)
      return {w, s[0] == 'i'};
  }
  fail(where, "expected a storage type i1..i32 or u1..u32, got '" + s + "'");
}

QuantType readType(const Object &o, const std::string &where) {
  closedKeys(o, where, {"mlir", "storage", "storageMin", "storageMax", "expressed", "granularity",
                        "axis", "blockSizes", "parameterShape", "scaleFormat", "scales",
                        "zeroPoints"});
  QuantType t;
  t.storage = storageNamed(asString(o.get("storage"), where + "/storage"), where + "/storage");
  t.storageMin = asInt(o.get("storageMin"), where + "/storageMin");
  t.storageMax = asInt(o.get("storageMax"), where + "/storageMax");
  if (!t.storage.contains(t.storageMin) || !t.storage.contains(t.storageMax) ||
      t.storageMin > t.storageMax)
    fail(where, "storage bounds [" + std::to_string(t.storageMin) + ", " +
                    std::to_string(t.storageMax) + "] do not lie in " + t.storage.name());
  t.expressed = &formatNamed(asString(o.get("expressed"), where + "/expressed"),
                             where + "/expressed");
  std::string g = asString(o.get("granularity"), where + "/granularity");
  auto gran = parseGranularity(g);
  if (!gran)
    fail(where + "/granularity", "unknown granularity '" + g +
                                     "' (expected per-layer, per-axis or sub-channel)");
  t.granularity = *gran;
  bool perAxis = *gran == QuantType::Granularity::PerAxis;
  bool sub = *gran == QuantType::Granularity::SubChannel;
  if (perAxis != (o.get("axis") != nullptr))
    fail(where + "/axis", perAxis ? "missing (required for per-axis)" : "only allowed for per-axis");
  if (sub != (o.get("blockSizes") != nullptr) || sub != (o.get("parameterShape") != nullptr))
    fail(where, "blockSizes and parameterShape are required for sub-channel and only allowed there");
  size_t expectedParams = 1;
  if (perAxis) {
    t.axis = static_cast<int32_t>(asInt(o.get("axis"), where + "/axis"));
    if (t.axis < 0)
      fail(where + "/axis", "negative axis");
  }
  if (sub) {
    const Array &bs = asArray(o.get("blockSizes"), where + "/blockSizes");
    for (size_t i = 0; i < bs.size(); ++i) {
      std::vector<int64_t> pair = intArray(&bs[i], where + "/blockSizes/" + std::to_string(i));
      if (pair.size() != 2 || pair[0] < 0 || pair[1] < 1)
        fail(where + "/blockSizes/" + std::to_string(i), "expected [dimension, block size]");
      t.blockSizes.push_back({static_cast<int32_t>(pair[0]), pair[1]});
    }
    t.parameterShape = intArray(o.get("parameterShape"), where + "/parameterShape");
    for (int64_t d : t.parameterShape)
      if (d < 1)
        fail(where + "/parameterShape", "dimensions must be positive");
    expectedParams = size_t(numElements(t.parameterShape));
  }
  std::string scaleFormat = asString(o.get("scaleFormat"), where + "/scaleFormat");
  std::string wantScaleFormat = sub ? std::string(t.expressed->name) : "f64";
  expectEqual(scaleFormat, wantScaleFormat, where + "/scaleFormat", "scale format");
  const FloatFormat &sf = formatNamed(scaleFormat, where + "/scaleFormat");
  const Array &scales = asArray(o.get("scales"), where + "/scales");
  for (size_t i = 0; i < scales.size(); ++i)
    t.scales.push_back({&sf, floatPairValue(&scales[i], sf, where + "/scales/" + std::to_string(i))});
  t.zeroPoints = intArray(o.get("zeroPoints"), where + "/zeroPoints");
  // MLIR 22 accepts any int64 zero point on per-layer and per-axis types
  // ([qtype.model]); sub-channel zero points are parsed into integers of the
  // storage type, so only there a value outside it cannot be what the type
  // holds.
  if (sub)
    for (size_t i = 0; i < t.zeroPoints.size(); ++i)
      if (!t.storage.contains(t.zeroPoints[i]))
        fail(where + "/zeroPoints/" + std::to_string(i),
             "zero point " + std::to_string(t.zeroPoints[i]) + " does not fit " +
                 t.storage.name() + " (sub-channel zero points are storage-type integers)");
  if (t.scales.empty() || t.scales.size() != t.zeroPoints.size() ||
      (!perAxis && t.scales.size() != expectedParams))
    fail(where, "expected " + (perAxis ? std::string("as many") : std::to_string(expectedParams)) +
                    " scales and zero points, got " + std::to_string(t.scales.size()) + " and " +
                    std::to_string(t.zeroPoints.size()));
  t.spelling = typeSpelling(t);
  expectEqual(asString(o.get("mlir"), where + "/mlir"), t.spelling, where + "/mlir", "type");
  return t;
}

/// An int64 array whose elements lie in [lo, hi].
/// A rescale case (docs/golden-format.md, "Rescale cases").
void readRescaleCase(const Object &o, GoldenCase &c, int version) {
  closedKeys(o, "", {"format", "id", "level", "seed", "category", "variant", "tags", "rescale",
                     "program", "input", "rejection", "expected"});
  c.level = asString(o.get("level"), "/level");
  if (!parseLevel(c.level))
    fail("/level", "unknown level '" + c.level + "'");
  c.seed = parseHex64(asString(o.get("seed"), "/seed"), "/seed");
  CaseParams &p = c.params;
  p.op = Op::Rescale;
  if (o.get("variant"))
    p.variant = asString(o.get("variant"), "/variant");

  const Object &tags = asObject(o.get("tags"), "/tags");
  closedKeys(tags, "/tags", {"op", "input", "output", "scale32", "roundingMode", "perChannel",
                             "operands", "shapeKind", "rejection", "recipes", "inputClasses"});
  std::string kind = asString(tags.get("shapeKind"), "/tags/shapeKind");
  if (!parseShapeKind(kind))
    fail("/tags/shapeKind", "unknown shape kind '" + kind + "'");
  p.shapeKind = *parseShapeKind(kind);
  if (p.shapeKind == ShapeKind::Scalar)
    fail("/tags/shapeKind", "a rescale case has a tensor input (0-d, static, dynamic or "
                            "unranked), not a scalar");

  // The op's attributes and operands.
  const Object &ro = asObject(o.get("rescale"), "/rescale");
  closedKeys(ro, "/rescale", {"input", "output", "scale32", "roundingMode", "perChannel",
                              "multiplier", "shift", "inputZp", "outputZp", "operands"});
  RescaleParams &r = p.rescale;
  requant::RescaleAttributes &a = r.attributes;
  for (auto [key, width, isUnsigned] :
       {std::tuple{"input", &a.inputWidth, &a.inputUnsigned},
        std::tuple{"output", &a.outputWidth, &a.outputUnsigned}}) {
    std::string where = std::string("/rescale/") + key;
    std::string tag = asString(ro.get(key), where);
    if (!parseRescaleIntTag(tag, *width, *isUnsigned))
      fail(where, "expected an integer type i1..i64 or u1..u63, got '" + tag + "'");
  }
  a.scale32 = asBool(ro.get("scale32"), "/rescale/scale32");
  std::string mode = asString(ro.get("roundingMode"), "/rescale/roundingMode");
  std::optional<requant::RoundingMode> rm = requant::parseRoundingMode(mode);
  if (!rm)
    fail("/rescale/roundingMode", "unknown rounding mode '" + mode +
                                      "' (expected SINGLE_ROUND, INEXACT_ROUND or DOUBLE_ROUND)");
  a.roundingMode = *rm;
  a.perChannel = asBool(ro.get("perChannel"), "/rescale/perChannel");
  const int mulWidth = a.scale32 ? 32 : 16;
  r.multipliers = boundedInts(ro.get("multiplier"), "/rescale/multiplier",
                              intTypeMin(unsigned(mulWidth), false),
                              intTypeMax(unsigned(mulWidth), false),
                              "multiplier (i" + std::to_string(mulWidth) + ")");
  r.shifts = boundedInts(ro.get("shift"), "/rescale/shift", -128, 127, "shift (i8)");
  if (r.multipliers.empty() || r.multipliers.size() != r.shifts.size())
    fail("/rescale", "expected as many multipliers as shifts (at least one), got " +
                         std::to_string(r.multipliers.size()) + " and " +
                         std::to_string(r.shifts.size()));
  r.inputZp = asInt(ro.get("inputZp"), "/rescale/inputZp");
  r.outputZp = asInt(ro.get("outputZp"), "/rescale/outputZp");
  for (auto [key, zp, width, isUnsigned] :
       {std::tuple{"inputZp", r.inputZp, a.inputWidth, a.inputUnsigned},
        std::tuple{"outputZp", r.outputZp, a.outputWidth, a.outputUnsigned}})
    if (zp < intTypeMin(width, isUnsigned) || zp > intTypeMax(width, isUnsigned))
      fail(std::string("/rescale/") + key,
           "zero point " + std::to_string(zp) + " does not fit " + rescaleIntTag(width, isUnsigned));
  std::string operands = asString(ro.get("operands"), "/rescale/operands");
  if (!parseRescaleOperands(operands))
    fail("/rescale/operands", "expected constants or arguments, got '" + operands + "'");
  r.operands = *parseRescaleOperands(operands);

  const Object &in = asObject(o.get("input"), "/input");
  closedKeys(in, "/input", {"type", "shape", "dynamicDims", "period", "values", "classes"});
  readShape(in, p, kind);
  const int64_t n = numElements(p.shape);
  if (n > (int64_t(1) << 24))
    fail("/input/shape", "more than 2^24 elements");
  // A tiled case (/2) lists its first L elements (docs/golden-format.md,
  // "Tiled cases"); expanded to n before the checks on whole elements.
  p.period = readPeriod(in, n, version);
  const int64_t listed = p.period > 0 ? p.period : n;
  const std::string ofListed = listedText(p.period, n);
  c.rejection = readRejection(o);
  c.inputStored = boundedInts(in.get("values"), "/input/values",
                              intTypeMin(a.inputWidth, a.inputUnsigned),
                              intTypeMax(a.inputWidth, a.inputUnsigned),
                              "input value (" + rescaleInputTag(r) + ")");
  if (int64_t(c.inputStored.size()) != listed)
    fail("/input/values", std::to_string(c.inputStored.size()) + " values for " + ofListed);
  c.inputClasses = readInputClasses(in, size_t(listed));


  const Array &expected = asArray(o.get("expected"), "/expected");
  if (expected.empty() && !c.rejection)
    fail("/expected", "no expected output");
  if (!expected.empty() && c.rejection)
    fail("/expected", "a rejection case has no expected output ([])");
  const int64_t outMin = intTypeMin(a.outputWidth, a.outputUnsigned);
  const int64_t outMax = intTypeMax(a.outputWidth, a.outputUnsigned);
  for (size_t k = 0; k < expected.size(); ++k) {
    std::string where = "/expected/" + std::to_string(k);
    const Object &e = asObject(&expected[k], where);
    closedKeys(e, where, {"recipe", "summary", "type", "values", "poison", "intervals"});
    ExpectedOutput out;
    out.profile = asString(e.get("recipe"), where + "/recipe");
    std::optional<requant::RequantizeRecipe> recipe = requant::parseRecipe(out.profile);
    if (!recipe)
      fail(where + "/recipe", "unknown recipe '" + out.profile + "' (known: " +
                                  requant::allRecipeNames() + ")");
    for (auto &prev : c.expected)
      if (prev.profile == out.profile)
        fail(where + "/recipe", "recipe '" + out.profile + "' listed twice");
    out.description = std::string(requant::recipeSummary(*recipe));
    expectEqual(asString(e.get("summary"), where + "/summary"), recipeLine(out.profile),
                where + "/summary", "summary line");
    out.stored = boundedInts(e.get("values"), where + "/values", outMin, outMax,
                             "output value (" + rescaleOutputTag(r) + ")");
    if (int64_t(out.stored.size()) != listed)
      fail(where + "/values", std::to_string(out.stored.size()) + " values for " + ofListed);
    const std::string indexRange = "indices must be ascending and in [0, " +
                                   std::to_string(listed) + ")" +
                                   (p.period > 0 ? " (the period)" : "");
    out.poison = intArray(e.get("poison"), where + "/poison");
    for (size_t i = 0; i < out.poison.size(); ++i) {
      int64_t idx = out.poison[i];
      if (idx < 0 || idx >= listed || (i && out.poison[i - 1] >= idx))
        fail(where + "/poison", indexRange);
      if (out.stored[size_t(idx)] != 0)
        fail(where + "/values/" + std::to_string(idx), "a poison element must hold 0");
    }
    const Array &intervals = asArray(e.get("intervals"), where + "/intervals");
    for (size_t i = 0; i < intervals.size(); ++i) {
      std::string w = where + "/intervals/" + std::to_string(i);
      std::vector<int64_t> t = intArray(&intervals[i], w);
      if (t.size() != 3)
        fail(w, "expected [index, lo, hi]");
      AllowedInterval iv{t[0], t[1], t[2]};
      if (iv.index < 0 || iv.index >= listed || (i && out.intervals.back().index >= iv.index))
        fail(w + "/0", indexRange);
      if (std::binary_search(out.poison.begin(), out.poison.end(), iv.index))
        fail(w + "/0", "a poison element has no interval");
      const int64_t value = out.stored[size_t(iv.index)];
      if (!(outMin <= iv.lo && iv.lo < iv.hi && iv.hi <= outMax && iv.lo <= value &&
            value <= iv.hi))
        fail(w, "expected lo < hi within " + rescaleOutputTag(r) + " and lo <= " +
                    std::to_string(value) + " (the element's value) <= hi");
      out.intervals.push_back(iv);
    }
    if (!out.intervals.empty() && (*recipe != requant::RequantizeRecipe::Tosa ||
                                   a.roundingMode != requant::RoundingMode::Inexact))
      fail(where + "/intervals", "only the tosa recipe of an INEXACT_ROUND case has intervals");
    c.expected.push_back(std::move(out));
  }
  if (p.period > 0)
    expandTiled(c, size_t(n));

  if (!c.rejection) {
    // A value case: the program is not in error, the operands have the
    // op's length, and no element is unpredictable.
    if (std::optional<requant::Violation> bad = rescaleErrorIf(p))
      fail("/rescale", bad->message() + ": the program is in error, so the case must be an "
                                        "expected rejection");
    if (int64_t(r.multipliers.size()) != rescaleChannelCount(p))
      fail("/rescale/multiplier", std::to_string(r.multipliers.size()) +
                                      " multipliers, but the op reads " +
                                      std::to_string(rescaleChannelCount(p)) + " for the shape");
    if (auto bad = firstRequireViolation(c))
      fail("/input/values/" + std::to_string(bad->first % size_t(listed)),
           bad->second.message() + ": the element is unpredictable, so the case must be an "
                                   "expected rejection");
  }

  // Derived fields must agree with the parameters.
  c.id = asString(o.get("id"), "/id");
  // The ID's text must name the parameters; its hash covers the content
  // too, which `quant-golden check` verifies against the kernels.
  expectEqual(c.id.substr(0, c.id.size() < 12 ? 0 : c.id.size() - 12),
              parameterId(p).substr(0, parameterId(p).size() - 12), "/id", "id");
  expectEqual(asString(o.get("category"), "/category"), caseCategory(p), "/category", "category");
  expectEqual(asString(o.get("program"), "/program"), programText(p), "/program", "program");
  expectEqual(asString(in.get("type"), "/input/type"),
              concreteSpelling(p, rescaleInputElement(p)), "/input/type", "input type");
  for (size_t k = 0; k < expected.size(); ++k) {
    std::string where = "/expected/" + std::to_string(k) + "/type";
    expectEqual(asString(expected[k].getAsObject()->get("type"), where),
                concreteSpelling(p, rescaleOutputElement(p)), where, "output type");
  }
  auto checkTag = [&](const char *key, const std::string &want) {
    expectEqual(asString(tags.get(key), std::string("/tags/") + key), want,
                std::string("/tags/") + key, "tag");
  };
  checkTag("op", "rescale");
  checkTag("input", rescaleInputTag(r));
  checkTag("output", rescaleOutputTag(r));
  checkTag("roundingMode", std::string(requant::roundingModeName(a.roundingMode)));
  checkTag("operands", operands);
  if (asBool(tags.get("scale32"), "/tags/scale32") != a.scale32)
    fail("/tags/scale32", "does not match /rescale/scale32");
  if (asBool(tags.get("perChannel"), "/tags/perChannel") != a.perChannel)
    fail("/tags/perChannel", "does not match /rescale/perChannel");
  checkCommonTags(tags, c, "recipes");
}

/// Whether the object's tags say op "rescale" (the rescale reader takes
/// over; every other case is read as before).
bool isRescaleCase(const Object &o) {
  const Value *tags = o.get("tags");
  const Object *t = tags ? tags->getAsObject() : nullptr;
  const Value *op = t ? t->get("op") : nullptr;
  auto name = op ? op->getAsString() : std::nullopt;
  return name && *name == "rescale";
}

void readCase(const Value &root, GoldenCase &c) {
  const Object &o = asObject(&root, "");
  // The version first, so that a future format gets the right message.
  const int version = readVersion(o);
  if (isRescaleCase(o))
    return readRescaleCase(o, c, version);
  if (isTosaOpCase(o))
    return readTosaOpCase(o, c, version);
  closedKeys(o, "", {"format", "id", "level", "seed", "category", "variant", "tags", "type",
                     "program", "input", "rejection", "expected"});
  c.level = asString(o.get("level"), "/level");
  if (!parseLevel(c.level))
    fail("/level", "unknown level '" + c.level + "'");
  c.seed = parseHex64(asString(o.get("seed"), "/seed"), "/seed");
  CaseParams &p = c.params;
  if (o.get("variant"))
    p.variant = asString(o.get("variant"), "/variant");

  const Object &tags = asObject(o.get("tags"), "/tags");
  closedKeys(tags, "/tags", {"op", "granularity", "storage", "narrow", "expressed", "shapeKind",
                             "rejection", "profiles", "inputClasses"});
  std::string op = asString(tags.get("op"), "/tags/op");
  if (!parseOp(op))
    fail("/tags/op", "unknown op '" + op + "' (expected qcast, dcast, rescale, a contraction or an elementwise op)");
  p.op = *parseOp(op);
  std::string kind = asString(tags.get("shapeKind"), "/tags/shapeKind");
  if (!parseShapeKind(kind))
    fail("/tags/shapeKind", "unknown shape kind '" + kind + "'");
  p.shapeKind = *parseShapeKind(kind);

  p.type = readType(asObject(o.get("type"), "/type"), "/type");

  const Object &in = asObject(o.get("input"), "/input");
  closedKeys(in, "/input", {"type", "shape", "dynamicDims", "period", "values", "classes"});
  readShape(in, p, kind);
  const int64_t n = p.shapeKind == ShapeKind::Scalar ? 1 : numElements(p.shape);
  if (n > (int64_t(1) << 24))
    fail("/input/shape", "more than 2^24 elements");
  // A tiled case (/2) lists its first L elements (docs/golden-format.md,
  // "Tiled cases"); expanded to n below.
  p.period = readPeriod(in, n, version);
  const int64_t listed = p.period > 0 ? p.period : n;
  const std::string ofListed = listedText(p.period, n);
  if (const Value *r = o.get("rejection")) {
    const Object &ro = asObject(r, "/rejection");
    closedKeys(ro, "/rejection", {"reason", "message"});
    c.rejection = Rejection{asString(ro.get("reason"), "/rejection/reason"),
                            asString(ro.get("message"), "/rejection/message")};
  }
  std::string error;
  if (c.rejection) {
    // The shape breaks the type's integrity rules (runtime-integrity) or the
    // program is invalid (verifier); checked against the parameters below.
  } else if (!quant::ParameterMap::build(p.type, p.shape, p.shapeKind != ShapeKind::Scalar,
                                         error)) {
    fail("/input/shape", error);
  }
  const FloatFormat &E = *p.type.expressed;
  const Array &values = asArray(in.get("values"), "/input/values");
  if (int64_t(values.size()) != listed)
    fail("/input/values", std::to_string(values.size()) + " values for " + ofListed);
  for (size_t i = 0; i < values.size(); ++i) {
    std::string where = "/input/values/" + std::to_string(i);
    if (p.op == Op::QCast) {
      c.inputFloats.push_back(floatPairValue(&values[i], E, where));
    } else {
      int64_t q = asInt(&values[i], where);
      if (!p.type.storage.contains(q))
        fail(where, "stored value " + std::to_string(q) + " does not fit " + p.type.storage.name());
      c.inputStored.push_back(q);
    }
  }
  c.inputClasses = readInputClasses(in, values.size());

  const Array &expected = asArray(o.get("expected"), "/expected");
  if (expected.empty() && !c.rejection)
    fail("/expected", "no expected output");
  if (!expected.empty() && c.rejection)
    fail("/expected", "a rejection case has no expected output ([])");
  for (size_t k = 0; k < expected.size(); ++k) {
    std::string where = "/expected/" + std::to_string(k);
    const Object &e = asObject(&expected[k], where);
    closedKeys(e, where, {"profile", "semantics", "type", "values", "poison"});
    ExpectedOutput out;
    out.profile = asString(e.get("profile"), where + "/profile");
    auto semantics = quant::findProfile(out.profile);
    if (!semantics)
      fail(where + "/profile", "unknown profile '" + out.profile + "' (known: " +
                                   quant::allProfileNames() + ")");
    for (auto &prev : c.expected)
      if (prev.profile == out.profile)
        fail(where + "/profile", "profile '" + out.profile + "' listed twice");
    out.description = semantics->describe();
    expectEqual(asString(e.get("semantics"), where + "/semantics"), listProfilesLine(out.profile),
                where + "/semantics", "semantics line");
    const Array &vals = asArray(e.get("values"), where + "/values");
    if (int64_t(vals.size()) != listed)
      fail(where + "/values", std::to_string(vals.size()) + " values for " + ofListed);
    for (size_t i = 0; i < vals.size(); ++i) {
      std::string w = where + "/values/" + std::to_string(i);
      if (p.op == Op::QCast) {
        int64_t q = asInt(&vals[i], w);
        if (!p.type.storage.contains(q))
          fail(w, "stored value " + std::to_string(q) + " does not fit " + p.type.storage.name());
        out.stored.push_back(q);
      } else {
        out.floats.push_back(floatPairValue(&vals[i], E, w));
      }
    }
    out.poison = intArray(e.get("poison"), where + "/poison");
    for (size_t i = 0; i < out.poison.size(); ++i) {
      int64_t idx = out.poison[i];
      if (idx < 0 || idx >= listed || (i && out.poison[i - 1] >= idx))
        fail(where + "/poison", "indices must be ascending and in [0, " + std::to_string(listed) +
                                    ")" + (p.period > 0 ? " (the period)" : ""));
      bool zero = p.op == Op::QCast ? out.stored[size_t(idx)] == 0 : out.floats[size_t(idx)] == 0;
      if (!zero)
        fail(where + "/values/" + std::to_string(idx), "a poison element must hold 0");
    }
    c.expected.push_back(std::move(out));
  }
  if (p.period > 0)
    expandTiled(c, size_t(n));

  // Derived fields must agree with the parameters.
  c.id = asString(o.get("id"), "/id");
  // The ID's text must name the parameters; its hash covers the content
  // too, which `quant-golden check` verifies against the kernels.
  expectEqual(c.id.substr(0, c.id.size() < 12 ? 0 : c.id.size() - 12),
              parameterId(p).substr(0, parameterId(p).size() - 12), "/id", "id");
  expectEqual(asString(o.get("category"), "/category"), caseCategory(p), "/category", "category");
  expectEqual(asString(o.get("program"), "/program"), programText(p), "/program", "program");
  std::string inElem = p.op == Op::QCast ? std::string(E.name)
                                         : "i" + std::to_string(p.type.storage.width);
  expectEqual(asString(in.get("type"), "/input/type"), concreteSpelling(p, inElem), "/input/type",
              "input type");
  std::string outElem = p.op == Op::QCast ? resultIntegerSpelling(p.type.storage)
                                          : std::string(E.name);
  for (size_t k = 0; k < expected.size(); ++k) {
    std::string where = "/expected/" + std::to_string(k) + "/type";
    expectEqual(asString(expected[k].getAsObject()->get("type"), where),
                concreteSpelling(p, outElem), where, "output type");
  }
  // Compare field by field so the message names the tag.
  auto checkTag = [&](const char *key, const std::string &want) {
    expectEqual(asString(tags.get(key), std::string("/tags/") + key), want,
                std::string("/tags/") + key, "tag");
  };
  checkTag("granularity", std::string(granularityName(p.type.granularity)));
  checkTag("storage", storageTag(p.type));
  checkTag("expressed", std::string(E.name));
  if (asBool(tags.get("narrow"), "/tags/narrow") != p.type.hasNarrowBounds())
    fail("/tags/narrow", "does not match the storage bounds");
  checkCommonTags(tags, c, "profiles");
}

} // namespace

bool caseFromJson(const std::string &text, GoldenCase &out, std::string &error) {
  std::optional<Value> parsed = parseJsonText(text, error);
  if (!parsed)
    return false;
  out = GoldenCase{};
  try {
    readCase(*parsed, out);
  } catch (const FormatError &e) {
    error = e.message;
    return false;
  }
  return true;
}

} // namespace qi::generators
