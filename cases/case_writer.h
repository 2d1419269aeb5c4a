// Writing cases to disk in the ONNX node test layout:
//   <root>/node/<case>/model.onnx, case.json, test_data_set_N/{input,output}_K.pb
//   <root>/invalid/<case>/...   (negative cases)
//
//   absl::Status s = WriteCaseTree(AllCases(), "cases");
//
// Output is a pure function of the cases (no timestamps, sorted names), so
// regenerating gives the same bytes.
#ifndef ONNX_CONFORM_CASES_CASE_WRITER_H_
#define ONNX_CONFORM_CASES_CASE_WRITER_H_

#include <filesystem>
#include <vector>

#include "absl/status/status.h"
#include "cases/case_builder.h"

namespace onnx_conform {

// Writes c.files below root/<c.folder()>/<c.name>/ (folders created).
absl::Status WriteCase(const Case& c, const std::filesystem::path& root);

// Replaces root/node and root/invalid by exactly these cases. Refuses
// (FailedPrecondition, nothing deleted) when either folder holds an entry
// that is not a case folder with a case.json: it will not delete what it
// did not write.
absl::Status WriteCaseTree(const std::vector<Case>& cases, const std::filesystem::path& root);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASES_CASE_WRITER_H_
