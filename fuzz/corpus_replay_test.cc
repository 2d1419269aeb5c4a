// Replays every fuzz target over its seed corpus (fuzz/corpus/<target>/)
// and over every input that once crashed it (fuzz/regressions/<target>/),
// in every build: a crash found by fuzzing stays fixed without the fuzz
// build. A target aborts on a finding, which fails this test.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_targets.h"
#include "gtest/gtest.h"

namespace onnx_conform::fuzz {
namespace {

namespace fs = std::filesystem;

const fs::path kFuzzDir = ONNX_CONFORM_FUZZ_DIR;

std::vector<fs::path> FilesUnder(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string ReadAll(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

class CorpusReplayTest : public ::testing::TestWithParam<FuzzTarget> {};

TEST_P(CorpusReplayTest, SeedsAndRegressionsRunCleanly) {
  const FuzzTarget& target = GetParam();
  const std::vector<fs::path> seeds = FilesUnder(kFuzzDir / "corpus" / std::string(target.name));
  EXPECT_FALSE(seeds.empty()) << "no seed corpus for " << target.name;
  std::vector<fs::path> files = seeds;
  for (const fs::path& f : FilesUnder(kFuzzDir / "regressions" / std::string(target.name))) {
    files.push_back(f);
  }
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    const std::string bytes = ReadAll(file);
    EXPECT_EQ(target.run(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()), 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Targets, CorpusReplayTest, ::testing::ValuesIn(kFuzzTargets),
                         [](const ::testing::TestParamInfo<FuzzTarget>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
}  // namespace onnx_conform::fuzz
