//===- CaseText.cpp - A golden case as text for backends, and back --------===//
#include "conformance/runner/CaseText.h"

#include "generators/FloatText.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenFormat.h"
#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "generators/GoldenRun.h"

#include "interpreter/numeric/FloatOps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;
using generators::ShapeKind;

namespace {

bool isQCast(const GoldenCase &c) { return c.params.op == Op::QCast; }
/// qcast and rescale print integers; dcast floats.
bool integerOutput(const GoldenCase &c) { return c.params.op != Op::DCast; }
const numeric::FloatFormat &expressedFormat(const GoldenCase &c) {
  return *c.params.type.expressed;
}

/// Input elements as MLIR literal text: hex bit patterns for floats, decimal
/// stored integers otherwise.
std::vector<std::string> inputLiterals(const GoldenCase &c) {
  std::vector<std::string> out;
  if (isQCast(c)) {
    for (numeric::Bits b : c.inputFloats)
      out.push_back(generators::hexBits(expressedFormat(c), b));
  } else {
    for (int64_t v : c.inputStored)
      out.push_back(std::to_string(v));
  }
  return out;
}

/// MLIR's nested dense-literal form of a flat row-major list.
std::string nested(const std::vector<std::string> &values, size_t begin, size_t count,
                   const std::vector<int64_t> &dims, size_t dim) {
  if (dim == dims.size())
    return values[begin];
  std::string text = "[";
  size_t step = dims[dim] ? count / size_t(dims[dim]) : 0;
  for (int64_t i = 0; i < dims[dim]; ++i) {
    if (i)
      text += ", ";
    text += nested(values, begin + size_t(i) * step, step, dims, dim + 1);
  }
  return text + "]";
}

std::string storageSignless(const GoldenCase &c) {
  return "i" + std::to_string(c.params.type.storage.width);
}

bool parseInt(const std::string &token, int64_t &value) {
  if (token.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  long long v = std::strtoll(token.c_str(), &end, 10);
  if (errno || *end != '\0')
    return false;
  value = v;
  return true;
}

bool parseHex(const std::string &token, unsigned width, numeric::Bits &bits) {
  if (token.size() < 3 || token[0] != '0' || (token[1] != 'x' && token[1] != 'X') ||
      token.size() - 2 > (width + 3) / 4)
    return false;
  numeric::Bits value = 0;
  for (size_t i = 2; i < token.size(); ++i) {
    if (!std::isxdigit(static_cast<unsigned char>(token[i])))
      return false;
    char ch = char(std::tolower(token[i]));
    value = value * 16 + numeric::Bits(ch <= '9' ? ch - '0' : ch - 'a' + 10);
  }
  if (width < 128 && (value >> width) != 0)
    return false;
  bits = value;
  return true;
}

std::vector<std::string> splitLines(const std::string &text) {
  std::vector<std::string> lines;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos)
      end = text.size();
    std::string line = text.substr(begin, end - begin);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    lines.push_back(line);
    begin = end + 1;
  }
  return lines;
}

std::string shown(const std::string &text) {
  return text.size() > 60 ? "'" + text.substr(0, 60) + "...'" : "'" + text + "'";
}

} // namespace

size_t elementCount(const GoldenCase &c) { return c.numOutputs(); }

std::string argumentAttribute(const GoldenCase &c) {
  if (c.isRescale() || c.isTosaOp())
    return generators::argumentText(c);
  std::vector<std::string> values = inputLiterals(c);
  const std::string &type = c.params.op == Op::QCast
                                ? generators::concreteSpelling(c.params, std::string(expressedFormat(c).name))
                                : generators::concreteSpelling(c.params, storageSignless(c));
  if (c.params.shapeKind == ShapeKind::Scalar)
    return values.at(0) + " : " + type;
  if (values.empty())
    return "dense<> : " + type;
  return "dense<" + nested(values, 0, values.size(), c.params.shape, 0) + "> : " + type;
}

std::string argumentLines(const GoldenCase &c) {
  std::string text = argumentAttribute(c) + "\n";
  if (c.isRescale())
    for (const std::string &operand : generators::rescaleOperandArguments(c.params))
      text += operand + "\n";
  if (c.isTosaOp())
    for (const std::string &operand : generators::tosaOpOperandArguments(c))
      text += operand + "\n";
  return text;
}

