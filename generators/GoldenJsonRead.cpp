//===- GoldenJsonRead.cpp - What the strict case readers share ------------===//
//
// Spec: docs/golden-format.md, golden/v2/schema.json. Closed objects, typed
// members, and the parts every case has (input shape, rejection, common
// tags); GoldenReader.cpp and GoldenTosaOpJson.cpp read the rest.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenJsonRead.h"

#include "generators/GoldenRun.h"

#include <algorithm>

namespace qi::generators::jsonread {

/// llvm::json::parse recurses once per nesting level, without a limit: a
/// corrupt file such as "[[[[..." (100,000 levels) overflowed the stack
/// (golden-reader fuzzer, docs/reliability.md). Golden files nest at most 5
/// levels; refuse more than kMaxJsonDepth before parsing.
namespace {
constexpr int kMaxJsonDepth = 64;
} // namespace

bool jsonTooDeep(const std::string &text, std::string &error) {
  int depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char ch = text[i];
    if (inString) {
      if (ch == '\\')
        ++i;
      else if (ch == '"')
        inString = false;
    } else if (ch == '"') {
      inString = true;
    } else if (ch == '[' || ch == '{') {
      if (++depth > kMaxJsonDepth) {
        error = "not valid JSON: nested more than " + std::to_string(kMaxJsonDepth) +
                " levels deep";
        return true;
      }
    } else if (ch == ']' || ch == '}') {
      --depth;
    }
  }
  return false;
}

std::optional<Value> parseJsonText(const std::string &text, std::string &error) {
  if (jsonTooDeep(text, error))
    return std::nullopt;
  llvm::Expected<Value> parsed = llvm::json::parse(text);
  if (!parsed) {
    error = "not valid JSON: " + llvm::toString(parsed.takeError());
    return std::nullopt;
  }
  return std::move(*parsed);
}


[[noreturn]] void fail(const std::string &where, const std::string &problem) {
  throw FormatError{(where.empty() ? std::string("/") : where) + ": " + problem};
}

const Object &asObject(const Value *v, const std::string &where) {
  if (!v)
    fail(where, "missing");
  const Object *o = v->getAsObject();
  if (!o)
    fail(where, "expected an object");
  return *o;
}
const Array &asArray(const Value *v, const std::string &where) {
  if (!v)
    fail(where, "missing");
  const Array *a = v->getAsArray();
  if (!a)
    fail(where, "expected an array");
  return *a;
}
std::string asString(const Value *v, const std::string &where) {
  if (!v)
    fail(where, "missing");
  auto s = v->getAsString();
  if (!s)
    fail(where, "expected a string");
  return s->str();
}
int64_t asInt(const Value *v, const std::string &where) {
  if (!v)
    fail(where, "missing");
  auto i = v->getAsInteger();
  if (!i)
    fail(where, "expected an integer");
  return *i;
}
bool asBool(const Value *v, const std::string &where) {
  if (!v)
    fail(where, "missing");
  auto b = v->getAsBoolean();
  if (!b)
    fail(where, "expected true or false");
  return *b;
}

/// Closed schema: every key must be in `allowed`.
void closedKeys(const Object &o, const std::string &where,
                std::initializer_list<const char *> allowed) {
  std::vector<std::string> keys;
  for (auto &kv : o)
    keys.push_back(kv.first.str());
  std::sort(keys.begin(), keys.end());
  for (const std::string &k : keys) {
    bool ok = false;
    for (const char *a : allowed)
      ok |= k == a;
    if (!ok)
      fail(where, "unknown key '" + k + "' (the schema is closed)");
  }
}

std::vector<int64_t> intArray(const Value *v, const std::string &where) {
  const Array &a = asArray(v, where);
  std::vector<int64_t> out;
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(asInt(&a[i], where + "/" + std::to_string(i)));
  return out;
}

uint64_t parseHex64(const std::string &s, const std::string &where) {
  if (s.size() < 3 || s.size() > 18 || s[0] != '0' || s[1] != 'x')
    fail(where, "expected a hex string 0x..., got '" + s + "'");
  uint64_t v = 0;
  for (size_t i = 2; i < s.size(); ++i) {
    char c = s[i];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0)
      fail(where, "expected upper-case hex digits, got '" + s + "'");
    v = v << 4 | uint64_t(d);
  }
  return v;
}

void expectEqual(const std::string &got, const std::string &want, const std::string &where,
                 const std::string &what) {
  if (got != want)
    fail(where, what + " '" + got + "' does not match the case parameters (expected '" + want +
                    "')");
}

std::vector<int64_t> boundedInts(const Value *v, const std::string &where, int64_t lo, int64_t hi,
                                 const std::string &what) {
  std::vector<int64_t> out = intArray(v, where);
  for (size_t i = 0; i < out.size(); ++i)
    if (out[i] < lo || out[i] > hi)
      fail(where + "/" + std::to_string(i), what + " " + std::to_string(out[i]) +
                                                " does not lie in [" + std::to_string(lo) + ", " +
                                                std::to_string(hi) + "]");
  return out;
}

