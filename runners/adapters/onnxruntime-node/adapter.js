#!/usr/bin/env node
// ONNX Conform backend adapter over onnxruntime-node (docs/backend-protocol.md):
//
//   node adapter.js --model CASE/model.onnx --output-dir DIR INPUT_0.pb ... INPUT_N.pb
//   node adapter.js --serve       (persistent: one JSON request per stdin line)
//
// onnxruntime's CPU provider through its Node.js binding; the protocol,
// TensorProto files (protobufjs) and exit statuses are shared with the
// onnxruntime-web adapter (../common/ort_adapter.js). Exit 3: onnxruntime
// has no kernel for the model (or onnxruntime-node cannot carry its element
// type, as for bfloat16); exit 1: anything else, the reason on stderr.
'use strict';

require('../common/ort_adapter.js')({
  name: 'onnxruntime-node',
  dir: __dirname,
  protobuf: require('protobufjs'),
  load: () => require('onnxruntime-node'),
  executionProviders: ['cpu'],
  installHint: `ONNXRUNTIME_NODE_INSTALL=skip npm ci in ${__dirname}`,
});
