// Test-only: small case folders for the caseio tests, written into a
// temporary folder of the test's own name; and loading a case whole, model
// and decoded data sets, for tests that look at a case's tensors (the suite
// reads cases through OpenCase, checker/checked_case.h).
//
//   class MyTest : public CaseFolderTest {};
//   TEST_F(MyTest, X) { WriteCase(root_ / "c", {0, 1}); ... }
//
//   absl::StatusOr<LoadedCase> c = LoadCase(dir);
//   for (const DataSet& ds : c->data_sets) { ... ds.inputs ... ds.outputs ... }
#ifndef ONNX_CONFORM_TESTING_CASEIO_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_CASEIO_TEST_UTIL_H_

#include <filesystem>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "caseio/case_files.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"
#include "tensor/tensor_file.h"

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

// The problem as an error naming the file: NotFound for kNoModel, DataLoss
// for kUnreadable, InvalidArgument for the others.
inline absl::Status LayoutProblemStatus(const LayoutProblem& problem) {
  const std::string message = absl::StrCat(problem.file.string(), ": ", problem.message);
  switch (problem.kind) {
    case LayoutProblemKind::kNoModel: return absl::NotFoundError(message);
    case LayoutProblemKind::kUnreadable: return absl::DataLossError(message);
    case LayoutProblemKind::kNoDataSet:
    case LayoutProblemKind::kDataSetName:
    case LayoutProblemKind::kDataSetNotADirectory:
    case LayoutProblemKind::kDataSetOutsideCase:
    case LayoutProblemKind::kDuplicateNumber:
    case LayoutProblemKind::kDataFileName:
    case LayoutProblemKind::kNumberingGap: break;
  }
  return absl::InvalidArgumentError(message);
}

// No problem in the case folder or in any data set.
inline bool LayoutOk(const CaseLayout& layout) {
  if (!layout.problems.empty()) return false;
  for (const DataSetLayout& data_set : layout.data_sets) {
    if (!data_set.problems.empty()) return false;
  }
  return true;
}

// A data file of the case (input_K.pb, output_K.pb) as its TensorProto,
// external data resolved, confined to the case folder.
inline absl::StatusOr<onnx::TensorProto> ReadCaseTensorProto(const std::filesystem::path& case_dir,
                                                             const std::filesystem::path& file) {
  return ReadTensorProtoFile(file, case_dir);
}

// A data file of the case decoded, and its TensorProto's name.
inline absl::StatusOr<TensorFile> ReadCaseTensorFile(const std::filesystem::path& case_dir,
                                                     const std::filesystem::path& file) {
  return ReadTensorFileWithName(file, case_dir);
}

namespace caseio_test_internal {

inline absl::Status LoadTensors(const std::vector<std::filesystem::path>& files,
                                const std::filesystem::path& case_dir, std::vector<Tensor>& tensors,
                                std::vector<std::string>& names) {
  for (const std::filesystem::path& file : files) {
    absl::StatusOr<TensorFile> read = ReadCaseTensorFile(case_dir, file);
    if (!read.ok()) return read.status();
    tensors.push_back(std::move(read->tensor));
    names.push_back(std::move(read->name));
  }
  return absl::OkStatus();
}

inline absl::StatusOr<DataSet> LoadDataSet(const DataSetLayout& listed,
                                           const std::filesystem::path& case_dir) {
  if (!listed.problems.empty()) return LayoutProblemStatus(listed.problems.front());
  DataSet data_set;
  data_set.dir = listed.dir;
  data_set.input_files = listed.input_files;
  data_set.output_files = listed.output_files;
  absl::Status status =
      LoadTensors(data_set.input_files, case_dir, data_set.inputs, data_set.input_names);
  if (!status.ok()) return status;
  status = LoadTensors(data_set.output_files, case_dir, data_set.outputs, data_set.output_names);
  if (!status.ok()) return status;
  return data_set;
}

}  // namespace caseio_test_internal

