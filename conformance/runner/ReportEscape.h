//===- ReportEscape.h - Text escaping for the report writers ----*- C++ -*-===//
//
// Report text comes from backends (stderr tails, reasons quoting their output)
// and may hold anything: markup characters, terminal escape sequences, NUL,
// ill-formed UTF-8. Every writer passes such text through one of these.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_REPORTESCAPE_H
#define QI_CONFORMANCE_REPORTESCAPE_H

#include <string>
#include <string_view>

namespace qi::conform {

/// `text` as well-formed UTF-8: every ill-formed sequence (stray continuation
/// byte, overlong form, surrogate, truncated sequence, > U+10FFFF) becomes U+FFFD.
std::string validUtf8(std::string_view text);

/// Text for people (console, HTML, XML): well-formed UTF-8 in which every
/// control character except '\n' and '\t' (C0, DEL, C1) and the noncharacters
/// U+FFFE / U+FFFF are shown as `\xNN` / `\u{NNNN}`, so backend output can
/// neither drive a terminal nor make an XML file ill-formed.
std::string visibleText(std::string_view text);

/// visibleText with `& < > " '` as character references: safe in HTML text
/// and in double- or single-quoted attribute values.
std::string htmlEscape(std::string_view text);

/// visibleText with `& < > " '` as XML character references; in an attribute
/// (`attribute` = true) also '\n' and '\t', which attribute-value
/// normalization would otherwise turn into spaces.
std::string xmlEscape(std::string_view text, bool attribute);

/// A JSON string literal, quotes included. Lossless for well-formed UTF-8
/// (control characters as \uNNNN); ill-formed bytes become U+FFFD.
std::string jsonString(std::string_view text);

} // namespace qi::conform

#endif
