// [sem.profiles] --profile=exact: no intermediate rounding (arith-rounding=exact).
// Explicit flags override the profile's fields.
//
// RUN: quant-interp %s --arg='dense<[0.7, 1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=REF --match-full-lines
// RUN: quant-interp %s --profile=reference --arg='dense<[0.7, 1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=REF --match-full-lines
// RUN: quant-interp %s --profile=exact --arg='dense<[0.7, 1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=EXACT --match-full-lines
// RUN: quant-interp %s --profile=exact --arith-rounding=nearest-even --arg='dense<[0.7, 1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=REF --match-full-lines
// RUN: quant-interp %s --profile=exact --rounding=toward-zero --arg='dense<[0.7, 1.0]> : tensor<2xf16>' | FileCheck %s --check-prefix=EXACT-TZ --match-full-lines

// f16(0.7) + 1000: reference f16(1000.7002) = 1000.5 -> 1000; exact 1000.7002 -> 1001
// 1.0 + 1000 = 1001 either way
// REF: dense<[1000, 1001]> : tensor<2xi16>
// EXACT: dense<[1001, 1001]> : tensor<2xi16>
// EXACT-TZ: dense<[1000, 1001]> : tensor<2xi16>
func.func @main(%x: tensor<2xf16>) -> tensor<2x!quant.uniform<i16:f16, 1.0:1000>> {
  %q = quant.qcast %x : tensor<2xf16> to tensor<2x!quant.uniform<i16:f16, 1.0:1000>>
  return %q : tensor<2x!quant.uniform<i16:f16, 1.0:1000>>
}
