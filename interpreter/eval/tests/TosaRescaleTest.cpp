//===- TosaRescaleTest.cpp - tosa.rescale's plumbing against RESCALE ------===//
//
// Spec: [tosa.rescale]. What the evaluator adds to RESCALE is plumbing:
// runtime operands of any width, each element's channel, the multiplier's
// and shift's signedness, the zero points' bit patterns, which ERROR_IF or
// which element's REQUIRE is reported. Random per-tensor and per-channel
// rescales of every width pair run through eval::Program with all operands
// as arguments, and each element is compared with requant::rescaleElement
// called directly (the arithmetic itself is interpreter/requant/tests').
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"

#include "generators/Prng.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/requant/Rescale.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace qi::eval {
namespace {

using generators::SplitMix64;
using requant::RoundingMode;

/// One random tosa.rescale and its operands (bit patterns).
struct Case {
  requant::RescaleAttributes a;
  int64_t rows = 1, columns = 1;
  std::vector<uint64_t> input;      // rows * columns in_t patterns
  std::vector<int64_t> multipliers; // NC, as signed values
  std::vector<int64_t> shifts;      // NC, as signed values
  uint64_t inputZp = 0, outputZp = 0;
};

std::string name(unsigned width) { return "i" + std::to_string(width); }
const char *boolText(bool b) { return b ? "true" : "false"; }

std::string program(const Case &c) {
  const std::string in = name(c.a.inputWidth), out = name(c.a.outputWidth);
  const std::string mul = c.a.scale32 ? "i32" : "i16";
  const char *mode = c.a.roundingMode == RoundingMode::Single    ? "SINGLE_ROUND"
                     : c.a.roundingMode == RoundingMode::Inexact ? "INEXACT_ROUND"
                                                                 : "DOUBLE_ROUND";
  return "func.func @main(%x: tensor<?x?x" + in + ">, %m: tensor<?x" + mul +
         ">, %s: tensor<?xi8>, %izp: tensor<1x" + in + ">, %ozp: tensor<1x" + out +
         ">) -> tensor<?x?x" + out + "> {\n  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = " +
         boolText(c.a.scale32) + ", rounding_mode = " + mode + ", per_channel = " +
         boolText(c.a.perChannel) + ", input_unsigned = " + boolText(c.a.inputUnsigned) +
         ", output_unsigned = " + boolText(c.a.outputUnsigned) + "} : (tensor<?x?x" + in +
         ">, tensor<?x" + mul + ">, tensor<?xi8>, tensor<1x" + in + ">, tensor<1x" + out +
         ">) -> tensor<?x?x" + out + ">\n  return %0 : tensor<?x?x" + out + ">\n}\n";
}

/// "a, b, c".
std::string joined(const std::vector<int64_t> &values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text;
}

/// A 1-D dense literal.
std::string literal(const std::vector<int64_t> &values, const std::string &element) {
  return "dense<[" + joined(values) + "]> : tensor<" + std::to_string(values.size()) + "x" +
         element + ">";
}

/// The arguments as --arg texts; patterns are written as their signed values.
std::vector<std::string> arguments(const Case &c) {
  std::string rows;
  for (int64_t r = 0; r < c.rows; ++r) {
    std::vector<int64_t> row;
    for (int64_t col = 0; col < c.columns; ++col)
      row.push_back(requant::extendBits(c.input[r * c.columns + col], c.a.inputWidth, false));
    rows += (r ? ", [" : "[") + joined(row) + "]";
  }
  return {"dense<[" + rows + "]> : tensor<" + std::to_string(c.rows) + "x" +
              std::to_string(c.columns) + "x" + name(c.a.inputWidth) + ">",
          literal(c.multipliers, c.a.scale32 ? "i32" : "i16"), literal(c.shifts, "i8"),
          literal({requant::extendBits(c.inputZp, c.a.inputWidth, false)}, name(c.a.inputWidth)),
          literal({requant::extendBits(c.outputZp, c.a.outputWidth, false)},
                  name(c.a.outputWidth))};
}

uint64_t randomBits(SplitMix64 &prng, unsigned width) {
  return requant::truncateBits(static_cast<int64_t>(prng.next()), width);
}

/// Mostly valid programs and elements, sometimes not: zero points and shifts
/// are drawn so that ERROR_IFs and REQUIREs fail now and then.
Case randomCase(SplitMix64 &prng) {
  static const unsigned inWidths[] = {8, 16, 32, 48}, outWidths[] = {8, 16, 32};
  Case c;
  requant::RescaleAttributes &a = c.a;
  a.inputWidth = inWidths[prng.below(4)];
  a.outputWidth = outWidths[prng.below(3)];
  a.scale32 = a.inputWidth != 48 && !prng.chance(4);
  a.roundingMode = prng.chance(3) ? RoundingMode::Single
                   : prng.chance(2) && a.scale32 ? RoundingMode::Double
                                                 : RoundingMode::Inexact;
  a.perChannel = !prng.chance(3);
  a.inputUnsigned = a.inputWidth <= 16 && prng.chance(3);
  a.outputUnsigned = !a.inputUnsigned && a.outputWidth <= 16 && prng.chance(3);
  if (prng.chance(20)) // some ERROR_IF
    a.inputUnsigned = a.outputUnsigned = true;

  auto zeroPoint = [&](unsigned width, bool isUnsigned) -> uint64_t {
    if (width == 8)
      return randomBits(prng, 8);
    if (width == 16 && isUnsigned && !prng.chance(10))
      return prng.chance(2) ? 0 : 0x8000;
    return prng.chance(10) ? randomBits(prng, width) : 0; // else ERROR_IF
  };
  c.inputZp = zeroPoint(a.inputWidth, a.inputUnsigned);
  c.outputZp = zeroPoint(a.outputWidth, a.outputUnsigned);

  c.rows = prng.range(1, 3);
  c.columns = prng.range(1, 4);
  for (int64_t i = 0; i < c.rows * c.columns; ++i)
    c.input.push_back(randomBits(prng, a.inputWidth));
  const int64_t nc = a.perChannel ? c.columns : 1;
  // Shifts that keep most values within apply_scale_32's range and most
  // apply_scale_16 results within int32; now and then any int8.
  const int64_t width = a.inputWidth;
  const int64_t lowShift = a.scale32 ? std::min<int64_t>(width + 2, 62)
                                     : std::max<int64_t>(width - 14, 2);
  for (int64_t ch = 0; ch < nc; ++ch) {
    c.multipliers.push_back(a.scale32 ? prng.range(prng.chance(30) ? -5 : 0, INT32_MAX)
                                      : prng.range(prng.chance(30) ? -5 : 0, INT16_MAX));
    c.shifts.push_back(prng.chance(30) ? prng.range(-128, 127) : prng.range(lowShift, 62));
  }
  return c;
}

TEST(TosaRescale, RandomRescalesAgreeWithRescaleElement) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  SplitMix64 prng(20240611);
  int compared = 0, errorIfs = 0, requireFailures = 0;
  for (int n = 0; n < 400; ++n) {
    Case c = randomCase(prng);
    SCOPED_TRACE(program(c));
    RunOptions options;
    RunOutcome loaded;
    std::unique_ptr<Program> loadedProgram = Program::load(
        ir::ProgramSource::copyOf(program(c), "rescale.mlir"), options, context, loaded);
    ASSERT_TRUE(loadedProgram) << loaded.error().str();
    RunOutcome outcome = loadedProgram->run("", arguments(c), options);

    // The expectation, by the reference semantics directly.
    std::string expectedError;
    std::vector<uint64_t> expected;
    if (auto violation = requant::checkRescale(c.a, c.inputZp, c.outputZp, 2)) {
      expectedError = "tosa.rescale: " + violation->message();
      ++errorIfs;
    } else {
      for (int64_t i = 0; i < c.rows * c.columns && expectedError.empty(); ++i) {
        const size_t ch = c.a.perChannel ? static_cast<size_t>(i % c.columns) : 0;
        requant::RescaledElement out = requant::rescaleElement(
            c.a, c.input[i], c.multipliers[ch], static_cast<int8_t>(c.shifts[ch]), c.inputZp,
            c.outputZp);
        if (out.violation) {
          expectedError = "tosa.rescale: element [" + std::to_string(i / c.columns) + ", " +
                          std::to_string(i % c.columns) + "]: " + out.violation->message();
          ++requireFailures;
        }
        expected.push_back(out.bits);
      }
    }

    if (!expectedError.empty()) {
      ASSERT_FALSE(outcome.succeeded());
      EXPECT_EQ(*outcome.failedAt, RunOutcome::Stage::Evaluation);
      EXPECT_EQ(outcome.error().message, expectedError);
      continue;
    }
    ASSERT_TRUE(outcome.succeeded()) << outcome.error().str();
    const RuntimeValue &result = outcome.results.at(0);
    ASSERT_EQ(result.shape(), (Shape{c.rows, c.columns}));
    for (int64_t i = 0; i < result.size(); ++i)
      EXPECT_EQ(static_cast<uint64_t>(result.get(i)), expected[i]) << "element " << i;
    ++compared;
  }
  // The draw exercises all three outcomes.
  EXPECT_GT(compared, 200);
  EXPECT_GT(errorIfs, 10);
  EXPECT_GT(requireFailures, 10);
}

} // namespace
} // namespace qi::eval
