//===- CpuHarness.cpp - The JIT harness of the mlir-cpu backend -----------===//
//
// Spec: docs/vendor-guide.md ("mlir-cpu"). The harness calls the case's own
// @main (never inlined, so the input constants cannot be folded into the
// computation under test) and prints every output element as one integer per
// line: the stored value, or the float's bit pattern (bitcast), so nothing
// is lost to decimal printing.
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/CaseText.h"
#include "generators/FloatText.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;
using generators::ShapeKind;

namespace {

std::string hexConstant(const GoldenCase &c) {
  const numeric::FloatFormat &format = *c.params.type.expressed;
  size_t bytes = (format.sizeInBits + 7) / 8;
  static const char digits[] = "0123456789ABCDEF";
  std::string hex;
  for (numeric::Bits bits : c.inputFloats) {
    for (size_t b = 0; b < bytes; ++b) { // little-endian
      unsigned byte = unsigned((bits >> (8 * b)) & 0xFF);
      hex += digits[byte >> 4];
      hex += digits[byte & 15];
    }
  }
  return hex.empty() ? "dense<>" : "dense<\"0x" + hex + "\">";
}

/// printI64 of each element of `value` (type `shaped`, concrete type
/// `concreteType`, element `element` of `width` bits), zero-extended.
std::string printElements(const GoldenCase &c, std::string value, const std::string &shaped,
                          const std::string &element, unsigned width, bool bitcastFloat) {
  const generators::CaseParams &p = c.params;
  const bool scalar = p.shapeKind == ShapeKind::Scalar;
  const std::string concrete = generators::concreteSpelling(p, element);
  std::string h;
  if (!scalar && concrete != shaped) {
    h += "  %rs = tensor.cast " + value + " : " + shaped + " to " + concrete + "\n";
    value = "%rs";
  }
  auto printElement = [&](const std::string &e, const std::string &indent) {
    std::string s, bits = e;
    if (bitcastFloat) {
      s += indent + "%b = arith.bitcast " + e + " : " + element + " to i" + std::to_string(width) + "\n";
      bits = "%b";
    }
    std::string wide = bits;
    if (width < 64) {
      s += indent + "%w = arith.extui " + bits + " : i" + std::to_string(width) + " to i64\n";
      wide = "%w";
    }
    s += indent + "func.call @printI64(" + wide + ") : (i64) -> ()\n";
    s += indent + "func.call @printNewline() : () -> ()\n";
    return s;
  };
  if (scalar) {
    h += printElement(value, "  ");
  } else if (p.shape.empty()) {
    h += "  %e = tensor.extract " + value + "[] : " + concrete + "\n";
    h += printElement("%e", "  ");
  } else {
    int64_t n = int64_t(elementCount(c));
    std::string flat = value;
    if (p.shape.size() > 1) {
      std::string group;
      for (size_t d = 0; d < p.shape.size(); ++d)
        group += (d ? ", " : "") + std::to_string(d);
      h += "  %flat = tensor.collapse_shape " + value + " [[" + group + "]] : " + concrete +
           " into tensor<" + std::to_string(n) + "x" + element + ">\n";
      flat = "%flat";
    }
    h += "  %c0 = arith.constant 0 : index\n"
         "  %c1 = arith.constant 1 : index\n"
         "  %n = arith.constant " + std::to_string(n) + " : index\n"
         "  scf.for %i = %c0 to %n step %c1 {\n"
         "    %e = tensor.extract " + flat + "[%i] : tensor<" + std::to_string(n) + "x" + element + ">\n";
    h += printElement("%e", "    ");
    h += "  }\n";
  }
  return h;
}

/// An operand @main takes after the input: its constant ("VALUES : TYPE"),
/// and the program's type of it (a `?` length where the literal's is fixed).
struct HarnessOperand {
  std::string literal, type;
};

/// The harness up to the call: the program, the print declarations, and
/// @qi_harness with the input and the operands as constants, each cast to
/// the program's type where it differs, and `%r = func.call @main(...)`.
std::string harnessCall(const GoldenCase &c, const std::string &param, const std::string &concrete,
                        const std::vector<HarnessOperand> &operands, const std::string &result) {
  std::string h = generators::programText(c.params);
  h += "func.func private @printI64(i64)\n"
       "func.func private @printNewline()\n"
       "func.func @qi_harness() {\n";
  // "VALUES : TYPE", as quant-interp takes it.
  h += "  %in = arith.constant " + argumentAttribute(c) + "\n";
  std::string args = "%in", types = param;
  if (concrete != param) {
    h += "  %arg = tensor.cast %in : " + concrete + " to " + param + "\n";
    args = "%arg";
  }
  for (size_t k = 0; k < operands.size(); ++k) {
    const std::string &literal = operands[k].literal, &type = operands[k].type;
    const std::string concreteType = literal.substr(literal.rfind(" : ") + 3);
    h += "  %op" + std::to_string(k) + " = arith.constant " + literal + "\n";
    std::string value = "%op" + std::to_string(k);
    if (type != concreteType) {
      h += "  %opc" + std::to_string(k) + " = tensor.cast " + value + " : " + concreteType +
           " to " + type + "\n";
      value = "%opc" + std::to_string(k);
    }
    args += ", " + value;
    types += ", " + type;
  }
  h += "  %r = func.call @main(" + args + ") : (" + types + ") -> " + result + "\n";
  return h;
}

/// The harness of a rescale case: the input (and, when they are arguments,
/// the multiplier, shift and zero points) as constants, @main called, the
/// output integers printed zero-extended.
std::string rescaleHarness(const GoldenCase &c) {
  const generators::CaseParams &p = c.params;
  const std::string inElement = generators::rescaleInputElement(p);
  const std::string outElement = generators::rescaleOutputElement(p);
  const std::string result = generators::shapedSpelling(p, outElement);
  const std::vector<std::string> literals = generators::rescaleOperandArguments(p);
  const std::vector<std::string> types = generators::rescaleOperandTypes(p);
  std::vector<HarnessOperand> operands;
  for (size_t k = 0; k < literals.size(); ++k)
    operands.push_back({literals[k], types[k]});
  std::string h = harnessCall(c, generators::shapedSpelling(p, inElement),
                              generators::concreteSpelling(p, inElement), operands, result);
  h += printElements(c, "%r", result, outElement, p.rescale.attributes.outputWidth, false);
  h += "  return\n}\n";
  return h;
}

/// The harness of a TOSA operator case: the input and the operands
/// (weight, bias, input2) as constants, each cast to the program's type
/// where it writes `?` sizes, @main called, the output integers printed
/// zero-extended.
std::string tosaOpHarness(const GoldenCase &c) {
  const generators::CaseParams &p = c.params;
  const std::string result = generators::tosaOpOutputType(p, false);
  const std::vector<std::string> literals = generators::tosaOpOperandArguments(c);
  const std::vector<generators::TosaOpOperand> slots = generators::tosaOpOperands(c);
  std::vector<HarnessOperand> operands;
  for (size_t k = 0; k < literals.size(); ++k)
    operands.push_back({literals[k], generators::tosaOpOperandType(slots[k], false)});
  std::string h = harnessCall(c, generators::tosaOpInputType(p, false),
                              generators::tosaOpInputType(p, true), operands, result);
  // Print as a case of the output's shape (its dynamic sizes included).
  GoldenCase view = c;
  view.params.shape = c.outputShape;
  view.params.dynamic.assign(c.outputShape.size(), false);
  const std::vector<int64_t> declared = generators::tosaOpDeclaredOutputDims(p);
  for (size_t d = 0; d < declared.size() && d < view.params.dynamic.size(); ++d)
    view.params.dynamic[d] = declared[d] < 0;
  const std::string element = generators::tosaOpOutputElement(p);
  h += printElements(view, "%r", result, element, unsigned(std::stoul(element.substr(1))), false);
  h += "  return\n}\n";
  return h;
}

} // namespace

