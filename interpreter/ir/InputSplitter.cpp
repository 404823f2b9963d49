//===- InputSplitter.cpp - --split-input-file chunks with true lines ------===//
#include "ir/InputSplitter.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace qi::ir {

std::vector<InputChunk> splitInputChunks(const llvm::MemoryBuffer &input) {
  std::vector<InputChunk> chunks;
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

std::vector<std::unique_ptr<llvm::MemoryBuffer>> splitInput(const llvm::MemoryBuffer &input) {
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> buffers;
  for (InputChunk &chunk : splitInputChunks(input))
    buffers.push_back(std::move(chunk.buffer));
  return buffers;
}

} // namespace qi::ir
