//===- main.cpp - quant-interp: run a function of a .mlir file exactly ----===//
//
// Spec: [cli.*] in spec/cli.md; reference: docs/cli.md.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"
#include "interpreter/ir/InputSplitter.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/value/LargeAllocations.h"
#include "interpreter/value/ValuePrinter.h"
#include "tools/quant-interp/ChooseParams.h"
#include "tools/quant-interp/DeriveMultiplier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <memory>

using namespace qi;
namespace cl = llvm::cl;

namespace {

cl::OptionCategory category("quant-interp options");

cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input .mlir file, - for stdin>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> entry("entry", cl::desc("Function to run (default: main, or the only "
                                             "public function)"),
                           cl::value_desc("name"), cl::cat(category));
cl::list<std::string> args("arg", cl::desc("An argument as MLIR attribute text, e.g. "
                                           "'dense<[1.5, 2.0]> : tensor<2xf32>' (repeat "
                                           "in parameter order)"),
                           cl::value_desc("attr"), cl::cat(category));
cl::opt<std::string> argsFile("args-file",
                              cl::desc("File with one argument attribute per line (after "
                                       "the --arg ones; blank and // lines skipped)"),
                              cl::value_desc("file"), cl::cat(category));
cl::opt<std::string> profile("profile", cl::desc("Named semantics (see --list-profiles)"),
                             cl::value_desc("name"), cl::init("reference"), cl::cat(category));
cl::opt<std::string> rounding("rounding",
                              cl::desc("float->integer rounding of qcast: nearest-even, "
                                       "nearest-away, nearest-up, toward-zero, "
                                       "toward-positive, toward-negative, odd"),
                              cl::value_desc("mode"), cl::cat(category));
cl::opt<std::string> arithRounding("arith-rounding",
                                   cl::desc("Rounding of each float step in the expressed "
                                            "type: a rounding mode, or exact"),
                                   cl::value_desc("mode"), cl::cat(category));
cl::opt<std::string> nanPolicy("nan-policy",
                               cl::desc("qcast of NaN: poison, qmin, qmax, zero-point, zero, indefinite"),
                               cl::value_desc("policy"), cl::cat(category));
cl::opt<std::string> overflowPolicy("overflow-policy",
                                    cl::desc("qcast of +-inf and integers outside the intermediate "
                                             "type (the storage type by default): saturate, poison, wrap, indefinite"),
                                    cl::value_desc("policy"), cl::cat(category));
cl::opt<bool> hex("hex", cl::desc("Print tensors as dense<\"0x...\"> and floats as hex"),
                  cl::cat(category));
cl::opt<bool> splitInputFile("split-input-file",
                             cl::desc("Run each '// -----' separated chunk on its own"),
                             cl::cat(category));
cl::opt<bool> listProfiles("list-profiles", cl::desc("Print each profile's semantics and exit"),
                           cl::cat(category));
// [cli.requantize] [cli.list-requantize-recipes]
cl::opt<std::string> requantize("requantize",
                                cl::desc("What tosa.rescale computes: a requantize recipe (default: "
                                         "the profile's; see --list-requantize-recipes)"),
                                cl::value_desc("recipe"), cl::cat(category));
cl::opt<bool> listRequantizeRecipes("list-requantize-recipes",
                                    cl::desc("Print each requantize recipe and what it computes, "
                                             "and exit"),
                                    cl::cat(category));
cl::opt<bool> allowUnregistered("allow-unregistered-dialect",
                                cl::desc("Parse ops of unregistered dialects (as mlir-opt); "
                                         "evaluating one is an error"),
                                cl::cat(category));
// [cli.derive-multiplier]: print each framework's (multiplier, shift) for a
// real scale and exit, reading no input.
cl::opt<std::string> deriveMultiplier("derive-multiplier",
                                      cl::desc("Print the (multiplier, shift) each framework "
                                               "derives from this real scale, and exit"),
                                      cl::value_desc("scale"), cl::cat(category));
cl::opt<std::string> deriveFor("derive-for",
                               cl::desc("Frameworks for --derive-multiplier: all (default), "
                                        "or names separated by commas"),
                               cl::value_desc("framework"), cl::init("all"), cl::cat(category));
// [cli.calibration] [cli.choose-params] Calibration recipes: run programs
// with !quant.calibrated types, or print the parameters chosen for ranges.
cl::opt<std::string> calibration("calibration",
                                 cl::desc("Calibration recipe family[:key=value,...] that turns "
                                          "each !quant.calibrated type into !quant.uniform (with "
                                          "--choose-params also: all)"),
                                 cl::value_desc("recipe"), cl::cat(category));
cl::opt<bool> chooseParamsFlag("choose-params",
                               cl::desc("Print the parameters --calibration chooses for the "
                                        "ranges of --range, --ranges-file or --data, and exit"),
                               cl::cat(category));
cl::list<std::string> rangeFlags("range", cl::desc("An observed range MIN,MAX (repeat: one per "
                                                   "channel, with --axis)"),
                                 cl::value_desc("min,max"), cl::cat(category));
cl::opt<std::string> axisFlag("axis", cl::desc("Channel axis of a per-axis choice"),
                              cl::value_desc("n"), cl::cat(category));
cl::opt<std::string> expressedFlag("expressed",
                                   cl::desc("Expressed type of the chosen type: f32 (default), "
                                            "f16, bf16, f64"),
                                   cl::value_desc("type"), cl::cat(category));
cl::opt<std::string> rangesFile("ranges-file",
                                cl::desc("File of ranges, one case a line: MIN MAX, or "
                                         "axis=N MIN0 MAX0 MIN1 MAX1 ..."),
                                cl::value_desc("file"), cl::cat(category));
cl::opt<bool> jsonFlag("json", cl::desc("--choose-params: one JSON object per line"),
                       cl::cat(category));
cl::list<std::string> dataFlags("data",
                                cl::desc("Calibration data, one batch: a dense float tensor "
                                         "attribute (repeat for more batches)"),
                                cl::value_desc("attr"), cl::cat(category));
cl::opt<std::string> statisticFlag("statistic",
                                   cl::desc("Statistic of --data: minmax (default), "
                                            "moving-average[:c=C], percentile[:p=P], "
                                            "kl[:bins=N,quantized_bins=M,dtype=int8|uint8]"),
                                   cl::value_desc("spec"), cl::cat(category));
// Strings, so that a bad value gets our message and exit status 2.
cl::opt<std::string> maxStepsFlag("max-steps",
                                  cl::desc("Stop after this many loop iterations and function "
                                           "calls (default 1000000000)"),
                                  cl::value_desc("n"), cl::cat(category));
cl::opt<std::string> maxTensorBytesFlag("max-tensor-bytes",
                                        cl::desc("Largest element storage of one tensor, in "
                                                 "bytes (default 4294967296 = 4 GiB)"),
                                        cl::value_desc("n"), cl::cat(category));

/// "quant-interp: error: ..." for problems that have no source location.
int usageError(const std::string &message) {
  llvm::errs() << "quant-interp: error: " << message << "\n";
  return 2;
}

/// Applies --profile and the explicit overrides; nullopt after printing why.
std::optional<quant::Semantics> semanticsFromFlags() {
  std::optional<quant::Semantics> semantics = quant::findProfile(profile);
  if (!semantics) {
    usageError("--profile: unknown profile '" + profile + "' (available: " +
               quant::allProfileNames() + ")");
    return std::nullopt;
  }
  if (rounding.getNumOccurrences()) {
    auto mode = numeric::parseRoundingMode(rounding);
    if (!mode) {
      usageError("--rounding: unknown mode '" + rounding + "' (expected one of: " +
                 std::string(numeric::allRoundingModeNames()) + ")");
      return std::nullopt;
    }
    semantics->rounding = *mode;
  }
  if (arithRounding.getNumOccurrences()) {
    if (!quant::parseArithRounding(arithRounding, semantics->arithRounding)) {
      usageError("--arith-rounding: unknown mode '" + arithRounding +
                 "' (expected exact or one of: " +
                 std::string(numeric::allRoundingModeNames()) + ")");
      return std::nullopt;
    }
  }
  if (nanPolicy.getNumOccurrences()) {
    auto policy = quant::parseNanPolicy(nanPolicy);
    if (!policy) {
      usageError("--nan-policy: unknown policy '" + nanPolicy + "' (expected one of: " +
                 std::string(quant::allNanPolicyNames()) + ")");
      return std::nullopt;
    }
    semantics->nan = *policy;
  }
  if (overflowPolicy.getNumOccurrences()) {
    auto policy = quant::parseOverflowPolicy(overflowPolicy);
    if (!policy) {
      usageError("--overflow-policy: unknown policy '" + overflowPolicy +
                 "' (expected one of: " + std::string(quant::allOverflowPolicyNames()) + ")");
      return std::nullopt;
    }
    semantics->overflow = *policy;
  }
  if (requantize.getNumOccurrences()) {
    auto recipe = requant::parseRecipe(requantize);
    if (!recipe) {
      usageError("--requantize: unknown recipe '" + requantize + "' (expected one of: " +
                 requant::allRecipeNames() + ")");
      return std::nullopt;
    }
    semantics->requantize = *recipe;
  }
  return semantics;
}

/// [cli.max-steps] [cli.max-tensor-bytes] The value of a budget flag, or
/// `fallback` when it is not given; nullopt after printing why.
std::optional<int64_t> budgetFromFlag(const cl::opt<std::string> &flag, int64_t fallback) {
  if (!flag.getNumOccurrences())
    return fallback;
  int64_t value = 0;
  if (llvm::StringRef(flag).getAsInteger(10, value) || value < 1) {
    usageError("--" + flag.ArgStr.str() + ": expected a positive integer (1 to " +
               std::to_string(std::numeric_limits<int64_t>::max()) + "), got '" + flag + "'");
    return std::nullopt;
  }
  return value;
}

/// --arg values, then the lines of --args-file.
std::optional<std::vector<std::string>> collectArguments() {
  std::vector<std::string> all(args.begin(), args.end());
  if (argsFile.empty())
    return all;
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(argsFile);
  if (!buffer) {
    usageError("--args-file: cannot read '" + argsFile + "': " + buffer.getError().message());
    return std::nullopt;
  }
  llvm::SmallVector<llvm::StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (!line.empty() && !line.starts_with("//"))
      all.push_back(line.str());
  }
  return all;
}

