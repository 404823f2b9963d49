#!/usr/bin/env node
// ONNX DynamicQuantizeLinear as ONNX Runtime computes it ([calib.onnx-dynamic], docs/calibration.md):
//
//   NODE_PATH=<node_modules with onnxruntime-node> node ort_dynamic.js DATA_FILE OUT_FILE
//
// DATA_FILE: one case per line, the float32 data tensor as space-separated 8-hex-digit bit patterns. Each case
// runs through one one-node model -- DynamicQuantizeLinear (opset 11), x float[n] in, y uint8[n], y_scale
// float and y_zero_point uint8 out -- written here as protobuf bytes (no onnx package needed, as
// ../onnxruntime/ort_backend.js does), on the CPU execution provider with graph optimizations off (the kernel
// itself, not a fused rewrite). OUT_FILE gets one line per case: `SCALE_BITS ZERO_POINT` (y_scale's float32 bit
// pattern, 8 hex digits) or `error MESSAGE` when ORT refuses the run.
'use strict';
const fs = require('fs');
const ort = require('onnxruntime-node');

const { fInt, fBytes, fStr } = require('../onnxruntime/onnx_proto');

const FLOAT = 1, UINT8 = 2;  // TensorProto.DataType
// ValueInfoProto of a tensor; dims: numbers (dim_value) or strings (dim_param); [] is a scalar.
function valueInfo(name, elemType, dims) {
  const shape = Buffer.concat(dims.map(d => fBytes(1, typeof d === 'string' ? fStr(2, d) : fInt(1, d))));
  const tensorType = Buffer.concat([fInt(1, elemType), fBytes(2, shape)]);
  return Buffer.concat([fStr(1, name), fBytes(2, fBytes(1, tensorType))]);
}

function dynamicQuantizeModel() {
  const node = Buffer.concat([fStr(1, 'x'), fStr(2, 'y'), fStr(2, 'y_scale'), fStr(2, 'y_zero_point'),
                              fStr(3, 'dql'), fStr(4, 'DynamicQuantizeLinear')]);
  const graph = Buffer.concat([fBytes(1, node), fStr(2, 'g'), fBytes(11, valueInfo('x', FLOAT, ['n'])),
                               fBytes(12, valueInfo('y', UINT8, ['n'])), fBytes(12, valueInfo('y_scale', FLOAT, [])),
                               fBytes(12, valueInfo('y_zero_point', UINT8, []))]);
  const opset = Buffer.concat([fStr(1, ''), fInt(2, 11)]);
  return Buffer.concat([fInt(1, 7), fStr(2, 'quant-interp calibration check'), fBytes(7, graph), fBytes(8, opset)]);
}

async function main() {
  const [dataFile, outFile] = process.argv.slice(2);
  if (!dataFile || !outFile) {
    process.stderr.write('usage: node ort_dynamic.js DATA_FILE OUT_FILE\n');
    return 2;
  }
  const session = await ort.InferenceSession.create(dynamicQuantizeModel(),
                                                    { graphOptimizationLevel: 'disabled', executionProviders: ['cpu'] });
  const lines = fs.readFileSync(dataFile, 'utf8').split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const words = lines[i].split(/\s+/).filter(Boolean);
    if (!words.length) continue;
    const bits = Uint32Array.from(words, w => {
      if (!/^[0-9a-fA-F]{8}$/.test(w)) throw new Error(`${dataFile}:${i + 1}: expected 8 hex digits, got '${w}'`);
      return parseInt(w, 16) >>> 0;
    });
    const x = new ort.Tensor('float32', new Float32Array(bits.buffer), [bits.length]);
    try {
      const r = await session.run({ x });
      const scale = new Uint32Array(r.y_scale.data.buffer, r.y_scale.data.byteOffset, 1)[0];
      out.push(`${scale.toString(16).padStart(8, '0')} ${r.y_zero_point.data[0]}`);
    } catch (e) {
      out.push(`error ${String(e.message || e).split('\n')[0]}`);
    }
  }
  fs.writeFileSync(outFile, out.map(l => l + '\n').join(''));
  if (session.release) await session.release();
  return 0;
}

main().then(code => { process.exitCode = code; }, e => { process.stderr.write(`${e.stack}\n`); process.exitCode = 1; });
