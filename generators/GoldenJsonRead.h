//===- GoldenJsonRead.h - What the strict case readers share ----*- C++ -*-===//
//
// Spec: docs/golden-format.md, golden/v2/schema.json. The typed accessors
// of the quant-interp-golden readers (each failure a FormatError
// "WHERE: PROBLEM", WHERE a JSON path), and the parts every case has: the
// input's shape, the rejection, the common tags. Internal to generators/
// (GoldenReader.cpp, GoldenTosaOpJson.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENJSONREAD_H
#define QI_GENERATORS_GOLDENJSONREAD_H

#include "generators/GoldenFormat.h"

#include "llvm/Support/JSON.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace qi::generators::jsonread {

struct FormatError {
  std::string message;
};

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// Refuses text nested more than 64 levels deep before llvm::json::parse
/// (which recurses without a limit); `error` is then "not valid JSON: ...".
bool jsonTooDeep(const std::string &text, std::string &error);
/// jsonTooDeep, then llvm::json::parse: the document, or nullopt with
/// `error` "not valid JSON: ..." (every reader of golden JSON text starts here).
std::optional<Value> parseJsonText(const std::string &text, std::string &error);
[[noreturn]] void fail(const std::string &where, const std::string &problem);
const Object &asObject(const Value *v, const std::string &where);
const Array &asArray(const Value *v, const std::string &where);
std::string asString(const Value *v, const std::string &where);
int64_t asInt(const Value *v, const std::string &where);
bool asBool(const Value *v, const std::string &where);
/// Closed schema: every key must be in `allowed`.
void closedKeys(const Object &o, const std::string &where,
                std::initializer_list<const char *> allowed);
std::vector<int64_t> intArray(const Value *v, const std::string &where);
/// "0x" and upper-case hex digits (seeds, bit patterns).
uint64_t parseHex64(const std::string &s, const std::string &where);
/// A derived field that must equal what the parameters give.
void expectEqual(const std::string &got, const std::string &want, const std::string &where,
                 const std::string &what);
/// An int64 array whose elements lie in [lo, hi].
std::vector<int64_t> boundedInts(const Value *v, const std::string &where, int64_t lo, int64_t hi,
                                 const std::string &what);
/// /input/shape and /input/dynamicDims into p.shape and p.dynamic
/// (p.shapeKind set; `kind` its name for messages).
void readShape(const Object &in, CaseParams &p, const std::string &kind);
std::optional<Rejection> readRejection(const Object &o);
/// The version of a case or manifest (/format): 1 or 2, else a FormatError
/// naming the versions this reader reads.
int readVersion(const Object &o);
/// A /2 key (`key` at `where`) found in a /1 file: the error naming both.
[[noreturn]] void failNotInVersion1(const std::string &where, const std::string &what);
/// /input/period of a case (0 when absent) for `n` input elements: only in
/// /2, and 1 <= L < n (docs/golden-format.md, "Tiled cases"; a TOSA
/// operator case's further rules: GoldenTile.h, tosaTileProblem).
int64_t readPeriod(const Object &in, int64_t n, int version);
/// How a list-length error names what a case's lists hold: "7 (the period;
/// the case has 100 elements)" for a tiled case, else "100 elements".
std::string listedText(int64_t period, int64_t n);
/// /input/classes: one class name per listed input element (`listed`).
std::vector<std::string> readInputClasses(const Object &in, size_t listed);
/// The tags every case has, after its own: `rejection` (and the rejection
/// itself, GoldenRun.h), the variant reserved for rejections, the names of
/// /expected in order (`listKey`) and the sorted input classes.
void checkCommonTags(const Object &tags, const GoldenCase &c, const std::string &listKey);

} // namespace qi::generators::jsonread

#endif
