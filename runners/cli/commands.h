// The onnx-conform subcommands. Each takes the arguments after its name,
// writes to stdout/stderr, and returns the process exit code (kExitOk,
// kExitFailed, kExitUsage from runners/cli/cli.h).
//
//   onnx-conform run [flags] PATH...       runners/cli/run_command.cc
//   onnx-conform check PATH...             runners/cli/check_command.cc
//   onnx-conform schema [OP[-VERSION]]     runners/cli/schema_command.cc
//   onnx-conform coverage [PATH...]        runners/cli/coverage_command.cc
//   onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json]
//                                          runners/cli/audit_command.cc
//   onnx-conform bodies [PATH...]          runners/cli/bodies_command.cc
//   onnx-conform explore [--backend=...]   runners/cli/explore_command.cc
//   onnx-conform merge REPORT.json...      runners/cli/merge_command.cc
//   onnx-conform show CASE                 runners/cli/show_command.cc
#ifndef ONNX_CONFORM_RUNNERS_COMMANDS_H_
#define ONNX_CONFORM_RUNNERS_COMMANDS_H_

#include <string>
#include <vector>

namespace onnx_conform {

int RunCommand(const std::vector<std::string>& args);
int CheckCommand(const std::vector<std::string>& args);
int SchemaCommand(const std::vector<std::string>& args);
int CoverageCommand(const std::vector<std::string>& args);
int AuditCommand(const std::vector<std::string>& args);
int BodiesCommand(const std::vector<std::string>& args);
int ExploreCommand(const std::vector<std::string>& args);
int MergeCommand(const std::vector<std::string>& args);
int ShowCommand(const std::vector<std::string>& args);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_RUNNERS_COMMANDS_H_
