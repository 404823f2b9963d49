//===- ValuePrinter.cpp - Runtime values as MLIR attribute text -----------===//
#include "interpreter/value/ValuePrinter.h"

#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/FloatCodec.h"

namespace qi {

namespace {

/// "0x7FC00000": the pattern in upper-case hex, one digit per 4 bits.
std::string hexPattern(numeric::Bits bits, unsigned width) {
  static const char digits[] = "0123456789ABCDEF";
  std::string text;
  for (int shift = int((width + 3) / 4) * 4 - 4; shift >= 0; shift -= 4)
    text += digits[unsigned(bits >> shift) & 0xF];
  return "0x" + text;
}

std::string typeSuffix(const RuntimeValue &value) {
  std::string element = value.elementType().resultSpelling();
  if (!value.isTensor())
    return element;
  std::string shape = shapeToString(value.shape());
  return "tensor<" + (shape.empty() ? "" : shape + "x") + element + ">";
}

/// Elements as nested brackets following the shape.
void appendNested(const RuntimeValue &value, size_t dim, int64_t &next, std::string &out) {
  const Shape &shape = value.shape();
  if (dim == shape.size()) {
    numeric::Bits bits = value.isPoison(next) ? 0 : value.get(next);
    out += formatElement(value.elementType(), bits);
    ++next;
    return;
  }
  out += "[";
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i)
      out += ", ";
    appendNested(value, dim + 1, next, out);
  }
  out += "]";
}

/// dense<"0x...">: each element little-endian in whole bytes, as MLIR stores
/// dense elements of more than one bit.
std::string hexDense(const RuntimeValue &value) {
  const unsigned bytes = (value.elementType().bitWidth() + 7) / 8;
  static const char digits[] = "0123456789ABCDEF";
  std::string text = "\"0x";
  for (int64_t i = 0; i < value.size(); ++i) {
    numeric::Bits bits = value.isPoison(i) ? 0 : value.get(i);
    for (unsigned b = 0; b < bytes; ++b) {
      unsigned byte = unsigned(bits >> (8 * b)) & 0xFF;
      text += digits[byte >> 4];
      text += digits[byte & 0xF];
    }
  }
  return text + "\"";
}

} // namespace

std::string formatElement(const ElementType &type, numeric::Bits bits) {
  if (type.isFloat()) {
    const numeric::FloatFormat &format = *type.floatFormat;
    numeric::FloatClass c = numeric::classify(format, bits);
    if (c == numeric::FloatClass::Infinity || c == numeric::FloatClass::QuietNaN ||
        c == numeric::FloatClass::SignalingNaN)
      return hexPattern(bits, format.sizeInBits);
    return numeric::formatDecimal(format, bits);
  }
  numeric::IntFormat format = type.intFormat();
  if (type.isInteger() && format.width == 1)
    return (bits & 1) ? "true" : "false";
  return format.fromBits(static_cast<uint64_t>(bits)).str();
}

std::string formatValue(const RuntimeValue &value, const PrintOptions &options) {
  const ElementType &type = value.elementType();
  if (!value.isTensor()) {
    numeric::Bits bits = value.isPoison(0) ? 0 : value.get(0);
    std::string literal = options.hex && type.isFloat()
                              ? hexPattern(bits, type.floatFormat->sizeInBits)
                              : formatElement(type, bits);
    return literal + " : " + typeSuffix(value);
  }
  std::string body;
  // MLIR packs 1-bit elements eight to a byte in hex; those print in decimal.
  if (options.hex && value.size() > 0 && type.bitWidth() != 1) {
    body = hexDense(value);
  } else if (value.size() == 0) {
    body = "";
  } else {
    int64_t next = 0;
    appendNested(value, 0, next, body);
  }
  return "dense<" + body + "> : " + typeSuffix(value);
}

std::string formatPoisonLine(const RuntimeValue &value) {
  if (!value.hasPoison())
    return "";
  std::string text = "// poison:";
  bool first = true;
  for (int64_t i = 0; i < value.size(); ++i) {
    if (!value.isPoison(i))
      continue;
    text += (first ? " " : ", ") + std::to_string(i);
    first = false;
  }
  return text;
}

} // namespace qi
