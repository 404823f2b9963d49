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

/// A backend process that stays up for many cases: the command protocol's
/// batch mode (docs/vendor-guide.md, "Batch mode"). Its stdin is a pipe;
/// `exchange` writes one request line and reads stdout until the process
/// answers with a line that starts with `prefix`. It runs in its own process
/// group, registered for Ctrl-C like every other child. Not thread-safe: one
/// thread uses one process at a time.
class PersistentProcess {
public:
  PersistentProcess() = default;
  PersistentProcess(const PersistentProcess &) = delete;
  PersistentProcess &operator=(const PersistentProcess &) = delete;
  ~PersistentProcess() { stop(2); }

  /// Starts argv[0] (looked up in PATH); false with `failure` set.
  bool start(const std::vector<std::string> &argv, const ProcessOptions &options,
             std::string &failure);
  bool running() const { return pid_ > 0; }
  /// Sends `line` and waits at most `timeoutSeconds` for the answer line,
  /// returned in `out` (without its newline; other stdout lines are
  /// dropped); `err` is the stderr written meanwhile. The answer sets
  /// exitCode to 0. When the process exits, dies, times out or is
  /// interrupted instead, the result says so as runProcess's would and the
  /// process (its whole group) is gone: running() is then false.
  ProcessResult exchange(const std::string &line, const std::string &prefix,
                         double timeoutSeconds);
  /// Closes stdin (the end of the requests), waits up to `graceSeconds` for
  /// the process to exit, then kills its group.
  void stop(double graceSeconds);

private:
  void reap(ProcessResult &result, double graceSeconds);
  int pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string pendingOut_; ///< stdout read past the last answer line
  size_t maxErrorBytes_ = 64 * 1024;
};

/// Ctrl-C handling for a run: SIGINT / SIGTERM / SIGHUP set the interrupted
/// flag and kill every running child's process group; the runner then stops
/// starting cases and writes its reports (marked interrupted).
void installRunInterruptHandler();
bool runInterrupted();

/// The last `lines` lines of `text`, without a trailing newline.
std::string tailLines(const std::string &text, size_t lines);

} // namespace qi::conform

#endif
