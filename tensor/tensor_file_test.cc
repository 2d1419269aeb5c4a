// The file readers' and writers' errors (tensor/tensor_file.h): missing,
// non-regular, garbage, empty and over-limit files, models without a graph,
// and what is written reads back.
#include "tensor/tensor_file.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/tensor_proto.h"
#include "testing/scratch_dir_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class TensorFileTest : public ScratchDirTest {};

TEST_F(TensorFileTest, WriteThenReadTensorFile) {
  const fs::path path = dir_ / "input_0.pb";
  ASSERT_TRUE(WriteTensorFile(path, Tensor::FromValues<int64_t>({2}, {-5, 9}), "x").ok());
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_THAT(t->data<int64_t>(), ElementsAre(-5, 9));
  absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path);
  ASSERT_TRUE(proto.ok());
  EXPECT_EQ(proto->name(), "x");
}

TEST_F(TensorFileTest, MissingFileIsNotFoundAndNamed) {
  const fs::path path = dir_ / "absent.pb";
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, DirectoryIsRefusedAndNamed) {
  const fs::path path = dir_ / "input_0.pb";
  fs::create_directory(path);
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(t.status().message(), HasSubstr("not a regular file"));
}

TEST_F(TensorFileTest, GarbageIsDataLossAndNamed) {
  // A varint tag cut short: no protobuf parser accepts it.
  const fs::path path = WriteBytes("garbage.pb", "\xff\xff\xff");
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(t.status().message(), HasSubstr("TensorProto"));

  // A length-delimited field (dims is field 1; tag 0x0A) whose length runs
  // past the end of the file.
  const fs::path truncated = WriteBytes("truncated.pb", "\x0a\x10\x01");
  EXPECT_EQ(ReadTensorFile(truncated).status().code(), absl::StatusCode::kDataLoss);
}

TEST_F(TensorFileTest, EmptyOrDataTypeLessFileIsRefusedAndNamed) {
  // An empty file parses as an empty TensorProto, data_type unset: refused,
  // either as a tensor without a type or as not a tensor file at all.
  const fs::path path = WriteBytes("empty.pb", "");
  absl::StatusOr<Tensor> t = ReadTensorFile(path);
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(t.status().code(),
              ::testing::AnyOf(absl::StatusCode::kInvalidArgument, absl::StatusCode::kDataLoss));
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, ReadTensorFileAppliesMaxBytes) {
  const fs::path path = dir_ / "big.pb";
  ASSERT_TRUE(WriteTensorFile(path, Tensor::FromValues<double>({4}, {1, 2, 3, 4}), "").ok());
  absl::StatusOr<Tensor> t = ReadTensorFile(path, 31);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(t.status().message(), HasSubstr(path.string()));
}

TEST_F(TensorFileTest, ReadFileBytesLimit) {
  const fs::path path = WriteBytes("ten.bin", "0123456789");
  absl::StatusOr<std::string> ok = ReadFileBytes(path, 10);
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(*ok, "0123456789");
  absl::StatusOr<std::string> over = ReadFileBytes(path, 9);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_THAT(over.status().message(), HasSubstr(path.string()));
}

// What open(2) refuses, other than a missing file, is DataLoss with the
// system's reason; an empty file reads as no bytes.
TEST_F(TensorFileTest, ReadFileBytesNamesWhatOpenRefused) {
  const fs::path file = WriteBytes("plain.bin", "x");
  absl::StatusOr<std::string> through_file = ReadFileBytes(file / "inside.bin");
  ASSERT_FALSE(through_file.ok());
  EXPECT_EQ(through_file.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(through_file.status().message(), HasSubstr((file / "inside.bin").string()));
  EXPECT_THAT(through_file.status().message(), HasSubstr("Not a directory"));

  const fs::path loop = dir_ / "loop.bin";
  fs::create_symlink(loop, loop);
  absl::StatusOr<std::string> looped = ReadFileBytes(loop);
  ASSERT_FALSE(looped.ok());
  EXPECT_EQ(looped.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(looped.status().message(), HasSubstr("symbolic links"));

  absl::StatusOr<std::string> empty = ReadFileBytes(WriteBytes("empty.bin", ""));
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ(*empty, "");
}

TEST_F(TensorFileTest, ModelWithoutGraphIsRefused) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.add_opset_import()->set_version(13);
  const fs::path path = dir_ / "model.onnx";
  ASSERT_TRUE(WriteProtoFile(path, model).ok());
  absl::StatusOr<onnx::ModelProto> read = ReadModelFile(path);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(read.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(read.status().message(), HasSubstr("no graph"));
}

TEST_F(TensorFileTest, ModelFileRoundTripAndErrors) {
  onnx::ModelProto model;
  model.set_ir_version(8);
  model.mutable_graph()->set_name("g");
  model.mutable_graph()->add_node()->set_op_type("Min");
  const fs::path path = dir_ / "model.onnx";
  ASSERT_TRUE(WriteProtoFile(path, model).ok());
  absl::StatusOr<onnx::ModelProto> read = ReadModelFile(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->graph().node(0).op_type(), "Min");

  absl::StatusOr<onnx::ModelProto> garbage = ReadModelFile(WriteBytes("bad.onnx", "\xff\xff\xff"));
  ASSERT_FALSE(garbage.ok());
  EXPECT_EQ(garbage.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(garbage.status().message(), HasSubstr("bad.onnx"));

  absl::StatusOr<onnx::ModelProto> missing = ReadModelFile(dir_ / "none.onnx");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(missing.status().message(), HasSubstr("none.onnx"));
}

TEST_F(TensorFileTest, WriteIntoMissingDirectoryFails) {
  const fs::path path = dir_ / "no_such_dir" / "x.pb";
  absl::Status status = WriteTensorFile(path, Tensor::FromValues<float>({1}, {1.0f}), "x");
  ASSERT_FALSE(status.ok());
  EXPECT_THAT(status.message(), HasSubstr(path.string()));
}

}  // namespace
}  // namespace onnx_conform
