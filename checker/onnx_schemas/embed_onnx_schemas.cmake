# Encodes onnx_schemas.textproto to binary with protoc and writes a C++
# file holding the bytes, so that the checker carries ONNX's definitions
# without reading a file at run time. Run by checker/CMakeLists.txt:
#
#   cmake -DPROTOC=protoc -DPROTO_DIR=checker/onnx_schemas -DTEXT=.../onnx_schemas.textproto
#         -DBINARY=.../onnx_schemas.binpb -DOUTPUT=.../onnx_schemas_data.cc
#         -P embed_onnx_schemas.cmake
foreach(var PROTOC PROTO_DIR TEXT BINARY OUTPUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "embed_onnx_schemas.cmake: ${var} is not set")
  endif()
endforeach()

execute_process(
  COMMAND "${PROTOC}" --encode=onnx_conform.onnx_schemas.SchemaSet "-I${PROTO_DIR}"
          onnx_schemas.proto
  INPUT_FILE "${TEXT}"
  OUTPUT_FILE "${BINARY}"
  ERROR_VARIABLE protoc_error
  RESULT_VARIABLE protoc_result)
if(NOT protoc_result EQUAL 0)
  message(FATAL_ERROR "${TEXT} does not parse as a SchemaSet:\n${protoc_error}")
endif()

file(READ "${BINARY}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR size "${hex_length} / 2")
# 0x.. per byte, 32 bytes a line.
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from checker/onnx_schemas/onnx_schemas.textproto by\n"
  "// checker/onnx_schemas/embed_onnx_schemas.cmake: do not edit.\n"
  "#include <cstddef>\n\n"
  "namespace onnx_conform::internal {\n\n"
  "extern const unsigned char kOnnxSchemasBinary[];\n"
  "extern const size_t kOnnxSchemasBinarySize;\n"
  "const unsigned char kOnnxSchemasBinary[] = {\n${bytes}\n};\n"
  "const size_t kOnnxSchemasBinarySize = ${size};\n\n"
  "}  // namespace onnx_conform::internal\n")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
