//===- Backends.cpp - interp, mlir-lowering, mlir-cpu and command ---------===//
//
// Spec: docs/vendor-guide.md ("Backends", "The command protocol").
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/Backend.h"
#include "conformance/runner/CaseText.h"
#include "conformance/runner/Subprocess.h"
#include "generators/GoldenTosaOp.h"
#include "generators/GoldenProgram.h"

#include <cctype>
#include <csignal>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <cstring>
#include <fstream>
#include <sstream>

namespace qi::conform {
using generators::GoldenCase;
using generators::Op;

const char *const kDefaultLoweringPipeline = "--lower-quant-ops --strip-func-quant-types";
const char *const kDefaultCpuPipeline =
    "--lower-quant-ops --strip-func-quant-types --canonicalize --shape-to-shape-lowering "
    "--convert-shape-to-std --convert-elementwise-to-linalg "
    "--one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops "
    "--convert-scf-to-cf --expand-strided-metadata --lower-affine "
    "--finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm "
    "--convert-index-to-llvm --convert-func-to-llvm --convert-cf-to-llvm "
    "--reconcile-unrealized-casts";

// One word each (a --pass-pipeline): TOSA's passes are func.func passes,
// which the flag form cannot schedule on the module.
const char *const kDefaultRescaleLoweringPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg,"
    "tosa-to-arith{include-apply-rescale=true}))";
const char *const kDefaultRescaleCpuPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg,"
    "tosa-to-arith{include-apply-rescale=true}),canonicalize,"
    "one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,"
    "convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,"
    "convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,"
    "convert-cf-to-llvm,reconcile-unrealized-casts)";

// TOSA operator cases, contraction and elementwise (spec/tosa-contractions.md
// [contract.lowering], spec/tosa-elementwise.md): the named-op lowering first
// (tosa-to-linalg lowers ADD, SUB, MUL, NEGATE and CLAMP; nothing more is
// needed); TRANSPOSE_CONV2D is decomposed into CONV2D and
// tensor ops first (MLIR 22 has no direct lowering of it), whose shape
// constants canonicalize folds away.
const char *const kDefaultContractionLoweringPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
    "tosa-to-arith{include-apply-rescale=true}))";
const char *const kDefaultTransposeConvLoweringPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,"
    "tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor),canonicalize)";
#define QI_CPU_REST                                                                                \
  "canonicalize,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,"        \
  "convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,"                \
  "convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,"         \
  "convert-cf-to-llvm,reconcile-unrealized-casts)"
const char *const kDefaultContractionCpuPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-to-linalg-named,tosa-to-linalg,"
    "tosa-to-arith{include-apply-rescale=true})," QI_CPU_REST;
const char *const kDefaultTransposeConvCpuPipeline =
    "--pass-pipeline=builtin.module(func.func(tosa-optional-decompositions,tosa-to-linalg-named,"
    "tosa-to-linalg,tosa-to-arith{include-apply-rescale=true},tosa-to-tensor)," QI_CPU_REST;
#undef QI_CPU_REST

namespace {

constexpr size_t kTailLines = 5;

/// The pipeline of case `c` for a backend: qcast / dcast `pipeline`,
/// rescale `rescale`, TOSA operator cases (contraction and elementwise) the
/// fixed contraction pipelines.
std::string pipelineFor(const GoldenCase &c, const BackendSettings &s, bool cpu) {
  if (c.isTosaOp()) {
    const bool transpose = c.params.tosaOp.kind == generators::TosaOpKind::TransposeConv2d;
    if (cpu)
      return transpose ? kDefaultTransposeConvCpuPipeline : kDefaultContractionCpuPipeline;
    return transpose ? kDefaultTransposeConvLoweringPipeline : kDefaultContractionLoweringPipeline;
  }
  return c.isRescale() ? s.rescalePipeline : s.pipeline;
}

bool writeText(const std::string &path, const std::string &text, std::string &error) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

bool readText(const std::string &path, std::string &text) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

std::vector<std::string> splitWords(const std::string &text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;)
    words.push_back(w);
  return words;
}

BackendOutput errorOutput(const std::string &reason, const ProcessResult *process = nullptr) {
  BackendOutput out;
  out.status = BackendOutput::Status::Error;
  out.reason = reason;
  if (process) {
    out.stderrTail = tailLines(process->err, kTailLines);
    out.seconds = process->seconds;
  }
  return out;
}

BackendOutput statusOutput(BackendOutput::Status status, const ProcessResult &process) {
  BackendOutput out;
  out.status = status;
  out.stderrTail = tailLines(process.err, kTailLines);
  out.reason = tailLines(process.err, 1);
  out.seconds = process.seconds;
  return out;
}

/// The first `error:` line of a tool's stderr, or its last line.
std::string diagnosticLine(const std::string &err) {
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);)
    if (line.find("error:") != std::string::npos)
      return line;
  return tailLines(err, 1);
}

