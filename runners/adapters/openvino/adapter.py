#!/usr/bin/env python3
"""ONNX Conform backend adapter over OpenVINO (PyPI `openvino`, CPU plugin;
docs/backend-protocol.md):

    python adapter.py --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
    python adapter.py --serve      (persistent: one JSON request per stdin line)
    python adapter.py --version    ("openvino 2026.4.1", as pip installed it)

Each model is read by OpenVINO's ONNX frontend (Core.read_model) and
compiled for the CPU plugin on one thread with EXECUTION_MODE_HINT=ACCURACY:
the plugin otherwise computes float32 models in bfloat16 on CPUs that have
it (AVX512-BF16, AMX), so results would depend on the machine. Inputs and
outputs are matched by their ONNX names. Element types numpy lacks
(bfloat16, float8, 4-bit) go in and out as their bytes. Exit 3 when
OpenVINO lacks an operator, a conversion or a type; exit 1 for anything
else, the reason on stderr.
"""

import re
import sys
from pathlib import Path

# `import openvino` imports openvino.tools.ovc, which sends a usage event to
# Google Analytics through openvino_telemetry unless CI=true or a consent
# file declines it. An adapter sends nothing anywhere: with the module
# unimportable, OpenVINO takes its own stub (ovc/telemetry_utils.py falls
# back to telemetry_stub on ImportError).
sys.modules['openvino_telemetry'] = None

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
import exec_protocol  # noqa: E402

import numpy as np  # noqa: E402
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

# OpenVINO element types numpy has no type for, by name, and their ONNX type.
OPENVINO_TO_ONNX = {
    'bf16': TensorProto.BFLOAT16,
    'f8e4m3': TensorProto.FLOAT8E4M3FN,
    'f8e5m2': TensorProto.FLOAT8E5M2,
    'f8e8m0': TensorProto.FLOAT8E8M0,
    'i4': TensorProto.INT4,
    'u4': TensorProto.UINT4,
    'f4e2m1': TensorProto.FLOAT4E2M1,
}
ONNX_TO_OPENVINO = {onnx_type: name for name, onnx_type in OPENVINO_TO_ONNX.items()}


class OpenVino(exec_protocol.Runtime):
    name = 'openvino'
    distribution = 'openvino'
    # The ONNX frontend's words for an operator, attribute or type it lacks.
    unsupported = re.compile(r'does not support the following ONNX operations|'
                             r'not supported|unsupported|Not implemented|No conversion rule',
                             re.IGNORECASE)

    def load(self):
        import openvino
        self.ov = openvino
        self.core = openvino.Core()

    def run(self, graph, feeds):
        model = self.core.read_model(graph.path)
        compiled = self.core.compile_model(model, 'CPU', {
            'INFERENCE_NUM_THREADS': 1,
            'NUM_STREAMS': 1,
            'EXECUTION_MODE_HINT': 'ACCURACY',
        })
        request = compiled.create_infer_request()
        for k, port in enumerate(compiled.inputs):
            # A Parameter that is also a graph output (Max of one input) may
            # carry the output's name alone: then its place tells.
            name = next((n for n in port.get_names() if n in feeds),
                        graph.inputs[k].name if k < len(graph.inputs) else None)
            if name is None:
                raise exec_protocol.AdapterError(
                    f'OpenVINO input {sorted(port.get_names())} is none of the graph inputs')
            request.set_tensor(port, self.to_tensor(name, feeds[name]))
        request.infer()
        outputs = []
        for k, graph_output in enumerate(graph.outputs):
            port = next((p for p in compiled.outputs if graph_output.name in p.get_names()),
                        compiled.outputs[k] if k < len(compiled.outputs) else None)
            if port is None:
                raise exec_protocol.AdapterError(f"OpenVINO has no output '{graph_output.name}'")
            outputs.append(self.from_tensor(graph_output.name, request.get_tensor(port)))
        return outputs

    def to_tensor(self, name, value):
        if not isinstance(value, np.ndarray):
            raise exec_protocol.unsupported(f"input '{name}' is a {type(value).__name__}: "
                                            'OpenVINO takes tensors only')
        if value.dtype == object:  # ONNX strings, as bytes
            tensor = self.ov.Tensor(self.ov.Type.string, list(value.shape))
            tensor.bytes_data = [item.encode() if isinstance(item, str) else bytes(item)
                                 for item in value.reshape(-1)]
            return tensor
        if value.dtype.kind != 'V':
            return self.ov.Tensor(np.require(value, requirements='C'))  # keeps 0-D as 0-D
        proto = numpy_helper.from_array(value)  # packed as ONNX stores it
        type_name = ONNX_TO_OPENVINO.get(proto.data_type)
        if type_name is None:
            raise exec_protocol.unsupported(f"input '{name}': OpenVINO has no "
                                            f'{value.dtype} type')
        tensor = self.ov.Tensor(getattr(self.ov.Type, type_name), list(value.shape))
        tensor.data.reshape(-1).view(np.uint8)[:] = np.frombuffer(proto.raw_data, np.uint8)
        return tensor

    def from_tensor(self, name, tensor):
        element_type = tensor.get_element_type()
        type_name = element_type.get_type_name()
        if element_type == self.ov.Type.string:
            return np.array(tensor.bytes_data, dtype=object).reshape(list(tensor.shape))
        if type_name in OPENVINO_TO_ONNX:
            raw = np.array(tensor.data).reshape(-1).view(np.uint8).tobytes()
            return numpy_helper.to_array(
                helper.make_tensor(name, OPENVINO_TO_ONNX[type_name], list(tensor.shape), raw,
                                   raw=True))
        return np.array(tensor.data, copy=True)


if __name__ == '__main__':
    exec_protocol.main(OpenVino())
