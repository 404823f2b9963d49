//===- HostQuantize.h - qcast with host IEEE arithmetic -------- -*- C++ -*-===//
//
// Spec: [fast.host-qcast], [fast.narrow-host], [fast.environment] in
// spec/performance.md. For f32 / f64 expressed types under an IEEE
// nearest-even arithmetic mode, every float step of a recipe is one correctly
// rounded host operation, so the host computes the same bits as the exact
// kernel (QuantizeKernel); for f16 / bf16 / tf32 the inputs are decoded to
// binary64 and each step in the expressed type is one binary64 operation
// rounded to that type (NarrowFloat.h), and under any other rounding mode
// each step in E or f32 is one binary64 operation rounded to its format in
// that mode ([fast.narrow-modes]); the integer steps are exact
// int64 arithmetic; NaN and overflow policies are applied as the kernel
// applies them. The one case the host path does not decide itself (wrapping
// of a finite |t| >= 2^62) is handed to the reference kernel.
// Proven identical by FastQuantizeDiffTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_FAST_HOSTQUANTIZE_H
#define QI_FAST_HOSTQUANTIZE_H

#include "interpreter/fast/HostQcastTail.h"
#include "interpreter/fast/QcastAccelerator.h"
#include "interpreter/host/FloatEnvironment.h"
#include "interpreter/host/NarrowFloat.h"
#include "interpreter/quant/ReferenceKernels.h"

#include <cstdint>
#include <vector>

namespace qi::fast {

/// qcast on raw element storage with host floats. [fast.host-qcast]
class HostQuantizer final : public QcastAccelerator {
public:
  static bool supports(const quant::QuantType &type, const quant::Semantics &semantics);
  HostQuantizer(const quant::QuantType &type, const quant::Semantics &semantics,
                const quant::QuantizeKernel &reference);

  // QcastAccelerator
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           int64_t parameter, std::vector<int64_t> &poison) const override;
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
           const int64_t *parameters, std::vector<int64_t> &poison) const override;
  int64_t quantizeOne(numeric::Bits x, int64_t parameter) const override;

private:
  struct Parameter {
    double factor = 0, zeroPointFloat = 0, clampLow = 0, clampHigh = 0;
    int64_t zeroPoint = 0;
  };
  /// E: the host type of an input (float, double, or the uint16_t /
  /// uint32_t pattern of a narrow format); T: the host type of t.
  template <typename E, typename T> int64_t element(E x, int64_t parameter) const;
  template <typename E, typename T> T toScaled(E x) const;
  /// A step result of format T rounded into the scaled format (the narrow
  /// expressed type when the recipe computes t there). [fast.narrow-host]
  template <typename T> T inScaled(T v) const;
  /// inScaled(a + b), also where the binary64 sum is inexact under a mode
  /// other than nearest-even. [fast.narrow-modes]
  template <typename T> T sumInScaled(T a, T b) const;
  void dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
                const int64_t *parameters, int64_t parameter, std::vector<int64_t> &poison) const;
  void dispatchNarrow(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                      int64_t length, const int64_t *parameters, int64_t parameter,
                      std::vector<int64_t> &poison) const;
  template <typename E, typename T>
  void runStored(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start, int64_t length,
                 const int64_t *parameters, int64_t parameter, std::vector<int64_t> &poison) const;
  template <typename E, typename T, typename S>
  void runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                const int64_t *parameters, int64_t parameter, std::vector<int64_t> &poison) const;
  /// At most 256 elements, element start + j with parameters[j].
  template <typename E, typename T, typename S>
  void runBlock(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                const int64_t *parameters, bool uniform, std::vector<int64_t> &poison) const;
  /// The SSE2 loop for f32 `x / s + zp` with nearest-even or toward-zero
  /// rounding; returns how many leading elements it did.
  template <typename S>
  int64_t runVectorF32(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                       const int64_t *parameters, bool uniform, std::vector<int64_t> &poison) const;
  int64_t runVectorF32Bytes(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                            const int64_t *parameters, std::vector<int64_t> &poison) const;

  const quant::QuantType &type_;
  const quant::QuantizeKernel &reference_;
  HostQcastTail tail_;
  quant::QuantizeRecipe recipe_;
  numeric::RoundingMode rounding_;
  quant::OverflowPolicy overflow_;
  bool expressedIsF64_ = false, scaledIsF64_ = false, vectorizable_ = false;
  /// f16 / bf16 / tf32 expressed; `narrowSteps_`: t is in that format.
  const host::NarrowFormat *narrow_ = nullptr;
  bool narrowSteps_ = false;
  /// [fast.narrow-modes]: set only for a narrow expressed type under a
  /// rounding mode other than nearest-even; t's steps are then binary64
  /// operations rounded into `stepFormat_` (E or binary32) in `arithMode_`.
  const host::NarrowFormat *stepFormat_ = nullptr;
  numeric::RoundingMode arithMode_ = numeric::RoundingMode::NearestEven;
  bool clamp_ = true;
  double upperBound_ = 0;
  /// Copies of tail_'s, for the vector loops.
  int64_t intermediateMin_ = 0, intermediateMax_ = 0;
  uint64_t storageMask_ = 0;
  std::vector<Parameter> parameters_;
  /// f32 copies of the factor and zero point, for the vector loop.
  std::vector<float> factorF32_, zeroPointF32_;
};

} // namespace qi::fast

#endif
