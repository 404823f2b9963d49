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

/// x_i = (h_i mod 2^16) - 2^15: the rescale input (an i32 accumulator; at the
/// workloads' scales about 2^-7 a little under half of the results saturate).
int32_t rescaleInput(int64_t i) { return static_cast<int32_t>(hashOf(i) & 0xFFFFu) - 32768; }

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
  if (op == Op::Rescale)
    return std::string("rescale ") +
           (granularity == Granularity::PerLayer ? "per-tensor " : "per-channel ") +
           (doubleRound ? "DOUBLE" : "SINGLE");
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

std::vector<int64_t> Workload::rescaleMultipliers() const {
  if (granularity == Granularity::PerLayer)
    return {1992150143};
  std::vector<int64_t> m;
  for (int64_t c = 0; c < kChannels; ++c)
    m.push_back((int64_t(1) << 30) + int64_t((uint64_t(c) * kMultiplier) & 0x3FFFFFFFu));
  return m;
}

std::vector<int64_t> Workload::rescaleShifts() const {
  if (granularity == Granularity::PerLayer)
    return {38};
  std::vector<int64_t> s;
  for (int64_t c = 0; c < kChannels; ++c)
    s.push_back(37 + c % 3);
  return s;
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

/// dense<v> or dense<[v0, v1, ...]>.
std::string denseOf(const std::vector<int64_t> &values) {
  if (values.size() == 1)
    return "dense<" + std::to_string(values[0]) + ">";
  std::string t = "dense<[";
  for (size_t k = 0; k < values.size(); ++k)
    t += (k ? ", " : "") + std::to_string(values[k]);
  return t + "]>";
}

} // namespace

std::string Workload::kernelModule() const {
  std::ostringstream os;
  if (op == Op::Rescale) {
    const std::string x = tensorOf(shape(), "i32"), y = tensorOf(shape(), "i8");
    const std::vector<int64_t> m = rescaleMultipliers();
    const std::string nc = std::to_string(m.size());
    const std::string mt = "tensor<" + nc + "xi32>", st = "tensor<" + nc + "xi8>";
    os << "func.func @kernel(%x: " << x << ") -> " << y << " {\n"
       << "  %m = \"tosa.const\"() {values = " << denseOf(m) << " : " << mt << "} : () -> " << mt
       << "\n"
       << "  %s = \"tosa.const\"() {values = " << denseOf(rescaleShifts()) << " : " << st
       << "} : () -> " << st << "\n"
       << "  %izp = \"tosa.const\"() {values = dense<0> : tensor<1xi32>} : () -> "
          "tensor<1xi32>\n"
       << "  %ozp = \"tosa.const\"() {values = dense<" << kRescaleOutputZp
       << "> : tensor<1xi8>} : () -> tensor<1xi8>\n"
       << "  %0 = tosa.rescale %x, %m, %s, %izp, %ozp {scale32 = true, rounding_mode = "
       << (doubleRound ? "DOUBLE_ROUND" : "SINGLE_ROUND") << ", per_channel = "
       << (granularity == Granularity::PerLayer ? "false" : "true")
       << ", input_unsigned = false, output_unsigned = false} : (" << x << ", " << mt << ", "
       << st << ", tensor<1xi32>, tensor<1xi8>) -> " << y << "\n"
       << "  return %0 : " << y << "\n}\n";
    return os.str();
  }
  const std::string q = tensorOf(shape(), quantType());
  const std::string f = tensorOf(shape(), expressed);
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
  const bool rescale = op == Op::Rescale;
  std::ostringstream os;
  os << "func.func private @rtclock() -> f64\n"
     << "func.func private @printF64(f64)\nfunc.func private @printI64(i64)\n"
     << "func.func private @printNewline()\n"
     << kernelModule() << "func.func @main() {\n"
     << "  %K = arith.constant " << kMultiplier << " : i64\n"
     << "  %mask = arith.constant 16777215 : i64\n"
     << (rescale ? "  %mask16 = arith.constant 65535 : i64\n"
                   "  %half16 = arith.constant 32768 : i64\n"
                 : "")
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
  if (rescale)
    os << "    %h16 = arith.andi %h, %mask16 : i64\n"
       << "    %v = arith.subi %h16, %half16 : i64\n"
       << "    %x = arith.trunci %v : i64 to i32\n"
       << "    tensor.yield %x : i32\n  } : " << tensorOf(s, "i32") << "\n";
  else if (op == Op::Qcast)
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
  const std::string argType = rescale ? tensorOf(s, "i32") : op == Op::Qcast ? f : q;
  const std::string resultType = rescale ? i8 : op == Op::Qcast ? q : f;
  os << "  %t0 = call @rtclock() : () -> f64\n"
     << "  %r = call @kernel(" << input << ") : (" << argType << ") -> " << resultType << "\n"
     << "  %t1 = call @rtclock() : () -> f64\n";
  // The checksum walks the flat elements.
  const bool integerResult = op == Op::Qcast || rescale;
  const std::string flatElement = integerResult ? "i8" : "f32";
  const std::string flat = tensorOf({elements}, flatElement);
  if (op == Op::Qcast) // the stored integers
    os << "  %rs = quant.scast %r : " << q << " to " << i8 << "\n";
  const std::string program = os.str();
  std::ostringstream tail;
  const std::string source = op == Op::Qcast ? "%rs" : "%r";
  const std::string sourceType = integerResult ? i8 : f;
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
  if (integerResult)
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
    if (op == Op::Rescale) {
      const int32_t x = rescaleInput(i);
      std::memcpy(data + 4 * i, &x, 4);
    } else if (op == Op::Qcast) {
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
  for (Granularity g : {Granularity::PerLayer, Granularity::PerChannel})
    for (bool doubleRound : {true, false}) {
      Workload w{Op::Rescale, g, elements};
      w.doubleRound = doubleRound;
      all.push_back(w);
    }
  return all;
}

} // namespace qi::bench
