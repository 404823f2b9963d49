#!/usr/bin/env node
// ONNX Runtime as a quant-conform backend (docs/real-frameworks.md; spec/conformance.md
// [conform.frameworks]): speaks quant-conform-command/1, per case (`node ort_backend.js REQUEST_DIR`) or in
// batch mode (QI_COMMAND_MODE=batch: request directories on stdin, `done STATUS` on stdout).
//
// Each qcast / dcast case becomes a one-node ONNX model -- QuantizeLinear or DequantizeLinear, opset 21, IR
// version 10 -- written here as protobuf bytes (no onnx package needed), run by onnxruntime-node on the CPU
// execution provider (MLAS) with graph optimizations off. Per-tensor, per-axis and blocked (one blocked axis)
// quantization; storage i4 u4 i8 u8 i16 u16 (QuantizeLinear) and i32 (DequantizeLinear); expressed f32.
// Anything else exits (answers) 77.
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

// ---- protobuf writer (proto3 wire format) ----
function varint(n) {
  let v = BigInt.asUintN(64, BigInt(n));
  const out = [];
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return Buffer.from(out);
}
const key = (field, wire) => varint((field << 3) | wire);
const fInt = (field, n) => Buffer.concat([key(field, 0), varint(n)]);
const fBytes = (field, bytes) => {
  const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
  return Buffer.concat([key(field, 2), varint(b.length), b]);
};
const fStr = (field, s) => fBytes(field, Buffer.from(s, 'utf8'));

// TensorProto.DataType
const DT = { f32: 1, u8: 2, i8: 3, u16: 4, i16: 5, i32: 6, u4: 21, i4: 22 };
const BYTES = { f32: 4, u8: 1, i8: 1, u16: 2, i16: 2, i32: 4 };

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
// through an exact Cast to / from int8 / uint8 inside the model.
const WIDE = { i4: 'i8', u4: 'u8' };
function model({ opType, inType, outType, dims, scaleDims, scales, zpType, zeroPoints, attrs }) {
  const nodes = [];
  let x = 'x', feedType = inType;
  if (WIDE[inType]) {
    feedType = WIDE[inType];
    nodes.push(nodeProto('Cast', ['x'], 'x4', [['to', DT[inType]]]));
    x = 'x4';
  }
  const resultType = WIDE[outType] || outType;
  nodes.push(nodeProto(opType, [x, 'scale', 'zp'], WIDE[outType] ? 'y4' : 'y', attrs));
  if (WIDE[outType])
    nodes.push(nodeProto('Cast', ['y4'], 'y', [['to', DT[resultType]]]));
  const graph = Buffer.concat([...nodes.map(n => fBytes(1, n)), fStr(2, 'g'),
                               fBytes(5, tensorProto('scale', 'f32', scaleDims, scales)),
                               fBytes(5, tensorProto('zp', zpType, scaleDims, zeroPoints)),
                               fBytes(11, valueInfo('x', feedType, dims)), fBytes(12, valueInfo('y', resultType, dims))]);
  const opset = Buffer.concat([fStr(1, ''), fInt(2, 21)]);
  return Buffer.concat([fInt(1, 10), fStr(2, 'quant-conform'), fBytes(7, graph), fBytes(8, opset)]);
}

// ---- the case ----
class Unsupported extends Error {}
const f64 = new Float64Array(1), f64bits = new BigUint64Array(f64.buffer);
const f32 = new Float32Array(1), f32bits = new Uint32Array(f32.buffer);

// The scale as ORT takes it: f32, rounded to nearest from the f64 value (the profile's s = E(scale)).
function scaleBits(hex, format) {
  if (format === 'f32') return parseInt(hex, 16) >>> 0;
  if (format !== 'f64') throw new Unsupported(`scale format ${format}`);
  f64bits[0] = BigInt(hex);
  f32[0] = Math.fround(f64[0]);
  return f32bits[0];
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
  if (t.expressed !== 'f32') throw new Unsupported(`expressed ${t.expressed}`);
  if (!(storage in DT) || storage === 'f32') throw new Unsupported(`storage ${storage}`);
  const full = { i4: [-8, 7], u4: [0, 15], i8: [-128, 127], u8: [0, 255], i16: [-32768, 32767],
                 u16: [0, 65535], i32: [-2147483648, 2147483647] }[storage];
  if (t.storageMin !== full[0] || t.storageMax !== full[1]) throw new Unsupported('narrow storage bounds');
  if (t.zeroPoints.some(z => z < full[0] || z > full[1]))
    throw new Unsupported('a zero point outside the storage type (ONNX stores it in the storage type)');
  if (req.op === 'qcast' && storage === 'i32') throw new Unsupported('QuantizeLinear has no int32 output');
  const scales = t.scales.map(([hex]) => scaleBits(hex, t.scaleFormat));
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
  const bytes = model({ opType, inType: req.op === 'qcast' ? 'f32' : storage,
                        outType: req.op === 'qcast' ? storage : 'f32', dims, scaleDims, scales,
                        zpType: storage, zeroPoints: t.zeroPoints, attrs });
  if (process.env.QI_ORT_KEEP_MODEL) fs.writeFileSync(path.join(dir, 'model.onnx'), bytes);
  let feed;
  if (req.op === 'qcast') {
    const bits = Uint32Array.from(input, s => parseInt(s, 16) >>> 0);
    feed = new ort.Tensor('float32', new Float32Array(bits.buffer), dims);
  } else {
    const values = input.map(Number);
    const fed = WIDE[storage] || storage;
    const typed = { i8: Int8Array, u8: Uint8Array, i16: Int16Array, u16: Uint16Array, i32: Int32Array };
    const name = { i8: 'int8', u8: 'uint8', i16: 'int16', u16: 'uint16', i32: 'int32' };
    feed = new ort.Tensor(name[fed], typed[fed].from(values), dims);
  }
  return { bytes, feed, n, op: req.op, storage };
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
    const session = await ort.InferenceSession.create(c.bytes, { graphOptimizationLevel: 'disabled',
                                                                  executionProviders: ['cpu'] });
    result = (await session.run({ x: c.feed })).y;
    if (session.release) await session.release();
  } catch (e) {
    // ORT's own refusal of a model or a parameter (a parameter the type allows but ORT does not).
    process.stderr.write(`onnxruntime: ${String(e.message || e).split('\n')[0]}\n`);
    return 3;
  }
  let lines;
  if (c.op === 'qcast') {
    const data = result.data;
    lines = Array.from(data, v => String(v));
  } else {
    const bits = new Uint32Array(result.data.buffer, result.data.byteOffset, result.data.length);
    lines = Array.from(bits, v => '0x' + v.toString(16).toUpperCase().padStart(8, '0'));
  }
  if (lines.length !== c.n) throw new Error(`ORT returned ${lines.length} elements, expected ${c.n}`);
  fs.writeFileSync(path.join(dir, 'output.txt'), lines.map(l => l + '\n').join(''));
  return 0;
}

async function main() {
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
main();
