"""The exec-adapter protocol (docs/backend-protocol.md) for Python adapters.

Each adapter is the runtime-specific part: a Runtime whose run() takes the
model and its inputs as numpy values and returns the outputs in graph order;
this module does the rest (arguments, reading input_K.pb and writing
output_K.pb with onnx's numpy_helper, exit statuses, --version, the --serve
loop):

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'common'))
    import exec_protocol

    class Tract(exec_protocol.Runtime):
        name = 'tract'           # the backend, in messages
        distribution = 'tract'   # --version: "tract 0.23.9", as pip installed it
        unsupported = re.compile(r'not supported|unimplemented', re.I)

        def load(self):          # imported on the first case, not for --version
            import tract
            self.tract = tract

        def run(self, graph, feeds):  # feeds: {input name: value}
            ...
            return [outputs in graph order]

    exec_protocol.main(Tract())

Values follow the graph's declared types, as ONNX's own test data does: a
tensor is a numpy array (bfloat16, float8 and 4-bit types as ml_dtypes
arrays), a sequence a list, an optional None or its value, a map a dict.
Exit 3 (unsupported) for an AdapterError(..., EXIT_UNSUPPORTED) or an
exception whose message Runtime.unsupported matches: the runtime cannot load
or run the model for want of an operator, a kernel or a type. Exit 1 for
anything else, the reason on stderr (or in the --serve reply).
"""

import importlib.metadata
import json
import os
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

# One thread per server: the runner runs one server per parallel job.
for _variable in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS'):
    os.environ.setdefault(_variable, '1')

import numpy as np  # noqa: E402  (after the thread settings above)
import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402

EXIT_UNSUPPORTED = 3

# A --serve reply line must stay far below the runner's 1 MiB limit.
MAX_MESSAGE_CHARS = 16384


class AdapterError(Exception):
    """A failure with the protocol's exit status: 3 unsupported, else error."""

    def __init__(self, message: str, exit_code: int = 1):
        super().__init__(message)
        self.exit_code = exit_code


def unsupported(message: str) -> AdapterError:
    return AdapterError(message, EXIT_UNSUPPORTED)


@dataclass(frozen=True)
class Port:
    """A graph input (not an initializer) or output: its name and type."""
    name: str
    type: onnx.TypeProto

    def kind(self) -> Optional[str]:
        """'tensor_type', 'sequence_type', 'optional_type', 'map_type', ...

        None when the graph does not declare the type.
        """
        return self.type.WhichOneof('value')


@dataclass
class Graph:
    """The model as the request names it, parsed without its external data."""
    path: str
    model: onnx.ModelProto
    inputs: list
    outputs: list


class Runtime:
    """The runtime-specific part of an adapter (see the module text)."""
    name = ''
    distribution = ''
    # Messages that mean the runtime lacks an operator, kernel or type.
    unsupported: Optional[re.Pattern] = None

    def load(self) -> None:
        """Imports the runtime; called once, before the first case."""

    def run(self, graph: Graph, feeds: dict) -> list:
        raise NotImplementedError

    def version(self) -> str:
        return f'{self.distribution} {importlib.metadata.version(self.distribution)}'


def read_graph(path: str) -> Graph:
    try:
        model = onnx.load(path, load_external_data=False)
    except Exception as error:  # a DecodeError, or an unreadable file
        raise AdapterError(f'{path}: not an ONNX model: {error}') from error
    initializers = {tensor.name for tensor in model.graph.initializer}
    inputs = [Port(value.name, value.type) for value in model.graph.input
              if value.name not in initializers]
    outputs = [Port(value.name, value.type) for value in model.graph.output]
    return Graph(path, model, inputs, outputs)


# The proto each declared kind is stored as (as onnx/backend/test/cmd_tools.py
# writes them), and how numpy_helper turns it into a value.
_READERS = {
    'sequence_type': (onnx.SequenceProto, numpy_helper.to_list),
    'optional_type': (onnx.OptionalProto, numpy_helper.to_optional),
    'map_type': (onnx.MapProto, numpy_helper.to_dict),
}


def read_value(file: str, port: Port) -> Any:
    """input_K.pb, as the graph input `port` declares it."""
    proto_type, convert = _READERS.get(port.kind(), (onnx.TensorProto, numpy_helper.to_array))
    proto = proto_type()
    try:
        proto.ParseFromString(Path(file).read_bytes())
    except Exception as error:
        raise AdapterError(f'{file}: not a {proto_type.__name__}: {error}') from error
    if proto_type is onnx.TensorProto and proto.data_location == onnx.TensorProto.EXTERNAL:
        raise unsupported(f'{file}: this adapter reads no input with external data')
    try:
        return convert(proto)
    except Exception as error:
        raise AdapterError(f'{file}: cannot decode {proto_type.__name__}: {error}') from error


def _value_kind(value: Any) -> str:
    if isinstance(value, list):
        return 'sequence_type'
    if isinstance(value, dict):
        return 'map_type'
    if value is None:
        return 'optional_type'
    return 'tensor_type'


