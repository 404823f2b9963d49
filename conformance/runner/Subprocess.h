//===- Subprocess.h - Run a backend process with a deadline -----*- C++ -*-===//
//
// Spec: docs/vendor-guide.md ("The command protocol"). Every backend tool
// (quant-interp, mlir-opt, mlir-runner, a vendor command) runs as a child in
// its own process group, so a timeout or Ctrl-C kills the whole tree the
// command started, not only the shell.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_SUBPROCESS_H
#define QI_CONFORMANCE_SUBPROCESS_H

#include <string>
#include <vector>

namespace qi::conform {

struct ProcessResult {
  bool started = false;      ///< false: fork/exec failed (see `failure`)
  bool timedOut = false;
  bool interrupted = false;  ///< killed because the run was interrupted (Ctrl-C)
  int exitCode = -1;         ///< when it exited normally
  int signal = 0;            ///< when it died of a signal (not counting our kill)
  std::string out;           ///< stdout (truncated beyond `maxOutputBytes`)
  std::string err;           ///< stderr (only the last `maxErrorBytes`)
  bool outTruncated = false;
  std::string failure;       ///< why it could not start
  double seconds = 0;

  bool exitedWith(int code) const { return started && !timedOut && !interrupted && signal == 0 && exitCode == code; }
  /// "exit status 3", "killed by signal 11 (Segmentation fault)", "timeout after 60 s", ...
  std::string describe(double timeoutSeconds) const;
};

struct ProcessOptions {
  std::string stdinFile;          ///< "" = /dev/null
  std::string workingDirectory;   ///< "" = ours
  std::vector<std::pair<std::string, std::string>> environment; ///< added variables
  double timeoutSeconds = 60;
  size_t maxOutputBytes = size_t(1) << 28;
  size_t maxErrorBytes = 64 * 1024;
};

/// Runs argv[0] (looked up in PATH) with `argv`. Never throws.
ProcessResult runProcess(const std::vector<std::string> &argv, const ProcessOptions &options);

/// Ctrl-C handling for a run: SIGINT / SIGTERM / SIGHUP set the interrupted
/// flag and kill every running child's process group; the runner then stops
/// starting cases and writes its reports (marked interrupted).
void installRunInterruptHandler();
bool runInterrupted();

/// The last `lines` lines of `text`, without a trailing newline.
std::string tailLines(const std::string &text, size_t lines);

} // namespace qi::conform

#endif
