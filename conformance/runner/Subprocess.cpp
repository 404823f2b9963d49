//===- Subprocess.cpp - Run a backend process with a deadline -------------===//
#include "conformance/runner/Subprocess.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

namespace qi::conform {
namespace {

std::atomic<bool> interruptedFlag{false};
// Process groups of running children. A fixed array, so the signal handler
// can read it without locks or allocation.
constexpr int kMaxChildren = 256;
std::atomic<pid_t> childGroups[kMaxChildren];
std::mutex registryMutex;

void registerChild(pid_t pid) {
  std::lock_guard<std::mutex> lock(registryMutex);
  for (auto &slot : childGroups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid))
      return;
  }
}
void unregisterChild(pid_t pid) {
  std::lock_guard<std::mutex> lock(registryMutex);
  for (auto &slot : childGroups) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0))
      return;
  }
}

extern "C" void onInterrupt(int) {
  interruptedFlag.store(true);
  for (auto &slot : childGroups) {
    pid_t group = slot.load();
    if (group > 0)
      ::kill(-group, SIGKILL);
  }
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void appendBounded(std::string &buffer, const char *data, size_t n, size_t limit, bool keepTail,
                   bool &truncated) {
  buffer.append(data, n);
  if (buffer.size() <= limit)
    return;
  truncated = true;
  if (keepTail)
    buffer.erase(0, buffer.size() - limit);
  else
    buffer.resize(limit);
}

} // namespace

void installRunInterruptHandler() {
  struct sigaction action;
  std::memset(&action, 0, sizeof action);
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP})
    sigaction(sig, &action, nullptr);
  // A vendor command that exits while we write its stdin must not kill us.
  std::signal(SIGPIPE, SIG_IGN);
}

bool runInterrupted() { return interruptedFlag.load(); }

std::string ProcessResult::describe(double timeoutSeconds) const {
  if (!started)
    return "could not start: " + failure;
  if (interrupted)
    return "interrupted";
  if (timedOut) {
    char text[64];
    std::snprintf(text, sizeof text, "timeout after %g s", timeoutSeconds);
    return text;
  }
  if (signal != 0)
    return "killed by signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
  return "exit status " + std::to_string(exitCode);
}

std::string tailLines(const std::string &text, size_t lines) {
  size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r'))
    --end;
  size_t begin = end;
  for (size_t seen = 0; begin > 0; --begin) {
    if (text[begin - 1] == '\n' && ++seen == lines)
      break;
  }
  return text.substr(begin, end - begin);
}

ProcessResult runProcess(const std::vector<std::string> &argv, const ProcessOptions &options) {
  ProcessResult result;
  auto start = std::chrono::steady_clock::now();
  if (runInterrupted()) {
    result.started = true;
    result.interrupted = true;
    return result;
  }
  int outPipe[2], errPipe[2], execPipe[2];
  if (pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0 ||
      pipe2(execPipe, O_CLOEXEC) != 0) {
    result.failure = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);

  pid_t pid = fork();
  if (pid < 0) {
    result.failure = std::string("fork: ") + std::strerror(errno);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1], execPipe[0], execPipe[1]})
      close(fd);
    return result;
  }
  if (pid == 0) {
    // Child: own process group, stdio redirected; report exec failure by errno.
    setpgid(0, 0);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
      std::signal(sig, SIG_DFL);
    int in = open(options.stdinFile.empty() ? "/dev/null" : options.stdinFile.c_str(), O_RDONLY);
    if (in < 0 || dup2(in, 0) < 0 || dup2(outPipe[1], 1) < 0 || dup2(errPipe[1], 2) < 0)
      _exit(127);
    if (!options.workingDirectory.empty() && chdir(options.workingDirectory.c_str()) != 0) {
      int e = errno;
      (void)!write(execPipe[1], &e, sizeof e);
      _exit(127);
    }
    for (const auto &[name, value] : options.environment)
      setenv(name.c_str(), value.c_str(), 1);
    execvp(args[0], args.data());
    int e = errno;
    (void)!write(execPipe[1], &e, sizeof e);
    _exit(127);
  }
  setpgid(pid, pid); // also here, so the group exists before we may kill it
  registerChild(pid);
  close(outPipe[1]);
  close(errPipe[1]);
  close(execPipe[1]);
  int execErrno = 0;
  bool execFailed = read(execPipe[0], &execErrno, sizeof execErrno) == sizeof execErrno;
  close(execPipe[0]);

  bool errTruncated = false;
  pollfd fds[2] = {{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}};
  int openPipes = 2;
  char buffer[65536];
  while (openPipes > 0) {
    double left = options.timeoutSeconds - secondsSince(start);
    if (runInterrupted()) {
      result.interrupted = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    if (left <= 0) {
      result.timedOut = true;
      ::kill(-pid, SIGKILL);
      break;
    }
    int ready = poll(fds, 2, int(std::min(left, 0.2) * 1000) + 1);
    if (ready < 0 && errno != EINTR)
      break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        if (i == 0)
          appendBounded(result.out, buffer, size_t(n), options.maxOutputBytes, false,
                        result.outTruncated);
        else
          appendBounded(result.err, buffer, size_t(n), options.maxErrorBytes, true, errTruncated);
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --openPipes;
      }
    }
  }
  for (auto &fd : fds)
    if (fd.fd >= 0)
      close(fd.fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  // Grandchildren the command left behind in its group die with it.
  ::kill(-pid, SIGKILL);
  unregisterChild(pid);
  result.seconds = secondsSince(start);
  if (execFailed) {
    result.failure = "cannot run '" + argv[0] + "': " + std::strerror(execErrno);
    return result;
  }
  result.started = true;
  if (result.timedOut || result.interrupted)
    return result;
  if (WIFEXITED(status))
    result.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    result.signal = WTERMSIG(status);
  return result;
}

} // namespace qi::conform
