//===- ClarifiedDiagnostics.cpp - Ours for misleading MLIR errors --------===//
//
// Spec: [cli.errors.clarified].
//
//===----------------------------------------------------------------------===//
#include "interpreter/ir/ClarifiedDiagnostics.h"

#include "interpreter/ir/TypeConversion.h"

#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SourceMgr.h"

namespace qi::ir {

namespace {

std::string unknownQuantOpMessage(llvm::StringRef name) {
  return ("unknown operation '" + name +
          "': MLIR 22's quant dialect has no such op (its ops are quant.qcast, "
          "quant.dcast and quant.scast)")
      .str();
}

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.'; }

/// Whether `text` starts with an integer type as the quant parser reads a
/// storage type: i, si, ui or u, then digits.
bool startsWithIntegerType(llvm::StringRef text) {
  for (llvm::StringRef prefix : {"si", "ui", "i", "u"}) {
    if (!text.starts_with(prefix))
      continue;
    llvm::StringRef rest = text.drop_front(prefix.size());
    size_t digits = 0;
    while (digits < rest.size() && llvm::isDigit(rest[digits]))
      ++digits;
    if (digits > 0)
      return digits == rest.size() || !isIdentifierChar(rest[digits]);
  }
  return false;
}

/// `text` up to the '>' that closes the '<' at `open`; empty if unbalanced.
llvm::StringRef throughClosingAngle(llvm::StringRef text, size_t open) {
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    if (text[i] == '<')
      ++depth;
    else if (text[i] == '>' && --depth == 0)
      return text.take_front(i + 1);
  }
  return {};
}

/// The type written at the start of `text`: a keyword (`f8E4M3FN`, `index`),
/// with its `<...>` for shaped / complex / tuple types and dialect types.
llvm::StringRef typeTextAt(llvm::StringRef text) {
  size_t n = !text.empty() && text[0] == '!' ? 1 : 0;
  while (n < text.size() && isIdentifierChar(text[n]))
    ++n;
  llvm::StringRef word = text.take_front(n);
  if (n < text.size() && text[n] == '<' &&
      (word.starts_with("!") ||
       llvm::is_contained({"tensor", "vector", "memref", "complex", "tuple"}, word))) {
    llvm::StringRef whole = throughClosingAngle(text, n);
    if (!whole.empty())
      return whole;
  }
  return word;
}

/// The quantized type as written (`!quant.uniform<...>`) whose storage type
/// starts at `pos` of `buffer`, on one line; empty if it is not found
/// (e.g. the opaque form `!quant<"...">`).
std::string quantTypeTextAround(llvm::StringRef buffer, size_t pos) {
  size_t start = buffer.take_front(pos).rfind("!quant.");
  if (start == llvm::StringRef::npos)
    return "";
  size_t open = buffer.find('<', start);
  if (open >= pos || !llvm::all_of(buffer.slice(start + 7, open), llvm::isAlnum) ||
      !buffer.slice(open + 1, pos).trim().empty())
    return "";
  llvm::StringRef type = throughClosingAngle(buffer.drop_front(start), open - start);
  std::string text;
  for (size_t i = 0; i < type.size(); ++i) {
    if (type[i] != '\n' && type[i] != '\r') {
      text += type[i];
      continue;
    }
    // A line break inside the type reads as one blank, none next to brackets.
    while (!text.empty() && llvm::isSpace(text.back()))
      text.pop_back();
    while (i + 1 < type.size() && llvm::isSpace(type[i + 1]))
      ++i;
    if (!text.empty() && !llvm::StringRef("<{[(").contains(text.back()) &&
        i + 1 < type.size() && !llvm::StringRef(">}])").contains(type[i + 1]))
      text += ' ';
  }
  return text;
}

/// The static mismatch between a sub-channel type's scale tensor and the
/// ranked tensor `type` of a quant op `opName`, in the words of the run-time
/// check ([subchannel.integrity.dynamic]) plus what in the block-size list
/// caused it; nullopt if `type` has none (MLIR's other messages are clear).
std::optional<std::string> subChannelMismatch(llvm::StringRef opName, mlir::Type type) {
  auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensor)
    return std::nullopt;
  auto sub = llvm::dyn_cast<mlir::quant::UniformQuantizedSubChannelType>(tensor.getElementType());
  if (!sub)
    return std::nullopt;
  llvm::ArrayRef<int64_t> shape = tensor.getShape();
  llvm::ArrayRef<int64_t> scales = sub.getScales().getType().getShape();
  llvm::ArrayRef<int32_t> axes = sub.getQuantizedDimensions();
  llvm::ArrayRef<int64_t> blockSizes = sub.getBlockSizes();
  if (scales.size() != shape.size())
    return std::nullopt;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (mlir::ShapedType::isDynamic(shape[d]))
      continue;
    // As MLIR: an unwritten dimension is one block; of repeated axes the last counts.
    int64_t block = shape[d];
    bool written = false;
    for (size_t k = 0; k < axes.size(); ++k)
      if (axes[k] == int64_t(d)) {
        block = blockSizes[k];
        written = true;
      }
    if (block <= 0 || shape[d] % block != 0)
      return std::nullopt;
    const int64_t blocks = shape[d] / block;
    if (blocks == scales[d])
      continue;
    std::string text = opName.str() + ": dimension " + std::to_string(d) + " has size " +
                       std::to_string(shape[d]) + " = " + std::to_string(blocks) +
                       " block(s) of " + std::to_string(block) + ", but the scale tensor has " +
                       std::to_string(scales[d]) + " along it";
    if (axes.empty())
      text += "; the block-size list {} is empty, so every dimension is one block";
    else if (!written)
      text += "; dimension " + std::to_string(d) + " has no block size, so it is one block";
    for (size_t k = 0; k < axes.size(); ++k) {
      if (llvm::is_contained(axes.take_front(k), axes[k]))
        continue; // reported at its first occurrence
      std::vector<std::string> sizes;
      for (size_t j = k; j < axes.size(); ++j)
        if (axes[j] == axes[k])
          sizes.push_back(std::to_string(blockSizes[j]));
      if (sizes.size() > 1)
        text += "; axis " + std::to_string(axes[k]) + " is given " +
                std::to_string(sizes.size()) + " times in the block-size list (block sizes " +
                llvm::join(sizes, ", ") + "; MLIR uses the last)";
    }
    return text + " (type " + typeToString(sub) + ")";
  }
  return std::nullopt;
}

} // namespace

