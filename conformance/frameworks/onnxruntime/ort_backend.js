#!/usr/bin/env node
// ONNX Runtime as a quant-conform backend (docs/real-frameworks.md; spec/conformance.md
// [conform.frameworks]): speaks quant-conform-command/1, per case (`node ort_backend.js REQUEST_DIR`) or in
// batch mode (QI_COMMAND_MODE=batch: request directories on stdin, `done STATUS` on stdout).
//
// Each qcast / dcast case becomes a one-node ONNX model -- QuantizeLinear or DequantizeLinear, opset 21, IR
// version 10 -- written here as protobuf bytes (no onnx package needed), run by onnxruntime-node on the CPU
// execution provider (MLAS) with graph optimizations off. Per-tensor, per-axis and blocked (one blocked axis)
// quantization; storage i4 u4 i8 u8 i16 u16 (QuantizeLinear) and i32 (DequantizeLinear); expressed f32 and f16
// (the input / output tensor and the scale initializer in the expressed type). bf16 is built the same way (x an
// initializer, the output cast to f32: onnxruntime-node has no bfloat16 tensor) and answered 77 when ORT has no
// kernel for it (ORT 1.30's CPU EP has none: "Could not find an implementation for QuantizeLinear(21) node").
// Anything else exits (answers) 77.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

const { fInt, fBytes, fStr } = require('./onnx_proto');

// TensorProto.DataType
const DT = { f32: 1, u8: 2, i8: 3, u16: 4, i16: 5, i32: 6, f16: 10, bf16: 16, u4: 21, i4: 22 };
const BYTES = { f32: 4, f16: 2, bf16: 2, u8: 1, i8: 1, u16: 2, i16: 2, i32: 4 };
const FLOATS = ['f32', 'f16', 'bf16'];

function rawData(type, values) {
  if (type === 'i4' || type === 'u4') {
    const b = Buffer.alloc((values.length + 1) >> 1);
    values.forEach((v, i) => { b[i >> 1] |= (Number(v) & 0xf) << ((i & 1) * 4); });
    return b;
  }
  const b = Buffer.alloc(values.length * BYTES[type]);
  values.forEach((v, i) => {
    const o = i * BYTES[type];
    switch (type) {
      case 'f32': b.writeUInt32LE(v >>> 0, o); break; // v: the bit pattern
      case 'f16': case 'bf16': b.writeUInt16LE(v, o); break; // v: the bit pattern
      case 'u8': b.writeUInt8(v, o); break;
      case 'i8': b.writeInt8(v, o); break;
      case 'u16': b.writeUInt16LE(v, o); break;
      case 'i16': b.writeInt16LE(v, o); break;
      case 'i32': b.writeInt32LE(v, o); break;
    }
  });
  return b;
}
function tensorProto(name, type, dims, values) {
  return Buffer.concat([...dims.map(d => fInt(1, d)), fInt(2, DT[type]), fStr(8, name),
                        fBytes(9, rawData(type, values))]);
}
function valueInfo(name, type, dims) {
  const shape = Buffer.concat(dims.map(d => fBytes(1, fInt(1, d))));
  const tensorType = Buffer.concat([fInt(1, DT[type]), fBytes(2, shape)]);
  return Buffer.concat([fStr(1, name), fBytes(2, fBytes(1, tensorType))]);
}
function attrInt(name, v) { return Buffer.concat([fStr(1, name), fInt(3, v), fInt(20, 2)]); }

