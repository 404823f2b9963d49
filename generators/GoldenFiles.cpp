//===- GoldenFiles.cpp - Atomic files and NumPy .npy output -----------------===//
#include "generators/GoldenFiles.h"
#include "generators/GoldenTosaOp.h"

#include "interpreter/requant/RequantizeRecipe.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

namespace qi::generators {

namespace {

/// The temporary being written, for the signal handler (async-signal-safe
/// access only: a fixed buffer, unlink, signal, raise).
char gTempPath[4096];
volatile sig_atomic_t gTempActive = 0;

// A unique C name: other libraries linked with this one (the runner) have
// their own SIGINT handlers.
extern "C" void qiGoldenOnInterrupt(int sig) {
  if (gTempActive)
    unlink(gTempPath);
  signal(sig, SIG_DFL);
  raise(sig);
}

} // namespace

void installInterruptCleanup() {
  signal(SIGINT, qiGoldenOnInterrupt);
  signal(SIGTERM, qiGoldenOnInterrupt);
  signal(SIGHUP, qiGoldenOnInterrupt);
}

bool pathExists(const std::string &path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

bool makeDirectories(const std::string &path, std::string &error) {
  std::string partial;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t slash = path.find('/', pos);
    if (slash == std::string::npos)
      slash = path.size();
    partial = path.substr(0, slash);
    pos = slash + 1;
    if (partial.empty())
      continue;
    if (mkdir(partial.c_str(), 0777) != 0 && errno != EEXIST) {
      error = "cannot create directory '" + partial + "': " + std::strerror(errno);
      return false;
    }
    struct stat st;
    if (stat(partial.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      error = "'" + partial + "' exists and is not a directory";
      return false;
    }
  }
  return true;
}

bool writeFileAtomic(const std::string &dir, const std::string &name, const std::string &data,
                     std::string &error) {
  std::string finalPath = dir + "/" + name;
  std::string temp = dir + "/." + name + ".tmp-" + std::to_string(getpid());
  if (temp.size() >= sizeof gTempPath) {
    error = "path too long: " + temp;
    return false;
  }
  std::memcpy(gTempPath, temp.c_str(), temp.size() + 1);
  gTempActive = 1;
  int fd = open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0) {
    gTempActive = 0;
    error = "cannot write '" + finalPath + "': " + std::strerror(errno);
    return false;
  }
  const char *p = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      error = "cannot write '" + finalPath + "': " + std::strerror(errno);
      close(fd);
      unlink(temp.c_str());
      gTempActive = 0;
      return false;
    }
    p += n;
    left -= size_t(n);
  }
  if (close(fd) != 0 || rename(temp.c_str(), finalPath.c_str()) != 0) {
    error = "cannot write '" + finalPath + "': " + std::strerror(errno);
    unlink(temp.c_str());
    gTempActive = 0;
    return false;
  }
  gTempActive = 0;
  return true;
}

