//===- InputSplitter.h - --split-input-file chunks with true lines -*- C++ -*-===//
//
// Spec: [cli.split-input-file]. Each chunk keeps the file's name and its
// original line numbers, so diagnostics read FILE:LINE:COL of the real file.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_INPUTSPLITTER_H
#define QI_IR_INPUTSPLITTER_H

#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <vector>

namespace qi::ir {

/// The marker line that separates chunks.
inline constexpr const char *kSplitMarker = "// -----";

/// Splits at lines that start with the marker. A chunk's buffer holds as many
/// empty lines before its text as the file had before it.
std::vector<std::unique_ptr<llvm::MemoryBuffer>> splitInput(const llvm::MemoryBuffer &input);

} // namespace qi::ir

#endif
