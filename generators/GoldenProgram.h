//===- GoldenProgram.h - The MLIR text of a golden case ---------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Case file": `type.mlir`, `program`). The
// quantized type, the parameter and result types and the whole program of a
// case, derived from its parameters only; the reader checks that a file's
// texts equal these.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENPROGRAM_H
#define QI_GENERATORS_GOLDENPROGRAM_H

#include "generators/GoldenCase.h"

#include <string>

namespace qi::generators {

/// The MLIR spelling of a uniform quantized type, e.g.
/// `!quant.uniform<i8<-127:127>:f32, 0.1:-3>`, `!quant.uniform<u8:f16:1, {0.5:1, 2.0:0}>`,
/// `!quant.uniform<i8:f32:{0:1, 1:2}, {{0.1:0, 2.0:1}}>`. Scales are printed as the
/// shortest decimal that reads back to the stored bits (f64, or the expressed type for
/// sub-channel), so the program denotes exactly the type of the case.
std::string typeSpelling(const quant::QuantType &type);
/// Whether MLIR 22 would not read back the zero points typeSpelling writes:
/// a signed i1 sub-channel zero point -1 is stored as 0, and quant-interp
/// refuses the program (spec/quant.md [qtype.model],
/// interpreter/ir/LostZeroPoints.h). No golden case has such a type.
bool mlirLosesZeroPoint(const quant::QuantType &type);
/// The storage-width integer spelling quant-interp prints (`i8`, `ui8`).
std::string resultIntegerSpelling(const numeric::IntFormat &storage);
/// The dimensions of the program's parameter type (`4x?x`: `?` where dynamic)
/// or, with `concrete`, of the runtime shape (`4x8x`); each followed by `x`,
/// empty for scalar and 0-d.
std::string dimensionsText(const CaseParams &p, bool concrete);
/// The type of the program's parameter or result: `element` wrapped per the
/// shape kind (scalar, `tensor<E>`, `tensor<4x?xE>`, `tensor<*xE>`).
std::string shapedSpelling(const CaseParams &p, const std::string &element);
/// The same type with the concrete shape (how the input / output is passed).
std::string concreteSpelling(const CaseParams &p, const std::string &element);
/// The whole program: one op in func.func @main (rescale: GoldenRescale.h).
std::string programText(const CaseParams &p);

} // namespace qi::generators

#endif
