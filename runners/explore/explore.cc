// The engine of `onnx-conform explore` (runners/explore/explore.h).
#include "runners/explore/explore.h"

#include <atomic>
#include <chrono>
#include <map>
#include <optional>
#include <system_error>
#include <thread>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "checker/checker.h"
#include "runners/backends/exec_backend.h"
#include "runners/explore/backend_differences.h"
#include "runners/explore/shrink.h"
#include "runners/harness/failure_signature.h"
#include "runners/harness/in_memory_case.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
constexpr int kMaxGenSize = 100;

// What one case shows, if anything: the harness's failure signature
// (runners/harness/failure_signature.h), as `run` would name it.
struct Disagreement {
  FailureSignature signature;
  std::string detail;
  bool failure = true;
  // Divergent: the reading the backend follows; accepted-negative: the rule.
  std::string reading = "";

  // What findings are told apart by within the kind: each kind of
  // verdict-making element of a values mismatch on its own (one bug, one
  // kind), else the rule.
  std::vector<std::string> Parts() const {
    if (signature.kind == "values" && !absl::StartsWith(signature.rule, "ignores ")) {
      return absl::StrSplit(signature.rule, '+');
    }
    return {signature.rule};
  }
};

std::string KeyOf(const ExploreCell& cell, const Disagreement& d, const std::string& part) {
  std::string key = absl::StrCat(cell.op, "-", cell.version, " ", ElementTypeName(cell.type), " ",
                                 d.signature.kind);
  if (!part.empty()) absl::StrAppend(&key, " ", part);
  return key;
}

bool Shows(const ExploreCell& cell, const Disagreement& d, const std::string& key) {
  for (const std::string& part : d.Parts()) {
    if (KeyOf(cell, d, part) == key) return true;
  }
  return false;
}

uint64_t SplitMix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Case k of a cell depends on (seed, cell, k) only.
uint64_t CaseSeed(uint64_t seed, const ExploreCell& cell, int64_t k) {
  uint64_t h = std::hash<std::string>{}(cell.op);
  h = SplitMix(h ^ static_cast<uint64_t>(cell.version) ^ (static_cast<uint64_t>(cell.type) << 8));
  return SplitMix(seed ^ h ^ SplitMix(static_cast<uint64_t>(k)));
}

// Runs cases on one backend (and perhaps a second one), as cases made in
// memory (an adapter is handed files written for them).
class Evaluator {
 public:
  Evaluator(Backend& backend, Backend* against, bool strict)
      : backend_(backend), against_(against), strict_(strict) {}

  absl::StatusOr<std::optional<Disagreement>> Evaluate(const ExploreCase& c, bool& valid) {
    absl::StatusOr<BuiltCase> built = BuildCase(c);
    if (!built.ok()) return built.status();
    std::shared_ptr<const CheckedCase> checked =
        MakeReferenceCase("explore", std::move(built->model), std::move(built->inputs));
    const std::string checker_error = FirstCheckerError(*checked);
    valid = checker_error.empty();
    if (valid && checked->standing != CaseStanding::kRunnable) {
      return Disagreement{StatusSignature(*checked, CaseStatus::kError), checked->standing_message};
    }
    const BackendOutcome outcome = backend_.Run(*checked, 0);
    if (absl::Status serving = CheckServing(outcome); !serving.ok()) return serving;
    std::optional<Disagreement> shown = Judge(*checked, valid, checker_error, outcome);
    if (against_ == nullptr) return shown;
    const BackendOutcome other = against_->Run(*checked, 0);
    if (absl::Status serving = CheckServing(other); !serving.ok()) return serving;
    return Compare(*checked, valid, checker_error, outcome, shown, other);
  }

 private:
  // An adapter started as a server that exits before its first reply does
  // not serve: stop, naming the flag (runners/backends/exec_backend.h).
  static absl::Status CheckServing(const BackendOutcome& outcome) {
    if (outcome.kind == BackendOutcome::Kind::kError &&
        absl::StrContains(outcome.message, kAdapterDoesNotServe)) {
      return absl::FailedPreconditionError(outcome.message);
    }
    return absl::OkStatus();
  }

