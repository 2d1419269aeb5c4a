#include "runners/audit/audit_behavior.h"

#include <exception>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "caseio/case_layout.h"
#include "checker/checker.h"
#include "checker/model_versions.h"
#include "checker/registry.h"
#include "checker/rules.h"
#include "onnx/version_converter/convert.h"
#include "runners/audit/audit_retarget.h"
#include "runners/harness/in_memory_case.h"

namespace onnx_conform {
namespace {

// "Clip-11" for the version of the case's operator that serves `opset`.
std::string VersionLabel(const std::string& op_type, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op_type, opset);
  if (!schema.ok()) return absl::StrCat(op_type, " at opset ", opset);
  return (*schema)->Name();
}

int VersionAt(const std::string& op_type, int64_t opset) {
  absl::StatusOr<const OpSchema*> schema = LookupSchema("", op_type, opset);
  return schema.ok() ? (*schema)->since_version() : 0;
}

std::string OutcomeText(const CaseOutcome& outcome) {
  switch (outcome.validity) {
    case Validity::kValid: return "valid";
    case Validity::kWarned: return absl::StrCat("valid with warning ", outcome.message);
    case Validity::kInvalid: return absl::StrCat("invalid ", outcome.message);
    case Validity::kUnsupported: return absl::StrCat("unsupported ", outcome.message);
  }
  return "";
}

bool Runs(Validity v) { return v == Validity::kValid || v == Validity::kWarned; }

Finding CaseFinding(FindingKind kind, const AuditCase& c, int64_t from_opset, int64_t to_opset,
                    std::string change, std::string detail) {
  Finding f{.kind = kind,
            .op_type = c.op_type,
            .from_version = VersionAt(c.op_type, from_opset),
            .to_version = VersionAt(c.op_type, to_opset),
            .from_opset = static_cast<int>(from_opset),
            .to_opset = static_cast<int>(to_opset),
            .aspect = "case",
            .name = c.name,
            .change = std::move(change),
            .detail = std::move(detail),
            .scenario = c.scenario.empty() ? c.name : c.scenario,
            .applies = Applicability::kNodeType};
  if (c.type != ElementType::kUndefined) f.types = {c.type};
  return f;
}

// Compares two runs of the reference, the first of `a_case`, as the harness
// judges a case's outputs ("expected" being the first run's). Returns the
// finding's change and detail, or nothing when they agree (or both fail).
std::optional<std::pair<std::string, std::string>> CompareRuns(const AuditCase& a_case,
                                                               const CaseOutcome& a,
                                                               const std::string& a_label,
                                                               const CaseOutcome& b,
                                                               const std::string& b_label) {
  if (!a.outputs.ok() && !b.outputs.ok()) return std::nullopt;
  if (!a.outputs.ok() || !b.outputs.ok()) {
    const bool a_fails = !a.outputs.ok();
    return std::pair{absl::StrCat("reference fails at ", a_fails ? a_label : b_label),
                     absl::StrCat("the reference fails at ", a_fails ? a_label : b_label, ": ",
                                  (a_fails ? a.outputs : b.outputs).status().message(),
                                  "; it runs at ", a_fails ? b_label : a_label)};
  }
  const std::string difference =
      a.outputs->size() != b.outputs->size()
          ? absl::StrCat(a.outputs->size(), " outputs against ", b.outputs->size())
          : absl::StrJoin(OutputDifferences(a_case.model, a_case.inputs, *a.outputs, *b.outputs,
                                            /*max_reported=*/3),
                          "; ");
  if (difference.empty()) return std::nullopt;
  return std::pair{std::string("outputs differ"),
                   absl::StrCat("expected = ", a_label, ", got = ", b_label, ": ", difference)};
}

// "valid", "valid with warnings", "invalid", "unsupported".
absl::string_view ValidityName(Validity validity) {
  switch (validity) {
    case Validity::kValid: return "valid";
    case Validity::kWarned: return "valid with warnings";
    case Validity::kInvalid: return "invalid";
    case Validity::kUnsupported: return "unsupported";
  }
  return "valid";
}

}  // namespace

std::string ShortDiagnostic(const Diagnostic& d) {
  return absl::StrCat("[", d.rule, "] ", d.field.empty() ? "" : absl::StrCat(d.field, ": "),
                      d.message);
}

std::vector<Diagnostic> CaseDiagnostics(const AuditCase& audit_case) {
  // Converted models hold Constant nodes: the checker judges them itself.
  const onnx::ModelProto& checked = audit_case.model;
  std::vector<Diagnostic> diagnostics = CheckModel(checked, audit_case.name);
  DataSetView data{audit_case.name, {}, {}};
  for (size_t k = 0; k < audit_case.inputs.size(); ++k) {
    TensorFileView file;
    file.path = absl::StrCat(audit_case.name, "/", InputFileName(static_cast<int64_t>(k)));
    file.tensor = &audit_case.inputs[k];
    data.inputs.push_back(std::move(file));
  }
  for (Diagnostic& d : CheckDataSet(checked, data, audit_case.name)) {
    // The audit's cases carry no expected outputs: it compares two runs.
    if (d.rule != rules::kDataOutputCount) diagnostics.push_back(std::move(d));
  }
  return diagnostics;
}

