#!/usr/bin/env node
// ONNX Conform backend adapter over onnxruntime-web (docs/backend-protocol.md),
// run in Node.js on its WebAssembly execution provider: onnxruntime's
// kernels compiled to WebAssembly, a build other than onnxruntime-node's.
//
//   node adapter.js --model CASE/model.onnx --output-dir DIR INPUT_0.pb ... INPUT_N.pb
//   node adapter.js --serve       (persistent: one JSON request per stdin line)
//
// One WebAssembly thread, no proxy worker: the .wasm file ships in the npm
// package and is loaded from node_modules, nothing is fetched. Exit 3:
// onnxruntime has no kernel for the model (or its Tensor cannot carry the
// element type, as for bfloat16); exit 1: anything else.
'use strict';

require('../common/ort_adapter.js')({
  name: 'onnxruntime-web',
  dir: __dirname,
  protobuf: require('protobufjs'),
  load: () => {
    const ort = require('onnxruntime-web');
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    return ort;
  },
  executionProviders: ['wasm'],
  installHint: `npm ci in ${__dirname}`,
});
