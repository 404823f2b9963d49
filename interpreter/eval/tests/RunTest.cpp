//===- RunTest.cpp - [eval.run]: the one entry point that runs a program --===//
//
// Spec: [eval.run] in spec/eval.md. The stages and where their errors are,
// no results beside an error, options read per run, budgets scoped to a run.
// quant-interp's observable behaviour through this entry point is the lit
// suite's; these tests cover what only library callers see.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"

#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/numeric/FloatFormat.h"
#include "interpreter/value/ValuePrinter.h"

#include <gtest/gtest.h>

namespace qi::eval {
namespace {

using Stage = RunOutcome::Stage;

ir::ProgramSource source(const std::string &text) {
  return ir::ProgramSource::copyOf(text, "run.mlir");
}

std::string printed(const RunOutcome &outcome) {
  std::string text;
  for (const RuntimeValue &result : outcome.results)
    text += formatValue(result, PrintOptions()) + "\n";
  return text;
}

const char *const kCount = R"(func.func @main(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %c1 : index
    scf.yield %s : index
  }
  return %r : index
}
)";

const char *const kIdentity = R"(func.func @id(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
)";

TEST(Run, ResultsOfASuccessfulRun) {
  RunOutcome outcome = runFunction(source(kCount), "", {"10 : index"}, RunOptions());
  ASSERT_TRUE(outcome.succeeded()) << outcome.error().str();
  EXPECT_EQ(printed(outcome), "10 : index\n");
  EXPECT_TRUE(outcome.diagnostics.empty());
}

TEST(Run, LoadErrorsAreMlirs) {
  RunOutcome outcome = runFunction(source("func.func @main( {\n"), "", {}, RunOptions());
  ASSERT_FALSE(outcome.succeeded());
  EXPECT_EQ(*outcome.failedAt, Stage::Load);
  EXPECT_EQ(outcome.error().location.rfind("run.mlir:1:", 0), 0u) << outcome.error().str();
  EXPECT_TRUE(outcome.results.empty());
}

TEST(Run, EntryErrorsAtTheFirstLineOfTheProgram) {
  // A chunk that starts on line 4 of its file ([cli.split-input-file] 6).
  ir::ProgramSource chunk = source("\n\n\nfunc.func private @f() {\n  return\n}\n");
  chunk.firstLine = 4;
  RunOutcome outcome = runFunction(std::move(chunk), "", {}, RunOptions());
  ASSERT_FALSE(outcome.succeeded());
  EXPECT_EQ(*outcome.failedAt, Stage::Entry);
  EXPECT_EQ(outcome.error().str(),
            "run.mlir:4:1: error: no public function with a body to run");
}

TEST(Run, ArgumentTextsAreCheckedAtTheFunction) {
  RunOutcome count = runFunction(source(kIdentity), "", {}, RunOptions());
  ASSERT_FALSE(count.succeeded());
  EXPECT_EQ(*count.failedAt, Stage::Arguments);
  EXPECT_EQ(count.error().str(), "run.mlir:1:1: error: @id takes 1 argument(s) but 0 were "
                                 "given (--arg / --args-file)");
  RunOutcome shape =
      runFunction(source(kIdentity), "", {"dense<[1.0, 2.0, 3.0]> : tensor<3xf32>"}, RunOptions());
  ASSERT_FALSE(shape.succeeded());
  EXPECT_EQ(*shape.failedAt, Stage::Arguments);
  EXPECT_EQ(shape.error().message,
            "@id argument #1: expected a value of type tensor<2xf32>, got tensor<3xf32> from "
            "'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>'");
}

TEST(Run, ArgumentValuesMustFitTheirParameters) {
  RunOutcome loading;
  std::unique_ptr<Program> program = Program::load(source(kIdentity), RunOptions(), loading);
  ASSERT_TRUE(program) << loading.error().str();
  const ElementType f32 = ElementType::makeFloat(numeric::f32Format());
  const ElementType f64 = ElementType::makeFloat(numeric::f64Format());

  RunOutcome wrongShape = program->run("id", {RuntimeValue::tensor(f32, {3})}, RunOptions());
  ASSERT_FALSE(wrongShape.succeeded());
  EXPECT_EQ(*wrongShape.failedAt, Stage::Arguments);
  EXPECT_EQ(wrongShape.error().message,
            "@id argument #1: expected a value of type tensor<2xf32>, got tensor<3xf32>");
  RunOutcome wrongType = program->run("id", {RuntimeValue::tensor(f64, {2})}, RunOptions());
  ASSERT_FALSE(wrongType.succeeded());
  EXPECT_EQ(wrongType.error().message,
            "@id argument #1: expected a value of type tensor<2xf32>, got tensor<2xf64>");
  RunOutcome scalar = program->run("id", {RuntimeValue::scalar(f32)}, RunOptions());
  ASSERT_FALSE(scalar.succeeded());
  EXPECT_EQ(scalar.error().message,
            "@id argument #1: expected a value of type tensor<2xf32>, got a scalar of type f32");
  RunOutcome none = program->run("id", std::vector<RuntimeValue>(), RunOptions());
  ASSERT_FALSE(none.succeeded());
  EXPECT_EQ(none.error().message, "@id takes 1 argument(s) but 0 were given");

  RunOutcome fits = program->run("id", {RuntimeValue::tensor(f32, {2})}, RunOptions());
  ASSERT_TRUE(fits.succeeded()) << fits.error().str();
  EXPECT_EQ(printed(fits), "dense<[0.0, 0.0]> : tensor<2xf32>\n");
}