std::string cpuHarness(const GoldenCase &c) {
  if (c.isRescale())
    return rescaleHarness(c);
  if (c.isTosaOp())
    return tosaOpHarness(c);
  const generators::CaseParams &p = c.params;
  const bool qcast = p.op == Op::QCast;
  const bool scalar = p.shapeKind == ShapeKind::Scalar;
  const std::string quantType = generators::typeSpelling(p.type);
  const std::string expressed(p.type.expressed->name);
  const std::string storage = "i" + std::to_string(p.type.storage.width);
  const std::string inElement = qcast ? expressed : quantType;
  const std::string outElement = qcast ? quantType : expressed;
  const std::string param = generators::shapedSpelling(p, inElement);
  const std::string result = generators::shapedSpelling(p, outElement);
  auto concrete = [&](const std::string &element) { return generators::concreteSpelling(p, element); };

  std::string h = generators::programText(p);
  h += "func.func private @printI64(i64)\n"
       "func.func private @printNewline()\n"
       "func.func @qi_harness() {\n";
  // The argument, in the program's parameter type. Quant-typed values only
  // ever have the program's own (possibly dynamic or unranked) shape: shape
  // casts happen on plain tensors, so a concrete shape never meets the quant
  // type in the verifier and the compiled code sees what the program says.
  const std::string storageShaped = generators::shapedSpelling(p, storage);
  std::string arg = "%in";
  if (qcast) {
    if (scalar)
      h += "  %in = arith.constant " + generators::hexBits(*p.type.expressed, c.inputFloats.at(0)) +
           " : " + expressed + "\n";
    else
      h += "  %in = arith.constant " + hexConstant(c) + " : " + concrete(expressed) + "\n";
    if (!scalar && concrete(expressed) != param) {
      h += "  %arg = tensor.cast %in : " + concrete(expressed) + " to " + param + "\n";
      arg = "%arg";
    }
  } else {
    std::string attr = argumentAttribute(c); // "VALUES : TYPE" with the signless storage type
    h += "  %raw = arith.constant " + attr + "\n";
    std::string raw = "%raw";
    if (!scalar && concrete(storage) != storageShaped) {
      h += "  %rawd = tensor.cast %raw : " + concrete(storage) + " to " + storageShaped + "\n";
      raw = "%rawd";
    }
    h += "  %in = quant.scast " + raw + " : " + storageShaped + " to " + param + "\n";
  }
  h += "  %r = func.call @main(" + arg + ") : (" + param + ") -> " + result + "\n";
  // The result, as plain integers / floats in its concrete shape.
  std::string value = "%r";
  if (qcast) {
    h += "  %ri = quant.scast %r : " + result + " to " + storageShaped + "\n";
    value = "%ri";
  }
  const std::string element = qcast ? storage : expressed;
  const unsigned width = qcast ? p.type.storage.width : p.type.expressed->sizeInBits;
  h += printElements(c, value, generators::shapedSpelling(p, element), element, width, !qcast);
  h += "  return\n}\n";
  return h;
}

} // namespace qi::conform
