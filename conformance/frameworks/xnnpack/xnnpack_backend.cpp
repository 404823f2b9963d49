// XNNPACK as a quant-conform backend (docs/real-frameworks.md, "XNNPACK"; spec/conformance.md
// [conform.frameworks]). Speaks quant-conform-command/1 per case (`quant-xnnpack-backend REQUEST_DIR`, or
// QI_REQUEST_DIR) and in batch mode (QI_COMMAND_MODE=batch: request directories on stdin, one `done STATUS`
// line on stdout per case).
//
// What runs, per case, through XNNPACK's operator API (one operator, channels 1, batch = the element count, no
// thread pool: XNNPACK runs it on this thread with denormals disabled, DAZ + FTZ, as it always does):
//   qcast  xnn_create_convert_nc_f32_qs8 / _f32_qu8 (output_scale, output_zero_point, output_min, output_max)
//   dcast  xnn_create_convert_nc_qs8_f32 / _qu8_f32 (input_scale, input_zero_point)
// then xnn_setup_convert_nc_*, xnn_run_operator, xnn_delete_operator. The scale: XNNPACK takes a float; the
// type's f64 scale is rounded to the nearest f32 (ties to even) here. The storage bounds (narrow ones included)
// are output_min / output_max of qcast; dcast has no bounds.
//
// Exit status (answer): 0 values in output.txt; 77 unsupported, one line on stderr: anything XNNPACK's convert
// operators cannot express (per-axis or sub-channel types, storage other than i8 / u8, expressed types other
// than f32, a zero point outside the storage type, ops other than qcast / dcast), and -- a class of its own,
// the line starting `refused-parameter:` -- a parameter the type allows that XNNPACK refuses
// (xnn_status_invalid_parameter: a scale that is not a positive normal f32 after rounding). That is not the
// rejection of an invalid program, so it is never answered 3; this backend never answers 3 (XNNPACK never sees
// the MLIR program). 2 a malformed request (the message names the file); 1 any other XNNPACK failure.
#include <xnnpack.h>

#include <cerrno>
#include <cfloat>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr const char *kProtocol = "quant-conform-command/1";
constexpr int kExitValues = 0;
constexpr int kExitFailure = 1;
constexpr int kExitBadRequest = 2;
constexpr int kExitUnsupported = 77;

// XNNPACK's kernels may read (never write) up to XNN_EXTRA_BYTES past the end of an input buffer.
constexpr size_t kPadding = 64;

/// A reason to answer 77 (the message is the one stderr line quant-conform quotes).
struct Unsupported {
  std::string message;
};
/// A malformed request: exit 2.
struct BadRequest {
  std::string message;
};
/// An XNNPACK call that failed for another reason than an invalid parameter: exit 1.
struct Failure {
  std::string message;
};

// ---- a small JSON reader: enough for type.json, strict about what it accepts ----

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
  bool boolean = false;
  std::string text; // a string's value, or a number's spelling (integers are parsed exactly from it)
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json *find(const std::string &key) const {
    for (const auto &m : members)
      if (m.first == key)
        return &m.second;
    return nullptr;
  }
};

class JsonReader {
public:
  JsonReader(const std::string &text, const std::string &file) : s_(text), file_(file) {}

