//===- Statistics.cpp - From calibration data to an observed range --------===//
//
// Spec: [calib.statistic.*] (spec/calibration-statistics.md). Host float
// arithmetic, one IEEE operation per step (built with -ffp-contract=off):
// binary32 where the framework computes in float / torch.float32, binary64
// where it computes in numpy float64.
//
//===----------------------------------------------------------------------===//
#include "interpreter/calibrate/statistics/Statistics.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <numeric>

namespace qi::calibrate {

namespace {

/// The whole of `text` as a finite double (strtod, C locale), or nullopt.
std::optional<double> parseReal(const std::string &text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text[0])))
    return std::nullopt;
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  if (*end != '\0' || errno == ERANGE || !std::isfinite(value))
    return std::nullopt;
  return value;
}

std::optional<int64_t> parseCount(const std::string &text) {
  if (text.empty() || !std::all_of(text.begin(), text.end(), ::isdigit) || text.size() > 9)
    return std::nullopt;
  return std::stoll(text);
}

std::string_view kindName(Statistic::Kind kind) {
  switch (kind) {
  case Statistic::Kind::MinMax:
    return "minmax";
  case Statistic::Kind::MovingAverage:
    return "moving-average";
  case Statistic::Kind::Percentile:
    return "percentile";
  case Statistic::Kind::Kl:
    return "kl";
  }
  return "?";
}

/// torch.minimum / torch.maximum of two 0-d float tensors: NaN if either is
/// NaN, else std::min(a, b) / std::max(a, b) (on equal values, `a`).
float torchMinimum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<float>::quiet_NaN();
  return std::min(a, b);
}
float torchMaximum(float a, float b) {
  if (std::isnan(a) || std::isnan(b))
    return std::numeric_limits<float>::quiet_NaN();
  return std::max(a, b);
}

/// torch.aminmax of a non-empty batch after x.to(torch.float32): NaN for both
/// if any element is NaN; of equal values (0.0 and -0.0) the later one, as
/// PyTorch 1.13 gives (StatisticsFrameworkTest checks both).
std::pair<float, float> torchAminmax(const std::vector<double> &batch) {
  float low = static_cast<float>(batch[0]), high = low;
  for (double value : batch) {
    const float x = static_cast<float>(value);
    if (std::isnan(x))
      return {x, x};
    low = x <= low ? x : low;
    high = x >= high ? x : high;
  }
  return {low, high};
}

/// [calib.statistic.minmax] MinMaxObserver.forward, batch by batch.
StatisticResult minMax(const CalibrationData &data) {
  float low = std::numeric_limits<float>::infinity(), high = -low;
  for (const std::vector<double> &batch : data) {
    if (batch.empty()) // x_orig.numel() == 0: returned unobserved
      continue;
    auto [current_low, current_high] = torchAminmax(batch);
    low = torchMinimum(current_low, low);
    high = torchMaximum(current_high, high);
  }
  return {true, {low, high}, {}};
}

/// [calib.statistic.moving-average] MovingAverageMinMaxObserver.forward.
StatisticResult movingAverage(const Statistic &statistic, const CalibrationData &data) {
  // The Python float averaging_constant meets a float32 tensor: float32.
  const float c = static_cast<float>(statistic.averagingConstant);
  const float inf = std::numeric_limits<float>::infinity();
  float low = inf, high = -inf;
  for (const std::vector<double> &batch : data) {
    if (batch.empty())
      continue;
    auto [current_low, current_high] = torchAminmax(batch);
    if (low == inf && high == -inf) {
      low = current_low;
      high = current_high;
    } else {
      const float lowStep = c * (current_low - low);
      low = low + lowStep;
      const float highStep = c * (current_high - high);
      high = high + highStep;
    }
  }
  return {true, {low, high}, {}};
}

/// All batches as one array: TVM's np.concatenate(outputs).reshape(-1).
std::vector<double> concatenate(const CalibrationData &data) {
  std::vector<double> all;
  for (const std::vector<double> &batch : data)
    all.insert(all.end(), batch.begin(), batch.end());
  return all;
}

/// numpy's sort order: NaN after every number.
bool numpyLess(double a, double b) {
  if (std::isnan(a))
    return false;
  return std::isnan(b) || a < b;
}

