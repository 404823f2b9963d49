//===- TileTestSupport.h - Shared helpers of the tiled-case tests -*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Tiled cases"). What GoldenTileTest and
// GoldenTosaTileTest both use: the shape and period of their tiled cases,
// the comparison of two cases' contents, the reader's and the writer's
// error for a text or case, and the byte-for-byte round trip.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_TESTS_TILETESTSUPPORT_H
#define QI_GENERATORS_TESTS_TILETESTSUPPORT_H

#include "generators/GoldenFormat.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace qi::generators::tiletest {

inline constexpr int64_t kPeriod = 7;
inline const Shape kShape = {4, 25}; // 100 elements: the period does not divide them

inline void expectSameContent(const GoldenCase &a, const GoldenCase &b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.params.period, b.params.period);
  EXPECT_TRUE(a.inputFloats == b.inputFloats);
  EXPECT_EQ(a.inputStored, b.inputStored);
  EXPECT_EQ(a.input2Stored, b.input2Stored);
  EXPECT_EQ(a.weightStored, b.weightStored);
  EXPECT_EQ(a.biasStored, b.biasStored);
  EXPECT_EQ(a.inputClasses, b.inputClasses);
  ASSERT_EQ(a.expected.size(), b.expected.size());
  for (size_t k = 0; k < a.expected.size(); ++k) {
    EXPECT_EQ(a.expected[k].stored, b.expected[k].stored) << k;
    EXPECT_TRUE(a.expected[k].floats == b.expected[k].floats) << k;
    EXPECT_EQ(a.expected[k].poison, b.expected[k].poison) << k;
    ASSERT_EQ(a.expected[k].intervals.size(), b.expected[k].intervals.size()) << k;
    for (size_t i = 0; i < a.expected[k].intervals.size(); ++i) {
      const AllowedInterval &x = a.expected[k].intervals[i], &y = b.expected[k].intervals[i];
      EXPECT_TRUE(x.index == y.index && x.lo == y.lo && x.hi == y.hi) << k << ", interval " << i;
    }
  }
}

/// `text` with the first `from` replaced by `to` (which must be there).
inline std::string edited(std::string text, const std::string &from, const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' is not in the text";
  if (at != std::string::npos)
    text.replace(at, from.size(), to);
  return text;
}

/// The reader's error for `text` ("" if it reads).
inline std::string readError(const std::string &text) {
  GoldenCase c;
  std::string error;
  return caseFromJson(text, c, error) ? std::string() : error;
}

inline std::string writerError(const GoldenCase &c) {
  try {
    caseToJson(c);
  } catch (const std::logic_error &e) {
    return e.what();
  }
  return "";
}

/// Written, read back expanded, written again: the same bytes (pretty and
/// compact).
inline void expectRoundTrip(const GoldenCase &c) {
  ASSERT_EQ(writerError(c), "");
  const std::string text = caseToJson(c);
  GoldenCase back;
  std::string error;
  ASSERT_TRUE(caseFromJson(text, back, error)) << error;
  expectSameContent(c, back);
  EXPECT_EQ(caseToJson(back), text); // byte for byte
  const std::string line = caseToJson(c, /*compact=*/true);
  GoldenCase fromLine;
  ASSERT_TRUE(caseFromJson(line, fromLine, error)) << error;
  expectSameContent(c, fromLine);
  EXPECT_EQ(caseToJson(fromLine, true), line);
}

} // namespace qi::generators::tiletest

#endif
