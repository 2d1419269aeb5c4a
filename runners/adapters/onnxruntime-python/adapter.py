#!/usr/bin/env python3
"""ONNX Conform backend adapter over onnxruntime's Python package (PyPI
`onnxruntime`, CPU execution provider; docs/backend-protocol.md):

    python adapter.py --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
    python adapter.py --serve      (persistent: one JSON request per stdin line)
    python adapter.py --version    ("onnxruntime 1.32.0", as pip installed it)

One session per case, on one thread. Element types numpy has no type for
(bfloat16, float8, 4-bit) reach onnxruntime as OrtValues made from their
bytes, and come back the same way. Exit 3 when onnxruntime has no kernel
for the model; exit 1 for anything else, the reason on stderr.
"""

import ctypes
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
import exec_protocol  # noqa: E402

import numpy as np  # noqa: E402
from onnx import helper, numpy_helper  # noqa: E402


def is_numpy_native(value) -> bool:
    """Whether onnxruntime's numpy conversion takes `value` as it is."""
    return not isinstance(value, np.ndarray) or value.dtype.kind != 'V'


class OnnxruntimePython(exec_protocol.Runtime):
    name = 'onnxruntime-python'
    distribution = 'onnxruntime'
    # Errors onnxruntime raises when it lacks a kernel or an operator version
    # (as runners/adapters/common/ort_adapter.js reads them).
    unsupported = re.compile(r'NOT_IMPLEMENTED|Could not find an implementation|'
                             r'is not a registered function|No opset import for domain|'
                             r'not supported', re.IGNORECASE)

    def load(self):
        import onnxruntime
        # The refusal reaches us as the exception; onnxruntime's own log
        # would repeat it on stderr.
        onnxruntime.set_default_logger_severity(4)
        self.ort = onnxruntime

    def run(self, graph, feeds):
        options = self.ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.log_severity_level = 4
        session = self.ort.InferenceSession(graph.path, options,
                                            providers=['CPUExecutionProvider'])
        names = [output.name for output in session.get_outputs()]
        exotic_output = any(re.fullmatch(r'tensor\((bfloat16|float8.*|u?int[24]|float4.*)\)',
                                         output.type) for output in session.get_outputs())
        if all(is_numpy_native(value) for value in feeds.values()) and not exotic_output:
            return session.run(names, feeds)
        values = session.run_with_ort_values(
            names, {name: self.to_ort_value(name, value) for name, value in feeds.items()})
        return [self.from_ort_value(name, value) for name, value in zip(names, values)]

    def to_ort_value(self, name, value):
        if not isinstance(value, np.ndarray):
            raise exec_protocol.unsupported(
                f"input '{name}': onnxruntime takes OrtValues of tensors only when another "
                'input or output has a type numpy lacks')
        if is_numpy_native(value):
            return self.ort.OrtValue.ortvalue_from_numpy(np.require(value, requirements='C'))
        proto = numpy_helper.from_array(value)  # packed as ONNX stores it
        ort_value = self.ort.OrtValue.ortvalue_from_shape_and_type(list(value.shape),
                                                                   proto.data_type)
        if len(proto.raw_data) != ort_value.tensor_size_in_bytes():
            raise exec_protocol.AdapterError(f"input '{name}': {len(proto.raw_data)} bytes, "
                                             f'onnxruntime wants {ort_value.tensor_size_in_bytes()}')
        if proto.raw_data:
            ctypes.memmove(ort_value.data_ptr(), proto.raw_data, len(proto.raw_data))
        return ort_value

    def from_ort_value(self, name, ort_value):
        if not ort_value.is_tensor():
            raise exec_protocol.unsupported(f"output '{name}': only tensors are read back from "
                                            'OrtValues')
        try:
            return ort_value.numpy()
        except Exception:  # no numpy type: read its bytes as a TensorProto does
            size = ort_value.tensor_size_in_bytes()
            raw = ctypes.string_at(ort_value.data_ptr(), size) if size else b''
            proto = helper.make_tensor(name, ort_value.element_type(), ort_value.shape(), raw,
                                       raw=True)
            return numpy_helper.to_array(proto)


if __name__ == '__main__':
    exec_protocol.main(OnnxruntimePython())
