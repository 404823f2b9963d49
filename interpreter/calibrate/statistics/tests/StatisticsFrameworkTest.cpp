//===- StatisticsFrameworkTest.cpp - Statistics against PyTorch and numpy -===//
//
// Spec: [calib.statistic.minmax], [calib.statistic.moving-average],
// [calib.statistic.percentile], [calib.statistic.kl] (its histogram step).
// framework_statistics.py runs PyTorch 1.13's observers, TVM's percentile
// lines and numpy.histogram on random and special data and prints the
// expected results; every one must equal ours bit for bit. Missing torch is
// a failure, never a skip.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/statistics/Statistics.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace qi::calibrate;

namespace {

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator))
    parts.push_back(part);
  if (!text.empty() && text.back() == separator)
    parts.push_back("");
  return parts;
}

std::vector<double> numbers(const std::string &text) {
  std::vector<double> values;
  if (text.empty())
    return values;
  for (const std::string &item : split(text, ','))
    values.push_back(std::strtod(item.c_str(), nullptr));
  return values;
}

/// Equal as bit patterns, every NaN equal to every NaN.
bool same(double a, double b) {
  return (std::isnan(a) && std::isnan(b)) || std::memcmp(&a, &b, sizeof a) == 0;
}

std::string runScript() {
  const std::string command =
      "/usr/bin/python3 " QI_SOURCE_DIR
      "/interpreter/calibrate/statistics/tests/framework_statistics.py";
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe)
    return {};
  std::string output;
  char buffer[65536];
  size_t got;
  while ((got = fread(buffer, 1, sizeof buffer, pipe)) > 0)
    output.append(buffer, got);
  const int status = pclose(pipe);
  if (status != 0)
    ADD_FAILURE() << command << " failed (status " << status
                  << "): /usr/bin/python3 needs python3-torch and python3-numpy (.ci/setup)";
  return output;
}

} // namespace

TEST(StatisticsFramework, EqualsPyTorchAndNumpy) {
  const std::string output = runScript();
  int statisticCases = 0, histogramCases = 0;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> fields = split(line, '|');
    if (fields[0] == "histogram") {
      ASSERT_EQ(fields.size(), 6u) << line;
      std::vector<double> range = numbers(fields[2].substr(0, fields[2].find(' ')) + "," +
                                          fields[2].substr(fields[2].find(' ') + 1));
      Histogram h = numpyHistogram(numbers(fields[3]), std::stoll(fields[1]), range[0], range[1]);
      std::vector<double> counts = numbers(fields[4]), edges = numbers(fields[5]);
      ASSERT_EQ(h.counts.size(), counts.size()) << line;
      for (size_t i = 0; i < counts.size(); ++i)
        ASSERT_EQ(static_cast<double>(h.counts[i]), counts[i]) << "bin " << i << ": " << line;
      ASSERT_EQ(h.edges.size(), edges.size()) << line;
      for (size_t i = 0; i < edges.size(); ++i)
        ASSERT_TRUE(same(h.edges[i], edges[i])) << "edge " << i << ": " << line;
      ++histogramCases;
      continue;
    }
    ASSERT_EQ(fields.size(), 3u) << line;
    std::string error;
    std::optional<Statistic> statistic = parseStatistic(fields[0], &error);
    ASSERT_TRUE(statistic) << error;
    CalibrationData data;
    for (const std::string &batch : split(fields[1], ';'))
      data.push_back(numbers(batch));
    std::vector<double> expected = numbers(fields[2].substr(0, fields[2].find(' ')) + "," +
                                           fields[2].substr(fields[2].find(' ') + 1));
    StatisticResult result = computeStatistic(*statistic, data);
    ASSERT_TRUE(result.ok) << result.refusal << ": " << line;
    EXPECT_TRUE(same(result.range.min, expected[0]))
        << "min " << result.range.min << " expected " << expected[0] << ": " << line;
    EXPECT_TRUE(same(result.range.max, expected[1]))
        << "max " << result.range.max << " expected " << expected[1] << ": " << line;
    ++statisticCases;
  }
  // 400 random cases of minmax and moving-average, most of percentile, the
  // signed-zero cases, ~190 histograms: a short output means the script broke.
  EXPECT_GE(statisticCases, 1000);
  EXPECT_GE(histogramCases, 150);
}
