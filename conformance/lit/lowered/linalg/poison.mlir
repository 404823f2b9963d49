// [linalg.generic] [value.poison] An output element is poison exactly when
// the payload yields poison for it (the payload's ops propagate poison);
// overwriting a poison init element (e.g. from tensor.empty) clears it.
//
// RUN: quant-interp %s --entry=nan --nan-policy=poison --arg='dense<[1.0, 0x7FC00000, 2.0]> : tensor<3xf32>' --arg='dense<0> : tensor<3xi8>' | FileCheck %s --check-prefix=NAN --match-full-lines
// RUN: quant-interp %s --entry=overwrite --arg='dense<[1, 2, 3]> : tensor<3xi32>' | FileCheck %s --check-prefix=OVERWRITE --match-full-lines
// RUN: quant-interp %s --entry=uninit_acc --arg='dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>' | FileCheck %s --check-prefix=UNINIT --match-full-lines

// NaN -> poison under --nan-policy=poison, then + 1 keeps it poison.
// NAN: dense<[1, 0, 2]> : tensor<3xi8>
// NAN-NEXT: // poison: 1
// NAN-NEXT: dense<[2, 0, 3]> : tensor<3xi8>
// NAN-NEXT: // poison: 1
// NAN-NOT: {{.+}}
func.func @nan(%x: tensor<?xf32>, %init: tensor<?xi8>) -> (tensor<?xi8>, tensor<?xi8>) {
  %one = arith.constant 1 : i8
  %q = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%init : tensor<?xi8>) {
  ^bb0(%in: f32, %out: i8):
    %c = quant.qcast %in : f32 to !quant.uniform<i8:f32, 1.0>
    %s = quant.scast %c : !quant.uniform<i8:f32, 1.0> to i8
    linalg.yield %s : i8
  } -> tensor<?xi8>
  %p = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%q : tensor<?xi8>) outs(%init : tensor<?xi8>) {
  ^bb0(%in: i8, %out: i8):
    %s = arith.addi %in, %one : i8
    linalg.yield %s : i8
  } -> tensor<?xi8>
  return %q, %p : tensor<?xi8>, tensor<?xi8>
}

// tensor.empty is all poison; every element is overwritten: no poison left.
// OVERWRITE: dense<[1, 2, 3]> : tensor<3xi32>
// OVERWRITE-NOT: {{.+}}
func.func @overwrite(%x: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xi32>
  %e = tensor.empty(%n) : tensor<?xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<?xi32>) outs(%e : tensor<?xi32>) {
  ^bb0(%in: i32, %out: i32):
    linalg.yield %in : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// A reduction into an uninitialised (poison) accumulator stays poison.
// UNINIT: dense<[0, 0]> : tensor<2xi32>
// UNINIT-NEXT: // poison: 0, 1
// UNINIT-NOT: {{.+}}
func.func @uninit_acc(%x: tensor<2x2xi32>) -> tensor<2xi32> {
  %e = tensor.empty() : tensor<2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x2xi32>) outs(%e : tensor<2xi32>) {
  ^bb0(%in: i32, %acc: i32):
    %s = arith.addi %in, %acc : i32
    linalg.yield %s : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}