/// [calib.statistic.percentile] _find_scale_by_percentile:
///   x = np.abs(arr); k = int(x.size * percentile); np.partition(x, k)[k]
StatisticResult percentile(const Statistic &statistic, const CalibrationData &data) {
  std::vector<double> x = concatenate(data);
  for (double &value : x)
    value = std::fabs(value);
  const double product = static_cast<double>(x.size()) * statistic.percentile;
  const int64_t k = static_cast<int64_t>(product); // int(): toward zero
  if (k >= static_cast<int64_t>(x.size()))
    return {false, {}, "np.partition: kth(=" + std::to_string(k) + ") out of bounds (" +
                           std::to_string(x.size()) + ")"};
  std::nth_element(x.begin(), x.begin() + k, x.end(), numpyLess);
  const double threshold = x[k];
  return {true, {-threshold, threshold}, {}};
}

/// "nan", "inf", or the shortest decimal, as numpy prints a float64.
std::string numpyText(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  return shortestDecimal(value);
}

/// TVM's SmoothDistribution (eps = 0.0001f); empty when it gives up.
std::vector<float> smoothDistribution(const std::vector<float> &p) {
  const float eps = 0.0001f;
  size_t zeros = 0;
  for (float value : p)
    zeros += value == 0.f;
  const size_t nonzeros = p.size() - zeros;
  if (!nonzeros)
    return {};
  const float eps1 = eps * static_cast<float>(zeros) / static_cast<float>(nonzeros);
  if (eps1 >= 1.0)
    return {};
  std::vector<float> smoothed = p;
  for (size_t i = 0; i < p.size(); ++i) {
    const size_t isZero = p[i] == 0.f, isNonzero = p[i] != 0.f;
    const float addend = eps * static_cast<float>(isZero);
    const float subtrahend = eps1 * static_cast<float>(isNonzero);
    const float change = addend - subtrahend;
    smoothed[i] += change;
  }
  return smoothed;
}

/// TVM's ComputeEntropy; false where its CHECK(p[i] > 0 && q[i] > 0) fails.
bool computeEntropy(std::vector<float> &p, std::vector<float> &q, float &entropy) {
  const float pSum = std::accumulate(p.begin(), p.end(), 0.f);
  const float qSum = std::accumulate(q.begin(), q.end(), 0.f);
  float sum = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    if (!(p[i] > 0 && q[i] > 0))
      return false;
    p[i] /= pSum;
    q[i] /= qSum;
    if (p[i] != 0 && q[i] != 0) {
      const float ratio = p[i] / q[i];
      const float term = p[i] * std::log(ratio);
      sum += term;
    }
  }
  entropy = sum;
  return true;
}

/// TVM's MinimizeKL on the histogram and its binary32 edges.
StatisticResult minimizeKl(const std::vector<int32_t> &hist, const std::vector<float> &edges,
                           int numBins, int numQuantizedBins) {
  const int zeroBin = numBins / 2;
  const int halfQuantized = numQuantizedBins / 2;
  std::vector<float> thresholds(numBins / 2 + 1 - numQuantizedBins / 2, 0.f);
  std::vector<float> divergence(thresholds.size(), 0.f);
  std::vector<float> quantizedBins(numQuantizedBins, 0);
  for (int i = halfQuantized; i < zeroBin + 1; ++i) {
    const int start = zeroBin - i, stop = zeroBin + i + 1;
    thresholds[i - halfQuantized] = edges[stop];
    std::vector<int32_t> sliced(stop - start);
    std::vector<float> p(sliced.size());
    p[0] = 0;
    p.back() = 0;
    for (int j = 0; j < numBins; ++j) {
      if (j <= start)
        p[0] += static_cast<float>(hist[j]);
      else if (j >= stop)
        p.back() += static_cast<float>(hist[j]);
      else {
        sliced[j - start] = hist[j];
        p[j - start] = static_cast<float>(hist[j]);
      }
    }
    const size_t merged = sliced.size() / numQuantizedBins;
    for (int j = 0; j < numQuantizedBins; ++j)
      quantizedBins[j] = static_cast<float>(
          std::accumulate(sliced.begin() + j * merged, sliced.begin() + (j + 1) * merged, 0));
    quantizedBins.back() += static_cast<float>(
        std::accumulate(sliced.begin() + numQuantizedBins * merged, sliced.end(), 0));
    std::vector<float> q(sliced.size(), 0);
    for (int j = 0; j < numQuantizedBins; ++j) {
      const size_t from = j * merged;
      const size_t to = j == numQuantizedBins - 1 ? q.size() : (j + 1) * merged;
      const int norm = static_cast<int>(std::count_if(
          sliced.begin() + from, sliced.begin() + to, [](int32_t v) { return v != 0; }));
      if (norm)
        for (size_t k = from; k < to; ++k)
          if (p[k] != 0)
            q[k] = quantizedBins[j] / static_cast<float>(norm);
    }
    p = smoothDistribution(p);
    q = smoothDistribution(q);
    float entropy = std::numeric_limits<float>::infinity();
    if (!q.empty() && !computeEntropy(p, q, entropy))
      return {false, {}, "TVM's ComputeEntropy: CHECK(p[i] > 0 && q[i] > 0) failed"};
    divergence[i - halfQuantized] = entropy;
  }
  const size_t best = std::min_element(divergence.begin(), divergence.end()) - divergence.begin();
  const double threshold = thresholds[best];
  return {true, {-threshold, threshold}, {}};
}

