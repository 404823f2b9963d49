//===- RequantizeTable.h - Where the requantize recipes differ ---*- C++ -*-===//
//
// Spec: [requant.differences]. Generates docs/requantize-table.md: representative
// rescales under every recipe, the first of them that separates each pair of
// recipes, and how often each recipe differs from `tosa` on seeded random
// sweeps. Printed by `quant-profile-table --requantize-table`; the test
// requantize-table-current fails when the checked-in file is stale.
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_REQUANTIZETABLE_H
#define QI_REQUANT_REQUANTIZETABLE_H

#include <string>

namespace qi::requant {

/// The whole of docs/requantize-table.md.
std::string requantizeTableMarkdown();

} // namespace qi::requant

#endif
