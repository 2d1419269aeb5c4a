#include "runners/harness/case_runner.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "cases/case_metadata.h"
#include "checker/case_checker.h"
#include "checker/checker.h"
#include "checker/diagnostic.h"
#include "checker/node_validator.h"
#include "checker/rules.h"
#include "reference/interpreter.h"
#include "reference/model_versions.h"
#include "runners/harness/outcome_status.h"
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

// Operators that only move data around and never change a value.
bool IsDataMovementOp(absl::string_view op_type) {
  return op_type == "Constant" || op_type == "Identity";
}

// Less and Where: the operators of Clip-13's function body.
bool IsFunctionBodyOp(absl::string_view op_type) { return op_type == "Less" || op_type == "Where"; }

// A graph of Clip-13's function body (an `*_expanded` case): Less and Where
// nodes, perhaps Identity and Constant, and no other.
bool IsClipFunctionBody(const onnx::ModelProto& model) {
  bool less = false, where = false;
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (node.op_type() == "Less") less = true;
    if (node.op_type() == "Where") where = true;
    if (!IsFunctionBodyOp(node.op_type()) && !IsDataMovementOp(node.op_type())) return false;
  }
  return less && where;
}

// The case's subject: the first node that is neither Constant, Identity
// nor of a function body.
const onnx::NodeProto* SubjectNode(const onnx::ModelProto& model) {
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsDataMovementOp(node.op_type()) && !IsFunctionBodyOp(node.op_type())) return &node;
  }
  return model.graph().node_size() > 0 ? &model.graph().node(0) : nullptr;
}

// Operator and versions from the model; case.json, when there is one, has
// the last word on the labels (types too: see DescribeInputTypes).
void DescribeCase(const LoadedCase& loaded, const CaseMetadata* metadata, CaseResult& result) {
  if (const onnx::NodeProto* node = SubjectNode(loaded.model)) result.op = node->op_type();
  result.opset = DefaultDomainOpset(loaded.model).value_or(0);
  if (IsClipFunctionBody(loaded.model) ||
      (absl::StrContains(loaded.name, "clip") && absl::EndsWith(loaded.name, "_expanded"))) {
    result.op = "Clip";  // its expanded form
  }
  if (std::optional<int64_t> version = ResolveOperatorVersion(result.op, result.opset)) {
    result.op_version = *version;
  }
  if (metadata != nullptr) {
    result.op = metadata->operator_();
    result.op_version = metadata->version();
    if (metadata->types_size() > 0) result.types = absl::StrJoin(metadata->types(), ",");
  }
}

// The element types of the first data set's inputs, once the data sets are
// loaded, unless case.json names the types.
void DescribeInputTypes(const LoadedCase& loaded, const CaseMetadata* metadata,
                        CaseResult& result) {
  if ((metadata != nullptr && metadata->types_size() > 0) || loaded.data_sets.empty()) return;
  std::vector<std::string> types;
  for (const Tensor& input : loaded.data_sets.front().inputs) {
    const std::string name(ElementTypeName(input.type()));
    if (std::find(types.begin(), types.end(), name) == types.end()) types.push_back(name);
  }
  result.types = absl::StrJoin(types, ",");
}

// What the data sets' judgements add up to: a mismatch anywhere fails the
// case; else a divergence anywhere makes it divergent.
struct Comparison {
  std::vector<std::string> problems;
  bool only_values_differ = true;  // no count, type or shape difference
  bool mismatch = false;
  std::vector<std::string> divergences;  // one line per divergent data set
  std::vector<std::string> readings;     // the readings the backend follows
};

// The data set's inputs: as loaded, or read again from their files when the
// backend (the reference) took them over.
InputsSource InputsOf(const LoadedCase& loaded, const DataSet& data_set, bool consumed) {
  return [&loaded, &data_set, consumed]() -> absl::StatusOr<std::vector<Tensor>> {
    if (!consumed) return data_set.inputs;
    std::vector<Tensor> inputs;
    for (const std::filesystem::path& file : data_set.input_files) {
      absl::StatusOr<TensorFile> read = ReadCaseTensorFile(loaded.dir, file);
      if (!read.ok()) return read.status();
      inputs.push_back(std::move(read->tensor));
    }
    return inputs;
  };
}

