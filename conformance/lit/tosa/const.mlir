// [tosa.const] The result of tosa.const is its `values` attribute, read as
// arith.constant reads its value: dense elements, a splat, rank 0, i48 (the
// width of TOSA's accumulators), f32, hex literals and quantized storage.
// Only inline dense literals: a dense_resource is an error. [tosa.dialect] 2:
// other tosa ops have no evaluator.
//
// RUN: quant-interp %s --entry=values | FileCheck %s --check-prefix=VALUES --match-full-lines
// RUN: not quant-interp %s --entry=unsupported 2>&1 | FileCheck %s --check-prefix=NO-EVALUATOR
// RUN: not quant-interp %s --entry=resource 2>&1 | FileCheck %s --check-prefix=RESOURCE

// Hand-checked: 2^47 - 1 = 140737488355327 and -2^47 = -140737488355328 are
// the i48 extremes; the hex literal 0x0000803F000000C0 holds the f32 little-
// endian patterns 0x3F800000 = 1.0 and 0xC0000000 = -2.0; the quantized
// constant prints its storage integers (ui8: 200 stays 200).
// VALUES: dense<[-128, 127, 0]> : tensor<3xi8>
// VALUES-NEXT: dense<[140737488355327, -140737488355328]> : tensor<2xi48>
// VALUES-NEXT: dense<7> : tensor<i32>
// VALUES-NEXT: dense<{{\[\[}}5, 5], [5, 5]]> : tensor<2x2xi16>
// VALUES-NEXT: dense<[1.0, -2.0]> : tensor<2xf32>
// VALUES-NEXT: dense<[200, 3]> : tensor<2xui8>
// VALUES-NOT: {{.+}}
func.func @values() -> (tensor<3xi8>, tensor<2xi48>, tensor<i32>, tensor<2x2xi16>, tensor<2xf32>,
                        tensor<2x!quant.uniform<u8:f32, 0.5:3>>) {
  %0 = "tosa.const"() {values = dense<[-128, 127, 0]> : tensor<3xi8>} : () -> tensor<3xi8>
  %1 = "tosa.const"() {values = dense<[140737488355327, -140737488355328]> : tensor<2xi48>} : () -> tensor<2xi48>
  %2 = "tosa.const"() {values = dense<7> : tensor<i32>} : () -> tensor<i32>
  %3 = "tosa.const"() {values = dense<5> : tensor<2x2xi16>} : () -> tensor<2x2xi16>
  %4 = "tosa.const"() {values = dense<"0x0000803F000000C0"> : tensor<2xf32>} : () -> tensor<2xf32>
  %5 = "tosa.const"() {values = dense<[200, 3]> : tensor<2xui8>} : () -> tensor<2x!quant.uniform<u8:f32, 0.5:3>>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi8>, tensor<2xi48>, tensor<i32>, tensor<2x2xi16>, tensor<2xf32>,
                                  tensor<2x!quant.uniform<u8:f32, 0.5:3>>
}

// NO-EVALUATOR: const.mlir:[[@LINE+3]]:8: error: unsupported operation 'tosa.abs'
func.func @unsupported() -> tensor<2xi32> {
  %a = "tosa.const"() {values = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = tosa.abs %a : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// RESOURCE: const.mlir:[[@LINE+2]]:8: error: tosa.const: unsupported elements attribute (use dense<...>): only inline dense literals are supported
func.func @resource() -> tensor<2xi32> {
  %0 = "tosa.const"() {values = dense_resource<blob1> : tensor<2xi32>} : () -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x040000000100000002000000"
    }
  }
#-}
