//===- GoldenWriter.cpp - quant-interp-golden case writer -----------------===//
//
// Spec: docs/golden-format.md, golden/v2/schema.json. The manifest is
// written by GoldenManifest.cpp.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"
#include "generators/GoldenJsonWrite.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenTosaOpJson.h"

#include "generators/FloatText.h"
#include "generators/GoldenExpected.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenTile.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/quant/ParameterMap.h"
#include "interpreter/quant/Semantics.h"


#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <set>
#include <stdexcept>

namespace qi::generators {

using namespace jsonwrite;

using numeric::Bits;
using numeric::FloatFormat;
using quant::QuantType;

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

std::string floatPair(const FloatFormat &f, Bits b) {
  return "[" + quote(hexBits(f, b)) + ", " + quote(decimalText(f, b)) + "]";
}


std::string rescaleTagsJson(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const requant::RescaleAttributes &a = p.rescale.attributes;
  return std::string("{") + "\"op\": " + quote(opName(p.op)) +
         ", \"input\": " + quote(rescaleInputTag(p.rescale)) +
         ", \"output\": " + quote(rescaleOutputTag(p.rescale)) +
         ", \"scale32\": " + boolJson(a.scale32) +
         ", \"roundingMode\": " + quote(requant::roundingModeName(a.roundingMode)) +
         ", \"perChannel\": " + boolJson(a.perChannel) +
         ", \"operands\": " + quote(rescaleOperandsName(p.rescale.operands)) +
         ", \"shapeKind\": " + quote(shapeKindName(p.shapeKind)) +
         ", \"rejection\": " + boolJson(c.rejection.has_value()) +
         ", \"recipes\": " + stringList(profileNamesOf(c)) +
         ", \"inputClasses\": " + stringList(classSet(c)) + "}";
}

} // namespace

std::string tagsJson(const GoldenCase &c) {
  const CaseParams &p = c.params;
  if (p.op == Op::Rescale)
    return rescaleTagsJson(c);
  if (p.op == Op::TosaOp)
    return tosaOpTagsJson(c);
  return std::string("{") + "\"op\": " + quote(opName(p.op)) +
         ", \"granularity\": " + quote(granularityName(p.type.granularity)) +
         ", \"storage\": " + quote(storageTag(p.type)) +
         ", \"narrow\": " + (p.type.hasNarrowBounds() ? "true" : "false") +
         ", \"expressed\": " + quote(p.type.expressed->name) +
         ", \"shapeKind\": " + quote(shapeKindName(p.shapeKind)) +
         ", \"rejection\": " + (c.rejection ? "true" : "false") +
         ", \"profiles\": " + stringList(profileNamesOf(c)) +
         ", \"inputClasses\": " + stringList(classSet(c)) + "}";
}

namespace {

std::string expressedName(const CaseParams &p) { return std::string(p.type.expressed->name); }

std::string outputElement(const CaseParams &p) {
  return p.op == Op::QCast ? resultIntegerSpelling(p.type.storage) : expressedName(p);
}
std::string inputElement(const CaseParams &p) {
  return p.op == Op::QCast ? expressedName(p) : "i" + std::to_string(p.type.storage.width);
}


} // namespace

std::vector<std::string> classSet(const GoldenCase &c) {
  std::set<std::string> s(c.inputClasses.begin(), c.inputClasses.end());
  return {s.begin(), s.end()};
}

std::vector<std::string> profileNamesOf(const GoldenCase &c) {
  std::vector<std::string> v;
  for (auto &e : c.expected)
    v.push_back(e.profile);
  return v;
}

namespace {


/// A rescale case (docs/golden-format.md, "Rescale cases").
std::string rescaleCaseToJson(const GoldenCase &c, bool compact, std::string_view format) {
  const CaseParams &p = c.params;
  const RescaleParams &r = p.rescale;
  const requant::RescaleAttributes &a = r.attributes;
  Writer w(compact);
  w.open();
  writeHead(w, c, format);
  w.key("rescale");
  w.open();
  w.member("input", quote(rescaleInputTag(r)));
  w.member("output", quote(rescaleOutputTag(r)));
  w.member("scale32", boolJson(a.scale32));
  w.member("roundingMode", quote(requant::roundingModeName(a.roundingMode)));
  w.member("perChannel", boolJson(a.perChannel));
  w.member("multiplier", intList(r.multipliers));
  w.member("shift", intList(r.shifts));
  w.member("inputZp", std::to_string(r.inputZp));
  w.member("outputZp", std::to_string(r.outputZp));
  w.member("operands", quote(rescaleOperandsName(r.operands)));
  w.close();
  w.member("program", quote(programText(p)));
  // A tiled case lists its first L elements (docs/golden-format.md, "Tiled cases").
  const size_t listed = listedElements(c);
  w.key("input");
  w.open();
  w.member("type", quote(concreteSpelling(p, rescaleInputElement(p))));
  w.member("shape", intList(p.shape));
  if (p.period > 0)
    w.member("period", std::to_string(p.period));
  if (p.shapeKind == ShapeKind::Dynamic)
    w.member("dynamicDims", intList(dynamicIndices(p)));
  w.member("values", intList(firstListed(c.inputStored, listed)));
  w.member("classes", stringList(firstListed(c.inputClasses, listed)));
  w.close();
  writeRejection(w, c);
  w.key("expected");
  if (c.expected.empty())
    w.raw("[]");
  else
    w.beginArray();
  for (const ExpectedOutput &e : c.expected) {
    w.arrayItem();
    w.open();
    w.member("recipe", quote(e.profile));
    w.member("summary", quote(e.profile + ": " + e.description));
    w.member("type", quote(concreteSpelling(p, rescaleOutputElement(p))));
    w.member("values", intList(firstListed(e.stored, listed)));
    w.member("poison", intList(listedPoison(e.poison, listed)));
    w.member("intervals", inlineList(listedIntervals(e.intervals, listed), [](const AllowedInterval &iv) {
               return "[" + std::to_string(iv.index) + ", " + std::to_string(iv.lo) + ", " +
                      std::to_string(iv.hi) + "]";
             }));
    w.close();
  }
  if (!c.expected.empty())
    w.endArray();
  w.close();
  return w.take() + "\n";
}

} // namespace

