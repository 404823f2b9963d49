//===- GoldenTosaOp.cpp - TOSA operator cases: the family's interface -----===//
//
// Spec: docs/golden-format.md ("Contraction cases", "Elementwise cases").
// The names of the ops, what every op of the family shares (operands as
// arguments, categories, the expected output, the rejections' consistency)
// and the dispatch to GoldenContraction.cpp and GoldenElementwise.cpp.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenTosaOp.h"

#include "generators/GoldenContraction.h"
#include "generators/GoldenElementwise.h"
#include "generators/GoldenProgram.h"
#include "interpreter/requant/Rescale.h"

#include <stdexcept>

namespace qi::generators {

namespace {

struct KindName {
  TosaOpKind kind;
  const char *name;
};
constexpr KindName kKinds[] = {{TosaOpKind::MatMul, "matmul"},
                               {TosaOpKind::Conv2d, "conv2d"},
                               {TosaOpKind::DepthwiseConv2d, "depthwise_conv2d"},
                               {TosaOpKind::TransposeConv2d, "transpose_conv2d"},
                               {TosaOpKind::AvgPool2d, "avg_pool2d"},
                               {TosaOpKind::MaxPool2d, "max_pool2d"},
                               {TosaOpKind::Add, "add"},
                               {TosaOpKind::Sub, "sub"},
                               {TosaOpKind::Mul, "mul"},
                               {TosaOpKind::Negate, "negate"},
                               {TosaOpKind::Clamp, "clamp"}};

bool elementwise(const CaseParams &p) { return isElementwiseKind(p.tosaOp.kind); }

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

//===----------------------------------------------------------------------===//
// Names and types
//===----------------------------------------------------------------------===//

std::string tosaOpSummaryLine(TosaOpKind kind) {
  return std::string(kTosaOpSemantics) + ": TOSA 1.0 pseudo-code (spec/" +
         (isElementwiseKind(kind) ? "tosa-elementwise.md" : "tosa-contractions.md") +
         "), integer rows: one defined result";
}

std::string_view tosaOpName(TosaOpKind kind) {
  for (const KindName &k : kKinds)
    if (k.kind == kind)
      return k.name;
  return "?";
}

std::optional<TosaOpKind> parseTosaOp(std::string_view name) {
  for (const KindName &k : kKinds)
    if (name == k.name)
      return k.kind;
  return std::nullopt;
}

bool isElementwiseKind(TosaOpKind kind) {
  return kind == TosaOpKind::Add || kind == TosaOpKind::Sub || kind == TosaOpKind::Mul ||
         kind == TosaOpKind::Negate || kind == TosaOpKind::Clamp;
}
bool isContractionKind(TosaOpKind kind) { return !isElementwiseKind(kind); }
const char *tosaOpObjectKey(TosaOpKind kind) {
  return isElementwiseKind(kind) ? "elementwise" : "contraction";
}

unsigned intWidth(const std::string &type) {
  if (type.size() < 2 || type[0] != 'i' || type.find_first_not_of("0123456789", 1) != std::string::npos)
    throw std::logic_error("TOSA operator element type '" + type + "' is not an iN");
  return unsigned(std::stoul(type.substr(1)));
}
int64_t signedMin(const std::string &type) { return -(int64_t(1) << (intWidth(type) - 1)); }
int64_t signedMax(const std::string &type) { return (int64_t(1) << (intWidth(type) - 1)) - 1; }

std::string tensorTypeText(const std::vector<int64_t> &dims, const std::string &element) {
  std::string out = "tensor<";
  for (int64_t x : dims)
    out += (x < 0 ? std::string("?") : std::to_string(x)) + "x";
  return out + element + ">";
}

RuntimeValue intTensorValue(const std::string &type, const Shape &shape,
                            const std::vector<int64_t> &values) {
  const unsigned w = intWidth(type);
  RuntimeValue v = RuntimeValue::tensor(ElementType::makeInteger(w), shape);
  for (size_t i = 0; i < values.size(); ++i)
    v.set(int64_t(i), requant::truncateBits(values[i], w));
  return v;
}

std::string tosaOpOutputElement(const CaseParams &p) {
  return elementwise(p) ? elementwiseOutputElement(p) : contractionOutputElement(p);
}
std::vector<int64_t> tosaOpDeclaredOutputDims(const CaseParams &p) {
  return elementwise(p) ? elementwiseDeclaredOutputDims(p) : contractionDeclaredOutputDims(p);
}
Shape tosaOpOutputShape(const CaseParams &p) {
  return elementwise(p) ? elementwiseOutputShape(p) : contractionOutputShape(p);
}

std::string tosaOpInputType(const CaseParams &p, bool concrete) {
  return concrete ? concreteSpelling(p, p.tosaOp.input) : shapedSpelling(p, p.tosaOp.input);
}
std::string tosaOpOutputType(const CaseParams &p, bool concrete) {
  if (!concrete && p.shapeKind == ShapeKind::Unranked)
    return "tensor<*x" + tosaOpOutputElement(p) + ">";
  if (concrete) {
    Shape s = tosaOpOutputShape(p);
    return tensorTypeText(std::vector<int64_t>(s.begin(), s.end()), tosaOpOutputElement(p));
  }
  return tensorTypeText(tosaOpDeclaredOutputDims(p), tosaOpOutputElement(p));
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

std::vector<TosaOpOperand> tosaOpOperands(GoldenCase &c) {
  TosaOpParams &k = c.params.tosaOp;
  std::vector<TosaOpOperand> v;
  if (isElementwiseKind(k.kind)) {
    if (hasInput2(k.kind))
      v.push_back({"input2", k.input, &k.input2Shape, &k.input2Dynamic, &c.input2Stored,
                   c.params.shapeKind == ShapeKind::Unranked});
    return v;
  }
  if (hasWeight(k.kind))
    v.push_back({"weight", k.weight, &k.weightShape, nullptr, &c.weightStored});
  if (hasBias(k.kind))
    v.push_back({"bias", k.acc, &k.biasShape, nullptr, &c.biasStored});
  return v;
}

std::vector<TosaOpOperand> tosaOpOperands(const GoldenCase &c) {
  // The pointers are only read through by the callers of this overload.
  return tosaOpOperands(const_cast<GoldenCase &>(c));
}

std::string tosaOpOperandType(const TosaOpOperand &o, bool concrete) {
  if (!concrete && o.unranked)
    return "tensor<*x" + o.element + ">";
  std::vector<int64_t> dims(o.shape->begin(), o.shape->end());
  if (!concrete && o.dynamic)
    for (size_t d = 0; d < dims.size() && d < o.dynamic->size(); ++d)
      if ((*o.dynamic)[d])
        dims[d] = -1;
  return tensorTypeText(dims, o.element);
}

std::string denseIntText(const std::vector<int64_t> &values, const Shape &shape,
                         const std::string &type) {
  if (values.empty())
    return "dense<> : " + type;
  return "dense<" + nestedInts(values, 0, shape, 0) + "> : " + type;
}

std::vector<std::string> tosaOpOperandArguments(const GoldenCase &c) {
  std::vector<std::string> args;
  for (const TosaOpOperand &o : tosaOpOperands(c))
    args.push_back(denseIntText(*o.values, *o.shape, tosaOpOperandType(o, true)));
  return args;
}

std::string tosaOpProgramText(const CaseParams &p) {
  return elementwise(p) ? elementwiseProgramText(p) : contractionProgramText(p);
}

//===----------------------------------------------------------------------===//
// IDs and categories
//===----------------------------------------------------------------------===//

std::string tosaOpTypesTag(const CaseParams &p) {
  return elementwise(p) ? p.tosaOp.input : contractionTypesTag(p);
}
std::string tosaOpCaseId(const CaseParams &p) {
  return elementwise(p) ? elementwiseCaseId(p) : contractionCaseId(p);
}
std::string tosaOpCategory(const CaseParams &p) {
  return std::string(tosaOpName(p.tosaOp.kind)) + "/" + tosaOpTypesTag(p) + "/" + p.tosaOp.purpose;
}

//===----------------------------------------------------------------------===//
// Evaluation: the code quant-interp runs
//===----------------------------------------------------------------------===//

bool evaluateTosaOp(const GoldenCase &c, std::vector<int64_t> &values, std::string &error) {
  return elementwise(c.params) ? evaluateElementwise(c, values, error)
                               : evaluateContraction(c, values, error);
}

bool tosaOpExpected(const GoldenCase &c, ExpectedOutput &out, std::string &error) {
  out = ExpectedOutput{};
  out.profile = std::string(kTosaOpSemantics);
  out.description = tosaOpSummaryLine(c.params.tosaOp.kind).substr(kTosaOpSemantics.size() + 2);
  if (!evaluateTosaOp(c, out.stored, error)) {
    error = "the kernel stops: " + error;
    return false;
  }
  if (int64_t(out.stored.size()) != numElements(tosaOpOutputShape(c.params))) {
    error = "the kernel's output has " + std::to_string(out.stored.size()) +
            " elements, the case's output shape " +
            std::to_string(numElements(tosaOpOutputShape(c.params)));
    return false;
  }
  return true;
}

void makeTosaOpInputs(GoldenCase &c, SplitMix64 &rng) {
  if (elementwise(c.params))
    makeElementwiseInputs(c, rng);
  else
    makeContractionInputs(c, rng);
}

bool tosaOpRejectionMatches(const GoldenCase &c, std::string &error) {
  const Rejection &r = *c.rejection;
  if (r.reason == kRejectVerifier)
    return true;
  if (r.reason != kRejectErrorIf && r.reason != kRejectRequire) {
    error = "a " + std::string(tosaOpName(c.params.tosaOp.kind)) +
            " rejection is verifier, error-if or require, not '" + r.reason + "'";
    return false;
  }
  std::vector<int64_t> ignored;
  std::string message;
  if (evaluateTosaOp(c, ignored, message)) {
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
