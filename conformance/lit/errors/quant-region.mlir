// [cli.errors.clarified] quant.region / quant.return come from an older quant
// dialect (seed 000); MLIR 22's quant dialect has no such ops. The error names
// the outermost such op at its location -- quant.region, not the
// quant.return inside it that MLIR's verifier happens to report first -- in
// the generic and in the custom form, with or without
// --allow-unregistered-dialect (the quant dialect is registered, so its
// unknown ops stay errors). Exit status 1, nothing on stdout.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file | FileCheck %s -DFILE=%s --match-full-lines
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file --allow-unregistered-dialect | FileCheck %s -DFILE=%s --match-full-lines

// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: [[FILE]]:21:8: error: unknown operation 'quant.region': MLIR 22's quant dialect has no such op (its ops are quant.qcast, quant.dcast and quant.scast)
// CHECK-NEXT: [[FILE]]:33:8: error: unknown operation 'quant.region': MLIR 22's quant dialect has no such op (its ops are quant.qcast, quant.dcast and quant.scast)
// CHECK-NEXT: [[FILE]]:43:3: error: unknown operation 'quant.return': MLIR 22's quant dialect has no such op (its ops are quant.qcast, quant.dcast and quant.scast)
// CHECK-NEXT: exit status: 1

// Generic form, as the seed's region op would print.
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "quant.region"(%arg0) ({
  ^bb0(%a: tensor<4xf32>):
    %1 = arith.addf %a, %a : tensor<4xf32>
    "quant.return"(%1) : (tensor<4xf32>) -> ()
  }) {input_specs = [f32], output_specs = [f32], logical_kernel = "generic.add"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Custom form: the parser stops at the op name.
func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = quant.region[%arg0 : tensor<4xf32>] {
  ^bb0(%a: tensor<4xf32>):
    quant.return %a : tensor<4xf32>
  } : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main() {
  "quant.return"() : () -> ()
  return
}