  // Through the policy (runners/harness/policy.h), as `run` judges a case.
  std::optional<Disagreement> Judge(const CheckedCase& c, bool valid,
                                    const std::string& checker_error,
                                    const BackendOutcome& outcome) {
    std::optional<CaseVerdict> without_outputs = OutcomeVerdict(outcome, "");
    if (without_outputs.has_value()) {
      if (without_outputs->cancelled) return std::nullopt;  // no verdict
      switch (without_outputs->status) {
        case CaseStatus::kCrash:
        case CaseStatus::kTimeout:
          return Disagreement{OutcomeSignature(c, outcome), std::move(without_outputs->message)};
        default: break;
      }
    }
    if (!valid) {
      if (IsRefusal(outcome) || without_outputs.has_value()) return std::nullopt;
      FailureSignature signature = AcceptedNegativeSignature(c);
      std::string rule = signature.rule;
      return Disagreement{std::move(signature),
                          "accepted a case the checker refuses: " + checker_error, true,
                          std::move(rule)};
    }
    if (without_outputs.has_value()) {
      return Disagreement{OutcomeSignature(c, outcome), std::move(without_outputs->message),
                          FailsRun(without_outputs->status)};
    }
    const OutputsJudgement judgement = JudgeOutputs(c, 0, outcome.outputs, Tolerance::Exact());
    switch (judgement.kind) {
      case OutputsJudgement::Kind::kMatch: return std::nullopt;
      case OutputsJudgement::Kind::kDivergent:
        return Disagreement{SignatureOf(c, 0, outcome.outputs, judgement),
                            DescribeDivergence(judgement), strict_,
                            judgement.backend_reading.Name()};
      case OutputsJudgement::Kind::kMismatch: {
        std::string detail;
        FailureSignature signature = SignatureOf(c, 0, outcome.outputs, judgement, &detail);
        return Disagreement{std::move(signature), std::move(detail)};
      }
    }
    return std::nullopt;
  }

  // Two backends: where they differ, which one the reference sides with.
  std::optional<Disagreement> Compare(const CheckedCase& c, bool valid,
                                      const std::string& checker_error, const BackendOutcome& a,
                                      const std::optional<Disagreement>& a_shown,
                                      const BackendOutcome& b) {
    const bool a_ran = a.kind == BackendOutcome::Kind::kOk;
    const bool b_ran = b.kind == BackendOutcome::Kind::kOk;
    if (!a_ran && !b_ran) return std::nullopt;
    // Judged first: the verdict leaves the reference's match classes on the case.
    const std::optional<Disagreement> b_shown = Judge(c, valid, checker_error, b);
    std::string differs;
    if (a_ran != b_ran) {
      differs = a_ran ? "only the backend ran it" : "only --against ran it";
    } else {
      const std::vector<std::string> d = BackendDifferences(c, a.outputs, b.outputs);
      if (d.empty()) return std::nullopt;
      differs = absl::StrJoin(d, "; ");
    }
    auto right = [](const std::optional<Disagreement>& d) { return !d.has_value() || !d->failure; };
    std::string signature = "neither-right", judged = "the reference sides with neither";
    bool failure = true;
    if (valid && right(a_shown) && right(b_shown)) {
      // Where the texts leave the result open (another documented reading).
      signature = "both-right", judged = "the texts allow both";
      failure = strict_;
    } else if (!valid) {
      signature = "invalid-case", judged = "the checker refuses the case";
    } else if (right(a_shown) && !right(b_shown)) {
      signature = "backend-right", judged = "the reference sides with the backend";
    } else if (!right(a_shown) && right(b_shown)) {
      signature = "against-right", judged = "the reference sides with --against";
    }
    return Disagreement{CaseSignature(c, "backends-differ", signature),
                        absl::StrCat(differs, " (", judged, ")"), failure};
  }

  Backend& backend_;
  Backend* against_;
  bool strict_;
};

// RapidCheck's shrink tree first, walked as RapidCheck does (take the first
// simpler case that still shows the finding, start again from it), then
// explore's own steps (runners/explore/shrink.h).
ExploreCase Shrink(Evaluator& evaluator, const std::string& key, int max_steps,
                   rc::Shrinkable<ExploreCase> current, Disagreement& disagreement, int& steps) {
  auto shows = [&](const ExploreCase& value) {
    bool valid = false;
    absl::StatusOr<std::optional<Disagreement>> shown = evaluator.Evaluate(value, valid);
    if (!shown.ok() || !shown->has_value() || !Shows(value.cell, **shown, key)) return false;
    disagreement = **shown;
    return true;
  };
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
      if (shows(value)) {
        current = *candidate;
        simpler = true;
        break;
      }
    }
  }
  ExploreCase minimal = current.value();
  if (steps < max_steps) steps += ShrinkCase(minimal, shows, max_steps - steps);
  return minimal;
}

}  // namespace

bool ExploreResult::failed() const {
  for (const ExploreFinding& f : findings) {
    if (f.failure) return true;
  }
  return false;
}

std::vector<std::string> StatisticsLines(const ExploreResult& result) {
  std::vector<std::string> lines;
  for (const auto& [name, count] : result.statistics) {
    lines.push_back(absl::StrCat("  ", name, ": ", count, " (",
                                 result.cases > 0 ? count * 100 / result.cases : 0, "%)"));
  }
  return lines;
}