/// Runs quant-interp on `program` (a file in `scratch`) with the case's input
/// (and a rescale case's operands, when they are arguments).
BackendOutput runQuantInterp(const BackendSettings &s, const GoldenCase &c,
                             const std::string &program, const std::string &scratch,
                             const std::string &profile, const std::string &requantize,
                             double secondsSoFar) {
  std::string error;
  const std::string args = scratch + "/args.txt";
  if (!writeText(args, argumentLines(c), error))
    return errorOutput(error);
  std::vector<std::string> argv = {s.quantInterp, program, "--args-file=" + args};
  if (!profile.empty())
    argv.push_back("--profile=" + profile);
  if (!requantize.empty())
    argv.push_back("--requantize=" + requantize);
  if (c.params.op == Op::DCast)
    argv.push_back("--hex");
  ProcessOptions options;
  options.timeoutSeconds = s.timeoutSeconds - secondsSoFar;
  ProcessResult r = runProcess(argv, options);
  BackendOutput out;
  if (r.exitedWith(0)) {
    out.status = BackendOutput::Status::Values;
    if (!parseInterpreterOutput(r.out, c, out, error))
      return errorOutput("unreadable quant-interp output: " + error, &r);
  } else if (r.exitedWith(1)) {
    // A diagnostic on purpose (bad input, run-time integrity); an
    // unsupported op in a lowered program is our gap, not a rejection.
    std::string line = diagnosticLine(r.err);
    if (line.find("unsupported") != std::string::npos)
      return errorOutput("quant-interp: " + line, &r);
    out = statusOutput(BackendOutput::Status::Rejected, r);
    out.reason = "quant-interp: " + line;
  } else {
    return errorOutput("quant-interp: " + r.describe(options.timeoutSeconds), &r);
  }
  out.seconds = r.seconds + secondsSoFar;
  return out;
}

/// mlir-opt on the program alone: does MLIR accept it? Null when it does;
/// otherwise the Rejected (verifier) or Error output.
std::optional<BackendOutput> verifyWithMlirOpt(const BackendSettings &s,
                                               const std::string &program) {
  ProcessOptions options;
  options.timeoutSeconds = s.timeoutSeconds;
  ProcessResult r = runProcess({s.mlirOpt, program, "-o", "/dev/null"}, options);
  if (r.exitedWith(0))
    return std::nullopt;
  if (r.exitedWith(1)) {
    BackendOutput out = statusOutput(BackendOutput::Status::Rejected, r);
    out.reason = "mlir-opt: " + diagnosticLine(r.err);
    return out;
  }
  return errorOutput("mlir-opt: " + r.describe(options.timeoutSeconds), &r);
}

/// mlir-opt with `pipeline` from `in` to `out`; null on success.
std::optional<BackendOutput> lowerWithMlirOpt(const BackendSettings &s, const std::string &pipeline,
                                              const std::string &in, const std::string &out) {
  std::vector<std::string> argv = {s.mlirOpt, in, "-o", out};
  for (const std::string &w : splitWords(pipeline))
    argv.push_back(w);
  ProcessOptions options;
  options.timeoutSeconds = s.timeoutSeconds;
  ProcessResult r = runProcess(argv, options);
  if (r.exitedWith(0))
    return std::nullopt;
  return errorOutput("mlir-opt pipeline failed (" + r.describe(options.timeoutSeconds) +
                         "): " + diagnosticLine(r.err),
                     &r);
}

