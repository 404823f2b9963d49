//===- FuzzNumeric.cpp - libFuzzer: numeric core vs llvm::APFloat ---------===//
//
// Harness (4) of docs/reliability.md: a differential test of the exact
// numeric core (interpreter/numeric) against llvm::APFloat, with the oracle
// rules of the unit tests (interpreter/numeric/tests/ApfloatOracle.h:
// bit patterns exactly, NaN payloads included; INX/INV/DZ exactly; OF
// exactly except [oracle.apfloat-departures] 8; APFloat's UF implies ours)
// and their departure predicates ([oracle.apfloat-departures] 1-7 skipped).
// Any mismatch aborts.
//
// Input: byte 0 op, byte 1 format, byte 2 target format / integer width,
// byte 3 IEEE rounding mode and flags, then operands a, b, c as 16
// little-endian bytes each (missing bytes are zero). Bit patterns are masked
// to the format's width; f80 patterns are NOT made canonical (unnormals,
// pseudo-NaNs, ... are inputs too).
//
//===----------------------------------------------------------------------===//
#include "conformance/fuzz/../../interpreter/numeric/tests/ApfloatArith.h"

#include "interpreter/numeric/IntFormat.h"

#include <cstdlib>
#include <cstring>

using namespace qi::numeric;
using namespace qi::numeric::test;

namespace {

enum class Op : uint8_t { Add, Sub, Mul, Div, Fma, Convert, IntToFloat, FloatToInt, Count };

const char *opName(Op op) {
  static const char *const names[] = {"add", "sub", "mul", "div", "fma",
                                      "convert", "int->float", "float->int"};
  return names[unsigned(op)];
}

/// [oracle.apfloat-departures] for float->float conversions; the same
/// predicate as convertDeparture in interpreter/numeric/tests/ApfloatConvertTest.cpp.
bool convertDeparture(const FloatFormat &from, Bits bits, const FloatFormat &to) {
  if (to.nonFinite == NonFinite::FiniteOnly) {
    FloatClass c = classify(from, bits);
    if (c == FloatClass::Infinity || c == FloatClass::QuietNaN ||
        c == FloatClass::SignalingNaN)
      return true; // 1, 2
  }
  if (!to.hasSign && !isNaN(from, bits)) {
    Exact v = decode(from, bits);
    if (v.negative && !v.isZero())
      return true; // 4
  }
  if (!to.hasZero && !isNaN(from, bits) && decode(from, bits).isZero())
    return true; // 5
  if (!from.hasSign && isNaN(from, bits) && to.nonFinite == NonFinite::IEEE)
    return true; // 6
  if (&from == &to && isNaN(from, bits) &&
      (isSignalingNaN(from, bits) || canonical(from, bits) != bits))
    return true; // 7
  return false;
}

[[noreturn]] void mismatch(const std::string &what, const OracleTally &t) {
  std::fprintf(stderr,
               "FuzzNumeric: MISMATCH with APFloat: %s (value-mismatch=%ld flag-mismatch=%ld "
               "overflow-diff=%ld)\n",
               what.c_str(), t.valueMismatches, t.flagMismatches, t.overflowDiffs);
  std::abort();
}

void checkTally(const OracleTally &t, const std::string &what) {
  if (t.valueMismatches || t.flagMismatches || t.overflowDiffs)
    mismatch(what, t);
}

Bits readBits(const uint8_t *data, size_t size, size_t offset) {
  uint8_t bytes[16] = {};
  if (offset < size)
    std::memcpy(bytes, data + offset, std::min<size_t>(16, size - offset));
  Bits b = 0;
  for (int i = 15; i >= 0; --i)
    b = (b << 8) | bytes[i];
  return b;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  // Lets ADD_FAILURE in ApfloatOracle.h print its description.
  int n = 1;
  char *args[] = {(*argv)[0], nullptr};
  ::testing::InitGoogleTest(&n, args);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 4)
    return -1;
  const auto &formats = allFloatFormats();
  const Op op = Op(data[0] % uint8_t(Op::Count));
  const FloatFormat &f = *formats[data[1] % formats.size()];
  const RoundingMode m = kIeeeModes[(data[3] & 0x7f) % 5];
  const bool flag = data[3] & 0x80; // int conversions: signedness
  const Bits mask = f.allBitsMask();
  const Bits a = readBits(data, size, 4) & mask, b = readBits(data, size, 20) & mask,
             c = readBits(data, size, 36) & mask;
  OracleTally t;
  t.name = "fuzz";
  auto what = [&](const std::string &extra) {
    return std::string(opName(op)) + " " + std::string(f.name) + " " +
           std::string(roundingModeName(m)) + " a=" + hex(a) + " " + extra;
  };

  switch (op) {
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Fma: {
    compareArith(t, f, ArithOp(unsigned(op)), a, b, c, m);
    checkTally(t, what("b=" + hex(b) + " c=" + hex(c)));
    break;
  }
  case Op::Convert: {
    const FloatFormat &to = *formats[data[2] % formats.size()];
    if (convertDeparture(f, a, to))
      return 0;
    FloatResult ours = floatConvert(f, a, to, m);
    llvm::APFloat x = toAP(f, a);
    bool losesInfo = false;
    llvm::APFloat::opStatus st = x.convert(semanticsOf(to), apMode(m), &losesInfo);
    compareFloat(t, to, ours, fromAP(x), unsigned(st), true, [] { return std::string(); });
    checkTally(t, what("-> " + std::string(to.name) + ": ours " + hex(ours.bits) + " flags " +
                       std::to_string(ours.status.flags) + ", APFloat " + hex(fromAP(x)) +
                       " status " + std::to_string(unsigned(st))));
    break;
  }
  case Op::IntToFloat: {
    // An integer of width 1..128 from operand a's bytes; signed or unsigned.
    const unsigned width = data[2] % 128 + 1;
    const bool isSigned = flag;
    Bits raw = readBits(data, size, 4);
    llvm::APInt v(width, llvm::ArrayRef<uint64_t>({uint64_t(raw), uint64_t(raw >> 64)}));
    BigInt value = bigFromAPInt(v, isSigned);
    if (!f.hasSign && value < 0)
      return 0; // departure 4
    if (!f.hasZero && value == 0)
      return 0; // departure 5
    FloatResult ours = intToFloat(value, f, m);
    llvm::APFloat x(semanticsOf(f));
    llvm::APFloat::opStatus st = x.convertFromAPInt(v, isSigned, apMode(m));
    compareFloat(t, f, ours, fromAP(x), unsigned(st), true, [] { return std::string(); });
    checkTally(t, std::string("int->float ") + (isSigned ? "i" : "u") + std::to_string(width) +
                      " " + value.str() + " -> " + std::string(f.name) + " " +
                      std::string(roundingModeName(m)) + ": ours " + hex(ours.bits) +
                      " flags " + std::to_string(ours.status.flags) + ", APFloat " +
                      hex(fromAP(x)) + " status " + std::to_string(unsigned(st)));
    break;
  }
  case Op::FloatToInt: {
    // The unit tests' rule (ApfloatOracle.h floatToIntMismatch).
    const unsigned width = data[2] % 128 + 1;
    std::string difference = floatToIntMismatch(f, a, width, flag, m);
    if (!difference.empty()) {
      t.valueMismatches = 1;
      mismatch(what("-> " + difference), t);
    }
    break;
  }
  case Op::Count:
    break;
  }
  return 0;
}