TEST(Run, UnregisteredDialectsAreAnOptionOfLoading) {
  const char *text = "func.func @main() {\n  \"foo.bar\"() : () -> ()\n  return\n}\n";
  RunOutcome rejected = runFunction(source(text), "", {}, RunOptions());
  ASSERT_FALSE(rejected.succeeded());
  EXPECT_EQ(*rejected.failedAt, Stage::Load);

  RunOptions allowing;
  allowing.allowUnregisteredDialect = true;
  RunOutcome parsed = runFunction(source(text), "", {}, allowing);
  ASSERT_FALSE(parsed.succeeded());
  EXPECT_EQ(*parsed.failedAt, Stage::Evaluation);
  EXPECT_EQ(parsed.error().str(),
            "run.mlir:2:3: error: unregistered operation 'foo.bar' cannot be evaluated");
  EXPECT_TRUE(parsed.results.empty());
}

TEST(Run, TheStepBudgetBelongsToEachRun) {
  RunOutcome loading;
  std::unique_ptr<Program> program = Program::load(source(kCount), RunOptions(), loading);
  ASSERT_TRUE(program) << loading.error().str();
  RunOptions options;
  options.interpreter.maxSteps = 11; // the call and 10 iterations
  for (int run = 0; run < 3; ++run) {
    RunOutcome outcome = program->run("", {"10 : index"}, options);
    ASSERT_TRUE(outcome.succeeded()) << "run " << run << ": " << outcome.error().str();
  }
  options.interpreter.maxSteps = 10;
  RunOutcome stopped = program->run("", {"10 : index"}, options);
  ASSERT_FALSE(stopped.succeeded());
  EXPECT_EQ(*stopped.failedAt, Stage::Evaluation);
  EXPECT_EQ(stopped.error().str(),
            "run.mlir:4:8: error: scf.for: step budget exceeded: more than 10 loop iterations "
            "and function calls (--max-steps=10)");
}

TEST(Run, TheTensorByteBudgetIsScopedToTheRun) {
  RunOptions options;
  options.interpreter.maxTensorBytes = 4;
  RunOutcome argument =
      runFunction(source(kIdentity), "", {"dense<[1.0, 2.0]> : tensor<2xf32>"}, options);
  ASSERT_FALSE(argument.succeeded());
  EXPECT_EQ(*argument.failedAt, Stage::Arguments);
  EXPECT_NE(argument.error().message.find(
                "tensor<2xf32> needs 8 bytes, more than the 4 bytes limit per tensor"),
            std::string::npos)
      << argument.error().message;

  const char *constant = "func.func @main() -> tensor<2xf32> {\n"
                         "  %c = arith.constant dense<1.0> : tensor<2xf32>\n"
                         "  return %c : tensor<2xf32>\n}\n";
  RunOutcome evaluated = runFunction(source(constant), "", {}, options);
  ASSERT_FALSE(evaluated.succeeded());
  EXPECT_EQ(*evaluated.failedAt, Stage::Evaluation);
  EXPECT_EQ(evaluated.error().location, "run.mlir:2:8");

  // Restored after the run: the default budget holds again.
  EXPECT_NO_THROW(RuntimeValue::tensor(ElementType::makeFloat(numeric::f32Format()), {1024}));
  EXPECT_TRUE(runFunction(source(constant), "", {}, RunOptions()).succeeded());
}

TEST(Run, DiagnosticsReachTheCallerAsTheyAreRaised) {
  std::vector<std::string> seen;
  RunOptions options;
  options.onDiagnostic = [&](const ir::LocatedDiagnostic &diagnostic) {
    seen.push_back(diagnostic.str());
  };
  for (const char *text : {"func.func @main( {\n", "func.func private @f() {\n  return\n}\n"}) {
    seen.clear();
    RunOutcome outcome = runFunction(source(text), "", {}, options);
    ASSERT_FALSE(outcome.succeeded());
    std::vector<std::string> kept;
    for (const ir::LocatedDiagnostic &diagnostic : outcome.diagnostics)
      kept.push_back(diagnostic.str());
    EXPECT_EQ(seen, kept);
    EXPECT_FALSE(seen.empty());
  }
}

TEST(Run, ProgramsShareACallersContext) {
  mlir::MLIRContext context;
  ir::registerAcceptedDialects(context);
  for (const char *argument : {"3 : index", "7 : index"}) {
    RunOutcome outcome = runFunction(source(kCount), "", {argument}, RunOptions(), context);
    ASSERT_TRUE(outcome.succeeded()) << outcome.error().str();
    EXPECT_EQ(printed(outcome), std::string(argument) + "\n");
  }
}

} // namespace
} // namespace qi::eval
