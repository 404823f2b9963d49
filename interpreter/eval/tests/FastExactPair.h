//===- FastExactPair.h - One program, fast paths on and off -----*- C++ -*-===//
//
// Spec: [fast.proof] in spec/performance.md. The differential tests of the
// lowered-IR fast paths run each program twice through eval/Run.h, with
// InterpreterOptions::fastPaths on and off, and require the same bits, the
// same poison elements — or the same error at the same location.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TESTS_FASTEXACTPAIR_H
#define QI_EVAL_TESTS_FASTEXACTPAIR_H

#include "interpreter/eval/Run.h"
#include "interpreter/numeric/FloatFormat.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace qi::eval::testing {

/// A tensor of `type` and `shape` with the given element patterns; the
/// elements listed in `poison` are poison.
inline RuntimeValue tensorOf(const ElementType &type, Shape shape,
                             const std::vector<numeric::Bits> &bits,
                             const std::vector<int64_t> &poison = {}) {
  RuntimeValue value = RuntimeValue::tensor(type, std::move(shape));
  for (int64_t i = 0; i < value.size(); ++i)
    value.set(i, bits[size_t(i)]);
  for (int64_t i : poison)
    value.setPoison(i);
  return value;
}

inline ElementType f32() { return ElementType::makeFloat(numeric::f32Format()); }
inline ElementType f64() { return ElementType::makeFloat(numeric::f64Format()); }
inline ElementType f16() { return ElementType::makeFloat(numeric::f16Format()); }
inline ElementType iN(unsigned width) { return ElementType::makeInteger(width); }

/// The outcome of one call: results, or the error line.
struct Outcome {
  std::vector<RuntimeValue> results;
  std::string error; ///< "LOC: message" when the call failed
  /// False when the run stopped before evaluating (no such function,
  /// arguments that do not fit): such a comparison proves nothing.
  bool evaluated = true;
};

class FastExactPair {
public:
  /// Parses and verifies `text`; failures are reported by `ok()`.
  explicit FastExactPair(const std::string &text) {
    RunOutcome loading;
    program_ = Program::load(ir::ProgramSource::copyOf(text, "test.mlir"), RunOptions(), loading);
    if (!program_)
      loadError_ = loading.error().str();
  }
  ::testing::AssertionResult ok() const {
    return program_ ? ::testing::AssertionSuccess() : ::testing::AssertionFailure() << loadError_;
  }
  /// The fast paths the fast runs took so far.
  FastPathUse fastUse() const { return fastUse_; }

  Outcome run(const std::string &function, const std::vector<RuntimeValue> &arguments,
              bool fast) {
    RunOptions options;
    options.interpreter.fastPaths = fast;
    options.interpreter.fastPathUse = fast ? &fastUse_ : nullptr;
    RunOutcome run = program_->run(function, arguments, options);
    Outcome outcome;
    outcome.results = std::move(run.results);
    if (!run.succeeded()) {
      outcome.error = run.error().location + ": " + run.error().message;
      outcome.evaluated = *run.failedAt == RunOutcome::Stage::Evaluation;
    }
    return outcome;
  }

  /// Runs @function both ways; success when the outcomes are identical. The
  /// fast outcome is left in `fastOutcome` when given.
  ::testing::AssertionResult same(const std::string &function,
                                  const std::vector<RuntimeValue> &arguments,
                                  Outcome *fastOutcome = nullptr) {
    Outcome fast = run(function, arguments, true);
    Outcome exact = run(function, arguments, false);
    ::testing::AssertionResult result = compare(fast, exact);
    if (fastOutcome)
      *fastOutcome = std::move(fast);
    return result;
  }

private:
  static ::testing::AssertionResult compare(const Outcome &fast, const Outcome &exact) {
    if (!fast.evaluated || !exact.evaluated)
      return ::testing::AssertionFailure() << "not evaluated: '" << fast.error << "'";
    if (fast.error != exact.error)
      return ::testing::AssertionFailure()
             << "errors differ: fast '" << fast.error << "' exact '" << exact.error << "'";
    if (fast.results.size() != exact.results.size())
      return ::testing::AssertionFailure() << "result counts differ";
    for (size_t r = 0; r < fast.results.size(); ++r) {
      const RuntimeValue &a = fast.results[r], &b = exact.results[r];
      if (a.isTensor() != b.isTensor() || a.shape() != b.shape() ||
          !(a.elementType() == b.elementType()))
        return ::testing::AssertionFailure() << "result #" << r << ": types or shapes differ";
      for (int64_t i = 0; i < a.size(); ++i)
        if (a.get(i) != b.get(i) || a.isPoison(i) != b.isPoison(i))
          return ::testing::AssertionFailure()
                 << "result #" << r << " element " << i << ": fast 0x" << std::hex
                 << uint64_t(a.get(i)) << (a.isPoison(i) ? " poison" : "") << ", exact 0x"
                 << uint64_t(b.get(i)) << (b.isPoison(i) ? " poison" : "");
    }
    return ::testing::AssertionSuccess();
  }

  std::unique_ptr<Program> program_;
  std::string loadError_;
  FastPathUse fastUse_;
};

} // namespace qi::eval::testing

#endif