void CompareOutputs(const LoadedCase& loaded, const DataSet& data_set,
                    const std::vector<Tensor>& actual, const Tolerance& tolerance, bool consumed,
                    Comparison& comparison) {
  const std::string where = data_set.dir.filename().string();
  const OutputsJudgement judgement =
      JudgeOutputs(loaded.model, InputsOf(loaded, data_set, consumed), data_set.outputs, actual,
                   tolerance, OutputNames(loaded.model, data_set.outputs.size()));
  for (const std::string& problem : judgement.problems) {
    comparison.problems.push_back(absl::StrCat(where, ": ", problem));
  }
  if (!judgement.only_values_differ) comparison.only_values_differ = false;
  switch (judgement.kind) {
    case OutputsJudgement::Kind::kMatch: break;
    case OutputsJudgement::Kind::kMismatch: comparison.mismatch = true; break;
    case OutputsJudgement::Kind::kDivergent:
      comparison.divergences.push_back(absl::StrCat(where, ": ", DescribeDivergence(judgement)));
      for (Reading r : judgement.backend_reading.readings()) {
        const std::string name(ReadingName(r));
        if (std::find(comparison.readings.begin(), comparison.readings.end(), name) ==
            comparison.readings.end()) {
          comparison.readings.push_back(name);
        }
      }
      if (judgement.backend_reading.empty() &&
          std::find(comparison.readings.begin(), comparison.readings.end(), "reference") ==
              comparison.readings.end()) {
        comparison.readings.push_back("reference");
      }
      break;
  }
}

// Models the suite does not cover whatever the checker says: it reads only
// tensors, and a graph of Constant/Identity nodes tests no operator.
// `expanded_clip`: the case says it is Clip's expanded form (case.json, or
// ONNX's folder naming, test_clip_*_expanded), which without bounds is a
// lone Identity.
std::optional<std::string> OutOfScopeReason(const onnx::ModelProto& model, bool expanded_clip) {
  for (const auto* values : {&model.graph().input(), &model.graph().output()}) {
    for (const onnx::ValueInfoProto& value : *values) {
      if (value.has_type() && !value.type().has_tensor_type()) {
        return absl::StrCat("graph value '", value.name(),
                            "' is not a tensor (sequences, maps and optionals are not covered)");
      }
    }
  }
  // No node at all is a broken graph (GRAPH-NO-NODE), not one out of scope.
  if (model.graph().node_size() == 0) return std::nullopt;
  if (IsClipFunctionBody(model) || expanded_clip) return std::nullopt;
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsDataMovementOp(node.op_type()) && !IsFunctionBodyOp(node.op_type())) {
      return std::nullopt;
    }
  }
  return std::string(
      "the model has only Constant/Identity/Less/Where nodes and is not Clip-13's function body: "
      "no operator the suite covers");
}

std::string FormatDiagnostics(const std::vector<Diagnostic>& diagnostics, Severity severity) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics) {
    if (d.severity == severity) lines.push_back(FormatDiagnostic(d));
  }
  return absl::StrJoin(lines, "\n");
}

struct NegativeVerdict {
  CaseStatus status;
  std::string message;
};

