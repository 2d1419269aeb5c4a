// onnx-conform: conformance tests and reference checker for ONNX operators.
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "reference/resource_limits.h"
#include "reference/vector_isa.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"

namespace {

constexpr char kUsage[] =
    "usage: onnx-conform COMMAND [flags] [ARGS...]\n"
    "commands:\n"
    "  run PATH...              run cases on a backend and report pass/fail per case\n"
    "  check PATH...            validate models and test data against the schema registry\n"
    "  schema [OP[-VERSION]]    print the schema registry\n"
    "  coverage [PATH...]       operator x version x type coverage of a case library\n"
    "  audit [OP] [--from=A] [--to=B] [--model=FILE] [--json]\n"
    "  bodies [PATH...]   (function bodies against the operators' reference)\n"
    "                           what changes between opsets: schema, behaviour, ONNX's converter\n"
    "  explore [--backend=...] [--op=OP] [--cases=N | --seconds=S] [--seed=K] [--out=DIR]\n"
    "                           random cases on a backend and the reference, each\n"
    "                           disagreement shrunk to a minimal case\n"
    "  merge REPORT.json...     one scoreboard of several reports: backends side by side,\n"
    "                           failures grouped by cause\n"
    "  judge REPORT.json [CASE...] [--op=OP]\n"
    "                           a finished run's verdict on some of its cases, from its report\n"
    "  show CASE [--backend=B]  a case: metadata, spec quote, inputs, expected outputs,\n"
    "                           and a backend's outputs with the elements that differ\n"
    "  adequacy [PATH...]       how many planted backend bugs the cases catch, per bug\n"
    "Run 'onnx-conform COMMAND --help' for a command's flags.\n"
    "environment:\n"
    "  ONNX_CONFORM_VECTOR_ISA=baseline|avx2|avx512\n"
    "                           cap the vector instructions the reference kernels use\n"
    "                           (default: the widest the CPU has)\n";

int RunSubcommand(const std::string& command, const std::vector<std::string>& args) {
  if (command == "run") return onnx_conform::RunCommand(args, std::cout, std::cerr);
  if (command == "check") return onnx_conform::CheckCommand(args, std::cout, std::cerr);
  if (command == "schema") return onnx_conform::SchemaCommand(args, std::cout, std::cerr);
  if (command == "coverage") return onnx_conform::CoverageCommand(args, std::cout, std::cerr);
  if (command == "audit") return onnx_conform::AuditCommand(args, std::cout, std::cerr);
  if (command == "bodies") return onnx_conform::BodiesCommand(args, std::cout, std::cerr);
  if (command == "explore") return onnx_conform::ExploreCommand(args, std::cout, std::cerr);
  if (command == "merge") return onnx_conform::MergeCommand(args, std::cout, std::cerr);
  if (command == "judge") return onnx_conform::JudgeCommand(args, std::cout, std::cerr);
  if (command == "adequacy") return onnx_conform::AdequacyCommand(args, std::cout, std::cerr);
  if (command == "show") return onnx_conform::ShowCommand(args, std::cout, std::cerr);
  std::cerr << "onnx-conform: unknown command '" << command << "'\n" << kUsage;
  return onnx_conform::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return onnx_conform::kExitUsage;
  }
  const std::string command = argv[1];
  const std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return onnx_conform::kExitOk;
  }
  // Refused before anything runs, rather than reported by the first kernel.
  if (absl::Status isa = onnx_conform::CheckVectorIsaVariable(); !isa.ok()) {
    std::cerr << "onnx-conform: " << isa.message() << "\n";
    return onnx_conform::kExitUsage;
  }
  // Every command turns running out of memory on a case into that case's
  // error; anything left (outside any case) ends the command with exit 1
  // and a message, never an abort.
  try {
    return RunSubcommand(command, args);
  } catch (const std::bad_alloc&) {
    std::cout.flush();
    std::cerr << "\nonnx-conform " << command << ": " << onnx_conform::OutOfMemoryMessage() << "\n";
    return onnx_conform::kExitFailed;
  }
}
