//===- StatisticsTest.cpp - Worked examples of the statistics -------------===//
//
// Spec: [calib.statistic.*] (spec/calibration-statistics.md). Each expected
// range is worked out by hand in the comment beside it.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/statistics/Statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace qi::calibrate;

namespace {

Statistic parse(const char *text) {
  std::string error;
  std::optional<Statistic> statistic = parseStatistic(text, &error);
  EXPECT_TRUE(statistic) << text << ": " << error;
  return statistic.value_or(Statistic{});
}

Range rangeOf(const char *statistic, const CalibrationData &data) {
  StatisticResult result = computeStatistic(parse(statistic), data);
  EXPECT_TRUE(result.ok) << statistic << ": " << result.refusal;
  return result.range;
}

std::string refusalOf(const char *statistic, const CalibrationData &data) {
  StatisticResult result = computeStatistic(parse(statistic), data);
  EXPECT_FALSE(result.ok) << statistic;
  return result.refusal;
}

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

} // namespace

// [calib.statistic.minmax] running min / max over the batches, in binary32.
TEST(Statistics, MinMaxOverBatches) {
  Range r = rangeOf("minmax", {{1.0, -2.0}, {}, {3.0}});
  EXPECT_EQ(r.min, -2.0);
  EXPECT_EQ(r.max, 3.0);
  // 0.1 is rounded to binary32 first: 0x1.99999ap-4.
  r = rangeOf("minmax", {{0.1}});
  EXPECT_EQ(r.min, 0x1.99999ap-4);
  EXPECT_EQ(r.max, 0x1.99999ap-4);
  // 1e39 overflows binary32 to +inf.
  EXPECT_EQ(rangeOf("minmax", {{1e39}}).max, kInf);
}

// No value observed: the observer's initial state (+inf, -inf) stays.
TEST(Statistics, MinMaxWithoutValuesKeepsInitialState) {
  Range r = rangeOf("minmax", {{}, {}});
  EXPECT_EQ(r.min, kInf);
  EXPECT_EQ(r.max, -kInf);
}

// NaN in one batch: aminmax gives NaN, and torch.min / torch.max keep it.
TEST(Statistics, MinMaxNanPropagates) {
  Range r = rangeOf("minmax", {{1.0}, {2.0, kNan}, {5.0}});
  EXPECT_TRUE(std::isnan(r.min));
  EXPECT_TRUE(std::isnan(r.max));
}

// Equal values: the later one (torch keeps -0.0 after 0.0).
TEST(Statistics, MinMaxSignedZeroTies) {
  Range r = rangeOf("minmax", {{0.0, -0.0}});
  EXPECT_TRUE(std::signbit(r.min));
  EXPECT_TRUE(std::signbit(r.max));
  r = rangeOf("minmax", {{-0.0}, {0.0}});
  EXPECT_FALSE(std::signbit(r.min));
}

// [calib.statistic.moving-average] first batch sets; then
// min = min + c * (batch_min - min), in binary32.
TEST(Statistics, MovingAverageHalf) {
  // c = 0.5: {0, 4}, then batch {2, 2}: 0 + 0.5 * 2 = 1, 4 + 0.5 * (-2) = 3.
  Range r = rangeOf("moving-average:c=0.5", {{0.0, 4.0}, {2.0, 2.0}});
  EXPECT_EQ(r.min, 1.0);
  EXPECT_EQ(r.max, 3.0);
}

TEST(Statistics, MovingAverageConstantIsBinary32) {
  // c = 0.01 becomes binary32 0x1.47ae14p-7; 0 + c * (1 - 0) = c.
  Range r = rangeOf("moving-average", {{0.0, 1.0}, {1.0}});
  EXPECT_EQ(r.min, 0x1.47ae14p-7);
  EXPECT_EQ(r.max, 1.0);
  // 3 batches, c = 0.5: 8 -> 8 + 0.5 * (0 - 8) = 4 -> 4 + 0.5 * (0 - 4) = 2.
  EXPECT_EQ(rangeOf("moving-average:c=0.5", {{8.0}, {0.0}, {0.0}}).max, 2.0);
}

// [calib.statistic.percentile] k = int(size * p); the k-th smallest |x|.
TEST(Statistics, PercentileIndex) {
  // |x| = {4, 1, 2, 3}; k = int(4 * 0.5) = 2; sorted {1, 2, 3, 4}[2] = 3.
  Range r = rangeOf("percentile:p=0.5", {{-4.0, 1.0}, {2.0, 3.0}});
  EXPECT_EQ(r.min, -3.0);
  EXPECT_EQ(r.max, 3.0);
  // Default p = 0.99999: k = int(3.99996) = 3, the largest, 4.
  EXPECT_EQ(rangeOf("percentile", {{-4.0, 1.0, 2.0, 3.0}}).max, 4.0);
  // NaN sorts last: {1, 2, NaN}, k = int(1.5) = 1 -> 2.
  EXPECT_EQ(rangeOf("percentile:p=0.5", {{kNan, 1.0, -2.0}}).max, 2.0);
  // Values keep binary64: no rounding to binary32.
  EXPECT_EQ(rangeOf("percentile:p=0", {{0.1, 0.2}}).max, 0.1);
}

