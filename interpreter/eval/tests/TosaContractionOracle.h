//===- TosaContractionOracle.h - TOSA contractions from the mathematics -*- C++ -*-===//
//
// Spec: [contract.*], [tosa.matmul], [tosa.conv2d], [tosa.depthwise-conv2d],
// [tosa.transpose-conv2d], [tosa.avg-pool2d], [tosa.max-pool2d]. An
// independent naive implementation for TosaContractionDiffTest, written from
// what the operators compute rather than from the pseudo-code's loops:
//
// - a convolution correlates the zero-point-corrected input, materialized
//   with its padding (cells that are no term), with the dilated kernel
//   (taps between dilation steps are no term); TRANSPOSE_CONV2D scatters
//   each input element into the output instead; MATMUL is rows times columns;
// - integer arithmetic is exact (__int128): the REQUIREs are re-derived as
//   "every prefix sum, in the order (ky, kx, ic) / c, lies in acc_t, and so
//   does the sum with the bias";
// - float arithmetic is the host's double, each step then rounded to the
//   step's format by an explicit round-to-nearest-even on the value
//   (ldexp / nearbyint), never by the numeric core; double rounding through
//   double is innocuous for +, -, *, / (53 >= 2p + 2 for p <= 24);
// - AVG_POOL2D's integer division is round-half-away-from-zero of the exact
//   mean (what reciprocal_scale + apply_scale_32 give for windows under
//   8192 elements, [contract.pool-divide]).
//
// Element patterns travel as uint64_t (every supported type has <= 48 bits).
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TESTS_TOSACONTRACTIONORACLE_H
#define QI_EVAL_TESTS_TOSACONTRACTIONORACLE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qi::eval::oracle {

/// A tensor as the oracle sees it: an MLIR element type name, a shape, one
/// pattern and one poison flag per element (row-major).
struct Tensor {
  std::string type;
  std::vector<int64_t> shape;
  std::vector<uint64_t> bits;
  std::vector<bool> poison;

  int64_t size() const;
};

/// A declared result shape: unranked, or sizes with -1 where dynamic.
struct Declared {
  bool ranked = true;
  std::vector<int64_t> dims;
};

/// What the kernel must do: fail with a message containing every one of
/// `errorParts`, or produce `result`.
struct Expected {
  std::vector<std::string> errorParts;
  Tensor result;
  bool failed() const { return !errorParts.empty(); }
};

//===-- Numbers -------------------------------------------------------------===//

/// A float format by its fields: E exponent bits, M fraction bits, FN (no
/// infinity, NaN only all ones).
struct FloatFormat {
  const char *name;
  int expBits, manBits;
  bool fn;
  int bias() const { return (1 << (expBits - 1)) - 1; }
  int emin() const { return 1 - bias(); }
  int emax() const { return (1 << expBits) - (fn ? 1 : 2) - bias(); }
  double maxFinite() const;
};
/// f32, f16, bf16, f8E5M2, f8E4M3FN; null for an integer type.
const FloatFormat *floatFormat(const std::string &type);
/// "i8" -> 8.
int intWidth(const std::string &type);
double decode(uint64_t bits, const FloatFormat &format);
/// The pattern of a value the format holds (NaN: positive quiet, no payload).
uint64_t encode(double value, const FloatFormat &format);
/// `value` rounded to nearest-even into the format (overflow: infinity).
double roundTo(double value, const FloatFormat &format);
int64_t signExtend(uint64_t bits, int width);
uint64_t truncate(int64_t value, int width);

//===-- Operators ---------------------------------------------------------===//

Expected matmul(const std::string &outType, const Tensor &a, const Tensor &b, const Tensor &aZp,
                const Tensor &bZp, const Declared &out);

/// pad [top, bottom, left, right] (TRANSPOSE_CONV2D: out_pad), stride [y, x],
/// dilation [y, x].
struct ConvParams {
  std::vector<int64_t> pad, stride, dilation;
};
enum class Conv { Conv2d, Depthwise, Transpose };
Expected convolution(Conv kind, const std::string &outType, const std::string &accType,
                     const Tensor &input, const Tensor &weight, const Tensor &bias,
                     const Tensor &inputZp, const Tensor &weightZp, const ConvParams &params,
                     const Declared &out);

struct PoolParams {
  std::vector<int64_t> kernel, stride, pad;
};
Expected avgPool(const std::string &accType, const Tensor &input, const Tensor &inputZp,
                 const Tensor &outputZp, const PoolParams &params, const Declared &out);
Expected maxPool(const Tensor &input, const PoolParams &params, bool ignoreNaN,
                 const Declared &out);

} // namespace qi::eval::oracle

#endif
