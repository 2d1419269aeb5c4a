#!/usr/bin/env python3
"""Writes onnx_schemas.textproto: every operator version ONNX defines.

Reads onnx.defs.get_all_schemas_with_history() of the installed `onnx`
package and prints one SchemaSet (onnx_schemas.proto) in protobuf text
format, sorted by domain, operator and version, so that the file changes
only where ONNX's definitions do. The build embeds the file; it never runs
Python. Regenerate after installing a newer `onnx`:

    python3 checker/onnx_schemas/generate_onnx_schemas.py \
        > checker/onnx_schemas/onnx_schemas.textproto

Example entry:

    schema {
      op_type: "Add"
      since_version: 14
      input { name: "A" type: "T" }
      ...
    }
"""

import re
import sys

import numpy
import onnx
import onnx.defs
from onnx import AttributeProto

OPTION_NAMES = {
    onnx.defs.OpSchema.FormalParameterOption.Single: "SINGLE",
    onnx.defs.OpSchema.FormalParameterOption.Optional: "OPTIONAL",
    onnx.defs.OpSchema.FormalParameterOption.Variadic: "VARIADIC",
}

# Longest description kept: the first sentence is meant, not the text.
MAX_DESCRIPTION = 300


def quote(text):
    """A text-format string literal (C escapes; bytes as octal)."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    out = []
    for byte in data:
        char = chr(byte)
        if char == '"':
            out.append('\\"')
        elif char == "\\":
            out.append("\\\\")
        elif char == "\n":
            out.append("\\n")
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append("\\%03o" % byte)
    return '"' + "".join(out) + '"'


def float_text(value):
    """The shortest text that reads back as the same float32."""
    text = str(numpy.float32(value))
    return text


def first_sentence(doc):
    """The first sentence of a doc string's first paragraph, one line."""
    paragraph = ""
    for block in re.split(r"\n\s*\n", doc.strip()):
        if block.strip():
            paragraph = " ".join(block.split())
            break
    match = re.match(r"(.+?[.!?])(\s|$)", paragraph)
    sentence = match.group(1) if match else paragraph
    if len(sentence) > MAX_DESCRIPTION:
        sentence = sentence[: MAX_DESCRIPTION - 3].rstrip() + "..."
    return sentence


class Writer:
    def __init__(self, out):
        self.out = out
        self.depth = 0

    def line(self, text):
        self.out.write("  " * self.depth + text + "\n")

    def field(self, name, value):
        self.line("%s: %s" % (name, value))

    def open(self, name):
        self.line(name + " {")
        self.depth += 1

    def close(self):
        self.depth -= 1
        self.line("}")


def write_parameter(w, kind, param):
    w.open(kind)
    w.field("name", quote(param.name))
    w.field("type", quote(param.type_str))
    option = OPTION_NAMES[param.option]
    if option != "SINGLE":
        w.field("option", option)
    if option == "VARIADIC":
        if not param.is_homogeneous:
            w.field("heterogeneous", "true")
        w.field("min_arity", str(param.min_arity))
    description = first_sentence(param.description)
    if description:
        w.field("description", quote(description))
    w.close()


def write_default(w, attr_type, value):
    """The default in the field its type names, or the whole proto."""
    w.open("default_value")
    if attr_type == AttributeProto.FLOAT:
        w.field("f", float_text(value.f))
    elif attr_type == AttributeProto.INT:
        w.field("i", str(value.i))
    elif attr_type == AttributeProto.STRING:
        w.field("s", quote(value.s))
    elif attr_type == AttributeProto.FLOATS:
        for f in value.floats:
            w.field("floats", float_text(f))
    elif attr_type == AttributeProto.INTS:
        for i in value.ints:
            w.field("ints", str(i))
    elif attr_type == AttributeProto.STRINGS:
        for s in value.strings:
            w.field("strings", quote(s))
    else:
        w.field("attribute_proto", quote(value.SerializeToString(deterministic=True)))
    w.close()


def write_schema(w, schema):
    w.open("schema")
    if schema.domain:
        w.field("domain", quote(schema.domain))
    w.field("op_type", quote(schema.name))
    w.field("since_version", str(schema.since_version))
    if schema.deprecated:
        w.field("deprecated", "true")
    summary = first_sentence(schema.doc or "")
    if summary:
        w.field("summary", quote(summary))
    for param in schema.inputs:
        write_parameter(w, "input", param)
    for param in schema.outputs:
        write_parameter(w, "output", param)
    for name in sorted(schema.attributes):
        attr = schema.attributes[name]
        attr_type = int(attr.type.value)
        w.open("attribute")
        w.field("name", quote(name))
        w.field("type", AttributeProto.AttributeType.Name(attr_type))
        if attr.required:
            w.field("required", "true")
        if attr.default_value.type != AttributeProto.UNDEFINED:
            if attr.default_value.type != attr_type:
                sys.exit("%s-%d: attribute %s's default is of another type"
                         % (schema.name, schema.since_version, name))
            write_default(w, attr_type, attr.default_value)
        description = first_sentence(attr.description)
        if description:
            w.field("description", quote(description))
        w.close()
    for constraint in schema.type_constraints:
        w.open("type_constraint")
        w.field("type_param", quote(constraint.type_param_str))
        for allowed in constraint.allowed_type_strs:
            w.field("allowed_type", quote(allowed))
        description = first_sentence(constraint.description)
        if description:
            w.field("description", quote(description))
        w.close()
    if schema.has_function:
        w.field("has_function", "true")
    if schema.has_context_dependent_function:
        w.field("has_context_dependent_function", "true")
    if schema.has_type_and_shape_inference_function:
        w.field("has_shape_inference", "true")
    w.close()


def check_arity(schema):
    """The checker computes arity from the parameters: it must agree."""
    def bounds(params):
        low = high = 0
        for param in params:
            option = OPTION_NAMES[param.option]
            if option == "SINGLE":
                high += 1
                low = high
            elif option == "OPTIONAL":
                high += 1
            else:
                low = high + param.min_arity
                high = 2**31 - 1
        return low, high

    if bounds(schema.inputs) != (schema.min_input, schema.max_input) or bounds(
        schema.outputs
    ) != (schema.min_output, schema.max_output):
        sys.exit("%s-%d: arity not derived from its parameters" % (schema.name, schema.since_version))


def main():
    schemas = sorted(
        onnx.defs.get_all_schemas_with_history(),
        key=lambda s: (s.domain, s.name, s.since_version),
    )
    out = sys.stdout
    out.write("# proto-file: checker/onnx_schemas/onnx_schemas.proto\n")
    out.write("# proto-message: onnx_conform.onnx_schemas.SchemaSet\n")
    out.write("#\n")
    out.write("# Every operator version ONNX %s defines (%d schemas), generated by\n"
              % (onnx.__version__, len(schemas)))
    out.write("# checker/onnx_schemas/generate_onnx_schemas.py: do not edit. Regenerate with\n")
    out.write("#   python3 checker/onnx_schemas/generate_onnx_schemas.py \\\n")
    out.write("#       > checker/onnx_schemas/onnx_schemas.textproto\n")
    out.write("# (with the `onnx` package of the release wanted installed).\n")
    w = Writer(out)
    w.field("onnx_version", quote(onnx.__version__))
    w.field("newest_opset", str(onnx.defs.onnx_opset_version()))
    for schema in schemas:
        check_arity(schema)
        write_schema(w, schema)


if __name__ == "__main__":
    main()