function nodeProto(op, inputs, output, attrs) {
  return Buffer.concat([...inputs.map(i => fStr(1, i)), fStr(2, output), fStr(3, output + '_node'), fStr(4, op),
                        ...attrs.map(([n, v]) => fBytes(5, attrInt(n, v)))]);
}
// onnxruntime-node cannot pass int4 / uint4 tensors in or out (its Tensor has no such type), so those go
// through an exact Cast to / from int8 / uint8 inside the model; nor bfloat16 ones: a bf16 input is an initializer
// of the model (xValues) and a bf16 output is cast to f32 (exact) inside the model.
const WIDE = { i4: 'i8', u4: 'u8' };
const OUT_WIDE = { i4: 'i8', u4: 'u8', bf16: 'f32' };
function model({ opType, inType, outType, dims, scaleType, scaleDims, scales, zpType, zeroPoints, attrs, xValues }) {
  const nodes = [];
  let x = 'x', feedType = inType;
  if (WIDE[inType] && !xValues) {
    feedType = WIDE[inType];
    nodes.push(nodeProto('Cast', ['x'], 'x4', [['to', DT[inType]]]));
    x = 'x4';
  }
  const resultType = OUT_WIDE[outType] || outType;
  nodes.push(nodeProto(opType, [x, 'scale', 'zp'], OUT_WIDE[outType] ? 'y4' : 'y', attrs));
  if (OUT_WIDE[outType])
    nodes.push(nodeProto('Cast', ['y4'], 'y', [['to', DT[resultType]]]));
  const inits = [tensorProto('scale', scaleType, scaleDims, scales), tensorProto('zp', zpType, scaleDims, zeroPoints)];
  if (xValues) inits.push(tensorProto('x', inType, dims, xValues));
  const graph = Buffer.concat([...nodes.map(n => fBytes(1, n)), fStr(2, 'g'), ...inits.map(t => fBytes(5, t)),
                               ...(xValues ? [] : [fBytes(11, valueInfo('x', feedType, dims))]),
                               fBytes(12, valueInfo('y', resultType, dims))]);
  const opset = Buffer.concat([fStr(1, ''), fInt(2, 21)]);
  return Buffer.concat([fInt(1, 10), fStr(2, 'quant-conform'), fBytes(7, graph), fBytes(8, opset)]);
}

// ---- the case ----
class Unsupported extends Error {}
// Binary floating-point formats the scale is rounded into: exponent and stored-mantissa bits.
const FORMAT = { f32: [8, 23], f16: [5, 10], bf16: [8, 7] };

// The f64 value with bit pattern `bits` (BigInt) rounded to nearest, ties to even, into format `fmt` (one rounding,
// straight from the f64 value: no double rounding through f32); overflow gives infinity. Returns the bit pattern.
function roundF64Bits(bits, fmt) {
  const [eBits, mBits] = FORMAT[fmt];
  const bias = (1 << (eBits - 1)) - 1;
  const sign = Number(bits >> 63n);
  const signBit = sign << (eBits + mBits);
  const exp64 = Number((bits >> 52n) & 0x7ffn);
  const frac64 = bits & 0xfffffffffffffn;
  const infBits = (((1 << eBits) - 1) << mBits) >>> 0;
  if (exp64 === 0x7ff)  // inf, or a quiet NaN
    return (signBit | infBits | (frac64 ? 1 << (mBits - 1) : 0)) >>> 0;
  if (exp64 === 0 && frac64 === 0n) return signBit >>> 0;
  // value = m * 2^e, m an integer
  const m = exp64 ? frac64 | (1n << 52n) : frac64;
  const e = (exp64 ? exp64 : 1) - 1075;
  // the value's binary exponent (of its leading bit), and the target's unit in the last place there
  const lead = e + m.toString(2).length - 1;
  const ulpExp = Math.max(lead, 1 - bias) - mBits;
  let r;  // the value in units of 2^ulpExp, rounded to nearest even
  if (ulpExp <= e) {
    r = m << BigInt(e - ulpExp);
  } else {
    const sh = BigInt(ulpExp - e);
    r = m >> sh;
    const rem = m - (r << sh), half = 1n << (sh - 1n);
    if (rem > half || (rem === half && (r & 1n))) r += 1n;
  }
  // r < 2^(mBits+1) (it may reach it after rounding up); subnormal when the leading bit is below 2^mBits
  let biased = ulpExp + mBits + bias;  // the biased exponent if r has its leading bit at 2^mBits
  if (r >= (1n << BigInt(mBits + 1))) { r >>= 1n; biased += 1; }
  if (r < (1n << BigInt(mBits))) biased = 0;  // subnormal (or zero)
  if (biased >= (1 << eBits) - 1) return (signBit | infBits) >>> 0;
  return (signBit | (biased << mBits) | Number(r & ((1n << BigInt(mBits)) - 1n))) >>> 0;
}

