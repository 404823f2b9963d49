//===- GoldenJsonWrite.h - What the case writers share ----------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Case file"). The JSON text helpers of the
// quant-interp-golden writers (GoldenWriter.cpp for qcast / dcast /
// rescale cases, GoldenTosaOpJson.cpp for TOSA operator cases): quoting,
// integer lists, the one-member-per-line object writer, and the head and
// rejection every case has. Internal to generators/.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENJSONWRITE_H
#define QI_GENERATORS_GOLDENJSONWRITE_H

#include "generators/GoldenFormat.h"
#include "generators/GoldenIds.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace qi::generators {

/// The case's tags object on one line (GoldenWriter.cpp; TOSA operator cases:
/// tosaOpTagsJson).
std::string tagsJson(const GoldenCase &c);

namespace jsonwrite {

inline std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += ch;
      }
    }
  }
  return out + "\"";
}

inline std::string hex64(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016llX", static_cast<unsigned long long>(v));
  return buf;
}

template <typename T, typename F> inline std::string inlineList(const std::vector<T> &v, F f) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? ", " : "") + f(v[i]);
  return out + "]";
}

inline std::string intList(const std::vector<int64_t> &v) {
  return inlineList(v, [](int64_t x) { return std::to_string(x); });
}


/// Emits objects with one member per line (pretty) or on one line (compact).
class Writer {
public:
  explicit Writer(bool compact) : compact_(compact) {}
  void open() { out_ += "{"; depth_++; first_ = true; }
  void close() {
    depth_--;
    newline();
    out_ += "}";
    first_ = false;
  }
  void key(std::string_view k) {
    if (!first_)
      out_ += ",";
    newline();
    out_ += quote(k) + ": ";
    first_ = true;
  }
  void raw(const std::string &text) { out_ += text; first_ = false; }
  void member(std::string_view k, const std::string &rawValue) { key(k); raw(rawValue); }
  /// A list whose items go one per line (pretty).
  void tallList(const std::vector<std::string> &items) {
    if (items.empty()) {
      raw("[]");
      return;
    }
    out_ += "[";
    depth_++;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i)
        out_ += ",";
      newline();
      out_ += items[i];
    }
    depth_--;
    newline();
    out_ += "]";
    first_ = false;
  }
  void beginArray() { out_ += "["; depth_++; arrayFirst_ = true; }
  void arrayItem() {
    if (!arrayFirst_)
      out_ += ",";
    arrayFirst_ = false;
    newline();
    first_ = true;
  }
  void endArray() { depth_--; newline(); out_ += "]"; first_ = false; }
  std::string take() { return std::move(out_); }

private:
  void newline() {
    if (compact_) {
      if (!out_.empty() && out_.back() == ',')
        out_ += " ";
      return;
    }
    out_ += "\n" + std::string(2 * size_t(depth_), ' ');
  }
  bool compact_;
  std::string out_;
  int depth_ = 0;
  bool first_ = true, arrayFirst_ = true;
};

inline std::string stringList(const std::vector<std::string> &v) {
  return inlineList(v, [](const std::string &s) { return quote(s); });
}

inline std::string boolJson(bool b) { return b ? "true" : "false"; }

inline std::vector<int64_t> dynamicIndices(const CaseParams &p) {
  std::vector<int64_t> v;
  for (size_t k = 0; k < p.dynamic.size(); ++k)
    if (p.dynamic[k])
      v.push_back(int64_t(k));
  return v;
}

/// The common head of every case: format (kFormatVersion unless a /1 file is
/// written back), id, level, seed, category, variant, tags.
inline void writeHead(Writer &w, const GoldenCase &c, std::string_view format) {
  const CaseParams &p = c.params;
  w.member("format", quote(format));
  w.member("id", quote(c.id));
  w.member("level", quote(c.level));
  w.member("seed", quote(hex64(c.seed)));
  w.member("category", quote(caseCategory(p)));
  if (!p.variant.empty())
    w.member("variant", quote(p.variant));
  w.member("tags", tagsJson(c));
}

inline void writeRejection(Writer &w, const GoldenCase &c) {
  if (!c.rejection)
    return;
  w.key("rejection");
  w.open();
  w.member("reason", quote(c.rejection->reason));
  w.member("message", quote(c.rejection->message));
  w.close();
}

} // namespace jsonwrite
} // namespace qi::generators

#endif
