//===- GoldenElementwise.cpp - Elementwise cases: program, shapes, expected ===//
//
// Spec: docs/golden-format.md ("Elementwise cases"), spec/tosa-elementwise.md
// [tosa-ew.*], [tosa.add], [tosa.sub], [tosa.mul], [tosa.negate],
// [tosa.clamp]. The expected output is the interpreter's own kernel's
// (tosakernel::add, sub, mul, negate, clamp: the code quant-interp runs);
// generators/tests/GoldenElementwiseRederiveTest.cpp re-derives it with the
// independent TosaElementwiseOracle.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenElementwise.h"

#include "generators/GoldenIds.h"
#include "generators/GoldenProgram.h"
#include "interpreter/eval/TosaElementwise.h"
#include "interpreter/requant/Rescale.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace qi::generators {

namespace tk = eval::tosakernel;

bool hasInput2(TosaOpKind kind) {
  return kind == TosaOpKind::Add || kind == TosaOpKind::Sub || kind == TosaOpKind::Mul;
}

std::string elementwiseOutputElement(const CaseParams &p) {
  return p.tosaOp.kind == TosaOpKind::Mul ? "i32" : p.tosaOp.input;
}

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

std::optional<Shape> broadcastShape(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  if (!hasInput2(k.kind))
    return p.shape;
  const Shape &a = p.shape, &b = k.input2Shape;
  if (a.size() != b.size())
    return std::nullopt;
  Shape out = a;
  for (size_t d = 0; d < a.size(); ++d) {
    if (a[d] == 1)
      out[d] = b[d];
    else if (b[d] != 1 && b[d] != a[d])
      return std::nullopt;
  }
  return out;
}

std::vector<int64_t> elementwiseDeclaredOutputDims(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  if (!k.declaredOutput.empty()) {
    if (p.shapeKind == ShapeKind::Unranked)
      throw std::logic_error("elementwise case " + k.purpose +
                             ": an unranked case declares no result sizes (tensor<*x...>)");
    return k.declaredOutput;
  }
  std::optional<Shape> shape = broadcastShape(p);
  if (!shape)
    throw std::logic_error("elementwise case " + std::string(tosaOpName(k.kind)) + "/" +
                           k.purpose + ": the inputs do not broadcast; give declaredOutput");
  std::vector<int64_t> d(shape->begin(), shape->end());
  // A size is `?` where an input writes `?` (MLIR infers no more).
  for (size_t i = 0; i < d.size(); ++i) {
    const bool dyn1 = p.shapeKind == ShapeKind::Dynamic && i < p.dynamic.size() && p.dynamic[i];
    const bool dyn2 = i < k.input2Dynamic.size() && k.input2Dynamic[i];
    if (dyn1 || dyn2)
      d[i] = -1;
  }
  return d;
}

Shape elementwiseOutputShape(const CaseParams &p) {
  std::vector<int64_t> d = elementwiseDeclaredOutputDims(p);
  std::optional<Shape> shape = broadcastShape(p);
  for (size_t i = 0; i < d.size(); ++i)
    if (d[i] < 0) {
      if (!shape || i >= shape->size())
        throw std::logic_error("elementwise case " + p.tosaOp.purpose +
                               ": a dynamic result size the inputs do not derive");
      d[i] = (*shape)[i];
    }
  return Shape(d.begin(), d.end());
}

//===----------------------------------------------------------------------===//
// Program text
//===----------------------------------------------------------------------===//

std::string elementwiseProgramText(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  const std::string in = tosaOpInputType(p, false), out = tosaOpOutputType(p, false);
  std::string in2;
  if (hasInput2(k.kind)) {
    std::vector<int64_t> dims(k.input2Shape.begin(), k.input2Shape.end());
    for (size_t d = 0; d < dims.size() && d < k.input2Dynamic.size(); ++d)
      if (k.input2Dynamic[d])
        dims[d] = -1;
    // input2 of an unranked case is unranked too (tosaOpOperands).
    in2 = p.shapeKind == ShapeKind::Unranked ? "tensor<*x" + k.input + ">"
                                             : tensorTypeText(dims, k.input);
  }
  std::string text = "func.func @main(%arg0: " + in;
  if (hasInput2(k.kind))
    text += ", %input2: " + in2;
  text += ") -> " + out + " {\n";
  auto constant = [&](const std::string &name, int64_t value, const std::string &element) {
    const std::string type = "tensor<1x" + element + ">";
    text += "  %" + name + " = \"tosa.const\"() <{values = dense<" + std::to_string(value) +
            "> : " + type + "}> : () -> " + type + "\n";
  };
  const std::string op = "tosa." + std::string(tosaOpName(k.kind));
  std::string operands = "%arg0", types = in, attrs;
  if (hasInput2(k.kind)) {
    operands += ", %input2";
    types += ", " + in2;
  }
  switch (k.kind) {
  case TosaOpKind::Mul:
    constant("shift", k.shift, "i8");
    operands += ", %shift";
    types += ", tensor<1xi8>";
    break;
  case TosaOpKind::Negate:
    constant("input1_zp", k.inputZp, k.input);
    constant("output_zp", k.outputZp, k.input);
    operands += ", %input1_zp, %output_zp";
    types += ", tensor<1x" + k.input + ">, tensor<1x" + k.input + ">";
    break;
  case TosaOpKind::Clamp:
    attrs = " {max_val = " + std::to_string(k.maxVal) + " : " + k.input +
            ", min_val = " + std::to_string(k.minVal) + " : " + k.input + "}";
    break;
  default:
    break;
  }
  text += "  %0 = " + op + " " + operands + attrs + " : (" + types + ") -> " + out + "\n";
  text += "  return %0 : " + out + "\n}\n";
  return text;
}