absl::StatusOr<ExploreResult> Explore(Backend& backend, const ExploreOptions& options) {
  if (options.cells.empty()) {
    return absl::InvalidArgumentError("explore: no operator version and type to explore");
  }
  if (options.replay.has_value() && options.cells.size() != 1) {
    return absl::InvalidArgumentError(
        "explore: a replay needs exactly one operator version and type (--op, --version, "
        "--type)");
  }
  if (options.cases == 0 && options.seconds <= 0 && !options.replay.has_value()) {
    return absl::InvalidArgumentError("explore: give a number of cases or seconds");
  }
  const int jobs = std::max(1, options.jobs);
  std::vector<std::unique_ptr<Evaluator>> evaluators;
  for (int k = 0; k < jobs; ++k) {
    evaluators.push_back(std::make_unique<Evaluator>(backend, options.against, options.strict));
  }
  const int64_t cell_count = static_cast<int64_t>(options.cells.size());
  const int64_t total = options.replay.has_value() ? 1 : options.cases;
  const int max_shrink_steps = options.replay.has_value() ? 0 : options.max_shrink_steps;
  // Run index i is case k = i / cells of cell i % cells; a replay is case
  // *replay of its one cell.
  auto cell_case = [&](int64_t i) -> std::pair<const ExploreCell&, int64_t> {
    if (options.replay.has_value()) return {options.cells[0], *options.replay};
    return {options.cells[static_cast<size_t>(i % cell_count)], i / cell_count};
  };

  const Clock::time_point start = Clock::now();
  Clock::time_point last_progress = start;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  ExploreResult result;
  std::map<std::string, size_t> found;  // key -> index in result.findings

  while ((total == 0 || result.cases < total) &&
         (options.seconds <= 0 || elapsed() < options.seconds) &&
         (options.stop == nullptr || !options.stop->load())) {
    int64_t batch = 256 * jobs;
    if (total > 0) batch = std::min(batch, total - result.cases);
    // Each worker generates, classifies and runs the cases it takes: only
    // the findings are shrunk on one thread, in case order.
    std::vector<std::optional<rc::Shrinkable<ExploreCase>>> shrinkables(batch);
    std::vector<ExploreCase> values(batch);
    std::vector<absl::StatusOr<std::optional<Disagreement>>> shown(batch, std::nullopt);
    std::vector<char> valid(batch, 0);
    std::vector<std::map<std::string, int64_t>> statistics(jobs);
    std::atomic<int64_t> next{0};
    auto work = [&](int worker) {
      for (int64_t i; (i = next++) < batch;) {
        const auto [cell, k] = cell_case(result.cases + i);
        // RapidCheck's full size: its picks (gen::inRange) are uniform only
        // there, smaller sizes favour the first items.
        shrinkables[i] =
            SteeredCaseGen(cell, k)(rc::Random(CaseSeed(options.seed, cell, k)), kMaxGenSize);
        try {
          values[i] = shrinkables[i]->value();
        } catch (const std::exception& e) {  // rc::GenerationFailure: a generator bug
          shown[i] = absl::InternalError(absl::StrCat("explore: case ", k, ": ", e.what()));
          continue;
        }
        for (const std::string& c : values[i].Classes()) ++statistics[worker][c];
        bool is_valid = false;
        shown[i] = evaluators[worker]->Evaluate(values[i], is_valid);
        valid[i] = is_valid;
      }
    };
    std::vector<std::thread> threads;
    try {
      for (int k = 1; k < jobs; ++k) threads.emplace_back(work, k);
    } catch (const std::system_error&) {  // no more threads to be had: fewer jobs
    }
    work(0);
    for (std::thread& t : threads) t.join();
    for (const std::map<std::string, int64_t>& counts : statistics) {
      for (const auto& [name, count] : counts) result.statistics[name] += count;
    }

    for (int64_t i = 0; i < batch; ++i) {
      if (!shown[i].ok()) return shown[i].status();
      result.valid_cases += valid[i];
      if (!shown[i]->has_value()) continue;
      const Disagreement first = **shown[i];
      const ExploreCell& cell = values[i].cell;
      for (const std::string& part : first.Parts()) {
        const std::string key = KeyOf(cell, first, part);
        if (auto it = found.find(key); it != found.end()) {
          ++result.findings[it->second].occurrences;
          continue;
        }
        ExploreFinding finding;
        Disagreement disagreement = first;
        finding.minimal = Shrink(*evaluators[0], key, max_shrink_steps, *shrinkables[i],
                                 disagreement, finding.shrink_steps);
        finding.key = key;
        finding.signature = part;
        finding.cell = cell;
        finding.kind = disagreement.signature.kind;
        finding.reading = disagreement.reading;
        finding.detail = disagreement.detail;
        finding.failure = disagreement.failure;
        finding.case_index = cell_case(result.cases + i).second;
        finding.original_elements = values[i].ElementCount();
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
