#!/usr/bin/env node
// ONNX Conform backend adapter over onnxruntime-node (docs/backend-protocol.md):
//
//   node adapter.js --model CASE/model.onnx --output-dir DIR INPUT_0.pb ... INPUT_N.pb
//
// Reads each input TensorProto (onnxruntime-node has no TensorProto reader:
// protobufjs decodes them here), runs the model on onnxruntime's CPU
// provider, and writes DIR/output_K.pb as TensorProto with raw_data.
// Exit 0: outputs written. Exit 3: onnxruntime has no kernel for the model
// (or onnxruntime-node cannot carry its element type, as for bfloat16).
// Exit 1: anything else (the model refused, a runtime error), the reason on
// stderr. With --serve it stays up and answers one JSON request per line
// (the persistent protocol), loading onnxruntime once.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const protobuf = require('protobufjs');

const EXIT_UNSUPPORTED = 3;

// onnx.TensorProto, the fields a numeric tensor file uses (onnx/onnx.proto).
const TensorProto = protobuf.Root.fromJSON({
  nested: {
    onnx: {
      nested: {
        TensorProto: {
          fields: {
            dims: { rule: 'repeated', type: 'int64', id: 1 },
            data_type: { type: 'int32', id: 2 },
            float_data: { rule: 'repeated', type: 'float', id: 4 },
            int32_data: { rule: 'repeated', type: 'int32', id: 5 },
            string_data: { rule: 'repeated', type: 'bytes', id: 6 },
            int64_data: { rule: 'repeated', type: 'int64', id: 7 },
            name: { type: 'string', id: 8 },
            raw_data: { type: 'bytes', id: 9 },
            double_data: { rule: 'repeated', type: 'double', id: 10 },
            uint64_data: { rule: 'repeated', type: 'uint64', id: 11 },
            data_location: { type: 'int32', id: 14 },
          },
        },
      },
    },
  },
}).lookupType('onnx.TensorProto');

// TensorProto.DataType -> onnxruntime's tensor type, the typed array that
// holds it, and the typed field a file may carry it in instead of raw_data.
const TYPES = new Map([
  [1, { ort: 'float32', array: Float32Array, field: 'float_data' }],
  [2, { ort: 'uint8', array: Uint8Array, field: 'int32_data' }],
  [3, { ort: 'int8', array: Int8Array, field: 'int32_data' }],
  [4, { ort: 'uint16', array: Uint16Array, field: 'int32_data' }],
  [5, { ort: 'int16', array: Int16Array, field: 'int32_data' }],
  [6, { ort: 'int32', array: Int32Array, field: 'int32_data' }],
  [7, { ort: 'int64', array: BigInt64Array, field: 'int64_data' }],
  [9, { ort: 'bool', array: Uint8Array, field: 'int32_data' }],
  [10, { ort: 'float16', array: Uint16Array, field: 'int32_data' }],
  [11, { ort: 'float64', array: Float64Array, field: 'double_data' }],
  [12, { ort: 'uint32', array: Uint32Array, field: 'uint64_data' }],
  [13, { ort: 'uint64', array: BigUint64Array, field: 'uint64_data' }],
]);
const TYPE_NAMES = { 8: 'string', 14: 'complex64', 15: 'complex128', 16: 'bfloat16' };

class AdapterError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function parseArgs(argv) {
  if (argv.length < 4 || argv[0] !== '--model' || argv[2] !== '--output-dir') {
    throw new AdapterError('usage: adapter.js --model MODEL --output-dir DIR INPUT.pb...');
  }
  return { model: argv[1], outputDir: argv[3], inputs: argv.slice(4) };
}

function typeOf(dataType, file) {
  file = path.basename(file);
  const type = TYPES.get(dataType);
  if (type) return type;
  const name = TYPE_NAMES[dataType] || `data_type ${dataType}`;
  if (dataType === 16) {
    throw new AdapterError(`${file}: onnxruntime-node has no bfloat16 tensor type`,
                           EXIT_UNSUPPORTED);
  }
  throw new AdapterError(`${file}: element type ${name} is not supported by this adapter`,
                         EXIT_UNSUPPORTED);
}

