//===- main.cpp - quant-profile-table: where backend profiles disagree ----===//
//
// Spec: [sem.profiles]. Prints docs/profile-table.md: for each input class of
// BACKEND-RECIPES.md's discriminating inputs, one concrete case evaluated
// under every profile by the same kernels quant-interp uses. Generated, never
// hand-written; a test checks the checked-in copy is current. With
// --requantize-table it prints docs/requantize-table.md instead
// ([requant.differences], interpreter/requant/RequantizeTable.cpp).
//
//===----------------------------------------------------------------------===//
#include "interpreter/numeric/DecimalFormat.h"
#include "interpreter/numeric/FloatCodec.h"
#include "interpreter/quant/ReferenceKernels.h"
#include "interpreter/requant/RequantizeTable.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstring>
#include <iostream>
#include <set>
#include <string>
#include <vector>

using namespace qi;
using namespace qi::quant;
namespace cl = llvm::cl;

namespace {

// One option: --requantize-table prints docs/requantize-table.md instead
// ([requant.recipes]); any other argument is a usage error (exit 2).
cl::OptionCategory category("quant-profile-table options");
cl::opt<bool> requantizeTable("requantize-table",
                              cl::desc("Print docs/requantize-table.md (where the requantize "
                                       "recipes differ) instead"),
                              cl::cat(category));

struct Case {
  std::string inputClass;
  std::string description; ///< the case in MLIR-ish terms
  numeric::IntFormat storage;
  int64_t storageMin, storageMax;
  double scale;
  int64_t zeroPoint;
  bool dequantize = false;
  bool perChannel = false;
  float x = 0;        ///< qcast input
  int64_t stored = 0; ///< dcast input
};

numeric::Bits bitsOfFloat(float x) {
  uint32_t b;
  std::memcpy(&b, &x, 4);
  return b;
}

QuantType makeType(const Case &c) {
  QuantType t;
  t.storage = c.storage;
  t.storageMin = c.storageMin;
  t.storageMax = c.storageMax;
  t.expressed = &numeric::f32Format();
  uint64_t scaleBits;
  std::memcpy(&scaleBits, &c.scale, 8);
  t.scales = {{&numeric::f64Format(), scaleBits}};
  t.zeroPoints = {c.zeroPoint};
  if (c.perChannel) {
    t.granularity = QuantType::Granularity::PerAxis;
    t.axis = 0;
  }
  t.spelling = "table case";
  return t;
}

std::string evaluate(const Case &c, const Semantics &semantics) {
  QuantType type = makeType(c);
  if (c.dequantize) {
    ExpressedOutcome y = DequantizeKernel(type, semantics)(c.stored, 0);
    if (y.poison)
      return "poison";
    return numeric::formatDecimal(numeric::f32Format(), y.bits);
  }
  StoredOutcome q = QuantizeKernel(type, semantics)(bitsOfFloat(c.x), 0);
  return q.poison ? "poison" : std::to_string(q.value);
}

std::vector<Case> cases() {
  const numeric::IntFormat i8{8, true}, u8{8, false};
  const float nan = __builtin_nanf(""), inf = __builtin_inff();
  std::vector<Case> v;
  auto q = [&](std::string cls, std::string desc, numeric::IntFormat s, int64_t lo, int64_t hi,
               double scale, int64_t zp, float x) {
    Case c{cls, desc, s, lo, hi, scale, zp};
    c.x = x;
    v.push_back(c);
  };
  q("tie t = k + 1/2", "i8, s=1, x=2.5", i8, -128, 127, 1.0, 0, 2.5f);
  q("negative tie", "i8, s=1, x=-2.5", i8, -128, 127, 1.0, 0, -2.5f);
  q("fraction t = 0.7", "i8, s=1, x=0.7", i8, -128, 127, 1.0, 0, 0.7f);
  q("negative t + zp = 9.7", "i8, s=1, zp=10, x=-0.3", i8, -128, 127, 1.0, 10, -0.3f);
  q("reciprocal trap", "u8, s=0.00214854861, x=0.273939937 (x/s=127.499992, x*f32(1/s)=127.5)",
    u8, 0, 255, 0.00214854861, 0, 0.273939937f);
  q("zero point before rounding", "i8, s=1, zp=100, x=0.5+2^-24 (f32(t+100)=100.5)", i8, -128,
    127, 1.0, 100, 0.50000006f);
  q("NaN", "i8, s=1, x=NaN", i8, -128, 127, 1.0, 0, nan);
  q("NaN, u8 zp >= 128", "u8, s=1, zp=200, x=NaN", u8, 0, 255, 1.0, 200, nan);
  q("+inf", "i8, s=1, x=+inf", i8, -128, 127, 1.0, 0, inf);
  q("-inf", "i8, s=1, x=-inf", i8, -128, 127, 1.0, 0, -inf);
  q("t >= 2^31", "i8, s=1, x=3e9", i8, -128, 127, 1.0, 0, 3e9f);
  q("t >= 2^31, u8 zp >= 128", "u8, s=1, zp=200, x=3e9", u8, 0, 255, 1.0, 200, 3e9f);
  q("out of range, full-range storage", "i8, s=1, x=300", i8, -128, 127, 1.0, 0, 300.0f);
  q("narrow bounds", "i8<-127:127>, s=1, x=-200", i8, -127, 127, 1.0, 0, -200.0f);
  const numeric::IntFormat i32{32, true};
  // [profile.pytorch-aten] the zero point added in f32 after rounding.
  q("zero point added in f32", "i32, s=1, zp=1, x=16777218 (f32(16777218+1)=16777220)", i32,
    INT32_MIN, INT32_MAX, 1.0, 1, 16777218.0f);
  // [profile.pytorch-aten] 1/f32(s) = +inf; [profile.xnnpack-x86] 1/s subnormal, read as 0.
  q("reciprocal overflows", "i8, s=1e-40 (f32(s) subnormal, 1/f32(s)=+inf), x=1", i8, -128, 127,
    1e-40, 0, 1.0f);
  q("reciprocal subnormal", "i8, s=2^127, zp=5, x=2^127", i8, -128, 127, 0x1p127, 5, 0x1p127f);
  // [recipe.flush] DAZ on the input.
  q("subnormal input", "i8, s=2^-126, x=0x007FFFFF (x/s=1-2^-23)", i8, -128, 127, 0x1p-126, 0,
    0x1.fffffcp-127f);
  Case perTensor{"dcast f64 vs f32 scale", "per-tensor i8, s=0.1, q=-124", i8, -128, 127, 0.1, 0};
  perTensor.dequantize = true;
  perTensor.stored = -124;
  v.push_back(perTensor);
  // [recipe.dequantize] q - zp beyond int32 (PyTorch and ONNX Runtime wrap).
  Case wrap{"dcast q - zp beyond int32", "per-tensor i32, s=1, zp=-5, q=2^31-1", i32,
            INT32_MIN, INT32_MAX, 1.0, -5};
  wrap.dequantize = true;
  wrap.stored = INT32_MAX;
  v.push_back(wrap);
  Case perChannel = perTensor;
  perChannel.description = "per-channel i8, s=0.1, q=-124";
  perChannel.perChannel = true;
  v.push_back(perChannel);
  return v;
}

} // namespace

