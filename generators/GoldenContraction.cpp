//===- GoldenContraction.cpp - Contraction cases: program, inputs, expected ===//
//
// Spec: docs/golden-format.md ("Contraction cases"), spec/tosa-contractions.md
// [contract.*]. The expected output is the interpreter's own kernel's
// (tosakernel::matmul, conv2d, ..., the code quant-interp runs);
// generators/tests/GoldenContractionRederiveTest.cpp re-derives it with the
// independent TosaContractionOracle.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenContraction.h"

#include "generators/GoldenIds.h"
#include "generators/GoldenProgram.h"
#include "interpreter/eval/TosaContraction.h"
#include "interpreter/eval/TosaPooling.h"
#include "interpreter/requant/Rescale.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace qi::generators {

namespace tk = eval::tosakernel;

//===----------------------------------------------------------------------===//
// Names and shapes
//===----------------------------------------------------------------------===//

namespace {

std::string arrayAttr(const std::vector<int64_t> &v) {
  std::string out = "array<i64: ";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + ">";
}

bool isConv(TosaOpKind k) {
  return k == TosaOpKind::Conv2d || k == TosaOpKind::DepthwiseConv2d ||
         k == TosaOpKind::TransposeConv2d;
}
bool isPool(TosaOpKind k) {
  return k == TosaOpKind::AvgPool2d || k == TosaOpKind::MaxPool2d;
}

int64_t at(const std::vector<int64_t> &v, size_t i, int64_t fallback) {
  return i < v.size() ? v[i] : fallback;
}

/// idiv_check's quotient + 1, or nullopt (no size: zero stride, negative).
std::optional<int64_t> windowSize(int64_t numerator, int64_t stride) {
  if (stride < 1)
    return std::nullopt;
  int64_t q = numerator / stride + 1;
  return q < 0 ? std::nullopt : std::optional<int64_t>(q);
}

} // namespace

bool hasWeight(TosaOpKind kind) { return !isPool(kind); }
bool hasBias(TosaOpKind kind) { return isConv(kind); }
bool hasZeroPoints(TosaOpKind kind) { return kind != TosaOpKind::MaxPool2d; }

std::string contractionOutputElement(const CaseParams &p) {
  return isPool(p.tosaOp.kind) ? p.tosaOp.input : p.tosaOp.acc;
}

std::optional<Shape> derivedOutputShape(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  const Shape &in = p.shape;
  const Shape &w = k.weightShape;
  if (in.size() != (k.kind == TosaOpKind::MatMul ? 3u : 4u))
    return std::nullopt;
  const int64_t pt = at(k.pad, 0, 0), pb = at(k.pad, 1, 0), pl = at(k.pad, 2, 0),
                pr = at(k.pad, 3, 0);
  const int64_t sy = at(k.stride, 0, 1), sx = at(k.stride, 1, 1);
  const int64_t dy = at(k.dilation, 0, 1), dx = at(k.dilation, 1, 1);
  std::optional<int64_t> oh, ow;
  switch (k.kind) {
  case TosaOpKind::MatMul:
    if (w.size() != 3)
      return std::nullopt;
    return Shape{in[0], in[1], w[2]};
  case TosaOpKind::Conv2d:
  case TosaOpKind::DepthwiseConv2d: {
    if (w.size() != 4)
      return std::nullopt;
    const bool depthwise = k.kind == TosaOpKind::DepthwiseConv2d;
    const int64_t kh = depthwise ? w[0] : w[1], kw = depthwise ? w[1] : w[2];
    oh = windowSize(in[1] - 1 + pt + pb - (kh - 1) * dy, sy);
    ow = windowSize(in[2] - 1 + pl + pr - (kw - 1) * dx, sx);
    if (!oh || !ow)
      return std::nullopt;
    return Shape{in[0], *oh, *ow, depthwise ? w[2] * w[3] : w[0]};
  }
  case TosaOpKind::TransposeConv2d: {
    if (w.size() != 4)
      return std::nullopt;
    int64_t h = (in[1] - 1) * sy + pt + pb + w[1], wd = (in[2] - 1) * sx + pl + pr + w[2];
    if (h < 0 || wd < 0)
      return std::nullopt;
    return Shape{in[0], h, wd, w[0]};
  }
  case TosaOpKind::AvgPool2d:
  case TosaOpKind::MaxPool2d:
    oh = windowSize(in[1] + pt + pb - at(k.kernel, 0, 1), sy);
    ow = windowSize(in[2] + pl + pr - at(k.kernel, 1, 1), sx);
    if (!oh || !ow)
      return std::nullopt;
    return Shape{in[0], *oh, *ow, in[3]};
  default: // the elementwise ops: GoldenElementwise.cpp
    break;
  }
  return std::nullopt;
}

