//===- GoldenTosaOpJson.cpp - TOSA operator cases in JSON -----------------===//
//
// Spec: docs/golden-format.md ("Contraction cases", "Elementwise cases"),
// golden/v2/schema.json. One layout for the family: the op object
// (`contraction` or `elementwise`, its keys per op), `input`, `operands`
// (tosaOpOperands), `rejection`, one `expected`.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenTosaOpJson.h"

#include "generators/GoldenContraction.h"
#include "generators/GoldenElementwise.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenJsonWrite.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenTile.h"

#include <algorithm>

namespace qi::generators {

using namespace jsonread;
using namespace jsonwrite;

namespace {

bool isConvKind(TosaOpKind k) {
  return k == TosaOpKind::Conv2d || k == TosaOpKind::DepthwiseConv2d ||
         k == TosaOpKind::TransposeConv2d;
}

/// The zero point keys of the op, in the program's operand order, and the
/// parameters they name.
struct ZpKey {
  const char *key;
  int64_t TosaOpParams::*field;
  bool ofWeight; ///< a zero point of the weight's type, else of the input's
};
std::vector<ZpKey> zeroPointKeys(TosaOpKind k) {
  if (k == TosaOpKind::MatMul)
    return {{"aZp", &TosaOpParams::inputZp, false}, {"bZp", &TosaOpParams::weightZp, true}};
  if (isConvKind(k))
    return {{"inputZp", &TosaOpParams::inputZp, false},
            {"weightZp", &TosaOpParams::weightZp, true}};
  if (k == TosaOpKind::AvgPool2d)
    return {{"inputZp", &TosaOpParams::inputZp, false},
            {"outputZp", &TosaOpParams::outputZp, false}};
  if (k == TosaOpKind::Negate)
    return {{"input1Zp", &TosaOpParams::inputZp, false},
            {"outputZp", &TosaOpParams::outputZp, false}};
  return {};
}

/// The scalar attributes of an elementwise op: MUL's shift (an i8
/// operand), CLAMP's min_val and max_val (of in_out_t).
struct ScalarKey {
  const char *key;
  int64_t TosaOpParams::*field;
  bool ofInput; ///< of the input's type, else i8
};
std::vector<ScalarKey> scalarKeys(TosaOpKind k) {
  if (k == TosaOpKind::Mul)
    return {{"shift", &TosaOpParams::shift, false}};
  if (k == TosaOpKind::Clamp)
    return {{"minVal", &TosaOpParams::minVal, true}, {"maxVal", &TosaOpParams::maxVal, true}};
  return {};
}

/// The attribute keys of the op: pad (out_pad for TRANSPOSE_CONV2D), stride,
/// dilation, kernel.
struct AttrKey {
  const char *key;
  std::vector<int64_t> TosaOpParams::*field;
  size_t size;
};
std::vector<AttrKey> attributeKeys(TosaOpKind k) {
  using P = TosaOpParams;
  switch (k) {
  case TosaOpKind::MatMul: return {};
  case TosaOpKind::Conv2d:
  case TosaOpKind::DepthwiseConv2d:
    return {{"pad", &P::pad, 4}, {"stride", &P::stride, 2}, {"dilation", &P::dilation, 2}};
  case TosaOpKind::TransposeConv2d: return {{"outPad", &P::pad, 4}, {"stride", &P::stride, 2}};
  case TosaOpKind::AvgPool2d:
  case TosaOpKind::MaxPool2d:
    return {{"kernel", &P::kernel, 2}, {"stride", &P::stride, 2}, {"pad", &P::pad, 4}};
  default: // the elementwise ops: scalarKeys
    return {};
  }
}

bool hasAcc(TosaOpKind k) { return isContractionKind(k) && k != TosaOpKind::MaxPool2d; }
bool hasWeightKey(TosaOpKind k) { return isContractionKind(k) && hasWeight(k); }

std::vector<int64_t> trueIndices(const std::vector<bool> &d) {
  std::vector<int64_t> v;
  for (size_t i = 0; i < d.size(); ++i)
    if (d[i])
      v.push_back(int64_t(i));
  return v;
}

} // namespace

std::string tosaOpTagsJson(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  return std::string("{") + "\"op\": " + quote(tosaOpName(k.kind)) +
         ", \"types\": " + quote(tosaOpTypesTag(p)) +
         ", \"output\": " + quote(tosaOpOutputElement(p)) +
         ", \"purpose\": " + quote(k.purpose) +
         ", \"shapeKind\": " + quote(shapeKindName(p.shapeKind)) +
         ", \"rejection\": " + boolJson(c.rejection.has_value()) +
         ", \"semantics\": " + stringList(profileNamesOf(c)) +
         ", \"inputClasses\": " + stringList(classSet(c)) + "}";
}

std::string tosaOpCaseToJson(const GoldenCase &c, bool compact, std::string_view format) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  Writer w(compact);
  w.open();
  writeHead(w, c, format);
  w.key(tosaOpObjectKey(k.kind));
  w.open();
  w.member("op", quote(tosaOpName(k.kind)));
  w.member("input", quote(k.input));
  if (hasWeightKey(k.kind))
    w.member("weight", quote(k.weight));
  if (hasAcc(k.kind))
    w.member("acc", quote(k.acc));
  w.member("output", quote(tosaOpOutputElement(p)));
  for (const AttrKey &a : attributeKeys(k.kind))
    w.member(a.key, intList(k.*a.field));
  for (const ScalarKey &a : scalarKeys(k.kind))
    w.member(a.key, std::to_string(k.*a.field));
  for (const ZpKey &z : zeroPointKeys(k.kind))
    w.member(z.key, std::to_string(k.*z.field));
  if (!k.declaredOutput.empty())
    w.member("declaredOutput", intList(k.declaredOutput));
  w.member("purpose", quote(k.purpose));
  w.close();
  w.member("program", quote(programText(p)));
  // A tiled case lists its first L elements (docs/golden-format.md, "Tiled
  // cases"): of the input, of an input2 tiled with it, of the output.
  auto listedOf = [&](const auto &v) {
    return p.period > 0 ? firstListed(v, size_t(p.period)) : v;
  };
  w.key("input");
  w.open();
  w.member("type", quote(tosaOpInputType(p, true)));
  w.member("shape", intList(p.shape));
  if (p.period > 0)
    w.member("period", std::to_string(p.period));
  if (p.shapeKind == ShapeKind::Dynamic)
    w.member("dynamicDims", intList(dynamicIndices(p)));
  w.member("values", intList(listedOf(c.inputStored)));
  w.member("classes", stringList(listedOf(c.inputClasses)));
  w.close();
  w.key("operands");
  const std::vector<TosaOpOperand> operands = tosaOpOperands(c);
  if (operands.empty()) {
    w.raw("[]");
  } else {
    w.beginArray();
    for (const TosaOpOperand &o : operands) {
      w.arrayItem();
      w.open();
      w.member("name", quote(o.name));
      w.member("type", quote(tosaOpOperandType(o, true)));
      w.member("shape", intList(*o.shape));
      const bool tiled = o.name == "input2" && tiledInput2(p);
      if (tiled)
        w.member("period", std::to_string(p.period));
      if (o.dynamic && !trueIndices(*o.dynamic).empty())
        w.member("dynamicDims", intList(trueIndices(*o.dynamic)));
      w.member("values", intList(tiled ? listedOf(*o.values) : *o.values));
      w.close();
    }
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
    w.member("type", quote(tosaOpOutputType(p, true)));
    w.member("shape", intList(c.outputShape));
    w.member("values", intList(listedOf(e.stored)));
    w.close();
  }
  if (!c.expected.empty())
    w.endArray();
  w.close();
  return w.take() + "\n";
}