/// [calib.statistic.kl] _find_scale_by_kl, then FindScaleByKLMinimization.
StatisticResult kl(const Statistic &statistic, const CalibrationData &data) {
  const std::vector<double> arr = concatenate(data);
  if (arr.empty())
    return {false, {}, "np.min: zero-size array to reduction operation minimum which has no "
                       "identity"};
  double low = arr[0], high = arr[0];
  for (double value : arr) {
    if (std::isnan(value)) {
      low = high = value;
      break;
    }
    low = std::min(low, value);
    high = std::max(high, value);
  }
  // Python's max(a, b): a unless b > a.
  const double threshold = std::fabs(high) > std::fabs(low) ? std::fabs(high) : std::fabs(low);
  int64_t quantizedBins = statistic.quantizedBins;
  if (low >= 0 && statistic.unsignedDtype)
    quantizedBins = quantizedBins * 2 + 1;
  if (!std::isfinite(threshold))
    return {false, {}, "numpy.histogram: supplied range of [" + numpyText(-threshold) + ", " +
                           numpyText(threshold) + "] is not finite"};
  if (statistic.bins / 2 < quantizedBins / 2)
    return {false, {}, "num_bins / 2 (" + std::to_string(statistic.bins / 2) +
                           ") < num_quantized_bins / 2 (" + std::to_string(quantizedBins / 2) +
                           "): TVM's MinimizeKL has no threshold to try"};
  double first = -threshold, last = threshold;
  if (first == last) { // numpy's _get_outer_edges
    first = first - 0.5;
    last = last + 0.5;
  }
  Histogram histogram = numpyHistogram(arr, statistic.bins, first, last);
  // hist.astype(np.int32), hist_edges.astype(np.float32)
  std::vector<int32_t> counts(histogram.counts.begin(), histogram.counts.end());
  std::vector<float> edges(histogram.edges.begin(), histogram.edges.end());
  return minimizeKl(counts, edges, static_cast<int>(statistic.bins),
                    static_cast<int>(quantizedBins));
}

} // namespace

Histogram numpyHistogram(const std::vector<double> &values, int64_t bins, double first,
                         double last) {
  Histogram result;
  // np.linspace(first, last, bins + 1): i * step + first, the last edge `last`.
  const double delta = last - first;
  const double step = delta / static_cast<double>(bins);
  result.edges.resize(bins + 1);
  for (int64_t i = 0; i <= bins; ++i) {
    double y = static_cast<double>(i);
    if (step == 0) {
      y = y / static_cast<double>(bins);
      y = y * delta;
    } else {
      y = y * step;
    }
    result.edges[i] = y + first;
  }
  result.edges[bins] = last;
  result.counts.assign(bins, 0);
  const double norm = static_cast<double>(bins) / (last - first);
  for (double a : values) {
    if (!(a >= first && a <= last))
      continue;
    const double offset = a - first;
    const double scaled = offset * norm;
    int64_t index = static_cast<int64_t>(scaled);
    if (index == bins)
      --index;
    if (a < result.edges[index])
      --index;
    if (a >= result.edges[index + 1] && index != bins - 1)
      ++index;
    ++result.counts[index];
  }
  return result;
}

std::string Statistic::spelling() const {
  std::string text(kindName(kind));
  switch (kind) {
  case Kind::MinMax:
    break;
  case Kind::MovingAverage:
    text += ":c=" + shortestDecimal(averagingConstant);
    break;
  case Kind::Percentile:
    text += ":p=" + shortestDecimal(percentile);
    break;
  case Kind::Kl:
    text += ":bins=" + std::to_string(bins) + ",dtype=" + (unsignedDtype ? "uint8" : "int8") +
            ",quantized_bins=" + std::to_string(quantizedBins);
    break;
  }
  return text;
}

