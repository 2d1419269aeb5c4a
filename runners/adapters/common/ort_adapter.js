// An exec adapter (docs/backend-protocol.md) over one of onnxruntime's
// JavaScript packages, which share one API (onnxruntime-common): the
// onnxruntime-node binding and onnxruntime-web's WebAssembly build.
//
//   require('../common/ort_adapter.js')({
//     name: 'onnxruntime-web', dir: __dirname, protobuf: require('protobufjs'),
//     load: () => require('onnxruntime-web'), executionProviders: ['wasm'] });
//
// Each input file feeds the K-th graph input; the model runs on one thread;
// outputs are written with raw_data. Exit 3 when onnxruntime has no kernel
// for the model or the package's Tensor cannot carry an element type
// (bfloat16 in, int4 or uint4 out); exit 1 for anything else, the reason on
// stderr (or in the --serve reply).
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const makeProtocol = require('./exec_protocol.js');

// Errors onnxruntime raises when it lacks a kernel (or an operator version).
function isUnsupported(message) {
  return /NOT_IMPLEMENTED|Could not find an implementation|is not a registered function|No opset import for domain|not supported/i
      .test(message);
}

module.exports = function runOrtAdapter({ name, dir, protobuf, load, executionProviders,
                                          installHint }) {
  const protocol = makeProtocol(protobuf);
  const { AdapterError, EXIT_UNSUPPORTED } = protocol;

  let ortModule = null;
  function loadOrt() {
    if (ortModule) return ortModule;
    try {
      ortModule = load();
    } catch (error) {
      throw new AdapterError(`cannot load ${name} (run: ${installHint}): ${error.message}`);
    }
    // The refusal reaches us as the exception's message; onnxruntime's own
    // error log would repeat it on stderr with a timestamp and colour codes.
    ortModule.env.logLevel = 'fatal';
    return ortModule;
  }

  function toOrtTensor(ort, file) {
    const tensor = protocol.readTensor(file);
    if (!protocol.TYPES.has(tensor.dataType) && tensor.dataType !== protocol.STRING) {
      throw new AdapterError(`${file}: unknown type`);
    }
    return new ort.Tensor(protocol.typeName(tensor.dataType), tensor.data, tensor.dims);
  }

  function fromOrtTensor(tensor, outputName) {
    if (tensor.type === 'string') {
      return { dataType: protocol.STRING, dims: tensor.dims, data: tensor.data };
    }
    const entry = [...protocol.TYPES.entries()].find(([, t]) => t.name === tensor.type);
    if (!entry) throw new AdapterError(`output '${outputName}' has type ${tensor.type}, not supported`);
    return { dataType: entry[0], dims: tensor.dims, data: tensor.data };
  }

  // An output whose element type the package's Tensor cannot carry back is
  // refused before the model runs: onnxruntime-node's binding does not
  // throw on int4 and uint4 outputs, it reads past its table of element
  // sizes and aborts the process out of memory. The session's output
  // metadata names the type (when the package gives it).
  function refuseUnreturnableOutputs(session) {
    for (const output of session.outputMetadata || []) {
      if (!output.isTensor || typeof output.type !== 'string') continue;
      if (output.type === 'string' || protocol.TYPE_NAMES.has(output.type)) continue;
      throw new AdapterError(`output '${output.name}' has element type ${output.type}, which ` +
                             `${name} cannot return to JavaScript (not run)`, EXIT_UNSUPPORTED);
    }
  }

  async function handle(args) {
    const ort = loadOrt();
    // onnxruntime's JavaScript API feeds and returns tensors only.
    const others = protocol.nonTensorValues(args.model);
    if (others.length > 0) {
      throw new AdapterError(`${name}'s API takes and returns tensors only; graph value ` +
                             `${others.join(', ')} is not one`, EXIT_UNSUPPORTED);
    }
    const feedsInOrder = args.inputs.map((file) => {
      try {
        return toOrtTensor(ort, file);
      } catch (error) {
        // bfloat16 decodes, but no onnxruntime JavaScript Tensor holds it.
        if (/bfloat16/.test(error.message)) {
          throw new AdapterError(`${path.basename(file)}: ${name} has no bfloat16 tensor type`,
                                 EXIT_UNSUPPORTED);
        }
        throw error;
      }
    });
    let session;
    try {
      session = await ort.InferenceSession.create(new Uint8Array(fs.readFileSync(args.model)), {
        executionProviders,
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        logSeverityLevel: 4,  // fatal only: see env.logLevel above
      });
    } catch (error) {
      const message = `onnxruntime refused the model: ${error.message}`;
      throw new AdapterError(message, isUnsupported(error.message) ? EXIT_UNSUPPORTED : 1);
    }
    try {
      refuseUnreturnableOutputs(session);
      if (session.inputNames.length !== feedsInOrder.length) {
        throw new AdapterError(`the model has ${session.inputNames.length} inputs ` +
                               `(${session.inputNames.join(', ')}), got ${feedsInOrder.length} files`);
      }
      const feeds = {};
      session.inputNames.forEach((input, k) => { feeds[input] = feedsInOrder[k]; });
      let results;
      try {
        results = await session.run(feeds);
      } catch (error) {
        throw new AdapterError(`onnxruntime failed to run the model: ${error.message}`,
                               isUnsupported(error.message) ? EXIT_UNSUPPORTED : 1);
      }
      session.outputNames.forEach((output, k) => {
        protocol.writeTensor(path.join(args.outputDir, `output_${k}.pb`),
                             fromOrtTensor(results[output], output), output);
      });
    } finally {
      await session.release();
    }
  }

  protocol.main(handle, () => protocol.packageVersion(dir, name));
};
