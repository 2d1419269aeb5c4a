// Finding ONNX node test cases: a directory holding model.onnx and
// test_data_set_N/ folders with input_K.pb and output_K.pb
// (caseio/case_layout.h lists them, caseio/case_files.h reads them).
//
//   absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs("cases/node");
//
// The suite reads a case found through OpenCase (checker/checked_case.h);
// tests load one whole with testing/caseio_test_util.h's LoadCase.
#ifndef ONNX_CONFORM_CASEIO_CASE_LOADER_H_
#define ONNX_CONFORM_CASEIO_CASE_LOADER_H_

#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace onnx_conform {

// True when `dir` holds an entry named model.onnx, whatever it is (a file,
// a folder, a FIFO, a dangling link): such a folder is a case, and reading
// it says what is wrong, so that no folder that looks like a case is
// silently left out of a run.
bool IsCaseDir(const std::filesystem::path& dir);

// `root` itself when it is a case directory, else every case directory below
// it (recursively, sorted by path). NotFound when root does not exist.
// Symbolic links to case folders or folders of cases are followed once
// (a link into a tree already walked, or back up to an ancestor, is not);
// cases found through a link keep the link's path.
// An existing root holding no case gives an empty list.
absl::StatusOr<std::vector<std::filesystem::path>> FindCaseDirs(const std::filesystem::path& root);

// FindCaseDirs for a path a user named: one holding no case is NotFound,
// and the message says why (a folder in the node-test layout of ONNX 1.0 to 1.1.0,
// node.pb beside input_K.pb, records no opset and is named as such).
absl::StatusOr<std::vector<std::filesystem::path>> FindCasesIn(const std::filesystem::path& path);

// The case's name: its folder's base name, also when `dir` ends in a slash.
std::string CaseName(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASEIO_CASE_LOADER_H_
