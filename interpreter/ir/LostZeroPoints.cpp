//===- LostZeroPoints.cpp - Zero points MLIR 22's parser loses ------------===//
//
// Spec: [qtype.model]. A small scanner over the quant type grammar of
// MLIR 22's TypeParser.cpp: `uniform<` storage-spec `:` expressed-type
// `:` `{` block sizes `}` `,` scale-zero-tensor `>`, where the tensor holds
// only braces, commas and `scale[:zero-point]` literals.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ir/LostZeroPoints.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include <cctype>

namespace qi::ir {

namespace {

bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

/// Index just past the `close` that matches the `open` at text[i]; npos if none.
size_t pastMatching(llvm::StringRef text, size_t i, char open, char close) {
  int depth = 0;
  for (; i < text.size(); ++i) {
    if (text[i] == open)
      ++depth;
    else if (text[i] == close && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

size_t skipSpaces(llvm::StringRef text, size_t i) {
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
    ++i;
  return i;
}

/// Whether the integer literal at text[i] is 1 (`1`, `01`, `0x1`, …).
bool isOne(llvm::StringRef text, size_t i) {
  size_t end = i;
  while (end < text.size() && isIdentChar(text[end]) && text[end] != '.')
    ++end;
  if (end < text.size() && text[end] == '.')
    return false; // a float, not a zero point
  uint64_t value = 0;
  return !text.slice(i, end).getAsInteger(0, value) && value == 1;
}

/// The offset of a −1 zero point in the scale-zero tensor text[begin, end).
std::optional<size_t> minusOneIn(llvm::StringRef text, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (text[i] != ':')
      continue;
    size_t j = skipSpaces(text, i + 1);
    if (j < end && text[j] == '-' && isOne(text, skipSpaces(text, j + 1)))
      return j;
  }
  return std::nullopt;
}

/// For a type starting at text[at] (just past `uniform<`): the offset of a
/// lost zero point, if the type is a signed i1 sub-channel one that has one.
std::optional<size_t> lostIn(llvm::StringRef text, size_t at) {
  size_t i = skipSpaces(text, at);
  if (!text.substr(i).starts_with("i1") || (i + 2 < text.size() && isIdentChar(text[i + 2])))
    return std::nullopt; // not signed i1 (i16, u1, …)
  i = skipSpaces(text, i + 2);
  if (i < text.size() && text[i] == '<') // storage bounds
    i = skipSpaces(text, pastMatching(text, i, '<', '>'));
  if (i >= text.size() || text[i] != ':')
    return std::nullopt;
  i = skipSpaces(text, i + 1);
  while (i < text.size() && isIdentChar(text[i])) // the expressed type
    ++i;
  i = skipSpaces(text, i);
  if (i >= text.size() || text[i] != ':')
    return std::nullopt; // per-layer
  i = skipSpaces(text, i + 1);
  if (i >= text.size() || text[i] != '{')
    return std::nullopt; // per-axis
  i = skipSpaces(text, pastMatching(text, i, '{', '}'));
  if (i >= text.size() || text[i] != ',')
    return std::nullopt;
  i = skipSpaces(text, i + 1);
  if (i >= text.size() || text[i] != '{')
    return std::nullopt;
  size_t end = pastMatching(text, i, '{', '}');
  if (end == llvm::StringRef::npos)
    return std::nullopt; // MLIR reports the malformed type
  return minusOneIn(text, i, end);
}

} // namespace

std::optional<size_t> findLostZeroPoint(llvm::StringRef text) {
  static constexpr llvm::StringLiteral kType = "!quant.uniform<";
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("//")) { // a comment, to the line's end
      i = text.find('\n', i);
      continue;
    }
    if (text.substr(i).starts_with(kType)) {
      if (std::optional<size_t> at = lostIn(text, i + kType.size()))
        return at;
      i += kType.size();
      continue;
    }
    ++i;
  }
  return std::nullopt;
}

mlir::LogicalResult rejectLostZeroPoints(llvm::SourceMgr &sourceMgr, mlir::MLIRContext &context) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef text = buffer->getBuffer();
  std::optional<size_t> at = findLostZeroPoint(text);
  if (!at)
    return mlir::success();
  auto [line, col] = sourceMgr.getLineAndColumn(llvm::SMLoc::getFromPointer(text.data() + *at));
  mlir::emitError(mlir::FileLineColLoc::get(&context, buffer->getBufferIdentifier(), line, col))
      << "sub-channel zero point -1 of a signed i1 type: MLIR 22's parser stores it as 0 (the "
         "type prints back without it; its lowering computes with 0), so the program would not "
         "run as written (spec/quant.md [qtype.model]); u1 storage with zero point 0 holds the "
         "same values";
  return mlir::failure();
}

} // namespace qi::ir
