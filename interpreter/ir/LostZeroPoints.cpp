//===- LostZeroPoints.cpp - Zero points MLIR 22's parser loses ------------===//
//
// Spec: [qtype.model]. A small scanner over the quant type grammar of
// MLIR 22's TypeParser.cpp: `uniform<` storage-spec `:` expressed-type
// `:` `{` block sizes `}` `,` scale-zero-tensor `>`, where the tensor holds
// only braces, commas and `scale[:zero-point]` literals. Linear in the text
// (fuzzed input must not make it quadratic).
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

/// The first '>' at or after an offset. The offsets asked for never
/// decrease (the scan resumes past each type), so the whole scan is linear in
/// the text: no rescan per `!quant.uniform<`.
class NextGreater {
public:
  explicit NextGreater(llvm::StringRef text) : text_(text) {}
  size_t at(size_t from) {
    if (!searched_ || (cached_ != llvm::StringRef::npos && cached_ < from)) {
      cached_ = text_.find('>', from);
      searched_ = true;
    }
    return cached_;
  }

private:
  llvm::StringRef text_;
  size_t cached_ = llvm::StringRef::npos;
  bool searched_ = false;
};

size_t skipSpaces(llvm::StringRef text, size_t i, size_t end) {
  while (i < end && std::isspace(static_cast<unsigned char>(text[i])))
    ++i;
  return i;
}

/// Index just past the `close` that matches the `open` at text[i], before
/// `end`; npos if none.
size_t pastMatching(llvm::StringRef text, size_t i, size_t end, char open, char close) {
  int depth = 0;
  for (; i < end; ++i) {
    if (text[i] == open)
      ++depth;
    else if (text[i] == close && --depth == 0)
      return i + 1;
  }
  return llvm::StringRef::npos;
}

/// Whether the integer literal at text[i] is 1 (`1`, `01`, `0x1`, …).
bool isOne(llvm::StringRef text, size_t i, size_t end) {
  size_t last = i;
  while (last < end && isIdentChar(text[last]) && text[last] != '.')
    ++last;
  if (last < end && text[last] == '.')
    return false; // a float, not a zero point
  uint64_t value = 0;
  return !text.slice(i, last).getAsInteger(0, value) && value == 1;
}

/// The offset of a −1 zero point in the scale-zero tensor text[begin, end).
std::optional<size_t> minusOneIn(llvm::StringRef text, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (text[i] != ':')
      continue;
    size_t j = skipSpaces(text, i + 1, end);
    if (j < end && text[j] == '-' && isOne(text, skipSpaces(text, j + 1, end), end))
      return j;
  }
  return std::nullopt;
}

/// For a type starting at text[at] (just past `uniform<`): the offset of a
/// lost zero point, if the type is a signed i1 sub-channel one that has one.
/// Past the storage bounds, the type holds no '<' or '>' up to its end;
/// `resume` is set past what was read.
std::optional<size_t> lostIn(llvm::StringRef text, size_t at, NextGreater &greater,
                             size_t &resume) {
  const size_t none = llvm::StringRef::npos;
  resume = at;
  size_t i = skipSpaces(text, at, text.size());
  if (!text.substr(i).starts_with("i1") || (i + 2 < text.size() && isIdentChar(text[i + 2])))
    return std::nullopt; // not signed i1 (i16, u1, …)
  i = skipSpaces(text, i + 2, text.size());
  if (i < text.size() && text[i] == '<') { // storage bounds
    size_t close = greater.at(i);
    if (close == none)
      return std::nullopt;
    i = close + 1;
  }
  const size_t end = greater.at(i); // the type's closing '>'
  if (end == none)
    return std::nullopt; // MLIR reports the malformed type
  resume = end + 1;
  i = skipSpaces(text, i, end);
  if (i >= end || text[i] != ':')
    return std::nullopt;
  i = skipSpaces(text, i + 1, end);
  while (i < end && isIdentChar(text[i])) // the expressed type
    ++i;
  i = skipSpaces(text, i, end);
  if (i >= end || text[i] != ':')
    return std::nullopt; // per-layer
  i = skipSpaces(text, i + 1, end);
  if (i >= end || text[i] != '{')
    return std::nullopt; // per-axis
  i = pastMatching(text, i, end, '{', '}');
  if (i == none)
    return std::nullopt;
  i = skipSpaces(text, i, end);
  if (i >= end || text[i] != ',')
    return std::nullopt;
  return minusOneIn(text, i + 1, end);
}

} // namespace

std::optional<size_t> findLostZeroPoint(llvm::StringRef text) {
  static constexpr llvm::StringLiteral kType = "!quant.uniform<";
  NextGreater greater(text);
  for (size_t i = 0; i < text.size();) {
    if (text.substr(i).starts_with("//")) { // a comment, to the line's end
      i = text.find('\n', i);
      continue;
    }
    if (text.substr(i).starts_with(kType)) {
      size_t resume = 0;
      if (std::optional<size_t> at = lostIn(text, i + kType.size(), greater, resume))
        return at;
      i = resume;
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
