//===- Jit.cpp - Running MLIR's own pipeline for quant-bench --------------===//
#include "tools/quant-bench/Jit.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include <vector>

#ifndef QI_MLIR_BIN_DIR
#define QI_MLIR_BIN_DIR "/usr/lib/llvm-22/bin"
#endif
#ifndef QI_MLIR_LIB_DIR
#define QI_MLIR_LIB_DIR "/usr/lib/llvm-22/lib"
#endif

namespace qi::bench {

namespace {

/// A file in /tmp that is removed with this object.
struct TempFile {
  std::string path;
  explicit TempFile(const std::string &suffix) {
    std::string pattern = "/tmp/quant-bench-XXXXXX" + suffix;
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back(0);
    int fd = mkstemps(buffer.data(), static_cast<int>(suffix.size()));
    if (fd >= 0) {
      close(fd);
      path = buffer.data();
    }
  }
  ~TempFile() {
    if (!path.empty())
      std::remove(path.c_str());
  }
};

bool writeFile(const std::string &path, const std::string &text) {
  std::ofstream out(path);
  out << text;
  return bool(out);
}

/// Runs a shell command; its stdout, or nullopt (stderr goes to `error`).
std::optional<std::string> run(const std::string &command, std::string &error) {
  TempFile errors(".err");
  FILE *pipe = popen((command + " 2>" + errors.path).c_str(), "r");
  if (!pipe) {
    error = "cannot run: " + command;
    return std::nullopt;
  }
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0)
    out.append(buffer, n);
  if (pclose(pipe) != 0) {
    std::ifstream in(errors.path);
    std::stringstream text;
    text << in.rdbuf();
    error = "failed: " + command + "\n" + text.str().substr(0, 2000);
    return std::nullopt;
  }
  return out;
}

} // namespace

std::string jitPipeline() {
  return "--lower-quant-ops --strip-func-quant-types --canonicalize "
         "--convert-elementwise-to-linalg --linalg-fuse-elementwise-ops "
         "--one-shot-bufferize=bufferize-function-boundaries --convert-linalg-to-loops "
         "--lower-affine --convert-scf-to-cf --expand-strided-metadata "
         "--finalize-memref-to-llvm --convert-math-to-llvm --convert-arith-to-llvm "
         "--convert-index-to-llvm --convert-cf-to-llvm --convert-func-to-llvm "
         "--reconcile-unrealized-casts";
}

std::string tosaPipeline() {
  return "builtin.module(func.func(tosa-to-linalg, tosa-to-arith{include-apply-rescale=true}))";
}

namespace {

/// mlir-opt's --pass-pipeline option for tosaPipeline(), quoted for the shell.
std::string tosaPipelineOption() { return "'--pass-pipeline=" + tosaPipeline() + "'"; }

} // namespace

std::optional<JitResult> runJit(const std::string &program, int runs, std::string &error,
                                bool tosa) {
  TempFile source(".mlir"), linalg(".linalg.mlir"), lowered(".ll.mlir");
  if (source.path.empty() || linalg.path.empty() || lowered.path.empty() ||
      !writeFile(source.path, program)) {
    error = "cannot write a temporary file in /tmp";
    return std::nullopt;
  }
  const std::string mlirOpt = std::string(QI_MLIR_BIN_DIR) + "/mlir-opt ";
  std::string input = source.path;
  if (tosa) {
    if (!run(mlirOpt + tosaPipelineOption() + " " + source.path + " -o " + linalg.path, error))
      return std::nullopt;
    input = linalg.path;
  }
  if (!run(mlirOpt + jitPipeline() + " " + input + " -o " + lowered.path, error))
    return std::nullopt;
  const std::string lib = QI_MLIR_LIB_DIR;
  const std::string runner = std::string(QI_MLIR_BIN_DIR) +
                             "/mlir-runner -O3 -e main -entry-point-result=void "
                             "-shared-libs=" +
                             lib + "/libmlir_c_runner_utils.so," + lib +
                             "/libmlir_runner_utils.so " + lowered.path;
  std::optional<JitResult> best;
  for (int r = 0; r < runs; ++r) {
    std::optional<std::string> out = run(runner, error);
    if (!out)
      return std::nullopt;
    JitResult result;
    std::istringstream lines(*out);
    if (!(lines >> result.seconds >> result.checksum)) {
      error = "unexpected mlir-runner output: " + out->substr(0, 200);
      return std::nullopt;
    }
    if (!best || result.seconds < best->seconds)
      best = result;
  }
  return best;
}

std::optional<std::string> lowerQuantOps(const std::string &module, std::string &error) {
  TempFile source(".mlir");
  if (source.path.empty() || !writeFile(source.path, module)) {
    error = "cannot write a temporary file in /tmp";
    return std::nullopt;
  }
  return run(std::string(QI_MLIR_BIN_DIR) +
                 "/mlir-opt --lower-quant-ops --strip-func-quant-types " + source.path,
             error);
}

std::optional<std::string> lowerTosaOps(const std::string &module, std::string &error) {
  TempFile source(".mlir");
  if (source.path.empty() || !writeFile(source.path, module)) {
    error = "cannot write a temporary file in /tmp";
    return std::nullopt;
  }
  return run(std::string(QI_MLIR_BIN_DIR) + "/mlir-opt " + tosaPipelineOption() + " " +
                 source.path,
             error);
}

} // namespace qi::bench