/// Runs one program (the file, or one chunk of it: [cli.split-input-file]);
/// prints its results to `out` only when the whole run succeeded
/// ([cli.output] 7). Its diagnostics go to stderr through
/// options.onDiagnostic.
bool runProgram(ir::ProgramSource source, const eval::RunOptions &options,
                const std::vector<std::string> &arguments, llvm::raw_ostream &out) {
  eval::RunOutcome outcome = eval::runFunction(std::move(source), entry, arguments, options);
  if (!outcome.succeeded())
    return false;
  PrintOptions print;
  print.hex = hex;
  std::string text;
  // [cli.calibration] Which type each !quant.calibrated one became.
  for (const ir::CalibratedReplacement &replaced : outcome.calibrated)
    text += "// calibration " + options.calibration->spelling() + ": " + replaced.calibrated +
            " -> " + replaced.uniform + "\n";
  for (const RuntimeValue &result : outcome.results) {
    text += formatValue(result, print) + "\n";
    std::string poison = formatPoisonLine(result);
    if (!poison.empty())
      text += poison + "\n";
  }
  out << text;
  return true;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  qi::keepLargeAllocations(); // [fast.allocation]
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "quant-interp " QI_VERSION " (MLIR " QI_MLIR_VERSION ")\n";
  });
  cl::HideUnrelatedOptions(category);
  // [cli.exit-status]: every command-line usage error exits 2.
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "quant-interp: bit-exact reference interpreter for MLIR "
                                   "quant programs\n",
                                   &llvm::errs()))
    return 2;
  if (deriveMultiplier.getNumOccurrences())
    return tools::runDeriveMultiplier(deriveMultiplier, deriveFor, llvm::outs(), llvm::errs());
  if (deriveFor.getNumOccurrences())
    return usageError("--derive-for: only meaningful with --derive-multiplier=SCALE");
  if (chooseParamsFlag) {
    tools::ChooseParamsRequest request;
    request.calibration = calibration;
    request.ranges.assign(rangeFlags.begin(), rangeFlags.end());
    if (axisFlag.getNumOccurrences())
      request.axis = axisFlag;
    if (expressedFlag.getNumOccurrences())
      request.expressed = expressedFlag;
    if (rangesFile.getNumOccurrences())
      request.rangesFile = rangesFile;
    request.data.assign(dataFlags.begin(), dataFlags.end());
    if (statisticFlag.getNumOccurrences())
      request.statistic = statisticFlag;
    request.json = jsonFlag;
    return tools::runChooseParams(request, llvm::outs(), llvm::errs());
  }
  // (cl::list overloads unary &: std::addressof.)
  const cl::Option *const chooseParamsOnly[] = {
      std::addressof(rangeFlags), &axisFlag, &expressedFlag, &rangesFile, &jsonFlag,
      std::addressof(dataFlags),  &statisticFlag};
  for (const cl::Option *flag : chooseParamsOnly)
    if (flag->getNumOccurrences())
      return usageError("--" + flag->ArgStr.str() + ": only meaningful with --choose-params");
  std::optional<quant::Semantics> semantics = semanticsFromFlags();
  if (!semantics)
    return 2;
  eval::RunOptions options;
  options.semantics = *semantics;
  options.allowUnregisteredDialect = allowUnregistered;
  if (calibration.getNumOccurrences()) {
    if (calibration == "all")
      return usageError("--calibration=all: only with --choose-params; a program runs under "
                        "one recipe (e.g. --calibration=" +
                        calibrate::catalogueRecipes().front().spelling() + ")");
    std::string error;
    options.calibration = calibrate::parseCalibrationRecipe(calibration, &error);
    if (!options.calibration)
      return usageError("--calibration: " + error);
  }
  std::optional<int64_t> steps = budgetFromFlag(maxStepsFlag, eval::kDefaultMaxSteps);
  if (!steps)
    return 2;
  options.interpreter.maxSteps = *steps;
  std::optional<int64_t> tensorBytes = budgetFromFlag(maxTensorBytesFlag, kDefaultMaxTensorBytes);
  if (!tensorBytes)
    return 2;
  options.interpreter.maxTensorBytes = *tensorBytes;
  // [cli.errors] Each one at once, as it is raised.
  options.onDiagnostic = [](const ir::LocatedDiagnostic &diagnostic) {
    llvm::errs() << diagnostic.str() << "\n";
  };
  if (listProfiles) {
    for (std::string_view name : quant::profileNames())
      llvm::outs() << name << ": " << quant::findProfile(name)->describe() << " | requantize: "
                   << requant::recipeName(quant::findProfile(name)->requantize) << "\n";
    return 0;
  }
  if (listRequantizeRecipes) {
    for (requant::RequantizeRecipe recipe : requant::allRecipes())
      llvm::outs() << requant::recipeName(recipe) << ": " << requant::recipeSummary(recipe) << "\n";
    return 0;
  }
  std::optional<std::vector<std::string>> arguments = collectArguments();
  if (!arguments)
    return 2;

  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(inputFile);
  if (!buffer)
    return usageError("cannot read '" + inputFile + "': " + buffer.getError().message());

  // [cli.split-input-file]: every chunk runs, even after one fails; only
  // successful chunks print results, separated by the marker.
  std::vector<ir::ProgramSource> chunks;
  if (splitInputFile)
    chunks = ir::splitInputChunks(**buffer);
  else
    chunks.push_back({std::move(*buffer), 1});
  std::string output;
  llvm::raw_string_ostream os(output);
  bool failed = false;
  for (size_t i = 0; i < chunks.size(); ++i) {
    if (i)
      os << ir::kSplitMarker << "\n";
    // A blank chunk (e.g. after a trailing marker) is skipped; a blank file,
    // one chunk, has no function to run like any other ([cli.input]).
    if (chunks.size() > 1 && chunks[i].buffer->getBuffer().trim().empty())
      continue;
    failed |= !runProgram(std::move(chunks[i]), options, *arguments, os);
  }
  llvm::outs() << output;
  llvm::outs().flush();
  return failed ? 1 : 0;
}