/// The first op of the quant or tosa dialect left in a lowered program,
/// as "tosa.conv2d at line 12", but quant.scast (which a lowering emits to
/// strip types) and tosa.apply_scale (a lowered-IR op with its own clause,
/// [tosa.apply-scale]). Such an op would be evaluated by quant-interp with
/// the reference semantics, and the mlir-lowering backend would then check
/// the original op instead of MLIR's lowering of it. Types (`!quant.uniform`,
/// `!tosa.shape`) and attributes (`#tosa....`) are not ops.
std::optional<std::string> unloweredOp(const std::string &text) {
  size_t line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      continue;
    }
    for (const char *dialect : {"quant.", "tosa."}) {
      const size_t n = std::strlen(dialect);
      if (text.compare(i, n, dialect) != 0)
        continue;
      const char before = i ? text[i - 1] : ' ';
      if (before != ' ' && before != '"' && before != '\n' && before != '=')
        continue;
      size_t end = i + n;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
      const std::string name = text.substr(i, end - i);
      if (name != "quant.scast" && name != "tosa.apply_scale")
        return name + " at line " + std::to_string(line);
    }
  }
  return std::nullopt;
}

class InterpBackend : public Backend {
public:
  explicit InterpBackend(BackendSettings s) : s_(std::move(s)) {}
  BackendOutput run(const GoldenCase &c, const std::string &scratch) const override {
    std::string error, program = scratch + "/program.mlir";
    if (!writeText(program, generators::programText(c.params), error))
      return errorOutput(error);
    return runQuantInterp(s_, c, program, scratch, s_.profile, s_.requantize, 0);
  }
  std::string detail() const override {
    return s_.quantInterp + " --profile=" + s_.profile +
           (s_.requantize.empty() ? "" : " --requantize=" + s_.requantize);
  }

private:
  BackendSettings s_;
};

class MlirLoweringBackend : public Backend {
public:
  explicit MlirLoweringBackend(BackendSettings s) : s_(std::move(s)) {
    if (s_.pipeline.empty())
      s_.pipeline = kDefaultLoweringPipeline;
    if (s_.rescalePipeline.empty())
      s_.rescalePipeline = kDefaultRescaleLoweringPipeline;
  }
  BackendOutput run(const GoldenCase &c, const std::string &scratch) const override {
    std::string error, program = scratch + "/program.mlir", lowered = scratch + "/lowered.mlir";
    if (!writeText(program, generators::programText(c.params), error))
      return errorOutput(error);
    if (auto rejected = verifyWithMlirOpt(s_, program))
      return *rejected;
    if (auto failed = lowerWithMlirOpt(s_, pipelineFor(c, s_, false), program, lowered))
      return *failed;
    // The lowered program has no quant or tosa ops left (or only scast), so
    // the profile and the recipe do not matter.
    std::string text;
    if (!readText(lowered, text))
      return errorOutput("cannot read the lowered program " + lowered);
    if (std::optional<std::string> op = unloweredOp(text))
      return errorOutput("the pipeline left " + *op + " of " + lowered +
                         " unlowered (quant-interp would evaluate the original op, not MLIR's lowering of it)");
    return runQuantInterp(s_, c, lowered, scratch, "", "", 0);
  }
  std::string detail() const override {
    return s_.mlirOpt + " " + s_.pipeline + " (rescale: " + s_.rescalePipeline +
           "; contractions, elementwise ops: " + kDefaultContractionLoweringPipeline + ") | " + s_.quantInterp;
  }

private:
  BackendSettings s_;
};

