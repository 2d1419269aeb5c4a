// ReadTensorFileWithName reads a large raw_data straight into the tensor:
// on every layout (raw_data first, last, twice, with fields after it) and
// every broken file, it must give what ReadTensorProtoFile then
// TensorFromProto give: the same bytes and name, or the same error. A
// raw_data aligned for its type is mapped instead (copy-on-write), with the
// same result and the same budget charge; SerializeTensorFile aligns it.
// (tensor/tensor_file_direct.h)
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/resource_limits.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr int64_t kCount = 1 << 19;  // 2 MiB of float: over the direct path's 1 MiB

class DirectTensorReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("oc_direct_tensor_read_test_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path Write(const std::string& name, const std::string& bytes) {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  fs::path dir_;
};

std::string Serialized(const onnx::TensorProto& proto) { return proto.SerializeAsString(); }

// A float tensor of kCount values (i * 0.5), its raw_data and header fields.
onnx::TensorProto BigFloat(const std::string& name) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::FLOAT);
  proto.add_dims(kCount / 512);
  proto.add_dims(512);
  std::vector<float> values(kCount);
  for (int64_t i = 0; i < kCount; ++i) values[i] = static_cast<float>(i) * 0.5f;
  proto.set_raw_data(values.data(), values.size() * sizeof(float));
  return proto;
}

// The general path, as case loading did it before the direct path.
absl::StatusOr<TensorFile> General(const fs::path& path) {
  absl::StatusOr<onnx::TensorProto> proto = ReadTensorProtoFile(path);
  if (!proto.ok()) return proto.status();
  absl::StatusOr<Tensor> tensor = TensorFromProto(*proto);
  if (!tensor.ok()) {
    return absl::Status(tensor.status().code(),
                        path.string() + ": " + std::string(tensor.status().message()));
  }
  return TensorFile{proto->name(), *std::move(tensor)};
}

void ExpectSameAsGeneral(const fs::path& path) {
  const absl::StatusOr<TensorFile> direct = ReadTensorFileWithName(path);
  const absl::StatusOr<TensorFile> general = General(path);
  ASSERT_EQ(direct.status(), general.status());
  if (!direct.ok()) return;
  EXPECT_EQ(direct->name, general->name);
  EXPECT_EQ(direct->tensor.type(), general->tensor.type());
  EXPECT_EQ(direct->tensor.shape(), general->tensor.shape());
  ASSERT_EQ(direct->tensor.byte_size(), general->tensor.byte_size());
  EXPECT_EQ(std::memcmp(direct->tensor.bytes().data(), general->tensor.bytes().data(),
                        direct->tensor.byte_size()),
            0);
}

TEST_F(DirectTensorReadTest, ReadsWhatWasWritten) {
  const onnx::TensorProto proto = BigFloat("x");
  const fs::path path = Write("a.pb", Serialized(proto));
  const absl::StatusOr<TensorFile> read = ReadTensorFileWithName(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->name, "x");
  EXPECT_EQ(read->tensor.shape(), (Shape{kCount / 512, 512}));
  EXPECT_EQ(read->tensor.data<float>()[0], 0.0f);
  EXPECT_EQ(read->tensor.data<float>()[3], 1.5f);
  EXPECT_EQ(read->tensor.data<float>()[kCount - 1], static_cast<float>(kCount - 1) * 0.5f);
  ExpectSameAsGeneral(path);
  const absl::StatusOr<Tensor> plain = ReadTensorFile(path);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain->data<float>()[kCount - 1], static_cast<float>(kCount - 1) * 0.5f);
}

TEST_F(DirectTensorReadTest, UnusualLayoutsGiveTheSameTensor) {
  const onnx::TensorProto proto = BigFloat("y");
  onnx::TensorProto raw_only;
  raw_only.set_raw_data(proto.raw_data());
  onnx::TensorProto header = proto;
  header.clear_raw_data();
  onnx::TensorProto doc;
  doc.set_doc_string("after raw_data");
  onnx::TensorProto small_raw;
  small_raw.set_raw_data("0123");
  // raw_data first, then the header; fields after raw_data; an earlier small
  // raw_data (the last one counts); a later small one (the file's last wins).
  ExpectSameAsGeneral(Write("first.pb", Serialized(raw_only) + Serialized(header)));
  ExpectSameAsGeneral(Write("tail.pb", Serialized(proto) + Serialized(doc)));
  ExpectSameAsGeneral(Write("twice.pb", Serialized(small_raw) + Serialized(proto)));
  ExpectSameAsGeneral(Write("later.pb", Serialized(proto) + Serialized(small_raw)));
  // Typed data of the same size (no raw_data at all).
  onnx::TensorProto typed = header;
  for (int64_t i = 0; i < kCount; ++i) typed.add_float_data(static_cast<float>(i));
  ExpectSameAsGeneral(Write("typed.pb", Serialized(typed)));
}

