//===- CaseText.h - A golden case as text for backends, and back -*- C++ -*-===//
//
// Spec: docs/vendor-guide.md. How a case's input is handed to each backend
// (an MLIR attribute for quant-interp, the protocol's request files, constants
// in a JIT harness), and how each backend's printed output is read back into
// stored integers / bit patterns. Parsing is strict: a wrong element count or
// a malformed value is an error, never a silently shortened output.
//
//===----------------------------------------------------------------------===//
#ifndef QI_CONFORMANCE_CASETEXT_H
#define QI_CONFORMANCE_CASETEXT_H

#include "conformance/runner/Backend.h"

#include <string>

namespace qi::conform {

/// The input as an MLIR attribute, as `quant-interp --arg` takes it:
/// `dense<[[0x3F800000, ...]]> : tensor<2x4xf32>`, `5 : i8`.
std::string argumentAttribute(const generators::GoldenCase &c);
/// Every argument of @main, one per line (the input; a rescale case whose
/// operands are arguments adds multiplier, shift, input_zp, output_zp).
std::string argumentLines(const generators::GoldenCase &c);
/// The concrete output type: `tensor<4x8xui8>` (qcast), `tensor<4x8xf32>`
/// (dcast), `tensor<4x8xi16>` (rescale: signless, as quant-interp prints it).
std::string outputTypeSpelling(const generators::GoldenCase &c);
/// The integer type output values are read in: the storage type (qcast),
/// or the rescale output type with output_unsigned's signedness.
numeric::IntFormat outputIntFormat(const generators::GoldenCase &c);
/// Number of output elements (= input elements, except for a TOSA operator case).
size_t elementCount(const generators::GoldenCase &c);

/// The protocol's request.txt, input.txt and type.json (qcast / dcast) or
/// rescale.json (rescale).
std::string protocolRequest(const generators::GoldenCase &c);
std::string protocolInput(const generators::GoldenCase &c);
std::string protocolTypeJson(const generators::GoldenCase &c);
std::string protocolRescaleJson(const generators::GoldenCase &c);
/// A TOSA operator case's contraction.json or elementwise.json (the op, its
/// attributes and zero points, each operand's file, type and shape, the
/// output's type and shape), its name, and the text of an operand file
/// (weight.txt, bias.txt, input2.txt: one integer per line).
std::string protocolTosaOpJson(const generators::GoldenCase &c);
std::string protocolTosaOpJsonName(const generators::GoldenCase &c);
std::string protocolOperandText(const std::vector<int64_t> &values);

/// Reads quant-interp's printed result (decimal integers for qcast and
/// rescale, `--hex` for dcast; a `// poison:` line). Integers are
/// reinterpreted in outputIntFormat's signedness, so the signless `i8`
/// result of a lowered program reads as the u8 value it encodes.
bool parseInterpreterOutput(const std::string &text, const generators::GoldenCase &c,
                            BackendOutput &out, std::string &error);
/// Reads the protocol's output.txt.
bool parseProtocolOutput(const std::string &text, const generators::GoldenCase &c,
                         BackendOutput &out, std::string &error);
/// Reads the mlir-cpu harness' output: one signed 64-bit integer per line
/// (stored value or rescale output zero-extended, or the expressed bit
/// pattern zero-extended).
bool parseHarnessOutput(const std::string &text, const generators::GoldenCase &c,
                        BackendOutput &out, std::string &error);

/// The low `width` bits of `bits` as a value of the storage type (two's
/// complement reinterpretation: a signless i8 -56 is u8 200).
int64_t storageValueOfBits(uint64_t bits, const numeric::IntFormat &storage);

/// The mlir-cpu harness: the case's program plus `@qi_harness`, which calls
/// @main on the input (constants) and prints each output element.
std::string cpuHarness(const generators::GoldenCase &c);

} // namespace qi::conform

#endif
