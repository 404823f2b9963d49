//===- GoldenContractionJson.cpp - Contraction cases in JSON --------------===//
//
// Spec: docs/golden-format.md ("Contraction cases"), golden/v1/schema.json.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenContractionJson.h"

#include "generators/GoldenContraction.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenJsonWrite.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenProgram.h"

namespace qi::generators {

using namespace jsonread;
using namespace jsonwrite;

namespace {

bool isConvKind(ContractionKind k) {
  return k == ContractionKind::Conv2d || k == ContractionKind::DepthwiseConv2d ||
         k == ContractionKind::TransposeConv2d;
}

/// The zero point keys of the op, in the program's operand order, and the
/// parameters they name.
struct ZpKey {
  const char *key;
  int64_t ContractionParams::*field;
  bool ofWeight; ///< a zero point of the weight's type, else of the input's
};
std::vector<ZpKey> zeroPointKeys(ContractionKind k) {
  if (k == ContractionKind::MatMul)
    return {{"aZp", &ContractionParams::inputZp, false}, {"bZp", &ContractionParams::weightZp, true}};
  if (isConvKind(k))
    return {{"inputZp", &ContractionParams::inputZp, false},
            {"weightZp", &ContractionParams::weightZp, true}};
  if (k == ContractionKind::AvgPool2d)
    return {{"inputZp", &ContractionParams::inputZp, false},
            {"outputZp", &ContractionParams::outputZp, false}};
  return {};
}

/// The attribute keys of the op: pad (out_pad for TRANSPOSE_CONV2D), stride,
/// dilation, kernel.
struct AttrKey {
  const char *key;
  std::vector<int64_t> ContractionParams::*field;
  size_t size;
};
std::vector<AttrKey> attributeKeys(ContractionKind k) {
  using P = ContractionParams;
  switch (k) {
  case ContractionKind::MatMul: return {};
  case ContractionKind::Conv2d:
  case ContractionKind::DepthwiseConv2d:
    return {{"pad", &P::pad, 4}, {"stride", &P::stride, 2}, {"dilation", &P::dilation, 2}};
  case ContractionKind::TransposeConv2d: return {{"outPad", &P::pad, 4}, {"stride", &P::stride, 2}};
  case ContractionKind::AvgPool2d:
  case ContractionKind::MaxPool2d:
    return {{"kernel", &P::kernel, 2}, {"stride", &P::stride, 2}, {"pad", &P::pad, 4}};
  }
  return {};
}

bool hasAcc(ContractionKind k) { return k != ContractionKind::MaxPool2d; }

} // namespace

std::string contractionTagsJson(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const ContractionParams &k = p.contraction;
  return std::string("{") + "\"op\": " + quote(contractionOpName(k.kind)) +
         ", \"types\": " + quote(contractionTypesTag(p)) +
         ", \"output\": " + quote(contractionOutputElement(p)) +
         ", \"purpose\": " + quote(k.purpose) +
         ", \"shapeKind\": " + quote(shapeKindName(p.shapeKind)) +
         ", \"rejection\": " + boolJson(c.rejection.has_value()) +
         ", \"semantics\": " + stringList(profileNamesOf(c)) +
         ", \"inputClasses\": " + stringList(classSet(c)) + "}";
}

std::string contractionCaseToJson(const GoldenCase &c, bool compact) {
  const CaseParams &p = c.params;
  const ContractionParams &k = p.contraction;
  Writer w(compact);
  w.open();
  writeHead(w, c);
  w.key("contraction");
  w.open();
  w.member("op", quote(contractionOpName(k.kind)));
  w.member("input", quote(k.input));
  if (hasWeight(k.kind))
    w.member("weight", quote(k.weight));
  if (hasAcc(k.kind))
    w.member("acc", quote(k.acc));
  w.member("output", quote(contractionOutputElement(p)));
  for (const AttrKey &a : attributeKeys(k.kind))
    w.member(a.key, intList(k.*a.field));
  for (const ZpKey &z : zeroPointKeys(k.kind))
    w.member(z.key, std::to_string(k.*z.field));
  if (!k.declaredOutput.empty())
    w.member("declaredOutput", intList(k.declaredOutput));
  w.member("purpose", quote(k.purpose));
  w.close();
  w.member("program", quote(programText(p)));
  w.key("input");
  w.open();
  w.member("type", quote(contractionInputType(p, true)));
  w.member("shape", intList(p.shape));
  if (p.shapeKind == ShapeKind::Dynamic)
    w.member("dynamicDims", intList(dynamicIndices(p)));
  w.member("values", intList(c.inputStored));
  w.member("classes", stringList(c.inputClasses));
  w.close();
  w.key("operands");
  if (!hasWeight(k.kind)) {
    w.raw("[]");
  } else {
    w.beginArray();
    auto operand = [&](const char *name, const std::string &type, const Shape &shape,
                       const std::vector<int64_t> &values) {
      w.arrayItem();
      w.open();
      w.member("name", quote(name));
      w.member("type", quote(type));
      w.member("shape", intList(shape));
      w.member("values", intList(values));
      w.close();
    };
    operand("weight", contractionWeightType(p), k.weightShape, c.weightStored);
    if (hasBias(k.kind))
      operand("bias", contractionBiasType(p), k.biasShape, c.biasStored);
    w.endArray();
  }
  writeRejection(w, c);
  w.key("expected");
  if (c.expected.empty())
    w.raw("[]");
  else
    w.beginArray();
  for (const ExpectedOutput &e : c.expected) {
    w.arrayItem();
    w.open();
    w.member("semantics", quote(e.profile));
    w.member("summary", quote(e.profile + ": " + e.description));
    w.member("type", quote(contractionOutputType(p, true)));
    w.member("shape", intList(c.outputShape));
    w.member("values", intList(e.stored));
    w.close();
  }
  if (!c.expected.empty())
    w.endArray();
  w.close();
  return w.take() + "\n";
}

bool isContractionCase(const Object &o) {
  const Value *tags = o.get("tags");
  const Object *t = tags ? tags->getAsObject() : nullptr;
  const Value *op = t ? t->get("op") : nullptr;
  auto name = op ? op->getAsString() : std::nullopt;
  return name && parseContractionOp(*name).has_value();
}

namespace {

/// `iN` (N = 4, 8, 16, 32, 48): the integer element types of the rows.
std::string intType(const Object &o, const char *key, const std::string &where) {
  std::string t = asString(o.get(key), where);
  for (const char *ok : {"i4", "i8", "i16", "i32", "i48"})
    if (t == ok)
      return t;
  fail(where, "expected an integer type i4, i8, i16, i32 or i48, got '" + t + "'");
}

std::vector<int64_t> valuesOf(const Value *v, const std::string &where, const std::string &type,
                              int64_t n, const std::string &what) {
  std::vector<int64_t> out =
      boundedInts(v, where, signedMin(type), signedMax(type), what + " (" + type + ")");
  if (int64_t(out.size()) != n)
    fail(where, std::to_string(out.size()) + " values for " + std::to_string(n) + " elements");
  return out;
}

Shape shapeOf(const Value *v, const std::string &where) {
  std::vector<int64_t> s = intArray(v, where);
  for (int64_t d : s)
    if (d < 0)
      fail(where, "negative dimension");
  if (numElements(Shape(s.begin(), s.end())) > (int64_t(1) << 24))
    fail(where, "more than 2^24 elements");
  return Shape(s.begin(), s.end());
}

} // namespace

void readContractionCase(const Object &o, GoldenCase &c) {
  closedKeys(o, "", {"format", "id", "level", "seed", "category", "variant", "tags", "contraction",
                     "program", "input", "operands", "rejection", "expected"});
  c.level = asString(o.get("level"), "/level");
  if (!parseLevel(c.level))
    fail("/level", "unknown level '" + c.level + "'");
  c.seed = parseHex64(asString(o.get("seed"), "/seed"), "/seed");
  CaseParams &p = c.params;
  p.op = Op::Contraction;
  if (o.get("variant"))
    p.variant = asString(o.get("variant"), "/variant");

  const Object &tags = asObject(o.get("tags"), "/tags");
  closedKeys(tags, "/tags", {"op", "types", "output", "purpose", "shapeKind", "rejection",
                             "semantics", "inputClasses"});
  std::string kind = asString(tags.get("shapeKind"), "/tags/shapeKind");
  if (kind != "static" && kind != "dynamic")
    fail("/tags/shapeKind", "a contraction case has a static input or one with a dynamic batch, "
                            "not '" + kind + "'");
  p.shapeKind = *parseShapeKind(kind);

  // The op and its attributes.
  const Object &co = asObject(o.get("contraction"), "/contraction");
  ContractionParams &k = p.contraction;
  std::string op = asString(co.get("op"), "/contraction/op");
  if (!parseContractionOp(op))
    fail("/contraction/op", "unknown op '" + op + "'");
  k.kind = *parseContractionOp(op);
  k.input = intType(co, "input", "/contraction/input");
  k.weight = hasWeight(k.kind) ? intType(co, "weight", "/contraction/weight") : "";
  k.acc = hasAcc(k.kind) ? intType(co, "acc", "/contraction/acc") : "";
  for (const AttrKey &a : attributeKeys(k.kind)) {
    std::string where = std::string("/contraction/") + a.key;
    k.*a.field = intArray(co.get(a.key), where);
    if ((k.*a.field).size() != a.size)
      fail(where, "expected " + std::to_string(a.size) + " values");
  }
  for (const ZpKey &z : zeroPointKeys(k.kind)) {
    const std::string &type = z.ofWeight ? k.weight : k.input;
    std::string where = std::string("/contraction/") + z.key;
    k.*z.field = asInt(co.get(z.key), where);
    if (k.*z.field < signedMin(type) || k.*z.field > signedMax(type))
      fail(where, "zero point " + std::to_string(k.*z.field) + " does not fit " + type);
  }
  if (co.get("declaredOutput"))
    k.declaredOutput = intArray(co.get("declaredOutput"), "/contraction/declaredOutput");
  k.purpose = asString(co.get("purpose"), "/contraction/purpose");
  {
    std::vector<const char *> allowed = {"op", "input", "output", "purpose", "declaredOutput"};
    if (hasWeight(k.kind))
      allowed.push_back("weight");
    if (hasAcc(k.kind))
      allowed.push_back("acc");
    std::vector<std::string> keys;
    for (const AttrKey &a : attributeKeys(k.kind))
      keys.push_back(a.key);
    for (const ZpKey &z : zeroPointKeys(k.kind))
      keys.push_back(z.key);
    for (const std::string &key : keys)
      allowed.push_back(key.c_str());
    for (auto &kv : co) {
      bool ok = false;
      for (const char *a : allowed)
        ok |= kv.first == a;
      if (!ok)
        fail("/contraction", "unknown key '" + kv.first.str() + "' for " + op +
                                 " (the schema is closed)");
    }
  }

  // The inputs.
  c.rejection = readRejection(o);
  const Object &in = asObject(o.get("input"), "/input");
  closedKeys(in, "/input", {"type", "shape", "dynamicDims", "values", "classes"});
  readShape(in, p, kind);
  if (p.shapeKind == ShapeKind::Dynamic &&
      (p.dynamic.empty() || !p.dynamic[0] ||
       std::count(p.dynamic.begin(), p.dynamic.end(), true) != 1))
    fail("/input/dynamicDims", "only the batch (dimension 0) is dynamic in a contraction case");
  const int64_t n = numElements(p.shape);
  if (n > (int64_t(1) << 24))
    fail("/input/shape", "more than 2^24 elements");
  c.inputStored = valuesOf(in.get("values"), "/input/values", k.input, n, "input value");
  const Array &classes = asArray(in.get("classes"), "/input/classes");
  if (int64_t(classes.size()) != n)
    fail("/input/classes", std::to_string(classes.size()) + " classes for " + std::to_string(n) +
                               " values");
  for (size_t i = 0; i < classes.size(); ++i)
    c.inputClasses.push_back(asString(&classes[i], "/input/classes/" + std::to_string(i)));
  const Array &operands = asArray(o.get("operands"), "/operands");
  const size_t want = hasBias(k.kind) ? 2 : hasWeight(k.kind) ? 1 : 0;
  if (operands.size() != want)
    fail("/operands", op + " has " + std::to_string(want) + " operands beyond the input (weight" +
                          std::string(want == 2 ? ", bias" : "") + "), got " +
                          std::to_string(operands.size()));
  for (size_t i = 0; i < operands.size(); ++i) {
    const std::string where = "/operands/" + std::to_string(i);
    const Object &od = asObject(&operands[i], where);
    closedKeys(od, where, {"name", "type", "shape", "values"});
    const bool weight = i == 0;
    expectEqual(asString(od.get("name"), where + "/name"), weight ? "weight" : "bias",
                where + "/name", "operand name");
    Shape shape = shapeOf(od.get("shape"), where + "/shape");
    (weight ? k.weightShape : k.biasShape) = shape;
    (weight ? c.weightStored : c.biasStored) =
        valuesOf(od.get("values"), where + "/values", weight ? k.weight : k.acc,
                 numElements(shape), weight ? "weight value" : "bias value");
    expectEqual(asString(od.get("type"), where + "/type"),
                weight ? contractionWeightType(p) : contractionBiasType(p), where + "/type",
                "operand type");
  }
  try {
    c.outputShape = contractionOutputShape(p);
  } catch (const std::logic_error &) {
    fail("/contraction", "no output size derives from the attributes and no declaredOutput");
  }

  // The expected output.
  const Array &expected = asArray(o.get("expected"), "/expected");
  if (expected.empty() && !c.rejection)
    fail("/expected", "no expected output");
  if (!expected.empty() && c.rejection)
    fail("/expected", "a rejection case has no expected output ([])");
  if (expected.size() > 1)
    fail("/expected", "a contraction case has one expected output");
  const std::string outType = contractionOutputElement(p);
  for (size_t e = 0; e < expected.size(); ++e) {
    const std::string where = "/expected/" + std::to_string(e);
    const Object &eo = asObject(&expected[e], where);
    closedKeys(eo, where, {"semantics", "summary", "type", "shape", "values"});
    ExpectedOutput out;
    out.profile = asString(eo.get("semantics"), where + "/semantics");
    expectEqual(out.profile, std::string(kContractionSemantics), where + "/semantics", "semantics");
    out.description = contractionSummaryLine().substr(kContractionSemantics.size() + 2);
    expectEqual(asString(eo.get("summary"), where + "/summary"), contractionSummaryLine(),
                where + "/summary", "summary line");
    expectEqual(asString(eo.get("type"), where + "/type"), contractionOutputType(p, true),
                where + "/type", "output type");
    std::vector<int64_t> s = intArray(eo.get("shape"), where + "/shape");
    if (Shape(s.begin(), s.end()) != c.outputShape)
      fail(where + "/shape", "does not match the shape the parameters derive");
    out.stored = valuesOf(eo.get("values"), where + "/values", outType,
                          numElements(c.outputShape), "output value");
    c.expected.push_back(std::move(out));
  }
  if (!c.rejection) {
    // A value case: the kernel computes every element (no ERROR_IF holds,
    // no REQUIRE fails: those cases are expected rejections).
    std::vector<int64_t> ignored;
    std::string error;
    if (!evaluateContraction(c, ignored, error))
      fail("/contraction", "quant-interp's kernel stops (" + error +
                               "): the case must be an expected rejection");
  }

  // Derived fields must agree with the parameters.
  c.id = asString(o.get("id"), "/id");
  expectEqual(c.id.substr(0, c.id.size() < 12 ? 0 : c.id.size() - 12),
              parameterId(p).substr(0, parameterId(p).size() - 12), "/id", "id");
  expectEqual(asString(o.get("category"), "/category"), caseCategory(p), "/category", "category");
  expectEqual(asString(o.get("program"), "/program"), programText(p), "/program", "program");
  expectEqual(asString(in.get("type"), "/input/type"), contractionInputType(p, true),
              "/input/type", "input type");
  auto checkTag = [&](const char *key, const std::string &value) {
    expectEqual(asString(tags.get(key), std::string("/tags/") + key), value,
                std::string("/tags/") + key, "tag");
  };
  checkTag("op", op);
  checkTag("types", contractionTypesTag(p));
  checkTag("output", outType);
  checkTag("purpose", k.purpose);
  expectEqual(asString(co.get("output"), "/contraction/output"), outType, "/contraction/output",
              "output type");
  checkCommonTags(tags, c, "semantics");
}

} // namespace qi::generators
