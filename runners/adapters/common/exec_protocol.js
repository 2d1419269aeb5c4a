// The exec-adapter protocol (docs/backend-protocol.md) for Node.js adapters:
// TensorProto files in and out, exit statuses, and the --serve loop. Each
// adapter passes its own protobufjs (resolved from its own node_modules):
//
//   const protocol = require('../common/exec_protocol.js')(require('protobufjs'));
//   protocol.main(async ({ model, outputDir, inputs }) => { ... },
//                 () => packageVersion(__dirname, 'onnxruntime-node'));
//
// readTensor gives { dataType, dims, data } with data a typed array (TYPES);
// writeTensor takes the same and writes raw_data. A handler throws
// AdapterError(message, EXIT_UNSUPPORTED) for "not supported", anything
// else for an error.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const EXIT_UNSUPPORTED = 3;

class AdapterError extends Error {
  constructor(message, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

// TensorProto.DataType -> the typed array that holds it and the typed field
// a file may carry it in instead of raw_data.
const TYPES = new Map([
  [1, { name: 'float32', array: Float32Array, field: 'float_data' }],
  [2, { name: 'uint8', array: Uint8Array, field: 'int32_data' }],
  [3, { name: 'int8', array: Int8Array, field: 'int32_data' }],
  [4, { name: 'uint16', array: Uint16Array, field: 'int32_data' }],
  [5, { name: 'int16', array: Int16Array, field: 'int32_data' }],
  [6, { name: 'int32', array: Int32Array, field: 'int32_data' }],
  [7, { name: 'int64', array: BigInt64Array, field: 'int64_data' }],
  [9, { name: 'bool', array: Uint8Array, field: 'int32_data' }],
  [10, { name: 'float16', array: Uint16Array, field: 'int32_data' }],
  [11, { name: 'float64', array: Float64Array, field: 'double_data' }],
  [12, { name: 'uint32', array: Uint32Array, field: 'uint64_data' }],
  [13, { name: 'uint64', array: BigUint64Array, field: 'uint64_data' }],
]);
// The names of TYPES, as onnxruntime's JavaScript Tensor spells them.
const TYPE_NAMES = new Set([...TYPES.values()].map((type) => type.name));
// Strings travel as JavaScript strings (string_data, UTF-8).
const STRING = 8;
const OTHER_TYPE_NAMES = {
  8: 'string', 14: 'complex64', 15: 'complex128', 16: 'bfloat16', 17: 'float8e4m3fn',
  18: 'float8e4m3fnuz', 19: 'float8e5m2', 20: 'float8e5m2fnuz', 21: 'uint4', 22: 'int4',
  23: 'float4e2m1',
};

function typeName(dataType) {
  const type = TYPES.get(dataType);
  return type ? type.name : OTHER_TYPE_NAMES[dataType] || `data_type ${dataType}`;
}

module.exports = function makeProtocol(protobuf) {
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

  // Of onnx.ModelProto, only what says whether each graph input and output
  // is a tensor (onnx/onnx.proto field numbers; the rest is skipped).
  const ModelTypes = protobuf.Root.fromJSON({
    nested: {
      ModelProto: { fields: { graph: { type: 'GraphProto', id: 7 } } },
      GraphProto: {
        fields: {
          input: { rule: 'repeated', type: 'ValueInfoProto', id: 11 },
          output: { rule: 'repeated', type: 'ValueInfoProto', id: 12 },
        },
      },
      ValueInfoProto: { fields: { name: { type: 'string', id: 1 },
                                  type: { type: 'TypeProto', id: 2 } } },
      TypeProto: {
        fields: {
          tensor_type: { type: 'bytes', id: 1 },
          sequence_type: { type: 'bytes', id: 4 },
          map_type: { type: 'bytes', id: 5 },
          sparse_tensor_type: { type: 'bytes', id: 8 },
          optional_type: { type: 'bytes', id: 9 },
        },
      },
    },
  }).lookupType('ModelProto');

  // The graph inputs and outputs that are not tensors: "'x' (a sequence)".
  function nonTensorValues(modelFile) {
    const model = ModelTypes.toObject(ModelTypes.decode(fs.readFileSync(modelFile)));
    const found = [];
    const graph = model.graph || {};
    for (const value of [...(graph.input || []), ...(graph.output || [])]) {
      const type = value.type || {};
      for (const [field, kind] of [['sequence_type', 'a sequence'], ['map_type', 'a map'],
                                   ['optional_type', 'an optional'],
                                   ['sparse_tensor_type', 'a sparse tensor']]) {
        if (type[field] !== undefined) found.push(`'${value.name}' (${kind})`);
      }
    }
    return found;
  }

  // A TensorProto file -> { dataType, dims, data }.
  function readTensor(file) {
    let message;
    try {
      message = TensorProto.decode(fs.readFileSync(file));
    } catch (error) {
      throw new AdapterError(`${file}: not a TensorProto: ${error.message}`);
    }
    const proto = TensorProto.toObject(message, { longs: String, bytes: Buffer, defaults: true });
    if (proto.data_location === 1) throw new AdapterError(`${file}: external data is not supported`);
    const dims = proto.dims.map(Number);
    if (proto.data_type === STRING) {
      return { dataType: STRING, dims, data: proto.string_data.map((b) => b.toString('utf8')) };
    }
    const type = TYPES.get(proto.data_type);
    if (!type) {
      throw new AdapterError(`${path.basename(file)}: element type ${typeName(proto.data_type)} ` +
                             'is not supported by this adapter', EXIT_UNSUPPORTED);
    }
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
    return { dataType: proto.data_type, dims, data };
  }

  // { dataType, dims, data } -> DIR/output_K.pb, with raw_data.
  function writeTensor(file, { dataType, dims, data }, name) {
    if (dataType === STRING) {
      const strings = TensorProto.create({
        dims: dims.map((d) => d), data_type: STRING, name,
        string_data: Array.from(data, (s) => Buffer.from(String(s), 'utf8')),
      });
      fs.writeFileSync(file, TensorProto.encode(strings).finish());
      return;
    }
    const type = TYPES.get(dataType);
    if (!type || !(data instanceof type.array)) {
      throw new AdapterError(`output '${name}': cannot write ${typeName(dataType)} from ` +
                             `${data && data.constructor.name}`);
    }
    const message = TensorProto.create({
      dims: dims.map((d) => d),
      data_type: dataType,
      name,
      raw_data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    });
    fs.writeFileSync(file, TensorProto.encode(message).finish());
  }

  return { AdapterError, EXIT_UNSUPPORTED, STRING, TYPES, TYPE_NAMES, typeName, readTensor,
           writeTensor, nonTensorValues, main, packageVersion };
};

// "NAME VERSION" of the npm package NAME as installed for the adapter in
// `dir` (its package.json, found as require would find the package; read
// directly, since a package's "exports" may hide the file).
function packageVersion(dir, name) {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return `${name} ${JSON.parse(fs.readFileSync(file, 'utf8')).version}`;
    if (path.dirname(at) === at) throw new AdapterError(`${name} is not installed for ${dir}`);
  }
}

function parseArgs(argv) {
  if (argv.length < 4 || argv[0] !== '--model' || argv[2] !== '--output-dir') {
    throw new AdapterError('usage: adapter.js --model MODEL --output-dir DIR INPUT.pb...');
  }
  return { model: argv[1], outputDir: argv[3], inputs: argv.slice(4) };
}

// Some runtimes throw strings, or Errors without a message.
function messageOf(error) {
  return (error && error.message) || String(error);
}

function exitCodeOf(error) {
  return error instanceof AdapterError ? error.exitCode : 1;
}

// --serve: one request per stdin line, {"args": [...]}; one reply per line,
// {"exit": N, "message": "..."}; exits when stdin closes. --version: the
// runtime's name and version on stdout (`version()`; the request
// {"version": true} under --serve). Otherwise one run of the one-shot
// protocol. `handle` gets { model, outputDir, inputs }.
function main(handle, version) {
  const run = (argv) => handle(parseArgs(argv));
  if (process.argv.length === 3 && process.argv[2] === '--version') {
    try {
      process.stdout.write(`${version()}\n`);
      process.exit(0);
    } catch (error) {
      process.stderr.write(`${messageOf(error)}\n`);
      process.exit(1);
    }
  }
  if (process.argv.length === 3 && process.argv[2] === '--serve') {
    serve(run, version).then(() => process.exit(0), (error) => {
      process.stderr.write(`${error.stack}\n`);
      process.exit(1);
    });
    return;
  }
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      process.stderr.write(`${messageOf(error)}\n`);
      process.exit(exitCodeOf(error));
    });
}

async function serve(run, version) {
  const readline = require('node:readline');
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    let reply;
    try {
      const request = JSON.parse(line);
      if (request && request.version === true) {
        reply = { exit: 0, message: '', version: version() };
      } else {
        if (!request || !Array.isArray(request.args)) {
          throw new AdapterError('not a request: ' + line);
        }
        await run(request.args);
        reply = { exit: 0, message: '' };
      }
    } catch (error) {
      reply = { exit: exitCodeOf(error), message: messageOf(error) };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
}
