// Renders registry schemas for people (Markdown-like text) and for tools
// (JSON), as `onnx-conform schema` prints them.
//
//   std::cout << SchemaToText(*FindSchemaVersion("Clip", 11));
//   std::cout << SchemasToJson(AllSchemas());
#ifndef ONNX_CONFORM_CHECKER_SCHEMA_PRINTER_H_
#define ONNX_CONFORM_CHECKER_SCHEMA_PRINTER_H_

#include <span>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "checker/schema.h"

namespace onnx_conform {

// "## Clip-11" then summary, inputs, outputs, attributes, type constraints
// and rules, one item a line.
std::string SchemaToText(const OpSchema& schema);

// {"schemas": [{"op_type": "Clip", "since_version": 11, ...}, ...]}
std::string SchemasToJson(std::span<const OpSchema* const> schemas);

// What changes from `older` to `newer` (two versions of one operator), one
// sentence each: types, inputs, outputs, attributes, rules. For audits of an
// opset upgrade: `onnx-conform schema Clip --changes`.
std::vector<std::string> SchemaChanges(const OpSchema& older, const OpSchema& newer);

// A JSON string literal, quotes included.
std::string JsonString(absl::string_view text);

// The default value as the texts print it: "0", "3.40282347e+38", "[1, 2]".
std::string AttrValueToString(const AttrValue& value);

// "single", "optional" or "variadic".
std::string OptionName(ParamOption option);

// A count of inputs or outputs: "2", or "1 to 3".
std::string RangeText(int min, int max);

// "float, int32": the types' names, comma-separated.
std::string TypeNames(std::span<const ElementType> types);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CHECKER_SCHEMA_PRINTER_H_
