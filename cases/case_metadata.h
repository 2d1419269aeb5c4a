// The case.json sidecar of a case folder: reading, validating and writing it.
// The message is defined in cases/case_metadata.proto; the JSON is protobuf's
// JSON mapping with the proto field names, so no JSON is parsed by hand.
//
//   absl::StatusOr<std::optional<CaseMetadata>> m = ReadCaseMetadata("cases/node/min_v13_float_nan");
//   if (m.ok() && m->has_value() && IsReferenceDefined(**m)) { ... }
//
// A folder without case.json (an official ONNX case) gives nullopt; a
// malformed or inconsistent file is an error naming the file.
#ifndef ONNX_CONFORM_CASES_CASE_METADATA_H_
#define ONNX_CONFORM_CASES_CASE_METADATA_H_

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "cases/case_metadata.pb.h"

namespace onnx_conform {

inline constexpr std::string_view kCaseMetadataFileName = "case.json";

// Values of CaseMetadata.expectation.
inline constexpr std::string_view kExpectValid = "valid";
inline constexpr std::string_view kExpectInvalid = "invalid";
inline constexpr std::string_view kExpectUnsupported = "unsupported";
// Values of CaseMetadata.semantics.
inline constexpr std::string_view kSemanticsSpec = "spec";
inline constexpr std::string_view kSemanticsReferenceDefined = "reference-defined";

inline bool IsValidCase(const CaseMetadata& m) { return m.expectation() == kExpectValid; }
inline bool IsReferenceDefined(const CaseMetadata& m) {
  return m.semantics() == kSemanticsReferenceDefined;
}
bool HasFeature(const CaseMetadata& m, std::string_view feature);

// Checks what the JSON mapping cannot: operator and version set, known
// expectation and semantics values, rule_id present exactly for invalid and
// unsupported cases, ONNX type names, features in lower_snake_case, a
// non-negative tolerance. InvalidArgument otherwise.
absl::Status ValidateCaseMetadata(const CaseMetadata& metadata);

// Parses and validates case.json text; errors are prefixed with `source`.
absl::StatusOr<CaseMetadata> ParseCaseMetadata(std::string_view json, std::string_view source);

// Reads case_dir/case.json. nullopt when the file does not exist; DataLoss
// when it is unreadable or not valid JSON for CaseMetadata; InvalidArgument
// when it parses but fails ValidateCaseMetadata, or is a symbolic link (it is
// opened without following one: only the case folder's own file is read);
// ResourceExhausted over kMaxCaseMetadataBytes or the case's budget (its
// size is charged). A FIFO or directory is refused without blocking. Errors
// name the file and never quote its bytes when it does not parse.
inline constexpr int64_t kMaxCaseMetadataBytes = int64_t{1} << 20;
absl::StatusOr<std::optional<CaseMetadata>> ReadCaseMetadata(const std::filesystem::path& case_dir);

// Pretty JSON with proto field names and a final newline (what case.json holds).
std::string CaseMetadataToJson(const CaseMetadata& metadata);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_METADATA_H_