TEST_F(DirectTensorReadTest, BrokenFilesGiveTheSameErrors) {
  const onnx::TensorProto proto = BigFloat("z");
  const std::string bytes = Serialized(proto);
  // Cut inside raw_data; raw_data of a length dims disagree with; raw and
  // typed data at once; external data with raw_data; garbage after raw_data.
  ExpectSameAsGeneral(Write("cut.pb", bytes.substr(0, bytes.size() - 1000)));
  onnx::TensorProto wrong_dims = proto;
  wrong_dims.set_dims(1, 511);
  ExpectSameAsGeneral(Write("dims.pb", Serialized(wrong_dims)));
  onnx::TensorProto both = proto;
  both.add_float_data(1.0f);
  ExpectSameAsGeneral(Write("both.pb", Serialized(both)));
  onnx::TensorProto external = proto;
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  ExpectSameAsGeneral(Write("external.pb", Serialized(external)));
  ExpectSameAsGeneral(Write("garbage.pb", bytes + std::string("\xff\xff\xff", 3)));
  onnx::TensorProto no_type = proto;
  no_type.clear_data_type();
  ExpectSameAsGeneral(Write("no_type.pb", Serialized(no_type)));
  onnx::TensorProto string_type = proto;
  string_type.set_data_type(onnx::TensorProto::STRING);
  ExpectSameAsGeneral(Write("string.pb", Serialized(string_type)));
  const absl::StatusOr<TensorFile> cut = ReadTensorFileWithName(dir_ / "cut.pb");
  EXPECT_EQ(cut.status().code(), absl::StatusCode::kDataLoss);
  const absl::StatusOr<TensorFile> dims = ReadTensorFileWithName(dir_ / "dims.pb");
  EXPECT_EQ(dims.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(dims.status().message().find("raw_data has 2097152 bytes"), absl::string_view::npos)
      << dims.status();
}

// BigFloat's header fields, then raw_data spelled with `tag` and `length`
// (varint bytes as written, canonical or not), then its 2 MiB payload.
std::string WithRawDataSpelled(const std::string& tag, const std::string& length) {
  onnx::TensorProto proto = BigFloat("v");
  const std::string payload = proto.raw_data();
  proto.clear_raw_data();
  return Serialized(proto) + tag + length + payload;
}

// A varint of `value`, padded with continuation bytes to `bytes` bytes.
std::string Varint(uint64_t value, int bytes) {
  std::string out;
  for (int i = 0; i < bytes; ++i) {
    const uint8_t low = value & 0x7f;
    value >>= 7;
    out.push_back(static_cast<char>(i + 1 < bytes ? (low | 0x80) : low));
  }
  return out;
}

TEST_F(DirectTensorReadTest, RawDataLengthAndTagAreReadAsProtobufReadsThem) {
  constexpr uint64_t kPayload = uint64_t{kCount} * 4;
  const std::string raw_tag = "\x4a";
  // Controls: the canonical spelling, a 4-byte length, passes.
  ASSERT_TRUE(
      ReadTensorFileWithName(Write("ok.pb", WithRawDataSpelled(raw_tag, Varint(kPayload, 4))))
          .ok());
  // 2^32 more than the payload: a 32-bit read drops the high bit and finds
  // the payload; protobuf refuses a length of 2 GiB or more.
  const fs::path high =
      Write("high.pb", WithRawDataSpelled(raw_tag, Varint((uint64_t{1} << 32) + kPayload, 5)));
  // The same in 10 bytes (high bits only in the last one).
  const fs::path ten =
      Write("ten.pb", WithRawDataSpelled(raw_tag, Varint((uint64_t{1} << 63) + kPayload, 10)));
  // The right length in 6 bytes: protobuf reads no length past 5 bytes.
  const fs::path six = Write("six.pb", WithRawDataSpelled(raw_tag, Varint(kPayload, 6)));
  // The right tag in 6 bytes: protobuf reads no tag past 5 bytes.
  const fs::path long_tag =
      Write("tag.pb", WithRawDataSpelled(Varint(0x4a, 6), Varint(kPayload, 4)));
  for (const fs::path& path : {high, ten, six, long_tag}) {
    SCOPED_TRACE(path.string());
    onnx::TensorProto parsed;
    std::ifstream in(path, std::ios::binary);
    EXPECT_FALSE(parsed.ParseFromIstream(&in));
    EXPECT_EQ(ReadTensorFileWithName(path).status().code(), absl::StatusCode::kDataLoss);
    ExpectSameAsGeneral(path);
  }
}

TEST_F(DirectTensorReadTest, LimitsApplyAsOnTheGeneralPath) {
  const fs::path path = Write("big.pb", Serialized(BigFloat("w")));
  const absl::StatusOr<TensorFile> limited = ReadTensorFileWithName(path, {}, 1 << 20);
  EXPECT_EQ(limited.status().code(), absl::StatusCode::kResourceExhausted);
  // Outside the root folder: refused as ReadTensorProtoFile refuses it.
  const fs::path other = dir_ / "inner";
  fs::create_directories(other);
  const absl::StatusOr<TensorFile> outside = ReadTensorFileWithName(path, other);
  EXPECT_EQ(outside.status(), ReadTensorProtoFile(path, other).status());
  EXPECT_FALSE(outside.ok());
  // A small file (the general path, on the descriptor the check opened),
  // outside, and reached inside through a symbolic link to it.
  onnx::TensorProto small;
  small.set_data_type(onnx::TensorProto::FLOAT);
  small.add_float_data(1.0f);
  const fs::path small_path = Write("small.pb", Serialized(small));
  const absl::StatusOr<TensorFile> small_outside = ReadTensorFileWithName(small_path, other);
  EXPECT_FALSE(small_outside.ok());
  EXPECT_EQ(small_outside.status(), ReadTensorProtoFile(small_path, other).status());
  fs::create_symlink(small_path, other / "link.pb");
  const absl::StatusOr<TensorFile> linked = ReadTensorFileWithName(other / "link.pb", other);
  EXPECT_FALSE(linked.ok());
  EXPECT_EQ(linked.status(), ReadTensorProtoFile(other / "link.pb", other).status());
  EXPECT_TRUE(ReadTensorFileWithName(small_path, dir_).ok());
}

// The byte offset of raw_data's payload in a file that ends with it.
int64_t PayloadOffset(const std::string& bytes, int64_t payload_size) {
  return static_cast<int64_t>(bytes.size()) - payload_size;
}

TEST_F(DirectTensorReadTest, SerializeTensorFileAlignsALargeRawData) {
  const onnx::TensorProto proto = BigFloat("x");  // plain layout: payload at byte 16
  ASSERT_EQ(PayloadOffset(Serialized(proto), kCount * 4), 16);
  absl::StatusOr<Tensor> tensor = TensorFromProto(proto);
  ASSERT_TRUE(tensor.ok());
  for (const char* name :
       {"x", "data_0", "a_name_of_fifteen", "abcdefghijklmnopqrstuvwxyz0123456789abcdefghijkl"}) {
    const std::string bytes = SerializeTensorFile(*tensor, name);
    EXPECT_EQ(PayloadOffset(bytes, kCount * 4) % 64, 0) << name;
    EXPECT_LT(PayloadOffset(bytes, kCount * 4), 200) << name;
    onnx::TensorProto parsed;
    ASSERT_TRUE(parsed.ParseFromString(bytes)) << name;
    EXPECT_EQ(parsed.name(), name);
    EXPECT_EQ(parsed.raw_data(), proto.raw_data());
    EXPECT_EQ(parsed.dims_size(), 2);
    EXPECT_EQ(parsed.doc_string().find_first_not_of(' '), std::string::npos);
  }
  // Below kAlignedRawDataMinBytes: the plain serialization.
  const Tensor small = Tensor::FromValues<float>({3}, {1.0f, 2.0f, 3.0f});
  EXPECT_EQ(SerializeTensorFile(small, "s"), Serialized(TensorToProto(small, "s")));
}

TEST_F(DirectTensorReadTest, AlignedRawDataIsMappedCopyOnWrite) {
  absl::StatusOr<Tensor> tensor = TensorFromProto(BigFloat("x"));
  ASSERT_TRUE(tensor.ok());
  const fs::path path = dir_ / "aligned.pb";
  ASSERT_TRUE(WriteTensorFile(path, *tensor, "x").ok());
  absl::StatusOr<TensorFile> mapped = ReadTensorFileWithName(path);
  ASSERT_TRUE(mapped.ok()) << mapped.status();
  EXPECT_TRUE(mapped->tensor.maps_file());
  EXPECT_EQ(mapped->name, "x");
  EXPECT_EQ(mapped->tensor.data<float>()[3], 1.5f);
  EXPECT_EQ(mapped->tensor.data<float>()[kCount - 1], static_cast<float>(kCount - 1) * 0.5f);
  ExpectSameAsGeneral(path);
  // A write changes the tensor, not the file; copies and moves keep the bytes.
  mapped->tensor.data<float>()[3] = -7.0f;
  EXPECT_EQ(mapped->tensor.data<float>()[3], -7.0f);
  const Tensor copy = mapped->tensor;
  EXPECT_FALSE(copy.maps_file());
  EXPECT_EQ(copy.data<float>()[3], -7.0f);
  Tensor moved = std::move(mapped->tensor);
  EXPECT_TRUE(moved.maps_file());
  EXPECT_EQ(moved.data<float>()[kCount - 1], static_cast<float>(kCount - 1) * 0.5f);
  absl::StatusOr<TensorFile> again = ReadTensorFileWithName(path);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->tensor.data<float>()[3], 1.5f);
  // Not mapped on request (ReadTensorFile: files another program wrote).
  absl::StatusOr<TensorFile> copied =
      ReadTensorFileWithName(path, {}, kDefaultMaxTensorBytes, FileMapping::kCopy);
  ASSERT_TRUE(copied.ok());
  EXPECT_FALSE(copied->tensor.maps_file());
  absl::StatusOr<Tensor> plain = ReadTensorFile(path);
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE(plain->maps_file());
  EXPECT_EQ(plain->data<float>()[3], 1.5f);
}

