// The onnx-conform subcommands. Each takes the arguments after its name and
// the streams to write to (main.cc gives std::cout and std::cerr, tests
// std::ostringstream), and returns the process exit code (kExitOk,
// kExitFailed, kExitUsage from runners/cli/cli.h). Each has a header with
// its options struct and their parser:
//
//   onnx-conform run [flags] PATH...       runners/cli/run_command.h
//   onnx-conform check PATH...             runners/cli/check_command.h
//   onnx-conform schema [OP[-VERSION]]     runners/cli/schema_command.h
//   onnx-conform coverage [PATH...]        runners/cli/coverage_command.h
//   onnx-conform audit [OP] [--from=A] [--to=B] [--model=FILE] [--json]
//                                          runners/cli/audit_command.h
//   onnx-conform bodies [PATH...]          runners/cli/bodies_command.h
//   onnx-conform explore [--backend=...]   runners/cli/explore_command.h
//   onnx-conform merge REPORT.json...      runners/cli/merge_command.h
//   onnx-conform judge REPORT.json [CASE...]  runners/cli/judge_command.h
//   onnx-conform show CASE                 runners/cli/show_command.h
//   onnx-conform adequacy [PATH...]        runners/cli/adequacy_command.h
//
//   std::ostringstream out, err;
//   int code = CheckCommand({"--json", "model.onnx"}, out, err);
#ifndef ONNX_CONFORM_RUNNERS_COMMANDS_H_
#define ONNX_CONFORM_RUNNERS_COMMANDS_H_

#include "runners/cli/adequacy_command.h"
#include "runners/cli/audit_command.h"
#include "runners/cli/bodies_command.h"
#include "runners/cli/check_command.h"
#include "runners/cli/coverage_command.h"
#include "runners/cli/explore_command.h"
#include "runners/cli/judge_command.h"
#include "runners/cli/merge_command.h"
#include "runners/cli/run_command.h"
#include "runners/cli/schema_command.h"
#include "runners/cli/show_command.h"

#endif  // ONNX_CONFORM_RUNNERS_COMMANDS_H_