CaseOutcome EvaluateCase(const AuditCase& audit_case) {
  CaseOutcome outcome;
  const std::vector<Diagnostic> diagnostics = CaseDiagnostics(audit_case);
  const Diagnostic* first = nullptr;
  auto collect = [&](Severity severity) {
    for (const Diagnostic& d : diagnostics) {
      if (d.severity == severity) {
        first = &d;
        break;
      }
    }
    return first != nullptr;
  };
  if (collect(Severity::kError)) {
    outcome.validity = Validity::kInvalid;
  } else if (collect(Severity::kUnsupported)) {
    outcome.validity = Validity::kUnsupported;
  } else if (collect(Severity::kWarning)) {
    outcome.validity = Validity::kWarned;
  }
  if (first != nullptr) outcome.message = ShortDiagnostic(*first);
  if (Runs(outcome.validity)) {
    outcome.outputs = RunOnReference(audit_case.model, audit_case.inputs);
  } else {
    outcome.outputs = absl::FailedPreconditionError("not run: the checker rejects the model");
  }
  return outcome;
}

std::vector<Finding> CompareBehaviour(const AuditCase& audit_case, int64_t from_opset,
                                      int64_t to_opset, std::string* skipped,
                                      std::string* neither_ran) {
  std::vector<Finding> findings;
  absl::StatusOr<AuditCase> a = RetargetCase(audit_case, from_opset);
  absl::StatusOr<AuditCase> b = RetargetCase(audit_case, to_opset);
  if (!a.ok() || !b.ok()) {
    if (skipped != nullptr) *skipped = std::string((a.ok() ? b : a).status().message());
    return findings;
  }
  const CaseOutcome oa = EvaluateCase(*a);
  const CaseOutcome ob = EvaluateCase(*b);
  const std::string a_label = VersionLabel(audit_case.op_type, from_opset);
  const std::string b_label = VersionLabel(audit_case.op_type, to_opset);
  if (oa.validity != ob.validity && (Runs(oa.validity) || Runs(ob.validity))) {
    findings.push_back(CaseFinding(
        FindingKind::kValidityChange, audit_case, from_opset, to_opset,
        absl::StrCat(ValidityName(oa.validity), " -> ", ValidityName(ob.validity)),
        absl::StrCat(a_label, ": ", OutcomeText(oa), "; ", b_label, ": ", OutcomeText(ob))));
  }
  if (neither_ran != nullptr && !oa.outputs.ok() && !ob.outputs.ok()) {
    *neither_ran =
        absl::StrCat(a_label, ": ", oa.outputs.status().message(), " (", OutcomeText(oa), "); ",
                     b_label, ": ", ob.outputs.status().message(), " (", OutcomeText(ob), ")");
  }
  if (Runs(oa.validity) && Runs(ob.validity)) {
    if (auto diff = CompareRuns(*a, oa, a_label, ob, b_label)) {
      findings.push_back(CaseFinding(FindingKind::kOutputChange, audit_case, from_opset, to_opset,
                                     diff->first, diff->second));
    }
  }
  return findings;
}

absl::StatusOr<onnx::ModelProto> ConvertWithOnnx(const onnx::ModelProto& model,
                                                 int64_t target_opset) {
  try {
    return onnx::version_conversion::ConvertVersion(model, static_cast<int>(target_opset));
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("ONNX's converter throws: ", e.what()));
  } catch (...) {
    return absl::InternalError("ONNX's converter throws an exception of unknown type");
  }
}

std::vector<Finding> AuditConversion(const AuditCase& audit_case, int64_t target_opset) {
  std::vector<Finding> findings;
  const std::optional<int64_t> source_opset = DefaultDomainOpset(audit_case.model);
  if (!source_opset.has_value()) return findings;
  const CaseOutcome original = EvaluateCase(audit_case);
  if (!Runs(original.validity)) return findings;
  const std::string source_label = VersionLabel(audit_case.op_type, *source_opset);
  const std::string target_label =
      absl::StrCat(VersionLabel(audit_case.op_type, target_opset), " (opset ", target_opset, ")");

  absl::StatusOr<onnx::ModelProto> converted = ConvertWithOnnx(audit_case.model, target_opset);
  if (!converted.ok()) {
    findings.push_back(CaseFinding(FindingKind::kConverterFailed, audit_case, *source_opset,
                                   target_opset, "throws",
                                   std::string(converted.status().message())));
    return findings;
  }
  AuditCase converted_case = audit_case;
  converted_case.model = *std::move(converted);
  const CaseOutcome after = EvaluateCase(converted_case);
  if (!Runs(after.validity)) {
    findings.push_back(CaseFinding(FindingKind::kConverterInvalid, audit_case, *source_opset,
                                   target_opset, std::string(ValidityName(after.validity)),
                                   absl::StrCat("the model converted to ", target_label,
                                                " fails the suite's checker: ", after.message)));
    return findings;
  }
  if (auto diff = CompareRuns(audit_case, original, source_label, after, target_label)) {
    findings.push_back(CaseFinding(FindingKind::kConverterOutputChange, audit_case, *source_opset,
                                   target_opset, diff->first, diff->second));
  }
  return findings;
}

}  // namespace onnx_conform
