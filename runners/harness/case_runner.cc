#include "runners/harness/case_runner.h"

#include <algorithm>
#include <chrono>
#include <new>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_loader.h"
#include "checker/registry.h"
#include "runners/harness/failure_signature.h"
#include "runners/harness/policy.h"
#include "runners/harness/verdict.h"

namespace onnx_conform {
namespace {

// Reports stay small whatever a case holds (a 64 MiB node name, 100000
// findings): text past `limit` bytes is cut, saying how much was left out.
std::string Bounded(std::string text, size_t limit) {
  if (text.size() <= limit) return text;
  const size_t cut = text.size() - limit;
  text.resize(limit);
  absl::StrAppend(&text, "... [message cut: ", cut, " more bytes]");
  return text;
}
constexpr size_t kMaxMessageBytes = 64 << 10;
constexpr size_t kMaxLabelBytes = 256;  // operator, types

// What the data sets' judgements add up to: a mismatch anywhere fails the
// case; else a divergence anywhere makes it divergent.
struct Comparison {
  std::vector<std::string> problems;
  bool mismatch = false;
  std::vector<std::string> divergences;  // one line per divergent data set
  std::vector<std::string> readings;     // the readings the backend follows
  // The cause of the first mismatching data set, and of the first divergent one.
  FailureSignature mismatch_signature, divergent_signature;
  std::vector<OutputErrors> output_errors;  // outputs compared within a tolerance
};

void AddReading(std::vector<std::string>& readings, std::string name) {
  if (std::find(readings.begin(), readings.end(), name) == readings.end()) {
    readings.push_back(std::move(name));
  }
}

void Compare(const CheckedCase& c, size_t index, const std::vector<Tensor>& actual,
             const Tolerance& tolerance, Comparison& comparison) {
  const std::string where = c.data_sets[index].files.dir.filename().string();
  OutputsJudgement judgement = JudgeOutputs(c, index, actual, tolerance);
  for (OutputErrors& errors : judgement.errors) {
    errors.data_set = where;
    comparison.output_errors.push_back(std::move(errors));
  }
  FailureSignature& first = judgement.kind == OutputsJudgement::Kind::kMismatch
                                ? comparison.mismatch_signature
                                : comparison.divergent_signature;
  for (const std::string& problem : judgement.problems) {
    comparison.problems.push_back(absl::StrCat(where, ": ", problem));
  }
  std::string inputs;
  if (judgement.kind != OutputsJudgement::Kind::kMatch && first.empty()) {
    first = SignatureOf(c, index, actual, judgement, /*detail=*/nullptr, &inputs);
  }
  // The first values mismatch names the input elements its verdict's
  // elements come from, as `show` prints them.
  if (!inputs.empty()) {
    comparison.problems.push_back(absl::StrCat(where, ": computed from ", inputs));
  }
  switch (judgement.kind) {
    case OutputsJudgement::Kind::kMatch: break;
    case OutputsJudgement::Kind::kMismatch: comparison.mismatch = true; break;
    case OutputsJudgement::Kind::kDivergent:
      comparison.divergences.push_back(absl::StrCat(where, ": ", DescribeDivergence(judgement)));
      for (Reading r : judgement.backend_reading.readings()) {
        AddReading(comparison.readings, std::string(ReadingName(r)));
      }
      if (judgement.backend_reading.empty()) AddReading(comparison.readings, "reference");
      break;
  }
}

// The verdict on a runnable case: every data set run, then compared.
CaseVerdict RunValid(const CheckedCase& c, Backend& backend, const VerdictOptions& options,
                     CaseResult& result) {
  const Tolerance tolerance = CaseTolerance(c, options);
  Comparison comparison;
  for (size_t index = 0; index < c.data_sets.size(); ++index) {
    const std::string where = c.data_sets[index].files.dir.filename().string();
    BackendOutcome outcome = backend.Run(c, index);
    result.ran_on_backend = true;
    result.startup_seconds += outcome.startup_seconds;
    if (std::optional<CaseVerdict> failed = OutcomeVerdict(outcome, where)) {
      result.signature = OutcomeSignature(c, outcome);
      return *failed;
    }
    Compare(c, index, outcome.outputs, tolerance, comparison);
  }
  result.output_errors = std::move(comparison.output_errors);
  if (comparison.problems.empty()) return {CaseStatus::kPass, ""};
  const std::string differences = absl::StrJoin(comparison.problems, "\n");
  result.signature =
      comparison.mismatch ? comparison.mismatch_signature : comparison.divergent_signature;
  if (!comparison.mismatch) {
    result.readings = comparison.readings;
    return {CaseStatus::kDivergent,
            absl::StrCat("differs where the texts allow another reading: ",
                         absl::StrJoin(comparison.divergences, "\n"), "\n", differences)};
  }
  return {CaseStatus::kFail, differences};
}

// A negative case: the first data set's inputs are sent to the backend as
// they are, and then the valid twin's, when it refused.
CaseVerdict RunNegative(const CheckedCase& c, Backend& backend, CaseResult& result) {
  const BackendOutcome outcome = backend.Run(c, 0);
  result.ran_on_backend = true;
  result.startup_seconds += outcome.startup_seconds;
  std::optional<BackendOutcome> twin;
  if (IsRefusal(outcome) && c.twin != nullptr && !c.twin->data_sets.empty() &&
      c.twin->standing != CaseStanding::kUnreadable) {
    twin = backend.Run(*c.twin, 0);
    result.startup_seconds += twin->startup_seconds;
  }
  CaseVerdict verdict = NegativeVerdict(c, outcome, twin.has_value() ? &*twin : nullptr);
  const bool ran = outcome.kind == BackendOutcome::Kind::kOk || outcome.exit_code == 0;
  if (verdict.status == CaseStatus::kFail && !ran) {
    result.signature = StatusSignature(c, verdict.status);
    result.signature.kind = "refuses-valid-twin";
  } else if (verdict.status == CaseStatus::kFail || IsRefusal(outcome)) {
    result.signature = StatusSignature(c, verdict.status);
  } else {
    result.signature = OutcomeSignature(c, outcome);
  }
  return verdict;
}

bool ComputesValues(const onnx::NodeProto& node) {
  if (node.op_type() == "Constant" || node.op_type() == "Identity") return false;
  return SchemaVersions(node.op_type()).empty();  // a covered operator selects its outputs
}

}  // namespace

Tolerance CaseTolerance(const CheckedCase& c, const VerdictOptions& options) {
  bool computes_values = false;
  if (c.model.has_value()) {
    for (const onnx::NodeProto& node : c.model->graph().node()) {
      computes_values = computes_values || ComputesValues(node);
    }
  }
  std::optional<Tolerance> tolerance;
  if (c.metadata.has_value() && c.metadata->has_tolerance()) {
    if (c.metadata->tolerance() == 0) return Tolerance::Exact();
    tolerance =
        Tolerance::Approximate(c.metadata->tolerance(), c.metadata->tolerance(), "case.json");
  } else if (!computes_values) {
    return Tolerance::Exact();  // selections and copies: the reference's exact outputs
  } else if (c.onnx_test_data.has_value() &&
             (c.onnx_test_data->has_rtol() || c.onnx_test_data->has_atol())) {
    const OnnxTestData& data = *c.onnx_test_data;
    tolerance = Tolerance::Approximate(data.has_rtol() ? data.rtol() : kOnnxRtol,
                                       data.has_atol() ? data.atol() : kOnnxAtol, "data.json");
  } else {
    tolerance = Tolerance::Approximate();
  }
  // A run's override applies to what is compared within a tolerance, never
  // to an exact comparison.
  if (options.rtol.has_value() || options.atol.has_value()) {
    tolerance->rtol = options.rtol.value_or(tolerance->rtol);
    tolerance->atol = options.atol.value_or(tolerance->atol);
    tolerance->source = "--rtol/--atol";
  }
  return *tolerance;
}

CaseResult RunCase(const CheckedCase& c, Backend& backend, const VerdictOptions& options) {
  CaseResult result;
  result.path = c.dir.string();
  result.name = c.name;
  result.backend = backend.name();
  result.runtime = backend.Identity();
  result.negative = c.negative();
  result.op = Bounded(c.labels.op, kMaxLabelBytes);
  result.op_version = c.labels.op_version;
  result.opset = c.labels.opset;
  result.types = Bounded(c.labels.types, kMaxLabelBytes);
  std::optional<CaseVerdict> verdict = StandingVerdict(c);
  if (verdict.has_value()) result.signature = StatusSignature(c, verdict->status);
  if (!verdict.has_value()) {
    verdict =
        c.negative() ? RunNegative(c, backend, result) : RunValid(c, backend, options, result);
  }
  result.status = verdict->status;
  result.cancelled = verdict->cancelled;
  result.message = Bounded(std::move(verdict->message), kMaxMessageBytes);
  return result;
}

CaseResult OutOfMemoryResult(const std::filesystem::path& dir, Backend& backend) {
  CaseResult result;
  result.path = dir.string();
  result.name = CaseName(dir);
  result.backend = backend.name();
  result.runtime = backend.Identity();
  result.status = CaseStatus::kError;
  result.message = OutOfMemoryMessage();
  return result;
}

CaseResult OpenAndRunCase(const CaseRef& ref, Backend& backend, const ResourceLimits& limits,
                          const TwinOpener& twins) {
  const auto start = std::chrono::steady_clock::now();
  CaseResult result;
  try {
    ScopedResourceBudget budget(limits);
    std::shared_ptr<const CheckedCase> c = OpenCase(ref, twins);
    result = RunCase(*c, backend);
  } catch (const std::bad_alloc&) {
    result = OutOfMemoryResult(ref.dir, backend);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() -
                   result.startup_seconds;
  return result;
}

}  // namespace onnx_conform
