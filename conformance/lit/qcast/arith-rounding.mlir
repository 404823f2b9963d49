// [sem.arith-rounding] --arith-rounding rounds each step of the pseudo-code in
// the expressed type; `exact` computes x/scale + zp exactly and rounds once.
//
// f16, i16, scale 1.0, zero point 1000, x = f16(0.7) = 0.7001953125:
//   exact:            1000.7001953125 -> 1001
//   nearest-even:     f16(1000.70) = 1000.5 (f16 spacing 0.5) -> tie -> 1000
//   toward-positive:  f16 1001.0 -> 1001
//   toward-negative:  f16 1000.5 -> 1000
// bf16, i8, scale 0.1, x = bf16(0.05) = 0.050048828125:
//   nearest-even: scale -> bf16 0.10009765625, x/scale = 0.5 exactly -> 0
//   exact:        x / 0.1 (the scale as the type stores it, f64) = 0.50048828 -> 1
//
// RUN: quant-interp %s --entry=f16 --arg='dense<0.7> : tensor<f16>' | FileCheck %s --check-prefix=F16-NE --match-full-lines
// RUN: quant-interp %s --entry=f16 --arg='dense<0.7> : tensor<f16>' --arith-rounding=nearest-even | FileCheck %s --check-prefix=F16-NE --match-full-lines
// RUN: quant-interp %s --entry=f16 --arg='dense<0.7> : tensor<f16>' --arith-rounding=exact | FileCheck %s --check-prefix=F16-EXACT --match-full-lines
// RUN: quant-interp %s --entry=f16 --arg='dense<0.7> : tensor<f16>' --arith-rounding=toward-positive | FileCheck %s --check-prefix=F16-EXACT --match-full-lines
// RUN: quant-interp %s --entry=f16 --arg='dense<0.7> : tensor<f16>' --arith-rounding=toward-negative | FileCheck %s --check-prefix=F16-NE --match-full-lines
// RUN: quant-interp %s --entry=bf16 --arg='dense<0.05> : tensor<bf16>' | FileCheck %s --check-prefix=BF16-NE --match-full-lines
// RUN: quant-interp %s --entry=bf16 --arg='dense<0.05> : tensor<bf16>' --arith-rounding=exact | FileCheck %s --check-prefix=BF16-EXACT --match-full-lines

// F16-NE: dense<1000> : tensor<i16>
// F16-EXACT: dense<1001> : tensor<i16>
func.func @f16(%x: tensor<f16>) -> tensor<!quant.uniform<i16:f16, 1.0:1000>> {
  %q = quant.qcast %x : tensor<f16> to tensor<!quant.uniform<i16:f16, 1.0:1000>>
  return %q : tensor<!quant.uniform<i16:f16, 1.0:1000>>
}

// BF16-NE: dense<0> : tensor<i8>
// BF16-EXACT: dense<1> : tensor<i8>
func.func @bf16(%x: tensor<bf16>) -> tensor<!quant.uniform<i8:bf16, 0.1>> {
  %q = quant.qcast %x : tensor<bf16> to tensor<!quant.uniform<i8:bf16, 0.1>>
  return %q : tensor<!quant.uniform<i8:bf16, 0.1>>
}
