#include "runners/audit/audit_write.h"

#include <fstream>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "tensor/tensor_file.h"

namespace onnx_conform {
namespace {

namespace fs = std::filesystem;

// The initializers of `file`'s main graph kept as external data (the ones
// ReadModelFile resolves), read from the file as written.
absl::StatusOr<std::set<std::string>> ExternalInitializers(const fs::path& file) {
  absl::StatusOr<std::string> bytes = ReadFileBytes(file);
  if (!bytes.ok()) return bytes.status();
  onnx::ModelProto model;
  if (!model.ParseFromString(*bytes)) {
    return absl::InvalidArgumentError(absl::StrCat(file.string(), ": not a ModelProto"));
  }
  std::set<std::string> names;
  for (const onnx::TensorProto& t : model.graph().initializer()) {
    if (t.data_location() == onnx::TensorProto::EXTERNAL) names.insert(t.name());
  }
  return names;
}

void SetEntry(onnx::TensorProto& tensor, const std::string& key, const std::string& value) {
  onnx::StringStringEntryProto* entry = tensor.add_external_data();
  entry->set_key(key);
  entry->set_value(value);
}

// The external data file written next to `model_file`: "<file name>.data".
fs::path ExternalDataFileFor(const fs::path& model_file) {
  return model_file.parent_path() / absl::StrCat(model_file.filename().string(), ".data");
}

}  // namespace

absl::StatusOr<onnx::ModelProto> ModelToWrite(const ModelAudit& audit, const fs::path& out) {
  if (!audit.repaired.has_value()) {
    return absl::FailedPreconditionError("no repaired converted model to write");
  }
  onnx::ModelProto model = *audit.repaired;
  absl::StatusOr<std::set<std::string>> external = ExternalInitializers(audit.file);
  if (!external.ok()) return external.status();
  if (external->empty()) return model;
  const fs::path data_file = ExternalDataFileFor(out);
  std::ofstream data(data_file, std::ios::binary | std::ios::trunc);
  if (!data) return absl::InvalidArgumentError(absl::StrCat(data_file.string(), ": cannot write"));
  int64_t offset = 0;
  for (onnx::TensorProto& t : *model.mutable_graph()->mutable_initializer()) {
    if (!external->contains(t.name()) || !t.has_raw_data()) continue;
    const int64_t padding = (kRawDataAlignment - offset % kRawDataAlignment) % kRawDataAlignment;
    data << std::string(static_cast<size_t>(padding), '\0');
    offset += padding;
    data.write(t.raw_data().data(), static_cast<std::streamsize>(t.raw_data().size()));
    t.clear_external_data();
    SetEntry(t, "location", data_file.filename().string());
    SetEntry(t, "offset", absl::StrCat(offset));
    SetEntry(t, "length", absl::StrCat(t.raw_data().size()));
    offset += static_cast<int64_t>(t.raw_data().size());
    t.clear_raw_data();
    t.set_data_location(onnx::TensorProto::EXTERNAL);
  }
  data.close();
  if (!data) return absl::InvalidArgumentError(absl::StrCat(data_file.string(), ": write failed"));
  return model;
}

}  // namespace onnx_conform