  Json document() {
    Json v = value(0);
    skipSpace();
    if (pos_ != s_.size())
      fail("unexpected text after the JSON value");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string &what) const {
    throw BadRequest{file_ + ": malformed JSON at byte " + std::to_string(pos_) + ": " + what};
  }
  void skipSpace() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
      ++pos_;
  }
  bool consume(char c) {
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!consume(c))
      fail(std::string("expected '") + c + "'");
  }
  void literal(const char *word) {
    size_t n = std::strlen(word);
    if (s_.compare(pos_, n, word) != 0)
      fail("unknown literal");
    pos_ += n;
  }

  Json value(int depth) {
    if (depth > 64)
      fail("nested too deeply");
    skipSpace();
    if (pos_ >= s_.size())
      fail("unexpected end of file");
    Json v;
    char c = s_[pos_];
    if (c == '{') {
      v.kind = Json::Kind::Object;
      ++pos_;
      if (consume('}'))
        return v;
      do {
        skipSpace();
        if (pos_ >= s_.size() || s_[pos_] != '"')
          fail("expected a member name");
        std::string key = string();
        expect(':');
        v.members.emplace_back(std::move(key), value(depth + 1));
      } while (consume(','));
      expect('}');
    } else if (c == '[') {
      v.kind = Json::Kind::Array;
      ++pos_;
      if (consume(']'))
        return v;
      do
        v.items.push_back(value(depth + 1));
      while (consume(','));
      expect(']');
    } else if (c == '"') {
      v.kind = Json::Kind::String;
      v.text = string();
    } else if (c == 't') {
      literal("true");
      v.kind = Json::Kind::Bool;
      v.boolean = true;
    } else if (c == 'f') {
      literal("false");
      v.kind = Json::Kind::Bool;
    } else if (c == 'n') {
      literal("null");
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      v.kind = Json::Kind::Number;
      v.text = number();
    } else {
      fail(std::string("unexpected character '") + c + "'");
    }
    return v;
  }

  std::string number() {
    size_t start = pos_;
    auto digits = [&] {
      size_t from = pos_;
      while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9')
        ++pos_;
      if (pos_ == from)
        fail("malformed number");
    };
    if (s_[pos_] == '-')
      ++pos_;
    digits();
    if (pos_ < s_.size() && s_[pos_] == '.') {
      ++pos_;
      digits();
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-'))
        ++pos_;
      digits();
    }
    return s_.substr(start, pos_ - start);
  }

  // type.json is ASCII; \uXXXX escapes outside ASCII are kept as their UTF-8 encoding.
  std::string string() {
    ++pos_; // the opening quote
    std::string out;
    while (true) {
      if (pos_ >= s_.size())
        fail("unterminated string");
      char c = s_[pos_++];
      if (c == '"')
        return out;
      if (static_cast<unsigned char>(c) < 0x20)
        fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= s_.size())
        fail("unterminated escape");
      char e = s_[pos_++];
      switch (e) {
      case '"': case '\\': case '/': out += e; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        if (pos_ + 4 > s_.size())
          fail("short \\u escape");
        unsigned code = 0;
        for (int i = 0; i < 4; ++i) {
          char h = s_[pos_++];
          code <<= 4;
          if (h >= '0' && h <= '9') code |= unsigned(h - '0');
          else if (h >= 'a' && h <= 'f') code |= unsigned(h - 'a' + 10);
          else if (h >= 'A' && h <= 'F') code |= unsigned(h - 'A' + 10);
          else fail("bad \\u escape");
        }
        if (code < 0x80) {
          out += char(code);
        } else if (code < 0x800) {
          out += char(0xC0 | (code >> 6));
          out += char(0x80 | (code & 0x3F));
        } else {
          out += char(0xE0 | (code >> 12));
          out += char(0x80 | ((code >> 6) & 0x3F));
          out += char(0x80 | (code & 0x3F));
        }
        break;
      }
      default:
        fail("unknown escape");
      }
    }
  }

  const std::string &s_;
  std::string file_;
  size_t pos_ = 0;
};

// ---- request files ----

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw BadRequest{"cannot read " + path + ": " + std::strerror(errno)};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// A decimal integer (optionally signed), the whole of `text`; false when it is not one or leaves int64.
bool parseInt64(const std::string &text, int64_t &out) {
  if (text.empty() || text.find_first_not_of("-0123456789") != std::string::npos)
    return false;
  errno = 0;
  char *end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0' || end == text.c_str())
    return false;
  out = v;
  return true;
}

/// `0x` + 1..16 hex digits.
bool parseHex(const std::string &text, uint64_t &out) {
  if (text.size() < 3 || text.size() > 18 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X') ||
      text.find_first_not_of("0123456789abcdefABCDEF", 2) != std::string::npos)
    return false;
  out = std::strtoull(text.c_str() + 2, nullptr, 16);
  return true;
}

