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

/// fork + exec of argv in its own process group with stdout / stderr on
/// `outW` / `errW`, stdin from `inR` (-1: options.stdinFile or /dev/null);
/// an exec failure's errno is written to `execW`. The child's pid, or -1.
pid_t forkExec(const std::vector<std::string> &argv, const ProcessOptions &options, int inR,
               int outW, int errW, int execW) {
  std::vector<char *> args;
  for (const std::string &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  // Child: own process group, stdio redirected; report exec failure by errno.
  setpgid(0, 0);
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE})
    std::signal(sig, SIG_DFL);
  int in = inR >= 0 ? inR
                    : open(options.stdinFile.empty() ? "/dev/null" : options.stdinFile.c_str(),
                           O_RDONLY);
  if (in < 0 || dup2(in, 0) < 0 || dup2(outW, 1) < 0 || dup2(errW, 2) < 0)
    _exit(127);
  if (!options.workingDirectory.empty() && chdir(options.workingDirectory.c_str()) != 0) {
    int e = errno;
    (void)!write(execW, &e, sizeof e);
    _exit(127);
  }
  for (const auto &[name, value] : options.environment)
    setenv(name.c_str(), value.c_str(), 1);
  execvp(args[0], args.data());
  int e = errno;
  (void)!write(execW, &e, sizeof e);
  _exit(127);
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
  pid_t pid = forkExec(argv, options, -1, outPipe[1], errPipe[1], execPipe[1]);
  if (pid < 0) {
    result.failure = std::string("fork: ") + std::strerror(errno);
    for (int fd : {outPipe[0], outPipe[1], errPipe[0], errPipe[1], execPipe[0], execPipe[1]})
      close(fd);
    return result;
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

namespace qi::conform {

bool PersistentProcess::start(const std::vector<std::string> &argv, const ProcessOptions &options,
                              std::string &failure) {
  stop(0);
  // A command that exits while we write its stdin must not kill us.
  std::signal(SIGPIPE, SIG_IGN);
  maxErrorBytes_ = options.maxErrorBytes;
  int inPipe[2], outPipe[2], errPipe[2], execPipe[2];
  if (pipe2(inPipe, O_CLOEXEC) != 0 || pipe2(outPipe, O_CLOEXEC) != 0 ||
      pipe2(errPipe, O_CLOEXEC) != 0 || pipe2(execPipe, O_CLOEXEC) != 0) {
    failure = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  pid_t pid = forkExec(argv, options, inPipe[0], outPipe[1], errPipe[1], execPipe[1]);
  if (pid < 0) {
    failure = std::string("fork: ") + std::strerror(errno);
    for (int fd : {inPipe[0], inPipe[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1],
                   execPipe[0], execPipe[1]})
      close(fd);
    return false;
  }
  setpgid(pid, pid);
  registerChild(pid);
  for (int fd : {inPipe[0], outPipe[1], errPipe[1], execPipe[1]})
    close(fd);
  int execErrno = 0;
  bool execFailed = read(execPipe[0], &execErrno, sizeof execErrno) == sizeof execErrno;
  close(execPipe[0]);
  pid_ = pid;
  in_ = inPipe[1];
  out_ = outPipe[0];
  err_ = errPipe[0];
  pendingOut_.clear();
  if (execFailed) {
    failure = "cannot run '" + argv[0] + "': " + std::strerror(execErrno);
    stop(0);
    return false;
  }
  return true;
}

void PersistentProcess::reap(ProcessResult &result, double graceSeconds) {
  if (pid_ <= 0)
    return;
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(pid_, &status, WNOHANG)) == 0 && secondsSince(start) < graceSeconds)
    usleep(10000);
  if (done == 0) {
    ::kill(-pid_, SIGKILL);
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  } else if (done > 0) {
    if (WIFEXITED(status))
      result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
      result.signal = WTERMSIG(status);
  }
  // Grandchildren the command left behind in its group die with it.
  ::kill(-pid_, SIGKILL);
  unregisterChild(pid_);
  for (int *fd : {&in_, &out_, &err_})
    if (*fd >= 0) {
      close(*fd);
      *fd = -1;
    }
  pid_ = -1;
}

void PersistentProcess::stop(double graceSeconds) {
  if (pid_ <= 0)
    return;
  if (in_ >= 0) {
    close(in_);
    in_ = -1;
  }
  ProcessResult ignored;
  reap(ignored, graceSeconds);
}

ProcessResult PersistentProcess::exchange(const std::string &line, const std::string &prefix,
                                          double timeoutSeconds) {
  ProcessResult result;
  auto start = std::chrono::steady_clock::now();
  result.started = true;
  if (pid_ <= 0) {
    result.started = false;
    result.failure = "the process is not running";
    return result;
  }
  if (runInterrupted()) {
    result.interrupted = true;
    ::kill(-pid_, SIGKILL);
    reap(result, 0);
    return result;
  }
  std::string request = line + "\n";
  if (write(in_, request.data(), request.size()) != ssize_t(request.size())) {
    // It exited (EPIPE): report how.
    reap(result, 1);
    result.seconds = secondsSince(start);
    return result;
  }
  bool errTruncated = false;
  char buffer[65536];
  auto takeAnswer = [&]() {
    size_t begin = 0;
    for (size_t nl; (nl = pendingOut_.find('\n', begin)) != std::string::npos; begin = nl + 1) {
      std::string l = pendingOut_.substr(begin, nl - begin);
      if (!l.empty() && l.back() == '\r')
        l.pop_back();
      if (l.compare(0, prefix.size(), prefix) == 0) {
        pendingOut_.erase(0, nl + 1);
        result.out = l;
        return true;
      }
    }
    pendingOut_.erase(0, begin); // lines that are not answers are dropped
    return false;
  };
  bool outOpen = true;
  while (!takeAnswer()) {
    double left = timeoutSeconds - secondsSince(start);
    if (runInterrupted()) {
      result.interrupted = true;
      ::kill(-pid_, SIGKILL);
      reap(result, 0);
      result.exitCode = -1;
      result.signal = 0;
      break;
    }
    if (left <= 0) {
      result.timedOut = true;
      ::kill(-pid_, SIGKILL);
      reap(result, 0);
      result.exitCode = -1;
      result.signal = 0;
      break;
    }
    if (!outOpen) {
      // stdout closed without an answer: the process is exiting.
      reap(result, std::min(left, 5.0));
      break;
    }
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    int ready = poll(fds, err_ >= 0 ? 2 : 1, int(std::min(left, 0.2) * 1000) + 1);
    if (ready < 0 && errno != EINTR)
      break;
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      ssize_t n = read(err_, buffer, sizeof buffer);
      if (n > 0)
        appendBounded(result.err, buffer, size_t(n), maxErrorBytes_, true, errTruncated);
      else if (n == 0 || errno != EINTR) {
        close(err_);
        err_ = -1;
      }
    }
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      ssize_t n = read(out_, buffer, sizeof buffer);
      if (n > 0)
        pendingOut_.append(buffer, size_t(n));
      else if (n == 0 || errno != EINTR)
        outOpen = false;
    }
  }
  // Whatever stderr the answer left behind belongs to this case too.
  if (pid_ > 0 && err_ >= 0) {
    pollfd fd = {err_, POLLIN, 0};
    while (poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN)) {
      ssize_t n = read(err_, buffer, sizeof buffer);
      if (n <= 0)
        break;
      appendBounded(result.err, buffer, size_t(n), maxErrorBytes_, true, errTruncated);
    }
  }
  if (!result.out.empty())
    result.exitCode = 0;
  result.seconds = secondsSince(start);
  return result;
}

} // namespace qi::conform
