//===- ElementType.cpp - Element types of runtime values ------------------===//
#include "interpreter/value/ElementType.h"


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

ElementType ElementType::makeQuantized(std::shared_ptr<const quant::QuantType> type,
                                       numeric::IntFormat storage, std::string spelling) {
  ElementType t;
  t.kind = Kind::Quantized;
  t.quant = std::move(type);
  t.quantStorage = storage;
  t.quantSpelling = std::move(spelling);
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
    return quantStorage.width;
  }
  return 0;
}

numeric::IntFormat ElementType::intFormat() const {
  if (kind == Kind::Quantized)
    return quantStorage;
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
    return quantSpelling;
  }
  return "?";
}

std::string ElementType::resultSpelling() const {
  if (kind == Kind::Quantized)
    return (quantStorage.isSigned ? "i" : "ui") + std::to_string(quantStorage.width);
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
    return a.quant == b.quant || a.quantSpelling == b.quantSpelling;
  }
  return false;
}

} // namespace qi
