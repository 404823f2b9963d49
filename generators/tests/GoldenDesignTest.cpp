//===- GoldenDesignTest.cpp - The qcast / dcast and rescale covering designs ===//
//
// Spec: docs/vendor-guide.md, "Coverage classes". For each design (qcast /
// dcast, rescale): (1) every row's case holds
// the row's values as caseFeatures reads them, and breaks no rule; (2) the
// design alone covers every feasible value pair and every feasible
// combination of the declared ones, no combination left unrealized;
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

const DesignModel kModels[] = {DesignModel::Cast, DesignModel::Rescale};

const char *nameOf(DesignModel m) { return m == DesignModel::Cast ? "qcast / dcast" : "rescale"; }

const DesignResult &design(DesignModel m = DesignModel::Cast) {
  static const DesignResult cast = designRows(DesignModel::Cast, 2, kSeed),
                            rescale = designRows(DesignModel::Rescale, 2, kSeed);
  return m == DesignModel::Cast ? cast : rescale;
}

coverage::DomainCoverage coverageOf(DesignModel m, const std::vector<DesignRow> &rows) {
  coverage::Counter counter(*coverageModels()[m == DesignModel::Cast ? 0 : 1]);
  for (const DesignRow &r : rows)
    counter.add(caseFeatures(r.params).values);
  return counter.result();
}

bool complete(const coverage::DomainCoverage &d) {
  auto [pc, pf] = coverage::DomainCoverage::totals(d.pairs);
  auto [tc, tf] = coverage::DomainCoverage::totals(d.declared);
  return pc == pf && tc == tf;
}

TEST(GoldenDesign, EveryRowRealizesItsValues) {
  for (DesignModel m : kModels) {
    ASSERT_FALSE(design(m).rows.empty()) << nameOf(m);
    for (size_t k = 0; k < design(m).rows.size(); ++k) {
      const DesignRow &r = design(m).rows[k];
      EXPECT_EQ(rowMismatch(r.values, r.params), "") << nameOf(m) << " row " << k << ": "
                                                     << parameterId(r.params);
    }
  }
}

TEST(GoldenDesign, CoversEveryFeasiblePairAndDeclaredTriple) {
  for (DesignModel m : kModels) {
    for (const std::string &u : design(m).unrealized)
      ADD_FAILURE() << nameOf(m) << ": no realizable row for " << u;
    coverage::DomainCoverage d = coverageOf(m, design(m).rows);
    auto [pc, pf] = coverage::DomainCoverage::totals(d.pairs);
    auto [tc, tf] = coverage::DomainCoverage::totals(d.declared);
    EXPECT_EQ(pc, pf);
    EXPECT_EQ(tc, tf);
    EXPECT_EQ(d.contradictionCount, 0u) << (d.contradictions.empty() ? "" : d.contradictions[0]);
    for (const auto *group : {&d.pairs, &d.declared})
      for (const coverage::ComboCoverage &c : *group)
        EXPECT_TRUE(c.infeasible.empty()) << "a case holds a combination the rules forbid";
    int64_t listed = 0, most = 0, tiled = 0, rejections = 0;
    for (const DesignRow &r : design(m).rows) {
      listed += listedElementCount(r.params);
      most = std::max(most, listedElementCount(r.params));
      tiled += r.params.period > 0;
      rejections += r.params.variant == kRejectVariant;
    }
    std::cout << nameOf(m) << " design: " << design(m).rows.size() << " rows (" << rejections
              << " rejections, " << tiled << " tiled), " << listed << " listed elements (at most "
              << most << " in a case); pairs " << pc << " / " << pf << ", declared " << tc << " / "
              << tf << "\n";
  }
}

TEST(GoldenDesign, Deterministic) {
  for (DesignModel m : kModels) {
    DesignResult again = designRows(m, 2, kSeed);
    ASSERT_EQ(again.rows.size(), design(m).rows.size()) << nameOf(m);
    for (size_t k = 0; k < again.rows.size(); ++k) {
      EXPECT_EQ(again.rows[k].values, design(m).rows[k].values) << nameOf(m) << " row " << k;
      EXPECT_EQ(parameterId(again.rows[k].params), parameterId(design(m).rows[k].params))
          << nameOf(m) << " row " << k;
    }
    std::vector<CaseParams> cases = designCases(m, 2, kSeed);
    ASSERT_EQ(cases.size(), design(m).rows.size());
    EXPECT_EQ(parameterId(cases.back()), parameterId(design(m).rows.back().params));
    EXPECT_THROW(designRows(m, 3, kSeed), std::invalid_argument);
    // Another seed: other rows, as complete.
    DesignResult other = designRows(m, 2, kSeed + 1);
    EXPECT_TRUE(other.unrealized.empty()) << nameOf(m);
    EXPECT_TRUE(complete(coverageOf(m, other.rows))) << nameOf(m);
    EXPECT_NE(parameterId(other.rows.back().params), parameterId(design(m).rows.back().params));
  }
  // The qcast / dcast shorthand is the Cast design.
  EXPECT_EQ(parameterId(designCases(2, kSeed).back()),
            parameterId(design(DesignModel::Cast).rows.back().params));
}

TEST(GoldenDesign, EveryCaseBuildsAndRunsAsItsValiditySays) {
  const std::vector<std::string> profiles{"reference"};
  for (DesignModel m : kModels)
    for (const DesignRow &r : design(m).rows) {
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
  for (DesignModel m : kModels) {
    std::vector<DesignRow> dropped = design(m).rows;
    dropped.pop_back();
    EXPECT_FALSE(complete(coverageOf(m, dropped))) << nameOf(m);
  }

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

  const DesignRow &rs = design(DesignModel::Rescale).rows.front();
  CaseParams signFlipped = rs.params;
  signFlipped.rescale.attributes.outputUnsigned = !signFlipped.rescale.attributes.outputUnsigned;
  EXPECT_NE(rowMismatch(rs.values, signFlipped).find("signedness:"), std::string::npos);
  CaseParams grown = rs.params;
  grown.shape.insert(grown.shape.begin(), 300); // another size band, rank 1 more
  grown.shapeKind = ShapeKind::Static;
  grown.dynamic.clear();
  EXPECT_NE(rowMismatch(rs.values, grown), "");
  CaseParams rescaleFlipped = rs.params;
  rescaleFlipped.variant = rescaleFlipped.variant.empty() ? std::string(kRejectVariant) : "";
  EXPECT_NE(rowMismatch(rs.values, rescaleFlipped).find("validity:"), std::string::npos);
}

} // namespace