void readShape(const Object &in, CaseParams &p, const std::string &kind) {
  p.shape = intArray(in.get("shape"), "/input/shape");
  for (int64_t d : p.shape)
    if (d < 0)
      fail("/input/shape", "negative dimension");
  bool scalarLike = p.shapeKind == ShapeKind::Scalar || p.shapeKind == ShapeKind::ZeroD;
  if (scalarLike && !p.shape.empty())
    fail("/input/shape", "a " + kind + " input has shape []");
  if (p.shapeKind == ShapeKind::Dynamic) {
    p.dynamic.assign(p.shape.size(), false);
    for (int64_t d : intArray(in.get("dynamicDims"), "/input/dynamicDims")) {
      if (d < 0 || size_t(d) >= p.shape.size())
        fail("/input/dynamicDims", "dimension " + std::to_string(d) + " out of range");
      p.dynamic[size_t(d)] = true;
    }
  } else if (in.get("dynamicDims")) {
    fail("/input/dynamicDims", "only allowed for shape kind dynamic");
  }
}

std::optional<Rejection> readRejection(const Object &o) {
  const Value *r = o.get("rejection");
  if (!r)
    return std::nullopt;
  const Object &ro = asObject(r, "/rejection");
  closedKeys(ro, "/rejection", {"reason", "message"});
  return Rejection{asString(ro.get("reason"), "/rejection/reason"),
                   asString(ro.get("message"), "/rejection/message")};
}

int readVersion(const Object &o) {
  std::string format = asString(o.get("format"), "/format");
  if (format == kFormatVersion1)
    return 1;
  if (format == kFormatVersion2)
    return 2;
  fail("/format", "unsupported format version '" + format + "' (this quant-golden reads " +
                      readableVersions() + ")");
}

void failNotInVersion1(const std::string &where, const std::string &what) {
  fail(where, what + " is new in " + std::string(kFormatVersion2) + ", but the file is " +
                  std::string(kFormatVersion1));
}

int64_t readPeriod(const Object &in, int64_t n, int version) {
  const Value *v = in.get("period");
  if (!v)
    return 0;
  if (version == 1)
    failNotInVersion1("/input/period", "a tiled case (key 'period')");
  const int64_t period = asInt(v, "/input/period");
  if (period < 1 || period >= n)
    fail("/input/period", "period " + std::to_string(period) + " does not lie in [1, N) for N = " +
                              std::to_string(n) +
                              " elements (a tiled case repeats fewer elements than it has)");
  return period;
}

std::string listedText(int64_t period, int64_t n) {
  return period > 0 ? std::to_string(period) + " (the period; the case has " + std::to_string(n) +
                          " elements)"
                    : std::to_string(n) + " elements";
}

std::vector<std::string> readInputClasses(const Object &in, size_t listed) {
  const Array &classes = asArray(in.get("classes"), "/input/classes");
  if (classes.size() != listed)
    fail("/input/classes", std::to_string(classes.size()) + " classes for " +
                               std::to_string(listed) + " values");
  std::vector<std::string> out;
  for (size_t i = 0; i < classes.size(); ++i)
    out.push_back(asString(&classes[i], "/input/classes/" + std::to_string(i)));
  return out;
}

/// The tags every case has, after its own: `rejection` (and the rejection
/// itself, GoldenRun.h), the variant reserved for rejections, the names of
/// /expected in order (`listKey`: "profiles" for qcast / dcast, "recipes"
/// for rescale) and the sorted input classes.
void checkCommonTags(const Object &tags, const GoldenCase &c, const std::string &listKey) {
  if (asBool(tags.get("rejection"), "/tags/rejection") != c.rejection.has_value())
    fail("/tags/rejection", "does not match the presence of /rejection");
  std::string error;
  if (c.rejection && !rejectionMatchesCase(c, error))
    fail("/rejection", error);
  if (!c.rejection && c.params.variant == kRejectVariant)
    fail("/variant", "variant '" + c.params.variant + "' is reserved for rejection cases");
  auto strings = [&](const std::string &key) {
    std::vector<std::string> out;
    const Array &a = asArray(tags.get(key), "/tags/" + key);
    for (size_t i = 0; i < a.size(); ++i)
      out.push_back(asString(&a[i], "/tags/" + key + "/" + std::to_string(i)));
    return out;
  };
  if (strings(listKey) != profileNamesOf(c))
    fail("/tags/" + listKey, "does not list the " + listKey + " of /expected in order");
  if (strings("inputClasses") != classSet(c))
    fail("/tags/inputClasses", "is not the sorted set of /input/classes");
}

} // namespace qi::generators::jsonread
