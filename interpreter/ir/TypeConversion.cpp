//===- TypeConversion.cpp - MLIR types -> our type model ------------------===//
#include "interpreter/ir/TypeConversion.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <cstring>

namespace qi::ir {

using numeric::Bits;

std::string typeToString(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

Bits bitsOf(const llvm::APInt &value) {
  Bits bits = 0;
  const unsigned words = std::min(value.getNumWords(), 2u);
  for (unsigned i = 0; i < words; ++i)
    bits |= Bits(value.getRawData()[i]) << (64 * i);
  return bits;
}

bool ValueType::accepts(bool valueIsTensor, const Shape &shape) const {
  if (valueIsTensor != isTensor)
    return false;
  if (!isTensor || !ranked)
    return true;
  if (shape.size() != dims.size())
    return false;
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i] != kDynamic && dims[i] != shape[i])
      return false;
  return true;
}

std::optional<ValueType> TypeConverter::convertValueType(mlir::Type type,
                                                         std::string &error) {
  ValueType result;
  result.spelling = typeToString(type);
  mlir::Type elementType = type;
  if (auto ranked = llvm::dyn_cast<mlir::RankedTensorType>(type)) {
    if (ranked.getEncoding()) {
      error = "tensor encodings are not supported: " + result.spelling;
      return std::nullopt;
    }
    result.isTensor = true;
    for (int64_t d : ranked.getShape())
      result.dims.push_back(mlir::ShapedType::isDynamic(d) ? ValueType::kDynamic : d);
    elementType = ranked.getElementType();
  } else if (auto unranked = llvm::dyn_cast<mlir::UnrankedTensorType>(type)) {
    result.isTensor = true;
    result.ranked = false;
    elementType = unranked.getElementType();
  } else if (llvm::isa<mlir::ShapedType>(type)) {
    error = "unsupported type " + result.spelling + " (only scalars and tensors)";
    return std::nullopt;
  }
  std::optional<ElementType> element = convertElementType(elementType, error);
  if (!element)
    return std::nullopt;
  result.element = std::move(*element);
  return result;
}

std::optional<ElementType> TypeConverter::convertElementType(mlir::Type type,
                                                             std::string &error) {
  if (auto floatType = llvm::dyn_cast<mlir::FloatType>(type)) {
    std::string name = typeToString(type);
    if (const numeric::FloatFormat *format = numeric::findFloatFormat(name))
      return ElementType::makeFloat(*format);
    error = "unsupported float type " + name;
    return std::nullopt;
  }
  if (auto intType = llvm::dyn_cast<mlir::IntegerType>(type)) {
    if (intType.getWidth() > 64) {
      error = "unsupported integer type " + typeToString(type) + " (at most 64 bits)";
      return std::nullopt;
    }
    if (!intType.isSignless()) {
      error = "unsupported integer type " + typeToString(type) +
              " (only signless integers outside quantized types)";
      return std::nullopt;
    }
    return ElementType::makeInteger(intType.getWidth());
  }
  if (llvm::isa<mlir::IndexType>(type))
    return ElementType::makeIndex();
  if (llvm::isa<mlir::quant::QuantizedType>(type)) {
    auto quant = convertQuantType(type, error);
    if (!quant)
      return std::nullopt;
    return quant::elementTypeOf(std::move(quant));
  }
  error = "unsupported element type " + typeToString(type);
  return std::nullopt;
}

namespace {

quant::ScaleValue f64Scale(double scale) {
  uint64_t bits;
  std::memcpy(&bits, &scale, sizeof bits);
  return {&numeric::f64Format(), Bits(bits)};
}

/// Storage format, bounds and expressed format shared by all quantized types.
bool convertCommon(mlir::quant::QuantizedType type, quant::QuantType &out,
                   std::string &error) {
  out.spelling = typeToString(type);
  if (mlir::Type storage = type.getStorageType()) {
    out.storage = numeric::IntFormat{type.getStorageTypeIntegralWidth(), type.isSigned()};
    out.storageMin = type.getStorageTypeMin();
    out.storageMax = type.getStorageTypeMax();
  }
  if (mlir::Type expressed = type.getExpressedType()) {
    std::string name = typeToString(expressed);
    out.expressed = numeric::findFloatFormat(name);
    if (!out.expressed) {
      error = "unsupported expressed type " + name + " in " + out.spelling;
      return false;
    }
  }
  return true;
}

} // namespace

std::shared_ptr<const quant::QuantType>
TypeConverter::convertQuantType(mlir::Type type, std::string &error) {
  auto cached = quantTypes_.find(type);
  if (cached != quantTypes_.end())
    return cached->second;
  auto out = std::make_shared<quant::QuantType>();
  auto quantized = llvm::cast<mlir::quant::QuantizedType>(type);
  if (!convertCommon(quantized, *out, error))
    return nullptr;
  using Granularity = quant::QuantType::Granularity;
  if (auto perLayer = llvm::dyn_cast<mlir::quant::UniformQuantizedType>(type)) {
    out->scales = {f64Scale(perLayer.getScale())};
    out->zeroPoints = {perLayer.getZeroPoint()};
  } else if (auto perAxis = llvm::dyn_cast<mlir::quant::UniformQuantizedPerAxisType>(type)) {
    out->granularity = Granularity::PerAxis;
    out->axis = perAxis.getQuantizedDimension();
    for (double s : perAxis.getScales())
      out->scales.push_back(f64Scale(s));
    out->zeroPoints.assign(perAxis.getZeroPoints().begin(), perAxis.getZeroPoints().end());
  } else if (auto sub = llvm::dyn_cast<mlir::quant::UniformQuantizedSubChannelType>(type)) {
    out->granularity = Granularity::SubChannel;
    mlir::DenseElementsAttr scales = sub.getScales();
    std::string scaleTypeName = typeToString(scales.getElementType());
    const numeric::FloatFormat *scaleFormat = numeric::findFloatFormat(scaleTypeName);
    if (!scaleFormat) {
      error = "unsupported scale element type " + scaleTypeName + " in " + out->spelling;
      return nullptr;
    }
    for (const llvm::APFloat &s : scales.getValues<llvm::APFloat>())
      out->scales.push_back({scaleFormat, bitsOf(s.bitcastToAPInt())});
    for (const llvm::APInt &z : sub.getZeroPoints().getValues<llvm::APInt>())
      out->zeroPoints.push_back(out->storage.fromBitsSmall(z.getZExtValue()));
    out->parameterShape.assign(scales.getType().getShape().begin(),
                               scales.getType().getShape().end());
    for (const auto &[dim, size] : sub.getBlockSizeInfo())
      out->blockSizes.emplace_back(dim, size);
  } else if (llvm::isa<mlir::quant::AnyQuantizedType>(type)) {
    out->kind = quant::QuantType::Kind::Any;
  } else if (llvm::isa<mlir::quant::CalibratedQuantizedType>(type)) {
    out->kind = quant::QuantType::Kind::Calibrated;
  } else {
    error = "unsupported quantized type " + out->spelling;
    return nullptr;
  }
  if (out->zeroPoints.size() < out->scales.size())
    out->zeroPoints.resize(out->scales.size(), 0);
  quantTypes_[type] = out;
  return out;
}

} // namespace qi::ir
