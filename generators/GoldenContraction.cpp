//===- GoldenContraction.cpp - Contraction cases: program, inputs, expected ===//
//
// Spec: docs/golden-format.md ("Contraction cases"), spec/tosa-contractions.md
// [contract.*]. The expected output is the interpreter's own kernel's
// (tosakernel::matmul, conv2d, ..., the code quant-interp runs);
// generators/tests/GoldenContractionRederive.h re-derives it with the
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

struct KindName {
  ContractionKind kind;
  const char *name;
};
constexpr KindName kKinds[] = {{ContractionKind::MatMul, "matmul"},
                               {ContractionKind::Conv2d, "conv2d"},
                               {ContractionKind::DepthwiseConv2d, "depthwise_conv2d"},
                               {ContractionKind::TransposeConv2d, "transpose_conv2d"},
                               {ContractionKind::AvgPool2d, "avg_pool2d"},
                               {ContractionKind::MaxPool2d, "max_pool2d"}};

unsigned widthOf(const std::string &type) {
  if (type.size() < 2 || type[0] != 'i')
    throw std::logic_error("contraction element type '" + type + "' is not an iN");
  return unsigned(std::stoul(type.substr(1)));
}

std::string dims(const std::vector<int64_t> &d) {
  std::string out;
  for (int64_t x : d)
    out += (x < 0 ? std::string("?") : std::to_string(x)) + "x";
  return out;
}

std::string tensorType(const std::vector<int64_t> &d, const std::string &element) {
  return "tensor<" + dims(d) + element + ">";
}

std::string arrayAttr(const std::vector<int64_t> &v) {
  std::string out = "array<i64: ";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + std::to_string(v[i]);
  return out + ">";
}