// A negative case on a backend other than the reference: the first data
// set's inputs are sent to the adapter as they are. Refusing the case
// (exiting non-zero) passes; running it (exit 0) fails: the backend accepted
// what the spec forbids. Cases broken only in their expected outputs are
// not run: a backend never sees those files. `loaded` holds the model the
// checker read (`model_read`); the adapter is handed the files all the same.
NegativeVerdict RunNegativeCase(const CaseLayout& layout, const LoadedCase& loaded, bool model_read,
                                const std::vector<Diagnostic>& diagnostics,
                                const CaseMetadata& metadata, Backend& backend,
                                CaseResult& result) {
  const std::string& rule = metadata.rule_id();
  std::set<std::string> expected_outputs;
  for (const DataSetLayout& listed : layout.data_sets) {
    for (const std::filesystem::path& file : listed.output_files) {
      expected_outputs.insert(file.string());
    }
  }
  bool visible_to_backend = false;
  for (const Diagnostic& d : diagnostics) {
    if (d.rule != rule || d.severity != Severity::kError) continue;
    // A backend sees the model and the input files' contents, never the
    // expected outputs or how the files are named.
    if (!expected_outputs.contains(d.file) && rule != rules::kDataOutputCount &&
        rule != rules::kDataSetMissing && rule != rules::kDataFileNames) {
      visible_to_backend = true;
    }
  }
  if (!visible_to_backend) {
    return {CaseStatus::kInvalid,
            absl::StrCat("negative case (breaks ", rule,
                         ") in files the backend never sees: not run on backends")};
  }
  if (model_read) result.opset = DefaultDomainOpset(loaded.model).value_or(0);
  DataSet data_set;
  if (layout.data_sets.empty()) {
    data_set.dir = layout.dir / DataSetDirName(0);
  } else {
    data_set.dir = layout.data_sets.front().dir;
    // The files may not decode: the backend is to judge them.
    data_set.input_files = layout.data_sets.front().input_files;
  }
  const BackendOutcome outcome = backend.Run(loaded, data_set);
  result.ran_on_backend = true;
  const Rule* rule_info = FindRule(rule);
  const std::string what =
      absl::StrCat(rule, rule_info != nullptr ? absl::StrCat(": ", rule_info->summary) : "");
  if (std::optional<OutcomeStatus> unfinished = UnfinishedRunStatus(outcome)) {
    if (unfinished->cancelled) result.cancelled = true;
    return {unfinished->status, std::move(unfinished->message)};
  }
  if (!outcome.exit_code.has_value()) return {CaseStatus::kError, outcome.message};
  if (*outcome.exit_code == 0) {
    return {CaseStatus::kFail,
            absl::StrCat("accepted a case that breaks ", what, " (the adapter exited 0)")};
  }
  std::string why = outcome.message.substr(0, outcome.message.find('\n'));
  // A refusal scores only when the backend runs the valid case this one
  // was derived from: an adapter that refuses everything proves nothing.
  if (!metadata.twin().empty()) {
    const std::filesystem::path twin_dir = layout.dir.parent_path().parent_path() / "node" /
                                           std::filesystem::path(metadata.twin()).filename();
    absl::StatusOr<LoadedCase> twin = LoadCase(twin_dir);
    if (!twin.ok() || twin->data_sets.empty()) {
      return {CaseStatus::kError,
              absl::StrCat("refused, but its valid twin ", metadata.twin(), " cannot be read: ",
                           twin.ok() ? "no data set" : std::string(twin.status().message()))};
    }
    const BackendOutcome twin_outcome = backend.Run(*twin, twin->data_sets.front());
    if (twin_outcome.kind == BackendOutcome::Kind::kCancelled) {
      result.cancelled = true;
      return {CaseStatus::kError, twin_outcome.message};
    }
    if (twin_outcome.kind != BackendOutcome::Kind::kOk) {
      return {CaseStatus::kFail,
              absl::StrCat("refused (", why, "), but it refuses its valid twin ", metadata.twin(),
                           " too, so the refusal says nothing about ", rule, ": ",
                           twin_outcome.message.substr(0, twin_outcome.message.find('\n')))};
    }
  }
  return {CaseStatus::kPass, absl::StrCat("rejected as expected (", rule, "): ", why)};
}

Tolerance CaseTolerance(const LoadedCase& loaded, const CaseMetadata* metadata) {
  if (metadata != nullptr && metadata->has_tolerance()) {
    if (metadata->tolerance() == 0) return Tolerance::Exact();
    return Tolerance::Approximate(metadata->tolerance(), metadata->tolerance());
  }
  return DefaultTolerance(loaded.model);
}

}  // namespace

bool IsSelectionOp(absl::string_view op_type) {
  return op_type == "Min" || op_type == "Max" || op_type == "ArgMin" || op_type == "ArgMax" ||
         op_type == "Clip";
}

Tolerance DefaultTolerance(const onnx::ModelProto& model) {
  for (const onnx::NodeProto& node : model.graph().node()) {
    if (!IsSelectionOp(node.op_type()) && !IsDataMovementOp(node.op_type())) {
      return Tolerance::Approximate();
    }
  }
  return Tolerance::Exact();
}

