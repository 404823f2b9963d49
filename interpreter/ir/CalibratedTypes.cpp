//===- CalibratedTypes.cpp - !quant.calibrated -> !quant.uniform ----------===//
//
// Spec: [cli.calibration] (spec/cli.md).
//
//===----------------------------------------------------------------------===//
#include "interpreter/ir/CalibratedTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

namespace qi::ir {

namespace {

std::string printed(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// Every calibrated type nested in `type` (element types of tensors,
/// function types), with `loc` as its first use if it is new.
void collect(mlir::Type type, mlir::Location loc,
             llvm::MapVector<mlir::Type, mlir::Location> &found) {
  type.walk([&](mlir::quant::CalibratedQuantizedType calibrated) {
    found.insert({calibrated, loc});
  });
}

/// The MLIR type of a chosen !quant.uniform (per-layer) type.
mlir::Type uniformType(const quant::QuantType &chosen, mlir::Type expressed) {
  mlir::MLIRContext *context = expressed.getContext();
  const unsigned flags = chosen.storage.isSigned ? mlir::quant::QuantizationFlags::Signed : 0;
  mlir::Type storage = mlir::IntegerType::get(context, chosen.storage.width);
  double scale;
  const uint64_t bits = static_cast<uint64_t>(chosen.scales[0].bits);
  std::memcpy(&scale, &bits, sizeof scale);
  return mlir::quant::UniformQuantizedType::get(flags, storage, expressed, scale,
                                                chosen.zeroPoints[0], chosen.storageMin,
                                                chosen.storageMax);
}

} // namespace

std::optional<CalibrationFailure>
replaceCalibratedTypes(mlir::ModuleOp module, const calibrate::CalibrationRecipe &recipe,
                       std::vector<CalibratedReplacement> &replaced) {
  llvm::MapVector<mlir::Type, mlir::Location> found;
  module.walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (auto function = llvm::dyn_cast<mlir::func::FuncOp>(op))
      collect(function.getFunctionType(), op->getLoc(), found);
    for (mlir::Type type : op->getOperandTypes())
      collect(type, op->getLoc(), found);
    for (mlir::Type type : op->getResultTypes())
      collect(type, op->getLoc(), found);
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::BlockArgument argument : block.getArguments())
          collect(argument.getType(), op->getLoc(), found);
  });
  if (found.empty())
    return std::nullopt;
  llvm::DenseMap<mlir::Type, mlir::Type> replacement;
  for (auto &[type, loc] : found) {
    auto calibrated = llvm::cast<mlir::quant::CalibratedQuantizedType>(type);
    mlir::Type expressedType = calibrated.getExpressedType();
    const numeric::FloatFormat *expressed = numeric::findFloatFormat(printed(expressedType));
    if (!expressed)
      return CalibrationFailure{loc, "calibration " + recipe.spelling() + ": " + printed(type) +
                                         ": unsupported expressed type " +
                                         printed(expressedType)};
    calibrate::Choice choice = calibrate::chooseParams(
        recipe, {{calibrated.getMin(), calibrated.getMax()}}, -1, *expressed);
    if (!choice.ok)
      return CalibrationFailure{loc, "calibration " + recipe.spelling() + " refuses " +
                                         printed(type) + ": " + choice.refusal};
    mlir::Type uniform = uniformType(choice.type, expressedType);
    replacement[type] = uniform;
    replaced.push_back({printed(type), printed(uniform)});
  }
  mlir::AttrTypeReplacer replacer;
  replacer.addReplacement([&](mlir::quant::CalibratedQuantizedType type)
                              -> std::optional<mlir::Type> {
    auto it = replacement.find(type);
    if (it == replacement.end())
      return std::nullopt;
    return it->second;
  });
  replacer.recursivelyReplaceElementsIn(module, /*replaceAttrs=*/true, /*replaceLocs=*/false,
                                        /*replaceTypes=*/true);
  return std::nullopt;
}

} // namespace qi::ir