// A TensorProto file -> onnxruntime Tensor.
function readTensor(file, ort) {
  let message;
  try {
    message = TensorProto.decode(fs.readFileSync(file));
  } catch (error) {
    throw new AdapterError(`${file}: not a TensorProto: ${error.message}`);
  }
  const proto = TensorProto.toObject(message, { longs: String, bytes: Buffer, defaults: true });
  if (proto.data_location === 1) throw new AdapterError(`${file}: external data is not supported`);
  const type = typeOf(proto.data_type, file);
  const dims = proto.dims.map(Number);
  const count = dims.reduce((a, b) => a * b, 1);
  let data;
  if (proto.raw_data.length > 0) {
    const bytes = type.array.BYTES_PER_ELEMENT * count;
    if (proto.raw_data.length !== bytes) {
      throw new AdapterError(`${file}: raw_data holds ${proto.raw_data.length} bytes, ` +
                             `dims [${dims}] need ${bytes}`);
    }
    // Copied into a buffer of its own, aligned for the typed array.
    const buffer = new ArrayBuffer(bytes);
    new Uint8Array(buffer).set(proto.raw_data);
    data = new type.array(buffer);
  } else {
    const values = proto[type.field];
    if (values.length !== count) {
      throw new AdapterError(`${file}: ${type.field} holds ${values.length} values, ` +
                             `dims [${dims}] need ${count}`);
    }
    const big = type.array === BigInt64Array || type.array === BigUint64Array;
    data = type.array.from(values, (v) => (big ? BigInt(v) : Number(v)));
  }
  return new ort.Tensor(type.ort, data, dims);
}

// onnxruntime Tensor -> TensorProto bytes, with raw_data.
function encodeTensor(tensor, name) {
  const entry = [...TYPES.entries()].find(([, t]) => t.ort === tensor.type);
  if (!entry) throw new AdapterError(`output '${name}' has type ${tensor.type}, not supported`);
  const data = tensor.data;
  const message = TensorProto.create({
    dims: tensor.dims.map((d) => d),
    data_type: entry[0],
    name,
    raw_data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  });
  return TensorProto.encode(message).finish();
}

// Errors onnxruntime raises when it lacks a kernel (or an operator version).
function isUnsupported(message) {
  return /NOT_IMPLEMENTED|Could not find an implementation|is not a registered function|No opset import for domain|not supported/i
      .test(message);
}

let ortModule = null;
function loadOrt() {
  if (ortModule) return ortModule;
  try {
    ortModule = require('onnxruntime-node');
  } catch (error) {
    throw new AdapterError(`cannot load onnxruntime-node (run: ONNXRUNTIME_NODE_INSTALL=skip ` +
                           `npm ci in ${__dirname}): ${error.message}`);
  }
  ortModule.env.logLevel = 'error';
  return ortModule;
}

// One run of the protocol; throws AdapterError (or anything) on failure.
async function handle(argv) {
  const args = parseArgs(argv);
  const ort = loadOrt();
  const feedsInOrder = args.inputs.map((file) => readTensor(file, ort));

  let session;
  try {
    session = await ort.InferenceSession.create(args.model, {
      executionProviders: ['cpu'],
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      logSeverityLevel: 3,
    });
  } catch (error) {
    const message = `onnxruntime refused the model: ${error.message}`;
    throw new AdapterError(message, isUnsupported(error.message) ? EXIT_UNSUPPORTED : 1);
  }
  try {
    if (session.inputNames.length !== feedsInOrder.length) {
      throw new AdapterError(`the model has ${session.inputNames.length} inputs ` +
                             `(${session.inputNames.join(', ')}), got ${feedsInOrder.length} files`);
    }
    const feeds = {};
    session.inputNames.forEach((name, k) => { feeds[name] = feedsInOrder[k]; });
    let results;
    try {
      results = await session.run(feeds);
    } catch (error) {
      throw new AdapterError(`onnxruntime failed to run the model: ${error.message}`,
                             isUnsupported(error.message) ? EXIT_UNSUPPORTED : 1);
    }
    session.outputNames.forEach((name, k) => {
      fs.writeFileSync(path.join(args.outputDir, `output_${k}.pb`),
                       encodeTensor(results[name], name));
    });
  } finally {
    await session.release();
  }
}

function exitCodeOf(error) {
  return error instanceof AdapterError ? error.exitCode : 1;
}

// --serve: one request per stdin line, {"args": [...]}; one reply per line,
// {"exit": N, "message": "..."}. Exits when stdin closes.
async function serve() {
  const readline = require('node:readline');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    let reply;
    try {
      const request = JSON.parse(line);
      if (!request || !Array.isArray(request.args)) throw new AdapterError('not a request: ' + line);
      await handle(request.args);
      reply = { exit: 0, message: '' };
    } catch (error) {
      reply = { exit: exitCodeOf(error), message: String(error.message) };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
}

if (process.argv.length === 3 && process.argv[2] === '--serve') {
  serve().then(() => process.exit(0), (error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
} else {
  handle(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(exitCodeOf(error));
    });
}
