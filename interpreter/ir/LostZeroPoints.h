//===- LostZeroPoints.h - Zero points MLIR 22's parser loses ----*- C++ -*-===//
//
// Spec: [qtype.model] (spec/quant.md, "A zero point MLIR 22 loses"). MLIR 22
// builds a sub-channel type's zero points as APInt(storage width, value) and
// stores them in a dense attribute of the storage type; for signed i1 the
// value −1 (the type's minimum) ends up stored as 0 (`{0.75:-1}` prints back
// as `{0.75}`, and --lower-quant-ops computes with 0). Nothing in the parsed
// type shows it, and MLIR emits no diagnostic, so the source text is read: a
// program that writes such a zero point is refused rather than run with one
// it did not write.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_LOSTZEROPOINTS_H
#define QI_IR_LOSTZEROPOINTS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"

#include <cstddef>
#include <optional>

namespace llvm {
class SourceMgr;
class StringRef;
} // namespace llvm

namespace qi::ir {

/// The offset in `text` of the first zero point −1 written in a
/// `!quant.uniform<i1…:{…}, {…}>` (signed i1, sub-channel) type, outside `//`
/// comments; none if there is no such zero point.
std::optional<size_t> findLostZeroPoint(llvm::StringRef text);

/// Emits `error: …` at the first such zero point of the main buffer (through
/// the context's diagnostic handlers) and fails; succeeds if there is none.
mlir::LogicalResult rejectLostZeroPoints(llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context);

} // namespace qi::ir

#endif
