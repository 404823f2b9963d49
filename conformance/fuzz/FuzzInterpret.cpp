//===- FuzzInterpret.cpp - libFuzzer: .mlir text + arguments -> results ---===//
//
// Harness (1) of docs/reliability.md. The input is a module, a delimiter line
// and the arguments, as `quant-interp FILE --args-file=...` would take them:
//
//   <.mlir module text>
//   // --- fuzz args ---
//   %entry=NAME            option lines (optional, any order): %entry=,
//   %profile=NAME          %profile=, %rounding=, %arith-rounding=,
//   %split                 %nan-policy=, %overflow-policy=, %split
//   dense<[1.0]> : tensor<1xf32>     one argument attribute per line
//
// Everything runs in-process through quant-interp's own entry point
// (eval/Run.h, [eval.run]). Every error must be reported through the
// library's error paths; a crash, sanitizer report, uncaught exception or
// timeout is a finding.
//
// Speed: building an MLIRContext and loading the eight dialects costs more
// than parsing, verifying and interpreting a typical input (one context per
// input: ~80-500 exec/s). So one context, with the dialects loaded, is kept
// across inputs and every input is parsed into it (each module is destroyed
// after its input; the context only keeps uniqued types and attributes). The
// context is recreated every QI_FUZZ_INPUTS_PER_CONTEXT inputs (default
// 1000) to bound that growth; QI_FUZZ_INPUTS_PER_CONTEXT=1 is the old
// behaviour (a fresh context per input), for checking that a crash does not
// depend on an earlier input.
//
//===----------------------------------------------------------------------===//
#include "interpreter/eval/Run.h"
#include "interpreter/ir/InputSplitter.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/quant/Semantics.h"
#include "interpreter/value/ValuePrinter.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace qi;

