// [cli.errors.clarified] A float (or any non-integer) storage type such as
// !quant.uniform<f8E4M3FN:f32, 1.0>: MLIR 22's quant dialect supports integer
// storage types only, and its own message ("illegal storage type size: N")
// prints an uninitialised number that changes from run to run. quant-interp
// reports instead, at the storage type: "storage type 'T' of Q is not an
// integer type: ...", Q the quantized type as written. An integer storage
// type that is too wide keeps MLIR's message (its number is right).
// Exit status 1, nothing on stdout.
//
// RUN: %python %inputs/exit-status.py quant-interp %s --split-input-file | FileCheck %s -DFILE=%s --match-full-lines

// stdout (the chunk separators) comes first, then stderr.
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: [[FILE]]:30:44: error: storage type 'f8E4M3FN' of !quant.uniform<f8E4M3FN:f32, 1.0> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:37:21: error: storage type 'bf16' of !quant.uniform<bf16:f32:0, {1.0, 2.0}> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:44:45: error: storage type 'f4E2M1FN' of !quant.any<f4E2M1FN:f32> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:47:49: error: storage type 'index' of !quant.uniform<index:f32, 1.0> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:50:49: error: storage type 'none' of !quant.uniform<none:f32, 1.0> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:53:49: error: storage type 'tensor<2xi8>' of !quant.uniform<tensor<2xi8>:f32, 1.0> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: [[FILE]]:56:49: error: illegal storage type size: 33
// CHECK-NEXT: [[FILE]]:61:5: error: storage type 'f16' of !quant.uniform<f16:f32:0, {1.0, 2.0}> is not an integer type: MLIR 22's quant dialect supports integer storage types only (i1 to i32, u1 to u32)
// CHECK-NEXT: exit status: 1

func.func @main(%x: f32) -> !quant.uniform<f8E4M3FN:f32, 1.0> {
  %0 = quant.qcast %x : f32 to !quant.uniform<f8E4M3FN:f32, 1.0>
  return %0 : !quant.uniform<f8E4M3FN:f32, 1.0>
}

// -----

!q = !quant.uniform<bf16:f32:0, {1.0, 2.0}>
func.func @main(%x: tensor<2xf32>) -> tensor<2x!q> {
  %0 = quant.qcast %x : tensor<2xf32> to tensor<2x!q>
  return %0 : tensor<2x!q>
}

// -----
func.func private @decl(tensor<2x!quant.any<f4E2M1FN:f32>>)

// -----
func.func private @decl(tensor<2x!quant.uniform<index:f32, 1.0>>)

// -----
func.func private @decl(tensor<2x!quant.uniform<none:f32, 1.0>>)

// -----
func.func private @decl(tensor<2x!quant.uniform<tensor<2xi8>:f32, 1.0>>)

// -----
func.func private @decl(tensor<2x!quant.uniform<i33:f32, 1.0>>)

// -----
// An alias written over several lines is named on one.
!q = !quant.uniform<
    f16:f32:0,
    {1.0, 2.0}>
func.func private @decl(tensor<2x!q>)
