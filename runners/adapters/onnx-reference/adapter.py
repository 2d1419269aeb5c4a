#!/usr/bin/env python3
"""ONNX Conform backend adapter over ONNX's own reference implementation,
onnx.reference.ReferenceEvaluator (PyPI `onnx`; docs/backend-protocol.md):

    python adapter.py --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
    python adapter.py --serve      (persistent: one JSON request per stdin line)
    python adapter.py --version    ("onnx 1.23.2", as pip installed it)

The evaluator is given the model file as it is (no onnx.checker first: what
it accepts or refuses is its own). Its outputs are written with the element
type numpy gives them, never cast to what the graph declares; an optional
tensor, which it holds as a list of one element, is written as an
OptionalProto of that tensor. Exit 3 when it has no implementation of an
operator or of its version; exit 1 for anything else, the reason on stderr.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
import exec_protocol  # noqa: E402


class OnnxReference(exec_protocol.Runtime):
    name = 'onnx-reference'
    distribution = 'onnx'
    # How the evaluator says that it lacks an operator, a version of one, or
    # a type: "No registered implementation for operator 'Scatter'" (no
    # version at all), "No implementation for operator 'Clip' domain '' and
    # version 1" (not that version).
    unsupported = re.compile(r'^NotImplementedError:|No (registered )?implementation for operator')

    def load(self):
        from onnx.reference import ReferenceEvaluator
        self.evaluator = ReferenceEvaluator

    def run(self, graph, feeds):
        outputs = self.evaluator(graph.path).run(None, feeds)
        return [unwrap_optional(value, port) for value, port in zip(outputs, graph.outputs)]


def unwrap_optional(value, port):
    """The evaluator holds an optional as a list of one element
    (onnx/reference/ops/op_optional.py: [x], [None] when empty); the protocol
    writes an OptionalProto of the element itself.

    An optional that did not go through the Optional operator (a graph input
    passed on) is the element itself, as numpy_helper.to_optional gives it:
    a tensor, None, or for an optional sequence a list of tensors. So a list
    is unwrapped only when what it holds is what the optional declares: for
    an optional tensor, a list of at most one tensor; for an optional
    sequence, a list of one list (the sequence) or of None.
    """
    if port.kind() != 'optional_type' or not isinstance(value, list):
        return value
    if port.type.optional_type.elem_type.WhichOneof('value') == 'sequence_type':
        if len(value) == 1 and (value[0] is None or isinstance(value[0], list)):
            return value[0]
        return value
    if len(value) <= 1:
        return value[0] if value else None
    return value


if __name__ == '__main__':
    exec_protocol.main(OnnxReference())
