// The ONNX node-test layout, named and listed: the one place that spells
// `model.onnx`, `test_data_set_N/`, `input_K.pb` and `output_K.pb`.
//
//   model.onnx
//   case.json                 (optional: caseio/case_metadata.proto)
//   data.json                 (optional, ONNX's: rtol, atol for the outputs)
//   test_data_set_0/input_0.pb, input_1.pb, ..., output_0.pb, ...
//   test_data_set_1/...
//
// Writers name files with it; readers list a case folder with ListCase and
// get the data sets in numeric order (test_data_set_10 after
// test_data_set_9), each with its numbered files in K order, and every way
// the folder breaks the layout as a LayoutProblem value. The checker maps
// those to its rules (checker/case_checker.h).
//
//   c.files[DataFilePath(0, DataFileKind::kInput, 1)] = bytes;  // "test_data_set_0/input_1.pb"
//
//   CaseLayout layout = ListCase("cases/node/min_v13_float_basic");
//   for (const LayoutProblem& p : layout.problems) std::cout << p.file << ": " << p.message;
//   for (const DataSetLayout& ds : layout.data_sets) { ... ds.input_files ... }
//
// Listing reads directories only, never a file: reading them, confined to
// the case folder, is caseio/case_files.h's job.
#ifndef ONNX_CONFORM_CASEIO_CASE_LAYOUT_H_
#define ONNX_CONFORM_CASEIO_CASE_LAYOUT_H_

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace onnx_conform {

inline constexpr std::string_view kModelFileName = "model.onnx";
inline constexpr std::string_view kCaseMetadataFileName = "case.json";
// ONNX's own sidecar: a node test's comparison tolerance (rtol, atol).
inline constexpr std::string_view kOnnxTestDataFileName = "data.json";
// A case set's folder of valid cases (cases/node).
inline constexpr std::string_view kValidCasesFolderName = "node";

enum class DataFileKind { kInput, kOutput };

// "test_data_set_3".
std::string DataSetDirName(int64_t n);
// "input_2.pb", "output_0.pb".
std::string DataFileName(DataFileKind kind, int64_t k);
// "input_2", "output_0": the file's name without ".pb", the label shown for
// the K-th input or output where the graph gives it no name.
std::string DataFileStem(DataFileKind kind, int64_t k);
inline std::string InputFileName(int64_t k) { return DataFileName(DataFileKind::kInput, k); }
inline std::string OutputFileName(int64_t k) { return DataFileName(DataFileKind::kOutput, k); }
// Relative to the case folder: "test_data_set_0/input_1.pb".
std::string DataFilePath(int64_t n, DataFileKind kind, int64_t k);

// The N of "test_data_set_N" and the K of "input_K.pb" / "output_K.pb":
// decimal digits only (at most 9, no sign), else nullopt.
std::optional<int64_t> ParseDataSetDirName(absl::string_view name);
std::optional<int64_t> ParseDataFileName(DataFileKind kind, absl::string_view name);

enum class LayoutProblemKind {
  kNoModel,               // no model.onnx
  kNoDataSet,             // no test_data_set_N folder
  kDataSetName,           // test_data_set_<not a number>
  kDataSetNotADirectory,  // test_data_set_N that is a file, a dangling link or a link loop
  kDataSetOutsideCase,    // a data set folder resolving outside the case (a symbolic link)
  kDuplicateNumber,       // two names for one N or K (input_1.pb and input_01.pb)
  kDataFileName,          // input_x.pb: starts like a data file, is not one
  kNumberingGap,          // input_K.pb or output_K.pb not numbered from 0 without gaps
  kUnreadable,            // a folder that cannot be listed or resolved
};

// One way a case folder breaks the layout. `message` does not repeat
// `file` (a checker diagnostic names the file on its own).
struct LayoutProblem {
  LayoutProblemKind kind;
  std::filesystem::path file;
  std::string message;
};

struct DataSetLayout {
  int64_t number = 0;  // the N of test_data_set_N
  std::filesystem::path dir = {};
  // In K order, up to the first gap: later files match no graph value.
  std::vector<std::filesystem::path> input_files = {};
  std::vector<std::filesystem::path> output_files = {};
  // The folder's own (outside the case, unlistable), then those of the
  // input files, then of the output files. Nothing is listed in a folder
  // outside the case.
  std::vector<LayoutProblem> problems = {};
};

struct CaseLayout {
  std::filesystem::path dir;
  std::filesystem::path model_file;      // dir/model.onnx, whether it exists or not
  std::vector<DataSetLayout> data_sets;  // by N; of two names for one N, the first listed
  std::vector<LayoutProblem> problems;   // the case folder's own; data sets hold theirs
};

// Lists `dir` as a case folder. Names starting with test_data_set_ must be
// data set folders, names in them starting with input_ or output_ must be
// input_K.pb / output_K.pb; other names are ignored.
CaseLayout ListCase(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASEIO_CASE_LAYOUT_H_
