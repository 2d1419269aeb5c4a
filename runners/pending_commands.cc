// Subcommands whose implementation has not landed yet: they say so plainly.
#include <iostream>

#include "runners/cli.h"
#include "runners/commands.h"

namespace onnx_conform {

int CheckCommand(const std::vector<std::string>&) {
  std::cerr << "onnx-conform check: not available in this build yet\n";
  return kExitUsage;
}
int SchemaCommand(const std::vector<std::string>&) {
  std::cerr << "onnx-conform schema: not available in this build yet\n";
  return kExitUsage;
}
int CoverageCommand(const std::vector<std::string>&) {
  std::cerr << "onnx-conform coverage: not available in this build yet\n";
  return kExitUsage;
}

}  // namespace onnx_conform
