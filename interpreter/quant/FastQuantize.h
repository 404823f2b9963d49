//===- FastQuantize.h - qcast with host IEEE arithmetic ---------*- C++ -*-===//
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
// of a finite |t| >= 2^62) is handed to the exact kernel.
// Proven identical by FastQuantizeDiffTest.
//
//===----------------------------------------------------------------------===//
#ifndef QI_QUANT_FASTQUANTIZE_H
#define QI_QUANT_FASTQUANTIZE_H

#include "quant/HostQcastTail.h"
#include "quant/Kernels.h"
#include "quant/NarrowFloat.h"

#include <cstdint>
#include <vector>

namespace qi::quant {

/// Whether the host's floating-point environment is the IEEE default every
/// host fast path assumes: round to nearest-even, no flush-to-zero, no
/// denormals-are-zero. Checked at every dispatch. [fast.environment]
bool hostFloatEnvironmentIsDefault();

/// qcast on raw element storage with host floats. [fast.host-qcast]
class HostQuantizer {
public:
  /// Whether (type, semantics) is a combination this path is proven for.
  static bool supports(const QuantType &type, const Semantics &semantics);
  /// `exact` decides the elements the host path hands back; it must outlive
  /// this object.
  HostQuantizer(const QuantType &type, const Semantics &semantics,
                const QuantizeKernel &exact);

  /// Quantizes elements [start, start + length) of `in` (expressed values in
  /// the expressed type's host layout) into `out` (storage bit patterns of
  /// `outBytes` = 1, 2 or 4 bytes each) with parameter `parameter`. Indices
  /// of poison results are appended to `poison`.
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
           int64_t length, int64_t parameter, std::vector<int64_t> &poison) const;
  /// The same with element start + j using parameters[j] (per-channel types
  /// whose parameter changes every few elements).
  void run(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
           int64_t length, const int64_t *parameters, std::vector<int64_t> &poison) const;

  /// One element (the scalar path), for tests and for filling tables
  /// ([fast.table]): the stored bit pattern, or -1 for poison.
  int64_t quantizeOne(numeric::Bits x, int64_t parameter) const;

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
  void dispatch(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                int64_t length, const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;
  void dispatchNarrow(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                      int64_t length, const int64_t *parameters, int64_t parameter,
                      std::vector<int64_t> &poison) const;
  template <typename E, typename T>
  void runStored(const uint8_t *in, uint8_t *out, unsigned outBytes, int64_t start,
                 int64_t length, const int64_t *parameters, int64_t parameter,
                 std::vector<int64_t> &poison) const;
  template <typename E, typename T, typename S>
  void runTyped(const uint8_t *in, uint8_t *out, int64_t start, int64_t length,
                const int64_t *parameters, int64_t parameter,
                std::vector<int64_t> &poison) const;
  /// At most 256 elements, element start + j with parameters[j].
  template <typename E, typename T, typename S>
  void runBlock(const E *in, S *out, int64_t start, int64_t length, const int64_t *parameters,
                bool uniform, std::vector<int64_t> &poison) const;
  /// The SSE2 loop for f32 `x / s + zp` with nearest-even or toward-zero
  /// rounding; returns how many leading elements it did.
  template <typename S>
  int64_t runVectorF32(const float *in, S *out, int64_t start, int64_t length,
                       const int64_t *parameters, bool uniform,
                       std::vector<int64_t> &poison) const;
  int64_t runVectorF32Bytes(const float *in, uint8_t *out, int64_t start, int64_t length,
                            const int64_t *parameters, std::vector<int64_t> &poison) const;

  const QuantType &type_;
  const QuantizeKernel &exact_;
  HostQcastTail tail_;
  QuantizeRecipe recipe_;
  numeric::RoundingMode rounding_;
  OverflowPolicy overflow_;
  bool expressedIsF64_ = false, scaledIsF64_ = false, vectorizable_ = false;
  /// f16 / bf16 / tf32 expressed; `narrowSteps_`: t is in that format.
  const NarrowFormat *narrow_ = nullptr;
  bool narrowSteps_ = false;
  /// [fast.narrow-modes]: set only for a narrow expressed type under a
  /// rounding mode other than nearest-even; t's steps are then binary64
  /// operations rounded into `stepFormat_` (E or binary32) in `arithMode_`.
  const NarrowFormat *stepFormat_ = nullptr;
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

} // namespace qi::quant

#endif
