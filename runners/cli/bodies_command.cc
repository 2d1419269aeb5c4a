// onnx-conform bodies [PATH...]: every operator version that the texts also
// define as a function (reference/function_bodies.h: Clip-13) run both
// ways over a case library: the operator by the suite's reference, and
// its body (Less, Where, Identity) by the same interpreter. Every element
// where they disagree is listed, and grouped by the documented reading
// (checker/readings.h) that explains it, or "unexplained". Default PATH:
// the repository's cases/node. Exit 0 (a report), 1 when a case cannot
// be read or run (over run's default resource limits, say), 2 for a usage
// error.
//
//   onnx-conform bodies                 # the library
//   onnx-conform bodies my_cases/ --quiet
#include "runners/cli/bodies_command.h"

#include <map>
#include <new>
#include <ostream>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "caseio/case_loader.h"
#include "cases/coverage.h"
#include "checker/checked_case.h"
#include "reference/function_bodies.h"
#include "runners/cli/case_selection.h"
#include "runners/cli/cli.h"
#include "runners/harness/evaluate_model.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/verdict.h"
#include "tensor/resource_limits.h"

namespace onnx_conform {
namespace {

const std::string kUsage = absl::StrCat(
    "usage: onnx-conform bodies [--quiet] [--op=OP,...] [--version=V,...] [--type=T,...]\n"
    "                           [PATH...]\n"
    "Runs each function-defined operator version (e.g. Clip-13) of the cases under PATH both as\n"
    "the operator (the suite's reference) and as its function body, and lists every\n"
    "disagreement with the reading that explains it. Default PATH: the repository's\n"
    "cases/node.\n",
    kSelectionUsage);

struct Disagreement {
  std::string where;    // case/test_data_set_N
  std::string reading;  // the reading the body follows, or "unexplained"
  std::string detail;   // the element differences
};

// What the cases compared so far add up to.
struct Tally {
  int cases = 0, data_sets = 0, agreeing = 0;
  std::vector<Disagreement> disagreements;
};

// One case's function-defined operator against its body, on each data set,
// held to run's default limits (docs/security.md). False when the case or
// a data set cannot be read or run (said on `err`).
bool CompareBodies(const std::filesystem::path& dir, const CaseSelection& selection, Tally& tally,
                   std::ostream& err) {
  ScopedResourceBudget budget(ResourceLimits{});
  std::shared_ptr<const CheckedCase> c = OpenCase({.dir = dir});
  if (c->standing == CaseStanding::kUnreadable) {
    err << "onnx-conform bodies: " << c->standing_message << "\n";
    return false;
  }
  if (!selection.Matches(c->labels)) return true;
  if (!c->graph.has_value()) return true;  // an invalid case: the checker's business
  absl::StatusOr<onnx::ModelProto> body = ExpandFunctionNodes(*c->model);
  if (!body.ok()) return true;  // no function-defined node
  ++tally.cases;
  bool readable = true;
  for (const CheckedDataSet& data_set : c->data_sets) {
    // The body as a backend, judged against the operator's own reading.
    std::shared_ptr<const CheckedCase> own = MakeReferenceCase(c->name, *c->model, data_set.inputs);
    absl::StatusOr<std::vector<Tensor>> by_body = RunModel(*body, data_set.inputs);
    if (own->standing != CaseStanding::kRunnable || !by_body.ok()) {
      err << "onnx-conform bodies: " << c->name << ": "
          << (by_body.ok() ? own->standing_message : by_body.status().message()) << "\n";
      readable = false;
      continue;
    }
    ++tally.data_sets;
    const OutputsJudgement judgement = JudgeOutputs(*own, 0, *by_body, Tolerance::Exact());
    if (judgement.kind == OutputsJudgement::Kind::kMatch) {
      ++tally.agreeing;
      continue;
    }
    tally.disagreements.push_back(
        {absl::StrCat(c->name, "/", data_set.files.dir.filename().string()),
         judgement.kind == OutputsJudgement::Kind::kDivergent ? judgement.backend_reading.Name()
                                                              : std::string("unexplained"),
         absl::StrJoin(judgement.problems, "; ")});
  }
  return readable;
}

}  // namespace

absl::StatusOr<BodiesOptions> ParseBodiesOptions(const std::vector<std::string>& args) {
  BodiesOptions options;
  options.help = WantsHelp(args);
  if (options.help) return options;
  FlagSet flags;
  // --bodies-quiet: its name before every command had one --quiet.
  flags.Add("quiet", &options.quiet).Alias("bodies_quiet", "quiet").Positionals(&options.paths);
  AddSelectionFlags(flags, &options.selection);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  return options;
}

int BodiesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<BodiesOptions> options = ParseBodiesOptions(args);
  if (std::optional<int> code = ExitBeforeRunning(options, "bodies", kUsage, out, err)) {
    return *code;
  }
  std::vector<std::filesystem::path> roots(options->paths.begin(), options->paths.end());
  if (roots.empty()) {
    for (const std::filesystem::path& root : DefaultCoverageRoots()) {
      if (root.filename() == "node") roots.push_back(root);
    }
  }
  Tally tally;
  bool unreadable = false;
  for (const std::filesystem::path& root : roots) {
    absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(root);
    if (!dirs.ok()) return UsageError(err, "bodies", kUsage, dirs.status().message());
    for (const std::filesystem::path& dir : *dirs) {
      try {
        if (!CompareBodies(dir, options->selection, tally, err)) unreadable = true;
      } catch (const std::bad_alloc&) {
        // Past what the budget foresaw: this case's error; the others run.
        err << "onnx-conform bodies: " << dir.string() << ": " << OutOfMemoryMessage() << "\n";
        unreadable = true;
      }
    }
  }
  std::map<std::string, std::set<std::string>> by_reading;
  for (const Disagreement& d : tally.disagreements) {
    by_reading[d.reading].insert(d.where.substr(0, d.where.find('/')));
    if (!options->quiet) {
      out << d.where << ": body follows " << d.reading << ": " << d.detail << "\n";
    }
  }
  out << tally.cases << " cases with a function-defined node, " << tally.data_sets
      << " data sets: " << tally.agreeing << " agree, " << tally.disagreements.size()
      << " disagree\n";
  for (const auto& [reading, names] : by_reading) {
    out << "  " << reading << ": " << names.size() << " cases";
    if (reading != "unexplained") {
      for (absl::string_view part : absl::StrSplit(reading, '+')) {
        for (Reading r : kAllReadings) {
          if (ReadingName(r) == part) out << " (" << InfoOf(r).summary << ")";
        }
      }
    }
    out << "\n";
  }
  return unreadable ? kExitFailed : kExitOk;
}

}  // namespace onnx_conform
