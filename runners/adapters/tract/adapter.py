#!/usr/bin/env python3
"""ONNX Conform backend adapter over tract (PyPI `tract`, Sonos' Rust
inference engine, through its Python bindings; docs/backend-protocol.md):

    python adapter.py --model CASE/model.onnx --output-dir DIR INPUT_0.pb ...
    python adapter.py --serve      (persistent: one JSON request per stdin line)
    python adapter.py --version    ("tract 0.23.9", as pip installed it)

Each model is loaded with tract.onnx().load(), typed and decluttered
(into_model) and made runnable on tract's default CPU runtime, as tract's
own example does. An input whose type or rank the graph leaves unknown gets
its fact from the data. tract's bindings carry booleans, integers, float16,
float and double only: an input of another type is unsupported (exit 3), and
so is a model tract cannot translate for want of an operator, or because an
input that decides a shape is a graph input where tract needs a constant
(NEEDS_CONSTANT); exit 1 for anything else, the reason on stderr.
"""

import os
import re
import sys
from pathlib import Path

# tract's errors capture a Rust backtrace when RUST_BACKTRACE is set: slow,
# and frames the message does not need.
os.environ['RUST_BACKTRACE'] = '0'
os.environ['RUST_LIB_BACKTRACE'] = '0'

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
import exec_protocol  # noqa: E402

import numpy as np  # noqa: E402

# numpy kinds and sizes tract's DatumType has (tract/tensor.py).
TRACT_DATUM = {('b', 1): 'bool', ('u', 1): 'u8', ('u', 2): 'u16', ('u', 4): 'u32',
               ('u', 8): 'u64', ('i', 1): 'i8', ('i', 2): 'i16', ('i', 4): 'i32',
               ('i', 8): 'i64', ('f', 2): 'f16', ('f', 4): 'f32', ('f', 8): 'f64'}

# tract types and optimizes the whole graph before it runs, so an input that
# decides a shape (Reshape's shape, Squeeze's axes, Slice's steps, Resize's
# sizes, ...) must be an initializer or a Constant: each of its refusals for
# want of one, word for word as tract 0.23 says it, is `unsupported`. Its
# other failures stay errors (Compress and OneHot still fail with their
# condition or depth made an initializer, and so does Slice's dead
# SymbolScope). ONNX 1.12's official tests that these phrases refuse pass
# once their inputs are initializers, save dynamicquantizelinear_expanded's,
# whose y_scale the graph computes: tract cannot load them at all.
NEEDS_CONSTANT = ('|'.join([
    r'shape input is variable',                       # Reshape, Expand, Tile, ...
    r'Need (axes|splits) to be a constant',           # Squeeze, Split
    r'expected axes as a constant',                   # Reduce*, Unsqueeze
    r'Axis expected to be a const\b',                 # CumSum
    r'y_scale must be a const\b',                     # QuantizeLinear, DequantizeLinear
    r'StridedSlice is typable only if (stride|axis) is a const\b',  # Slice
    r'Params are not const\b',                        # BatchNormalization
    r'Expect padding to be constant',                 # Pad
    r'Pad constant input must be constant',
    r'Expect constant input size',                    # the window operators
    r'STFT expects a constant (frame length|window)',
    r'Expect all inputs to be constants',             # MelWeightMatrix
    # Resize with neither sizes nor (non-empty) scales known before it runs.
    r'Neither sizes nor scales makes sense: .*scale: (None|Some\(0,\w+ \)), sizes: None',
]))


class Tract(exec_protocol.Runtime):
    name = 'tract'
    distribution = 'tract'
    # tract's words for an operator, attribute or type it lacks, and for an
    # input it needs as a constant (NEEDS_CONSTANT).
    unsupported = re.compile(r'Unimplemented|not implemented|unsupported|not supported|'
                             r'Unknown DatumType|' + NEEDS_CONSTANT, re.IGNORECASE)

    def load(self):
        import tract
        self.tract = tract

    def datum(self, name, value):
        if not isinstance(value, np.ndarray):
            raise exec_protocol.unsupported(f"input '{name}' is a {type(value).__name__}: "
                                            "tract's bindings take tensors only")
        datum = TRACT_DATUM.get((value.dtype.kind, value.dtype.itemsize))
        if datum is None:
            raise exec_protocol.unsupported(f"input '{name}': tract's bindings have no "
                                            f'{value.dtype} type')
        return datum

    def run(self, graph, feeds):
        model = self.tract.onnx().load(graph.path)
        names = [model.input_name(i) for i in range(model.input_count())]
        missing = [name for name in names if name not in feeds]
        if missing:
            raise exec_protocol.AdapterError(f'tract inputs {missing} are none of the graph '
                                             'inputs')
        for i, name in enumerate(names):
            datum = self.datum(name, feeds[name])
            if re.search(r'\?|\.\.', str(model.input_fact(i))):
                shape = ','.join(str(d) for d in feeds[name].shape)
                model.set_input_fact(i, f'{shape},{datum}' if shape else datum)
        runnable = model.into_model().into_runnable()
        results = runnable.run([feeds[name] for name in names])
        return [result.to_numpy() for result in results]


if __name__ == '__main__':
    exec_protocol.main(Tract())
