// [linalg.loop-bounds] [affine.eval] [linalg.unsupported] Run-time errors of
// structured ops: one line "FILE:LINE:COL: error: MESSAGE" at the op, exit
// status 1, nothing on stdout.
//
// RUN: not quant-interp %s --entry=mismatch --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MISMATCH --match-full-lines
// RUN: not quant-interp %s --entry=mismatch --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' 2>/dev/null | count 0
// RUN: not quant-interp %s --entry=out_of_bounds --arg='dense<[1, 2, 3, 4]> : tensor<4xi32>' --arg='dense<[10]> : tensor<1xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB --match-full-lines
// RUN: not quant-interp %s --entry=out_of_bounds_2d --arg='dense<1> : tensor<2x4xi32>' --arg='dense<1> : tensor<1x1xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=OOB2 --match-full-lines
// RUN: not quant-interp %s --entry=div_zero --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=DIV --match-full-lines
// RUN: not quant-interp %s --entry=mod_zero --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MOD --match-full-lines
// RUN: not quant-interp %s --entry=softmax --arg='dense<1.0> : tensor<2x2xf32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=SOFTMAX --match-full-lines
// RUN: not quant-interp %s --entry=map_mismatch --arg='dense<[1, 2, 3]> : tensor<3xi32>' --arg='dense<[1, 2]> : tensor<2xi32>' 2>&1 | FileCheck %s -DFILE=%s --check-prefix=MAP --match-full-lines

// MISMATCH: [[FILE]]:[[# @LINE + 4]]:8: error: linalg.generic: size mismatch for loop d0: ins operand #1 dimension 0 has size 3 but outs operand #1 dimension 0 has size 2
// MISMATCH-NOT: {{.+}}
#id = affine_map<(d0) -> (d0)>
func.func @mismatch(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%b : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// A block table too small for the data: block 1 (d0 = 2) has no entry.
// OOB: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.generic: ins operand #2 of shape 1 is accessed out of bounds at [1] (indexing map (d0) -> (d0 floordiv 2), iteration (2))
// OOB-NOT: {{.+}}
func.func @out_of_bounds(%a: tensor<?xi32>, %t: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [#id, affine_map<(d0) -> (d0 floordiv 2)>, #id], iterator_types = ["parallel"]}
      ins(%a, %t : tensor<?xi32>, tensor<?xi32>) outs(%a : tensor<?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    linalg.yield %y : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// OOB2: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.generic: ins operand #2 of shape 1x1 is accessed out of bounds at [0, 1] (indexing map (d0, d1) -> (0, d1 floordiv 2), iteration (0, 2))
// OOB2-NOT: {{.+}}
func.func @out_of_bounds_2d(%a: tensor<?x?xi32>, %t: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1 floordiv 2)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a, %t : tensor<?x?xi32>, tensor<?x?xi32>) outs(%a : tensor<?x?xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    linalg.yield %y : i32
  } -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// DIV: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.generic: ins operand #1: indexing map (d0) -> (d0 floordiv 0): division by zero in 'd0 floordiv 0'
// DIV-NOT: {{.+}}
func.func @div_zero(%a: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 floordiv 0)>, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%a : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// MOD: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.generic: ins operand #1: indexing map (d0) -> (d0 mod 0): division by zero in 'd0 mod 0'
// MOD-NOT: {{.+}}
func.func @mod_zero(%a: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0 mod 0)>, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<?xi32>) outs(%a : tensor<?xi32>) {
  ^bb0(%x: i32, %o: i32):
    linalg.yield %x : i32
  } -> tensor<?xi32>
  return %r : tensor<?xi32>
}

// Ops outside the structured set are not evaluated (linalg.softmax is an
// aggregate op, decomposed by MLIR's transforms).
// SOFTMAX: [[FILE]]:[[# @LINE + 3]]:8: error: unsupported operation 'linalg.softmax'
// SOFTMAX-NOT: {{.+}}
func.func @softmax(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.softmax dimension(1) ins(%a : tensor<2x2xf32>) outs(%a : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// The size check also covers the named forms.
// MAP: [[FILE]]:[[# @LINE + 3]]:8: error: linalg.map: size mismatch for loop d0: ins operand #1 dimension 0 has size 3 but ins operand #2 dimension 0 has size 2
// MAP-NOT: {{.+}}
func.func @map_mismatch(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = linalg.map ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%a : tensor<?xi32>)
    (%x: i32, %y: i32, %o: i32) {
      linalg.yield %x : i32
    }
  return %r : tensor<?xi32>
}