int main(int argc, char **argv) {
  cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << "quant-profile-table " QI_VERSION "\n"; });
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "quant-profile-table: prints docs/profile-table.md, where the "
                                   "backend profiles disagree (spec/profiles.md)\n",
                                   &llvm::errs()))
    return 2;
  if (requantizeTable) {
    std::cout << requant::requantizeTableMarkdown();
    return 0;
  }
  const std::vector<std::string_view> &profiles = profileNames();
  std::cout << "# Where the backend profiles disagree\n\n"
               "Generated by `build/bin/quant-profile-table > docs/profile-table.md` from the profile data in\n"
               "`interpreter/quant/Profiles.cpp` (spec/profiles.md); the test `profile-table-current` fails when\n"
               "this file is stale. f32 expressed type, per-layer unless said otherwise; cells are the stored\n"
               "integer (qcast) or the expressed value (dcast), `poison` where the semantics leave it undefined.\n\n";
  std::cout << "| input class | case |";
  for (std::string_view p : profiles)
    std::cout << " " << p << " |";
  std::cout << " distinct |\n|---|---|";
  for (size_t i = 0; i < profiles.size(); ++i)
    std::cout << "---|";
  std::cout << "---|\n";
  for (const Case &c : cases()) {
    std::cout << "| " << c.inputClass << " | " << c.description << " |";
    std::set<std::string> distinct;
    for (std::string_view p : profiles) {
      std::string cell = evaluate(c, *findProfile(p));
      distinct.insert(cell);
      std::cout << " " << cell << " |";
    }
    std::cout << " " << distinct.size() << " |\n";
  }
  return 0;
}
