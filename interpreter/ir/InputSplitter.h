//===- InputSplitter.h - --split-input-file chunks with true lines -*- C++ -*-===//
//
// Spec: [cli.split-input-file]. Each chunk keeps the file's name and its
// original line numbers, so diagnostics read FILE:LINE:COL of the real file.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_INPUTSPLITTER_H
#define QI_IR_INPUTSPLITTER_H

#include "interpreter/ir/ProgramSource.h"

#include <vector>

namespace qi::ir {

/// The marker line that separates chunks.
inline constexpr const char *kSplitMarker = "// -----";

/// Splits at lines that start with the marker (after leading blanks). Each
/// chunk's buffer has the input's name and holds as many empty lines before
/// its text as the input had before it; its `firstLine` is the line after
/// its marker, 1 for the first chunk.
std::vector<ProgramSource> splitInputChunks(const llvm::MemoryBuffer &input);

} // namespace qi::ir

#endif