std::vector<int64_t> contractionDeclaredOutputDims(const CaseParams &p) {
  if (!p.tosaOp.declaredOutput.empty()) {
    if (p.shapeKind == ShapeKind::Unranked)
      throw std::logic_error("contraction case " + p.tosaOp.purpose +
                             ": an unranked case declares no result sizes (tensor<*x...>)");
    return p.tosaOp.declaredOutput;
  }
  std::optional<Shape> derived = derivedOutputShape(p);
  if (!derived)
    throw std::logic_error("contraction case " + std::string(tosaOpName(p.tosaOp.kind)) +
                           "/" + p.tosaOp.purpose +
                           ": no output size derives from the attributes; give declaredOutput");
  std::vector<int64_t> d(derived->begin(), derived->end());
  if (p.shapeKind == ShapeKind::Dynamic && !p.dynamic.empty() && p.dynamic[0])
    d[0] = -1;
  return d;
}

Shape contractionOutputShape(const CaseParams &p) {
  std::vector<int64_t> d = contractionDeclaredOutputDims(p);
  for (int64_t &x : d)
    if (x < 0)
      x = p.shape.empty() ? 0 : p.shape[0]; // only the batch is ever dynamic
  return Shape(d.begin(), d.end());
}

//===----------------------------------------------------------------------===//
// Program text
//===----------------------------------------------------------------------===//

std::string contractionWeightType(const CaseParams &p) {
  return tensorTypeText(p.tosaOp.weightShape, p.tosaOp.weight);
}
std::string contractionBiasType(const CaseParams &p) {
  return tensorTypeText(p.tosaOp.biasShape, p.tosaOp.acc);
}

std::string contractionProgramText(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  const std::string in = tosaOpInputType(p, false), out = tosaOpOutputType(p, false);
  std::string text = "func.func @main(%arg0: " + in;
  if (hasWeight(k.kind))
    text += ", %weight: " + contractionWeightType(p);
  if (hasBias(k.kind))
    text += ", %bias: " + contractionBiasType(p);
  text += ") -> " + out + " {\n";
  // The zero points, each of the type of the data it corrects.
  std::vector<std::pair<std::string, std::string>> zps; // name, element
  std::vector<int64_t> zpValues;
  if (k.kind == TosaOpKind::MatMul) {
    zps = {{"a_zp", k.input}, {"b_zp", k.weight}};
    zpValues = {k.inputZp, k.weightZp};
  } else if (isConv(k.kind)) {
    zps = {{"input_zp", k.input}, {"weight_zp", k.weight}};
    zpValues = {k.inputZp, k.weightZp};
  } else if (k.kind == TosaOpKind::AvgPool2d) {
    zps = {{"input_zp", k.input}, {"output_zp", k.input}};
    zpValues = {k.inputZp, k.outputZp};
  }
  std::string operands = "%arg0", types = in;
  if (hasWeight(k.kind)) {
    operands += ", %weight";
    types += ", " + contractionWeightType(p);
  }
  if (hasBias(k.kind)) {
    operands += ", %bias";
    types += ", " + contractionBiasType(p);
  }
  for (size_t i = 0; i < zps.size(); ++i) {
    const std::string type = "tensor<1x" + zps[i].second + ">";
    text += "  %" + zps[i].first + " = \"tosa.const\"() <{values = dense<" +
            std::to_string(zpValues[i]) + "> : " + type + "}> : () -> " + type + "\n";
    operands += ", %" + zps[i].first;
    types += ", " + type;
  }
  std::string attrs;
  switch (k.kind) {
  case TosaOpKind::MatMul:
    break;
  case TosaOpKind::Conv2d:
  case TosaOpKind::DepthwiseConv2d:
    attrs = " {acc_type = " + k.acc + ", dilation = " + arrayAttr(k.dilation) +
            ", pad = " + arrayAttr(k.pad) + ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case TosaOpKind::TransposeConv2d:
    attrs = " {acc_type = " + k.acc + ", out_pad = " + arrayAttr(k.pad) +
            ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case TosaOpKind::AvgPool2d:
    attrs = " {acc_type = " + k.acc + ", kernel = " + arrayAttr(k.kernel) +
            ", pad = " + arrayAttr(k.pad) + ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case TosaOpKind::MaxPool2d:
    attrs = " {kernel = " + arrayAttr(k.kernel) + ", pad = " + arrayAttr(k.pad) +
            ", stride = " + arrayAttr(k.stride) + "}";
    break;
  default:
    throw std::logic_error("contractionProgramText: " + std::string(tosaOpName(k.kind)) +
                           " is not a contraction");
  }
  text += "  %0 = tosa." + std::string(tosaOpName(k.kind)) + " " + operands + attrs +
          " : (" + types + ") -> " + out + "\n";
  text += "  return %0 : " + out + "\n}\n";
  return text;
}

