#include "runners/cli/dispatch.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "checker/registry.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "tensor/vector_isa.h"

namespace onnx_conform {
namespace {

constexpr CommandEntry kCommands[] = {
    {"run", "PATH...", "run cases on a backend and report pass/fail per case", RunCommand},
    {"check", "PATH...", "validate models and test data against the schema registry", CheckCommand},
    {"schema", "[OP[-VERSION]...]", "print the schema registry", SchemaCommand},
    {"coverage", "[PATH...]", "operator x version x type coverage of a case library",
     CoverageCommand},
    {"audit", "[OP | --model=FILE]",
     "what changes between opsets: schema, behaviour, ONNX's converter", AuditCommand},
    {"bodies", "[PATH...]", "function bodies (e.g. Clip-13's) against the operators' reference",
     BodiesCommand},
    {"explore", "[--backend=B]", "random cases on a backend and the reference, shrunk",
     ExploreCommand},
    {"merge", "REPORT.json...", "one scoreboard and report of several runs' reports", MergeCommand},
    {"judge", "REPORT.json [CASE...]", "a finished run's verdict on some of its cases",
     JudgeCommand},
    {"show", "CASE", "a case: inputs, expected outputs, a backend's and what differs", ShowCommand},
    {"adequacy", "[PATH...]", "how many planted backend bugs the cases catch, per bug",
     AdequacyCommand},
};

constexpr absl::string_view kFlagScheme =
    "Flags mean the same in every command that takes them:\n"
    "  --backend=reference|exec:COMMAND   --op=OP,...   --version=V,...   --type=T,...\n"
    "  -j N (--jobs)   --quiet   --json (JSON on stdout)   --report-json=FILE\n"
    "  --junit=FILE   --scoreboard-md=FILE   --scoreboard-html=FILE   --title=TEXT\n"
    "Run 'onnx-conform COMMAND --help' for a command's flags.\n";

constexpr absl::string_view kEnvironment =
    "environment:\n"
    "  ONNX_CONFORM_VECTOR_ISA=baseline|avx2|avx512\n"
    "      cap the vector instructions the reference kernels use (default: the widest\n"
    "      the CPU has)\n";

}  // namespace

std::span<const CommandEntry> CommandTable() { return kCommands; }

std::string MainUsage() {
  size_t width = 0;
  for (const CommandEntry& c : kCommands) {
    width = std::max(width, c.name.size() + 1 + c.synopsis.size());
  }
  std::string usage =
      "usage: onnx-conform COMMAND [flags] [ARGS...]\n"
      "       onnx-conform --version | --help\n"
      "commands:\n";
  for (const CommandEntry& c : kCommands) {
    absl::StrAppendFormat(&usage, "  %-*s  %s\n", static_cast<int>(width),
                          absl::StrCat(c.name, " ", c.synopsis), c.summary);
  }
  absl::StrAppend(&usage, kFlagScheme, kEnvironment);
  return usage;
}

std::string VersionText() {
  std::string isa;
  if (absl::Status variable = CheckVectorIsaVariable(); !variable.ok()) {
    isa = absl::StrCat(VectorIsaName(SupportedVectorIsa()), " (", variable.message(), ")");
  } else {
    isa = std::string(VectorIsaName(ActiveVectorIsa()));
    if (ActiveVectorIsa() != SupportedVectorIsa()) {
      absl::StrAppend(&isa, " (capped by ", kVectorIsaVariable, "; the CPU has ",
                      VectorIsaName(SupportedVectorIsa()), ")");
    }
  }
  return absl::StrCat("onnx-conform ", ONNX_CONFORM_VERSION, "\n",
                      "ONNX operator definitions: ", OnnxSchemasRelease(), " (opset ",
                      OnnxSchemasNewestOpset(), ")\n", "vector ISA: ", isa, "\n");
}

int Dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << MainUsage();
    return kExitUsage;
  }
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    out << MainUsage();
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    out << VersionText();
    return kExitOk;
  }
  const auto entry = std::find_if(std::begin(kCommands), std::end(kCommands),
                                  [&](const CommandEntry& c) { return c.name == command; });
  if (entry == std::end(kCommands)) {
    std::vector<std::string> names;
    for (const CommandEntry& c : kCommands) names.emplace_back(c.name);
    names.insert(names.end(), {"help", "version"});
    err << "onnx-conform: unknown command '" << command << "'";
    if (std::optional<std::string> close = ClosestName(command, names)) {
      err << " (did you mean '" << *close << "'?)";
    }
    err << "\n" << MainUsage();
    return kExitUsage;
  }
  // Refused before anything runs, rather than reported by the first kernel.
  if (absl::Status isa = CheckVectorIsaVariable(); !isa.ok()) {
    err << "onnx-conform: " << isa.message() << "\n";
    return kExitUsage;
  }
  return entry->run(std::vector<std::string>(args.begin() + 1, args.end()), out, err);
}

}  // namespace onnx_conform
