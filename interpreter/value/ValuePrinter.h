//===- ValuePrinter.h - Runtime values as MLIR attribute text ---*- C++ -*-===//
//
// Spec: [cli.output]. Every printed value parses back with mlir-opt.
//
//===----------------------------------------------------------------------===//
#ifndef QI_VALUE_VALUEPRINTER_H
#define QI_VALUE_VALUEPRINTER_H

#include "interpreter/value/RuntimeValue.h"

#include <string>

namespace qi {

struct PrintOptions {
  /// Tensors as dense<"0x..."> (raw little-endian element bytes) and float
  /// scalars as hex patterns. [cli.output.hex]
  bool hex = false;
};

/// "dense<[1.5, -2.0]> : tensor<2xf32>", "1.5 : f32", "dense<[1, -2]> :
/// tensor<2xi8>" (quantized values as stored integers with the storage's
/// signedness: "ui8" for u8). Poison elements print as zero.
std::string formatValue(const RuntimeValue &value, const PrintOptions &options);

/// "// poison: 3, 7" (flat row-major indices), or "" when nothing is poison.
std::string formatPoisonLine(const RuntimeValue &value);

/// One element's literal: decimal for finite floats, MLIR's hex form for NaN
/// and infinities, decimal integers (true/false for i1).
std::string formatElement(const ElementType &type, numeric::Bits bits);

} // namespace qi

#endif