class MlirCpuBackend : public Backend {
public:
  explicit MlirCpuBackend(BackendSettings s) : s_(std::move(s)) {
    if (s_.pipeline.empty())
      s_.pipeline = kDefaultCpuPipeline;
    if (s_.rescalePipeline.empty())
      s_.rescalePipeline = kDefaultRescaleCpuPipeline;
  }
  BackendOutput run(const GoldenCase &c, const std::string &scratch) const override {
    std::string error, program = scratch + "/program.mlir", harness = scratch + "/harness.mlir",
                       llvmDialect = scratch + "/harness.llvm.mlir";
    if (!writeText(program, generators::programText(c.params), error) ||
        !writeText(harness, cpuHarness(c), error))
      return errorOutput(error);
    if (auto rejected = verifyWithMlirOpt(s_, program))
      return *rejected;
    if (auto failed = lowerWithMlirOpt(s_, pipelineFor(c, s_, true), harness, llvmDialect))
      return *failed;
    ProcessOptions options;
    options.timeoutSeconds = s_.timeoutSeconds;
    ProcessResult r = runProcess({s_.mlirRunner, llvmDialect, "-O3", "-e", "qi_harness",
                                  "-entry-point-result=void", "-shared-libs=" + s_.runnerUtils},
                                 options);
    if (!r.exitedWith(0))
      return errorOutput("mlir-runner: " + r.describe(options.timeoutSeconds), &r);
    BackendOutput out;
    out.status = BackendOutput::Status::Values;
    out.seconds = r.seconds;
    if (!parseHarnessOutput(r.out, c, out, error))
      return errorOutput("unreadable harness output: " + error, &r);
    return out;
  }
  std::string detail() const override {
    return s_.mlirOpt + " " + s_.pipeline + " (rescale: " + s_.rescalePipeline +
           "; contractions, elementwise ops: " + kDefaultContractionCpuPipeline + ") | " + s_.mlirRunner + " -O3";
  }

private:
  BackendSettings s_;
};

/// The exit status of the command protocol (per case: the process's; in
/// batch mode: the answer line's) turned into a backend output.
BackendOutput commandOutput(const ProcessResult &r, const GoldenCase &c, const std::string &scratch,
                            double timeoutSeconds) {
  if (r.exitedWith(3))
    return statusOutput(BackendOutput::Status::Rejected, r);
  if (r.exitedWith(77))
    return statusOutput(BackendOutput::Status::Unsupported, r);
  if (!r.exitedWith(0)) {
    std::string why = r.describe(timeoutSeconds);
    // sh reports a command killed by signal N as exit status 128 + N.
    if (r.started && !r.timedOut && !r.interrupted && r.signal == 0 && r.exitCode > 128 &&
        r.exitCode < 128 + NSIG)
      why += " (the shell's report of signal " + std::to_string(r.exitCode - 128) + ", " +
             strsignal(r.exitCode - 128) + ")";
    return errorOutput("the command failed: " + why, &r);
  }
  std::string text, error;
  if (!readText(scratch + "/output.txt", text))
    return errorOutput("the command exited 0 but wrote no output.txt", &r);
  BackendOutput out;
  out.status = BackendOutput::Status::Values;
  out.seconds = r.seconds;
  if (!parseProtocolOutput(text, c, out, error))
    return errorOutput("unreadable output: " + error, &r);
  return out;
}

/// The op's JSON (contraction.json or elementwise.json) and one file per
/// operand (weight.txt, bias.txt, input2.txt) of a TOSA operator case.
bool writeTosaOpFiles(const GoldenCase &c, const std::string &scratch, std::string &error) {
  if (!writeText(scratch + "/" + protocolTosaOpJsonName(c), protocolTosaOpJson(c), error))
    return false;
  for (const generators::TosaOpOperand &o : generators::tosaOpOperands(c))
    if (!writeText(scratch + "/" + o.name + ".txt", protocolOperandText(*o.values), error))
      return false;
  return true;
}

