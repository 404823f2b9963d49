// [cli.output] Results of dynamic (`?`) and unranked (`*`) types print with
// the runtime shape, including empty and 0-d tensors.
//
// RUN: quant-interp %s --entry=dynamic --arg='dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>' | FileCheck %s --check-prefix=DYN --match-full-lines
// RUN: quant-interp %s --entry=dynamic --arg='dense<> : tensor<0x3xf32>' | FileCheck %s --check-prefix=EMPTY --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<4.0> : tensor<f32>' | FileCheck %s --check-prefix=RANK0 --match-full-lines
// RUN: quant-interp %s --entry=unranked --arg='dense<[[[1.0], [2.0]]]> : tensor<1x2x1xf32>' | FileCheck %s --check-prefix=RANK3 --match-full-lines

// DYN: dense<{{\[\[}}2, 4, 6]]> : tensor<1x3xui8>
// DYN-NEXT: dense<{{\[\[}}1.0, 2.0, 3.0]]> : tensor<1x3xf32>
// EMPTY: dense<> : tensor<0x3xui8>
// EMPTY-NEXT: dense<> : tensor<0x3xf32>
// RANK0: dense<8> : tensor<i8>
// RANK3: dense<{{\[\[\[}}2], [4]]]> : tensor<1x2x1xi8>
func.func @dynamic(%x: tensor<?x?xf32>) -> (tensor<?x?x!quant.uniform<u8:f32, 0.5>>, tensor<?x?xf32>) {
  %q = quant.qcast %x : tensor<?x?xf32> to tensor<?x?x!quant.uniform<u8:f32, 0.5>>
  %d = quant.dcast %q : tensor<?x?x!quant.uniform<u8:f32, 0.5>> to tensor<?x?xf32>
  return %q, %d : tensor<?x?x!quant.uniform<u8:f32, 0.5>>, tensor<?x?xf32>
}

func.func @unranked(%x: tensor<*xf32>) -> tensor<*x!quant.uniform<i8:f32, 0.5>> {
  %q = quant.qcast %x : tensor<*xf32> to tensor<*x!quant.uniform<i8:f32, 0.5>>
  return %q : tensor<*x!quant.uniform<i8:f32, 0.5>>
}
