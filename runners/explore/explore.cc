// The engine of `onnx-conform explore` (runners/explore/explore.h).
#include "runners/explore/explore.h"

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "caseio/case_layout.h"
#include "cases/case_metadata.h"
#include "checker/checker.h"
#include "checker/rules.h"
#include "reference/tensor_file.h"
#include "runners/backends/scratch_dir.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"
#include "runners/reports/output_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// What one case shows, if anything.
struct Disagreement {
  std::string kind;
  std::string reading;
  std::string detail;
  bool failure = true;
};

std::string KeyOf(const ExploreCell& cell, const Disagreement& d) {
  std::string key =
      absl::StrCat(cell.op, "-", cell.version, " ", ElementTypeName(cell.type), " ", d.kind);
  if (!d.reading.empty()) absl::StrAppend(&key, " ", d.reading);
  return key;
}

uint64_t SplitMix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Case i of a run depends on (seed, i) only.
uint64_t CaseSeed(uint64_t seed, int64_t index) {
  return SplitMix(seed ^ SplitMix(static_cast<uint64_t>(index)));
}

// The first error the suite's checker reports for the case's model and
// inputs; empty for a valid case. The expected outputs are the reference's.
std::string FirstCheckerError(const CheckedCase& c) {
  for (const Diagnostic& d : c.diagnostics) {
    if (d.severity == Severity::kError && !absl::StartsWith(d.rule, "DATA-OUTPUT")) {
      return absl::StrCat(d.rule, ": ", d.field.empty() ? "" : d.field + ": ", d.message);
    }
  }
  return "";
}

// Declares each graph output's shape, as the suite's own cases do (some
// importers refuse an output without one).
void DeclareOutputShapes(onnx::ModelProto& model, const std::vector<Tensor>& outputs) {
  for (size_t k = 0; k < outputs.size() && k < static_cast<size_t>(model.graph().output_size());
       ++k) {
    onnx::TensorShapeProto* shape = model.mutable_graph()
                                        ->mutable_output(k)
                                        ->mutable_type()
                                        ->mutable_tensor_type()
                                        ->mutable_shape();
    shape->clear_dim();
    for (int64_t d : outputs[k].shape()) shape->add_dim()->set_dim_value(d);
  }
}

// Runs cases on one backend, as cases made in memory (an adapter is
// handed files its backend writes for them).
class Evaluator {
 public:
  Evaluator(Backend& backend, bool strict) : backend_(backend), strict_(strict) {}

  absl::StatusOr<std::optional<Disagreement>> Evaluate(const ExploreCase& c, bool& valid) {
    absl::StatusOr<BuiltCase> built = BuildCase(c);
    if (!built.ok()) return built.status();
    std::shared_ptr<const CheckedCase> checked =
        MakeReferenceCase("explore", std::move(built->model), std::move(built->inputs));
    const std::string checker_error = FirstCheckerError(*checked);
    valid = checker_error.empty();
    if (valid && checked->standing != CaseStanding::kRunnable) {
      return Disagreement{"reference-error", "", checked->standing_message};
    }
    const BackendOutcome outcome = backend_.Run(*checked, 0);
    return Judge(*checked, valid, checker_error, outcome);
  }

 private:
  // Through the policy (runners/harness/policy.h), as `run` judges a case.
  std::optional<Disagreement> Judge(const CheckedCase& c, bool valid,
                                    const std::string& checker_error,
                                    const BackendOutcome& outcome) {
    std::optional<CaseVerdict> without_outputs = OutcomeVerdict(outcome, "");
    if (without_outputs.has_value()) {
      if (without_outputs->cancelled) return std::nullopt;  // no verdict
      switch (without_outputs->status) {
        case CaseStatus::kCrash:
          return Disagreement{"backend-crash", "", std::move(without_outputs->message)};
        case CaseStatus::kTimeout:
          return Disagreement{"backend-timeout", "", std::move(without_outputs->message)};
        default: break;
      }
    }
    if (!valid) {
      if (IsRefusal(outcome) || without_outputs.has_value()) return std::nullopt;
      const std::string rule = checker_error.substr(0, checker_error.find(':'));
      return Disagreement{"invalid-accepted", rule,
                          "accepted a case the checker refuses: " + checker_error};
    }
    if (without_outputs.has_value()) {
      if (without_outputs->status == CaseStatus::kUnsupported) {
        return Disagreement{"unsupported", "", std::move(without_outputs->message),
                            /*failure=*/false};
      }
      return Disagreement{"valid-refused", "", std::move(without_outputs->message)};
    }
    const OutputsJudgement judgement = JudgeOutputs(c, 0, outcome.outputs, Tolerance::Exact());
    switch (judgement.kind) {
      case OutputsJudgement::Kind::kMatch: return std::nullopt;
      case OutputsJudgement::Kind::kDivergent:
        return Disagreement{"divergent", judgement.backend_reading.Name(),
                            DescribeDivergence(judgement), strict_};
      case OutputsJudgement::Kind::kMismatch:
        return Disagreement{"mismatch", "", absl::StrJoin(judgement.problems, "; ")};
    }
    return std::nullopt;
  }

