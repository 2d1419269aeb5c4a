// onnx-conform explore: differential, property-based testing of a backend.
// Random valid and invalid cases of the suite's operators that have a
// scenario (ops/operators.def; any version and type) run on the backend and on the reference; every
// disagreement is shrunk to a minimal case, deduplicated by cause, written as a node test folder
// with --out, and summarised (runners/explore/explore.h, docs/explore.md).
//
//   onnx-conform explore --backend=exec:./my-adapter --op=Min --seconds=60 --out=found/
//   onnx-conform explore --seed=7 --cases=5000 -j 2
//
// Exit 0 when nothing but divergences was found (a documented other
// reading; with --strict those fail too), 1 for any other finding, 2 for a
// usage error, 130 when stopped by Ctrl-C with nothing failing found so far.
#include "runners/cli/explore_command.h"

#include <signal.h>

#include <atomic>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "caseio/case_files.h"
#include "caseio/case_metadata.h"
#include "checker/registry.h"
#include "runners/backends/exec_backend.h"
#include "runners/cli/cli.h"
#include "runners/explore/explore_scenario.h"

namespace onnx_conform {
namespace {

constexpr absl::string_view kUsage =
    "usage: onnx-conform explore [--backend=reference|exec:COMMAND] [--against=BACKEND]\n"
    "         [--op=OP,...] [--version=V,...] [--type=T,...] [--cases=N | --seconds=S]\n"
    "         [--seed=K] [--replay=K|DIR] [-j N] [--out=DIR] [--strict] [--timeout=S]\n"
    "         [--persistent] [--no-statistics]\n"
    "Generates random cases, runs them on the backend and on the reference, shrinks\n"
    "every failure signature to a minimal case and reports one finding per cause (written\n"
    "to DIR as a node test). Default: --cases=1000 --seed=1. --seconds bounds the whole\n"
    "run, shrinking included. An exec adapter that serves (COMMAND --serve) is run as a\n"
    "server, else one process per case; --persistent or --no-persistent decides.\n";

// A value explore does not take, said as every command says it: the flag,
// the value, and what the flag takes ("a whole number >= 1").
absl::Status BadValue(absl::string_view name, absl::string_view value, absl::string_view takes) {
  return absl::InvalidArgumentError(absl::StrCat("--", name, ": '", value, "' is not ", takes));
}

// A number flag that `valid` bounds (absl::SimpleAtoi, or SimpleAtod for a
// double); `takes` says what it takes, for the message.
template <typename T>
FlagSet::Setter Number(absl::string_view name, T* target, bool (*valid)(T),
                       absl::string_view takes) {
  return [name, target, valid, takes](absl::string_view value) -> absl::Status {
    T parsed{};
    bool read = false;
    if constexpr (std::is_floating_point_v<T>) {
      read = absl::SimpleAtod(value, &parsed);
    } else {
      read = absl::SimpleAtoi(value, &parsed);
    }
    if (!read || !valid(parsed)) return BadValue(name, value, takes);
    *target = parsed;
    return absl::OkStatus();
  };
}

// Ctrl-C stops after the running batch, so that the findings so far are
// summarised; a second one ends the process (SA_RESETHAND).
std::atomic<bool> g_stop{false};
void OnInterrupt(int) { g_stop = true; }

void PrintFinding(const ExploreFinding& f, std::ostream& out) {
  out << (f.failure                 ? "FAIL "
          : f.kind == "unsupported" ? "UNSUPPORTED "
                                    : "DIVERGENT ")
      << f.key << " (" << f.occurrences << (f.occurrences == 1 ? " case" : " cases") << " in "
      << f.cells.size() << (f.cells.size() == 1 ? " cell" : " cells") << "; minimal from case "
      << f.case_index << " of " << f.cell.op << "-" << f.cell.version << " "
      << ElementTypeName(f.cell.type) << ", shrunk in " << f.shrink_steps << " steps)\n";
  // Each cell and signature it showed in, the first dozen.
  constexpr size_t kShown = 12;
  std::vector<std::string> cells;
  for (size_t i = 0; i < f.cells.size() && i < kShown; ++i) {
    cells.push_back(absl::StrCat(f.cells[i].key, " (", f.cells[i].occurrences, ")"));
  }
  if (f.cells.size() > kShown)
    cells.push_back(absl::StrCat("and ", f.cells.size() - kShown, " more"));
  out << "  cells: " << absl::StrJoin(cells, ", ") << "\n"
      << "  minimal: " << f.minimal.Describe() << " (" << f.minimal.ElementCount() << " elements, "
      << f.minimal.NodeCount() << (f.minimal.NodeCount() == 1 ? " node" : " nodes")
      << "; shrunk from " << f.original_elements << " elements)\n"
      << "  " << f.detail << "\n";
  if (!f.folder.empty()) out << "  written: " << f.folder.string() << "\n";
}

// --replay=K, or --replay=DIR: a case explore wrote, its case.json naming
// the cell, the seed and the case.
absl::Status ReadReplay(const std::string& value, ExploreCommandOptions& options) {
  int64_t index = 0;
  if (absl::SimpleAtoi(value, &index)) {
    if (index < 0) return BadValue("replay", value, "a case index >= 0 or a folder");
    options.explore.replay = index;
    return absl::OkStatus();
  }
  std::filesystem::path folder = value;
  if (folder.filename() == kCaseMetadataFileName) folder = folder.parent_path();
  absl::StatusOr<std::optional<CaseMetadata>> metadata = ReadCaseMetadata(folder);
  if (!metadata.ok()) return metadata.status();
  if (!metadata->has_value() || !(*metadata)->has_seed() || !(*metadata)->has_case_index() ||
      (*metadata)->types_size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--replay: ", value, ": no ", std::string(kCaseMetadataFileName),
                     " with the seed, case_index, operator, version and one type explore writes"));
  }
  const CaseMetadata& m = **metadata;
  std::optional<ElementType> type = ElementTypeFromName(m.types(0));
  if (!type) return absl::InvalidArgumentError(absl::StrCat("--replay: unknown type ", m.types(0)));
  options.ops = {m.operator_()};
  options.versions = {static_cast<int>(m.version())};
  options.types = {*type};
  options.explore.seed = m.seed();
  options.explore.replay = m.case_index();
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<ExploreCommandOptions> ParseExploreOptions(const std::vector<std::string>& args) {
  ExploreCommandOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  ExploreOptions& explore = options.explore;
  FlagSet flags;
  std::string replay;
  flags.Add("backend", &options.backend)
      .Add("against", &options.against)
      .Add("replay", &replay)
      .AddValue("op",
                [&options](absl::string_view value) -> absl::Status {
                  const std::span<const absl::string_view> known = OperatorsInRegistrationOrder();
                  for (absl::string_view op : absl::StrSplit(value, ',')) {
                    if (std::find(known.begin(), known.end(), op) == known.end()) {
                      return absl::InvalidArgumentError(absl::StrCat(
                          "--op: '", op, "' is not one of ", absl::StrJoin(known, ", ")));
                    }
                    if (ScenarioOf(op) == nullptr) {
                      return absl::InvalidArgumentError(absl::StrCat(
                          "--op: ", op, " has no explore scenario (ops/operators.def names none)"));
                    }
                    options.ops.emplace_back(op);
                  }
                  return absl::OkStatus();
                })
      .AddValue("version",
                [&options](absl::string_view value) -> absl::Status {
                  for (absl::string_view v : absl::StrSplit(value, ',')) {
                    int version = 0;
                    if (!absl::SimpleAtoi(v, &version)) {
                      return BadValue("version", v, "an operator version (a whole number)");
                    }
                    options.versions.push_back(version);
                  }
                  return absl::OkStatus();
                })
      .AddValue(
          "type",
          [&options](absl::string_view value) -> absl::Status {
            for (absl::string_view t : absl::StrSplit(value, ',')) {
              std::optional<ElementType> type = ElementTypeFromName(t);
              if (!type || !IsNumeric(*type)) {
                return absl::InvalidArgumentError(absl::StrCat("--type: unknown type '", t, "'"));
              }
              options.types.push_back(*type);
            }
            return absl::OkStatus();
          })
      .AddValue("cases", Number<int64_t>(
                             "cases", &explore.cases, [](int64_t n) { return n >= 1; },
                             "a whole number >= 1"))
      .AddValue("seconds", Number<double>(
                               "seconds", &explore.seconds, [](double s) { return s > 0; },
                               "a number of seconds > 0"))
      .AddValue("seed",
                Number<uint64_t>(
                    "seed", &explore.seed, [](uint64_t) { return true; }, "a whole number >= 0"))
      .AddValue("jobs",
                Number<int>(
                    "jobs", &explore.jobs, [](int n) { return n >= 1; }, "a whole number >= 1"))
      .AddValue("out",
                [&explore](absl::string_view value) {
                  explore.out = std::string(value);
                  return absl::OkStatus();
                })
      .AddValue("timeout", Number<double>(
                               "timeout", &options.timeout_seconds, [](double s) { return s > 0; },
                               "a number of seconds > 0"))
      .Add("strict", &explore.strict)
      .Add("persistent", &options.persistent)
      .Add("statistics", &options.statistics)
      .Alias("types", "type")  // its name before every command had one --type
      .Shorthand('j', "jobs")
      .UnknownFlagMessage(
          [](absl::string_view arg) { return absl::StrCat("unknown argument '", arg, "'"); });
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  for (const std::string& arg : args) {
    if (arg == "--") break;
    for (const char* given : {"--persistent", "--nopersistent", "--no-persistent"}) {
      options.persistent_given = options.persistent_given || arg == given ||
                                 absl::StartsWith(arg, absl::StrCat(given, "="));
    }
  }
  if (explore.cases > 0 && explore.seconds > 0) {
    return absl::InvalidArgumentError("give --cases or --seconds, not both");
  }
  if (explore.cases == 0 && explore.seconds <= 0) explore.cases = 1000;
  if (!replay.empty()) {
    if (absl::Status s = ReadReplay(replay, options); !s.ok()) return s;
  }
  explore.cells = CellsFor(options.ops, options.versions, options.types);
  if (explore.cells.empty()) {
    return absl::InvalidArgumentError(
        "no operator version and type matches --op, --version and --type");
  }
  if (explore.replay.has_value() && explore.cells.size() != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--replay: --op, --version and --type select ", explore.cells.size(),
                     " operator versions and types; a case index belongs to one"));
  }
  return options;
}

int ExploreCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<ExploreCommandOptions> options = ParseExploreOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "explore", kUsage, out, err)) {
    return *code;
  }
  BackendOptions backend_options;
  backend_options.timeout_seconds = options->timeout_seconds;
  // Neither --persistent nor --no-persistent: an exec adapter is tried as
  // a server first (its first case tells, runners/backends/exec_backend.h).
  const bool try_serving =
      !options->persistent_given &&
      (absl::StartsWith(options->backend, "exec:") || absl::StartsWith(options->against, "exec:"));
  backend_options.persistent = options->persistent || try_serving;
  ExploreOptions& explore = options->explore;
  std::unique_ptr<Backend> backend, against;
  auto make_backends = [&]() -> std::optional<int> {
    absl::StatusOr<std::unique_ptr<Backend>> made = MakeBackend(options->backend, backend_options);
    if (!made.ok()) return UsageError(err, "explore", kUsage, made.status().message());
    backend = *std::move(made);
    explore.against = nullptr;
    if (options->against.empty()) return std::nullopt;
    made = MakeBackend(options->against, backend_options);
    if (!made.ok()) {
      return UsageError(err, "explore", kUsage,
                        absl::StrCat("--against: ", made.status().message()));
    }
    against = *std::move(made);
    explore.against = against.get();
    return std::nullopt;
  };
  if (std::optional<int> code = make_backends()) return *code;
  explore.progress = [&err](const std::string& line) { err << line << std::endl; };
  g_stop = false;
  explore.stop = &g_stop;
  struct sigaction action = {}, old_action = {};
  action.sa_handler = OnInterrupt;
  action.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &action, &old_action);
  absl::StatusOr<ExploreResult> result = Explore(*backend, explore);
  if (try_serving && absl::IsFailedPrecondition(result.status()) &&
      absl::StrContains(result.status().message(), kAdapterDoesNotServe)) {
    err << "onnx-conform explore: the adapter does not serve requests (COMMAND --serve): one "
           "process per case\n";
    backend_options.persistent = false;
    if (std::optional<int> code = make_backends()) return *code;
    result = Explore(*backend, explore);
  } else if (try_serving && result.ok()) {
    err << "onnx-conform explore: the adapter serves requests (COMMAND --serve): run as a "
           "server, one per job (--no-persistent: a process per case)\n";
  }
  sigaction(SIGINT, &old_action, nullptr);
  if (g_stop) err << "onnx-conform explore: interrupted\n";
  if (!result.ok()) {
    err << "onnx-conform explore: " << result.status().message() << "\n";
    // An adapter that does not serve the protocol it was started in: the
    // flags were wrong for it.
    return absl::IsFailedPrecondition(result.status()) ? kExitUsage : kExitFailed;
  }
  for (const ExploreFinding& f : result->findings) PrintFinding(f, out);
  if (options->statistics && !explore.replay.has_value()) {
    out << "statistics (cases per feature class):\n";
    for (const std::string& line : StatisticsLines(*result)) out << line << "\n";
  }
  if (result->budget_spent) {
    out << "stopped at --seconds=" << explore.seconds << " with the causes found so far"
        << (result->shrinking_cut
                ? "; a shrink was cut short, so a minimal case may not be the smallest"
                : "")
        << "\n";
  }
  const size_t causes = result->findings.size();
  out << "explore " << backend->name() << (against ? " against " + against->name() : "") << ": "
      << result->cases << " cases (" << result->valid_cases << " valid) over "
      << explore.cells.size() << " operator versions and types, seed " << explore.seed << ": "
      << causes << (causes == 1 ? " cause (" : " causes (") << result->failures() << " failures, "
      << result->divergences() << " divergences, " << result->unsupported() << " unsupported)\n";
  if (result->failed()) return kExitFailed;
  return g_stop ? kExitInterrupted : kExitOk;
}

}  // namespace onnx_conform
