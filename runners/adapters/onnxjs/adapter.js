#!/usr/bin/env node
// ONNX Conform backend adapter over onnxjs 0.1.8 (docs/backend-protocol.md),
// an older JavaScript implementation of ONNX, on its pure-JavaScript "cpu"
// backend in Node.js:
//
//   node adapter.js --model CASE/model.onnx --output-dir DIR INPUT_0.pb ... INPUT_N.pb
//   node adapter.js --serve       (persistent: one JSON request per stdin line)
//
// onnxjs holds float32, int32 and bool tensors only: other input types are
// unsupported (exit 3), as are operators and versions it has no kernel for
// ("cannot resolve operator"), and tensors with no elements (its Tensor
// refuses them). Exit 1: anything else.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const protocol = require('../common/exec_protocol.js')(require('protobufjs'));

const { AdapterError, EXIT_UNSUPPORTED } = protocol;
// TensorProto data_type <-> onnxjs's tensor types.
const ONNXJS_TYPES = new Map([[1, 'float32'], [6, 'int32'], [9, 'bool']]);

let onnxjs = null;
function loadOnnxjs() {
  if (onnxjs) return onnxjs;
  // onnxjs takes a model path for a URL to fetch() whenever fetch exists,
  // as it does in Node.js 18 and later; without it, it reads files.
  delete globalThis.fetch;
  try {
    onnxjs = require('onnxjs');
  } catch (error) {
    throw new AdapterError(`cannot load onnxjs (run: npm ci in ${__dirname}): ${error.message}`);
  }
  return onnxjs;
}

async function handle(args) {
  const onnx = loadOnnxjs();
  const inputs = args.inputs.map((file) => {
    const tensor = protocol.readTensor(file);
    const type = ONNXJS_TYPES.get(tensor.dataType);
    if (!type) {
      throw new AdapterError(`${path.basename(file)}: onnxjs has no ` +
                             `${protocol.typeName(tensor.dataType)} tensors`, EXIT_UNSUPPORTED);
    }
    if (tensor.data.length === 0) {
      throw new AdapterError(`${path.basename(file)}: onnxjs's Tensor cannot hold a tensor ` +
                             'with no elements', EXIT_UNSUPPORTED);
    }
    return new onnx.Tensor(tensor.data, type, tensor.dims);
  });
  const session = new onnx.InferenceSession({ backendHint: 'cpu' });
  try {
    await session.loadModel(new Uint8Array(fs.readFileSync(args.model)));
  } catch (error) {
    const message = `onnxjs refused the model: ${error.message}`;
    throw new AdapterError(message,
                           /cannot resolve operator|unrecognized input|not supported/i.test(error.message)
                             ? EXIT_UNSUPPORTED : 1);
  }
  let outputs;
  try {
    outputs = await session.run(inputs);
  } catch (error) {
    throw new AdapterError(`onnxjs failed to run the model: ${error.message}`);
  }
  let k = 0;
  for (const [name, tensor] of outputs) {
    const dataType = [...ONNXJS_TYPES].find(([, type]) => type === tensor.type);
    if (!dataType) throw new AdapterError(`output '${name}' has onnxjs type ${tensor.type}`);
    const data = dataType[0] === 9 ? Uint8Array.from(tensor.data, Number) : tensor.data;
    protocol.writeTensor(path.join(args.outputDir, `output_${k}.pb`),
                         { dataType: dataType[0], dims: tensor.dims, data }, name);
    k += 1;
  }
}

protocol.main(handle, () => protocol.packageVersion(__dirname, 'onnxjs'));