std::string outputTypeSpelling(const GoldenCase &c) {
  if (c.isRescale())
    return generators::concreteSpelling(c.params, generators::rescaleOutputElement(c.params));
  if (c.isTosaOp())
    return generators::tosaOpOutputType(c.params, true);
  std::string element = isQCast(c) ? generators::resultIntegerSpelling(c.params.type.storage)
                                   : std::string(expressedFormat(c).name);
  return generators::concreteSpelling(c.params, element);
}

numeric::IntFormat outputIntFormat(const GoldenCase &c) {
  if (c.isRescale())
    return {c.params.rescale.attributes.outputWidth, !c.params.rescale.attributes.outputUnsigned};
  if (c.isTosaOp())
    return {unsigned(std::stoul(generators::tosaOpOutputElement(c.params).substr(1))), true};
  return c.params.type.storage;
}

std::string protocolRequest(const GoldenCase &c) {
  std::string shape;
  for (int64_t d : c.params.shape)
    shape += " " + std::to_string(d);
  std::string inputType =
      c.isTosaOp() ? generators::tosaOpInputType(c.params, true)
      : c.isRescale() ? generators::concreteSpelling(c.params, generators::rescaleInputElement(c.params))
      : isQCast(c)  ? generators::concreteSpelling(c.params, std::string(expressedFormat(c).name))
                    : generators::concreteSpelling(c.params, storageSignless(c));
  return "format quant-conform-command/1\n"
         "id " + c.id + "\n"
         "op " + std::string(c.isTosaOp() ? generators::tosaOpName(c.params.tosaOp.kind)
                                               : generators::opName(c.params.op)) + "\n"
         "input-type " + inputType + "\n"
         "output-type " + outputTypeSpelling(c) + "\n"
         "shape" + shape + "\n"
         "elements " + std::to_string(elementCount(c)) + "\n";
}

std::string protocolInput(const GoldenCase &c) {
  std::string text;
  for (const std::string &v : inputLiterals(c))
    text += v + "\n";
  return text;
}

namespace {

/// One object of the case file, pretty-printed: the protocol and the golden
/// format can never describe a type or an op differently.
std::string caseMember(const GoldenCase &c, const char *key) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(generators::caseToJson(c, true));
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return "{}\n";
  }
  const llvm::json::Object *object = parsed->getAsObject();
  const llvm::json::Value *member = object ? object->get(key) : nullptr;
  return member ? llvm::formatv("{0:2}", *member).str() + "\n" : "{}\n";
}

} // namespace

/// [conform.scale-precision] The golden `type` object, plus
/// `scalesInExpressed`: each scale rounded to nearest-even in the expressed
/// type, so an adapter that must hand the framework a scale of the tensor's
/// type does not guess how (the `scales` are the type's own values: f64, or
/// the expressed type for sub-channel types).
std::string protocolTypeJson(const GoldenCase &c) {
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(caseMember(c, "type"));
  llvm::json::Object *object = parsed ? parsed->getAsObject() : nullptr;
  if (!object) {
    if (!parsed)
      llvm::consumeError(parsed.takeError());
    return "{}\n";
  }
  const quant::QuantType &t = c.params.type;
  const numeric::FloatFormat &E = *t.expressed;
  llvm::json::Array rounded;
  for (const quant::ScaleValue &s : t.scales) {
    const numeric::Bits bits =
        numeric::floatConvert(*s.format, s.bits, E, numeric::RoundingMode::NearestEven).bits;
    rounded.push_back(llvm::json::Array{generators::hexBits(E, bits), generators::decimalText(E, bits)});
  }
  (*object)["scalesInExpressed"] = std::move(rounded);
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(*object))).str() + "\n";
}

std::string protocolRescaleJson(const GoldenCase &c) { return caseMember(c, "rescale"); }

std::string protocolOperandText(const std::vector<int64_t> &values) {
  std::string text;
  for (int64_t v : values)
    text += std::to_string(v) + "\n";
  return text;
}

std::string protocolTosaOpJsonName(const GoldenCase &c) {
  return std::string(generators::tosaOpObjectKey(c.params.tosaOp.kind)) + ".json";
}