bool isConv(ContractionKind k) {
  return k == ContractionKind::Conv2d || k == ContractionKind::DepthwiseConv2d ||
         k == ContractionKind::TransposeConv2d;
}
bool isPool(ContractionKind k) {
  return k == ContractionKind::AvgPool2d || k == ContractionKind::MaxPool2d;
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

std::string contractionSummaryLine() {
  return std::string(kContractionSemantics) +
         ": TOSA 1.0 pseudo-code (spec/tosa-contractions.md), integer rows: one defined result";
}

std::string_view contractionOpName(ContractionKind kind) {
  for (const KindName &k : kKinds)
    if (k.kind == kind)
      return k.name;
  return "?";
}

std::optional<ContractionKind> parseContractionOp(std::string_view name) {
  for (const KindName &k : kKinds)
    if (name == k.name)
      return k.kind;
  return std::nullopt;
}

bool hasWeight(ContractionKind kind) { return !isPool(kind); }
bool hasBias(ContractionKind kind) { return isConv(kind); }
bool hasZeroPoints(ContractionKind kind) { return kind != ContractionKind::MaxPool2d; }

std::string contractionOutputElement(const CaseParams &p) {
  return isPool(p.contraction.kind) ? p.contraction.input : p.contraction.acc;
}

int64_t signedMin(const std::string &type) { return -(int64_t(1) << (widthOf(type) - 1)); }
int64_t signedMax(const std::string &type) { return (int64_t(1) << (widthOf(type) - 1)) - 1; }

std::optional<Shape> derivedOutputShape(const CaseParams &p) {
  const ContractionParams &k = p.contraction;
  const Shape &in = p.shape;
  const Shape &w = k.weightShape;
  if (in.size() != (k.kind == ContractionKind::MatMul ? 3u : 4u))
    return std::nullopt;
  const int64_t pt = at(k.pad, 0, 0), pb = at(k.pad, 1, 0), pl = at(k.pad, 2, 0),
                pr = at(k.pad, 3, 0);
  const int64_t sy = at(k.stride, 0, 1), sx = at(k.stride, 1, 1);
  const int64_t dy = at(k.dilation, 0, 1), dx = at(k.dilation, 1, 1);
  std::optional<int64_t> oh, ow;
  switch (k.kind) {
  case ContractionKind::MatMul:
    if (w.size() != 3)
      return std::nullopt;
    return Shape{in[0], in[1], w[2]};
  case ContractionKind::Conv2d:
  case ContractionKind::DepthwiseConv2d: {
    if (w.size() != 4)
      return std::nullopt;
    const bool depthwise = k.kind == ContractionKind::DepthwiseConv2d;
    const int64_t kh = depthwise ? w[0] : w[1], kw = depthwise ? w[1] : w[2];
    oh = windowSize(in[1] - 1 + pt + pb - (kh - 1) * dy, sy);
    ow = windowSize(in[2] - 1 + pl + pr - (kw - 1) * dx, sx);
    if (!oh || !ow)
      return std::nullopt;
    return Shape{in[0], *oh, *ow, depthwise ? w[2] * w[3] : w[0]};
  }
  case ContractionKind::TransposeConv2d: {
    if (w.size() != 4)
      return std::nullopt;
    int64_t h = (in[1] - 1) * sy + pt + pb + w[1], wd = (in[2] - 1) * sx + pl + pr + w[2];
    if (h < 0 || wd < 0)
      return std::nullopt;
    return Shape{in[0], h, wd, w[0]};
  }
  case ContractionKind::AvgPool2d:
  case ContractionKind::MaxPool2d:
    oh = windowSize(in[1] + pt + pb - at(k.kernel, 0, 1), sy);
    ow = windowSize(in[2] + pl + pr - at(k.kernel, 1, 1), sx);
    if (!oh || !ow)
      return std::nullopt;
    return Shape{in[0], *oh, *ow, in[3]};
  }
  return std::nullopt;
}

std::vector<int64_t> declaredOutputDims(const CaseParams &p) {
  if (!p.contraction.declaredOutput.empty())
    return p.contraction.declaredOutput;
  std::optional<Shape> derived = derivedOutputShape(p);
  if (!derived)
    throw std::logic_error("contraction case " + std::string(contractionOpName(p.contraction.kind)) +
                           "/" + p.contraction.purpose +
                           ": no output size derives from the attributes; give declaredOutput");
  std::vector<int64_t> d(derived->begin(), derived->end());
  if (p.shapeKind == ShapeKind::Dynamic && !p.dynamic.empty() && p.dynamic[0])
    d[0] = -1;
  return d;
}

Shape contractionOutputShape(const CaseParams &p) {
  std::vector<int64_t> d = declaredOutputDims(p);
  for (int64_t &x : d)
    if (x < 0)
      x = p.shape.empty() ? 0 : p.shape[0]; // only the batch is ever dynamic
  return Shape(d.begin(), d.end());
}

//===----------------------------------------------------------------------===//
// Program text
//===----------------------------------------------------------------------===//

std::string contractionInputType(const CaseParams &p, bool concrete) {
  return concrete ? concreteSpelling(p, p.contraction.input)
                  : shapedSpelling(p, p.contraction.input);
}
std::string contractionWeightType(const CaseParams &p) {
  return tensorType(p.contraction.weightShape, p.contraction.weight);
}
std::string contractionBiasType(const CaseParams &p) {
  return tensorType(p.contraction.biasShape, p.contraction.acc);
}
std::string contractionOutputType(const CaseParams &p, bool concrete) {
  if (concrete) {
    Shape s = contractionOutputShape(p);
    return tensorType(std::vector<int64_t>(s.begin(), s.end()), contractionOutputElement(p));
  }
  return tensorType(declaredOutputDims(p), contractionOutputElement(p));
}

std::string contractionProgramText(const CaseParams &p) {
  const ContractionParams &k = p.contraction;
  const std::string in = contractionInputType(p, false), out = contractionOutputType(p, false);
  std::string text = "func.func @main(%arg0: " + in;
  if (hasWeight(k.kind))
    text += ", %weight: " + contractionWeightType(p);
  if (hasBias(k.kind))
    text += ", %bias: " + contractionBiasType(p);
  text += ") -> " + out + " {\n";
  // The zero points, each of the type of the data it corrects.
  std::vector<std::pair<std::string, std::string>> zps; // name, element
  std::vector<int64_t> zpValues;
  if (k.kind == ContractionKind::MatMul) {
    zps = {{"a_zp", k.input}, {"b_zp", k.weight}};
    zpValues = {k.inputZp, k.weightZp};
  } else if (isConv(k.kind)) {
    zps = {{"input_zp", k.input}, {"weight_zp", k.weight}};
    zpValues = {k.inputZp, k.weightZp};
  } else if (k.kind == ContractionKind::AvgPool2d) {
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
  case ContractionKind::MatMul:
    break;
  case ContractionKind::Conv2d:
  case ContractionKind::DepthwiseConv2d:
    attrs = " {acc_type = " + k.acc + ", dilation = " + arrayAttr(k.dilation) +
            ", pad = " + arrayAttr(k.pad) + ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case ContractionKind::TransposeConv2d:
    attrs = " {acc_type = " + k.acc + ", out_pad = " + arrayAttr(k.pad) +
            ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case ContractionKind::AvgPool2d:
    attrs = " {acc_type = " + k.acc + ", kernel = " + arrayAttr(k.kernel) +
            ", pad = " + arrayAttr(k.pad) + ", stride = " + arrayAttr(k.stride) + "}";
    break;
  case ContractionKind::MaxPool2d:
    attrs = " {kernel = " + arrayAttr(k.kernel) + ", pad = " + arrayAttr(k.pad) +
            ", stride = " + arrayAttr(k.stride) + "}";
    break;
  }
  text += "  %0 = tosa." + std::string(contractionOpName(k.kind)) + " " + operands + attrs +
          " : (" + types + ") -> " + out + "\n";
  text += "  return %0 : " + out + "\n}\n";
  return text;
}

namespace {
std::string nestedInts(const std::vector<int64_t> &v, size_t begin, const Shape &shape,
                       size_t dim) {
  if (dim == shape.size())
    return std::to_string(v[begin]);
  size_t step = 1;
  for (size_t d = dim + 1; d < shape.size(); ++d)
    step *= size_t(shape[d]);
  std::string out = "[";
  for (int64_t i = 0; i < shape[dim]; ++i)
    out += (i ? ", " : "") + nestedInts(v, begin + size_t(i) * step, shape, dim + 1);
  return out + "]";
}
} // namespace

std::string denseIntText(const std::vector<int64_t> &values, const Shape &shape,
                         const std::string &type) {
  if (values.empty())
    return "dense<> : " + type;
  return "dense<" + nestedInts(values, 0, shape, 0) + "> : " + type;
}

std::vector<std::string> contractionOperandArguments(const GoldenCase &c) {
  const CaseParams &p = c.params;
  std::vector<std::string> args;
  if (hasWeight(p.contraction.kind))
    args.push_back(denseIntText(c.weightStored, p.contraction.weightShape, contractionWeightType(p)));
  if (hasBias(p.contraction.kind))
    args.push_back(denseIntText(c.biasStored, p.contraction.biasShape, contractionBiasType(p)));
  return args;
}

//===----------------------------------------------------------------------===//
// IDs and categories
//===----------------------------------------------------------------------===//

std::string contractionTypesTag(const CaseParams &p) {
  const ContractionParams &k = p.contraction;
  return hasWeight(k.kind) ? k.input + "x" + k.weight : k.input;
}

std::string contractionCaseId(const CaseParams &p) {
  const ContractionParams &k = p.contraction;
  auto list = [](const std::vector<int64_t> &v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
  };
  std::string canonical = std::string(contractionOpName(k.kind)) + "|" + k.input + "|" + k.weight +
                          "|" + k.acc + "|" + list(k.weightShape) + "|" + list(k.biasShape) +
                          "|" + list(k.pad) + "|" + list(k.stride) + "|" + list(k.dilation) + "|" +
                          list(k.kernel) + "|" + std::to_string(k.inputZp) + "|" +
                          std::to_string(k.weightZp) + "|" + std::to_string(k.outputZp) + "|" +
                          list(k.declaredOutput) + "|" + k.purpose + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" + dimensionsText(p, true) +
                          "|" + dimensionsText(p, false) + "|" + p.variant;
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = std::string(contractionOpName(k.kind)) + "-" + k.input;
  if (hasWeight(k.kind))
    id += "-" + k.weight;
  if (!k.acc.empty() && !isPool(k.kind))
    id += "-" + k.acc;
  id += "-" + k.purpose + "-" + std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  // Underscores of the op names become dashes: IDs are dash-separated.
  std::replace(id.begin(), id.end(), '_', '-');
  return id + "-" + hash;
}

std::string contractionCategory(const CaseParams &p) {
  return std::string(contractionOpName(p.contraction.kind)) + "/" + contractionTypesTag(p) + "/" +
         p.contraction.purpose;
}

//===----------------------------------------------------------------------===//
// Evaluation: the code quant-interp runs
//===----------------------------------------------------------------------===//

namespace {

RuntimeValue tensorOf(const std::string &type, const Shape &shape,
                      const std::vector<int64_t> &values) {
  const unsigned w = widthOf(type);
  RuntimeValue v = RuntimeValue::tensor(ElementType::makeInteger(w), shape);
  for (size_t i = 0; i < values.size(); ++i)
    v.set(int64_t(i), requant::truncateBits(values[i], w));
  return v;
}

RuntimeValue zeroPoint(const std::string &type, int64_t value) {
  return tensorOf(type, Shape{1}, {value});
}

tk::DeclaredShape declaredOf(const CaseParams &p) {
  return tk::DeclaredShape::of(declaredOutputDims(p));
}

} // namespace

bool evaluateContraction(const GoldenCase &c, std::vector<int64_t> &values, std::string &error) {
  const CaseParams &p = c.params;
  const ContractionParams &k = p.contraction;
  try {
    const RuntimeValue input = tensorOf(k.input, p.shape, c.inputStored);
    RuntimeValue result;
    if (isPool(k.kind)) {
      tk::PoolAttributes a{k.kernel, k.stride, k.pad};
      ElementType inOut = ElementType::makeInteger(widthOf(k.input));
      if (k.kind == ContractionKind::AvgPool2d)
        result = tk::avgPool2d(inOut, ElementType::makeInteger(widthOf(k.acc)), input,
                               zeroPoint(k.input, k.inputZp), zeroPoint(k.input, k.outputZp), a,
                               declaredOf(p));
      else
        result = tk::maxPool2d(inOut, input, a, tk::NanMode::Propagate, declaredOf(p));
    } else {
      tk::ContractionTypes types{ElementType::makeInteger(widthOf(k.input)),
                                 ElementType::makeInteger(widthOf(k.weight)),
                                 ElementType::makeInteger(widthOf(k.acc)),
                                 ElementType::makeInteger(widthOf(k.acc))};
      const RuntimeValue weight = tensorOf(k.weight, k.weightShape, c.weightStored);
      const RuntimeValue inZp = zeroPoint(k.input, k.inputZp), wZp = zeroPoint(k.weight, k.weightZp);
      if (k.kind == ContractionKind::MatMul) {
        result = tk::matmul(types, input, weight, inZp, wZp, declaredOf(p));
      } else {
        const RuntimeValue bias = tensorOf(k.acc, k.biasShape, c.biasStored);
        // TRANSPOSE_CONV2D has no dilation; the kernel reads [1, 1] (the default).
        tk::ConvAttributes a{k.pad, k.stride,
                             k.dilation.empty() ? std::vector<int64_t>{1, 1} : k.dilation};
        auto kernel = k.kind == ContractionKind::Conv2d            ? tk::conv2d
                      : k.kind == ContractionKind::DepthwiseConv2d ? tk::depthwiseConv2d
                                                                   : tk::transposeConv2d;
        result = kernel(types, input, weight, bias, inZp, wZp, a, declaredOf(p));
      }
    }
    const numeric::IntFormat out{widthOf(contractionOutputElement(p)), true};
    values.clear();
    for (int64_t i = 0; i < numElements(result.shape()); ++i)
      values.push_back(out.fromBitsSmall(uint64_t(result.get(i))));
    return true;
  } catch (const tk::KernelError &e) {
    error = e.message;
    return false;
  }
}

bool contractionExpected(const GoldenCase &c, ExpectedOutput &out, std::string &error) {
  out = ExpectedOutput{};
  out.profile = std::string(kContractionSemantics);
  out.description = contractionSummaryLine().substr(kContractionSemantics.size() + 2);
  if (!evaluateContraction(c, out.stored, error)) {
    error = "the kernel stops: " + error;
    return false;
  }
  if (int64_t(out.stored.size()) != numElements(contractionOutputShape(c.params))) {
    error = "the kernel's output has " + std::to_string(out.stored.size()) +
            " elements, the case's output shape " +
            std::to_string(numElements(contractionOutputShape(c.params)));
    return false;
  }
  return true;
}

bool contractionRejectionMatches(const GoldenCase &c, std::string &error) {
  const Rejection &r = *c.rejection;
  if (r.reason == kRejectVerifier)
    return true;
  if (r.reason != kRejectErrorIf && r.reason != kRejectRequire) {
    error = "a contraction rejection is verifier, error-if or require, not '" + r.reason + "'";
    return false;
  }
  std::vector<int64_t> ignored;
  std::string message;
  if (evaluateContraction(c, ignored, message)) {
    error = "the interpreter's kernel computes the case's output: no ERROR_IF or REQUIRE fails";
    return false;
  }
  const char *marker = r.reason == kRejectErrorIf ? "ERROR_IF(" : "REQUIRE(";
  if (message.find(marker) == std::string::npos) {
    error = "the kernel stops with '" + message + "', which is not a " + r.reason;
    return false;
  }
  if (r.message.find(message) == std::string::npos) {
    error = "the rejection message does not contain the kernel's '" + message + "'";
    return false;
  }
  return true;
}

} // namespace qi::generators