def encode_value(value: Any, port: Port):
    """A runtime's output as the proto the graph output `port` declares."""
    kind = port.kind() or _value_kind(value)
    got = _value_kind(value)
    if kind == 'tensor_type':
        if got != 'tensor_type':
            raise AdapterError(f"output '{port.name}' is a tensor, the runtime gave "
                               f'{type(value).__name__}')
        return numpy_helper.from_array(np.asarray(value), port.name)
    if kind == 'sequence_type':
        if got != 'sequence_type':
            raise AdapterError(f"output '{port.name}' is a sequence, the runtime gave "
                               f'{type(value).__name__}')
        return numpy_helper.from_list([np.asarray(v) if _value_kind(v) == 'tensor_type' else v
                                       for v in value], port.name)
    if kind == 'optional_type':
        if got == 'tensor_type':
            value = np.asarray(value)
        return numpy_helper.from_optional(value, port.name)
    if kind == 'map_type':
        return numpy_helper.from_dict(value, port.name)
    raise unsupported(f"output '{port.name}' has type {kind}, which this adapter cannot write")


@dataclass
class Request:
    model: str
    output_dir: str
    inputs: list


def parse_args(args: list) -> Request:
    if len(args) < 4 or args[0] != '--model' or args[2] != '--output-dir':
        raise AdapterError('usage: adapter.py --model MODEL --output-dir DIR INPUT.pb...')
    return Request(args[1], args[3], list(args[4:]))


def _print_traceback(error: Exception) -> None:
    """With ONNX_CONFORM_ADAPTER_TRACEBACK=1, where a failure came from.

    Off by default: the message names the exception, and the frames inside
    a runtime would fill the reports.
    """
    if os.environ.get('ONNX_CONFORM_ADAPTER_TRACEBACK') == '1':
        traceback.print_exception(error, file=sys.stderr)


class _Adapter:
    """A Runtime behind the protocol: loads it once, runs requests."""

    def __init__(self, runtime: Runtime):
        self.runtime = runtime
        self.loaded = False

    def handle(self, args: list) -> None:
        request = parse_args(args)
        if not self.loaded:
            try:
                self.runtime.load()
            except Exception as error:
                raise AdapterError(f'cannot load {self.runtime.name} (./dev.sh test installs it '
                                   f'into build/python-venv): {error}') from error
            self.loaded = True
        graph = read_graph(request.model)
        if len(request.inputs) != len(graph.inputs):
            raise AdapterError(f'the model has {len(graph.inputs)} inputs '
                               f'({", ".join(p.name for p in graph.inputs)}), '
                               f'got {len(request.inputs)} files')
        feeds = {port.name: read_value(file, port)
                 for port, file in zip(graph.inputs, request.inputs)}
        outputs = self.runtime.run(graph, feeds)
        if len(outputs) != len(graph.outputs):
            raise AdapterError(f'{self.runtime.name} gave {len(outputs)} outputs, '
                               f'the graph has {len(graph.outputs)}')
        for k, (port, value) in enumerate(zip(graph.outputs, outputs)):
            proto = encode_value(value, port)
            Path(request.output_dir, f'output_{k}.pb').write_bytes(proto.SerializeToString())

    def outcome(self, error: Exception) -> tuple:
        """(exit status, message) of a failed request."""
        if isinstance(error, AdapterError):
            return error.exit_code, str(error)
        message = f'{type(error).__name__}: {error}'.strip()
        pattern = self.runtime.unsupported
        status = EXIT_UNSUPPORTED if pattern is not None and pattern.search(message) else 1
        return status, f'{self.runtime.name}: {message}'

    def serve(self) -> int:
        """--serve: a JSON request per stdin line, a JSON reply per line.

        Replies go to a private copy of stdout; fd 1 itself is pointed at
        stderr, so that whatever the runtime prints cannot pass for a reply.
        """
        replies = os.fdopen(os.dup(1), 'w', buffering=1, encoding='utf-8')
        sys.stdout.flush()
        os.dup2(2, 1)
        sys.stdout = sys.stderr
        for line in iter(sys.stdin.readline, ''):
            try:
                try:
                    request = json.loads(line)
                except ValueError as error:
                    raise AdapterError(f'not a request: {error}: {line.strip()[:200]}') from error
                if isinstance(request, dict) and request.get('version') is True:
                    reply = {'exit': 0, 'version': self.runtime.version()}
                elif isinstance(request, dict) and isinstance(request.get('args'), list):
                    self.handle(request['args'])
                    reply = {'exit': 0}
                else:
                    raise AdapterError(f'not a request: {line.strip()[:200]}')
            except Exception as error:  # every failure is this request's reply
                status, message = self.outcome(error)
                _print_traceback(error)
                reply = {'exit': status, 'message': message[:MAX_MESSAGE_CHARS]}
            replies.write(json.dumps(reply) + '\n')
        return 0


def main(runtime: Runtime, argv: Optional[list] = None) -> None:
    """The adapter's entry point: --version, --serve or one run."""
    args = sys.argv[1:] if argv is None else argv
    adapter = _Adapter(runtime)
    if args == ['--version']:
        try:
            print(runtime.version())
        except Exception as error:
            print(f'{runtime.name}: no version: {error}', file=sys.stderr)
            sys.exit(1)
        sys.exit(0)
    if args == ['--serve']:
        sys.exit(adapter.serve())
    try:
        adapter.handle(args)
    except Exception as error:
        status, message = adapter.outcome(error)
        _print_traceback(error)
        print(message, file=sys.stderr)
        sys.exit(status)
    sys.exit(0)
