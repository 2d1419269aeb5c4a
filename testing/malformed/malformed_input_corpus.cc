// The malformed-input corpus's case-building helpers, and the corpus itself:
// the kinds of malformed_model_kinds.cc, malformed_data_kinds.cc and
// malformed_limit_kinds.cc, in that order.
#include "testing/malformed/malformed_input_corpus.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "caseio/case_layout.h"
#include "onnx/onnx_pb.h"
#include "tensor/element_type.h"
#include "tensor/tensor_file.h"
#include "testing/test_model.h"

namespace onnx_conform::malformed {

namespace fs = std::filesystem;
using testing_util::TestModel;

// ------------------------------------------------------------ case building

void WriteBytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string Serialized(const google::protobuf::MessageLite& message) {
  std::string bytes;
  message.SerializeToString(&bytes);
  return bytes;
}

void WriteProto(const fs::path& path, const google::protobuf::MessageLite& message) {
  WriteBytes(path, Serialized(message));
}

onnx::ModelProto MinModel(ElementType type) {
  TestModel m(13);
  m.Input("x", type, {2}).Input("y", type, {2}).Output("z", type, {2});
  m.Node("Min", {"x", "y"}, {"z"});
  return m.model;
}

onnx::TensorProto FloatProto(std::vector<int64_t> dims, std::vector<float> values,
                             const std::string& name) {
  onnx::TensorProto proto;
  proto.set_name(name);
  proto.set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t d : dims) proto.add_dims(d);
  proto.set_raw_data(
      std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
  return proto;
}

const fs::path kDataSet = DataSetDirName(0);
const fs::path kInput0 = DataFilePath(0, DataFileKind::kInput, 0);
const fs::path kInput1 = DataFilePath(0, DataFileKind::kInput, 1);
const fs::path kOutput0 = DataFilePath(0, DataFileKind::kOutput, 0);

void WriteValidCase(const fs::path& dir) {
  WriteProto(dir / kModelFileName, MinModel());
  WriteProto(dir / kInput0, FloatProto({2}, {1, 5}, "x"));
  WriteProto(dir / kInput1, FloatProto({2}, {3, 2}, "y"));
  WriteProto(dir / kOutput0, FloatProto({2}, {1, 2}, "z"));
}

void EditTensor(const fs::path& file, const std::function<void(onnx::TensorProto&)>& edit) {
  onnx::TensorProto proto = *ReadTensorProtoFile(file);
  edit(proto);
  WriteProto(file, proto);
}

void EditModel(const fs::path& dir, const std::function<void(onnx::ModelProto&)>& edit) {
  onnx::ModelProto model = *ReadModelFile(dir / kModelFileName);
  edit(model);
  WriteProto(dir / kModelFileName, model);
}

void WriteExternalInitializerCase(const fs::path& dir, const std::string& location,
                                  const std::string& offset, const std::string& length) {
  onnx::ModelProto model = MinModel();
  model.mutable_graph()->mutable_input()->RemoveLast();  // y becomes the initializer
  onnx::TensorProto* w = model.mutable_graph()->add_initializer();
  w->set_name("y");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(2);
  w->set_data_location(onnx::TensorProto::EXTERNAL);
  auto add = [&](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    onnx::StringStringEntryProto* entry = w->add_external_data();
    entry->set_key(key);
    entry->set_value(value);
  };
  add("location", location);
  add("offset", offset);
  add("length", length);
  WriteProto(dir / kModelFileName, model);
  const float weights[] = {9, 3, 2, 7};  // y = [3, 2] at offset 4
  WriteBytes(dir / "weights.bin", std::string(reinterpret_cast<const char*>(weights), 16));
  WriteProto(dir / kInput0, FloatProto({2}, {1, 5}, "x"));
  fs::remove(dir / kInput1);
  WriteProto(dir / kOutput0, FloatProto({2}, {1, 2}, "z"));
}

// ------------------------------------------------------------ the corpus

void PrintTo(const MalformedKind& kind, std::ostream* os) { *os << kind.name; }

std::vector<MalformedKind> MalformedInputCorpus() {
  std::vector<MalformedKind> kinds;
  for (std::vector<MalformedKind> (*group)() :
       {MalformedModelKinds, MalformedDataKinds, MalformedLimitKinds}) {
    for (MalformedKind& kind : group()) kinds.push_back(std::move(kind));
  }
  return kinds;
}

}  // namespace onnx_conform::malformed