std::string allStatisticNames() { return "minmax, moving-average, percentile, kl"; }

std::optional<Statistic> parseStatistic(std::string_view text, std::string *error) {
  const size_t colon = text.find(':');
  const std::string name(text.substr(0, colon));
  Statistic statistic;
  if (name == "minmax")
    statistic.kind = Statistic::Kind::MinMax;
  else if (name == "moving-average")
    statistic.kind = Statistic::Kind::MovingAverage;
  else if (name == "percentile")
    statistic.kind = Statistic::Kind::Percentile;
  else if (name == "kl")
    statistic.kind = Statistic::Kind::Kl;
  else {
    *error = "unknown statistic '" + name + "' (expected one of: " + allStatisticNames() + ")";
    return std::nullopt;
  }
  std::string_view rest = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  if (colon != std::string_view::npos && rest.empty()) {
    *error = "statistic '" + name + "': expected key=value after ':'";
    return std::nullopt;
  }
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    const size_t equals = item.find('=');
    const std::string key(item.substr(0, equals));
    const std::string value(equals == std::string_view::npos ? "" : item.substr(equals + 1));
    auto bad = [&](const std::string &expected) {
      *error = "statistic '" + name + "' option '" + key + "': expected " + expected +
               ", got '" + value + "'";
      return std::nullopt;
    };
    if (equals == std::string_view::npos) {
      *error = "statistic '" + name + "': expected key=value, got '" + std::string(item) + "'";
      return std::nullopt;
    }
    if (statistic.kind == Statistic::Kind::MovingAverage && key == "c") {
      std::optional<double> c = parseReal(value);
      if (!c)
        return bad("a finite real number (PyTorch's averaging_constant)");
      statistic.averagingConstant = *c;
    } else if (statistic.kind == Statistic::Kind::Percentile && key == "p") {
      std::optional<double> p = parseReal(value);
      if (!p || *p < 0 || *p > 1)
        return bad("a fraction from 0 to 1 (TVM's percentile, e.g. 0.99999)");
      statistic.percentile = *p;
    } else if (statistic.kind == Statistic::Kind::Kl && key == "bins") {
      std::optional<int64_t> bins = parseCount(value);
      // An even num_bins makes TVM's MinimizeKL read hist_edges[num_bins + 1].
      // MinimizeKL's search is quadratic in num_bins: at most 2^16 - 1 (TVM's default is 8001).
      if (!bins || *bins < 1 || *bins % 2 == 0 || *bins > 65535)
        return bad("an odd number of bins from 1 to 65535 (TVM's num_bins; an even one reads past "
                   "the histogram's edges in MinimizeKL, and the search is quadratic in it)");
      statistic.bins = *bins;
    } else if (statistic.kind == Statistic::Kind::Kl && key == "quantized_bins") {
      std::optional<int64_t> bins = parseCount(value);
      if (!bins || *bins < 1)
        return bad("a positive number of bins (TVM's num_quantized_bins)");
      statistic.quantizedBins = *bins;
    } else if (statistic.kind == Statistic::Kind::Kl && key == "dtype") {
      if (value != "int8" && value != "uint8")
        return bad("int8 or uint8 (TVM's quantized_dtype)");
      statistic.unsignedDtype = value == "uint8";
    } else {
      const char *known = statistic.kind == Statistic::Kind::MovingAverage ? "c"
                          : statistic.kind == Statistic::Kind::Percentile  ? "p"
                          : statistic.kind == Statistic::Kind::Kl ? "bins, quantized_bins, dtype"
                                                                  : "none";
      *error = "statistic '" + name + "': unknown option '" + key + "' (options: " + known + ")";
      return std::nullopt;
    }
  }
  return statistic;
}

StatisticResult computeStatistic(const Statistic &statistic, const CalibrationData &data) {
  switch (statistic.kind) {
  case Statistic::Kind::MinMax:
    return minMax(data);
  case Statistic::Kind::MovingAverage:
    return movingAverage(statistic, data);
  case Statistic::Kind::Percentile:
    return percentile(statistic, data);
  case Statistic::Kind::Kl:
    return kl(statistic, data);
  }
  return {false, {}, "unknown statistic"};
}

std::string shortestDecimal(double value) {
  char buffer[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    if (std::strtod(buffer, nullptr) == value)
      break;
  }
  return buffer;
}

} // namespace qi::calibrate