// The scale as ORT takes it: in the expressed type (the scale initializer has the input's type), rounded to nearest
// even from the f64 value (the profile's s = E(scale)); a sub-channel scale is already in the expressed type.
function scaleBits(hex, format, expressed) {
  if (format === expressed) return parseInt(hex, 16) >>> 0;
  if (format !== 'f64') throw new Unsupported(`scale format ${format} for expressed ${expressed}`);
  return roundF64Bits(BigInt(hex), expressed);
}

function runCase(dir) {
  const req = {};
  for (const line of fs.readFileSync(path.join(dir, 'request.txt'), 'utf8').split('\n')) {
    const sp = line.indexOf(' ');
    if (sp > 0) req[line.slice(0, sp)] = line.slice(sp + 1).trim();
    else if (line) req[line] = '';
  }
  if (req.op !== 'qcast' && req.op !== 'dcast') throw new Unsupported(`op ${req.op}`);
  const t = JSON.parse(fs.readFileSync(path.join(dir, 'type.json'), 'utf8'));
  const dims = (req.shape || '').split(/\s+/).filter(Boolean).map(Number);
  const storage = t.storage;
  const expressed = t.expressed;
  if (!FLOATS.includes(expressed)) throw new Unsupported(`expressed ${expressed}`);
  if (!(storage in DT) || FLOATS.includes(storage)) throw new Unsupported(`storage ${storage}`);
  const full = { i4: [-8, 7], u4: [0, 15], i8: [-128, 127], u8: [0, 255], i16: [-32768, 32767],
                 u16: [0, 65535], i32: [-2147483648, 2147483647] }[storage];
  if (t.storageMin !== full[0] || t.storageMax !== full[1]) throw new Unsupported('narrow storage bounds');
  if (t.zeroPoints.some(z => z < full[0] || z > full[1]))
    throw new Unsupported('a zero point outside the storage type (ONNX stores it in the storage type)');
  if (req.op === 'qcast' && storage === 'i32') throw new Unsupported('QuantizeLinear has no int32 output');
  const scales = t.scales.map(([hex]) => scaleBits(hex, t.scaleFormat, expressed));
  let scaleDims = [], attrs = [];
  if (t.granularity === 'per-axis') {
    scaleDims = [scales.length];
    attrs = [['axis', t.axis]];
  } else if (t.granularity === 'sub-channel') {
    // ONNX blocks one axis; every other axis has its own scale per index.
    const blocks = dims.map(() => null);
    for (const [d, b] of t.blockSizes) blocks[d] = b;
    const param = t.parameterShape;
    const blocked = dims.map((n, d) => (param[d] === n ? 1 : blocks[d] ?? n)).map((b, d) => [d, b])
      .filter(([d, b]) => b !== 1);
    if (blocked.length > 1) throw new Unsupported('more than one blocked axis');
    const [axis, block] = blocked.length ? blocked[0] : [0, 1];
    scaleDims = param;
    attrs = [['axis', axis], ['block_size', block]];
  } else if (t.granularity !== 'per-layer') {
    throw new Unsupported(`granularity ${t.granularity}`);
  }
  const input = fs.readFileSync(path.join(dir, 'input.txt'), 'utf8').split('\n').filter(Boolean);
  const n = Number(req.elements);
  const opType = req.op === 'qcast' ? 'QuantizeLinear' : 'DequantizeLinear';
  const qcast = req.op === 'qcast';
  // qcast inputs: expressed-type bit patterns; a bf16 input goes into the model as an initializer.
  const xBits = qcast ? input.map(s => parseInt(s, 16) >>> 0) : null;
  const bytes = model({ opType, inType: qcast ? expressed : storage, outType: qcast ? storage : expressed, dims,
                        scaleType: expressed, scaleDims, scales, zpType: storage, zeroPoints: t.zeroPoints, attrs,
                        xValues: qcast && expressed === 'bf16' ? xBits : null });
  if (process.env.QI_ORT_KEEP_MODEL) fs.writeFileSync(path.join(dir, 'model.onnx'), bytes);
  let feed = null;
  if (qcast && expressed === 'f32') {
    feed = new ort.Tensor('float32', new Float32Array(Uint32Array.from(xBits).buffer), dims);
  } else if (qcast && expressed === 'f16') {
    // onnxruntime-node 1.30 holds float16 data as Uint16Array bit patterns (Float16Array where the JS engine
    // has one: Node 20 has not).
    const bits = Uint16Array.from(xBits);
    const F16 = globalThis.Float16Array;
    feed = new ort.Tensor('float16', F16 ? new F16(bits.buffer) : bits, dims);
  } else if (!qcast) {
    const values = input.map(Number);
    const fed = WIDE[storage] || storage;
    const typed = { i8: Int8Array, u8: Uint8Array, i16: Int16Array, u16: Uint16Array, i32: Int32Array };
    const name = { i8: 'int8', u8: 'uint8', i16: 'int16', u16: 'uint16', i32: 'int32' };
    feed = new ort.Tensor(name[fed], typed[fed].from(values), dims);
  }
  return { bytes, feed, n, op: req.op, storage, expressed };
}