std::vector<std::string> listFiles(const std::string &dir, const std::string &suffix) {
  std::vector<std::string> out;
  DIR *d = opendir(dir.c_str());
  if (!d)
    return out;
  while (dirent *e = readdir(d)) {
    std::string name = e->d_name;
    if (name == "." || name == "..")
      continue;
    if (name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(name);
  }
  closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

bool isDirectoryEmpty(const std::string &path) { return listFiles(path, "").empty(); }

void removeStaleTemporaries(const std::string &dir) {
  for (const std::string &name : listFiles(dir, ""))
    if (name.size() > 1 && name[0] == '.' && name.find(".tmp-") != std::string::npos)
      unlink((dir + "/" + name).c_str());
}

std::string npyFile(const std::string &descr, const std::vector<int64_t> &shape,
                    const std::string &data) {
  std::string shapeText = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    shapeText += std::to_string(shape[i]) + (shape.size() == 1 ? "," : (i + 1 < shape.size() ? ", " : ""));
  shapeText += ")";
  std::string header =
      "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shapeText + ", }";
  // magic (6) + version (2) + header length (2) + header, padded with spaces
  // and ended by '\n' to a multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header += std::string((64 - total % 64) % 64, ' ') + "\n";
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>((header.size() >> 8) & 0xFF);
  return out + header + data;
}

namespace {

void appendLE(std::string &out, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i)
    out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

/// dtype of a float format: NumPy's own for f16/f32/f64, else the raw bits
/// as an unsigned integer of the same size.
std::pair<std::string, unsigned> floatDtype(const numeric::FloatFormat &f) {
  unsigned bytes = (f.sizeInBits + 7) / 8;
  bytes = bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : 8; // NumPy sizes (tf32: <u4)
  if (f.name == "f16")
    return {"<f2", 2};
  if (f.name == "f32")
    return {"<f4", 4};
  if (f.name == "f64")
    return {"<f8", 8};
  return {bytes == 1 ? "|u1" : "<u" + std::to_string(bytes), bytes};
}

std::pair<std::string, unsigned> intDtype(const numeric::IntFormat &s) {
  unsigned bytes = s.width <= 8 ? 1 : s.width <= 16 ? 2 : s.width <= 32 ? 4 : 8;
  std::string kind = s.isSigned ? "i" : "u";
  return {(bytes == 1 ? "|" : "<") + kind + std::to_string(bytes), bytes};
}

std::vector<int64_t> arrayShape(const CaseParams &p) {
  return p.shapeKind == ShapeKind::Scalar ? std::vector<int64_t>{} : p.shape;
}

/// A rescale case: input.npy, <recipe>.npy, <recipe>.poison.npy and, for
/// the tosa recipe of an INEXACT_ROUND case, <recipe>.intervals.npy
/// ([index, lo, hi] rows, int64).
std::vector<std::pair<std::string, std::string>> npyFilesOfRescaleCase(const GoldenCase &c) {
  const CaseParams &p = c.params;
  const requant::RescaleAttributes &a = p.rescale.attributes;
  auto [id, ibytes] = intDtype({a.inputWidth, !a.inputUnsigned});
  auto [od, obytes] = intDtype({a.outputWidth, !a.outputUnsigned});
  std::vector<std::pair<std::string, std::string>> files;
  std::string data;
  for (int64_t x : c.inputStored)
    appendLE(data, uint64_t(x), ibytes);
  files.push_back({"input.npy", npyFile(id, p.shape, data)});
  for (const ExpectedOutput &e : c.expected) {
    data.clear();
    for (int64_t y : e.stored)
      appendLE(data, uint64_t(y), obytes);
    files.push_back({e.profile + ".npy", npyFile(od, p.shape, data)});
    data.clear();
    for (int64_t i : e.poison)
      appendLE(data, uint64_t(i), 8);
    files.push_back({e.profile + ".poison.npy",
                     npyFile("<i8", {int64_t(e.poison.size())}, data)});
    if (a.roundingMode != requant::RoundingMode::Inexact ||
        e.profile != requant::recipeName(requant::RequantizeRecipe::Tosa))
      continue;
    data.clear();
    for (const AllowedInterval &iv : e.intervals)
      for (int64_t v : {iv.index, iv.lo, iv.hi})
        appendLE(data, uint64_t(v), 8);
    files.push_back({e.profile + ".intervals.npy",
                     npyFile("<i8", {int64_t(e.intervals.size()), 3}, data)});
  }
  return files;
}

/// A TOSA operator case: input.npy, one file per operand (weight.npy and
/// bias.npy, input2.npy: those the op has), and tosa.npy of the result's own
/// shape (signed integers; i4 in |i1, i48 in <i8).
std::vector<std::pair<std::string, std::string>> npyFilesOfTosaOpCase(const GoldenCase &c) {
  const TosaOpParams &k = c.params.tosaOp;
  std::vector<std::pair<std::string, std::string>> files;
  auto add = [&](const std::string &name, const std::string &type, const Shape &shape,
                 const std::vector<int64_t> &values) {
    auto [dtype, bytes] = intDtype({unsigned(std::stoul(type.substr(1))), true});
    std::string data;
    for (int64_t v : values)
      appendLE(data, uint64_t(v), bytes);
    files.push_back({name, npyFile(dtype, std::vector<int64_t>(shape.begin(), shape.end()), data)});
  };
  add("input.npy", k.input, c.params.shape, c.inputStored);
  for (const TosaOpOperand &o : tosaOpOperands(c))
    add(o.name + ".npy", o.element, *o.shape, *o.values);
  for (const ExpectedOutput &e : c.expected)
    add(e.profile + ".npy", tosaOpOutputElement(c.params), c.outputShape, e.stored);
  return files;
}

} // namespace

std::vector<std::pair<std::string, std::string>> npyFilesOfCase(const GoldenCase &c) {
  if (c.params.op == Op::Rescale)
    return npyFilesOfRescaleCase(c);
  if (c.params.op == Op::TosaOp)
    return npyFilesOfTosaOpCase(c);
  const CaseParams &p = c.params;
  auto [fd, fbytes] = floatDtype(*p.type.expressed);
  auto [id, ibytes] = intDtype(p.type.storage);
  std::vector<std::pair<std::string, std::string>> files;
  std::string data;
  if (p.op == Op::QCast) {
    for (numeric::Bits b : c.inputFloats)
      appendLE(data, uint64_t(b), fbytes);
    files.push_back({"input.npy", npyFile(fd, arrayShape(p), data)});
  } else {
    for (int64_t q : c.inputStored)
      appendLE(data, uint64_t(q), ibytes);
    files.push_back({"input.npy", npyFile(id, arrayShape(p), data)});
  }
  for (const ExpectedOutput &e : c.expected) {
    data.clear();
    if (p.op == Op::QCast) {
      for (int64_t q : e.stored)
        appendLE(data, uint64_t(q), ibytes);
      files.push_back({e.profile + ".npy", npyFile(id, arrayShape(p), data)});
    } else {
      for (numeric::Bits b : e.floats)
        appendLE(data, uint64_t(b), fbytes);
      files.push_back({e.profile + ".npy", npyFile(fd, arrayShape(p), data)});
    }
    data.clear();
    for (int64_t i : e.poison)
      appendLE(data, uint64_t(i), 8);
    files.push_back({e.profile + ".poison.npy",
                     npyFile("<i8", {int64_t(e.poison.size())}, data)});
  }
  return files;
}

} // namespace qi::generators