std::string caseToJson(const GoldenCase &c, bool compact) {
  return caseToJson(c, compact, kFormatVersion);
}

std::string caseToJson(const GoldenCase &c, bool compact, std::string_view format) {
  if (format != kFormatVersion1 && format != kFormatVersion2)
    throw std::logic_error("caseToJson: unknown format version '" + std::string(format) + "'");
  if (c.params.period != 0 && format == kFormatVersion1)
    throw std::logic_error("tiled case " + c.id + ": " + std::string(kFormatVersion1) +
                           " has no tiled cases");
  checkTiled(c); // a generator bug must not write a wrong file
  if (c.params.op == Op::Rescale)
    return rescaleCaseToJson(c, compact, format);
  if (c.params.op == Op::TosaOp)
    return tosaOpCaseToJson(c, compact, format);
  const CaseParams &p = c.params;
  const QuantType &t = p.type;
  const FloatFormat &E = *t.expressed;
  // A tiled case lists its first L elements (docs/golden-format.md, "Tiled cases").
  const size_t listed = listedElements(c);
  Writer w(compact);
  w.open();
  writeHead(w, c, format);

  w.key("type");
  w.open();
  w.member("mlir", quote(typeSpelling(t)));
  w.member("storage", quote(storageTag(t)));
  w.member("storageMin", std::to_string(t.storageMin));
  w.member("storageMax", std::to_string(t.storageMax));
  w.member("expressed", quote(E.name));
  w.member("granularity", quote(granularityName(t.granularity)));
  if (t.granularity == QuantType::Granularity::PerAxis)
    w.member("axis", std::to_string(t.axis));
  if (t.granularity == QuantType::Granularity::SubChannel) {
    w.member("blockSizes", inlineList(t.blockSizes, [](const std::pair<int32_t, int64_t> &b) {
               return "[" + std::to_string(b.first) + ", " + std::to_string(b.second) + "]";
             }));
    w.member("parameterShape", intList(t.parameterShape));
  }
  w.member("scaleFormat", quote(t.scales.front().format->name));
  w.member("scales", inlineList(t.scales, [](const quant::ScaleValue &s) {
             return floatPair(*s.format, s.bits);
           }));
  w.member("zeroPoints", intList(t.zeroPoints));
  w.close();

  w.member("program", quote(programText(p)));

  w.key("input");
  w.open();
  w.member("type", quote(concreteSpelling(p, inputElement(p))));
  w.member("shape", intList(p.shape));
  if (p.period > 0)
    w.member("period", std::to_string(p.period));
  if (p.shapeKind == ShapeKind::Dynamic)
    w.member("dynamicDims", intList(dynamicIndices(p)));
  w.key("values");
  if (p.op == Op::QCast) {
    std::vector<std::string> items;
    for (Bits b : firstListed(c.inputFloats, listed))
      items.push_back(floatPair(E, b));
    w.tallList(items);
  } else {
    w.raw(intList(firstListed(c.inputStored, listed)));
  }
  w.member("classes", stringList(firstListed(c.inputClasses, listed)));
  w.close();

  writeRejection(w, c);

  w.key("expected");
  if (c.expected.empty())
    w.raw("[]"); // a rejection case
  else
    w.beginArray();
  for (const ExpectedOutput &e : c.expected) {
    w.arrayItem();
    w.open();
    w.member("profile", quote(e.profile));
    w.member("semantics", quote(e.profile + ": " + e.description));
    w.member("type", quote(concreteSpelling(p, outputElement(p))));
    w.key("values");
    if (p.op == Op::QCast) {
      w.raw(intList(firstListed(e.stored, listed)));
    } else {
      std::vector<std::string> items;
      for (Bits b : firstListed(e.floats, listed))
        items.push_back(floatPair(E, b));
      w.tallList(items);
    }
    w.member("poison", intList(listedPoison(e.poison, listed)));
    w.close();
  }
  if (!c.expected.empty())
    w.endArray();
  w.close();
  return w.take() + "\n";
}

} // namespace qi::generators
