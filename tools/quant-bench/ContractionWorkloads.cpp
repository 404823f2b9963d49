//===- ContractionWorkloads.cpp - Integer contractions for quant-bench ----===//
#include "tools/quant-bench/ContractionWorkloads.h"

#include <sstream>

namespace qi::bench {

namespace {

constexpr uint64_t kMultiplier = 2654435761u;
/// Operand t's indices are offset by t * 2^20, so A and B differ.
constexpr int64_t kOperandOffset = int64_t(1) << 20;

int8_t inputElement(int64_t flat, int64_t operand) {
  const uint64_t h = (uint64_t(flat + operand * kOperandOffset) * kMultiplier) & 0xFFFFFFu;
  return static_cast<int8_t>(static_cast<uint8_t>(h >> 8));
}

std::string tensorOf(const Shape &shape, const std::string &element) {
  std::string t = "tensor<";
  for (int64_t d : shape)
    t += std::to_string(d) + "x";
  return t + element + ">";
}

std::string joined(const Shape &shape) {
  std::string t;
  for (size_t i = 0; i < shape.size(); ++i)
    t += (i ? "x" : "") + std::to_string(shape[i]);
  return t;
}

} // namespace

std::string ContractionWorkload::name() const {
  const std::vector<Shape> in = inputShapes();
  if (kind == Kind::Matmul)
    return "matmul i8 " + std::to_string(loops[0]) + "x" + std::to_string(loops[1]) + "x" +
           std::to_string(loops[2]) + " -> i32";
  return "conv2d i8 " + joined(in[0]) + " * " + joined(in[1]) + " -> i32";
}

std::vector<Shape> ContractionWorkload::inputShapes() const {
  if (kind == Kind::Matmul)
    return {{loops[0], loops[2]}, {loops[2], loops[1]}};
  const int64_t n = loops[0], oh = loops[1], ow = loops[2], f = loops[3], kh = loops[4],
                kw = loops[5], c = loops[6];
  return {{n, oh + kh - 1, ow + kw - 1, c}, {kh, kw, c, f}};
}

Shape ContractionWorkload::outputShape() const {
  if (kind == Kind::Matmul)
    return {loops[0], loops[1]};
  return {loops[0], loops[1], loops[2], loops[3]};
}

int64_t ContractionWorkload::points() const {
  int64_t n = 1;
  for (int64_t size : loops)
    n *= size;
  return n;
}

ContractionWorkload ContractionWorkload::small() const {
  ContractionWorkload w = *this;
  if (kind == Kind::Matmul)
    w.loops = {48, 48, 48};
  else
    w.loops = {1, 8, 8, 16, 3, 3, 16};
  return w;
}

std::string ContractionWorkload::kernelModule() const {
  const std::vector<Shape> in = inputShapes();
  const std::string a = tensorOf(in[0], "i8"), b = tensorOf(in[1], "i8");
  const std::string out = tensorOf(outputShape(), "i32");
  const std::string op = kind == Kind::Matmul ? "linalg.matmul" : "linalg.conv_2d_nhwc_hwcf";
  std::ostringstream os;
  os << "func.func @kernel(%a: " << a << ", %b: " << b << ") -> " << out << " {\n"
     << "  %zero = arith.constant 0 : i32\n"
     << "  %empty = tensor.empty() : " << out << "\n"
     << "  %init = linalg.fill ins(%zero : i32) outs(%empty : " << out << ") -> " << out << "\n"
     << "  %r = " << op << " ins(%a, %b : " << a << ", " << b << ") outs(%init : " << out
     << ") -> " << out << "\n"
     << "  return %r : " << out << "\n}\n";
  return os.str();
}

std::string ContractionWorkload::jitProgram() const {
  const std::vector<Shape> in = inputShapes();
  const Shape out = outputShape();
  std::ostringstream os;
  os << "func.func private @rtclock() -> f64\n"
     << "func.func private @printF64(f64)\nfunc.func private @printI64(i64)\n"
     << "func.func private @printNewline()\n"
     << kernelModule() << "func.func @main() {\n"
     << "  %K = arith.constant " << kMultiplier << " : i64\n"
     << "  %mask = arith.constant 16777215 : i64\n"
     << "  %c8 = arith.constant 8 : i64\n";
  for (size_t t = 0; t < in.size(); ++t) {
    const std::string p = "%t" + std::to_string(t) + "_";
    const Shape &shape = in[t];
    os << "  " << p << "off = arith.constant " << int64_t(t) * kOperandOffset << " : i64\n";
    for (size_t r = 1; r < shape.size(); ++r)
      os << "  " << p << "s" << r << " = arith.constant " << shape[r] << " : index\n";
    os << "  %in" << t << " = tensor.generate {\n  ^bb0(";
    for (size_t r = 0; r < shape.size(); ++r)
      os << (r ? ", " : "") << p << "j" << r << ": index";
    os << "):\n";
    // flat = (((j0 * s1 + j1) * s2 + j2) * s3 + j3)
    std::string flat = p + "j0";
    for (size_t r = 1; r < shape.size(); ++r) {
      os << "    " << p << "m" << r << " = arith.muli " << flat << ", " << p << "s" << r
         << " : index\n"
         << "    " << p << "f" << r << " = arith.addi " << p << "m" << r << ", " << p << "j" << r
         << " : index\n";
      flat = p + "f" + std::to_string(r);
    }
    os << "    " << p << "i = arith.index_cast " << flat << " : index to i64\n"
       << "    " << p << "io = arith.addi " << p << "i, " << p << "off : i64\n"
       << "    " << p << "h0 = arith.muli " << p << "io, %K : i64\n"
       << "    " << p << "h = arith.andi " << p << "h0, %mask : i64\n"
       << "    " << p << "hs = arith.shrui " << p << "h, %c8 : i64\n"
       << "    " << p << "x = arith.trunci " << p << "hs : i64 to i8\n"
       << "    tensor.yield " << p << "x : i8\n  } : " << tensorOf(shape, "i8") << "\n";
  }
  const std::string outType = tensorOf(out, "i32");
  int64_t elements = 1;
  for (int64_t d : out)
    elements *= d;
  const std::string flatType = tensorOf({elements}, "i32");
  std::string reassociation = "[[";
  for (size_t r = 0; r < out.size(); ++r)
    reassociation += (r ? ", " : "") + std::to_string(r);
  reassociation += "]]";
  os << "  %t0 = call @rtclock() : () -> f64\n"
     << "  %r = call @kernel(%in0, %in1) : (" << tensorOf(in[0], "i8") << ", "
     << tensorOf(in[1], "i8") << ") -> " << outType << "\n"
     << "  %t1 = call @rtclock() : () -> f64\n"
     << "  %flat = tensor.collapse_shape %r " << reassociation << " : " << outType << " into "
     << flatType << "\n"
     << "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
     << "  %n = arith.constant " << elements << " : index\n"
     << "  %z = arith.constant 0 : i64\n  %c255 = arith.constant 255 : i64\n"
     << "  %c1i = arith.constant 1 : i64\n"
     << "  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {\n"
     << "    %e = tensor.extract %flat[%i] : " << flatType << "\n"
     << "    %w = arith.extsi %e : i32 to i64\n"
     << "    %ii = arith.index_cast %i : index to i64\n"
     << "    %k0 = arith.andi %ii, %c255 : i64\n    %k = arith.addi %k0, %c1i : i64\n"
     << "    %p = arith.muli %w, %k : i64\n    %a = arith.addi %acc, %p : i64\n"
     << "    scf.yield %a : i64\n  }\n"
     << "  %dt = arith.subf %t1, %t0 : f64\n"
     << "  call @printF64(%dt) : (f64) -> ()\n  call @printNewline() : () -> ()\n"
     << "  call @printI64(%sum) : (i64) -> ()\n  call @printNewline() : () -> ()\n"
     << "  return\n}\n";
  return os.str();
}

std::vector<RuntimeValue> ContractionWorkload::inputs() const {
  std::vector<RuntimeValue> values;
  const std::vector<Shape> shapes = inputShapes();
  for (size_t t = 0; t < shapes.size(); ++t) {
    RuntimeValue v = RuntimeValue::tensor(ElementType::makeInteger(8), shapes[t]);
    uint8_t *data = v.data();
    for (int64_t i = 0; i < v.size(); ++i)
      data[i] = static_cast<uint8_t>(inputElement(i, int64_t(t)));
    values.push_back(std::move(v));
  }
  return values;
}

int64_t ContractionWorkload::checksum(const RuntimeValue &result) {
  uint64_t sum = 0;
  for (int64_t i = 0; i < result.size(); ++i) {
    const int64_t v = static_cast<int32_t>(static_cast<uint32_t>(result.get(i)));
    sum += static_cast<uint64_t>(v) * static_cast<uint64_t>((i & 255) + 1);
  }
  return static_cast<int64_t>(sum);
}

std::vector<ContractionWorkload> contractionWorkloads() {
  return {{ContractionWorkload::Kind::Matmul, {256, 256, 256}},
          {ContractionWorkload::Kind::Conv2d, {1, 54, 54, 64, 3, 3, 64}}};
}

} // namespace qi::bench