CaseResult RunCase(const std::filesystem::path& case_dir, Backend& backend,
                   const ResourceLimits& limits) {
  const auto start = std::chrono::steady_clock::now();
  ScopedResourceBudget budget(limits);
  CaseResult result;
  result.path = case_dir.string();
  result.name = CaseName(case_dir);
  result.backend = backend.name();
  auto finish = [&](CaseStatus status, std::string message) {
    result.status = status;
    result.message = Bounded(std::move(message), kMaxMessageBytes);
    result.op = Bounded(std::move(result.op), kMaxLabelBytes);
    result.types = Bounded(std::move(result.types), kMaxLabelBytes);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
  };

  absl::StatusOr<std::optional<CaseMetadata>> read_metadata = ReadCaseMetadata(case_dir);
  if (!read_metadata.ok()) {
    return finish(CaseStatus::kError, std::string(read_metadata.status().message()));
  }
  const CaseMetadata* metadata = read_metadata->has_value() ? &**read_metadata : nullptr;
  const bool negative = metadata != nullptr && metadata->expectation() == kExpectInvalid;
  result.negative = negative;
  if (metadata != nullptr) {
    result.op = metadata->operator_();
    result.op_version = metadata->version();
    result.types = absl::StrJoin(metadata->types(), ",");
  }
  // On a backend, a negative case asks whether it refuses what the spec
  // forbids; on the reference, whether the suite's checker does. Either
  // way the checker reads every file, once, so that a broken one is a
  // finding (MODEL-READ, DATA-DECODE, ...) rather than a load error; its
  // listing and its model serve the rest.
  if (negative) {
    const CaseLayout layout = ListCase(case_dir);
    CaseCheck check = CheckCase(layout);
    LoadedCase checked;
    checked.dir = case_dir;
    checked.name = CaseName(case_dir);
    checked.model_file = layout.model_file;
    const bool model_read = check.model.has_value();
    if (model_read) checked.model = *std::move(check.model);
    if (!backend.is_reference()) {
      const NegativeVerdict verdict = RunNegativeCase(
          layout, checked, model_read, check.diagnostics, *metadata, backend, result);
      return finish(verdict.status, verdict.message);
    }
    if (model_read) {
      DescribeCase(checked, metadata, result);
      DescribeInputTypes(checked, metadata, result);
    }
    const std::vector<Diagnostic>& diagnostics = check.diagnostics;
    const std::vector<std::string> rule_ids = RuleIds(diagnostics);
    const bool rejected = HasErrors(diagnostics);
    if (rejected &&
        std::find(rule_ids.begin(), rule_ids.end(), metadata->rule_id()) != rule_ids.end()) {
      return finish(CaseStatus::kPass, absl::StrCat("rejected as expected: ", metadata->rule_id()));
    }
    return finish(
        CaseStatus::kFail,
        absl::StrCat("expected the checker to reject the case under ", metadata->rule_id(), "; it ",
                     rejected ? absl::StrCat("reported instead:\n",
                                             FormatDiagnostics(diagnostics, Severity::kError))
                              : std::string("accepted it")));
  }

  absl::StatusOr<LoadedCase> loaded = LoadCaseModel(case_dir);
  if (!loaded.ok()) return finish(CaseStatus::kError, std::string(loaded.status().message()));
  result.name = loaded->name;
  DescribeCase(*loaded, metadata, result);

  // Decided before the data is read: unsupported cases may hold data (such
  // as sequences) that the suite does not decode.
  const bool expanded_clip =
      (metadata != nullptr && metadata->operator_() == "Clip") ||
      (absl::StrContains(result.name, "clip") && absl::EndsWith(result.name, "_expanded"));
  if (std::optional<std::string> why = OutOfScopeReason(loaded->model, expanded_clip)) {
    return finish(CaseStatus::kUnsupported, *why);
  }
  // Constant and Identity are in the registry as supporting operators.
  const std::vector<Diagnostic> model_diagnostics =
      CheckModel(loaded->model, loaded->model_file.string());
  if (HasErrors(model_diagnostics)) {
    return finish(CaseStatus::kInvalid, FormatDiagnostics(model_diagnostics, Severity::kError));
  }
  if (IsUnsupported(model_diagnostics)) {
    return finish(CaseStatus::kUnsupported,
                  FormatDiagnostics(model_diagnostics, Severity::kUnsupported));
  }
  if (absl::Status data = LoadDataSets(*loaded); !data.ok()) {
    return finish(CaseStatus::kError, std::string(data.message()));
  }
  DescribeInputTypes(*loaded, metadata, result);
  for (const DataSet& data_set : loaded->data_sets) {
    const std::vector<Diagnostic> data_diagnostics =
        CheckDataSet(loaded->model, ViewDataSet(data_set), loaded->model_file.string());
    if (HasErrors(data_diagnostics)) {
      return finish(CaseStatus::kInvalid, FormatDiagnostics(data_diagnostics, Severity::kError));
    }
  }

  const Tolerance tolerance = CaseTolerance(*loaded, metadata);
  Comparison comparison;
  // Nothing reads a data set's inputs after its run, so the backend may
  // take them over (the reference then needs one buffer fewer).
  for (DataSet& data_set : loaded->data_sets) {
    const std::string where = data_set.dir.filename().string();
    BackendOutcome outcome = backend.RunConsumingInputs(*loaded, data_set);
    result.ran_on_backend = true;
    if (std::optional<OutcomeStatus> failed = RunWithoutOutputsStatus(outcome, where)) {
      if (failed->cancelled) result.cancelled = true;
      return finish(failed->status, std::move(failed->message));
    }
    CompareOutputs(*loaded, data_set, outcome.outputs, tolerance, backend.is_reference(),
                   comparison);
  }
  if (comparison.problems.empty()) return finish(CaseStatus::kPass, "");
  const std::string differences = absl::StrJoin(comparison.problems, "\n");
  if (!comparison.mismatch) {
    result.readings = comparison.readings;
    return finish(CaseStatus::kDivergent,
                  absl::StrCat("differs where the texts allow another reading: ",
                               absl::StrJoin(comparison.divergences, "\n"), "\n", differences));
  }
  return finish(CaseStatus::kFail, differences);
}

}  // namespace onnx_conform
