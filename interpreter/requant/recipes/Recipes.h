//===- Recipes.h - The framework requantize recipes --------------*- C++ -*-===//
//
// Spec: [requant.recipes] and one [requant.<name>] clause per recipe
// (spec/requantize.md). Each function is one framework's requantize, written
// from a reading of its source (cited at the function), applied to one
// element of a tosa.rescale whose ERROR_IFs passed: the same inputs as
// requantizeElement, the same kind of result. None of the frameworks' code is
// copied.
//
// How TOSA's (multiplier, shift) reaches each framework: the real multiplier
// is multiplier * 2^-shift ([rescale.apply-scale-32]); a fixed-point
// framework gets the same integer multiplier and its own shift convention
// (TFLite: 31 - shift), a float framework the real number as its float type
// holds it ([requant.float-multiplier]).
//
//===----------------------------------------------------------------------===//
#ifndef QI_REQUANT_RECIPES_RECIPES_H
#define QI_REQUANT_RECIPES_RECIPES_H

#include "interpreter/requant/Rescale.h"

namespace qi::requant::recipes {

#define QI_RECIPE(name)                                                                            \
  RescaledElement name(const RescaleAttributes &attributes, uint64_t inputBits,                   \
                       int64_t multiplier, int8_t shift, uint64_t inputZpBits,                    \
                       uint64_t outputZpBits)

/// [requant.tosa-single-round] RESCALE with rounding_mode taken as SINGLE_ROUND.
QI_RECIPE(tosaSingleRound);
/// [requant.tosa-double-round] RESCALE with DOUBLE_ROUND wherever scale32.
QI_RECIPE(tosaDoubleRound);
/// [requant.tflite] TFLite, default build: gemmlowp's two roundings.
QI_RECIPE(tflite);
/// [requant.tflite-single-rounding] TFLite built with TFLITE_SINGLE_ROUNDING.
QI_RECIPE(tfliteSingleRounding);
/// [requant.tvm-upward] TVM qnn.requantize, rounding "UPWARD".
QI_RECIPE(tvmUpward);
/// [requant.tvm-tonearest] TVM qnn.requantize, rounding "TONEAREST".
QI_RECIPE(tvmToNearest);
/// [requant.onnxruntime-mlas] ONNX Runtime MlasRequantizeOutput (SSE2).
QI_RECIPE(onnxruntimeMlas);
/// [requant.xnnpack-fp32] XNNPACK fp32 requantization (scalar fmagic).
QI_RECIPE(xnnpackFp32);
/// [requant.fbgemm] FBGEMM Requantize<T> with a float multiplier.
QI_RECIPE(fbgemm);
/// [requant.pytorch] PyTorch at::native::requantize_from_int.
QI_RECIPE(pytorch);

#undef QI_RECIPE

} // namespace qi::requant::recipes

#endif
