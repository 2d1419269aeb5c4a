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

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "fuzz/fuzz_case.pb.h"
#include "runners/case_loader.h"

namespace {

namespace fs = std::filesystem;

std::string ReadAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
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
      metadata(out / "case_metadata", 30);
  for (const fs::path& dir : EveryNth(valid, valid.size() / 40 + 1)) {
    for (const auto& entry : fs::directory_iterator(dir / "test_data_set_0")) {
      tensors.Add(ReadAll(entry.path()));
    }
  }
  for (const fs::path& dir : EveryNth(valid, valid.size() / 40 + 1)) {
    models.Add(ReadAll(dir / "model.onnx"));
  }
  for (const fs::path& dir : EveryNth(invalid, invalid.size() / 20 + 1)) {
    models.Add(ReadAll(dir / "model.onnx"));
  }
  for (const fs::path& dir : EveryNth(valid, valid.size() / 60 + 1)) {
    onnx_conform::fuzz::FuzzCase fuzz_case;
    fuzz_case.set_model(ReadAll(dir / "model.onnx"));
    for (int k = 0; fs::exists(dir / "test_data_set_0" / absl::StrCat("input_", k, ".pb")); ++k) {
      fuzz_case.add_inputs(ReadAll(dir / "test_data_set_0" / absl::StrCat("input_", k, ".pb")));
    }
    references.Add(fuzz_case.SerializeAsString());
  }
  for (uint8_t type = 0; type < 12; ++type) {
    diffs.Add(DiffSeed(type, type % 2 == 0 ? 4 : 0, type));
    diffs.Add(DiffSeed(type, static_cast<uint8_t>(1 << (type % 3)), type + 100));
  }
  std::vector<fs::path> all = valid;
  all.insert(all.end(), invalid.begin(), invalid.end());
  for (const fs::path& dir : EveryNth(all, all.size() / 30 + 1)) {
    if (fs::exists(dir / "case.json")) metadata.Add(ReadAll(dir / "case.json"));
  }
  std::printf("seeds: tensor %zu, model %zu, reference %zu, diff %zu, case_metadata %zu\n",
              tensors.size(), models.size(), references.size(), diffs.size(), metadata.size());
  return 0;
}
