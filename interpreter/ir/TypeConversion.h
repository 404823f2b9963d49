//===- TypeConversion.h - MLIR types -> our type model ----------*- C++ -*-===//
//
// Spec: [value.element], [qtype.model], [qtype.scale].
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_TYPECONVERSION_H
#define QI_IR_TYPECONVERSION_H

#include "interpreter/quant/QuantType.h"
#include "interpreter/value/ElementType.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace qi::ir {

/// A scalar or tensor type: static dims, kDynamic for '?', unranked '*'.
struct ValueType {
  static constexpr int64_t kDynamic = -1;
  bool isTensor = false;
  bool ranked = true;
  std::vector<int64_t> dims;
  ElementType element;
  std::string spelling; ///< MLIR spelling of the whole type

  /// Whether a runtime value of `shape` (a tensor iff isTensor) fits.
  bool accepts(bool valueIsTensor, const Shape &shape) const;
};

/// Converts MLIR types; quantized types are converted once per context so
/// equal types share one QuantType.
class TypeConverter {
public:
  /// nullopt with `error` naming the type when it is not supported.
  std::optional<ValueType> convertValueType(mlir::Type type, std::string &error);
  std::optional<ElementType> convertElementType(mlir::Type type, std::string &error);

private:
  std::shared_ptr<const quant::QuantType> convertQuantType(mlir::Type type,
                                                           std::string &error);
  llvm::DenseMap<mlir::Type, std::shared_ptr<const quant::QuantType>> quantTypes_;
};

/// MLIR's spelling of a type.
std::string typeToString(mlir::Type type);

/// Bits of an APFloat / APInt (right-aligned, up to 128 bits): reading the
/// parser's result, never computing with it.
numeric::Bits bitsOf(const llvm::APInt &value);

} // namespace qi::ir

#endif