/// The golden `contraction` / `elementwise` object, plus where each operand
/// is and its concrete type and shape, and the output's (docs/vendor-guide.md).
std::string protocolTosaOpJson(const GoldenCase &c) {
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse(caseMember(c, generators::tosaOpObjectKey(c.params.tosaOp.kind)));
  llvm::json::Object *object = parsed ? parsed->getAsObject() : nullptr;
  if (!object) {
    if (!parsed)
      llvm::consumeError(parsed.takeError());
    return "{}\n";
  }
  const generators::CaseParams &p = c.params;
  auto shapeArray = [](const Shape &s) {
    llvm::json::Array a;
    for (int64_t d : s)
      a.push_back(d);
    return a;
  };
  llvm::json::Array operands;
  operands.push_back(llvm::json::Object{{"name", "input"}, {"file", "input.txt"},
                                        {"type", generators::tosaOpInputType(p, true)},
                                        {"shape", shapeArray(p.shape)}});
  for (const generators::TosaOpOperand &o : generators::tosaOpOperands(c))
    operands.push_back(llvm::json::Object{{"name", o.name}, {"file", o.name + ".txt"},
                                          {"type", generators::tosaOpOperandType(o, true)},
                                          {"shape", shapeArray(*o.shape)}});
  (*object)["operands"] = std::move(operands);
  (*object)["outputType"] = generators::tosaOpOutputType(p, true);
  (*object)["outputShape"] = shapeArray(c.outputShape);
  return llvm::formatv("{0:2}", llvm::json::Value(std::move(*object))).str() + "\n";
}

int64_t storageValueOfBits(uint64_t bits, const numeric::IntFormat &storage) {
  return storage.fromBitsSmall(bits);
}

bool parseInterpreterOutput(const std::string &text, const GoldenCase &c, BackendOutput &out,
                            std::string &error) {
  std::vector<std::string> lines = splitLines(text);
  while (!lines.empty() && lines.back().empty())
    lines.pop_back();
  if (lines.empty() || lines.size() > 2) {
    error = "expected one result line (and a '// poison:' line), got " +
            std::to_string(lines.size()) + " lines";
    return false;
  }
  size_t n = elementCount(c);
  out.poison.assign(n, false);
  if (lines.size() == 2) {
    const std::string prefix = "// poison:";
    if (lines[1].rfind(prefix, 0) != 0) {
      error = "unexpected second line " + shown(lines[1]);
      return false;
    }
    std::string list = lines[1].substr(prefix.size());
    size_t begin = 0;
    while (begin <= list.size()) {
      size_t end = list.find(',', begin);
      if (end == std::string::npos)
        end = list.size();
      std::string token = list.substr(begin, end - begin);
      token.erase(0, token.find_first_not_of(' '));
      int64_t index = 0;
      if (!parseInt(token, index) || index < 0 || size_t(index) >= n) {
        error = "bad poison index " + shown(token);
        return false;
      }
      out.poison[size_t(index)] = true;
      begin = end + 1;
    }
  }
  const std::string &line = lines[0];
  size_t colon = line.rfind(" : ");
  if (colon == std::string::npos) {
    error = "no ' : TYPE' in " + shown(line);
    return false;
  }
  std::string body = line.substr(0, colon);
  std::vector<std::string> tokens;
  if (integerOutput(c)) {
    // Decimal integers, nested in brackets or alone (a scalar); an i1
    // storage tensor of lowered IR prints as `true`/`false` (bit 1 / bit 0).
    const std::string padded = body + " ";
    std::string token;
    for (size_t at = 0; at < padded.size(); ++at) {
      const char ch = padded[at];
      if (std::isdigit(static_cast<unsigned char>(ch)) || ch == '-') {
        token += ch;
        continue;
      }
      if (!token.empty()) {
        tokens.push_back(token);
        token.clear();
      }
      if (padded.compare(at, 4, "true") == 0 || padded.compare(at, 5, "false") == 0) {
        const bool bit = padded[at] == 't';
        tokens.push_back(bit ? "1" : "0");
        at += bit ? 3 : 4;
      } else if (!std::strchr("dense<[], >", ch)) {
        error = "unexpected character '" + std::string(1, ch) + "' in " + shown(line);
        return false;
      }
    }
    if (tokens.size() != n) {
      error = "expected " + std::to_string(n) + " elements, got " + std::to_string(tokens.size());
      return false;
    }
    const numeric::IntFormat storage = outputIntFormat(c);
    for (const std::string &t : tokens) {
      int64_t v = 0;
      if (!parseInt(t, v)) {
        error = "bad integer " + shown(t);
        return false;
      }
      out.stored.push_back(storageValueOfBits(uint64_t(v), storage));
    }
    return true;
  }
  // dcast with --hex: a scalar `0x...`, or dense<"0xLE-BYTES">, or dense<>.
  const numeric::FloatFormat &format = expressedFormat(c);
  if (body.rfind("0x", 0) == 0) {
    numeric::Bits bits = 0;
    if (n != 1 || !parseHex(body, format.sizeInBits, bits)) {
      error = "bad scalar " + shown(body);
      return false;
    }
    out.floats.push_back(bits);
    return true;
  }
  if (body == "dense<>" && n == 0)
    return true;
  const std::string open = "dense<\"0x", close = "\">";
  if (body.rfind(open, 0) != 0 || body.size() < open.size() + close.size() ||
      body.compare(body.size() - close.size(), close.size(), close) != 0) {
    error = "expected dense<\"0x...\"> in " + shown(line);
    return false;
  }
  std::string hex = body.substr(open.size(), body.size() - open.size() - close.size());
  size_t bytes = (format.sizeInBits + 7) / 8;
  if (hex.size() != n * bytes * 2) {
    error = "expected " + std::to_string(n) + " elements of " + std::to_string(bytes) +
            " bytes, got " + std::to_string(hex.size() / 2) + " bytes";
    return false;
  }
  for (size_t i = 0; i < n; ++i) {
    numeric::Bits bits = 0;
    for (size_t b = bytes; b-- > 0;) { // little-endian
      numeric::Bits byte = 0;
      if (!parseHex("0x" + hex.substr((i * bytes + b) * 2, 2), 8, byte)) {
        error = "bad hex digits in " + shown(line);
        return false;
      }
      bits = (bits << 8) | byte;
    }
    out.floats.push_back(bits);
  }
  return true;
}

