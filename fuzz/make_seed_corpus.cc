// oc-fuzz-seeds CASES_DIR... OUT_DIR: writes the fuzz targets' seed corpus
// (OUT_DIR/<target>/<hash>) from the suite's case folders, spread evenly
// over operators, versions and types, and kept small (a few hundred files).
// Run it again when cases/ changes much; fuzz/README.md says how.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "caseio/case_layout.h"
#include "caseio/case_loader.h"
#include "fuzz/fuzz_case.pb.h"
#include "tensor/tensor_file.h"
#include "tensor/tensor_proto.h"

namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// The files of a case's first data set, as the runner lists them (none
// when the case has no data set).
onnx_conform::DataSetLayout FirstDataSet(const fs::path& dir) {
  const onnx_conform::CaseLayout layout = onnx_conform::ListCase(dir);
  return layout.data_sets.empty() ? onnx_conform::DataSetLayout() : layout.data_sets.front();
}

class CorpusWriter {
 public:
  CorpusWriter(fs::path dir, size_t cap) : dir_(std::move(dir)), cap_(cap) {
    fs::create_directories(dir_);
  }
  void Add(const std::string& bytes) {
    if (written_.size() >= cap_) return;
    const std::string name = absl::StrFormat("%016x", std::hash<std::string>{}(bytes));
    if (!written_.emplace(name, true).second) return;
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
  }
  size_t size() const { return written_.size(); }

 private:
  fs::path dir_;
  size_t cap_;
  std::map<std::string, bool> written_;
};

// Every `step`-th element, starting with the first.
template <typename T>
std::vector<T> EveryNth(const std::vector<T>& all, size_t step) {
  std::vector<T> picked;
  for (size_t i = 0; i < all.size(); i += step) picked.push_back(all[i]);
  return picked;
}

// Bytes in fuzz/diff_fuzzer.cc's layout: type, flags, [actual type],
// shape [2,3], [tolerance], max_reported, then both tensors' elements.
std::string DiffSeed(uint8_t type, uint8_t flags, uint32_t seed) {
  std::string bytes = {static_cast<char>(type), static_cast<char>(flags)};
  if (flags & 1) bytes.push_back(static_cast<char>(type + 1));
  bytes += std::string{2, 2, 3};
  if (flags & 2) bytes += std::string{2, 3, 2};
  if (flags & 4) {
    const double tolerances[] = {1e-3, 1e-7};
    bytes.append(reinterpret_cast<const char*>(tolerances), sizeof tolerances);
  }
  bytes.push_back(5);
  // Equal halves with a few changed bytes, and float specials (NaN, -0, inf).
  std::string elements(48, '\0');
  for (char& c : elements) {
    seed = seed * 1103515245 + 12345;
    c = static_cast<char>(seed >> 24);
  }
  const float specials[] = {std::numeric_limits<float>::quiet_NaN(), -0.0f,
                            std::numeric_limits<float>::infinity()};
  elements.replace(0, sizeof specials, reinterpret_cast<const char*>(specials), sizeof specials);
  std::string actual = elements;
  actual[5] ^= 1;
  actual[20] ^= 0x40;
  return bytes + elements + actual;
}

