//===- GoldenIds.cpp - Case IDs, categories, tags and seeds ----------------===//
//
// Spec: docs/golden-format.md ("Case IDs and seeds").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenIds.h"

#include "generators/GoldenProgram.h"
#include "generators/GoldenRescale.h"
#include "generators/Prng.h"

#include <cstdio>

namespace qi::generators {

uint64_t fnv1a64(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string storageTag(const quant::QuantType &type) { return type.storage.name(); }

std::string caseId(const CaseParams &p) {
  if (p.op == Op::Rescale)
    return rescaleCaseId(p);
  std::string canonical = std::string(opName(p.op)) + "|" + typeSpelling(p.type) + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" +
                          dimensionsText(p, true) + "|" + dimensionsText(p, false) + "|" +
                          p.variant;
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(canonical) & 0xFFFFFFFFFFFFull));
  std::string id = std::string(opName(p.op)) + "-" +
                   std::string(granularityName(p.type.granularity)) + "-" +
                   storageTag(p.type) + (p.type.hasNarrowBounds() ? "n" : "") + "-" +
                   std::string(p.type.expressed->name) + "-" +
                   std::string(shapeKindName(p.shapeKind));
  if (!p.variant.empty())
    id += "-" + p.variant;
  return id + "-" + hash;
}

std::string caseCategory(const CaseParams &p) {
  if (p.op == Op::Rescale)
    return rescaleCategory(p);
  return std::string(opName(p.op)) + "/" + std::string(granularityName(p.type.granularity)) +
         "/" + std::string(p.type.expressed->name);
}

uint64_t caseSeed(uint64_t suiteSeed, const std::string &id) {
  generators::SplitMix64 mix(suiteSeed ^ fnv1a64(id));
  return mix.next();
}

} // namespace qi::generators