struct QuantType {
  std::string storage, expressed, granularity, scaleFormat;
  int64_t storageMin = 0, storageMax = 0;
  std::string scaleBits;  // the scale as type.json spells it (hex)
  std::string scaleText;  // and its decimal
  std::vector<int64_t> zeroPoints;
};

const Json &member(const Json &object, const char *key, Json::Kind kind, const std::string &file) {
  const Json *v = object.find(key);
  if (!v)
    throw BadRequest{file + ": no \"" + key + "\""};
  if (v->kind != kind)
    throw BadRequest{file + ": \"" + key + "\" has the wrong JSON type"};
  return *v;
}

int64_t integerMember(const Json &object, const char *key, const std::string &file) {
  const Json &v = member(object, key, Json::Kind::Number, file);
  int64_t out;
  if (!parseInt64(v.text, out))
    throw BadRequest{file + ": \"" + key + "\" is not an int64 integer: " + v.text};
  return out;
}

QuantType readType(const std::string &dir) {
  const std::string file = dir + "/type.json";
  std::string text = readFile(file);
  Json doc = JsonReader(text, file).document();
  if (doc.kind != Json::Kind::Object)
    throw BadRequest{file + ": not a JSON object"};
  QuantType t;
  t.storage = member(doc, "storage", Json::Kind::String, file).text;
  t.expressed = member(doc, "expressed", Json::Kind::String, file).text;
  t.granularity = member(doc, "granularity", Json::Kind::String, file).text;
  t.scaleFormat = member(doc, "scaleFormat", Json::Kind::String, file).text;
  t.storageMin = integerMember(doc, "storageMin", file);
  t.storageMax = integerMember(doc, "storageMax", file);
  for (const Json &z : member(doc, "zeroPoints", Json::Kind::Array, file).items) {
    int64_t v;
    if (z.kind != Json::Kind::Number || !parseInt64(z.text, v))
      throw BadRequest{file + ": a zero point is not an int64 integer"};
    t.zeroPoints.push_back(v);
  }
  const Json &scales = member(doc, "scales", Json::Kind::Array, file);
  if (scales.items.empty() || scales.items.size() != t.zeroPoints.size())
    throw BadRequest{file + ": " + std::to_string(scales.items.size()) + " scales for " +
                     std::to_string(t.zeroPoints.size()) + " zero points"};
  const Json &first = scales.items[0];
  if (first.kind != Json::Kind::Array || first.items.size() != 2 ||
      first.items[0].kind != Json::Kind::String || first.items[1].kind != Json::Kind::String)
    throw BadRequest{file + ": a scale is not [\"0xBITS\", \"decimal\"]"};
  t.scaleBits = first.items[0].text;
  t.scaleText = first.items[1].text;
  return t;
}

std::map<std::string, std::string> readRequest(const std::string &dir) {
  const std::string file = dir + "/request.txt";
  std::istringstream in(readFile(file));
  std::map<std::string, std::string> keys;
  for (std::string line; std::getline(in, line);) {
    size_t space = line.find(' ');
    std::string key = line.substr(0, space);
    if (!key.empty())
      keys[key] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  if (keys["format"] != kProtocol)
    throw Unsupported{"request format '" + keys["format"] + "' is not " + kProtocol};
  return keys;
}

std::vector<std::string> readLines(const std::string &file, size_t expected) {
  std::istringstream in(readFile(file));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (!line.empty())
      lines.push_back(line);
  }
  if (lines.size() != expected)
    throw BadRequest{file + ": " + std::to_string(lines.size()) + " elements, request.txt says " +
                     std::to_string(expected)};
  return lines;
}

// ---- XNNPACK ----

const char *statusName(xnn_status s) {
  switch (s) {
  case xnn_status_success: return "xnn_status_success";
  case xnn_status_uninitialized: return "xnn_status_uninitialized";
  case xnn_status_invalid_parameter: return "xnn_status_invalid_parameter";
  case xnn_status_invalid_state: return "xnn_status_invalid_state";
  case xnn_status_unsupported_parameter: return "xnn_status_unsupported_parameter";
  case xnn_status_unsupported_hardware: return "xnn_status_unsupported_hardware";
  case xnn_status_out_of_memory: return "xnn_status_out_of_memory";
  }
  return "an unknown xnn_status";
}