/// `text` as one sh word.
std::string shellQuote(const std::string &text) {
  std::string quoted = "'";
  for (char ch : text)
    quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

constexpr const char *kBatchAnswer = "done ";

class CommandBackend : public Backend {
public:
  explicit CommandBackend(BackendSettings s,
                          std::vector<std::pair<std::string, std::string>> environment = {})
      : s_(std::move(s)), environment_(std::move(environment)) {}
  ~CommandBackend() override {
    // The end of the requests: each batch process gets EOF on stdin.
    for (auto &p : idle_)
      p->stop(5);
  }
  BackendOutput run(const GoldenCase &c, const std::string &scratch) const override {
    std::string error;
    // A rescale case describes its op in rescale.json, a contraction case
    // in contraction.json (with weight.txt and bias.txt), an elementwise
    // case in elementwise.json (with input2.txt for ADD, SUB, MUL), a
    // qcast / dcast case its quantized type in type.json.
    if (!writeText(scratch + "/request.txt", protocolRequest(c), error) ||
        !writeText(scratch + "/program.mlir", generators::programText(c.params), error) ||
        !(c.isTosaOp() ? writeTosaOpFiles(c, scratch, error)
          : c.isRescale()   ? writeText(scratch + "/rescale.json", protocolRescaleJson(c), error)
                            : writeText(scratch + "/type.json", protocolTypeJson(c), error)) ||
        !writeText(scratch + "/input.txt", protocolInput(c), error))
      return errorOutput(error);
    if (s_.batch)
      return runBatched(c, scratch);
    ProcessOptions options;
    options.timeoutSeconds = s_.timeoutSeconds;
    options.environment = environment_;
    options.environment.push_back({"QI_REQUEST_DIR", scratch});
    ProcessResult r = runProcess({"/bin/sh", "-c", s_.command + " \"$1\"", "sh", scratch}, options);
    return commandOutput(r, c, scratch, options.timeoutSeconds);
  }
  std::string detail() const override { return s_.command + (s_.batch ? " (batch mode)" : ""); }

private:
  /// [conform.batch] One process per job takes the cases' request
  /// directories on stdin and answers `done STATUS` on stdout.
  BackendOutput runBatched(const GoldenCase &c, const std::string &scratch) const {
    std::unique_ptr<PersistentProcess> process;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!idle_.empty()) {
        process = std::move(idle_.back());
        idle_.pop_back();
      }
    }
    if (!process || !process->running()) {
      process = std::make_unique<PersistentProcess>();
      ProcessOptions options;
      options.environment = environment_;
      options.environment.push_back({"QI_COMMAND_MODE", "batch"});
      std::string failure;
      if (!process->start({"/bin/sh", "-c", s_.command}, options, failure))
        return errorOutput("the batch command could not start: " + failure);
    }
    ProcessResult r = process->exchange(scratch, kBatchAnswer, s_.timeoutSeconds);
    if (r.exitedWith(0)) {
      // The answer: `done STATUS`, STATUS as the per-case exit status.
      std::string status = r.out.substr(std::strlen(kBatchAnswer));
      char *end = nullptr;
      long code = std::strtol(status.c_str(), &end, 10);
      if (status.empty() || *end != '\0' || code < 0 || code > 255) {
        process->stop(0);
        return errorOutput("the batch command answered '" + r.out + "' (expected done STATUS)", &r);
      }
      r.exitCode = int(code);
      std::lock_guard<std::mutex> lock(mutex_);
      idle_.push_back(std::move(process));
    } else if (r.started && !r.timedOut && !r.interrupted) {
      return errorOutput("the batch command exited without answering (" +
                             r.describe(s_.timeoutSeconds) + ")",
                         &r);
    }
    return commandOutput(r, c, scratch, s_.timeoutSeconds);
  }

  BackendSettings s_;
  std::vector<std::pair<std::string, std::string>> environment_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<PersistentProcess>> idle_;
};

#ifndef QI_FRAMEWORKS_DIR
#define QI_FRAMEWORKS_DIR "conformance/frameworks"
#endif
#ifndef QI_FRAMEWORKS_NODE_MODULES
#define QI_FRAMEWORKS_NODE_MODULES "build/frameworks/node_modules"
#endif
// The built quant-xnnpack-backend; "" when CMake found no XNNPACK.
#ifndef QI_XNNPACK_BACKEND
#define QI_XNNPACK_BACKEND ""
#endif

