//===- EvalError.h - Run-time errors with a source location -----*- C++ -*-===//
//
// Spec: [cli.errors]. Evaluators throw; the CLI prints one line
// "FILE:LINE:COL: error: message" and exits non-zero.
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_EVALERROR_H
#define QI_EVAL_EVALERROR_H

#include "mlir/IR/Location.h"

#include <string>

namespace qi::eval {

struct EvalError {
  mlir::Location location;
  std::string message;
};

[[noreturn]] inline void fail(mlir::Location location, std::string message) {
  throw EvalError{location, std::move(message)};
}

} // namespace qi::eval

#endif
