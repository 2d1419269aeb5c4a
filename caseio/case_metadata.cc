#include "caseio/case_metadata.h"

#include <cmath>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "google/protobuf/util/json_util.h"
#include "tensor/element_type.h"

namespace onnx_conform {
namespace {

bool IsSnakeCase(std::string_view s) {
  if (s.empty() || !(s[0] >= 'a' && s[0] <= 'z')) return false;
  for (char c : s) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

// "operator, version, ...": the fields case.json may hold.
std::string KnownFieldNames() {
  const google::protobuf::Descriptor* descriptor = CaseMetadata::descriptor();
  std::string names;
  for (int i = 0; i < descriptor->field_count(); ++i) {
    absl::StrAppend(&names, i > 0 ? ", " : "", descriptor->field(i)->name());
  }
  return names;
}

}  // namespace

bool HasFeature(const CaseMetadata& m, std::string_view feature) {
  for (const std::string& f : m.features()) {
    if (f == feature) return true;
  }
  return false;
}

absl::Status ValidateCaseMetadata(const CaseMetadata& m) {
  if (m.operator_().empty()) return absl::InvalidArgumentError("\"operator\" is missing");
  if (m.version() < 1) {
    return absl::InvalidArgumentError(absl::StrCat("\"version\" must be >= 1, got ", m.version()));
  }
  if (m.opset() < 0) {
    return absl::InvalidArgumentError(absl::StrCat("\"opset\" must be >= 0, got ", m.opset()));
  }
  const std::string& e = m.expectation();
  if (e != kExpectValid && e != kExpectInvalid && e != kExpectUnsupported) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"expectation\" must be \"valid\", \"invalid\" or \"unsupported\", got \"", e, "\""));
  }
  if (e == kExpectValid && !m.rule_id().empty()) {
    return absl::InvalidArgumentError("a valid case has no \"rule_id\"");
  }
  if (e != kExpectValid && m.rule_id().empty()) {
    return absl::InvalidArgumentError(absl::StrCat("an ", e, " case needs a \"rule_id\""));
  }
  if (m.semantics() != kSemanticsSpec && m.semantics() != kSemanticsReferenceDefined) {
    return absl::InvalidArgumentError(absl::StrCat(
        "\"semantics\" must be \"spec\" or \"reference-defined\", got \"", m.semantics(), "\""));
  }
  for (const std::string& type : m.types()) {
    if (!ElementTypeFromName(type).has_value()) {
      return absl::InvalidArgumentError(absl::StrCat("unknown element type \"", type, "\""));
    }
  }
  for (const std::string& feature : m.features()) {
    if (!IsSnakeCase(feature)) {
      return absl::InvalidArgumentError(
          absl::StrCat("feature \"", feature, "\" is not lower_snake_case"));
    }
  }
  if (m.has_tolerance() && !(m.tolerance() >= 0)) {
    return absl::InvalidArgumentError("\"tolerance\" must be >= 0");
  }
  return absl::OkStatus();
}

absl::StatusOr<CaseMetadata> ParseCaseMetadata(std::string_view json,
                                               std::string_view source_view) {
  const std::string source(source_view);
  CaseMetadata metadata;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto parsed = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &metadata, options);
  if (!parsed.ok()) {
    // protobuf's message quotes the input; no byte of the file goes into
    // reports (docs/security.md), so the error is told from the schema.
    options.ignore_unknown_fields = true;
    CaseMetadata lenient;
    const bool only_unknown_fields =
        google::protobuf::util::JsonStringToMessage(
            google::protobuf::StringPiece(json.data(), json.size()), &lenient, options)
            .ok();
    return absl::DataLossError(absl::StrCat(
        source, ": not a valid case.json: ",
        only_unknown_fields ? absl::StrCat("a field caseio/case_metadata.proto does not define "
                                           "(it defines ",
                                           KnownFieldNames(), ")")
                            : "not JSON, or a value of the wrong type for its field"));
  }
  if (absl::Status valid = ValidateCaseMetadata(metadata); !valid.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(source, ": ", valid.message()));
  }
  return metadata;
}

absl::StatusOr<OnnxTestData> ParseOnnxTestData(std::string_view json,
                                               std::string_view source_view) {
  const std::string source(source_view);
  OnnxTestData data;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  if (!google::protobuf::util::JsonStringToMessage(
           google::protobuf::StringPiece(json.data(), json.size()), &data, options)
           .ok()) {
    return absl::DataLossError(
        absl::StrCat(source,
                     ": not a valid data.json: not a JSON object, or rtol, atol, url or "
                     "model_name of the wrong type"));
  }
  for (const auto& [name, has, value] : {std::tuple("rtol", data.has_rtol(), data.rtol()),
                                         std::tuple("atol", data.has_atol(), data.atol())}) {
    if (has && !(std::isfinite(value) && value >= 0)) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ": \"", name, "\" must be a finite number >= 0"));
    }
  }
  return data;
}

std::string CaseMetadataToJson(const CaseMetadata& metadata) {
  std::string json;
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.preserve_proto_field_names = true;
  // Cannot fail for a message without Any fields.
  (void)google::protobuf::util::MessageToJsonString(metadata, &json, options);
  if (json.empty() || json.back() != '\n') json.push_back('\n');
  return json;
}

}  // namespace onnx_conform