//===----------------------------------------------------------------------===//
// IDs
//===----------------------------------------------------------------------===//

std::string elementwiseCaseId(const CaseParams &p) {
  const TosaOpParams &k = p.tosaOp;
  auto list = [](const auto &v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i)
      out += (i ? "," : "") + std::to_string(int64_t(v[i]));
    return out + "]";
  };
  std::string canonical =
      std::string(tosaOpName(k.kind)) + "|" + k.input + "|" + list(k.input2Shape) + "|" +
      list(k.input2Dynamic) + "|" + std::to_string(k.shift) + "|" + std::to_string(k.inputZp) +
      "|" + std::to_string(k.outputZp) + "|" + std::to_string(k.minVal) + "|" +
      std::to_string(k.maxVal) + "|" + list(k.declaredOutput) + "|" + k.purpose + "|" +
      std::string(shapeKindName(p.shapeKind)) + "|" + dimensionsText(p, true) + "|" +
      dimensionsText(p, false) + "|" + p.variant;
  if (p.period > 0)
    canonical += "|tile" + std::to_string(p.period);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = std::string(tosaOpName(k.kind)) + "-" + k.input;
  if (k.kind == TosaOpKind::Mul)
    id += "-" + elementwiseOutputElement(p);
  id += "-" + k.purpose + "-" + std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  if (p.period > 0)
    id += "-tile" + std::to_string(p.period);
  return id + "-" + hash;
}

//===----------------------------------------------------------------------===//
// Evaluation: the code quant-interp runs
//===----------------------------------------------------------------------===//

bool evaluateElementwise(const GoldenCase &c, std::vector<int64_t> &values, std::string &error) {
  const CaseParams &p = c.params;
  const TosaOpParams &k = p.tosaOp;
  try {
    const ElementType in = ElementType::makeInteger(intWidth(k.input));
    const RuntimeValue input = intTensorValue(k.input, p.shape, c.inputStored);
    const tk::DeclaredShape declared = p.shapeKind == ShapeKind::Unranked
                                           ? tk::DeclaredShape::unranked()
                                           : tk::DeclaredShape::of(elementwiseDeclaredOutputDims(p));
    RuntimeValue result;
    switch (k.kind) {
    case TosaOpKind::Add:
    case TosaOpKind::Sub: {
      const RuntimeValue input2 = intTensorValue(k.input, k.input2Shape, c.input2Stored);
      result = (k.kind == TosaOpKind::Add ? tk::add : tk::sub)(in, input, input2, declared);
      break;
    }
    case TosaOpKind::Mul: {
      const RuntimeValue input2 = intTensorValue(k.input, k.input2Shape, c.input2Stored);
      result = tk::mul(in, ElementType::makeInteger(32), input, input2,
                       intTensorValue("i8", Shape{1}, {k.shift}), declared);
      break;
    }
    case TosaOpKind::Negate:
      result = tk::negate(in, input, intTensorValue(k.input, Shape{1}, {k.inputZp}),
                          intTensorValue(k.input, Shape{1}, {k.outputZp}), declared);
      break;
    case TosaOpKind::Clamp: {
      tk::ClampAttributes a;
      a.minVal = numeric::Bits(requant::truncateBits(k.minVal, in.intWidth));
      a.maxVal = numeric::Bits(requant::truncateBits(k.maxVal, in.intWidth));
      result = tk::clamp(in, input, a, declared);
      break;
    }
    default:
      throw std::logic_error("evaluateElementwise: " + std::string(tosaOpName(k.kind)) +
                             " is not an elementwise op");
    }
    const numeric::IntFormat out{intWidth(elementwiseOutputElement(p)), true};
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