ClarifyingDiagnostics::ClarifyingDiagnostics(mlir::MLIRContext &context,
                                             llvm::SourceMgr &sourceMgr)
    : context_(context), sourceMgr_(sourceMgr) {
  id_ = context.getDiagEngine().registerHandler([this](mlir::Diagnostic &diag) {
    if (diag.getSeverity() != mlir::DiagnosticSeverity::Error)
      return mlir::failure();
    std::optional<std::string> message = clarify(diag);
    if (!message)
      return mlir::failure();
    mlir::emitError(diag.getLocation()) << *message;
    return mlir::success();
  });
}

ClarifyingDiagnostics::~ClarifyingDiagnostics() { context_.getDiagEngine().eraseHandler(id_); }

std::optional<std::string> ClarifyingDiagnostics::clarify(const mlir::Diagnostic &diag) const {
  const std::string message = diag.str();
  llvm::StringRef text(message);
  // A non-integer storage type: MLIR 22's quant parser prints the width of
  // a type it never measured (an uninitialised number). An integer type
  // (i0, i33) keeps MLIR's message, whose number is then right.
  if (text.starts_with("illegal storage type size: ")) {
    std::optional<std::pair<llvm::StringRef, size_t>> source = sourceAt(diag.getLocation());
    if (!source)
      return std::nullopt;
    llvm::StringRef storage = source->first.drop_front(source->second);
    if (startsWithIntegerType(storage))
      return std::nullopt;
    std::string quantType = quantTypeTextAround(source->first, source->second);
    return "storage type '" + typeTextAt(storage).str() + "'" +
           (quantType.empty() ? std::string() : " of " + quantType) +
           " is not an integer type: MLIR 22's quant dialect supports integer storage "
           "types only (i1 to i32, u1 to u32)";
  }
  // An op of the older quant dialect in the custom form (quant.region).
  if (text.consume_front("custom op 'quant.")) {
    size_t quote = text.find("' is unknown");
    if (quote == llvm::StringRef::npos)
      return std::nullopt;
    return unknownQuantOpMessage(("quant." + text.take_front(quote)).str());
  }
  // A sub-channel scale tensor that does not fit: MLIR 22 prints the
  // expected size twice and never the actual one.
  if (text.starts_with("dimension size ") && text.contains(" of scales tensor at axis "))
    return subChannelMessage(diag.getLocation());
  return std::nullopt;
}

std::optional<std::pair<llvm::StringRef, size_t>>
ClarifyingDiagnostics::sourceAt(mlir::Location loc) const {
  auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc);
  if (!file)
    return std::nullopt;
  const unsigned id = sourceMgr_.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr_.getMemoryBuffer(id);
  if (file.getFilename().getValue() != buffer->getBufferIdentifier())
    return std::nullopt;
  llvm::SMLoc at = sourceMgr_.FindLocForLineAndColumn(id, file.getLine(), file.getColumn());
  if (!at.isValid())
    return std::nullopt;
  return std::make_pair(buffer->getBuffer(),
                        size_t(at.getPointer() - buffer->getBufferStart()));
}

std::optional<std::string> ClarifyingDiagnostics::subChannelMessage(mlir::Location loc) const {
  if (!module_)
    return std::nullopt;
  std::optional<std::string> message;
  module_->walk([&](mlir::Operation *op) {
    llvm::StringRef name = op->getName().getStringRef();
    if (op->getLoc() != loc ||
        (name != "quant.qcast" && name != "quant.dcast" && name != "quant.scast"))
      return mlir::WalkResult::advance();
    for (mlir::Type type : op->getOperandTypes())
      if ((message = subChannelMismatch(name, type)))
        return mlir::WalkResult::interrupt();
    for (mlir::Type type : op->getResultTypes())
      if ((message = subChannelMismatch(name, type)))
        return mlir::WalkResult::interrupt();
    return mlir::WalkResult::advance();
  });
  return message;
}

mlir::LogicalResult rejectUnknownQuantOps(mlir::ModuleOp module) {
  mlir::Operation *unknown = nullptr;
  module->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (op->isRegistered() || op->getName().getDialectNamespace() != "quant")
      return mlir::WalkResult::advance();
    unknown = op;
    return mlir::WalkResult::interrupt();
  });
  if (!unknown)
    return mlir::success();
  mlir::emitError(unknown->getLoc()) << unknownQuantOpMessage(unknown->getName().getStringRef());
  return mlir::failure();
}

} // namespace qi::ir
