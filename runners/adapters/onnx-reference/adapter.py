#!/usr/bin/env python3
"""ONNX Conform backend adapter over ONNX's own reference implementation,
onnx.reference.ReferenceEvaluator (PyPI `onnx`; docs/backend-protocol.md):

    python adapter.py --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
    python adapter.py --serve      (persistent: one JSON request per stdin line)
    python adapter.py --version    ("onnx 1.23.2", as pip installed it)

The evaluator is given the model file as it is (no onnx.checker first: what
it accepts or refuses is its own). Its outputs are written with the element
type numpy gives them, never cast to what the graph declares. Exit 3 when
it has no implementation of an operator or of its version; exit 1 for
anything else, the reason on stderr.
"""

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
import exec_protocol  # noqa: E402


class OnnxReference(exec_protocol.Runtime):
    name = 'onnx-reference'
    distribution = 'onnx'
    # How the evaluator says that it lacks an operator or a type.
    unsupported = re.compile(r'^NotImplementedError:|No implementation for operator')

    def load(self):
        from onnx.reference import ReferenceEvaluator
        self.evaluator = ReferenceEvaluator

    def run(self, graph, feeds):
        return self.evaluator(graph.path).run(None, feeds)


if __name__ == '__main__':
    exec_protocol.main(OnnxReference())
