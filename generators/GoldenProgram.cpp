//===- GoldenProgram.cpp - The MLIR text of a golden case ------------------===//
//
// Spec: docs/golden-format.md ("Case file").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenProgram.h"
#include "generators/GoldenTosaOp.h"

#include "generators/FloatText.h"
#include "generators/GoldenRescale.h"

#include <algorithm>
#include <functional>

namespace qi::generators {

using quant::QuantType;

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

bool mlirLosesZeroPoint(const QuantType &t) {
  return t.granularity == QuantType::Granularity::SubChannel && t.storage.width == 1 &&
         t.storage.isSigned &&
         std::find(t.zeroPoints.begin(), t.zeroPoints.end(), -1) != t.zeroPoints.end();
}

std::string resultIntegerSpelling(const numeric::IntFormat &storage) {
  return (storage.isSigned ? "i" : "ui") + std::to_string(storage.width);
}

std::string dimensionsText(const CaseParams &p, bool concrete) {
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
  case ShapeKind::Dynamic: return "tensor<" + dimensionsText(p, false) + element + ">";
  }
  return element;
}

std::string concreteSpelling(const CaseParams &p, const std::string &element) {
  if (p.shapeKind == ShapeKind::Scalar)
    return element;
  return "tensor<" + dimensionsText(p, true) + element + ">";
}

std::string programText(const CaseParams &p) {
  if (p.op == Op::Rescale)
    return rescaleProgramText(p);
  if (p.op == Op::TosaOp)
    return tosaOpProgramText(p);
  std::string quantType = typeSpelling(p.type);
  std::string expressed(p.type.expressed->name);
  std::string in = shapedSpelling(p, p.op == Op::QCast ? expressed : quantType);
  std::string out = shapedSpelling(p, p.op == Op::QCast ? quantType : expressed);
  std::string op(opName(p.op));
  return "func.func @main(%arg0: " + in + ") -> " + out + " {\n" + "  %0 = quant." + op +
         " %arg0 : " + in + " to " + out + "\n" + "  return %0 : " + out + "\n}\n";
}

} // namespace qi::generators
