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

/// One chunk: its buffer holds as many empty lines before its text as the file
/// had before it; `firstLine` (1-based) is the line after its marker, 1 for
/// the first chunk.
struct InputChunk {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  unsigned firstLine = 1;
};

/// Splits at lines that start with the marker (after leading blanks).
std::vector<InputChunk> splitInputChunks(const llvm::MemoryBuffer &input);

/// The buffers of splitInputChunks.
std::vector<std::unique_ptr<llvm::MemoryBuffer>> splitInput(const llvm::MemoryBuffer &input);

} // namespace qi::ir

#endif