//===----------------------------------------------------------------------===//
// IDs and categories
//===----------------------------------------------------------------------===//

std::string contractionTypesTag(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  return hasWeight(k.kind) ? k.input + "x" + k.weight : k.input;
}

std::string contractionCaseId(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  auto list = [](const std::vector<int64_t> &v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
  };
  std::string canonical = std::string(tosaOpName(k.kind)) + "|" + k.input + "|" + k.weight +
                          "|" + k.acc + "|" + list(k.weightShape) + "|" + list(k.biasShape) +
                          "|" + list(k.pad) + "|" + list(k.stride) + "|" + list(k.dilation) + "|" +
                          list(k.kernel) + "|" + std::to_string(k.inputZp) + "|" +
                          std::to_string(k.weightZp) + "|" + std::to_string(k.outputZp) + "|" +
                          list(k.declaredOutput) + "|" + k.purpose + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" + dimensionsText(p, true) +
                          "|" + dimensionsText(p, false) + "|" + p.variant;
  if (p.period > 0)
    canonical += "|tile" + std::to_string(p.period);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = std::string(tosaOpName(k.kind)) + "-" + k.input;
  if (hasWeight(k.kind))
    id += "-" + k.weight;
  if (!k.acc.empty() && !isPool(k.kind))
    id += "-" + k.acc;
  id += "-" + k.purpose + "-" + std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  if (p.period > 0)
    id += "-tile" + std::to_string(p.period);
  // Underscores of the op names become dashes: IDs are dash-separated.
  std::replace(id.begin(), id.end(), '_', '-');
  return id + "-" + hash;
}

//===----------------------------------------------------------------------===//
// Evaluation: the code quant-interp runs
//===----------------------------------------------------------------------===//

namespace {

RuntimeValue zeroPoint(const std::string &type, int64_t value) {
  return intTensorValue(type, Shape{1}, {value});
}

tk::DeclaredShape declaredOf(const CaseParams &p) {
  if (p.shapeKind == ShapeKind::Unranked)
    return tk::DeclaredShape::unranked();
  return tk::DeclaredShape::of(contractionDeclaredOutputDims(p));
}

} // namespace

bool evaluateContraction(const GoldenCase &c, std::vector<int64_t> &values, std::string &error) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  try {
    const RuntimeValue input = intTensorValue(k.input, p.shape, c.inputStored);
    RuntimeValue result;
    if (isPool(k.kind)) {
      tk::PoolAttributes a{k.kernel, k.stride, k.pad};
      ElementType inOut = ElementType::makeInteger(intWidth(k.input));
      if (k.kind == TosaOpKind::AvgPool2d)
        result = tk::avgPool2d(inOut, ElementType::makeInteger(intWidth(k.acc)), input,
                               zeroPoint(k.input, k.inputZp), zeroPoint(k.input, k.outputZp), a,
                               declaredOf(p));
      else
        result = tk::maxPool2d(inOut, input, a, tk::NanMode::Propagate, declaredOf(p));
    } else {
      tk::ContractionTypes types{ElementType::makeInteger(intWidth(k.input)),
                                 ElementType::makeInteger(intWidth(k.weight)),
                                 ElementType::makeInteger(intWidth(k.acc)),
                                 ElementType::makeInteger(intWidth(k.acc))};
      const RuntimeValue weight = intTensorValue(k.weight, k.weightShape, c.weightStored);
      const RuntimeValue inZp = zeroPoint(k.input, k.inputZp), wZp = zeroPoint(k.weight, k.weightZp);
      if (k.kind == TosaOpKind::MatMul) {
        result = tk::matmul(types, input, weight, inZp, wZp, declaredOf(p));
      } else {
        const RuntimeValue bias = intTensorValue(k.acc, k.biasShape, c.biasStored);
        // TRANSPOSE_CONV2D has no dilation; the kernel reads [1, 1] (the default).
        tk::ConvAttributes a{k.pad, k.stride,
                             k.dilation.empty() ? std::vector<int64_t>{1, 1} : k.dilation};
        auto kernel = k.kind == TosaOpKind::Conv2d            ? tk::conv2d
                      : k.kind == TosaOpKind::DepthwiseConv2d ? tk::depthwiseConv2d
                                                                   : tk::transposeConv2d;
        result = kernel(types, input, weight, bias, inZp, wZp, a, declaredOf(p));
      }
    }
    const numeric::IntFormat out{intWidth(contractionOutputElement(p)), true};
    values.clear();
    for (int64_t i = 0; i < numElements(result.shape()); ++i)
      values.push_back(out.fromBitsSmall(uint64_t(result.get(i))));
    return true;
  } catch (const tk::KernelError &e) {
    error = e.message;
    return false;
  }
}

} // namespace qi::generators
