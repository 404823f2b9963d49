//===- GoldenIds.h - Case IDs, categories, tags and seeds -------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Case IDs and seeds"). Case IDs are derived
// from the case's parameters (op, quantized type, shape kind, concrete
// shape, variant), never from generation order, so adding a case to a level
// does not rename the others. Each case has its own seed, derived from the
// suite seed and the ID, for its random input elements (generators/Prng.h;
// no std::*_distribution).
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENIDS_H
#define QI_GENERATORS_GOLDENIDS_H

#include "generators/GoldenCase.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace qi::generators {

/// Suite seed unless --seed says otherwise.
inline constexpr uint64_t kDefaultSeed = 1;

/// The parameter ID (what the case seed is derived from, and the unit of a
/// level's deduplication): `<op>-<granularity>-<storage>[n]-<expressed>-<shape kind>-<hash>`
/// (hash: 64-bit FNV-1a of the canonical parameter text, 12 hex digits);
/// rescale: `rescale-<granularity>-<in>-<out>-<rounding>-<shape kind>-<hash>`
/// (GoldenRescale.h).
std::string parameterId(const CaseParams &p);
/// [conform.case-ids] The case's ID: parameterId's text with its hash
/// replaced by the low 48 bits of FNV-1a(parameterId | caseContentText(c)),
/// so two cases that differ in inputs or expected outputs (their semantics
/// lines included) never share an ID. `c` holds the inputs and expected
/// outputs (its own params may be unset).
std::string caseId(const CaseParams &p, const GoldenCase &c);
/// `<op>/<granularity>/<expressed>` (rescale: `rescale/<in>-<out>/<rounding>`):
/// the unit of the manifest's counts and of the sampling tests.
std::string caseCategory(const CaseParams &p);
/// Storage spelling as a tag: `i8`, `u4`.
std::string storageTag(const quant::QuantType &type);

/// Canonical text of what a case holds beyond its parameters: seed, inputs
/// (bit patterns / integers, classes), rejection, and every expected output
/// (profile or recipe, its semantics line, values, don't-care indices,
/// intervals). Two cases with equal parameters and equal content text are
/// the same case.
std::string caseContentText(const GoldenCase &c);
/// 64-bit FNV-1a of caseContentText.
uint64_t caseContentHash(const GoldenCase &c);

/// Per-case seed: splitmix64 of the suite seed mixed with the ID's hash.
/// `id` is the case's parameterId.
uint64_t caseSeed(uint64_t suiteSeed, const std::string &id);
/// 64-bit FNV-1a.
uint64_t fnv1a64(std::string_view text);

} // namespace qi::generators

#endif