  Backend& backend_;
  bool strict_;
};

// RapidCheck's shrink tree, walked as RapidCheck does: take the first
// simpler case that still shows the same cause, and start again from it.
void Shrink(Evaluator& evaluator, const std::string& key, int max_steps,
            rc::Shrinkable<ExploreCase>& current, Disagreement& disagreement, int& steps) {
  bool simpler = true;
  while (simpler && steps < max_steps) {
    simpler = false;
    rc::Seq<rc::Shrinkable<ExploreCase>> candidates = current.shrinks();
    while (rc::Maybe<rc::Shrinkable<ExploreCase>> candidate = candidates.next()) {
      if (++steps > max_steps) break;
      ExploreCase value;
      try {
        value = candidate->value();
      } catch (const std::exception&) {  // a shrink the generators cannot build: skip it
        continue;
      }
      bool valid = false;
      absl::StatusOr<std::optional<Disagreement>> shown = evaluator.Evaluate(value, valid);
      if (shown.ok() && shown->has_value() && KeyOf(value.cell, **shown) == key) {
        current = *candidate;
        disagreement = **shown;
        simpler = true;
        break;
      }
    }
  }
}

std::string FolderName(const std::string& key) {
  std::string name = absl::AsciiStrToLower(key);
  return absl::StrReplaceAll(name, {{" ", "_"}, {"-", "_"}, {"+", "_"}});
}

}  // namespace

bool ExploreResult::failed() const {
  for (const ExploreFinding& f : findings) {
    if (f.failure) return true;
  }
  return false;
}

absl::StatusOr<fs::path> WriteFinding(const ExploreFinding& finding, uint64_t seed,
                                      const std::string& backend_name, const fs::path& root) {
  absl::StatusOr<BuiltCase> built = BuildCase(finding.minimal);
  if (!built.ok()) return built.status();
  const fs::path folder = root / FolderName(finding.key);
  const fs::path data_dir = folder / DataSetDirName(0);
  std::error_code ec;
  fs::remove_all(folder, ec);
  fs::create_directories(data_dir, ec);
  if (ec) {
    return absl::PermissionDeniedError(
        absl::StrCat(data_dir.string(), ": cannot create: ", ec.message()));
  }
  std::shared_ptr<const CheckedCase> checked =
      MakeReferenceCase("explore", built->model, built->inputs);
  const bool valid = FirstCheckerError(*checked).empty();
  std::vector<Tensor> outputs;
  if (valid) {
    if (checked->standing != CaseStanding::kRunnable) {
      return absl::InternalError(checked->standing_message);
    }
    outputs = checked->data_sets[0].outputs;
    DeclareOutputShapes(built->model, outputs);
  }
  if (absl::Status s = WriteProtoOutput(folder / kModelFileName, built->model); !s.ok()) return s;
  for (size_t k = 0; k < built->inputs.size(); ++k) {
    if (absl::Status s = WriteTextFile(
            data_dir / InputFileName(k),
            SerializeTensorFile(built->inputs[k], built->model.graph().input(k).name()));
        !s.ok()) {
      return s;
    }
  }
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (absl::Status s =
            WriteTextFile(data_dir / OutputFileName(k),
                          SerializeTensorFile(outputs[k], built->model.graph().output(k).name()));
        !s.ok()) {
      return s;
    }
  }
  CaseMetadata metadata;
  metadata.set_operator_(finding.cell.op);
  metadata.set_version(finding.cell.version);
  metadata.set_opset(finding.cell.version);
  metadata.add_types(std::string(ElementTypeName(finding.cell.type)));
  for (const std::string& feature : finding.minimal.Features()) metadata.add_features(feature);
  metadata.set_expectation(std::string(valid ? kExpectValid : kExpectInvalid));
  if (!valid) metadata.set_rule_id(finding.reading);
  metadata.set_semantics(std::string(kSemanticsSpec));
  metadata.set_seed(seed);
  metadata.set_case_index(finding.case_index);
  metadata.set_finding(finding.kind);
  if (!finding.reading.empty()) metadata.set_reading(finding.reading);
  metadata.set_description(absl::StrCat("Found by onnx-conform explore --seed=", seed, " (case ",
                                        finding.case_index, ") on ", backend_name, ": ",
                                        finding.minimal.Describe(), ": ", finding.detail));
  if (absl::Status s = WriteTextFile(folder / kCaseMetadataFileName, CaseMetadataToJson(metadata));
      !s.ok()) {
    return s;
  }
  return folder;
}

