//===- GoldenFiles.h - Atomic files and NumPy .npy output -------*- C++ -*-===//
//
// Spec: docs/golden-format.md ("Writing", "NumPy export"). Every file is
// written to a hidden temporary in its final directory and renamed into
// place, so an interrupted run never leaves a half-written file under its
// real name; SIGINT / SIGTERM remove the temporary being written.
//
//===----------------------------------------------------------------------===//
#ifndef QI_GENERATORS_GOLDENFILES_H
#define QI_GENERATORS_GOLDENFILES_H

#include "generators/GoldenCase.h"

#include <string>
#include <vector>

namespace qi::generators {

/// Installs the SIGINT / SIGTERM handler that removes the temporary file in
/// flight and then dies of the signal.
void installInterruptCleanup();

/// mkdir -p. False with `error` set on failure.
bool makeDirectories(const std::string &path, std::string &error);

/// Writes `dir`/`name` atomically (temp file + rename). False with `error`.
bool writeFileAtomic(const std::string &dir, const std::string &name, const std::string &data,
                     std::string &error);

/// Removes left-over temporaries (".*.tmp-*") of an interrupted run in `dir`.
void removeStaleTemporaries(const std::string &dir);

/// Names of the regular files in `dir` ending in `suffix` (sorted).
std::vector<std::string> listFiles(const std::string &dir, const std::string &suffix);

bool pathExists(const std::string &path);
bool isDirectoryEmpty(const std::string &path);

/// A .npy (format 1.0) file: `descr` a NumPy dtype string ('<f4', '|i1', ...),
/// `shape` the array shape (empty: 0-d), `data` the little-endian elements.
std::string npyFile(const std::string &descr, const std::vector<int64_t> &shape,
                    const std::string &data);

/// The .npy files of one case: input.npy, <profile>.npy and
/// <profile>.poison.npy (the don't-care indices, int64). Names and bytes.
std::vector<std::pair<std::string, std::string>> npyFilesOfCase(const GoldenCase &c);

} // namespace qi::generators

#endif
