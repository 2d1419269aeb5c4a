// A valid case.json text for tests of parsing it (caseio/case_metadata_test.cc)
// and of reading it from a case folder (caseio/case_files_test.cc).
//
//   absl::StatusOr<CaseMetadata> m = ParseCaseMetadata(kValidCaseJson, "x/case.json");
#ifndef ONNX_CONFORM_TESTING_CASE_METADATA_TEST_DATA_H_
#define ONNX_CONFORM_TESTING_CASE_METADATA_TEST_DATA_H_

namespace onnx_conform::testing {

inline constexpr char kValidCaseJson[] = R"({
  "operator": "ArgMin",
  "version": 12,
  "types": ["float16"],
  "features": ["nan", "select_last_index"],
  "expectation": "valid",
  "semantics": "reference-defined",
  "spec_quote": "ArgMin with NaN: NaN counts as the smallest value."
})";

}  // namespace onnx_conform::testing

#endif  // ONNX_CONFORM_TESTING_CASE_METADATA_TEST_DATA_H_