absl::StatusOr<ExploreResult> Explore(Backend& backend, const ExploreOptions& options) {
  if (options.cells.empty()) {
    return absl::InvalidArgumentError("explore: no operator version and type to explore");
  }
  const int jobs = std::max(1, options.jobs);
  std::vector<std::unique_ptr<Evaluator>> evaluators;
  for (int k = 0; k < jobs; ++k) {
    evaluators.push_back(std::make_unique<Evaluator>(backend, options.strict));
  }

  const rc::Gen<ExploreCase> gen = ExploreCaseGen(options.cells);
  const Clock::time_point start = Clock::now();
  Clock::time_point last_progress = start;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  ExploreResult result;
  std::map<std::string, size_t> found;  // key -> index in result.findings
  if (options.cases == 0 && options.seconds <= 0) {
    return absl::InvalidArgumentError("explore: give a number of cases or seconds");
  }

  while ((options.cases == 0 || result.cases < options.cases) &&
         (options.seconds <= 0 || elapsed() < options.seconds) &&
         (options.stop == nullptr || !options.stop->load())) {
    int64_t batch = 32 * jobs;
    if (options.cases > 0) batch = std::min(batch, options.cases - result.cases);
    std::vector<rc::Shrinkable<ExploreCase>> shrinkables;
    std::vector<ExploreCase> values;
    for (int64_t i = 0; i < batch; ++i) {
      const int64_t index = result.cases + i;
      shrinkables.push_back(
          gen(rc::Random(CaseSeed(options.seed, index)), static_cast<int>(index % 100)));
      try {
        values.push_back(shrinkables.back().value());
      } catch (const std::exception& e) {  // rc::GenerationFailure: a generator bug
        return absl::InternalError(absl::StrCat("explore: case ", index, ": ", e.what()));
      }
    }
    std::vector<absl::StatusOr<std::optional<Disagreement>>> shown(batch, std::nullopt);
    std::vector<char> valid(batch, 0);
    std::atomic<int64_t> next{0};
    auto work = [&](int worker) {
      for (int64_t i; (i = next++) < batch;) {
        bool is_valid = false;
        shown[i] = evaluators[worker]->Evaluate(values[i], is_valid);
        valid[i] = is_valid;
      }
    };
    std::vector<std::thread> threads;
    for (int k = 1; k < jobs; ++k) threads.emplace_back(work, k);
    work(0);
    for (std::thread& t : threads) t.join();

    for (int64_t i = 0; i < batch; ++i) {
      const int64_t index = result.cases + i;
      if (!shown[i].ok()) return shown[i].status();
      result.valid_cases += valid[i];
      if (!shown[i]->has_value()) continue;
      Disagreement disagreement = **shown[i];
      const std::string key = KeyOf(values[i].cell, disagreement);
      if (auto it = found.find(key); it != found.end()) {
        ++result.findings[it->second].occurrences;
        continue;
      }
      rc::Shrinkable<ExploreCase> minimal = shrinkables[i];
      ExploreFinding finding;
      Shrink(*evaluators[0], key, options.max_shrink_steps, minimal, disagreement,
             finding.shrink_steps);
      finding.key = key;
      finding.cell = values[i].cell;
      finding.kind = disagreement.kind;
      finding.reading = disagreement.reading;
      finding.detail = disagreement.detail;
      finding.failure = disagreement.failure;
      finding.minimal = minimal.value();
      finding.case_index = index;
      finding.occurrences = 1;
      if (!options.out.empty()) {
        absl::StatusOr<fs::path> folder =
            WriteFinding(finding, options.seed, backend.name(), options.out);
        if (!folder.ok()) return folder.status();
        finding.folder = *folder;
      }
      found[key] = result.findings.size();
      result.findings.push_back(std::move(finding));
    }
    result.cases += batch;
    if (options.progress && std::chrono::duration<double>(Clock::now() - last_progress).count() >=
                                options.progress_seconds) {
      last_progress = Clock::now();
      options.progress(absl::StrCat("explore: ", result.cases, " cases in ",
                                    static_cast<int64_t>(elapsed()), " s, ", result.findings.size(),
                                    " findings"));
    }
  }
  return result;
}

}  // namespace onnx_conform