bool isTosaOpCase(const Object &o) {
  const Value *tags = o.get("tags");
  const Object *t = tags ? tags->getAsObject() : nullptr;
  const Value *op = t ? t->get("op") : nullptr;
  auto name = op ? op->getAsString() : std::nullopt;
  return name && parseTosaOp(*name).has_value();
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

/// `n` integers of `type`; `ofN` names n in the message (default "N
/// elements"; a tiled list: "L (the period; the case has N elements)").
std::vector<int64_t> valuesOf(const Value *v, const std::string &where, const std::string &type,
                              int64_t n, const std::string &what, const std::string &ofN = "") {
  std::vector<int64_t> out =
      boundedInts(v, where, signedMin(type), signedMax(type), what + " (" + type + ")");
  if (int64_t(out.size()) != n)
    fail(where, std::to_string(out.size()) + " values for " +
                    (ofN.empty() ? std::to_string(n) + " elements" : ofN));
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

void readTosaOpCase(const Object &o, GoldenCase &c, int version) {
  // The tags name the op, and with it the op object's key.
  const Object &tags = asObject(o.get("tags"), "/tags");
  closedKeys(tags, "/tags", {"op", "types", "output", "purpose", "shapeKind", "rejection",
                             "semantics", "inputClasses"});
  const std::string tagOp = asString(tags.get("op"), "/tags/op");
  if (!parseTosaOp(tagOp))
    fail("/tags/op", "unknown op '" + tagOp + "'");
  const bool elementwise = isElementwiseKind(*parseTosaOp(tagOp));
  const char *objectKey = tosaOpObjectKey(*parseTosaOp(tagOp));
  const std::string at = std::string("/") + objectKey;
  closedKeys(o, "", {"format", "id", "level", "seed", "category", "variant", "tags", objectKey,
                     "program", "input", "operands", "rejection", "expected"});
  c.level = asString(o.get("level"), "/level");
  if (!parseLevel(c.level))
    fail("/level", "unknown level '" + c.level + "'");
  c.seed = parseHex64(asString(o.get("seed"), "/seed"), "/seed");
  CaseParams &p = c.params;
  p.op = Op::TosaOp;
  if (o.get("variant"))
    p.variant = asString(o.get("variant"), "/variant");

  // Every tensor form MLIR's TOSA types take; a scalar is none of them.
  std::string kind = asString(tags.get("shapeKind"), "/tags/shapeKind");
  if (kind != "0-d" && kind != "static" && kind != "dynamic" && kind != "unranked")
    fail("/tags/shapeKind", std::string(elementwise ? "an elementwise" : "a contraction") +
                                " case has a 0-d, static, dynamic or unranked input, not '" +
                                kind + "'");
  p.shapeKind = *parseShapeKind(kind);

  // The op and its attributes.
  const Object &co = asObject(o.get(objectKey), at);
  TosaOpParams &k = p.tosaOp;
  std::string op = asString(co.get("op"), at + "/op");
  if (!parseTosaOp(op) || isElementwiseKind(*parseTosaOp(op)) != elementwise)
    fail(at + "/op", "unknown op '" + op + "'");
  k.kind = *parseTosaOp(op);
  k.input = intType(co, "input", at + "/input");
  k.weight = hasWeightKey(k.kind) ? intType(co, "weight", at + "/weight") : "";
  k.acc = hasAcc(k.kind) ? intType(co, "acc", at + "/acc") : "";
  for (const AttrKey &a : attributeKeys(k.kind)) {
    std::string where = at + "/" + a.key;
    k.*a.field = intArray(co.get(a.key), where);
    if ((k.*a.field).size() != a.size)
      fail(where, "expected " + std::to_string(a.size) + " values");
  }
  for (const ScalarKey &a : scalarKeys(k.kind)) {
    const std::string type = a.ofInput ? k.input : "i8";
    std::string where = at + "/" + a.key;
    k.*a.field = asInt(co.get(a.key), where);
    if (k.*a.field < signedMin(type) || k.*a.field > signedMax(type))
      fail(where, std::to_string(k.*a.field) + " does not fit " + type);
  }
  for (const ZpKey &z : zeroPointKeys(k.kind)) {
    const std::string &type = z.ofWeight ? k.weight : k.input;
    std::string where = at + "/" + z.key;
    k.*z.field = asInt(co.get(z.key), where);
    if (k.*z.field < signedMin(type) || k.*z.field > signedMax(type))
      fail(where, "zero point " + std::to_string(k.*z.field) + " does not fit " + type);
  }
  if (co.get("declaredOutput")) {
    if (p.shapeKind == ShapeKind::Unranked)
      fail(at + "/declaredOutput", "an unranked case's result is tensor<*x...>: no declared sizes");
    k.declaredOutput = intArray(co.get("declaredOutput"), at + "/declaredOutput");
  }
  k.purpose = asString(co.get("purpose"), at + "/purpose");
  {
    std::vector<std::string> allowed = {"op", "input", "output", "purpose", "declaredOutput"};
    if (hasWeightKey(k.kind))
      allowed.push_back("weight");
    if (hasAcc(k.kind))
      allowed.push_back("acc");
    for (const AttrKey &a : attributeKeys(k.kind))
      allowed.push_back(a.key);
    for (const ScalarKey &a : scalarKeys(k.kind))
      allowed.push_back(a.key);
    for (const ZpKey &z : zeroPointKeys(k.kind))
      allowed.push_back(z.key);
    for (auto &kv : co)
      if (std::find(allowed.begin(), allowed.end(), kv.first.str()) == allowed.end())
        fail(at, "unknown key '" + kv.first.str() + "' for " + op + " (the schema is closed)");
  }

  // The inputs: the shapes first (a tiled case's rules need them all).
  c.rejection = readRejection(o);
  const Object &in = asObject(o.get("input"), "/input");
  closedKeys(in, "/input", {"type", "shape", "dynamicDims", "period", "values", "classes"});
  readShape(in, p, kind);
  if (!elementwise && p.shapeKind == ShapeKind::Dynamic &&
      (p.dynamic.empty() || !p.dynamic[0] ||
       std::count(p.dynamic.begin(), p.dynamic.end(), true) != 1))
    fail("/input/dynamicDims", "only the batch (dimension 0) is dynamic in a contraction case");
  const int64_t n = numElements(p.shape);
  if (n > (int64_t(1) << 24))
    fail("/input/shape", "more than 2^24 elements");
  // A tiled case (/2) lists its first L elements (docs/golden-format.md,
  // "Tiled cases"); expanded to n once every list is read.
  p.period = readPeriod(in, n, version);
  const int64_t listed = p.period > 0 ? p.period : n;
  const std::string ofListed = listedText(p.period, n);
  const Array &operands = asArray(o.get("operands"), "/operands");
  const std::vector<TosaOpOperand> slots = tosaOpOperands(c);
  if (operands.size() != slots.size()) {
    std::string names;
    for (const TosaOpOperand &s : slots)
      names += (names.empty() ? "" : ", ") + s.name;
    fail("/operands", op + " has " + std::to_string(slots.size()) +
                          " operands beyond the input" + (names.empty() ? "" : " (" + names + ")") +
                          ", got " + std::to_string(operands.size()));
  }
  bool anyDynamic = p.shapeKind == ShapeKind::Dynamic &&
                    std::count(p.dynamic.begin(), p.dynamic.end(), true) > 0;
  for (size_t i = 0; i < operands.size(); ++i) {
    const TosaOpOperand &slot = slots[i];
    const std::string where = "/operands/" + std::to_string(i);
    const Object &od = asObject(&operands[i], where);
    if (slot.dynamic) // input2: also a period (tiled with the input)
      closedKeys(od, where, {"name", "type", "shape", "period", "dynamicDims", "values"});
    else
      closedKeys(od, where, {"name", "type", "shape", "values"});
    expectEqual(asString(od.get("name"), where + "/name"), slot.name, where + "/name",
                "operand name");
    *slot.shape = shapeOf(od.get("shape"), where + "/shape");
    if (slot.dynamic) {
      slot.dynamic->assign(slot.shape->size(), false);
      if (od.get("dynamicDims")) {
        if (p.shapeKind != ShapeKind::Dynamic)
          fail(where + "/dynamicDims", "only allowed for shape kind dynamic");
        for (int64_t d : intArray(od.get("dynamicDims"), where + "/dynamicDims")) {
          if (d < 0 || size_t(d) >= slot.shape->size())
            fail(where + "/dynamicDims", "dimension " + std::to_string(d) + " out of range");
          (*slot.dynamic)[size_t(d)] = true;
          anyDynamic = true;
        }
      }
    }
    // An input2 of the input's shape in a tiled case is tiled with the input
    // and says so; any other operand is listed whole.
    const bool tiled = slot.name == "input2" && p.period > 0 && *slot.shape == p.shape;
    if (const Value *pv = od.get("period")) {
      if (!tiled)
        fail(where + "/period", "only an input2 of the input's shape in a tiled case has a "
                                "period (it is tiled with the input); other operands are "
                                "listed whole");
      if (asInt(pv, where + "/period") != p.period)
        fail(where + "/period", "period " + std::to_string(asInt(pv, where + "/period")) +
                                    " is not the input's " + std::to_string(p.period));
    } else if (tiled) {
      fail(where + "/period", "missing: an input2 of the input's shape is tiled with the input "
                              "(period " + std::to_string(p.period) + ")");
    }
    *slot.values = tiled ? valuesOf(od.get("values"), where + "/values", slot.element, listed,
                                    slot.name + " value", ofListed)
                         : valuesOf(od.get("values"), where + "/values", slot.element,
                                    numElements(*slot.shape), slot.name + " value");
    expectEqual(asString(od.get("type"), where + "/type"), tosaOpOperandType(slot, true),
                where + "/type", "operand type");
  }
  if (p.shapeKind == ShapeKind::Dynamic && !anyDynamic)
    fail("/input/dynamicDims", "shape kind dynamic, but no input has a dynamic dimension");
  try {
    c.outputShape = tosaOpOutputShape(p);
  } catch (const std::logic_error &) {
    fail(at, elementwise ? "no output size derives from the inputs and no declaredOutput"
                         : "no output size derives from the attributes and no declaredOutput");
  }
  if (p.period > 0)
    if (std::string problem = tosaTileProblem(p, p.period); !problem.empty())
      fail("/input/period", problem);
  c.inputStored = valuesOf(in.get("values"), "/input/values", k.input, listed, "input value",
                           ofListed);
  c.inputClasses = readInputClasses(in, size_t(listed));

  // The expected output.
  const Array &expected = asArray(o.get("expected"), "/expected");
  if (expected.empty() && !c.rejection)
    fail("/expected", "no expected output");
  if (!expected.empty() && c.rejection)
    fail("/expected", "a rejection case has no expected output ([])");
  if (expected.size() > 1)
    fail("/expected", std::string("a") + (elementwise ? "n elementwise" : " contraction") +
                          " case has one expected output");
  const std::string outType = tosaOpOutputElement(p);
  const std::string summary = tosaOpSummaryLine(k.kind);
  for (size_t e = 0; e < expected.size(); ++e) {
    const std::string where = "/expected/" + std::to_string(e);
    const Object &eo = asObject(&expected[e], where);
    closedKeys(eo, where, {"semantics", "summary", "type", "shape", "values"});
    ExpectedOutput out;
    out.profile = asString(eo.get("semantics"), where + "/semantics");
    expectEqual(out.profile, std::string(kTosaOpSemantics), where + "/semantics", "semantics");
    out.description = summary.substr(kTosaOpSemantics.size() + 2);
    expectEqual(asString(eo.get("summary"), where + "/summary"), summary, where + "/summary",
                "summary line");
    expectEqual(asString(eo.get("type"), where + "/type"), tosaOpOutputType(p, true),
                where + "/type", "output type");
    std::vector<int64_t> s = intArray(eo.get("shape"), where + "/shape");
    if (Shape(s.begin(), s.end()) != c.outputShape)
      fail(where + "/shape", "does not match the shape the parameters derive");
    // A tiled case's output has the input's shape (tosaTileProblem).
    out.stored = valuesOf(eo.get("values"), where + "/values", outType,
                          p.period > 0 ? listed : numElements(c.outputShape), "output value",
                          p.period > 0 ? ofListed : "");
    c.expected.push_back(std::move(out));
  }
  if (p.period > 0)
    expandTiled(c, size_t(n));
  if (!c.rejection) {
    // A value case: the kernel computes every element (no ERROR_IF holds,
    // no REQUIRE fails: those cases are expected rejections).
    std::vector<int64_t> ignored;
    std::string error;
    if (!evaluateTosaOp(c, ignored, error))
      fail(at, "quant-interp's kernel stops (" + error +
                   "): the case must be an expected rejection");
  }

  // Derived fields must agree with the parameters.
  c.id = asString(o.get("id"), "/id");
  expectEqual(c.id.substr(0, c.id.size() < 12 ? 0 : c.id.size() - 12),
              parameterId(p).substr(0, parameterId(p).size() - 12), "/id", "id");
  expectEqual(asString(o.get("category"), "/category"), caseCategory(p), "/category", "category");
  expectEqual(asString(o.get("program"), "/program"), programText(p), "/program", "program");
  expectEqual(asString(in.get("type"), "/input/type"), tosaOpInputType(p, true),
              "/input/type", "input type");
  auto checkTag = [&](const char *key, const std::string &value) {
    expectEqual(asString(tags.get(key), std::string("/tags/") + key), value,
                std::string("/tags/") + key, "tag");
  };
  checkTag("op", op);
  checkTag("types", tosaOpTypesTag(p));
  checkTag("output", outType);
  checkTag("purpose", k.purpose);
  expectEqual(asString(co.get("output"), at + "/output"), outType, at + "/output",
              "output type");
  checkCommonTags(tags, c, "semantics");
}

} // namespace qi::generators
