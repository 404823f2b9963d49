//===- GoldenIds.cpp - Case IDs, categories, tags and seeds ----------------===//
//
// Spec: docs/golden-format.md ("Case IDs and seeds").
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenIds.h"
#include "generators/GoldenTosaOp.h"

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

std::string parameterId(const CaseParams &p) {
  if (p.op == Op::Rescale)
    return rescaleCaseId(p);
  if (p.op == Op::TosaOp)
    return tosaOpCaseId(p);
  std::string canonical = std::string(opName(p.op)) + "|" + typeSpelling(p.type) + "|" +
                          std::string(shapeKindName(p.shapeKind)) + "|" +
                          dimensionsText(p, true) + "|" + dimensionsText(p, false) + "|" +
                          p.variant;
  if (p.period > 0)
    canonical += "|tile" + std::to_string(p.period);
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
  if (p.period > 0)
    id += "-tile" + std::to_string(p.period);
  return id + "-" + hash;
}

std::string caseCategory(const CaseParams &p) {
  if (p.op == Op::Rescale)
    return rescaleCategory(p);
  if (p.op == Op::TosaOp)
    return tosaOpCategory(p);
  return std::string(opName(p.op)) + "/" + std::string(granularityName(p.type.granularity)) +
         "/" + std::string(p.type.expressed->name);
}

namespace {
std::string bitsText(numeric::Bits b) {
  return std::to_string(static_cast<unsigned long long>(b >> 64)) + ":" +
         std::to_string(static_cast<unsigned long long>(b & ~0ull));
}
} // namespace

std::string caseContentText(const GoldenCase &c) {
  std::string t = "seed=" + std::to_string(c.seed) + "|in=";
  for (numeric::Bits b : c.inputFloats)
    t += bitsText(b) + ",";
  t += "|stored=";
  for (int64_t v : c.inputStored)
    t += std::to_string(v) + ",";
  if (c.isTosaOp()) { // absent before TOSA operator cases: old IDs keep their hash
    t += "|weight=";
    for (int64_t v : c.weightStored)
      t += std::to_string(v) + ",";
    t += "|bias=";
    for (int64_t v : c.biasStored)
      t += std::to_string(v) + ",";
  }
  t += "|classes=";
  for (const std::string &k : c.inputClasses)
    t += k + ",";
  if (c.rejection)
    t += "|reject=" + c.rejection->reason + ":" + c.rejection->message;
  for (const ExpectedOutput &e : c.expected) {
    t += "|expected=" + e.profile + ":" + e.description + ":";
    for (int64_t v : e.stored)
      t += std::to_string(v) + ",";
    t += ":";
    for (numeric::Bits b : e.floats)
      t += bitsText(b) + ",";
    t += ":poison=";
    for (int64_t i : e.poison)
      t += std::to_string(i) + ",";
    t += ":intervals=";
    for (const AllowedInterval &iv : e.intervals)
      t += std::to_string(iv.index) + "[" + std::to_string(iv.lo) + "," + std::to_string(iv.hi) + "],";
  }
  return t;
}

uint64_t caseContentHash(const GoldenCase &c) { return fnv1a64(caseContentText(c)); }

std::string caseId(const CaseParams &p, const GoldenCase &c) {
  const std::string base = parameterId(p);
  char hash[32];
  std::snprintf(hash, sizeof hash, "%012llx",
                static_cast<unsigned long long>(fnv1a64(base + "|" + caseContentText(c)) &
                                                0xFFFFFFFFFFFFull));
  return base.substr(0, base.size() - 12) + hash;
}

uint64_t caseSeed(uint64_t suiteSeed, const std::string &id) {
  generators::SplitMix64 mix(suiteSeed ^ fnv1a64(id));
  return mix.next();
}

} // namespace qi::generators