// Tensor files just over the direct read's 1 MiB, in the layouts it must
// handle as protobuf does: written by SerializeTensorFile (aligned, mapped),
// plainly serialized with fields after raw_data, raw_data before the header,
// and an earlier small raw_data that the large one replaces.
std::vector<std::string> LargeTensorSeeds() {
  constexpr int64_t kBytes = (int64_t{1} << 20) + 1024;
  std::string payload(static_cast<size_t>(kBytes), '\0');
  for (size_t i = 0; i < payload.size(); ++i) payload[i] = static_cast<char>(i * 7 % 251);
  onnx::TensorProto floats;
  floats.set_name("x");
  floats.set_data_type(onnx::TensorProto::FLOAT);
  floats.add_dims(kBytes / 4);
  floats.set_raw_data(payload);
  std::vector<std::string> seeds;
  absl::StatusOr<onnx_conform::Tensor> tensor = onnx_conform::TensorFromProto(floats);
  if (tensor.ok()) seeds.push_back(onnx_conform::SerializeTensorFile(*tensor, "x"));
  onnx::TensorProto bytes = floats;
  bytes.set_data_type(onnx::TensorProto::INT8);
  bytes.set_dims(0, kBytes / 2);
  bytes.add_dims(2);
  onnx::TensorProto after;
  after.set_doc_string("after raw_data");
  seeds.push_back(bytes.SerializeAsString() + after.SerializeAsString());
  onnx::TensorProto raw_only;
  raw_only.set_raw_data(payload);
  onnx::TensorProto header = floats;
  header.clear_raw_data();
  header.set_data_type(onnx::TensorProto::UINT16);
  header.set_dims(0, kBytes / 2);
  seeds.push_back(raw_only.SerializeAsString() + header.SerializeAsString());
  onnx::TensorProto small_raw;
  small_raw.set_raw_data("0123");
  seeds.push_back(small_raw.SerializeAsString() + floats.SerializeAsString());
  return seeds;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: oc-fuzz-seeds CASES_DIR... OUT_DIR\n");
    return 2;
  }
  const fs::path out = argv[argc - 1];
  std::vector<fs::path> valid, invalid;
  for (int i = 1; i < argc - 1; ++i) {
    absl::StatusOr<std::vector<fs::path>> dirs = onnx_conform::FindCaseDirs(argv[i]);
    if (!dirs.ok()) {
      std::fprintf(stderr, "%s\n", std::string(dirs.status().message()).c_str());
      return 1;
    }
    auto& into = fs::path(argv[i]).filename() == "invalid" ? invalid : valid;
    into.insert(into.end(), dirs->begin(), dirs->end());
  }

  CorpusWriter tensors(out / "tensor", 40), models(out / "model", 60),
      references(out / "reference", 60), diffs(out / "diff", 24),
      metadata(out / "case_metadata", 30), large_tensors(out / "tensor_fast_path", 8);
  for (const fs::path& dir : EveryNth(valid, valid.size() / 40 + 1)) {
    const onnx_conform::DataSetLayout first = FirstDataSet(dir);
    for (const std::vector<fs::path>* files : {&first.input_files, &first.output_files}) {
      for (const fs::path& file : *files) tensors.Add(ReadAll(file));
    }
  }
  for (const fs::path& dir : EveryNth(valid, valid.size() / 40 + 1)) {
    models.Add(ReadAll(dir / onnx_conform::kModelFileName));
  }
  for (const fs::path& dir : EveryNth(invalid, invalid.size() / 20 + 1)) {
    models.Add(ReadAll(dir / onnx_conform::kModelFileName));
  }
  for (const fs::path& dir : EveryNth(valid, valid.size() / 60 + 1)) {
    onnx_conform::fuzz::FuzzCase fuzz_case;
    fuzz_case.set_model(ReadAll(dir / onnx_conform::kModelFileName));
    for (const fs::path& file : FirstDataSet(dir).input_files) fuzz_case.add_inputs(ReadAll(file));
    references.Add(fuzz_case.SerializeAsString());
  }
  for (uint8_t type = 0; type < 12; ++type) {
    diffs.Add(DiffSeed(type, type % 2 == 0 ? 4 : 0, type));
    diffs.Add(DiffSeed(type, static_cast<uint8_t>(1 << (type % 3)), type + 100));
  }
  std::vector<fs::path> all = valid;
  all.insert(all.end(), invalid.begin(), invalid.end());
  for (const fs::path& dir : EveryNth(all, all.size() / 30 + 1)) {
    const fs::path case_json = dir / onnx_conform::kCaseMetadataFileName;
    if (fs::exists(case_json)) metadata.Add(ReadAll(case_json));
  }
  for (const std::string& seed : LargeTensorSeeds()) large_tensors.Add(seed);
  std::printf(
      "seeds: tensor %zu, model %zu, reference %zu, diff %zu, case_metadata %zu, "
      "tensor_fast_path %zu\n",
      tensors.size(), models.size(), references.size(), diffs.size(), metadata.size(),
      large_tensors.size());
  return 0;
}
