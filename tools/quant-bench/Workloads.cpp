//===- Workloads.cpp - The benchmark programs of quant-bench --------------===//
#include "tools/quant-bench/Workloads.h"

#include <cstring>
#include <sstream>

namespace qi::bench {

namespace {

constexpr int64_t kChannels = 256;
constexpr uint64_t kMultiplier = 2654435761u;

/// h_i = (i * 2654435761) mod 2^24: the input formula's integer.
uint64_t hashOf(int64_t i) { return (static_cast<uint64_t>(i) * kMultiplier) & 0xFFFFFFu; }

/// x_i = h_i * 2^-23 - 1, exact in f32: the qcast input, in [-1, 1).
float qcastInput(int64_t i) { return static_cast<float>(hashOf(i)) * 0x1p-23f - 1.0f; }

std::string scaleText(double s) {
  std::ostringstream os;
  os.precision(17);
  os << s;
  std::string t = os.str();
  if (t.find_first_of(".e") == std::string::npos)
    t += ".0";
  return t;
}

/// Channel c of 256: scale 0.01 + c / 2^14, zero point c % 11 - 5.
std::string channelParameter(int64_t c) {
  return scaleText(0.01 + double(c) / 16384.0) + ":" + std::to_string(c % 11 - 5);
}

} // namespace

std::string Workload::name() const {
  std::string g = granularity == Granularity::PerLayer     ? "per-layer"
                  : granularity == Granularity::PerChannel ? "per-channel"
                                                           : "sub-channel";
  return std::string(op == Op::Qcast ? "qcast" : "dcast") + " " + g + " i8:" + expressed;
}

Shape Workload::shape() const {
  if (granularity == Granularity::PerLayer)
    return {elements};
  return {elements / kChannels, kChannels};
}

std::string Workload::quantType() const {
  std::string t = "!quant.uniform<i8:" + expressed;
  switch (granularity) {
  case Granularity::PerLayer:
    return t + ", 0.0123:-3>";
  case Granularity::PerChannel: {
    t += ":1, {";
    for (int64_t c = 0; c < kChannels; ++c)
      t += (c ? "," : "") + channelParameter(c);
    return t + "}>";
  }
  case Granularity::SubChannel: {
    t += ":{0:" + std::to_string(elements / kChannels / 16) + ", 1:64}, {";
    for (int64_t r = 0; r < 16; ++r) {
      t += r ? ", {" : "{";
      for (int64_t c = 0; c < 4; ++c)
        t += (c ? ", " : "") + channelParameter(r * 4 + c);
      t += "}";
    }
    return t + "}>";
  }
  }
  return t;
}

namespace {

std::string tensorOf(const Shape &shape, const std::string &element) {
  std::string t = "tensor<";
  for (int64_t d : shape)
    t += std::to_string(d) + "x";
  return t + element + ">";
}

} // namespace

std::string Workload::kernelModule() const {
  const std::string q = tensorOf(shape(), quantType());
  const std::string f = tensorOf(shape(), expressed);
  std::ostringstream os;
  if (op == Op::Qcast)
    os << "func.func @kernel(%x: " << f << ") -> " << q << " {\n"
       << "  %0 = quant.qcast %x : " << f << " to " << q << "\n"
       << "  return %0 : " << q << "\n}\n";
  else
    os << "func.func @kernel(%x: " << q << ") -> " << f << " {\n"
       << "  %0 = quant.dcast %x : " << q << " to " << f << "\n"
       << "  return %0 : " << f << "\n}\n";
  return os.str();
}

std::string Workload::jitProgram() const {
  const Shape s = shape();
  const bool twoD = s.size() == 2;
  const std::string q = tensorOf(s, quantType());
  const std::string f = tensorOf(s, expressed);
  const std::string i8 = tensorOf(s, "i8");
  std::ostringstream os;
  os << "func.func private @rtclock() -> f64\n"
     << "func.func private @printF64(f64)\nfunc.func private @printI64(i64)\n"
     << "func.func private @printNewline()\n"
     << kernelModule() << "func.func @main() {\n"
     << "  %K = arith.constant " << kMultiplier << " : i64\n"
     << "  %mask = arith.constant 16777215 : i64\n"
     << "  %two23 = arith.constant 1.1920928955078125e-07 : f32\n"
     << "  %one = arith.constant 1.0 : f32\n"
     << "  %cC = arith.constant " << kChannels << " : index\n"
     << "  %in = tensor.generate {\n"
     << (twoD ? "  ^bb0(%r: index, %c: index):\n    %rc = arith.muli %r, %cC : index\n"
                "    %i = arith.addi %rc, %c : index\n"
              : "  ^bb0(%i: index):\n")
     << "    %ii = arith.index_cast %i : index to i64\n"
     << "    %m = arith.muli %ii, %K : i64\n"
     << "    %h = arith.andi %m, %mask : i64\n";
  if (op == Op::Qcast)
    os << "    %hf = arith.sitofp %h : i64 to f32\n"
       << "    %xs = arith.mulf %hf, %two23 : f32\n"
       << "    %x = arith.subf %xs, %one : f32\n"
       << "    tensor.yield %x : f32\n  } : " << f << "\n";
  else
    os << "    %x = arith.trunci %h : i64 to i8\n"
       << "    tensor.yield %x : i8\n  } : " << i8 << "\n";
  std::string input = "%in";
  if (op == Op::Dcast) {
    os << "  %inq = quant.scast %in : " << i8 << " to " << q << "\n";
    input = "%inq";
  }
  const std::string argType = op == Op::Qcast ? f : q;
  const std::string resultType = op == Op::Qcast ? q : f;
  os << "  %t0 = call @rtclock() : () -> f64\n"
     << "  %r = call @kernel(" << input << ") : (" << argType << ") -> " << resultType << "\n"
     << "  %t1 = call @rtclock() : () -> f64\n";
  // The checksum walks the flat elements.
  const std::string flatElement = op == Op::Qcast ? "i8" : "f32";
  const std::string flat = tensorOf({elements}, flatElement);
  if (op == Op::Qcast) // the stored integers
    os << "  %rs = quant.scast %r : " << q << " to " << i8 << "\n";
  const std::string program = os.str();
  std::ostringstream tail;
  const std::string source = op == Op::Qcast ? "%rs" : "%r";
  const std::string sourceType = op == Op::Qcast ? i8 : f;
  if (twoD)
    tail << "  %flat = tensor.collapse_shape " << source << " [[0, 1]] : " << sourceType
         << " into " << flat << "\n";
  else
    tail << "  %flat = tensor.cast " << source << " : " << sourceType << " to " << flat << "\n";
  tail << "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
       << "  %n = arith.constant " << elements << " : index\n"
       << "  %z = arith.constant 0 : i64\n  %c255 = arith.constant 255 : i64\n"
       << "  %c1i = arith.constant 1 : i64\n"
       << "  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {\n"
       << "    %e = tensor.extract %flat[%i] : " << flat << "\n";
  if (op == Op::Qcast)
    tail << "    %w = arith.extsi %e : i8 to i64\n";
  else
    tail << "    %eb = arith.bitcast %e : f32 to i32\n    %w = arith.extsi %eb : i32 to i64\n";
  tail << "    %ii = arith.index_cast %i : index to i64\n"
       << "    %k0 = arith.andi %ii, %c255 : i64\n    %k = arith.addi %k0, %c1i : i64\n"
       << "    %p = arith.muli %w, %k : i64\n    %a = arith.addi %acc, %p : i64\n"
       << "    scf.yield %a : i64\n  }\n"
       << "  %dt = arith.subf %t1, %t0 : f64\n"
       << "  call @printF64(%dt) : (f64) -> ()\n  call @printNewline() : () -> ()\n"
       << "  call @printI64(%sum) : (i64) -> ()\n  call @printNewline() : () -> ()\n"
       << "  return\n}\n";
  return program + tail.str();
}

RuntimeValue Workload::input(const ElementType &argumentType) const {
  RuntimeValue v = RuntimeValue::tensor(argumentType, shape());
  uint8_t *data = v.data();
  for (int64_t i = 0; i < elements; ++i) {
    if (op == Op::Qcast) {
      float x = qcastInput(i);
      std::memcpy(data + 4 * i, &x, 4);
    } else {
      data[i] = static_cast<uint8_t>(hashOf(i));
    }
  }
  return v;
}

int64_t Workload::checksum(const RuntimeValue &result) {
  uint64_t sum = 0;
  const bool isFloat = result.elementType().isFloat();
  for (int64_t i = 0; i < result.size(); ++i) {
    int64_t v;
    if (isFloat) {
      int32_t bits;
      std::memcpy(&bits, result.data() + 4 * i, 4);
      v = bits;
    } else {
      v = static_cast<int8_t>(result.data()[i]);
    }
    sum += static_cast<uint64_t>(v) * static_cast<uint64_t>((i & 255) + 1);
  }
  return static_cast<int64_t>(sum);
}

std::vector<Workload> standardWorkloads(int64_t elements) {
  std::vector<Workload> all;
  for (Op op : {Op::Qcast, Op::Dcast})
    for (Granularity g : {Granularity::PerLayer, Granularity::PerChannel, Granularity::SubChannel})
      all.push_back({op, g, elements});
  return all;
}

} // namespace qi::bench
