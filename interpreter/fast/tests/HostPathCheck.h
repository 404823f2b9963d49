//===- HostPathCheck.h - A fast qcast path against the reference kernel -*- C++ -*-===//
//
// Spec: [fast.proof] in spec/performance.md. The element-by-element check
// the differential tests of the host qcast paths share (X87QuantizeDiffTest,
// RationalQuantizeDiffTest): the tensor a path stored and its quantizeOne on
// each element, against QuantizeKernel on the element's own parameter, poison
// included; and the thread-safe tally of mismatches.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_TESTS_HOSTPATHCHECK_H
#define QI_FAST_TESTS_HOSTPATHCHECK_H

#include "interpreter/quant/tests/QuantTestUtil.h"

#include "interpreter/value/RuntimeValue.h"

#include <atomic>
#include <mutex>
#include <string>

namespace qi::fast::test {

using namespace quant;
using namespace quant::test;

/// Comparisons and mismatches of a test, counted from several threads; the
/// first mismatch is kept for the failure message.
struct Outcome {
  std::atomic<int64_t> compared{0}, mismatches{0};
  std::mutex mutex;
  std::string first;
  void fail(const std::string &what) {
    std::lock_guard<std::mutex> lock(mutex);
    if (mismatches++ == 0)
      first = what;
  }
};

/// Element i of `result` (stored by a fast path from `input`) and
/// `fast.quantizeOne` on it against `exact` with parameter
/// map.parameterIndex(i); -1 stands for poison (a poison input must give a
/// poison result). `describe(i, parameter)` names an element in the failure
/// message.
template <typename Quantizer, typename Describe>
void compareWithExact(const QuantType &type, const QuantizeKernel &exact, const Quantizer &fast,
                      const ParameterMap &map, const RuntimeValue &input,
                      const RuntimeValue &result, Outcome &outcome, Describe describe) {
  for (int64_t i = 0; i < input.size(); ++i) {
    const int64_t p = map.parameterIndex(i);
    int64_t want = -1, gotOne = -1;
    if (!input.isPoison(i)) {
      const StoredOutcome e = exact(input.get(i), p);
      want = e.poison ? -1 : static_cast<int64_t>(type.storage.toBits(e.value));
      gotOne = fast.quantizeOne(input.get(i), p);
    }
    const int64_t gotRun = result.isPoison(i) ? -1 : static_cast<int64_t>(result.get(i));
    if (gotRun != want || gotOne != want)
      outcome.fail(describe(i, p) + ": exact " + std::to_string(want) + ", run " +
                   std::to_string(gotRun) + ", one " + std::to_string(gotOne));
  }
  outcome.compared += input.size();
}

} // namespace qi::fast::test

#endif
