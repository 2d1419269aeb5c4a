// Tests of values that are not tensors: sequences, optionals and maps as
// Tensor values (tensor/tensor.h), their messages (reference/
// value_proto.h) and their data files (ReadDataFile, reference/
// tensor_file.h). Messages are built field by field with protobuf, or are
// the bytes of ONNX 1.22's own node-test files, never the code's output.
#include "tensor/value_proto.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/element_value.h"
#include "tensor/tensor_file.h"
#include "testing/scratch_dir_test_util.h"
#include "testing/tensor_proto_test_util.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// SequenceProto.DataType / OptionalProto.DataType numbers, as onnx-data.proto has them.
constexpr int32_t kTensorElem = 1;
constexpr int32_t kSparseElem = 2;
constexpr int32_t kSequenceElem = 3;
constexpr int32_t kOptionalElem = 5;

onnx::TensorProto FloatScalarProto(uint8_t low, uint8_t high) {
  onnx::TensorProto t = Proto(onnx::TensorProto::FLOAT, {});
  t.set_raw_data(Bytes({0, 0, low, high}));
  return t;
}

onnx::TensorProto Int64Proto(std::initializer_list<int64_t> values) {
  onnx::TensorProto t = Proto(onnx::TensorProto::INT64, {static_cast<int64_t>(values.size())});
  for (int64_t v : values) t.add_int64_data(v);
  return t;
}

TEST(ValueProtoTest, SequenceOfTensors) {
  onnx::SequenceProto p;
  p.set_name("seq");
  p.set_elem_type(kTensorElem);
  *p.add_tensor_values() = Int64Proto({4, 5});
  *p.add_tensor_values() = FloatScalarProto(0xC0, 0x3F);  // 1.5f: a sequence may mix types
  absl::StatusOr<Tensor> v = ValueFromProto(p);
  ASSERT_TRUE(v.ok()) << v.status();
  ASSERT_EQ(v->kind(), Tensor::Kind::kSequence);
  EXPECT_EQ(v->element_kind(), Tensor::Kind::kTensor);
  ASSERT_EQ(v->elements().size(), 2u);
  EXPECT_THAT(v->elements()[0].data<int64_t>(), ElementsAre(4, 5));
  EXPECT_EQ(ElementAsDouble(v->elements()[1], 0), 1.5);
  EXPECT_EQ(DescribeValue(*v), "a sequence of 2 values");
  EXPECT_EQ(ValueTypeString(*v), "seq(tensor(int64))");

  // Written back and read again, the same value.
  onnx::SequenceProto written;
  ASSERT_TRUE(written.ParseFromString(SerializeValue(*v, "seq")));
  EXPECT_EQ(written.name(), "seq");
  EXPECT_EQ(written.elem_type(), kTensorElem);
  absl::StatusOr<Tensor> again = ValueFromProto(written);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(IdenticalValues(*again, *v));
}

TEST(ValueProtoTest, EmptyAndNestedSequences) {
  onnx::SequenceProto empty;
  empty.set_elem_type(kTensorElem);
  absl::StatusOr<Tensor> v = ValueFromProto(empty);
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->elements().empty());
  EXPECT_EQ(v->element_kind(), Tensor::Kind::kTensor);
  EXPECT_EQ(ValueTypeString(*v), "seq(tensor(?))");

  onnx::SequenceProto outer;
  outer.set_elem_type(kSequenceElem);
  *outer.add_sequence_values() = empty;
  onnx::SequenceProto* inner = outer.add_sequence_values();
  inner->set_elem_type(kTensorElem);
  *inner->add_tensor_values() = Int64Proto({7});
  absl::StatusOr<Tensor> nested = ValueFromProto(outer);
  ASSERT_TRUE(nested.ok()) << nested.status();
  ASSERT_EQ(nested->elements().size(), 2u);
  EXPECT_TRUE(nested->elements()[0].elements().empty());
  EXPECT_THAT(nested->elements()[1].elements()[0].data<int64_t>(), ElementsAre(7));
  EXPECT_FALSE(IdenticalValues(*nested, *v));
}

TEST(ValueProtoTest, SequenceFieldsMustMatchElemType) {
  onnx::SequenceProto wrong;
  wrong.set_elem_type(kSequenceElem);
  *wrong.add_tensor_values() = Int64Proto({1});
  absl::StatusOr<Tensor> v = ValueFromProto(wrong);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(v.status().message(), HasSubstr("tensor_values is set, but elem_type 3"));

  onnx::SequenceProto undefined;
  *undefined.add_tensor_values() = Int64Proto({1});
  EXPECT_FALSE(ValueFromProto(undefined).ok());

  onnx::SequenceProto sparse;
  sparse.set_elem_type(kSparseElem);
  EXPECT_EQ(ValueFromProto(sparse).status().code(), absl::StatusCode::kUnimplemented);

  // A broken tensor inside names its place.
  onnx::SequenceProto broken;
  broken.set_elem_type(kTensorElem);
  *broken.add_tensor_values() = Int64Proto({1});
  onnx::TensorProto* bad = broken.add_tensor_values();
  *bad = Proto(onnx::TensorProto::FLOAT, {2});
  bad->set_raw_data(Bytes({0, 0, 0, 0}));
  absl::StatusOr<Tensor> b = ValueFromProto(broken);
  ASSERT_FALSE(b.ok());
  EXPECT_THAT(b.status().message(), HasSubstr("element 1"));
  EXPECT_THAT(b.status().message(), HasSubstr("raw_data has 4 bytes"));
}

