//===- Statistics.h - From calibration data to an observed range -*- C++ -*-===//
//
// Spec: [calib.statistic] (spec/calibration-statistics.md). A statistic is
// what a framework's observer or calibration pass computes from the values a
// tensor takes on the calibration data: the range [min, max] that a
// calibration recipe (CalibrationRecipe.h) then turns into a scale and zero
// point. Each statistic follows one function of its framework's source step
// by step, in that framework's float format:
//   minmax          PyTorch 1.13 MinMaxObserver.forward (binary32)
//   moving-average  PyTorch 1.13 MovingAverageMinMaxObserver.forward (binary32)
//   percentile      TVM relay.quantize _find_scale_by_percentile (binary64)
//   kl              TVM relay.quantize _find_scale_by_kl and
//                   FindScaleByKLMinimization (histogram in binary64, the
//                   search in binary32)
//
//===----------------------------------------------------------------------===//
#ifndef QI_CALIBRATE_STATISTICS_STATISTICS_H
#define QI_CALIBRATE_STATISTICS_STATISTICS_H

#include "interpreter/calibrate/CalibrationRecipe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::calibrate {

/// A statistic and its options, written `name[:key=value,...]`, e.g.
/// `moving-average:c=0.01`. [calib.statistic.spelling]
struct Statistic {
  enum class Kind { MinMax, MovingAverage, Percentile, Kl };
  Kind kind = Kind::MinMax;
  /// moving-average `c`: PyTorch's averaging_constant (a Python float).
  double averagingConstant = 0.01;
  /// percentile `p`: TVM's `percentile` argument, a fraction (0.99999).
  double percentile = 0.99999;
  /// kl `bins`, `quantized_bins`, `dtype`: TVM's num_bins, num_quantized_bins
  /// and quantized_dtype ("int8" or "uint8").
  int64_t bins = 8001;
  int64_t quantizedBins = 255;
  bool unsignedDtype = false;

  /// Every option of the kind with its value, e.g. "moving-average:c=0.01"
  /// (numbers as the shortest decimal that reads back to the same double).
  std::string spelling() const;
};

/// Parses `name[:key=value,...]`; on failure nullopt and `error` names the
/// statistic or option, what was expected and what was given.
std::optional<Statistic> parseStatistic(std::string_view text, std::string *error);

/// "minmax, moving-average, percentile, kl".
std::string allStatisticNames();

/// The range a statistic gives, or why the framework fails on the data.
struct StatisticResult {
  bool ok = false;
  Range range;
  /// When !ok: the framework's error, e.g. numpy's "supplied range of
  /// [nan, nan] is not finite".
  std::string refusal;
};

/// The calibration data of one tensor (or one channel): the batches in the
/// order they are observed, each a list of values. Values are binary64; the
/// PyTorch statistics first round them to binary32 (`x.to(torch.float32)`).
using CalibrationData = std::vector<std::vector<double>>;

/// Runs `statistic` over `data`. [calib.statistic]
StatisticResult computeStatistic(const Statistic &statistic, const CalibrationData &data);

/// The histogram numpy.histogram(a, bins, range=(first, last)) counts for
/// uniform bins (numpy 1.24 histograms.py, the equal-bins branch), and its
/// bin edges (np.linspace): the first step of the kl statistic, exposed for
/// its tests. `first` < `last`, both finite; values outside are not counted.
struct Histogram {
  std::vector<int64_t> counts;
  std::vector<double> edges;
};
Histogram numpyHistogram(const std::vector<double> &values, int64_t bins, double first,
                         double last);

/// The shortest "%.*g" decimal (1 to 17 digits) that strtod reads back as
/// `value`: how the statistics' options and the calibration command's ranges
/// are spelled. Finite `value`.
std::string shortestDecimal(double value);

} // namespace qi::calibrate

#endif
