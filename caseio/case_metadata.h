// The case.json sidecar of a case folder: parsing, validating and writing
// it. The message is defined in caseio/case_metadata.proto; the JSON is
// protobuf's JSON mapping with the proto field names, so no JSON is parsed
// by hand. Reading a case folder's case.json is caseio/case_files.h's
// ReadCaseMetadata.
//
//   absl::StatusOr<CaseMetadata> m = ParseCaseMetadata(text, "min_v13_float_nan/case.json");
//   if (m.ok() && IsValidCase(*m)) { ... }
//
// A malformed or inconsistent text is an error naming the source.
#ifndef ONNX_CONFORM_CASES_CASE_METADATA_H_
#define ONNX_CONFORM_CASES_CASE_METADATA_H_

#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "caseio/case_metadata.pb.h"

namespace onnx_conform {

// Values of CaseMetadata.expectation.
inline constexpr std::string_view kExpectValid = "valid";
inline constexpr std::string_view kExpectInvalid = "invalid";
inline constexpr std::string_view kExpectUnsupported = "unsupported";
// Values of CaseMetadata.semantics.
inline constexpr std::string_view kSemanticsSpec = "spec";
inline constexpr std::string_view kSemanticsReferenceDefined = "reference-defined";

inline bool IsValidCase(const CaseMetadata& m) { return m.expectation() == kExpectValid; }
bool HasFeature(const CaseMetadata& m, std::string_view feature);

// Checks what the JSON mapping cannot: operator and version set, known
// expectation and semantics values, rule_id present exactly for invalid and
// unsupported cases, ONNX type names, features in lower_snake_case, a
// non-negative tolerance. InvalidArgument otherwise.
absl::Status ValidateCaseMetadata(const CaseMetadata& metadata);

// Parses and validates case.json text; errors are prefixed with `source`.
absl::StatusOr<CaseMetadata> ParseCaseMetadata(std::string_view json, std::string_view source);

// Parses an ONNX node test's data.json (OnnxTestData): unknown fields are
// ignored, as ONNX's loader ignores them; rtol and atol, when given, must be
// finite numbers >= 0. Errors are prefixed with `source` and never quote
// the file's bytes.
absl::StatusOr<OnnxTestData> ParseOnnxTestData(std::string_view json, std::string_view source);

// Pretty JSON with proto field names and a final newline (what case.json holds).
std::string CaseMetadataToJson(const CaseMetadata& metadata);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_METADATA_H_
