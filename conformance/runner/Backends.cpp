//===- Backends.cpp - interp, mlir-lowering, mlir-cpu and command ---------===//
//
// Spec: docs/vendor-guide.md ("Backends", "The command protocol").
//
//===----------------------------------------------------------------------===//
#include "conformance/runner/Backend.h"
#include "conformance/runner/CaseText.h"
#include "conformance/runner/Subprocess.h"
#include "generators/GoldenProgram.h"

#include <csignal>
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

namespace {

constexpr size_t kTailLines = 5;

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
    if (auto failed = lowerWithMlirOpt(s_, c.isRescale() ? s_.rescalePipeline : s_.pipeline,
                                       program, lowered))
      return *failed;
    // The lowered program has no quant or tosa ops left (or only scast), so
    // the profile and the recipe do not matter.
    return runQuantInterp(s_, c, lowered, scratch, "", "", 0);
  }
  std::string detail() const override {
    return s_.mlirOpt + " " + s_.pipeline + " (rescale: " + s_.rescalePipeline + ") | " +
           s_.quantInterp;
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
    if (auto failed = lowerWithMlirOpt(s_, c.isRescale() ? s_.rescalePipeline : s_.pipeline,
                                       harness, llvmDialect))
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
    return s_.mlirOpt + " " + s_.pipeline + " (rescale: " + s_.rescalePipeline + ") | " +
           s_.mlirRunner + " -O3";
  }

private:
  BackendSettings s_;
};

class CommandBackend : public Backend {
public:
  explicit CommandBackend(BackendSettings s) : s_(std::move(s)) {}
  BackendOutput run(const GoldenCase &c, const std::string &scratch) const override {
    std::string error;
    // A rescale case describes its op in rescale.json, a qcast / dcast case
    // its quantized type in type.json.
    if (!writeText(scratch + "/request.txt", protocolRequest(c), error) ||
        !writeText(scratch + "/program.mlir", generators::programText(c.params), error) ||
        !(c.isRescale() ? writeText(scratch + "/rescale.json", protocolRescaleJson(c), error)
                        : writeText(scratch + "/type.json", protocolTypeJson(c), error)) ||
        !writeText(scratch + "/input.txt", protocolInput(c), error))
      return errorOutput(error);
    ProcessOptions options;
    options.timeoutSeconds = s_.timeoutSeconds;
    options.environment = {{"QI_REQUEST_DIR", scratch}};
    ProcessResult r = runProcess({"/bin/sh", "-c", s_.command + " \"$1\"", "sh", scratch}, options);
    if (r.exitedWith(3))
      return statusOutput(BackendOutput::Status::Rejected, r);
    if (r.exitedWith(77))
      return statusOutput(BackendOutput::Status::Unsupported, r);
    if (!r.exitedWith(0)) {
      std::string why = r.describe(options.timeoutSeconds);
      // sh reports a command killed by signal N as exit status 128 + N.
      if (r.started && !r.timedOut && !r.interrupted && r.signal == 0 && r.exitCode > 128 &&
          r.exitCode < 128 + NSIG)
        why += " (the shell's report of signal " + std::to_string(r.exitCode - 128) + ", " +
               strsignal(r.exitCode - 128) + ")";
      return errorOutput("the command failed: " + why, &r);
    }
    std::string text;
    if (!readText(scratch + "/output.txt", text))
      return errorOutput("the command exited 0 but wrote no output.txt", &r);
    BackendOutput out;
    out.status = BackendOutput::Status::Values;
    out.seconds = r.seconds;
    if (!parseProtocolOutput(text, c, out, error))
      return errorOutput("unreadable output: " + error, &r);
    return out;
  }
  std::string detail() const override { return s_.command; }

private:
  BackendSettings s_;
};

} // namespace

std::string backendNames() { return "interp, mlir-lowering, mlir-cpu, command"; }

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
  error = "--backend: unknown backend '" + name + "' (available: " + backendNames() + ")";
  return nullptr;
}

} // namespace qi::conform