struct OperatorDeleter {
  void operator()(xnn_operator *op) const { xnn_delete_operator(op); }
};
using Operator = std::unique_ptr<xnn_operator, OperatorDeleter>;

void check(xnn_status s, const char *call) {
  if (s != xnn_status_success)
    throw Failure{std::string(call) + " returned " + statusName(s)};
}

/// The nearest f32 to `d` (ties to even), overflow to infinity as IEEE 754 rounds -- spelled out, since a
/// C++ conversion of a double beyond FLT_MAX is undefined.
float nearestFloat(double d) {
  const double halfUlpAboveMax = 0x1p103; // half of FLT_MAX's ulp (2^104): from here on it rounds to inf
  if (std::fabs(d) > double(FLT_MAX)) {
    float magnitude = std::fabs(d) >= double(FLT_MAX) + halfUlpAboveMax ? INFINITY : FLT_MAX;
    return d > 0 ? magnitude : -magnitude;
  }
  return static_cast<float>(d); // NaN stays NaN
}

std::string floatText(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  char buf[64];
  std::snprintf(buf, sizeof buf, "0x%08" PRIX32 " (%.9g)", bits, double(f));
  return buf;
}

/// xnn_status_invalid_parameter from a create call: XNNPACK refuses a parameter the type allows. Which one:
/// its create functions check the scale first ("finite, normalized, and positive"), then output_min < output_max
/// (src/operators/unary-elementwise-nc.c).
[[noreturn]] void refused(const char *call, float scale, const std::string &scaleWhat, const std::string &range) {
  std::string what = !(scale > 0.0f && std::isnormal(scale))
                         ? scaleWhat + ": XNNPACK takes a positive normal f32 scale only"
                         : "output range " + range + ": XNNPACK needs output_min < output_max";
  throw Unsupported{std::string("refused-parameter: ") + call + " returned xnn_status_invalid_parameter for the " +
                    what};
}