TEST(Statistics, PercentileOutOfBounds) {
  EXPECT_EQ(refusalOf("percentile:p=1", {{1.0, 2.0}}), "np.partition: kth(=2) out of bounds (2)");
  EXPECT_EQ(refusalOf("percentile", {{}}), "np.partition: kth(=0) out of bounds (0)");
}

// [calib.statistic.kl] numpy.histogram, then TVM's MinimizeKL.
TEST(Statistics, KlHistogramEdges) {
  // range (-1, 1), 3 bins: step 2/3, edges -1, -1 + 2/3, -1 + 4/3, 1.
  Histogram h = numpyHistogram({-1.0, 0.0, 1.0, 0.5}, 3, -1.0, 1.0);
  ASSERT_EQ(h.edges.size(), 4u);
  EXPECT_EQ(h.edges[1], 2.0 / 3.0 + -1.0);
  EXPECT_EQ(h.edges[3], 1.0);
  // -1 -> bin 0; 0 -> bin 1; 0.5 -> bin 2; 1 (the last edge) -> bin 2.
  EXPECT_EQ(h.counts, (std::vector<int64_t>{1, 1, 2}));
}

TEST(Statistics, KlSmallestCase) {
  // {-1, 0, 1}, 3 bins, 1 quantized bin: thresholds edges[2] (i = 0) and
  // edges[3] = 1 (i = 1). i = 0: the slice {0} merges to q = {0}, which
  // SmoothDistribution rejects: divergence inf. i = 1: p = {1, 1, 1},
  // q = {2/2, 2/2, 2/2}: divergence 0. The threshold is 1.
  Range r = rangeOf("kl:bins=3,quantized_bins=1", {{-1.0, 0.0, 1.0}});
  EXPECT_EQ(r.min, -1.0);
  EXPECT_EQ(r.max, 1.0);
  // The threshold is a binary32 edge: data up to 0.1 gives f32(0.1).
  EXPECT_EQ(rangeOf("kl:bins=3,quantized_bins=1", {{-0.1, 0.0, 0.1}}).max, 0x1.99999ap-4);
}

TEST(Statistics, KlRefusals) {
  EXPECT_EQ(refusalOf("kl", {{1.0, kNan}}),
            "numpy.histogram: supplied range of [nan, nan] is not finite");
  EXPECT_EQ(refusalOf("kl", {{1.0, -kInf}}),
            "numpy.histogram: supplied range of [-inf, inf] is not finite");
  EXPECT_EQ(refusalOf("kl", {{}}),
            "np.min: zero-size array to reduction operation minimum which has no identity");
  EXPECT_EQ(refusalOf("kl:bins=5,quantized_bins=7", {{1.0}}),
            "num_bins / 2 (2) < num_quantized_bins / 2 (3): TVM's MinimizeKL has no threshold "
            "to try");
  // uint8 on non-negative data doubles the quantized bins: 2 * 2 + 1 = 5.
  EXPECT_EQ(refusalOf("kl:bins=3,quantized_bins=2,dtype=uint8", {{1.0}}),
            "num_bins / 2 (1) < num_quantized_bins / 2 (2): TVM's MinimizeKL has no threshold "
            "to try");
}

// [calib.statistic.spelling]
TEST(Statistics, Spelling) {
  EXPECT_EQ(parse("minmax").spelling(), "minmax");
  EXPECT_EQ(parse("moving-average").spelling(), "moving-average:c=0.01");
  EXPECT_EQ(parse("percentile:p=0.9").spelling(), "percentile:p=0.9");
  EXPECT_EQ(parse("kl").spelling(), "kl:bins=8001,dtype=int8,quantized_bins=255");
  std::string error;
  EXPECT_FALSE(parseStatistic("median", &error));
  EXPECT_EQ(error, "unknown statistic 'median' (expected one of: minmax, moving-average, "
                   "percentile, kl)");
  EXPECT_FALSE(parseStatistic("kl:bins=2048", &error));
  EXPECT_EQ(error, "statistic 'kl' option 'bins': expected an odd number of bins from 1 to 65535 "
                   "(TVM's num_bins; an even one reads past the histogram's edges in MinimizeKL, "
                   "and the search is quadratic in it), got '2048'");
  EXPECT_TRUE(parseStatistic("kl:bins=65535", &error)) << error;
  EXPECT_FALSE(parseStatistic("kl:bins=65537", &error));
  EXPECT_FALSE(parseStatistic("percentile:p=99.99", &error));
  EXPECT_EQ(error, "statistic 'percentile' option 'p': expected a fraction from 0 to 1 (TVM's "
                   "percentile, e.g. 0.99999), got '99.99'");
  EXPECT_FALSE(parseStatistic("minmax:c=1", &error));
  EXPECT_EQ(error, "statistic 'minmax': unknown option 'c' (options: none)");
}
