// Finding and loading ONNX node test cases: a directory holding model.onnx
// and test_data_set_N/ folders with input_K.pb and output_K.pb
// (caseio/case_layout.h lists them, caseio/case_files.h reads them).
//
//   absl::StatusOr<std::vector<std::filesystem::path>> dirs = FindCaseDirs("cases/node");
//   absl::StatusOr<LoadedCase> c = LoadCase(dirs->front());
//   for (const DataSet& ds : c->data_sets) { ... ds.inputs ... ds.outputs ... }
//
// Data sets and tensor files are ordered numerically (test_data_set_10 after
// test_data_set_9); K runs from 0 without gaps. Every error names the file.
#ifndef ONNX_CONFORM_CASEIO_CASE_LOADER_H_
#define ONNX_CONFORM_CASEIO_CASE_LOADER_H_

#include <filesystem>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "onnx/onnx_pb.h"
#include "reference/tensor.h"

namespace onnx_conform {

struct DataSet {
  std::filesystem::path dir;
  std::vector<std::filesystem::path> input_files;
  std::vector<std::filesystem::path> output_files;
  std::vector<Tensor> inputs;            // decoded input_K.pb, in K order
  std::vector<Tensor> outputs;           // decoded output_K.pb, in K order
  std::vector<std::string> input_names;  // TensorProto.name of each file (may be empty)
  std::vector<std::string> output_names;
};

struct LoadedCase {
  std::string name;  // the directory's base name
  std::filesystem::path dir;
  std::filesystem::path model_file;
  onnx::ModelProto model;
  std::vector<DataSet> data_sets;
};

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

// Reads model.onnx only; data_sets stays empty. Lets a runner decide that a
// case is unsupported before decoding its data (which may hold types the
// suite does not read, such as sequences).
absl::StatusOr<LoadedCase> LoadCaseModel(const std::filesystem::path& dir);
// Reads every data set of a case whose model is loaded. The first problem
// of the case's layout is the error (LayoutProblemStatus); then data set by
// data set, the first of its problems or of its files that does not read.
absl::Status LoadDataSets(LoadedCase& loaded_case);

// Reads model.onnx and every data set. Fails (naming the file) on an
// unreadable model or tensor, a gap in input_K/output_K numbering, or a case
// with no data set.
absl::StatusOr<LoadedCase> LoadCase(const std::filesystem::path& dir);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_CASEIO_CASE_LOADER_H_