void quantize(bool isSigned, const float *x, size_t n, void *y, float scale, int64_t zp, int64_t lo, int64_t hi,
              const std::string &scaleWhat) {
  xnn_operator_t raw = nullptr;
  const char *create = isSigned ? "xnn_create_convert_nc_f32_qs8" : "xnn_create_convert_nc_f32_qu8";
  xnn_status s = isSigned ? xnn_create_convert_nc_f32_qs8(1, 1, 1, scale, int8_t(zp), int8_t(lo), int8_t(hi), 0, &raw)
                          : xnn_create_convert_nc_f32_qu8(1, 1, 1, scale, uint8_t(zp), uint8_t(lo), uint8_t(hi), 0, &raw);
  if (s == xnn_status_invalid_parameter)
    refused(create, scale, scaleWhat, "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
  check(s, create);
  Operator op(raw);
  if (isSigned)
    s = xnn_setup_convert_nc_f32_qs8(op.get(), n, x, static_cast<int8_t *>(y), nullptr);
  else
    s = xnn_setup_convert_nc_f32_qu8(op.get(), n, x, static_cast<uint8_t *>(y), nullptr);
  check(s, isSigned ? "xnn_setup_convert_nc_f32_qs8" : "xnn_setup_convert_nc_f32_qu8");
  check(xnn_run_operator(op.get(), nullptr), "xnn_run_operator");
}

void dequantize(bool isSigned, const void *q, size_t n, float *y, float scale, int64_t zp,
                const std::string &scaleWhat) {
  xnn_operator_t raw = nullptr;
  const char *create = isSigned ? "xnn_create_convert_nc_qs8_f32" : "xnn_create_convert_nc_qu8_f32";
  xnn_status s = isSigned ? xnn_create_convert_nc_qs8_f32(1, 1, 1, scale, int8_t(zp), 0, &raw)
                          : xnn_create_convert_nc_qu8_f32(1, 1, 1, scale, uint8_t(zp), 0, &raw);
  if (s == xnn_status_invalid_parameter)
    refused(create, scale, scaleWhat, "(none)");
  check(s, create);
  Operator op(raw);
  if (isSigned)
    s = xnn_setup_convert_nc_qs8_f32(op.get(), n, static_cast<const int8_t *>(q), y, nullptr);
  else
    s = xnn_setup_convert_nc_qu8_f32(op.get(), n, static_cast<const uint8_t *>(q), y, nullptr);
  check(s, isSigned ? "xnn_setup_convert_nc_qs8_f32" : "xnn_setup_convert_nc_qu8_f32");
  check(xnn_run_operator(op.get(), nullptr), "xnn_run_operator");
}

// ---- one case ----

void runCase(const std::string &dir) {
  std::map<std::string, std::string> keys = readRequest(dir);
  const std::string op = keys["op"];
  if (op != "qcast" && op != "dcast")
    throw Unsupported{"op " + op + " (XNNPACK's convert operators are quantize and dequantize only)"};
  int64_t elements;
  if (!parseInt64(keys["elements"], elements) || elements < 0)
    throw BadRequest{dir + "/request.txt: elements '" + keys["elements"] + "' is not a count"};

  QuantType t = readType(dir);
  if (t.granularity != "per-layer")
    throw Unsupported{"granularity " + t.granularity +
                      " (XNNPACK's convert operators take one scale and zero point: no per-channel convert)"};
  if (t.expressed != "f32")
    throw Unsupported{"expressed type " + t.expressed + " (XNNPACK converts between f32 and qs8 / qu8)"};
  const bool isSigned = t.storage == "i8";
  if (!isSigned && t.storage != "u8")
    throw Unsupported{"storage " + t.storage + " (XNNPACK's quantized types here are qs8 and qu8)"};
  const int64_t typeMin = isSigned ? -128 : 0, typeMax = isSigned ? 127 : 255;
  if (t.storageMin < typeMin || t.storageMax > typeMax || t.storageMin > t.storageMax)
    throw BadRequest{dir + "/type.json: storage bounds [" + std::to_string(t.storageMin) + ", " +
                     std::to_string(t.storageMax) + "] do not fit " + t.storage};
  const int64_t zp = t.zeroPoints[0];
  if (zp < typeMin || zp > typeMax)
    throw Unsupported{"zero point " + std::to_string(zp) + " outside " + t.storage +
                      " (XNNPACK takes the zero point as " + (isSigned ? "an int8_t" : "a uint8_t") + ")"};

  uint64_t bits;
  if (!parseHex(t.scaleBits, bits))
    throw BadRequest{dir + "/type.json: scale '" + t.scaleBits + "' is not 0x + hex digits"};
  float scale;
  std::string scaleWhat;
  if (t.scaleFormat == "f64") {
    double d;
    std::memcpy(&d, &bits, 8);
    scale = nearestFloat(d);
    scaleWhat = "scale " + floatText(scale) + " (the f64 scale " + t.scaleBits + " = " + t.scaleText +
                " rounded to f32)";
  } else if (t.scaleFormat == "f32") {
    if (bits > 0xFFFFFFFFu)
      throw BadRequest{dir + "/type.json: f32 scale '" + t.scaleBits + "' has more than 32 bits"};
    uint32_t b32 = uint32_t(bits);
    std::memcpy(&scale, &b32, 4);
    scaleWhat = "scale " + floatText(scale);
  } else {
    throw Unsupported{"scale format " + t.scaleFormat + " (XNNPACK takes an f32 scale)"};
  }

  const size_t n = size_t(elements);
  std::vector<std::string> lines = readLines(dir + "/input.txt", n);
  std::ostringstream out;
  if (op == "qcast") {
    std::vector<float> x(n + kPadding / sizeof(float));
    for (size_t i = 0; i < n; ++i) {
      uint64_t v;
      if (!parseHex(lines[i], v) || v > 0xFFFFFFFFu)
        throw BadRequest{dir + "/input.txt: line " + std::to_string(i + 1) + " '" + lines[i] +
                         "' is not an f32 bit pattern (0x + up to 8 hex digits)"};
      uint32_t b32 = uint32_t(v);
      std::memcpy(&x[i], &b32, 4);
    }
    std::vector<uint8_t> y(n + kPadding);
    quantize(isSigned, x.data(), n, y.data(), scale, zp, t.storageMin, t.storageMax, scaleWhat);
    for (size_t i = 0; i < n; ++i)
      out << (isSigned ? int(int8_t(y[i])) : int(y[i])) << '\n';
  } else {
    std::vector<uint8_t> q(n + kPadding);
    for (size_t i = 0; i < n; ++i) {
      int64_t v;
      if (!parseInt64(lines[i], v) || v < typeMin || v > typeMax)
        throw BadRequest{dir + "/input.txt: line " + std::to_string(i + 1) + " '" + lines[i] +
                         "' is not a stored " + t.storage + " value"};
      q[i] = uint8_t(v); // two's complement for i8
    }
    std::vector<float> y(n + kPadding / sizeof(float));
    dequantize(isSigned, q.data(), n, y.data(), scale, zp, scaleWhat);
    char buf[16];
    for (size_t i = 0; i < n; ++i) {
      uint32_t b32;
      std::memcpy(&b32, &y[i], 4);
      std::snprintf(buf, sizeof buf, "0x%08" PRIX32, b32);
      out << buf << '\n';
    }
  }
  const std::string file = dir + "/output.txt";
  std::ofstream f(file, std::ios::binary | std::ios::trunc);
  f << out.str();
  f.close();
  if (!f)
    throw Failure{"cannot write " + file};
}

/// One case's exit status, with its one-line reason on stderr.
int answer(const std::string &dir, bool initialized, const std::string &initError) {
  const char *name = "xnnpack backend";
  try {
    if (!initialized)
      throw Unsupported{initError};
    runCase(dir);
    return kExitValues;
  } catch (const Unsupported &e) {
    // refused-parameter lines stand alone so that quant-conform's reason starts with them.
    if (e.message.rfind("refused-parameter:", 0) == 0)
      std::cerr << e.message << "\n";
    else
      std::cerr << name << ": unsupported: " << e.message << "\n";
    return kExitUnsupported;
  } catch (const BadRequest &e) {
    std::cerr << name << ": bad request: " << e.message << "\n";
    return kExitBadRequest;
  } catch (const Failure &e) {
    std::cerr << name << ": " << e.message << "\n";
    return kExitFailure;
  } catch (const std::exception &e) { // std::bad_alloc and the like: this case fails, the next one runs
    std::cerr << name << ": " << e.what() << "\n";
    return kExitFailure;
  }
}

} // namespace

