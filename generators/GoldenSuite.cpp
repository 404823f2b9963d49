//===- GoldenSuite.cpp - Reading a whole suite directory --------------------===//
//
// Spec: docs/golden-format.md ("Layout", "Errors"). The manifest and every
// case it lists, each validated by the strict reader (GoldenReader.cpp), and
// the rows cross-checked (ID, element counts, category, profiles).
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenFormat.h"

#include "generators/GoldenTosaOp.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenTile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace qi::generators {

bool readFile(const std::string &path, std::string &text, std::string &error) {
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = std::strerror(errno);
    return false;
  }
  text.clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    text.append(buf, n);
  bool bad = std::ferror(f);
  std::fclose(f);
  if (bad) {
    error = "read error";
    return false;
  }
  return true;
}

bool loadSuite(const std::string &dir, Manifest &manifest, std::vector<GoldenCase> &cases,
               std::string &error) {
  std::string manifestPath = dir + "/manifest.json";
  std::string text, why;
  if (!readFile(manifestPath, text, why)) {
    error = manifestPath + ": cannot read: " + why;
    return false;
  }
  if (!manifestFromJson(text, manifest, why)) {
    error = manifestPath + ": " + why;
    return false;
  }
  cases.clear();
  for (const ManifestEntry &e : manifest.cases) {
    std::string path = dir + "/" + e.file;
    if (!readFile(path, text, why)) {
      error = path + ": cannot read: " + why + " (listed in " + manifestPath + ")";
      return false;
    }
    GoldenCase c;
    if (!caseFromJson(text, c, why)) {
      error = path + ": " + why;
      return false;
    }
    if (c.id != e.id) {
      error = path + ": /id: '" + c.id + "' but the manifest lists it as '" + e.id + "'";
      return false;
    }
    if (c.numOutputs() != e.elements || caseCategory(c.params) != e.category) {
      error = path + ": does not match its manifest row (elements / category)";
      return false;
    }
    if (listedElements(c) != e.listed) {
      error = path + ": lists " + std::to_string(listedElements(c)) +
              " elements, but its manifest row says " + std::to_string(e.listed) + " (listed)";
      return false;
    }
    std::vector<std::string> profiles = profileNamesOf(c);
    if (!c.rejection && c.isTosaOp() &&
        profiles != std::vector<std::string>{std::string(kTosaOpSemantics)}) {
      error = path + ": /expected: a TOSA operator case has the one expected output '" +
              std::string(kTosaOpSemantics) + "'";
      return false;
    }
    if (!c.rejection && !c.isRescale() && !c.isTosaOp() && profiles != manifest.profiles) {
      error = path + ": /expected: profiles differ from the manifest's profiles";
      return false;
    }
    if (!c.rejection && c.isRescale() && profiles != manifest.recipes) {
      error = path + ": /expected: recipes differ from the manifest's recipes";
      return false;
    }
    cases.push_back(std::move(c));
  }
  return true;
}

} // namespace qi::generators
