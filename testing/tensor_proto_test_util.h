// Test-only helpers shared by tensor/tensor_proto_test.cc and
// tensor/tensor_proto_errors_test.cc: building a TensorProto field by
// field and decoding it with an expected outcome.
//
//   onnx::TensorProto p = Proto(onnx::TensorProto::UINT8, {2});
//   p.set_raw_data(Bytes({0, 255}));
//   Tensor t = Decode(p);
//   ExpectInvalid(Proto(onnx::TensorProto::FLOAT, {2}), {"float_data has 0 values"});
#ifndef ONNX_CONFORM_TESTING_TENSOR_PROTO_TEST_UTIL_H_
#define ONNX_CONFORM_TESTING_TENSOR_PROTO_TEST_UTIL_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"
#include "tensor/tensor_proto.h"

namespace onnx_conform {

// A proto with data_type and dims set, no data.
inline onnx::TensorProto Proto(onnx::TensorProto::DataType type,
                               std::initializer_list<int64_t> dims) {
  onnx::TensorProto proto;
  proto.set_data_type(type);
  for (int64_t d : dims) proto.add_dims(d);
  return proto;
}

// Raw bytes written out one by one, so byte order is part of the test.
inline std::string Bytes(std::initializer_list<uint8_t> bytes) {
  std::string s;
  for (uint8_t b : bytes) s.push_back(static_cast<char>(b));
  return s;
}

// Decodes and expects success.
inline Tensor Decode(const onnx::TensorProto& proto) {
  absl::StatusOr<Tensor> t = TensorFromProto(proto);
  EXPECT_TRUE(t.ok()) << t.status();
  return t.ok() ? *std::move(t) : Tensor();
}

// Decodes and expects an InvalidArgument error mentioning every fragment.
inline void ExpectInvalid(const onnx::TensorProto& proto,
                          std::initializer_list<const char*> fragments) {
  absl::StatusOr<Tensor> t = TensorFromProto(proto);
  ASSERT_FALSE(t.ok()) << "decoded a tensor that must be refused";
  EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument) << t.status();
  for (const char* fragment : fragments) {
    EXPECT_THAT(t.status().message(), ::testing::HasSubstr(fragment));
  }
}

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_TENSOR_PROTO_TEST_UTIL_H_