int main(int argc, char **argv) {
  // Initialized once per process; a failure is answered per case, so quant-conform shows it.
  xnn_status init = xnn_initialize(nullptr);
  const bool initialized = init == xnn_status_success;
  const std::string initError = std::string("xnn_initialize returned ") + statusName(init) +
                                (init == xnn_status_unsupported_hardware ? " (this CPU is not supported)" : "");

  const char *mode = std::getenv("QI_COMMAND_MODE");
  if (!mode || std::string(mode) != "batch") {
    std::string dir;
    if (argc == 2)
      dir = argv[1];
    else if (argc == 1 && std::getenv("QI_REQUEST_DIR"))
      dir = std::getenv("QI_REQUEST_DIR");
    if (dir.empty() || argc > 2) {
      std::cerr << "usage: quant-xnnpack-backend REQUEST_DIR (or QI_REQUEST_DIR, or QI_COMMAND_MODE=batch with "
                   "request directories on stdin); docs/vendor-guide.md\n";
      return kExitBadRequest;
    }
    int status = answer(dir, initialized, initError);
    if (initialized)
      xnn_deinitialize();
    return status;
  }
  // Batch mode: one request directory per stdin line, one `done STATUS` line per case.
  for (std::string line; std::getline(std::cin, line);) {
    if (line.empty())
      continue;
    int status = answer(line, initialized, initError);
    std::cerr.flush();
    std::cout << "done " << status << std::endl;
  }
  if (initialized)
    xnn_deinitialize();
  return 0;
}