async function answer(dir) {
  let c;
  try {
    c = runCase(dir);
  } catch (e) {
    if (e instanceof Unsupported) { process.stderr.write(`onnxruntime backend: unsupported: ${e.message}\n`); return 77; }
    throw e;
  }
  let result;
  try {
    // One intra-op thread: QuantizeLinear / DequantizeLinear are elementwise, so how ORT splits a tensor over
    // threads changes no value; a thread pool per session costs ~2 ms to create and spin down per request (the
    // element sweep sends thousands), and its spinning threads compete with quant-interp on 2 cores.
    const session = await ort.InferenceSession.create(c.bytes, { graphOptimizationLevel: 'disabled',
                                                                  executionProviders: ['cpu'],
                                                                  intraOpNumThreads: 1 });
    result = (await session.run(c.feed ? { x: c.feed } : {})).y;
    if (session.release) await session.release();
  } catch (e) {
    const message = String(e.message || e).split('\n')[0];
    // No kernel for these types (ORT 1.30: bf16): the framework cannot run the case at all.
    if (/Could not find an implementation for/.test(message)) {
      process.stderr.write(`onnxruntime backend: unsupported: ${message}\n`);
      return 77;
    }
    // ORT's own refusal of a model or a parameter (a parameter the type allows but ORT does not).
    process.stderr.write(`onnxruntime: ${message}\n`);
    return 3;
  }
  let lines;
  const data = result.data;
  if (c.op === 'qcast') {
    lines = Array.from(data, v => String(v));
  } else if (c.expressed === 'f32') {
    const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
    lines = Array.from(bits, v => '0x' + v.toString(16).toUpperCase().padStart(8, '0'));
  } else if (c.expressed === 'f16') {
    const bits = new Uint16Array(data.buffer, data.byteOffset, data.length);  // Uint16Array or Float16Array
    lines = Array.from(bits, v => '0x' + v.toString(16).toUpperCase().padStart(4, '0'));
  } else {  // bf16, cast to f32 in the model (exact): the high half is the bf16 bit pattern
    const bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
    lines = Array.from(bits, v => '0x' + (v >>> 16).toString(16).toUpperCase().padStart(4, '0'));
  }
  if (lines.length !== c.n) throw new Error(`ORT returned ${lines.length} elements, expected ${c.n}`);
  fs.writeFileSync(path.join(dir, 'output.txt'), lines.map(l => l + '\n').join(''));
  return 0;
}

async function main() {
  if (require.main !== module) return;  // required for its helpers (roundF64Bits)
  if (process.env.QI_COMMAND_MODE !== 'batch') {
    process.exitCode = await answer(process.argv[2]).catch(e => { process.stderr.write(`${e.stack}\n`); return 1; });
    return;
  }
  const readline = require('readline');
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const dir of rl) {
    if (!dir) continue;
    const status = await answer(dir).catch(e => { process.stderr.write(`${e.stack}\n`); return 1; });
    process.stdout.write(`done ${status}\n`);
  }
}
module.exports = { roundF64Bits, model };
main();
