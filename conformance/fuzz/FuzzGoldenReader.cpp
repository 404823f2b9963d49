//===- FuzzGoldenReader.cpp - libFuzzer: the golden-case reader ------------===//
//
// Harness (3) of docs/reliability.md: the strict quant-interp-golden reader (/1 and /2)
// (generators/GoldenFormat.h). Every input is given to both
// qi::generators::caseFromJson and qi::generators::manifestFromJson. Rejections are
// fine (they must come with a non-empty "WHERE: PROBLEM" message); crashes,
// sanitizer reports, uncaught exceptions and timeouts are findings.
//
// A case the reader accepts is also written back (caseToJson, pretty and
// compact) and read again: the writer's output of an accepted case must be
// accepted and must write the same text. A violation aborts (a finding: the
// writer and the reader disagree on the format).
//
// Seeds: golden/v2/smoke (every case file and the manifest), written by
// make-corpus.py into seed-golden/.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace qi::generators;

namespace {

[[noreturn]] void finding(const char *what, const std::string &detail) {
  std::fprintf(stderr, "GOLDEN READER FINDING: %s\n%s\n", what, detail.c_str());
  std::abort();
}

void roundTrip(const GoldenCase &c) {
  std::string first = caseToJson(c);
  for (bool compact : {false, true}) {
    std::string text = compact ? caseToJson(c, true) : first;
    GoldenCase again;
    std::string error;
    if (!caseFromJson(text, again, error))
      finding("the writer's output of an accepted case is rejected", error + "\n" + text);
    if (caseToJson(again) != first)
      finding("an accepted case does not write back the same", text);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  {
    GoldenCase c;
    std::string error;
    if (caseFromJson(text, c, error))
      roundTrip(c);
    else if (error.empty())
      finding("caseFromJson rejected the input without a message", text);
  }
  {
    Manifest m;
    std::string error;
    if (!manifestFromJson(text, m, error) && error.empty())
      finding("manifestFromJson rejected the input without a message", text);
  }
  return 0;
}