TEST(ValueProtoTest, Optionals) {
  onnx::OptionalProto empty;
  empty.set_elem_type(kTensorElem);
  absl::StatusOr<Tensor> none = ValueFromProto(empty);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->kind(), Tensor::Kind::kOptional);
  EXPECT_FALSE(none->has_value());
  EXPECT_EQ(DescribeValue(*none), "an empty optional");

  onnx::OptionalProto holding;
  holding.set_elem_type(kTensorElem);
  *holding.mutable_tensor_value() = Int64Proto({3});
  absl::StatusOr<Tensor> some = ValueFromProto(holding);
  ASSERT_TRUE(some.ok()) << some.status();
  ASSERT_TRUE(some->has_value());
  EXPECT_THAT(some->elements()[0].data<int64_t>(), ElementsAre(3));
  EXPECT_FALSE(IdenticalValues(*some, *none));

  // An empty optional is one value, whatever elem_type its file names.
  onnx::OptionalProto untyped;
  absl::StatusOr<Tensor> untyped_none = ValueFromProto(untyped);
  ASSERT_TRUE(untyped_none.ok());
  EXPECT_EQ(untyped_none->element_kind(), std::nullopt);
  EXPECT_TRUE(IdenticalValues(*untyped_none, *none));

  onnx::OptionalProto mismatched;
  mismatched.set_elem_type(kOptionalElem);
  *mismatched.mutable_tensor_value() = Int64Proto({3});
  EXPECT_FALSE(ValueFromProto(mismatched).ok());
}

TEST(ValueProtoTest, Maps) {
  onnx::MapProto p;
  p.set_key_type(onnx::TensorProto::INT64);
  p.add_keys(-1);
  p.add_keys(10);
  p.mutable_values()->set_elem_type(kTensorElem);
  *p.mutable_values()->add_tensor_values() = Int64Proto({1});
  *p.mutable_values()->add_tensor_values() = Int64Proto({2, 3});
  absl::StatusOr<Tensor> m = ValueFromProto(p);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->kind(), Tensor::Kind::kMap);
  EXPECT_THAT(m->map_keys().data<int64_t>(), ElementsAre(-1, 10));
  EXPECT_EQ(m->map_values().elements().size(), 2u);
  EXPECT_EQ(ValueTypeString(*m), "map(int64,tensor(int64))");
  onnx::MapProto written;
  ASSERT_TRUE(written.ParseFromString(SerializeValue(*m, "")));
  EXPECT_THAT(written.keys(), ElementsAre(-1, 10));
  EXPECT_TRUE(IdenticalValues(*ValueFromProto(written), *m));

  onnx::MapProto strings;
  strings.set_key_type(onnx::TensorProto::STRING);
  strings.add_string_keys(std::string("a"));
  strings.mutable_values()->set_elem_type(kTensorElem);
  *strings.mutable_values()->add_tensor_values() = Int64Proto({1});
  absl::StatusOr<Tensor> s = ValueFromProto(strings);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_THAT(s->map_keys().strings(), ElementsAre("a"));

  onnx::MapProto uneven = p;
  uneven.add_keys(11);
  EXPECT_THAT(ValueFromProto(uneven).status().message(), HasSubstr("3 keys but 2 values"));
  onnx::MapProto narrow = p;
  narrow.set_key_type(onnx::TensorProto::INT8);
  narrow.set_keys(1, 200);
  EXPECT_THAT(ValueFromProto(narrow).status().message(), HasSubstr("out of range for int8"));
  onnx::MapProto floats = p;
  floats.set_key_type(onnx::TensorProto::FLOAT);
  EXPECT_THAT(ValueFromProto(floats).status().message(), HasSubstr("not an integer type"));
}

class ValueFileTest : public ScratchDirTest {};

