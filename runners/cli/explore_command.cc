// onnx-conform explore: differential, property-based testing of a backend.
// Random valid and invalid cases of Min, ArgMin and Clip (any version and
// type) run on the backend and on the reference; every disagreement is
// shrunk to a minimal case, deduplicated by cause, written as a node test
// folder with --out, and summarised (runners/explore/explore.h, docs/explore.md).
//
//   onnx-conform explore --backend=exec:./my-adapter --op=Min --seconds=60
//   --out=found/ onnx-conform explore --seed=7 --cases=5000 -j 2
//
// Exit 0 when nothing but divergences was found (a documented other
// reading; with --strict those fail too), 1 for any other finding, 2 for a
// usage error, 130 when stopped by Ctrl-C with nothing failing found so far.
#include <signal.h>

#include <atomic>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "runners/cli/cli.h"
#include "runners/cli/commands.h"
#include "runners/explore/explore.h"

namespace onnx_conform {
namespace {

constexpr absl::string_view kUsage =
    "usage: onnx-conform explore [--backend=reference|exec:COMMAND] [--op=Min,ArgMin,Clip]\n"
    "         [--version=V,...] [--types=T,...] [--cases=N | --seconds=S] [--seed=K] [-j N]\n"
    "         [--out=DIR] [--strict] [--timeout=S] [--no-persistent]\n"
    "Generates random cases, runs them on the backend and on the reference, and shrinks\n"
    "every disagreement to a minimal case (written to DIR as a node test). Default:\n"
    "--cases=1000 --seed=1. Exec adapters run persistent (COMMAND --serve) unless\n"
    "--no-persistent.\n";

struct ExploreFlags {
  std::string backend = "reference";
  std::vector<std::string> ops;
  std::vector<int> versions;
  std::vector<ElementType> types;
  ExploreOptions options;
  double timeout = 60;
  bool persistent = true;
};

absl::StatusOr<ExploreFlags> ParseFlags(const std::vector<std::string>& args) {
  ExploreFlags flags;
  flags.options.seed = 1;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg == "-j" && i + 1 < args.size()) arg = "--jobs=" + args[++i];
    if (absl::StartsWith(arg, "-j") && arg.size() > 2 && arg[2] != '-')
      arg = "--jobs=" + arg.substr(2);
    const size_t eq = arg.find('=');
    const std::string name = arg.substr(0, eq);
    const std::string value = eq == std::string::npos ? "" : arg.substr(eq + 1);
    const bool has_value = eq != std::string::npos;
    auto bad = [&] { return absl::InvalidArgumentError(absl::StrCat("bad value in '", arg, "'")); };
    if (name == "--strict" && !has_value) {
      flags.options.strict = true;
    } else if (name == "--no-persistent" && !has_value) {
      flags.persistent = false;
    } else if (!has_value) {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "'"));
    } else if (name == "--backend") {
      flags.backend = value;
    } else if (name == "--op") {
      for (absl::string_view op : absl::StrSplit(value, ',')) {
        if (op != "Min" && op != "ArgMin" && op != "Clip") {
          return absl::InvalidArgumentError(
              absl::StrCat("--op: '", op, "' is not one of Min, ArgMin, Clip"));
        }
        flags.ops.emplace_back(op);
      }
    } else if (name == "--version") {
      for (absl::string_view v : absl::StrSplit(value, ',')) {
        int version = 0;
        if (!absl::SimpleAtoi(v, &version)) return bad();
        flags.versions.push_back(version);
      }
    } else if (name == "--types") {
      for (absl::string_view t : absl::StrSplit(value, ',')) {
        std::optional<ElementType> type = ElementTypeFromName(t);
        if (!type || !IsNumeric(*type)) {
          return absl::InvalidArgumentError(absl::StrCat("--types: unknown type '", t, "'"));
        }
        flags.types.push_back(*type);
      }
    } else if (name == "--cases") {
      if (!absl::SimpleAtoi(value, &flags.options.cases) || flags.options.cases < 1) return bad();
    } else if (name == "--seconds") {
      if (!absl::SimpleAtod(value, &flags.options.seconds) || flags.options.seconds <= 0) {
        return bad();
      }
    } else if (name == "--seed") {
      if (!absl::SimpleAtoi(value, &flags.options.seed)) return bad();
    } else if (name == "--jobs") {
      if (!absl::SimpleAtoi(value, &flags.options.jobs) || flags.options.jobs < 1) return bad();
    } else if (name == "--out") {
      flags.options.out = value;
    } else if (name == "--timeout") {
      if (!absl::SimpleAtod(value, &flags.timeout) || flags.timeout <= 0) return bad();
    } else {
      return absl::InvalidArgumentError(absl::StrCat("unknown argument '", arg, "'"));
    }
  }
  if (flags.options.cases > 0 && flags.options.seconds > 0) {
    return absl::InvalidArgumentError("give --cases or --seconds, not both");
  }
  if (flags.options.cases == 0 && flags.options.seconds <= 0) flags.options.cases = 1000;
  flags.options.cells = CellsFor(flags.ops, flags.versions, flags.types);
  if (flags.options.cells.empty()) {
    return absl::InvalidArgumentError(
        "no operator version and type matches --op, --version and --types");
  }
  return flags;
}