bool parseProtocolOutput(const std::string &text, const GoldenCase &c, BackendOutput &out,
                         std::string &error) {
  std::vector<std::string> lines = splitLines(text);
  size_t n = elementCount(c);
  if (lines.size() != n) {
    error = "output.txt has " + std::to_string(lines.size()) + " lines, expected " +
            std::to_string(n);
    return false;
  }
  out.poison.assign(n, false);
  const numeric::IntFormat format = outputIntFormat(c);
  for (size_t i = 0; i < n; ++i) {
    const std::string &line = lines[i];
    std::string where = "output.txt line " + std::to_string(i + 1) + ": ";
    if (integerOutput(c)) {
      int64_t v = 0;
      if (!parseInt(line, v) || !format.contains(numeric::BigInt(v))) {
        error = where + shown(line) + " is not an integer of the " +
                (c.isRescale() ? "output type " : "storage type ") + format.name();
        return false;
      }
      out.stored.push_back(v);
    } else {
      numeric::Bits bits = 0;
      if (!parseHex(line, expressedFormat(c).sizeInBits, bits)) {
        error = where + shown(line) + " is not a " + std::to_string(expressedFormat(c).sizeInBits) +
                "-bit pattern 0x...";
        return false;
      }
      out.floats.push_back(bits);
    }
  }
  return true;
}

bool parseHarnessOutput(const std::string &text, const GoldenCase &c, BackendOutput &out,
                        std::string &error) {
  std::vector<std::string> lines = splitLines(text);
  while (!lines.empty() && lines.back().empty())
    lines.pop_back();
  size_t n = elementCount(c);
  if (lines.size() != n) {
    error = "the harness printed " + std::to_string(lines.size()) + " lines, expected " +
            std::to_string(n);
    return false;
  }
  out.poison.assign(n, false);
  for (const std::string &line : lines) {
    int64_t v = 0;
    if (!parseInt(line, v)) {
      error = "the harness printed " + shown(line);
      return false;
    }
    if (integerOutput(c))
      out.stored.push_back(storageValueOfBits(uint64_t(v), outputIntFormat(c)));
    else
      out.floats.push_back(numeric::Bits(uint64_t(v)));
  }
  return true;
}

} // namespace qi::conform