TEST_F(DirectTensorReadTest, MisalignedRawDataIsCopied) {
  const onnx::TensorProto proto = BigFloat("xyz");  // payload at byte 18: not a multiple of 4
  const std::string bytes = Serialized(proto);
  ASSERT_EQ(PayloadOffset(bytes, kCount * 4), 18);
  const fs::path path = Write("misaligned.pb", bytes);
  absl::StatusOr<TensorFile> read = ReadTensorFileWithName(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_FALSE(read->tensor.maps_file());
  EXPECT_EQ(read->tensor.data<float>()[3], 1.5f);
  // int8 needs no alignment: the same file's bytes as int8 are mapped.
  onnx::TensorProto int8 = proto;
  int8.set_data_type(onnx::TensorProto::INT8);
  int8.set_dims(1, 2048);
  absl::StatusOr<TensorFile> bytes_read =
      ReadTensorFileWithName(Write("int8.pb", Serialized(int8)));
  ASSERT_TRUE(bytes_read.ok()) << bytes_read.status();
  EXPECT_TRUE(bytes_read->tensor.maps_file());
  EXPECT_EQ(bytes_read->tensor.data<int8_t>()[7], 63);  // the top byte of 0.5f (0x3F000000)
}

TEST_F(DirectTensorReadTest, MappingIsChargedAndLimitedLikeACopy) {
  absl::StatusOr<Tensor> tensor = TensorFromProto(BigFloat("x"));
  ASSERT_TRUE(tensor.ok());
  const fs::path path = dir_ / "aligned.pb";
  ASSERT_TRUE(WriteTensorFile(path, *tensor, "x").ok());
  const int64_t file_size = static_cast<int64_t>(fs::file_size(path));
  {
    ScopedResourceBudget budget(ResourceLimits{});
    absl::StatusOr<TensorFile> mapped = ReadTensorFileWithName(path);
    ASSERT_TRUE(mapped.ok());
    ASSERT_TRUE(mapped->tensor.maps_file());
    EXPECT_EQ(budget.charged_bytes(), file_size + (int64_t{2} << 20));  // the file, the tensor
  }
  {
    ScopedResourceBudget budget(ResourceLimits{.max_tensor_bytes = 1 << 20});
    absl::StatusOr<TensorFile> refused = ReadTensorFileWithName(path);
    EXPECT_EQ(refused.status().code(), absl::StatusCode::kResourceExhausted);
    EXPECT_NE(refused.status().message().find("tensor 'x'"), absl::string_view::npos)
        << refused.status();
  }
  const absl::StatusOr<TensorFile> limited = ReadTensorFileWithName(path, {}, 1 << 20);
  EXPECT_EQ(limited.status().code(), absl::StatusCode::kResourceExhausted);
}

}  // namespace
}  // namespace onnx_conform
