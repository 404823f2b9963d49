//===- FuzzArgument.cpp - libFuzzer: the --arg attribute parser -----------===//
//
// Harness (2) of docs/reliability.md: ir::parseArgument (the --arg /
// --args-file path) against a fixed table of parameter types. The first byte
// of the input picks the parameter type (byte % table size); the rest is the
// argument's attribute text. An accepted value is also printed (decimal and
// hex) to exercise the value printer. Errors are fine; crashes, sanitizer
// reports and uncaught exceptions are findings.
//
//===----------------------------------------------------------------------===//
#include "interpreter/ir/ArgumentParser.h"
#include "interpreter/ir/ModuleLoader.h"
#include "interpreter/value/RuntimeValue.h"
#include "interpreter/value/ValuePrinter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace qi;

namespace {

/// Parameter types: every element kind the parser converts (floats of
/// several formats, integers incl. i1 and wide ones, quantized per-layer,
/// per-channel and sub-channel, calibrated), scalars and ranked / dynamic /
/// unranked tensors. Keep the order: seed corpora refer to the indices.
const char *const kParameterTypes[] = {
    "f32",                                                   // 0
    "tensor<4xf32>",                                         // 1
    "tensor<?xf16>",                                         // 2
    "tensor<*xbf16>",                                        // 3
    "tensor<2x3xf8E4M3FN>",                                  // 4
    "i8",                                                    // 5
    "tensor<i1>",                                            // 6
    "tensor<3x!quant.uniform<i8:f32, 5.000000e-01:3>>",      // 7
    "tensor<2x?x!quant.uniform<u4:f16:0, {1.0:1, 2.0:2}>>",  // 8
    "tensor<*x!quant.uniform<i16:f32, 2.5e-01>>",            // 9
    "f64",                                                   // 10
    "tensor<2x2xf4E2M1FN>",                                  // 11
    "tensor<?x?xi32>",                                       // 12
    "tensor<4x!quant.uniform<i8:f32:{0:2}, {{1.0, 2.0}}>>",  // 13
    "!quant.calibrated<f32<-1.0:1.0>>",                      // 14
    "tensor<2xi64>",                                         // 15
    "f80",                                                   // 16
    "tensor<3xf128>",                                        // 17
    "tensor<2xf8E8M0FNU>",                                   // 18
    "tensor<i128>",                                          // 19
    "!quant.uniform<u8:f32, 1.0e-02:128>",                   // 20
    "tensor<5xf6E3M2FN>",                                    // 21
    "index",                                                 // 22
    "tensor<1x2xui8>",                                       // 23
};
constexpr size_t kNumTypes = sizeof(kParameterTypes) / sizeof(kParameterTypes[0]);

/// A context with the accepted dialects and the parsed parameter types. It is
/// replaced every kRefresh inputs: attributes parsed from the inputs stay
/// uniqued in the context, so a context that lives forever only grows.
struct State {
  static constexpr unsigned kRefresh = 20000;
  std::unique_ptr<mlir::MLIRContext> context;
  std::vector<mlir::Type> types;
  unsigned uses = 0;

  void refresh() {
    types.clear();
    context = std::make_unique<mlir::MLIRContext>(mlir::MLIRContext::Threading::DISABLED);
    ir::registerAcceptedDialects(*context);
    for (const char *text : kParameterTypes) {
      mlir::Type type = mlir::parseType(text, context.get());
      if (!type) {
        std::fprintf(stderr, "FuzzArgument: cannot parse parameter type %s\n", text);
        std::abort();
      }
      types.push_back(type);
    }
    uses = 0;
  }
};

State &state() {
  static State s;
  if (!s.context || ++s.uses >= State::kRefresh)
    s.refresh();
  return s;
}

} // namespace

/// The harness's per-tensor byte budget (value/RuntimeValue.h): 1 MiB instead
/// of 4 GiB. A valid input such as `dense<1> : tensor<77777773xi8>` takes
/// about a microsecond per element under ASan (a libFuzzer timeout after
/// 60 s, docs/reliability.md); refused at once, through the same check.
extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setMaxTensorBytes(int64_t(1) << 20);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return -1;
  State &s = state();
  mlir::Type type = s.types[data[0] % kNumTypes];
  std::string text(reinterpret_cast<const char *>(data + 1), size - 1);
  ir::TypeConverter converter;
  std::string error;
  std::optional<RuntimeValue> value =
      ir::parseArgument(text, 0, type, converter, *s.context, error);
  if (!value)
    return 0;
  for (bool hex : {false, true}) {
    PrintOptions print;
    print.hex = hex;
    std::string printed = formatValue(*value, print) + formatPoisonLine(*value);
    (void)printed;
  }
  return 0;
}
