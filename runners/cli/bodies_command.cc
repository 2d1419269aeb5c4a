// onnx-conform bodies [PATH...]: every operator version that the texts also
// define as a function (reference/function_bodies.h: Clip-13) run both
// ways over a case library: the operator by the suite's reference, and
// its body (Less, Where, Identity) by the same interpreter. Every element
// where they disagree is listed, and grouped by the documented reading
// (reference/readings.h) that explains it, or "unexplained". Default PATH:
// the repository's cases/node. Exit 0 (a report), 1 when a case cannot
// be read, 2 for a usage error.
//
//   onnx-conform bodies                 # the library
//   onnx-conform bodies my_cases/ --bodies-quiet
#include "runners/cli/bodies_command.h"

#include <map>
#include <ostream>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "caseio/case_loader.h"
#include "cases/coverage.h"
#include "reference/function_bodies.h"
#include "reference/interpreter.h"
#include "runners/cli/cli.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

constexpr absl::string_view kUsage =
    "usage: onnx-conform bodies [--bodies-quiet] [PATH...]\n"
    "Runs each function-defined operator version (Clip-13) of the cases under PATH both as\n"
    "the operator (the suite's reference) and as its function body, and lists every\n"
    "disagreement with the reading that explains it. Default PATH: the repository's\n"
    "cases/node.\n";

struct Disagreement {
  std::string where;    // case/test_data_set_N
  std::string reading;  // the reading the body follows, or "unexplained"
  std::string detail;   // the element differences
};

}  // namespace

absl::StatusOr<BodiesOptions> ParseBodiesOptions(const std::vector<std::string>& args) {
  BodiesOptions options;
  if (WantsHelp(args)) {
    options.help = true;
    return options;
  }
  FlagSet flags;
  flags.Add("bodies_quiet", &options.quiet).Positionals(&options.paths);
  if (absl::Status parsed = flags.Parse(args); !parsed.ok()) return parsed;
  return options;
}

int BodiesCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  absl::StatusOr<BodiesOptions> options = ParseBodiesOptions(args);
  if (!options.ok()) {
    err << "onnx-conform bodies: " << options.status().message() << "\n" << kUsage;
    return kExitUsage;
  }
  if (options->help) {
    out << kUsage;
    return kExitOk;
  }
  std::vector<std::filesystem::path> roots(options->paths.begin(), options->paths.end());
  if (roots.empty()) {
    for (const std::filesystem::path& root : DefaultCoverageRoots()) {
      if (root.filename() == "node") roots.push_back(root);
    }
  }
  int cases = 0, data_sets = 0, agreeing = 0;
  bool unreadable = false;
  std::vector<Disagreement> disagreements;
  for (const std::filesystem::path& root : roots) {
    absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs(root);
    if (!dirs.ok()) {
      err << "onnx-conform bodies: " << dirs.status().message() << "\n" << kUsage;
      return kExitUsage;
    }
    for (const std::filesystem::path& dir : *dirs) {
      absl::StatusOr<LoadedCase> loaded = LoadCase(dir);
      if (!loaded.ok()) {
        err << "onnx-conform bodies: " << loaded.status().message() << "\n";
        unreadable = true;
        continue;
      }
      absl::StatusOr<onnx::ModelProto> body = ExpandFunctionNodes(loaded->model);
      if (!body.ok()) continue;  // no function-defined node
      ++cases;
      for (const DataSet& data_set : loaded->data_sets) {
        absl::StatusOr<std::vector<ExplainedOutput>> op =
            ExplainModel(loaded->model, data_set.inputs);
        absl::StatusOr<std::vector<Tensor>> by_body = RunModel(*body, data_set.inputs);
        if (!op.ok() || !by_body.ok()) continue;  // an invalid case: the checker's business
        ++data_sets;
        std::vector<Tensor> own;
        for (const ExplainedOutput& output : *op) own.push_back(output.value);
        // The body as a backend, judged against the operator's own reading.
        const OutputsJudgement judgement = JudgeOutputs(
            loaded->model, [&]() -> absl::StatusOr<std::vector<Tensor>> { return data_set.inputs; },
            own, *by_body, Tolerance::Exact(), OutputNames(loaded->model));
        if (judgement.kind == OutputsJudgement::Kind::kMatch) {
          ++agreeing;
          continue;
        }
        disagreements.push_back({absl::StrCat(loaded->name, "/", data_set.dir.filename().string()),
                                 judgement.kind == OutputsJudgement::Kind::kDivergent
                                     ? judgement.backend_reading.Name()
                                     : std::string("unexplained"),
                                 absl::StrJoin(judgement.problems, "; ")});
      }
    }
  }
  std::map<std::string, std::set<std::string>> by_reading;
  for (const Disagreement& d : disagreements) {
    by_reading[d.reading].insert(d.where.substr(0, d.where.find('/')));
    if (!options->quiet) {
      out << d.where << ": body follows " << d.reading << ": " << d.detail << "\n";
    }
  }
  out << cases << " cases with a function-defined node, " << data_sets << " data sets: " << agreeing
      << " agree, " << disagreements.size() << " disagree\n";
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