namespace {

constexpr llvm::StringLiteral kDelimiter = "// --- fuzz args ---";

struct Options {
  std::string entry;
  bool split = false;
};

/// Applies one "%name=value" line; false when the value is unknown (the
/// input is then uninteresting, as the CLI would exit 2).
bool applyOption(llvm::StringRef line, Options &options, quant::Semantics &semantics) {
  auto [name, value] = line.drop_front().split('=');
  std::string v = value.trim().str();
  if (name == "entry") {
    options.entry = v;
  } else if (name == "split") {
    options.split = true;
  } else if (name == "profile") {
    auto s = quant::findProfile(v);
    if (!s)
      return false;
    semantics = *s;
  } else if (name == "rounding") {
    auto m = numeric::parseRoundingMode(v);
    if (!m)
      return false;
    semantics.rounding = *m;
  } else if (name == "arith-rounding") {
    if (!quant::parseArithRounding(v, semantics.arithRounding))
      return false;
  } else if (name == "nan-policy") {
    auto p = quant::parseNanPolicy(v);
    if (!p)
      return false;
    semantics.nan = *p;
  } else if (name == "overflow-policy") {
    auto p = quant::parseOverflowPolicy(v);
    if (!p)
      return false;
    semantics.overflow = *p;
  } else {
    return false;
  }
  return true;
}

/// The shared context (see the file comment), recreated every
/// QI_FUZZ_INPUTS_PER_CONTEXT calls.
mlir::MLIRContext &contextForNextInput() {
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned uses = 0;
  static const unsigned perContext = [] {
    const char *env = std::getenv("QI_FUZZ_INPUTS_PER_CONTEXT");
    long n = env ? std::strtol(env, nullptr, 10) : 1000;
    return n >= 1 ? unsigned(n) : 1u;
  }();
  if (!context || uses >= perContext) {
    context.reset();
    context = std::make_unique<mlir::MLIRContext>(mlir::MLIRContext::Threading::DISABLED);
    ir::registerAcceptedDialects(*context);
    // Diagnostics are expected (bad input); drop them instead of printing.
    context->getDiagEngine().registerHandler([](mlir::Diagnostic &) { return mlir::success(); });
    uses = 0;
  }
  ++uses;
  return *context;
}

/// Runs one program as quant-interp does, errors swallowed (a reported
/// error is fine); results are formatted both ways, as it would print them.
void runProgram(ir::ProgramSource source, const Options &options,
                const eval::RunOptions &runOptions, const std::vector<std::string> &arguments,
                mlir::MLIRContext &context) {
  eval::RunOutcome outcome =
      eval::runFunction(std::move(source), options.entry, arguments, runOptions, context);
  for (bool hex : {false, true}) {
    PrintOptions print;
    print.hex = hex;
    for (const RuntimeValue &result : outcome.results) {
      std::string text = formatValue(result, print) + formatPoisonLine(result);
      (void)text;
    }
  }
}

/// Inputs that crash MLIR 22's own parser (not our code; mlir-opt crashes
/// the same way), skipped so that fuzzing can go on. Each one has an XFAIL
/// lit test and an entry in docs/reliability.md "Upstream crashes".
///   1. linalg.broadcast / linalg.transpose / linalg.reduce whose
///      `dimensions = ` / `permutation = ` is not a well-formed `[i, j, ...]`
///      list: the custom parser sets a null attribute when parsing the list
///      fails (SEGV in NamedAttrList::set).
///      lit: errors/upstream-linalg-dims-parser.mlir
bool malformedIntList(llvm::StringRef rest) {
  rest = rest.ltrim();
  if (!rest.consume_front("["))
    return true;
  rest = rest.ltrim();
  if (rest.consume_front("]"))
    return false;
  while (true) {
    rest = rest.ltrim();
    rest.consume_front("-");
    size_t digits = 0;
    while (digits < rest.size() && llvm::isDigit(rest[digits]))
      ++digits;
    if (digits == 0 || digits > 18)
      return true;
    rest = rest.drop_front(digits).ltrim();
    if (rest.consume_front("]"))
      return false;
    if (!rest.consume_front(","))
      return true;
  }
}

bool hitsKnownUpstreamCrash(llvm::StringRef text) {
  for (llvm::StringRef keyword : {"dimensions", "permutation"}) {
    for (size_t at = text.find(keyword); at != llvm::StringRef::npos;
         at = text.find(keyword, at + 1)) {
      llvm::StringRef rest = text.drop_front(at + keyword.size()).ltrim();
      if (rest.consume_front("=") && malformedIntList(rest))
        return true;
    }
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  auto [moduleText, argsText] = input.split(kDelimiter);
  if (hitsKnownUpstreamCrash(moduleText))
    return -1;
  Options options;
  eval::RunOptions runOptions; // the reference profile, unless an option says otherwise
  // The harness's per-tensor byte budget ([cli.max-tensor-bytes]): 1 MiB
  // instead of 4 GiB. A valid input such as `dense<1> : tensor<77777773xi8>`
  // takes about a microsecond per element under ASan (a libFuzzer timeout
  // after 60 s, docs/reliability.md); refused at once, through the same check.
  runOptions.interpreter.maxTensorBytes = int64_t(1) << 20;
  std::vector<std::string> arguments;
  llvm::SmallVector<llvm::StringRef> lines;
  argsText.split(lines, '\n');
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("//"))
      continue;
    if (line.starts_with("%")) {
      if (!applyOption(line, options, runOptions.semantics))
        return -1; // not added to the corpus
      continue;
    }
    arguments.push_back(line.str());
  }
  ir::ProgramSource source = ir::ProgramSource::copyOf(moduleText, "fuzz.mlir");
  mlir::MLIRContext &context = contextForNextInput();
  if (!options.split) {
    runProgram(std::move(source), options, runOptions, arguments, context);
    return 0;
  }
  for (ir::ProgramSource &chunk : ir::splitInputChunks(*source.buffer))
    if (!chunk.buffer->getBuffer().trim().empty())
      runProgram(std::move(chunk), options, runOptions, arguments, context);
  return 0;
}
