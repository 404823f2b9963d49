//===- InputSplitter.cpp - --split-input-file chunks with true lines ------===//
#include "interpreter/ir/InputSplitter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace qi::ir {

std::vector<ProgramSource> splitInputChunks(const llvm::MemoryBuffer &input) {
  std::vector<ProgramSource> chunks;
  llvm::SmallVector<llvm::StringRef> lines;
  input.getBuffer().split(lines, '\n');
  std::string chunk;
  size_t firstLine = 0; // 0-based here
  auto flush = [&](size_t nextFirstLine) {
    std::string text(firstLine, '\n');
    text += chunk;
    chunks.push_back({llvm::MemoryBuffer::getMemBufferCopy(text, input.getBufferIdentifier()),
                      unsigned(firstLine + 1)});
    chunk.clear();
    firstLine = nextFirstLine;
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].ltrim().starts_with(kSplitMarker)) {
      flush(i + 1);
      continue;
    }
    chunk += lines[i];
    if (i + 1 < lines.size())
      chunk += '\n';
  }
  flush(lines.size());
  return chunks;
}

} // namespace qi::ir
