//===- Backend.h - What quant-conform runs a golden case on -----*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("Backends"). A backend gets one golden case
// (program, input, quantized type) and a private scratch directory, and
// returns the output elements it computed, or that it rejected the program,
// does not support it, or failed. It never sees the expected outputs.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_BACKEND_H
#define QI_CONFORMANCE_BACKEND_H

#include "generators/GoldenCase.h"

#include <memory>
#include <string>
#include <vector>

namespace qi::conform {

struct BackendOutput {
  enum class Status { Values, Rejected, Unsupported, Error };
  Status status = Status::Error;
  /// qcast: stored integers (in the storage type's signedness); rescale:
  /// output integers (per output_unsigned); dcast: expressed bit patterns.
  /// One per element, flat row-major.
  std::vector<int64_t> stored;
  std::vector<numeric::Bits> floats;
  /// Elements the backend itself declares undefined (quant-interp's
  /// `// poison:` line); a defined expected value never equals them.
  std::vector<bool> poison;
  std::string reason;      ///< Rejected / Unsupported / Error: one line
  std::string stderrTail;  ///< last lines of the tool's stderr
  double seconds = 0;
};

/// The tools' paths come from quant-conform's flags, whose defaults are the
/// build's LLVM 22 (QI_TOOLS_DIR, QI_LLVM_PREFIX/lib; tools/CMakeLists.txt).
struct BackendSettings {
  std::string quantInterp;                    ///< our interpreter binary
  std::string mlirOpt;                        ///< mlir-lowering, mlir-cpu
  std::string mlirRunner;                     ///< mlir-cpu
  std::string runnerUtils;                    ///< libmlir_c_runner_utils.so for mlir-cpu
  std::string pipeline;                       ///< qcast / dcast; "" = the backend's default
  std::string rescalePipeline;                ///< rescale cases; "" = the backend's default
  std::string command;                        ///< --backend=command
  /// --batch: the command runs once (per job) and takes many cases on stdin
  /// (docs/vendor-guide.md, "Batch mode"); framework backends always do.
  bool batch = false;
  /// Framework backends (onnxruntime, pytorch, xnnpack): where their adapters are
  /// ("": the build's conformance/frameworks) and the node_modules folder
  /// of onnxruntime-node ("": the build tree's frameworks/node_modules).
  std::string frameworksDir;
  std::string nodeModules;
  std::string profile = "reference";          ///< the semantics `interp` runs under
  /// The requantize recipe `interp` runs tosa.rescale with ("": the
  /// profile's; quant-interp --requantize).
  std::string requantize;
  double timeoutSeconds = 60;
  bool keepRequests = false;
};

class Backend {
public:
  virtual ~Backend() = default;
  /// Runs `c` with `scratch` as its private, existing, empty directory.
  virtual BackendOutput run(const generators::GoldenCase &c, const std::string &scratch) const = 0;
  /// What exactly runs: the pipeline, or the command line.
  virtual std::string detail() const = 0;
};

/// The backend of --backend=NAME (interp, mlir-lowering, mlir-cpu, command),
/// or null with `error` set.
std::unique_ptr<Backend> makeBackend(const std::string &name, const BackendSettings &settings,
                                     std::string &error);
/// "interp, mlir-lowering, mlir-cpu, command, onnxruntime, pytorch, xnnpack".
std::string backendNames();
/// A framework backend's default capability file (a path), or "" for the
/// other backends.
std::string frameworkCapabilitiesFile(const std::string &name, const BackendSettings &settings);

/// The default pass pipelines (docs/vendor-guide.md "Backends"): of qcast /
/// dcast programs, and of rescale programs (TOSA to linalg and arith).
extern const char *const kDefaultLoweringPipeline;
extern const char *const kDefaultCpuPipeline;
extern const char *const kDefaultRescaleLoweringPipeline;
extern const char *const kDefaultRescaleCpuPipeline;

} // namespace qi::conform

#endif