// Ctrl-C stops after the running batch, so that the findings so far are
// summarised; a second one ends the process (SA_RESETHAND).
std::atomic<bool> g_stop{false};
void OnInterrupt(int) { g_stop = true; }

void PrintFinding(const ExploreFinding& f) {
  std::cout << (f.failure ? "FAIL " : "DIVERGENT ") << f.key << " (" << f.occurrences
            << (f.occurrences == 1 ? " case" : " cases") << ", first case " << f.case_index
            << ", shrunk in " << f.shrink_steps << " steps)\n"
            << "  minimal: " << f.minimal.Describe() << " (" << f.minimal.ElementCount()
            << " elements)\n"
            << "  " << f.detail << "\n";
  if (!f.folder.empty()) std::cout << "  written: " << f.folder.string() << "\n";
}

}  // namespace

int ExploreCommand(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return kExitOk;
    }
  }
  absl::StatusOr<ExploreFlags> flags = ParseFlags(args);
  if (!flags.ok()) {
    std::cerr << "onnx-conform explore: " << flags.status().message() << "\n" << kUsage;
    return kExitUsage;
  }
  BackendOptions backend_options;
  backend_options.timeout_seconds = flags->timeout;
  backend_options.persistent = flags->persistent;
  absl::StatusOr<std::unique_ptr<Backend>> backend = MakeBackend(flags->backend, backend_options);
  if (!backend.ok()) {
    std::cerr << "onnx-conform explore: " << backend.status().message() << "\n" << kUsage;
    return kExitUsage;
  }
  flags->options.progress = [](const std::string& line) { std::cerr << line << std::endl; };
  g_stop = false;
  flags->options.stop = &g_stop;
  struct sigaction action = {}, old_action = {};
  action.sa_handler = OnInterrupt;
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &old_action);
  absl::StatusOr<ExploreResult> result = Explore(**backend, flags->options);
  sigaction(SIGINT, &old_action, nullptr);
  if (g_stop) std::cerr << "onnx-conform explore: interrupted\n";
  if (!result.ok()) {
    std::cerr << "onnx-conform explore: " << result.status().message() << "\n";
    return kExitFailed;
  }
  for (const ExploreFinding& f : result->findings) PrintFinding(f);
  int failures = 0;
  for (const ExploreFinding& f : result->findings) failures += f.failure;
  std::cout << "explore " << (*backend)->name() << ": " << result->cases << " cases ("
            << result->valid_cases << " valid) over " << flags->options.cells.size()
            << " operator versions and types, seed " << flags->options.seed << ": "
            << result->findings.size() << " findings (" << failures << " failures, "
            << result->findings.size() - failures << " divergences)\n";
  if (result->failed()) return kExitFailed;
  return g_stop ? 128 + SIGINT : kExitOk;  // the shell's convention for a run stopped by SIGINT
}

}  // namespace onnx_conform