// Reads model.onnx only; data_sets stays empty.
inline absl::StatusOr<LoadedCase> LoadCaseModel(const std::filesystem::path& dir) {
  LoadedCase loaded;
  loaded.dir = dir;
  loaded.name = CaseName(dir);
  loaded.model_file = dir / kModelFileName;
  absl::StatusOr<onnx::ModelProto> model = ReadCaseModel(dir);
  if (!model.ok()) return model.status();
  loaded.model = *std::move(model);
  return loaded;
}

// Reads every data set of a case whose model is loaded. The first problem
// of the case's layout is the error (LayoutProblemStatus); then data set by
// data set, the first of its problems or of its files that does not read.
inline absl::Status LoadDataSets(LoadedCase& loaded) {
  const CaseLayout layout = ListCase(loaded.dir);
  // The model is read already: a missing one is no data set's matter.
  for (const LayoutProblem& problem : layout.problems) {
    if (problem.kind != LayoutProblemKind::kNoModel) return LayoutProblemStatus(problem);
  }
  loaded.data_sets.clear();
  for (const DataSetLayout& listed : layout.data_sets) {
    absl::StatusOr<DataSet> data_set = caseio_test_internal::LoadDataSet(listed, layout.dir);
    if (!data_set.ok()) return data_set.status();
    loaded.data_sets.push_back(*std::move(data_set));
  }
  return absl::OkStatus();
}

// Reads model.onnx and every data set. Fails (naming the file) on an
// unreadable model or tensor, a gap in input_K/output_K numbering, or a case
// with no data set.
inline absl::StatusOr<LoadedCase> LoadCase(const std::filesystem::path& dir) {
  absl::StatusOr<LoadedCase> loaded = LoadCaseModel(dir);
  if (!loaded.ok()) return loaded.status();
  absl::Status data = LoadDataSets(*loaded);
  if (!data.ok()) return data;
  return loaded;
}

class CaseFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Suite and test: ctest runs each test as a process of its own, at once.
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = std::filesystem::path(::testing::TempDir()) /
            absl::StrCat("caseio_test_", test->test_suite_name(), "_", test->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  // A model.onnx with `inputs` graph inputs (x0, x1, ...) and one output.
  static void WriteModel(const std::filesystem::path& dir, int inputs = 1) {
    std::filesystem::create_directories(dir);
    onnx::ModelProto model;
    model.set_ir_version(8);
    model.add_opset_import()->set_version(13);
    onnx::GraphProto* graph = model.mutable_graph();
    graph->set_name("g");
    onnx::NodeProto* node = graph->add_node();
    node->set_op_type("Min");
    for (int k = 0; k < inputs; ++k) {
      graph->add_input()->set_name(absl::StrCat("x", k));
      node->add_input(absl::StrCat("x", k));
    }
    graph->add_output()->set_name("y");
    node->add_output("y");
    ASSERT_TRUE(WriteProtoFile(dir / kModelFileName, model).ok());
  }

  // A float scalar tensor file holding `value`.
  static void WriteScalar(const std::filesystem::path& file, float value,
                          const std::string& name = "") {
    std::filesystem::create_directories(file.parent_path());
    ASSERT_TRUE(WriteTensorFile(file, Tensor::FromValues<float>({}, {value}), name).ok());
  }

  // A complete case: model.onnx and the given data sets, each with input_0
  // and output_0 holding the data set number.
  static void WriteCase(const std::filesystem::path& dir,
                        std::initializer_list<int> data_sets = {0}) {
    WriteModel(dir);
    for (int n : data_sets) {
      WriteScalar(dir / DataFilePath(n, DataFileKind::kInput, 0), static_cast<float>(n));
      WriteScalar(dir / DataFilePath(n, DataFileKind::kOutput, 0), static_cast<float>(n));
    }
  }

  static float ScalarOf(const Tensor& t) { return t.data<float>()[0]; }

  std::filesystem::path root_;
};

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_CASEIO_TEST_UTIL_H_
