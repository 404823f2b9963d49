//===- TosaElementwiseOracle.h - TOSA elementwise / data-movement oracle -*- C++ -*-===//
//
// Spec: spec/tosa-elementwise.md [tosa-ew.*], [tosa.add] ... [tosa.slice].
// An independent model of the chapter, written from its text and the TOSA
// 1.0 pseudo-code, not from TosaElementwise.cpp / TosaDataMovement.cpp: no
// numeric core and no RuntimeValue. Tensors are bit patterns in
// std::vector, integers computed in __int128, floats decoded to host double
// (exact for f32 / f16 / bf16), one operation in double and a hand-written
// round-to-nearest-even to the format (a double result rounds innocuously:
// 53 >= 2 * 24 + 2), multi-indices walked explicitly.
//
// A case either has a value or fails: `condition` is the part of the failing
// ERROR_IF / REQUIRE / operand check that the kernel's message must contain,
// `element` the multi-index of the failing element ("[1, 2]") or "".
//
//===----------------------------------------------------------------------===//
#ifndef QI_EVAL_TESTS_TOSAELEMENTWISEORACLE_H
#define QI_EVAL_TESTS_TOSAELEMENTWISEORACLE_H

#include <cstdint>
#include <string>
#include <vector>

namespace qi::eval::ewo {

/// A tensor of `type` ("i1", "i8", "i16", "i32", "i64", "f16", "bf16",
/// "f32", "f8E4M3FN", "f8E5M2"): row-major patterns and poison flags.
struct Tensor {
  std::string type;
  std::vector<int64_t> shape;
  std::vector<uint64_t> bits;
  std::vector<bool> poison;
};

/// A declared result type: unranked, or sizes with -1 where dynamic.
struct Declared {
  bool ranked = false;
  std::vector<int64_t> dims;
};

struct Result {
  bool ok = true;
  Tensor value;
  std::string condition; ///< when !ok
  std::string element;   ///< "[i, j]" when an element's REQUIRE fails
};

/// Bits of an element of `type`; whether it is a float type.
unsigned widthOf(const std::string &type);
bool isFloatType(const std::string &type);
/// The quiet NaN without payload of a float type (0x7FC00000 for f32).
uint64_t defaultNaN(const std::string &type);
/// A float pattern as a double (NaN: quiet NaN) and back, rounded to nearest even.
double toDouble(const std::string &type, uint64_t bits);
uint64_t fromDouble(const std::string &type, double value);

Result addSub(const std::string &type, const Tensor &a, const Tensor &b, const Declared &out,
              bool subtract);
Result mul(const std::string &in, const std::string &out, const Tensor &a, const Tensor &b,
           const Tensor &shift, const Declared &declared);
Result clamp(const std::string &type, const Tensor &x, uint64_t minVal, uint64_t maxVal,
             bool ignoreNaN, const Declared &out);
Result negate(const std::string &type, const Tensor &x, const Tensor &inZp, const Tensor &outZp,
              const Declared &out);

Result reshape(const std::string &type, const Tensor &x, const std::vector<int64_t> &shape,
               const Declared &out);
Result transpose(const std::string &type, const Tensor &x, const std::vector<int64_t> &perms,
                 const Declared &out);
Result pad(const std::string &type, const Tensor &x, const std::vector<int64_t> &padding,
           const Tensor &padConst, const Declared &out);
Result concat(const std::string &type, const std::vector<Tensor> &inputs, int64_t axis,
              const Declared &out);
Result slice(const std::string &type, const Tensor &x, const std::vector<int64_t> &start,
             const std::vector<int64_t> &size, const Declared &out);

} // namespace qi::eval::ewo

#endif
