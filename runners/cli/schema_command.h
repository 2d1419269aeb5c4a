// `onnx-conform schema [--json] [--opset N] [--changes] [OP[-VERSION]...]`:
// its options, their parser, and the command, which prints the schema
// registry on `out`.
//
//   absl::StatusOr<SchemaOptions> options = ParseSchemaOptions({"--opset", "10", "Min"});
//   // options->opset == 10, options->names == {"Min"}
//   int code = SchemaCommand({"Clip-11"}, std::cout, std::cerr);
#ifndef ONNX_CONFORM_RUNNERS_CLI_SCHEMA_COMMAND_H_
#define ONNX_CONFORM_RUNNERS_CLI_SCHEMA_COMMAND_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace onnx_conform {

struct SchemaOptions {
  bool help = false;               // --help, -h
  bool json = false;               // --json: JSON instead of Markdown-like text
  int64_t opset = 0;               // --opset N: for each OP, the version serving opset N
  bool changes = false;            // --changes: what each version changes from the previous
  std::vector<std::string> names;  // OP or OP-VERSION; none: every operator
};

// InvalidArgument for an unknown flag, a bad value or a negative --opset.
absl::StatusOr<SchemaOptions> ParseSchemaOptions(const std::vector<std::string>& args);

// Exit kExitOk, or kExitUsage for bad usage and unknown operators or versions.
int SchemaCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_CLI_SCHEMA_COMMAND_H_
