//===- GoldenContractionJson.h - Contraction cases in JSON ------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Contraction cases"), golden/v1/schema.json.
// The writer and the strict reader of a contraction case file: closed keys,
// every derived field (ID, category, tags, program, types) checked against
// the parameters, and a value case whose kernel would stop (an ERROR_IF or
// a REQUIRE) refused. Internal to generators/ (GoldenWriter.cpp and
// GoldenReader.cpp dispatch here on the tag `op`).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENCONTRACTIONJSON_H
#define QI_GENERATORS_GOLDENCONTRACTIONJSON_H

#include "generators/GoldenJsonRead.h"

#include <string>

namespace qi::generators {

/// The tags object on one line (case file and manifest row).
std::string contractionTagsJson(const GoldenCase &c);
/// The whole case file (pretty or, for JSON Lines, compact).
std::string contractionCaseToJson(const GoldenCase &c, bool compact);
/// Whether the case object's tags name a contraction op.
bool isContractionCase(const jsonread::Object &o);
/// Reads a contraction case (the format version already checked); throws
/// jsonread::FormatError.
void readContractionCase(const jsonread::Object &o, GoldenCase &c);

} // namespace qi::generators

#endif
