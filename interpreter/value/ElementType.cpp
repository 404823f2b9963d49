//===- ElementType.cpp - Element types of runtime values ------------------===//
#include "value/ElementType.h"

#include "quant/QuantType.h"

namespace qi {

ElementType ElementType::makeFloat(const numeric::FloatFormat &format) {
  ElementType t;
  t.kind = Kind::Float;
  t.floatFormat = &format;
  return t;
}

ElementType ElementType::makeInteger(unsigned width) {
  ElementType t;
  t.kind = Kind::Integer;
  t.intWidth = width;
  return t;
}

ElementType ElementType::makeIndex() {
  ElementType t;
  t.kind = Kind::Index;
  t.intWidth = 64;
  return t;
}

ElementType ElementType::makeQuantized(std::shared_ptr<const quant::QuantType> type) {
  ElementType t;
  t.kind = Kind::Quantized;
  t.quant = std::move(type);
  return t;
}

unsigned ElementType::bitWidth() const {
  switch (kind) {
  case Kind::Float:
    return floatFormat->sizeInBits;
  case Kind::Integer:
  case Kind::Index:
    return intWidth;
  case Kind::Quantized:
    return quant->storage.width;
  }
  return 0;
}

numeric::IntFormat ElementType::intFormat() const {
  if (kind == Kind::Quantized)
    return quant->storage;
  return numeric::IntFormat{intWidth, true};
}

std::string ElementType::toString() const {
  switch (kind) {
  case Kind::Float:
    return std::string(floatFormat->name);
  case Kind::Integer:
    return "i" + std::to_string(intWidth);
  case Kind::Index:
    return "index";
  case Kind::Quantized:
    return quant->spelling;
  }
  return "?";
}

std::string ElementType::resultSpelling() const {
  if (kind == Kind::Quantized)
    return (quant->storage.isSigned ? "i" : "ui") + std::to_string(quant->storage.width);
  return toString();
}

bool operator==(const ElementType &a, const ElementType &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case ElementType::Kind::Float:
    return a.floatFormat == b.floatFormat;
  case ElementType::Kind::Integer:
  case ElementType::Kind::Index:
    return a.intWidth == b.intWidth;
  case ElementType::Kind::Quantized:
    return a.quant == b.quant || a.quant->spelling == b.quant->spelling;
  }
  return false;
}

} // namespace qi