TEST_F(ValueFileTest, ReadsOnnxOptionalFiles) {
  // ONNX 1.22's test_loop16_seq_none/test_data_set_0/input_2.pb: an
  // optional named "opt_seq" holding a sequence of one float scalar 0.
  const fs::path holding =
      WriteBytes("input_2.pb",
                 Bytes({0x0a, 0x07, 'o',  'p',  't',  '_',  's',  'e',  'q', 0x10, 0x03, 0x2a, 0x0c,
                        0x10, 0x01, 0x1a, 0x08, 0x10, 0x01, 0x4a, 0x04, 0,   0,    0,    0}));
  absl::StatusOr<DataFileContents> read = ReadDataFile(holding, dir_, kDefaultMaxTensorBytes,
                                                       FileMapping::kCopy, Tensor::Kind::kOptional);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->name, "opt_seq");
  ASSERT_TRUE(read->value.has_value());
  const Tensor& sequence = read->value.elements()[0];
  ASSERT_EQ(sequence.kind(), Tensor::Kind::kSequence);
  ASSERT_EQ(sequence.elements().size(), 1u);
  EXPECT_EQ(sequence.elements()[0].type(), ElementType::kFloat);
  EXPECT_TRUE(sequence.elements()[0].shape().empty());

  // test_optional_has_element_empty_optional_input: name, elem_type 0.
  const fs::path empty =
      WriteBytes("input_0.pb", Bytes({0x0a, 0x0e, 'o', 'p', 't', 'i', 'o', 'n', 'a', 'l', '_', 'i',
                                      'n', 'p', 'u', 't', 0x10, 0x00}));
  read = ReadDataFile(empty, dir_, kDefaultMaxTensorBytes, FileMapping::kCopy,
                      Tensor::Kind::kOptional);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->value.has_value());

  // An empty file is an empty optional (every field at its default).
  read = ReadDataFile(WriteBytes("input_1.pb", ""), dir_, kDefaultMaxTensorBytes,
                      FileMapping::kCopy, Tensor::Kind::kOptional);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->value.has_value());
}

TEST_F(ValueFileTest, AFileOfAnotherKindIsNamed) {
  onnx::TensorProto tensor = Int64Proto({1, 2});
  tensor.set_name("x");
  const fs::path path = WriteBytes("input_0.pb", tensor.SerializeAsString());
  absl::StatusOr<DataFileContents> read =
      ReadDataFile(path, dir_, kDefaultMaxTensorBytes, FileMapping::kCopy, Tensor::Kind::kSequence);
  ASSERT_FALSE(read.ok());
  EXPECT_THAT(read.status().message(), HasSubstr(path.string()));
  EXPECT_THAT(read.status().message(),
              HasSubstr("it is an onnx.TensorProto (a tensor), but the graph declares this value "
                        "a sequence"));
}

TEST_F(ValueFileTest, WrittenFilesOfEveryKindReadBack) {
  const Tensor strings = Tensor::FromStrings({2}, {"a", std::string("\0b", 2)});
  const Tensor sequence = Tensor::Sequence({strings, Tensor::FromValues<float>({1}, {2.5f})});
  const Tensor optional = Tensor::Optional(sequence, Tensor::Kind::kSequence);
  const Tensor none = Tensor::Optional(std::nullopt, Tensor::Kind::kTensor);
  const Tensor empty = Tensor::Sequence({});
  absl::StatusOr<Tensor> map =
      Tensor::Map(Tensor::FromValues<int32_t>({1}, {-7}), Tensor::Sequence({strings}));
  ASSERT_TRUE(map.ok()) << map.status();
  for (const Tensor* value :
       {&strings, &sequence, &optional, &none, &empty, &std::as_const(*map)}) {
    SCOPED_TRACE(DescribeValue(*value));
    const fs::path path = dir_ / "output_0.pb";
    ASSERT_TRUE(WriteTensorFile(path, *value, "y").ok());
    absl::StatusOr<DataFileContents> read =
        ReadDataFile(path, dir_, kDefaultMaxTensorBytes, FileMapping::kCopy, value->kind());
    ASSERT_TRUE(read.ok()) << read.status();
    EXPECT_EQ(read->name, "y");
    EXPECT_TRUE(IdenticalValues(read->value, *value));
  }
}

TEST_F(ValueFileTest, PackedAndStringTensorFilesOfAnySizeReadBack) {
  // Beyond the size from which raw_data is aligned for mapping: a packed
  // type's raw_data is not its storage and is written packed.
  const int64_t count = (kAlignedRawDataMinBytes * 2) + 3;
  absl::StatusOr<Tensor> t = Tensor::Create(ElementType::kInt4, {count});
  ASSERT_TRUE(t.ok());
  for (int64_t i = 0; i < count; ++i) t->bytes()[static_cast<size_t>(i)] = std::byte(i % 16);
  const fs::path path = dir_ / "input_0.pb";
  ASSERT_TRUE(WriteTensorFile(path, *t, "x").ok());
  EXPECT_LT(fs::file_size(path), static_cast<uintmax_t>(count / 2 + 64));
  absl::StatusOr<DataFileContents> read = ReadDataFile(path, dir_);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_TRUE(IdenticalValues(read->value, *t));
  EXPECT_EQ(ElementAsDouble(read->value, 15), -1.0);
}

}  // namespace
}  // namespace onnx_conform
