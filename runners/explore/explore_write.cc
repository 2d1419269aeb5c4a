// Writing explore's findings as node test folders (runners/explore/explore.h).
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "caseio/case_layout.h"
#include "caseio/case_metadata.h"
#include "runners/backends/exec_backend.h"
#include "runners/explore/explore.h"
#include "runners/harness/in_memory_case.h"
#include "runners/reports/output_file.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

}  // namespace

std::string FindingFolderName(const ExploreFinding& finding) {
  std::string key = absl::StrCat(finding.cell.op, "-", finding.cell.version, " ",
                                 ElementTypeName(finding.cell.type), " ", finding.kind);
  if (!finding.signature.empty()) absl::StrAppend(&key, " ", finding.signature);
  std::string name = absl::AsciiStrToLower(key);
  return absl::StrReplaceAll(
      name, {{" ", "_"}, {"-", "_"}, {"+", "_"}, {">", "_"}, {"<", "_"}, {"/", "_"}, {":", "_"}});
}

std::string FirstCheckerError(const CheckedCase& c) {
  for (const Diagnostic& d : c.diagnostics) {
    if (d.severity == Severity::kError && !absl::StartsWith(d.rule, "DATA-OUTPUT")) {
      return absl::StrCat(d.rule, ": ", d.field.empty() ? "" : d.field + ": ", d.message);
    }
  }
  return "";
}

absl::StatusOr<fs::path> WriteFinding(const ExploreFinding& finding, uint64_t seed,
                                      const std::string& backend_name, const fs::path& root,
                                      const std::string& name) {
  absl::StatusOr<BuiltCase> built = BuildCase(finding.minimal);
  if (!built.ok()) return built.status();
  const fs::path folder = root / (name.empty() ? FindingFolderName(finding) : name);
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
    DeclareMissingOutputShapes(built->model, outputs);
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
  metadata.set_description(absl::StrCat(
      "Found by onnx-conform explore --seed=", seed, " (case ", finding.case_index, " of ",
      finding.cell.op, "-", finding.cell.version, " ", ElementTypeName(finding.cell.type), ") on ",
      backend_name, ": ", finding.minimal.Describe(), ": ", finding.detail));
  if (absl::Status s = WriteTextFile(folder / kCaseMetadataFileName, CaseMetadataToJson(metadata));
      !s.ok()) {
    return s;
  }
  return folder;
}

}  // namespace onnx_conform
