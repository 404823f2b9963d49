// [arith.differential] quant-interp against the JIT-compiled MLIR
// (mlir-opt --convert-{math,arith,func}-to-llvm | mlir-runner -O0) on f32 / f64
// addf subf mulf divf remf negf maximumf minimumf maxnumf minnumf, nine cmpf
// predicates, sitofp / uitofp from i8 / i32 / i64, fptosi / fptoui to
// i8 / i32 / i64, extf, truncf, and math sqrt floor ceil trunc roundeven round
// absf copysign fma. Special operands (+-0, +-inf, qNaN, sNaN, subnormals,
// extremes, integer boundaries) and seeded random ones; see the script's
// docstring for how NaN, poison and the unspecified maxnum cases compare.
// This file's own content is not run: the script generates the programs.
//
// RUN: %python %S/Inputs/differential.py quant-interp mlir-opt mlir-runner %t 64 | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: addf.f32: 64 cases, 0 mismatches
// CHECK: fptosi.f32.i32: {{[0-9]+}} cases, 0 mismatches
// CHECK: math.sqrt.f64: 64 cases, 0 mismatches
// CHECK: differential: {{[0-9]+}} compared, 0 mismatches
