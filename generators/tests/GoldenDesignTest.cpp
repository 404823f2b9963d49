//===- GoldenDesignTest.cpp - The qcast / dcast covering design -------------===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". (1) every row's case holds
// the row's values as caseFeatures reads them, and breaks no rule; (2) the
// design alone covers every feasible value pair and every feasible
// combination of the declared triples, no combination left unrealized;
// (3) the same seed gives the same rows; (4) every case builds, a value
// case runs through quant-interp's own entry point, a rejection is rejected
// (buildCase checks it); (5) the checks fail on a dropped row and on a
// mis-realized feature.
//
//===----------------------------------------------------------------------===//
#include "generators/GoldenDesign.h"

#include "generators/GoldenCoverage.h"
#include "generators/GoldenIds.h"
#include "generators/GoldenLevels.h"
#include "generators/GoldenRun.h"
#include "generators/GoldenTile.h"

#include <gtest/gtest.h>

#include <iostream>

using namespace qi;
using namespace qi::generators;

namespace {

constexpr uint64_t kSeed = 20260;

const DesignResult &design() {
  static const DesignResult d = designRows(2, kSeed);
  return d;
}

coverage::DomainCoverage coverageOf(const std::vector<DesignRow> &rows) {
  coverage::Counter counter(*coverageModels()[0]);
  for (const DesignRow &r : rows)
    counter.add(caseFeatures(r.params).values);
  return counter.result();
}

bool complete(const coverage::DomainCoverage &d) {
  auto [pc, pf] = coverage::DomainCoverage::totals(d.pairs);
  auto [tc, tf] = coverage::DomainCoverage::totals(d.triples);
  return pc == pf && tc == tf;
}

TEST(GoldenDesign, EveryRowRealizesItsValues) {
  ASSERT_FALSE(design().rows.empty());
  for (size_t k = 0; k < design().rows.size(); ++k) {
    const DesignRow &r = design().rows[k];
    EXPECT_EQ(rowMismatch(r.values, r.params), "") << "row " << k << ": " << parameterId(r.params);
  }
}

TEST(GoldenDesign, CoversEveryFeasiblePairAndDeclaredTriple) {
  for (const std::string &u : design().unrealized)
    ADD_FAILURE() << "no realizable row for " << u;
  coverage::DomainCoverage d = coverageOf(design().rows);
  auto [pc, pf] = coverage::DomainCoverage::totals(d.pairs);
  auto [tc, tf] = coverage::DomainCoverage::totals(d.triples);
  EXPECT_EQ(pc, pf);
  EXPECT_EQ(tc, tf);
  EXPECT_EQ(d.contradictionCount, 0u) << (d.contradictions.empty() ? "" : d.contradictions[0]);
  for (const auto *group : {&d.pairs, &d.triples})
    for (const coverage::ComboCoverage &c : *group)
      EXPECT_TRUE(c.infeasible.empty()) << "a case holds a combination the rules forbid";
  int64_t listed = 0, most = 0, tiled = 0, rejections = 0;
  for (const DesignRow &r : design().rows) {
    listed += listedElementCount(r.params);
    most = std::max(most, listedElementCount(r.params));
    tiled += r.params.period > 0;
    rejections += r.params.variant == kRejectVariant;
  }
  std::cout << "design: " << design().rows.size() << " rows (" << rejections << " rejections, "
            << tiled << " tiled), " << listed << " listed elements (at most " << most
            << " in a case); pairs " << pc << " / " << pf << ", triples " << tc << " / "
            << tf << "\n";
}

TEST(GoldenDesign, Deterministic) {
  DesignResult again = designRows(2, kSeed);
  ASSERT_EQ(again.rows.size(), design().rows.size());
  for (size_t k = 0; k < again.rows.size(); ++k) {
    EXPECT_EQ(again.rows[k].values, design().rows[k].values) << "row " << k;
    EXPECT_EQ(parameterId(again.rows[k].params), parameterId(design().rows[k].params)) << "row " << k;
  }
  std::vector<CaseParams> cases = designCases(2, kSeed);
  ASSERT_EQ(cases.size(), design().rows.size());
  EXPECT_EQ(parameterId(cases.back()), parameterId(design().rows.back().params));
  EXPECT_THROW(designRows(3, kSeed), std::invalid_argument);
  // Another seed: other rows, as complete.
  DesignResult other = designRows(2, kSeed + 1);
  EXPECT_TRUE(other.unrealized.empty());
  EXPECT_TRUE(complete(coverageOf(other.rows)));
  EXPECT_NE(parameterId(other.rows.back().params), parameterId(design().rows.back().params));
}

TEST(GoldenDesign, EveryCaseBuildsAndRunsAsItsValiditySays) {
  const std::vector<std::string> profiles{"reference"};
  for (const DesignRow &r : design().rows) {
    GoldenCase c;
    try {
      c = buildCase(r.params, Level::Full, 1, profiles);
    } catch (const std::logic_error &e) {
      ADD_FAILURE() << parameterId(r.params) << ": " << e.what();
      continue;
    }
    EXPECT_NO_THROW(checkTiled(c)) << c.id; // what the writer checks of a tiled case
    if (c.rejection)
      continue; // buildCase had quant-interp reject it, for the case's reason
    EXPECT_FALSE(c.expected.empty()) << c.id;
    RunOutcome run = runProgram(c);
    EXPECT_TRUE(run.setupError.empty() && !run.rejection)
        << c.id << ": " << run.setupError << (run.rejection ? run.rejection->message : "");
  }
}

// The checks above can fail: a design without its last row (which covered
// something new when it was added) is incomplete; a case with one feature
// changed no longer realizes its row.
TEST(GoldenDesign, PlantedBugsAreCaught) {
  std::vector<DesignRow> dropped = design().rows;
  dropped.pop_back();
  EXPECT_FALSE(complete(coverageOf(dropped)));

  const DesignRow &r = design().rows.front();
  CaseParams opFlipped = r.params;
  opFlipped.op = opFlipped.op == Op::QCast ? Op::DCast : Op::QCast;
  EXPECT_NE(rowMismatch(r.values, opFlipped).find("op:"), std::string::npos);
  CaseParams widened = r.params;
  widened.type.storage.width = widened.type.storage.width == 8 ? 16 : 8;
  EXPECT_NE(rowMismatch(r.values, widened), "");
  CaseParams flipped = r.params;
  flipped.variant = flipped.variant.empty() ? std::string(kRejectVariant) : "";
  EXPECT_NE(rowMismatch(r.values, flipped).find("validity:"), std::string::npos);
}

} // namespace
