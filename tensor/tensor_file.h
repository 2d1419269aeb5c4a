// Reading and writing the suite's files: tensor files (`input_0.pb`,
// `output_0.pb`, ...) and models (`model.onnx`), parsed into their
// TensorProto or ModelProto, their external data resolved
// (tensor/external_data.h), and decoded with TensorFromProto
// (tensor/tensor_proto.h).
//
// The file readers are the suite's only way into files others produced:
// they check sizes before reading (protobuf cannot parse 2 GiB or more),
// charge what they read to the thread's budget (tensor/resource_limits.h),
// refuse a message of the wrong type, and resolve external data only from
// files inside the tensor's own folder (docs/security.md).
//
//   absl::StatusOr<Tensor> t = ReadTensorFile("case/test_data_set_0/input_0.pb");
//   absl::Status written = WriteTensorFile("out/output_0.pb", *t, "y");
#ifndef ONNX_CONFORM_TENSOR_TENSOR_FILE_H_
#define ONNX_CONFORM_TENSOR_TENSOR_FILE_H_

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/message_lite.h"
#include "onnx/onnx_pb.h"
#include "tensor/tensor.h"

namespace onnx_conform {

// Largest file the loader reads (protobuf cannot parse 2 GiB or more).
inline constexpr int64_t kMaxProtoFileBytes = (int64_t{2} << 30) - 1;

// Reads a whole file, refusing anything above max_bytes before reading, and
// charges its size to the thread's budget (ResourceExhausted when over).
absl::StatusOr<std::string> ReadFileBytes(const std::filesystem::path& path,
                                          int64_t max_bytes = kMaxProtoFileBytes);
// Writes `bytes` as the whole file (created or truncated); DataLoss
// "PATH: cannot write" when that fails.
absl::Status WriteFileBytes(const std::filesystem::path& path, absl::string_view bytes);

// OK when `path` does not exist (its reader reports that) or resolves,
// through every symlink, to a location inside `root`; InvalidArgument
// naming both otherwise.
absl::Status CheckInsideDirectory(const std::filesystem::path& path,
                                  const std::filesystem::path& root);

// Parse serialized bytes; errors start with `source` (a file name). They
// refuse empty input, bytes that are not the message, and a message of
// another type that happens to parse (a TensorProto given as a model has no
// graph and fields ModelProto does not define; a ModelProto given as a
// tensor has no data_type and fields TensorProto does not define).
absl::StatusOr<onnx::TensorProto> ParseTensorProto(absl::string_view bytes,
                                                   absl::string_view source);
absl::StatusOr<onnx::ModelProto> ParseModel(absl::string_view bytes, absl::string_view source);

// Reads and parses a TensorProto file and resolves its external data from
// the file's folder. With a `root`, the file and its external data must
// resolve inside it (the case folder). Errors name the file.
absl::StatusOr<onnx::TensorProto> ReadTensorProtoFile(const std::filesystem::path& path,
                                                      const std::filesystem::path& root = {});
// ReadTensorProtoFile then TensorFromProto, never mapped; errors name the file.
absl::StatusOr<Tensor> ReadTensorFile(const std::filesystem::path& path,
                                      int64_t max_bytes = kDefaultMaxTensorBytes);

// A tensor file's tensor and its TensorProto's name.
struct TensorFile {
  std::string name;
  Tensor tensor;
};
// Whether a large raw_data whose offset in the file suits the element type
// may be mapped (Tensor::MapFile) rather than read into new memory. Mapping
// costs no copy and no new memory, but a file truncated by another process
// while mapped ends the process with SIGBUS on access: case files are
// mapped, files another program just wrote (adapter outputs) are copied.
enum class FileMapping { kCopy, kMapWhenAligned };
// ReadTensorProtoFile(path, root) then TensorFromProto(proto, max_bytes),
// with the same tensors, errors and budget charges; a large raw_data goes
// from the file straight into the tensor, or is mapped (docs/performance.md).
// Errors name the file.
absl::StatusOr<TensorFile> ReadTensorFileWithName(
    const std::filesystem::path& path, const std::filesystem::path& root = {},
    int64_t max_bytes = kDefaultMaxTensorBytes, FileMapping mapping = FileMapping::kMapWhenAligned);
// A data file (input_K.pb, output_K.pb) as the checker and the exec
// backend read it: its message's name and its value, of the kind the graph
// declares for it (`kind`): a TensorProto for a tensor (of any element
// type), a SequenceProto, OptionalProto or MapProto for the others
// (tensor/value_proto.h). The same reads, errors and budget charges as
// ReadTensorFileWithName; tensors inside the other messages may have
// external data too, resolved the same way. A message of another kind than
// `kind` is an error naming both. An empty file is an empty sequence or
// optional, never a tensor. A data_type the suite does not know is
// Unimplemented (perhaps a newer ONNX release's).
struct DataFileContents {
  std::string name;
  Tensor value;
};
absl::StatusOr<DataFileContents> ReadDataFile(const std::filesystem::path& path,
                                              const std::filesystem::path& root = {},
                                              int64_t max_bytes = kDefaultMaxTensorBytes,
                                              FileMapping mapping = FileMapping::kMapWhenAligned,
                                              Tensor::Kind kind = Tensor::Kind::kTensor);
// The bytes of a data file holding `tensor`, a value of any kind:
// SerializeValue (tensor/value_proto.h), except that a tensor's raw_data
// of kAlignedRawDataMinBytes or more starts at a multiple of
// kRawDataAlignment in the file, so that readers can map it (FileMapping).
// A doc_string of spaces written before raw_data pads it there; any
// protobuf parser reads the same tensor (fields may come in any order).
inline constexpr int64_t kAlignedRawDataMinBytes = int64_t{1} << 20;
inline constexpr int64_t kRawDataAlignment = 64;
std::string SerializeTensorFile(const Tensor& tensor, const std::string& name);
// Writes SerializeTensorFile's bytes.
absl::Status WriteTensorFile(const std::filesystem::path& path, const Tensor& tensor,
                             const std::string& name);

// Reads and parses a ModelProto file and resolves the external data of the
// graph's initializers and node attributes from the model's folder. With a
// `root`, the file and its external data must resolve inside it. Errors
// name the file.
absl::StatusOr<onnx::ModelProto> ReadModelFile(const std::filesystem::path& path,
                                               const std::filesystem::path& root = {});
absl::Status WriteProtoFile(const std::filesystem::path& path,
                            const google::protobuf::MessageLite& message);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TENSOR_TENSOR_FILE_H_
