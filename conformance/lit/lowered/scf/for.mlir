// [scf.for] [scf.yield] scf.for runs its body for lb, lb + step, ... while
// below ub, carrying iter_args; the results are the last yielded values (the
// inits when the body never runs).
//
// RUN: quant-interp %s --entry=sum --arg='0 : index' --arg='10 : index' --arg='3 : index' | FileCheck %s --check-prefix=SUM1 --match-full-lines
// RUN: quant-interp %s --entry=sum --arg='-5 : index' --arg='5 : index' --arg='4 : index' | FileCheck %s --check-prefix=SUM2 --match-full-lines
// RUN: quant-interp %s --entry=sum --arg='5 : index' --arg='5 : index' --arg='1 : index' | FileCheck %s --check-prefix=SUM0 --match-full-lines
// RUN: quant-interp %s --entry=sum --arg='7 : index' --arg='-7 : index' --arg='1 : index' | FileCheck %s --check-prefix=SUM0 --match-full-lines
// RUN: quant-interp %s --entry=nested | FileCheck %s --check-prefix=NESTED --match-full-lines
// RUN: quant-interp %s --entry=tensor_carry --arg='dense<[1, 2, 3]> : tensor<3xi32>' | FileCheck %s --check-prefix=TENSOR --match-full-lines
// RUN: quant-interp %s --entry=i8_bounds --arg='-6 : i8' --arg='4 : i8' | FileCheck %s --check-prefix=I8 --match-full-lines
// RUN: quant-interp %s --entry=no_results --arg='3 : index' | FileCheck %s --check-prefix=NORES --match-full-lines

// 0 + 3 + 6 + 9 = 18;  -5 + -1 + 3 = -3;  empty ranges: the init, 0.
// SUM1: 18 : index
// SUM1-NOT: {{.+}}
// SUM2: -3 : index
// SUM2-NOT: {{.+}}
// SUM0: 0 : index
// SUM0-NOT: {{.+}}
func.func @sum(%lb: index, %ub: index, %step: index) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}

// sum over i < 3, j < 4 of (10 i + j) = 4 * (0 + 10 + 20) + 3 * (0+1+2+3) = 138;
// triangular count: sum over i < 4 of i = 6 (inner bound is the outer iv).
// NESTED: 138 : i32
// NESTED-NEXT: 6 : index
// NESTED-NOT: {{.+}}
func.func @nested() -> (i32, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : i32
  %z = arith.constant 0 : i32
  %a = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %z) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %c10 : i32
    %in = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc2 = %acc) -> (i32) {
      %jj = arith.index_cast %j : index to i32
      %u = arith.addi %t, %jj : i32
      %v = arith.addi %acc2, %u : i32
      scf.yield %v : i32
    }
    scf.yield %in : i32
  }
  %b = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (index) {
    %in = scf.for %j = %c0 to %i step %c1 iter_args(%acc2 = %acc) -> (index) {
      %v = arith.addi %acc2, %c1 : index
      scf.yield %v : index
    }
    scf.yield %in : index
  }
  return %a, %b : i32, index
}

// A tensor carried through three runs of a linalg.generic adding 1.
// TENSOR: dense<[4, 5, 6]> : tensor<3xi32>
// TENSOR-NOT: {{.+}}
func.func @tensor_carry(%x: tensor<?xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %x) -> (tensor<?xi32>) {
    %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%t : tensor<?xi32>) {
    ^bb0(%o: i32):
      %s = arith.addi %o, %one : i32
      linalg.yield %s : i32
    } -> tensor<?xi32>
    scf.yield %n : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// i8 bounds -6 (= 250 unsigned) to 4: signed, 10 iterations; unsigned
// (`scf.for unsigned`), 250 < 4 is false: none.
// I8: 10 : i32
// I8-NEXT: 0 : i32
// I8-NOT: {{.+}}
func.func @i8_bounds(%lb: i8, %ub: i8) -> (i32, i32) {
  %s1 = arith.constant 1 : i8
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = scf.for %i = %lb to %ub step %s1 iter_args(%n = %z) -> (i32) : i8 {
    %m = arith.addi %n, %one : i32
    scf.yield %m : i32
  }
  %b = scf.for unsigned %i = %lb to %ub step %s1 iter_args(%n = %z) -> (i32) : i8 {
    %m = arith.addi %n, %one : i32
    scf.yield %m : i32
  }
  return %a, %b : i32, i32
}

// A loop without results.
// NORES: 3 : index
// NORES-NOT: {{.+}}
func.func @no_results(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %unused = arith.addi %i, %c1 : index
  }
  return %n : index
}
