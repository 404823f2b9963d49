//===- GoldenTosaOpJson.h - TOSA operator cases in JSON ---------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Contraction cases", "Elementwise cases"),
// golden/v2/schema.json. The writer and the strict reader of a TOSA
// operator case file (a contraction, pooling or elementwise op): closed
// keys, every derived field (ID, category, tags, program, types) checked
// against the parameters, and a value case whose kernel would stop (an
// ERROR_IF or a REQUIRE) refused. Internal to generators/ (GoldenWriter.cpp
// and GoldenReader.cpp dispatch here on the tag `op`).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENTOSAOPJSON_H
#define QI_GENERATORS_GOLDENTOSAOPJSON_H

#include "generators/GoldenJsonRead.h"

#include <string>
#include <string_view>

namespace qi::generators {

/// The tags object on one line (case file and manifest row).
std::string tosaOpTagsJson(const GoldenCase &c);
/// The whole case file (pretty or, for JSON Lines, compact), in `format`.
std::string tosaOpCaseToJson(const GoldenCase &c, bool compact, std::string_view format);
/// Whether the case object's tags name a TOSA operator of the family.
bool isTosaOpCase(const jsonread::Object &o);
/// Reads a TOSA operator case (the format version already checked: 1 or 2;
/// a tiled case, /2 only, comes back expanded to all its elements); throws
/// jsonread::FormatError.
void readTosaOpCase(const jsonread::Object &o, GoldenCase &c, int version);

} // namespace qi::generators

#endif