std::string frameworksDir(const BackendSettings &s) {
  return s.frameworksDir.empty() ? QI_FRAMEWORKS_DIR : s.frameworksDir;
}

bool isFile(const std::string &path) { return std::ifstream(path).good(); }

} // namespace

std::string backendNames() {
  return "interp, mlir-lowering, mlir-cpu, command, onnxruntime, pytorch, xnnpack";
}

std::string frameworkCapabilitiesFile(const std::string &name, const BackendSettings &settings) {
  if (name == "onnxruntime" || name == "pytorch" || name == "xnnpack")
    return frameworksDir(settings) + "/" + name + "/" + name + ".capabilities";
  return "";
}

std::unique_ptr<Backend> makeBackend(const std::string &name, const BackendSettings &settings,
                                     std::string &error) {
  if (name == "interp")
    return std::make_unique<InterpBackend>(settings);
  if (name == "mlir-lowering")
    return std::make_unique<MlirLoweringBackend>(settings);
  if (name == "mlir-cpu")
    return std::make_unique<MlirCpuBackend>(settings);
  if (name == "command") {
    if (settings.command.empty()) {
      error = "--backend=command needs --command='CMD' (docs/vendor-guide.md)";
      return nullptr;
    }
    return std::make_unique<CommandBackend>(settings);
  }
  // [conform.frameworks] A framework's adapter speaks the command protocol
  // in batch mode.
  if (name == "onnxruntime") {
    std::string script = frameworksDir(settings) + "/onnxruntime/ort_backend.js";
    std::string modules =
        settings.nodeModules.empty() ? QI_FRAMEWORKS_NODE_MODULES : settings.nodeModules;
    if (!isFile(script)) {
      error = "--backend=onnxruntime: no adapter " + script;
      return nullptr;
    }
    if (!isFile(modules + "/onnxruntime-node/package.json")) {
      error = "--backend=onnxruntime: onnxruntime-node is not installed in " + modules +
              " (.ci/setup installs it: npm install --ignore-scripts onnxruntime-node@1.30.0)";
      return nullptr;
    }
    BackendSettings s = settings;
    s.command = "node " + shellQuote(script);
    s.batch = true;
    return std::make_unique<CommandBackend>(
        s, std::vector<std::pair<std::string, std::string>>{{"NODE_PATH", modules}});
  }
  if (name == "pytorch") {
    std::string script = frameworksDir(settings) + "/pytorch/torch_backend.py";
    if (!isFile(script)) {
      error = "--backend=pytorch: no adapter " + script;
      return nullptr;
    }
    // Debian's python, whose dist-packages has python3-torch (a python
    // found on PATH may lack torch). Without torch the adapter answers 77
    // per case, naming the import error.
    const std::string python = "/usr/bin/python3";
    if (!isFile(python)) {
      error = "--backend=pytorch: " + python +
              " is not installed (.ci/setup installs python3-torch)";
      return nullptr;
    }
    BackendSettings s = settings;
    s.command = python + " " + shellQuote(script);
    s.batch = true;
    return std::make_unique<CommandBackend>(s);
  }
  if (name == "xnnpack") {
    // A C++ adapter built with quant-conform (conformance/frameworks/xnnpack).
    const std::string executable = QI_XNNPACK_BACKEND;
    if (executable.empty()) {
      error = "--backend=xnnpack: quant-conform was built without XNNPACK (CMake found no xnnpack.h, "
              "pthreadpool.h or their libraries; .ci/setup installs libxnnpack-dev and libpthreadpool-dev)";
      return nullptr;
    }
    if (!isFile(executable)) {
      error = "--backend=xnnpack: " + executable +
              " was not built (cmake --build build --target quant-xnnpack-backend)";
      return nullptr;
    }
    BackendSettings s = settings;
    s.command = shellQuote(executable);
    s.batch = true;
    return std::make_unique<CommandBackend>(s);
  }
  error = "--backend: unknown backend '" + name + "' (available: " + backendNames() + ")";
  return nullptr;
}

} // namespace qi::conform
