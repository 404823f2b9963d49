//===- ReportEscape.cpp - Text escaping for the report writers ------------===//
#include "conformance/runner/ReportEscape.h"

#include <fmt/format.h>

#include <cstdint>

namespace qi::conform {

namespace {

constexpr char32_t kReplacement = 0xFFFD;

/// Decodes one code point at `text[pos]` and advances `pos`; an ill-formed
/// sequence yields U+FFFD and consumes one byte (the maximal-subpart rule is
/// not needed: the result only has to be well-formed and readable).
char32_t decode(std::string_view text, size_t &pos) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(pos);
  if (lead < 0x80) {
    ++pos;
    return lead;
  }
  size_t length;
  char32_t cp, min;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1F, min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0F, min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07, min = 0x10000;
  } else {
    ++pos;
    return kReplacement;
  }
  if (pos + length > text.size()) {
    ++pos;
    return kReplacement;
  }
  for (size_t i = 1; i < length; ++i) {
    unsigned char next = byte(pos + i);
    if ((next & 0xC0) != 0x80) {
      ++pos;
      return kReplacement;
    }
    cp = (cp << 6) | (next & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++pos;
    return kReplacement;
  }
  pos += length;
  return cp;
}

void encode(char32_t cp, std::string &out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

/// Calls `emit(cp)` for each code point of the valid-UTF-8 view of `text`.
template <typename Emit> void forEachCodePoint(std::string_view text, Emit emit) {
  for (size_t pos = 0; pos < text.size();)
    emit(decode(text, pos));
}

/// Appends `cp` as visibleText shows it.
void appendVisible(char32_t cp, std::string &out) {
  if (cp == '\n' || cp == '\t')
    out += static_cast<char>(cp);
  else if (cp < 0x20 || cp == 0x7F)
    out += fmt::format("\\x{:02X}", static_cast<unsigned>(cp));
  else if ((cp >= 0x80 && cp <= 0x9F) || cp == 0xFFFE || cp == 0xFFFF)
    out += fmt::format("\\u{{{:04X}}}", static_cast<unsigned>(cp));
  else
    encode(cp, out);
}

/// Markup escaping shared by HTML and XML; `controlRefs` additionally writes
/// '\n' and '\t' as references (XML attributes).
std::string markupEscape(std::string_view text, bool controlRefs) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  forEachCodePoint(text, [&](char32_t cp) {
    switch (cp) {
    case '&':
      out += "&amp;";
      return;
    case '<':
      out += "&lt;";
      return;
    case '>':
      out += "&gt;";
      return;
    case '"':
      out += "&quot;";
      return;
    case '\'':
      out += "&#39;";
      return;
    case '\n':
      out += controlRefs ? "&#10;" : "\n";
      return;
    case '\t':
      out += controlRefs ? "&#9;" : "\t";
      return;
    default:
      appendVisible(cp, out);
    }
  });
  return out;
}

} // namespace

std::string validUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  forEachCodePoint(text, [&](char32_t cp) { encode(cp, out); });
  return out;
}

std::string visibleText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  forEachCodePoint(text, [&](char32_t cp) { appendVisible(cp, out); });
  return out;
}

std::string htmlEscape(std::string_view text) { return markupEscape(text, false); }

std::string xmlEscape(std::string_view text, bool attribute) {
  return markupEscape(text, attribute);
}

std::string jsonString(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  forEachCodePoint(text, [&](char32_t cp) {
    switch (cp) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\r':
      out += "\\r";
      return;
    default:
      // U+2028/U+2029 are valid JSON but end a line in JavaScript.
      if (cp < 0x20 || cp == 0x7F || cp == 0x2028 || cp == 0x2029)
        out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
      else
        encode(cp, out);
    }
  });
  out += '"';
  return out;
}

} // namespace qi::conform
