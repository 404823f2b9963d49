//===- ProgramSource.h - A program text and its first line -----*- C++ -*-===//
//
// Spec: [cli.input], [cli.split-input-file] 2 and 6.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_PROGRAMSOURCE_H
#define QI_IR_PROGRAMSOURCE_H

#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace qi::ir {

/// The text of one program to parse: a whole file, or one chunk of a file cut
/// by --split-input-file. The buffer's identifier is the file name that
/// diagnostics give (FILE:LINE:COL).
struct ProgramSource {
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  /// The line of the file (1-based) this program starts on: 1 for a whole
  /// file, the line after the marker for a chunk, whose buffer keeps the
  /// lines before it empty so that locations are the file's. Errors with no
  /// op to point at are reported there ([cli.entry] 5).
  unsigned firstLine = 1;

  /// A copy of `text`, called `name` in diagnostics.
  static ProgramSource copyOf(llvm::StringRef text, llvm::StringRef name) {
    return {llvm::MemoryBuffer::getMemBufferCopy(text, name), 1};
  }
};

} // namespace qi::ir

#endif
