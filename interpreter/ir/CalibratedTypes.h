//===- CalibratedTypes.h - !quant.calibrated -> !quant.uniform ---*- C++ -*-===//
//
// Spec: [cli.calibration] (spec/cli.md), [calib.recipes]. With
// --calibration=RECIPE every !quant.calibrated<E<min:max>> type of a parsed
// module (op results and operands, block arguments, function signatures,
// types inside attributes) becomes the !quant.uniform type the recipe
// chooses for [min, max] with expressed type E, before anything runs.
//
//===----------------------------------------------------------------------===//
#ifndef QI_IR_CALIBRATEDTYPES_H
#define QI_IR_CALIBRATEDTYPES_H

#include "interpreter/calibrate/CalibrationRecipe.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"

#include <optional>
#include <string>
#include <vector>

namespace qi::ir {

/// One distinct type replaced, both as MLIR prints them.
struct CalibratedReplacement {
  std::string calibrated;
  std::string uniform;
};

/// Why a type could not be replaced: at the first op (or function) that
/// uses it, in file order.
struct CalibrationFailure {
  mlir::Location location;
  std::string message;
};

/// Replaces every !quant.calibrated type of `module` under `recipe`; the
/// replacements in order of first use. On a refusal nothing is replaced and
/// the failure names the type and the recipe's reason.
std::optional<CalibrationFailure>
replaceCalibratedTypes(mlir::ModuleOp module, const calibrate::CalibrationRecipe &recipe,
                       std::vector<CalibratedReplacement> &replaced);

} // namespace qi::ir

#endif
