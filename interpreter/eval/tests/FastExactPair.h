//===- FastExactPair.h - One program, fast paths on and off -----*- C++ -*-===//
//
// Spec: [fast.proof] in spec/performance.md. The differential tests of the
// lowered-IR fast paths run each program twice, with Interpreter::fastPaths()
// on and off, and require the same bits, the same poison elements — or the
// same error at the same location.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TESTS_FASTEXACTPAIR_H
#define QI_EVAL_TESTS_FASTEXACTPAIR_H

#include "eval/Interpreter.h"
#include "ir/Diagnostics.h"
#include "ir/ModuleLoader.h"
#include "numeric/FloatFormat.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

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
};

class FastExactPair {
public:
  /// Parses and verifies `text`; failures are reported by `ok()`.
  explicit FastExactPair(const std::string &text) {
    ir::registerAcceptedDialects(context_);
    sourceMgr_.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(text), llvm::SMLoc());
    module_ = ir::parseAndVerify(sourceMgr_, context_);
    if (module_) {
      fast_ = std::make_unique<Interpreter>(*module_, types_, *quant::findProfile("reference"));
      exact_ = std::make_unique<Interpreter>(*module_, types_, *quant::findProfile("reference"));
      exact_->setFastPaths(false);
    }
  }
  bool ok() const { return bool(module_); }
  /// The fast paths the fast interpreter took so far.
  Interpreter::FastPathUse fastUse() const { return fast_->fastPathUse(); }

  Outcome run(const std::string &function, const std::vector<RuntimeValue> &arguments,
              bool fast) {
    Outcome outcome;
    std::string error;
    mlir::func::FuncOp entry = ir::findEntry(*module_, function, error);
    if (!entry) {
      outcome.error = "no function @" + function + ": " + error;
      return outcome;
    }
    try {
      outcome.results = (fast ? *fast_ : *exact_).call(entry, arguments);
    } catch (const EvalError &e) {
      outcome.error = ir::formatLocation(e.location) + ": " + e.message;
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

  mlir::MLIRContext context_;
  llvm::SourceMgr sourceMgr_;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  ir::TypeConverter types_;
  std::unique_ptr<Interpreter> fast_, exact_;
};

} // namespace qi::eval::testing

#endif
