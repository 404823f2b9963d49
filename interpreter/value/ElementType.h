//===- ElementType.h - Element types of runtime values ----------*- C++ -*-===//
//
// Spec: [value.element]. Our own model of MLIR element types; built from MLIR
// types by ir/TypeConversion and never refers back to MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_ELEMENTTYPE_H
#define QI_VALUE_ELEMENTTYPE_H

#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/numeric/IntFormat.h"

#include <memory>
#include <string>

namespace qi {

namespace quant {
struct QuantType;
}

/// The element type of a scalar or tensor value.
struct ElementType {
  enum class Kind { Float, Integer, Index, Quantized };
  Kind kind = Kind::Integer;
  /// Float: the format.
  const numeric::FloatFormat *floatFormat = nullptr;
  /// Integer: width (signless; ops decide signedness). Index: 64.
  unsigned intWidth = 0;
  /// Quantized: the type (storage format, bounds, parameters), read by the
  /// quant layer and opaque here; and what values need of it, its storage
  /// format and MLIR spelling (quant::elementTypeOf fills all three).
  std::shared_ptr<const quant::QuantType> quant;
  numeric::IntFormat quantStorage;
  std::string quantSpelling;

  static ElementType makeFloat(const numeric::FloatFormat &format);
  static ElementType makeInteger(unsigned width);
  static ElementType makeIndex();
  static ElementType makeQuantized(std::shared_ptr<const quant::QuantType> type,
                                   numeric::IntFormat storage, std::string spelling);

  bool isFloat() const { return kind == Kind::Float; }
  bool isInteger() const { return kind == Kind::Integer; }
  bool isIndex() const { return kind == Kind::Index; }
  bool isQuantized() const { return kind == Kind::Quantized; }

  /// Bits of one element's pattern (storage width for quantized types).
  unsigned bitWidth() const;
  /// How integer patterns of this type are read: storage signedness for
  /// quantized types, signed for signless integers and index.
  numeric::IntFormat intFormat() const;
  /// MLIR spelling of the element type ("f32", "i8", "index", or the full
  /// "!quant.uniform<...>").
  std::string toString() const;
  /// Element type as printed in results: quantized values print as their
  /// storage integers with its signedness ("i8", "ui8"). [cli.output]
  std::string resultSpelling() const;

  friend bool operator==(const ElementType &a, const ElementType &b);
};

} // namespace qi

#endif
