// The engine of `onnx-conform explore` (runners/explore/explore.h).
#include "runners/explore/explore.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
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
#include "runners/explore/explore_scenario.h"
#include "runners/explore/finding_cause.h"
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
  // A failure found behind a divergence (Evaluator::Confirm).
  bool behind_divergence = false;

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

  // With `confirm`, a divergence is checked to be the reading's (Confirm).
  absl::StatusOr<std::optional<Disagreement>> Evaluate(const ExploreCase& c, bool& valid,
                                                       bool confirm = false) {
    absl::StatusOr<std::optional<Disagreement>> shown = EvaluateOnce(c, valid);
    if (!confirm || !shown.ok() || !shown->has_value() || (*shown)->signature.kind != "divergent") {
      return shown;
    }
    return Confirm(c, **shown);
  }

 private:
  // A reading explains the backend's outputs only if the backend follows
  // it on the same case with other values too: its NaNs made -inf, then
  // +inf (where every reading of NaN gives the reference's outputs), and
  // its data's other elements all 1, -1 or 2 (a backend that follows a
  // reading follows it whatever the values). If one of these fails, the
  // backend met the reading by chance (a broadcast input read wrongly can
  // give what ignoring a NaN gives): that failure is what the case shows.
  absl::StatusOr<std::optional<Disagreement>> Confirm(const ExploreCase& c,
                                                      Disagreement divergence) {
    std::vector<std::pair<std::string, ExploreCase>> variants;
    if (IsFloatingPoint(c.cell.type)) {
      for (const bool negative : {true, false}) {
        ExploreCase without = c;
        bool held = false;
        for (uint64_t* bits : without.ElementBits()) {
          if (ValueKindOf(c.cell.type, *bits) != "nan") continue;
          *bits = InfinityBits(c.cell.type, negative);
          held = true;
        }
        if (held)
          variants.emplace_back(negative ? "its NaNs as -inf" : "its NaNs as +inf", without);
      }
    }
    const std::vector<uint64_t> simple = SimpleValues(c.cell.type);
    for (size_t k = 1; k < simple.size(); ++k) {
      ExploreCase other = c;
      for (TensorSpec& t : other.inputs) {
        for (uint64_t& bits : t.bits) {
          if (ValueKindOf(c.cell.type, bits) != "nan") bits = simple[k];
        }
      }
      variants.emplace_back(
          absl::StrCat("its data's other elements ", ValueOf(c.cell.type, simple[k])), other);
    }
    for (const auto& [name, variant] : variants) {
      bool valid = false;
      absl::StatusOr<std::optional<Disagreement>> shown = EvaluateOnce(variant, valid);
      if (!shown.ok()) return shown.status();
      if (!shown->has_value() || !GroupsByStructure((*shown)->signature.kind)) continue;
      Disagreement failure = **shown;
      failure.behind_divergence = true;
      failure.detail = absl::StrCat("follows ", divergence.reading, " here only by chance: with ",
                                    name, ", ", failure.detail);
      return failure;
    }
    return divergence;
  }

  static uint64_t InfinityBits(ElementType type, bool negative) {
    switch (type) {
      case ElementType::kFloat16: return negative ? 0xFC00 : 0x7C00;
      case ElementType::kBFloat16: return negative ? 0xFF80 : 0x7F80;
      case ElementType::kFloat: return negative ? 0xFF800000 : 0x7F800000;
      default: return negative ? 0xFFF0000000000000 : 0x7FF0000000000000;
    }
  }

  absl::StatusOr<std::optional<Disagreement>> EvaluateOnce(const ExploreCase& c, bool& valid) {
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

// Where the case's text says nothing (Clip's min > max before 13, a named
// reading): a shrink never moves there.
bool Unstated(const ExploreCase& c) { return ScenarioOf(c.cell.op)->Unstated(c); }

// Where a shrink stands: the key it keeps, the part of the signature, and
// the size it may not exceed.
struct ShrinkState {
  std::string key, part;
  Disagreement disagreement;
  int64_t elements = 0, nodes = 0;
  bool unstated = false;
};

// RapidCheck's shrink tree first, walked as RapidCheck does (take the first
// simpler case that still shows the finding, start again from it), then
// explore's own steps (runners/explore/shrink.h). A simpler case never has
// more elements or nodes than the one it replaces, nor min > max where the
// text leaves it open unless the start had it; from such a start a stated
// case that fails alike (the same kind, whatever elements) is taken.
// Stops at `deadline`, keeping the smallest case so far.
ExploreCase Shrink(Evaluator& evaluator, int max_steps, rc::Shrinkable<ExploreCase> current,
                   ShrinkState& state, int& steps, const std::function<bool()>& out_of_time) {
  auto shows = [&](const ExploreCase& value) {
    if (out_of_time()) return false;
    if (value.ElementCount() > state.elements || value.NodeCount() > state.nodes) return false;
    const bool unstated = Unstated(value);
    if (unstated && !state.unstated) return false;
    bool valid = false;
    absl::StatusOr<std::optional<Disagreement>> shown =
        evaluator.Evaluate(value, valid, state.disagreement.behind_divergence);
    if (!shown.ok() || !shown->has_value()) return false;
    const Disagreement& d = **shown;
    if (Shows(value.cell, d, state.key)) {
      state.disagreement = d;
    } else if (state.unstated && !unstated && d.failure &&
               d.signature.kind == state.disagreement.signature.kind) {
      state.disagreement = d;
      state.part = d.Parts().front();
      state.key = KeyOf(value.cell, d, state.part);
    } else {
      return false;
    }
    state.unstated = unstated;
    state.elements = value.ElementCount();
    state.nodes = value.NodeCount();
    return true;
  };
  bool simpler = true;
  while (simpler && steps < max_steps && !out_of_time()) {
    simpler = false;
    rc::Seq<rc::Shrinkable<ExploreCase>> candidates = current.shrinks();
    while (rc::Maybe<rc::Shrinkable<ExploreCase>> candidate = candidates.next()) {
      if (++steps > max_steps || out_of_time()) break;
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
  if (state.unstated) {  // min > max where the text leaves it open: a stated case that fails alike
    for (const ExploreCase& stated : StatedCases(minimal)) {
      if (++steps > max_steps || out_of_time()) break;
      if (shows(stated)) {
        minimal = stated;
        break;
      }
    }
  }
  if (steps < max_steps && !out_of_time()) {
    steps += ShrinkCase(minimal, shows, max_steps - steps);
  }
  return minimal;
}

// Whether `a` is a smaller case than `b`: fewer elements, then fewer nodes.
bool Smaller(const ExploreCase& a, const ExploreCase& b) {
  if (a.ElementCount() != b.ElementCount()) return a.ElementCount() < b.ElementCount();
  return a.NodeCount() < b.NodeCount();
}

// The cause of a shrunk case (runners/explore/finding_cause.h): the
// structure and the special values without which it no longer fails.
// Past the budget nothing more is tried.
std::string CauseOf(Evaluator& evaluator, const ExploreCase& minimal, const Disagreement& d,
                    const std::string& part, const std::function<bool()>& out_of_time) {
  const std::string& kind = d.signature.kind;
  if (!GroupsByStructure(kind)) return CauseKey(minimal.cell.op, kind, part, {}, {});
  auto fails = [&](const ExploreCase& c) {
    bool valid = false;
    absl::StatusOr<std::optional<Disagreement>> shown = evaluator.Evaluate(c, valid);
    return shown.ok() && shown->has_value() && (*shown)->failure;
  };
  // A case the checker refuses says nothing of the feature (an axis unset
  // onto an empty dimension): the feature is not counted.
  auto refused = [](const ExploreCase& c) {
    absl::StatusOr<BuiltCase> built = BuildCase(c);
    return !built.ok() || !FirstCheckerError(*MakeReferenceCase("cause", std::move(built->model),
                                                                std::move(built->inputs)))
                               .empty();
  };
  std::vector<std::string> structure = CauseStructure(minimal);
  for (const StructureVariant& v : StructureVariants(minimal)) {
    if (out_of_time()) break;
    const auto feature = std::find(structure.begin(), structure.end(), v.name);
    if (feature == structure.end()) continue;  // another of its variants failed
    const std::vector<ExploreCase> scrambled = ScrambledData(v.without, 3);
    if (!refused(v.without) && !fails(v.without) &&
        std::none_of(scrambled.begin(), scrambled.end(), fails)) {
      continue;
    }
    structure.erase(feature);
  }
  std::vector<std::string> needed;
  for (const SpecialValues& v : SpecialValueVariants(minimal)) {
    if (out_of_time()) break;
    if (std::none_of(v.ordinary.begin(), v.ordinary.end(), fails)) needed.push_back(v.name);
  }
  return CauseKey(minimal.cell.op, kind, part, structure, needed);
}

}  // namespace

bool ExploreResult::failed() const { return failures() > 0; }

int64_t ExploreResult::failures() const {
  return std::count_if(findings.begin(), findings.end(),
                       [](const ExploreFinding& f) { return f.failure; });
}

int64_t ExploreResult::unsupported() const {
  return std::count_if(findings.begin(), findings.end(), [](const ExploreFinding& f) {
    return !f.failure && f.kind == "unsupported";
  });
}

int64_t ExploreResult::divergences() const {
  return static_cast<int64_t>(findings.size()) - failures() - unsupported();
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
  // The budget bounds the whole run: cases, their confirmation and shrinking.
  auto out_of_time = [&] {
    if (options.stop != nullptr && options.stop->load()) return true;
    if (options.seconds <= 0 || elapsed() < options.seconds) return false;
    result.budget_spent = true;
    return true;
  };
  // (cell, signature) key -> its finding (a cause) in result.findings.
  std::map<std::string, size_t> found;
  std::map<std::string, size_t> causes;  // cause key -> index in result.findings

  while ((total == 0 || result.cases < total) && !out_of_time()) {
    // The first case alone: an adapter that does not serve the protocol
    // it was started in is told at one start, not at a batch of them.
    int64_t batch = result.cases == 0 ? 1 : 256 * jobs;
    if (total > 0) batch = std::min(batch, total - result.cases);
    // Each worker generates, classifies and runs the cases it takes: only
    // the findings are shrunk on one thread, in case order. Past the budget
    // no case is taken, so the cases run are the batch's first `taken`.
    std::vector<std::optional<rc::Shrinkable<ExploreCase>>> shrinkables(batch);
    std::vector<ExploreCase> values(batch);
    std::vector<absl::StatusOr<std::optional<Disagreement>>> shown(batch, std::nullopt);
    std::vector<char> valid(batch, 0);
    std::vector<std::map<std::string, int64_t>> statistics(jobs);
    std::atomic<int64_t> next{0};
    std::atomic<bool> spent{false};
    auto work = [&](int worker) {
      for (int64_t i;;) {
        if (options.seconds > 0 && elapsed() >= options.seconds) spent = true;
        if (spent || (options.stop != nullptr && options.stop->load())) break;
        if ((i = next++) >= batch) break;
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
    const int64_t taken = std::min<int64_t>(next.load(), batch);
    if (spent) result.budget_spent = true;

    for (int64_t i = 0; i < taken; ++i) {
      if (!shown[i].ok()) return shown[i].status();
      result.valid_cases += valid[i];
      if (!shown[i]->has_value()) continue;
      Disagreement first = **shown[i];
      const ExploreCell& cell = values[i].cell;
      if (first.signature.kind == "divergent" &&
          !found.count(KeyOf(cell, first, first.Parts()[0]))) {
        // A new divergence: is it the reading's (Evaluator::Confirm)?
        bool is_valid = false;
        absl::StatusOr<std::optional<Disagreement>> confirmed =
            evaluators[0]->Evaluate(values[i], is_valid, true);
        if (!confirmed.ok()) return confirmed.status();
        if (confirmed->has_value()) first = **confirmed;
      }
      for (const std::string& part : first.Parts()) {
        const std::string key = KeyOf(cell, first, part);
        if (auto it = found.find(key); it != found.end()) {
          ExploreFinding& f = result.findings[it->second];
          ++f.occurrences;
          for (FindingCell& fc : f.cells) fc.occurrences += fc.key == key;
          continue;
        }
        ShrinkState state{.key = key,
                          .part = part,
                          .disagreement = first,
                          .elements = values[i].ElementCount(),
                          .nodes = values[i].NodeCount(),
                          .unstated = Unstated(values[i])};
        int shrink_steps = 0;
        ExploreCase minimal = Shrink(*evaluators[0], max_shrink_steps, *shrinkables[i], state,
                                     shrink_steps, out_of_time);
        if (shrink_steps < max_shrink_steps && out_of_time()) result.shrinking_cut = true;
        if (state.disagreement.signature.kind == "divergent" && !options.replay.has_value()) {
          // The minimal case's divergence, too, must be the reading's.
          bool is_valid = false;
          absl::StatusOr<std::optional<Disagreement>> confirmed =
              evaluators[0]->Evaluate(minimal, is_valid, true);
          if (!confirmed.ok()) return confirmed.status();
          if (confirmed->has_value() && (*confirmed)->signature.kind != "divergent") {
            state.disagreement = **confirmed;
            state.part = state.disagreement.Parts().front();
          }
        }
        // A replay names the case's cell and signature: nothing was shrunk.
        const std::string cause =
            options.replay.has_value()
                ? key
                : CauseOf(*evaluators[0], minimal, state.disagreement, state.part, out_of_time);
        auto existing = causes.find(cause);
        if (existing == causes.end()) {
          existing = causes.emplace(cause, result.findings.size()).first;
          result.findings.emplace_back();
          result.findings.back().key = cause;
        }
        ExploreFinding& finding = result.findings[existing->second];
        const bool first_of_cause = finding.cells.empty();
        finding.cells.push_back({.cell = cell,
                                 .key = key,
                                 .occurrences = 1,
                                 .original_elements = values[i].ElementCount(),
                                 .minimal_elements = minimal.ElementCount()});
        ++finding.occurrences;
        found[key] = existing->second;
        if (!first_of_cause && !Smaller(minimal, finding.minimal)) continue;
        // The smallest case over the cause's cells is the one shown.
        finding.minimal = std::move(minimal);
        finding.signature = state.part;
        finding.cell = cell;
        finding.kind = state.disagreement.signature.kind;
        finding.reading = state.disagreement.reading;
        finding.detail = state.disagreement.detail;
        finding.failure = state.disagreement.failure;
        finding.case_index = cell_case(result.cases + i).second;
        finding.original_elements = values[i].ElementCount();
        finding.shrink_steps = shrink_steps;
      }
    }
    result.cases += taken;
    if (options.progress && std::chrono::duration<double>(Clock::now() - last_progress).count() >=
                                options.progress_seconds) {
      last_progress = Clock::now();
      options.progress(absl::StrCat("explore: ", result.cases, " cases in ",
                                    static_cast<int64_t>(elapsed()), " s, ", result.findings.size(),
                                    " causes"));
    }
  }
  if (!options.out.empty()) {
    // Two causes whose minimal cases have the same name: the second gets _2.
    std::map<std::string, int> names;
    for (ExploreFinding& finding : result.findings) {
      std::string name = FindingFolderName(finding);
      if (const int n = ++names[name]; n > 1) absl::StrAppend(&name, "_", n);
      absl::StatusOr<fs::path> folder =
          WriteFinding(finding, options.seed, backend.name(), options.out, name);
      if (!folder.ok()) return folder.status();
      finding.folder = *folder;
    }
  }
  return result;
}

}  // namespace onnx_conform
